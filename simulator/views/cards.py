"""The card editor's pages: paste a card's text, see how the rules read it, check the card
and add it to a board; and named sets of custom cards (simulator.editor holds the logic)."""

from __future__ import annotations

import re
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from engine import DataError, EngineError, IllegalAction
from engine.classify import answer as classify_answer
from engine.classify import classify
from engine.games import default, games, known
from engine.limits import LimitError, check_text
from engine.words import worded

from .. import access, editor, limits, store
from ..game_context import has, web
from ..language import refusal_reason, translator
from ..library import library_context
from ..models import Board, CardSet
from ..reference import vocabulary_sections
from ..rendering import render_views, tile_view
from ..updates import broadcast
from .common import _board_or_404, _error, _owned, _page, not_editor


def _game(request: HttpRequest, board: Board | None) -> str:
    """The board's game, or the one asked for (the first registered game when none or an
    unknown one)."""
    if board is not None:
        return board.game
    game = request.GET.get("game") or request.POST.get("game")
    return game if known(game) else default()


def _board(request: HttpRequest) -> Board | None:
    """The board the card is for (``board=<slug>``), if it exists."""
    slug = (request.GET.get("board") or request.POST.get("board") or "")[:32]
    return Board.objects.filter(slug=slug).first() if slug else None


def _may_edit(request: HttpRequest, board: Board | None) -> bool:
    """Whether this browser holds the board's edit rights."""
    return board is not None and access.role(request.session, board) == "edit"


def _reading(game: str, text: str) -> dict[str, Any]:
    """The reading's context: each effect as the page shows it, or why the text is refused."""
    if not text.strip():
        return {"effects": [], "error": ""}
    try:
        readings, mappings = editor.read(game, text)
    except IllegalAction as exc:
        return {"effects": [], "error": refusal_reason(exc)}
    return {"effects": editor.reading_view(text, readings, mappings), "error": ""}


def _slots(game: str, effects: int, checked: editor.Checked) -> list[tuple[str, list[str]]]:
    """Every error slot of the form, with its messages (none for a field that is fine)."""
    return [(k, checked.errors.get(k, [])) for k in editor.slots(game, effects)]


def _preview(card: dict[str, Any], checked: editor.Checked) -> dict[str, Any] | None:
    """The tile as the board draws it, from the part of the card that passed the checks."""
    if checked.card is None:
        return None
    try:
        duel, iid = editor.preview_duel(checked.card)
    except (EngineError, IllegalAction):
        return None
    return tile_view(duel, iid)


def _context(request: HttpRequest, game: str, board: Board | None, text: str,
             card: dict[str, Any], checked: editor.Checked) -> dict[str, Any]:
    """The editor page's context: the reading, the form's fields with their errors, the tile."""
    values = editor.form_values(card)
    return {"game": game, "board": board, "may_edit": _may_edit(request, board),
            "text": text, "reading": _reading(game, text), "values": values,
            "fields": editor.form_fields(game, values, checked.renumbered()),
            "errors": checked.renumbered(), "preview": _preview(card, checked), "games": games(),
            "has": has(game), "text_label": _(web(game).TEXT_LABEL)}


@require_http_methods(["GET", "HEAD", "POST"])
def card_editor(request: HttpRequest) -> HttpResponse:
    """The editor. GET: a text (``text=``) read and the form prefilled from it. POST:
    ``do=read`` fills the form again from the text (the reading accepted); ``do=save`` adds
    the card to the board; ``do=new_board`` makes a board holding it (these two count as
    creations against the rate limits); anything else checks."""
    if request.POST.get("do") in ("save", "new_board") and not limits.allowed(request,
                                                                              "create"):
        return limits.too_many(request, limits.default_reason("create"))
    board = _board(request)
    game = _game(request, board)
    if request.method in ("GET", "HEAD"):
        text = request.GET.get("text", "")[:editor.MAX_STRING + 1]
        return _prefilled(request, game, board, text)
    text = request.POST.get("text", "")
    do = request.POST.get("do", "")
    if do == "read":
        return _prefilled(request, game, board, text, request.POST.get("name_en", ""),
                          request.POST.get("name_ja", ""))
    card, checked = editor.card_from_form(game, request.POST)
    if do == "add_effect" and len(card["effects"]) < editor.MAX_EFFECTS:
        card["effects"].append({"kind": "trigger", "optional": False})
        checked.numbers.append(editor.effect_count(request.POST))
    editor.check(card, checked)
    if checked.ok and do == "save":
        if not _may_edit(request, board):
            checked.add("card", _("Only the board's editors can add cards to it: open it "
                                  "with its edit link."))
        else:
            return _save(request, board, card, checked, text)
    elif checked.ok and do == "new_board":
        try:
            new = store.create_board(game=game, cards=[{**card, "id": editor.fresh_id(
                card, set())}], title=card["name"]["en"][:120])
        except (IllegalAction, EngineError) as exc:  # refused whole: no board is made
            checked.add("card", _why(exc))
        else:
            return _owned(request, new)
    status = 400 if do in ("save", "new_board") else 200
    return render(request, "simulator/card_editor.html",
                  _context(request, game, board, text, card, checked), status=status)


def _prefilled(request: HttpRequest, game: str, board: Board | None, text: str,
               name_en: str = "", name_ja: str = "") -> HttpResponse:
    """The editor with its form filled from the text's reading."""
    mappings: list = []
    if text.strip():
        try:
            _readings, mappings = editor.read(game, text)
        except IllegalAction:
            mappings = []  # the reading says why, beside the text
    card = editor.initial_card(game, text[:editor.MAX_STRING], mappings, name_en[:200],
                               name_ja[:200])
    form, checked = editor.card_from_form(game, _as_post(card))
    editor.check(form, checked)
    tr = translator()
    for k, m in enumerate(m for m in mappings if m.effect is not None):
        for fld, problem in m.problems.items():
            checked.add(f"e{k}-{fld if fld in editor.EFFECT_FIELDS else 'kind'}",
                        worded(problem, tr))
    for m in mappings:
        if m.effect is None and m.problems:
            checked.add("text", f"{m.reading.text.strip()[:80]}: "
                                f"{worded(next(iter(m.problems.values())), tr)}")
    return render(request, "simulator/card_editor.html",
                  _context(request, game, board, text, form, checked))


def _as_post(card: dict[str, Any]) -> dict[str, Any]:
    """A card mapping as the form would post it."""
    values = editor.form_values(card)
    post = {k: v for k, v in values.items() if k != "effects" and v is not False}
    post["effects"] = str(len(values["effects"]))
    for k, effect in enumerate(values["effects"]):
        post[f"e{k}-include"] = "on"
        for key, value in effect.items():
            if value is not False and value != "":
                post[f"e{k}-{key}"] = value
    return post


def _save(request: HttpRequest, board: Board, card: dict[str, Any], checked: editor.Checked,
          text: str) -> HttpResponse:
    """Add the checked card to the board, then every viewer gets the new version."""
    try:
        try:
            editor.add_cards(board, board.version, [card])
        except store.StaleBoard:  # adding a card does not depend on the board's moves
            board.refresh_from_db()
            editor.add_cards(board, board.version, [card])
    except (IllegalAction, EngineError, store.StaleBoard) as exc:
        board.refresh_from_db()
        checked.add("card", _why(exc))
        return render(request, "simulator/card_editor.html",
                      _context(request, board.game, board, text, card, checked),
                      status=409 if isinstance(exc, store.StaleBoard) else 400)
    broadcast(board, render_views(board, store.duel_of(board)))
    return redirect("board", slug=board.slug)


def _why(exc: Exception) -> str:
    """Why a card could not be added, in the reader's language where the engine words it (a
    card that takes the name of one the board has, say)."""
    if isinstance(exc, DataError):
        return exc.worded(translator())
    if isinstance(exc, IllegalAction):
        return refusal_reason(exc)
    return getattr(exc, "reason", str(exc))


@require_safe
def card_reading(request: HttpRequest) -> HttpResponse:
    """The reading of the text as typed (the editor asks for it while one types)."""
    game = _game(request, None)
    text = request.GET.get("text", "")[:editor.MAX_STRING + 1]
    return render(request, "simulator/partials/card_reading.html",
                  {"reading": _reading(game, text), "game": game})


@require_POST
def card_preview(request: HttpRequest) -> HttpResponse:
    """The tile and every field's errors for the form as it stands (checked as one types)."""
    game = _game(request, None)
    card, checked = editor.card_from_form(game, request.POST)
    editor.check(card, checked)
    html = render_to_string("simulator/partials/card_preview.html", {
        "preview": _preview(card, checked),
        "slots": _slots(game, editor.effect_count(request.POST), checked),
        "errors": checked.errors, "oob": True}, request=request)
    return HttpResponse(html)


# ---------------------------------------------------------------------- card sets
SET_LINK = re.compile(r"(?:/sets/)?([A-Za-z0-9_-]{6,32})(?:/edit/([A-Za-z0-9_-]{20,64}))?/?$")


@require_POST
@limits.limit("create")
def card_set_save(request: HttpRequest, slug: str) -> HttpResponse:
    """Keep the board's custom cards as a named set; its page gives the set's edit link."""
    board = get_object_or_404(Board, slug=slug)
    if access.role(request.session, board) != "edit":
        return not_editor(request)
    cards = board.data.get("cards") or []
    if not cards:
        return _error(request, _("No custom card"), _("This board has no card of its own to "
                                                      "keep: make one with “New card”."), 400)
    try:
        title = " ".join(check_text(request.POST.get("title", ""), _("The title")).split())
    except LimitError as exc:
        return _error(request, _("This set cannot be kept"), refusal_reason(exc), 400)
    if not title or len(title) > 200:
        return _error(request, _("This set cannot be kept"),
                      _("A set needs a name of 1 to 200 characters."), 400)
    card_set = CardSet.objects.create(title=title, game=board.game, cards=cards)
    sets = dict(request.session.get("card_sets", {}))
    sets[card_set.slug] = card_set.edit_key
    request.session["card_sets"] = sets
    return redirect("card_set_edit", slug=card_set.slug, key=card_set.edit_key)


@require_POST
@limits.limit("create")
def card_set_load(request: HttpRequest, slug: str) -> HttpResponse:
    """Load a set's cards (given by its link, its edit link or its key) into the board."""
    board = get_object_or_404(Board, slug=slug)
    if access.role(request.session, board) != "edit":
        return not_editor(request)
    card_set = _find_set(request.POST.get("set", ""))
    if card_set is None:
        return _error(request, _("No such card set"), _("Paste the link of a card set (it "
                                                        "starts with /sets/)."), 404)
    if card_set.game != board.game:
        return _error(request, _("Another game's cards"), _("This set holds cards of the "
                                                            "other game."), 400)
    try:
        editor.add_cards(board, board.version, list(card_set.cards))
    except store.StaleBoard:  # another change was saved first: the board as it is now
        board = _board_or_404(board.slug)
        return _page(request, board, store.duel_of(board), readonly=False, status=409,
                     message=_("Someone else changed this board while the set was being "
                               "loaded: the set was not loaded. The board is shown as it is "
                               "now; load the set again."))
    except (IllegalAction, EngineError) as exc:
        return _error(request, _("This set cannot be loaded"),
                      _why(exc), 400)
    broadcast(board, render_views(board, store.duel_of(board)))
    return redirect("board", slug=board.slug)


def _find_set(text: str) -> CardSet | None:
    """The set a pasted link, edit link or key names, if any."""
    m = SET_LINK.search(text.strip()[:300])
    if not m:
        return None
    found = CardSet.objects.filter(slug=m.group(1)).first()
    if found is None:  # a key alone
        found = CardSet.objects.filter(edit_key=m.group(1)).first()
    return found


@require_safe
def card_set(request: HttpRequest, slug: str) -> HttpResponse:
    """A card set's page: its cards, each with its kind and text."""
    card_set = get_object_or_404(CardSet, slug=slug)
    editable = request.session.get("card_sets", {}).get(slug) == card_set.edit_key
    return _set_page(request, card_set, editable)


@require_http_methods(["GET", "HEAD", "POST"])
def card_set_edit(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The set's edit link: rename the set, leave a card out, or delete the set."""
    card_set = get_object_or_404(CardSet, slug=slug)
    if not card_set.edit_key or key != card_set.edit_key:
        raise Http404
    sets = dict(request.session.get("card_sets", {}))
    sets[slug] = key
    request.session["card_sets"] = sets
    if request.method == "POST":
        if request.POST.get("do") == "delete":
            card_set.delete()
            return redirect("home")
        try:
            title = check_text(request.POST.get("title", card_set.title), _("The title"))
        except LimitError as exc:  # nothing is changed
            return _error(request, _("This set cannot be changed"), refusal_reason(exc), 400)
        title = " ".join(title.split())[:200]
        drop = request.POST.get("drop", "")
        card_set.title = title or card_set.title
        card_set.cards = [c for c in card_set.cards if c.get("id") != drop]
        card_set.save()
        return redirect("card_set_edit", slug=slug, key=key)
    return _set_page(request, card_set, True)


def _set_page(request: HttpRequest, card_set: CardSet, editable: bool) -> HttpResponse:
    """A set's page; with its edit link and forms when ``editable``."""
    from ..library import custom_entries

    return render(request, "simulator/card_set.html", {
        "set": card_set, "editable": editable, "cards": custom_entries(card_set.cards,
                                                                        card_set.game),
        "link": request.build_absolute_uri(f"/sets/{card_set.slug}/"),
        "edit_link": request.build_absolute_uri(
            f"/sets/{card_set.slug}/edit/{card_set.edit_key}/") if editable else ""})


# ---------------------------------------------------------------------- library and rules
@require_safe
def card_search(request: HttpRequest) -> HttpResponse:
    """The library panel's cards whose names or texts (English or Japanese) hold every word
    searched, each with its kind, its text and the zones where it may go; the ``board``'s own
    cards first."""
    q = request.GET.get("q", "").strip()[:80]
    game = request.GET.get("game")
    board = Board.objects.filter(slug=request.GET.get("board", "")[:32]).first()
    if board is not None and access.role(request.session, board) != "edit":
        board = None  # a board's own cards are listed to its editors, like its library panel
    return render(request, "simulator/partials/library.html", library_context(
        game if known(game) else None, q, cards=board.data.get("cards") if board else None))


@require_safe
def classify_card(request: HttpRequest) -> JsonResponse:
    """A card's text read as the rules read it: its effects, each classified, with the words
    that decided it and the rule ids behind it (engine/classify), and ``compiled``: the
    operations a card file would hold for it (each with its ``op``), or ``compiled: null``
    and ``not_compiled``: why, in words. A text it cannot take (none,
    too long, too many effects, an unknown game) gets a 400 with the reason."""
    try:
        readings = classify(request.GET.get("game", ""), request.GET.get("text", ""))
    except IllegalAction as exc:
        return JsonResponse({"error": refusal_reason(exc)}, status=400)
    game = request.GET.get("game", "")
    return JsonResponse({"effects": [classify_answer(game, r) for r in readings]},
                        json_dumps_params={"ensure_ascii": False})


@require_safe
def card_vocabulary(request: HttpRequest) -> HttpResponse:
    """The card files' vocabulary, every mapping and its keys (what each takes and does),
    in the reader's language: the tables docs/cards.md holds, drawn from the same source
    (engine/vocabulary.py)."""
    return render(request, "simulator/vocabulary.html", {"sections": vocabulary_sections()})

