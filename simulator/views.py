"""HTTP views: thin. They turn requests into engine actions and engine state into partials."""

from __future__ import annotations

import re
from typing import Any

import yaml
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_POST, require_safe

from engine import (
    RULES,
    DataError,
    Duel,
    EngineError,
    IllegalAction,
    Recheck,
    load_scenario,
    replay_under,
)
from engine.classify import answer as classify_answer
from engine.classify import classify
from engine.games import default, known
from engine.limits import (
    MAX_ACTION_DEPTH,
    MAX_ACTION_ITEMS,
    MAX_ACTION_TEXT,
    MAX_FILE_BYTES,
    LimitError,
    check_action,
    check_bytes,
    check_room,
    check_text,
    load_json,
    parse_digits,
    parse_int,
)
from engine.links import LinkError, encode, reopen_link
from engine.words import PHASE_NAMES

from . import access, boards, classroom, gallery, limits, playback, script, store, uploads
from .gallery import scenario_index
from .game_context import all_presets, has, web
from .language import board_title, refusal_reason, translator, watched_languages
from .library import library_context, move_choices
from .models import Board, Lesson
from .pictures import chain_svg, qr_svg
from .rendering import (
    card_menu_context,
    partial_map,
    render_partials,
    render_views,
    replay_view,
    ruling_context,
    snapshot_path,
)
from .rules_notice import notice_view
from .updates import ThenResponse, broadcast, update_messages
from .views_teach import board_og, scenario_og

RECENT_KEY = "recent_boards"
RECENT_MAX = 20
MAX_UPLOAD = MAX_FILE_BYTES  # bytes of an uploaded file (256,000)
MAX_FIELD = 200  # characters of one plain form field of an action (a card, a zone...)
MAX_CHOICES = 100  # ticked choices in one answer
#: what Python itself raises on malformed input deep in a change: refused, never a 500
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
             RecursionError)


def _remember(request: HttpRequest, board: Board) -> None:
    """Add the board to this browser's recent boards. A watcher with no session yet gets
    none: opening a view link stores nothing (only a grant or a creation starts one)."""
    if not request.session.keys():
        return
    recent = [s for s in request.session.get(RECENT_KEY, []) if s != board.slug]
    request.session[RECENT_KEY] = [board.slug, *recent][:RECENT_MAX]


def _owned(request: HttpRequest, board: Board) -> HttpResponse:
    """The creator of a board gets its edit rights, and goes to it."""
    access.grant(request.session, board, "edit")
    _remember(request, board)
    return redirect("board", slug=board.slug)


# ---------------------------------------------------------------------- home and gallery
@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The gallery of built-in scenarios first (filtered by game and rule, searched by card
    name, rule id and words of the question); then starting, uploading and lessons."""
    q = request.GET.get("q", "").strip()[:gallery.MAX_QUERY]
    only = request.GET.get("game", "")
    only = only if known(only) else ""
    rules = gallery.rule_choices()
    rule_id = request.GET.get("rule", "")
    rule_id = rule_id if any(r["id"] == rule_id for r in rules) else ""
    found = gallery.search(q, only, rule_id)
    total = len(scenario_index())
    if q or only or rule_id:
        count_text = ngettext("%(n)s of %(total)s scenarios matches.",
                              "%(n)s of %(total)s scenarios match.", len(found))
    else:
        count_text = ngettext("%(n)s scenario.", "%(n)s scenarios.", total)
    context = {"q": q, "only": only, "rule": RULES.get(rule_id), "rule_id": rule_id,
               "rule_choices": rules, "groups": gallery.by_game(found),
               "count_text": count_text % {"n": len(found), "total": total}}
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "simulator/home_gallery.html", context | {"oob": True})
    else:
        slugs = request.session.get(RECENT_KEY, [])
        saved = {b.slug: b for b in Board.objects.filter(slug__in=slugs)}
        lesson_slugs = list(request.session.get("lessons", {}))
        context |= {"recent": [saved[s] for s in slugs if s in saved],
                    "lessons": Lesson.objects.filter(slug__in=lesson_slugs),
                    "scenarios": gallery.by_game(scenario_index())}
        response = render(request, "simulator/home.html", context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_safe
def scenario_preview(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A built-in scenario at its set-up, read-only, with its question and source, and the
    button that makes a playable board of it. Nothing is saved: the board is not a row."""
    entry = gallery.find(game, slug)
    if entry is None:
        return _error(request, _("No such scenario"),
                      _("There is no built-in scenario at this address; the home page lists "
                        "them all."), 404)
    scn = load_scenario(entry["path"])
    duel = scn.new_duel()
    board = Board(slug="preview", game=scn.game, title=scn.title, scenario=scn.slug,
                  data={"game": scn.game, "settings": dict(duel.settings), "setup": scn.setup,
                        "actions": [], "cards": scn.raw_cards})
    link = encode(duel, title=scn.title, cards=scn.raw_cards or None)
    return render(request, "simulator/scenario.html", {
        "entry": entry, "scenario": scn, "board": board, "game_name": _(has(scn.game).title),
        "rules": [RULES.get(r) or {"id": r, "title": ""} for r in scn.rules],
        "steps": len(scn.steps), "preset": duel.settings.get("preset", ""),
        "og": scenario_og(request, game, scn),
        "partials": mark_safe(render_partials(  # noqa: S308 - our own templates
            board, duel, oob=False, request=request, view="open", readonly=True, at=0,
            link=link, history=duel)),
    })


@require_POST
@limits.limit("create")
def new_board(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", default())
    if not known(game):
        return _error(request, _("Unknown game"), _("Choose Yu-Gi-Oh! or Duel Masters."), 400)
    data = web(game)
    settings = {"preset": request.POST.get("preset", data.PRESETS[0])} if data.PRESETS else {}
    if data.FIRST_TURN and request.POST.get("first_turn"):
        settings["first_turn"] = True  # YGO-FIRST-TURN: no Battle Phase in this turn
    try:
        board = store.create_board(game=game, settings=settings, setup={"turn_player": "p1"},
                                    title=boards.default_title(game, settings))
    except EngineError as exc:
        return _error(request, _("This board cannot be created"), str(exc), 400)
    return _owned(request, board)


@require_POST
@limits.limit("create")
def open_scenario(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    entry = gallery.find(game, slug)
    if entry is None:
        raise Http404
    return _owned(request, script.board_from_scenario(load_scenario(entry["path"])))


# ---------------------------------------------------------------------- the board
def _board_or_404(slug: str) -> Board:
    try:
        return store.load(slug)
    except Board.DoesNotExist:
        raise Http404 from None


def _page(request: HttpRequest, board: Board, duel: Duel, *, readonly: bool,
          at: int | None = None, link: str = "", history: Duel | None = None,
          frame: int | None = None, again: Recheck | None = None, message: str = "",
          status: int = 200) -> HttpResponse:
    """The board page; ``duel`` is what is shown, ``history`` the whole timeline; ``frame``:
    the board at that frame of step ``at`` (``duel`` is then ignored); ``again``: a snapshot
    link's history replayed under today's rules (a board's comes from the board);
    ``message``: in the page's message area (a change refused, answered with ``status``)."""
    actual = access.role(request.session, board)
    role = "view" if readonly else actual
    view = access.view_of(actual, board)
    library = library_context(board.game, cards=board.data.get("cards"))
    history = history or duel
    k = len(history.actions) if at is None else at
    frames, caption, played = {}, None, []
    if k:  # the frames of the step shown are listed under it in the timeline
        if frame is not None:
            duel, caption, items = playback.frame_page(board, history, k, frame, view, link)
        else:  # and they play here, from the first button or key pressed
            played = history.frames(k, states=True)
            items = playback.frame_items(board, history, k, played, view, link=link)
        frames = {k: items}
    parts = _with_playback(partial_map(
        board, duel, oob=False, request=request, view=view, readonly=readonly, at=at,
        link=link, history=history, frames=frames, caption=caption, message=message),
        board, duel, view, played, request, readonly)
    return render(request, "simulator/board.html", {
        "board": board, "role": role, "readonly": readonly, "at": at, "link": link,
        "frame": caption,
        "parts": {name: mark_safe(html) for name, html in parts.items()},  # noqa: S308
        "ws_path": "" if readonly else f"/ws/b/{board.slug}/", **library,
        "phase_choices": [(p, translator()(PHASE_NAMES.get(p, p))) for p in duel.policy.PHASES],
        "share": _share(request, board) if role == "edit" else None,
        "has": has(board.game), "presets": web(board.game).PRESETS,
        "always_ask": bool(history.state.settings.get("always_ask")),
        "scripted": script.scripted(board),
        "replay": replay_view(board.data.get("replay")) if view == "open" and not readonly
        else None,
        "rules_notice": notice_view(again if link else store.rules_recheck(board), view),
        "history_notice": _history_notice(history),
        "og": board_og(request, board, duel, link=link, at=at),
    }, status=status)


def _with_playback(parts: dict[str, str], board: Board, duel: Duel, view: str,
                   played: list, request: HttpRequest, readonly: bool) -> dict[str, str]:
    """The page's partials with the playback of the step shown (``played``: its frames), so
    that its frames play on any page showing that step: the board, a view or seat link, a
    step of the timeline, a snapshot link, an embed. Nothing plays before it is asked to."""
    if not played:
        return parts
    html = playback.playback_html(board, duel, view, played, request=request, oob=False,
                                  readonly=readonly)
    out: dict[str, str] = {}
    for name, part in parts.items():
        if name != "playback":
            out[name] = part
        if name == "status":
            out["playback"] = html
    if "playback" not in out:
        out["playback"] = html
    return out


def _history_notice(duel: Duel) -> str:
    """Why a board saved with a longer history than it may hold opens cut, and takes no more
    changes (engine.limits.within_room), in the reader's language; "" for any other board."""
    if duel.history_cut is None:
        return ""
    try:
        check_room(duel.setup, len(duel.actions), duel.history_cut)
    except LimitError as exc:
        return refusal_reason(exc, duel)
    return ""


def _share(request: HttpRequest, board: Board) -> dict[str, str]:
    def absolute(path: str) -> str:
        return request.build_absolute_uri(path)

    duel = store.duel_of(board)
    embed_url = absolute(reverse("embed", args=[board.slug]))
    return {
        "embed": embed_url,
        "follow": absolute(reverse("follow", args=[board.slug])),
        "iframe": f'<iframe src="{embed_url}" width="800" height="600" '
                  f'title="{escape(board.display_title)}" loading="lazy"></iframe>',
        "qr": mark_safe(qr_svg(absolute(reverse("board", args=[board.slug])))),  # noqa: S308
        "view": absolute(reverse("board", args=[board.slug])),
        "edit": absolute(reverse("edit_link", args=[board.slug, board.edit_key])),
        "p1": absolute(reverse("seat_link", args=[board.slug, board.p1_key])),
        "p2": absolute(reverse("seat_link", args=[board.slug, board.p2_key])),
        "snapshot": absolute(snapshot_path(board, duel)),
    }


@require_safe
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    board = _board_or_404(slug)
    _remember(request, board)
    if board.presenting and access.role(request.session, board) == "view":
        return redirect("follow", slug=board.slug)  # while presented, watchers follow
    return _page(request, board, store.duel_of(board), readonly=False)


def _step_of(board: Board, k: int) -> tuple[Duel, Duel]:
    """The board's whole duel, and the duel as it was after step ``k`` (404 if none)."""
    full = store.duel_of(board)
    if not 0 <= k <= len(full.actions):
        raise Http404
    return full, (full if k == len(full.actions) else full.at(k))


@require_safe
def board_at(request: HttpRequest, slug: str, k: int) -> HttpResponse:
    """The board as it was after step ``k``, read-only (scrubbing is local to this browser)."""
    board = _board_or_404(slug)
    full, duel = _step_of(board, k)
    return _page(request, board, duel, readonly=True, at=k, history=full)


@require_safe
def board_frame(request: HttpRequest, slug: str, k: int, n: int) -> HttpResponse:
    """The board at frame ``n`` of step ``k``: one moment of an action, read-only."""
    board = _board_or_404(slug)
    full = store.duel_of(board)
    if not 1 <= k <= len(full.actions):
        raise Http404
    try:
        return _page(request, board, full, readonly=True, at=k, history=full, frame=n)
    except IllegalAction:
        raise Http404 from None


@require_safe
def board_frames(request: HttpRequest, slug: str, k: int) -> HttpResponse:
    """The timeline's list of the frames of step ``k`` (loaded when a step is opened)."""
    board = _board_or_404(slug)
    full = store.duel_of(board)
    if not 1 <= k <= len(full.actions):
        raise Http404
    view = access.view_of(access.role(request.session, board), board)
    return render(request, "simulator/partials/frame_items.html", {
        "frames": playback.frame_items(board, full, k, full.frames(k), view)})


@require_safe
def edit_link(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    board = _board_or_404(slug)
    if key != board.edit_key:
        return _error(request, _("This edit link is no longer valid"),
                      _("Its key was changed by the board's owner. You can still watch the "
                        "board."), 403)
    access.grant(request.session, board, "edit")
    _remember(request, board)
    return redirect("board", slug=board.slug)


@require_safe
def seat_link(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    board = _board_or_404(slug)
    seat = next((s for s in ("p1", "p2") if key == getattr(board, f"{s}_key")), None)
    if seat is None or not board.seats:
        return _error(request, _("This seat link is not valid"),
                      _("The board has no seat with this key."), 403)
    access.grant(request.session, board, seat)
    _remember(request, board)
    return redirect("board", slug=board.slug)


# ---------------------------------------------------------------------- acting
def _action_from_post(request: HttpRequest) -> dict[str, Any]:
    """An engine action from a form: a JSON ``action`` field, or plain fields."""
    post = request.POST
    if "action" in post:
        text = post["action"]
        if len(text) > MAX_ACTION_TEXT:
            raise LimitError(_("This action is longer than %(n)s characters.")
                             % {"n": MAX_ACTION_TEXT}, "MAX_ACTION_TEXT")
        try:
            action = load_json(text, "the action", max_depth=MAX_ACTION_DEPTH,
                               max_items=MAX_ACTION_ITEMS, max_string=MAX_FIELD)
        except LimitError as exc:
            raise IllegalAction(_("This action could not be read: %(why)s.")
                                % {"why": refusal_reason(exc)}) from None
        if not isinstance(action, dict):
            raise IllegalAction(_("This action could not be read."))
        return check_action(action)
    action: dict[str, Any] = {"do": check_text(post.get("do", ""), "do", MAX_FIELD)}
    for key in ("card", "zone", "player", "phase", "target", "effect", "cause"):
        if post.get(key):
            action[key] = check_text(post[key], key, MAX_FIELD)
    for key in ("amount", "lp"):
        if post.get(key):
            try:
                action[key] = parse_int(post[key].strip(), key)
            except LimitError:
                raise IllegalAction(_("%(field)s must be a whole number written with the "
                                      "digits 0-9.") % {"field": key}) from None
    if action["do"] == "answer":
        choices = post.getlist("choice")
        if len(choices) > MAX_CHOICES:
            raise LimitError(_("An answer ticks at most %(n)s choices.") % {"n": MAX_CHOICES},
                             "MAX_CHOICES")
        choices = [check_text(c, "choice", MAX_FIELD) for c in choices]
        action["choice"] = choices if len(choices) != 1 else choices[0]
    return action


def _version(request: HttpRequest) -> int:
    try:
        return parse_int(request.POST.get("version", "-1"), "version", -1)
    except LimitError:
        return -1


def _respond(request: HttpRequest, board: Board, message: str = "", status: int = 200,
             decision_error: str = ""):
    duel = store.duel_of(board)
    view = access.view_of(access.role(request.session, board), board)
    html = render_partials(board, duel, oob=True, message=message, request=request, view=view,
                           decision_error=decision_error)
    return HttpResponse(html, status=status)


def _change(request: HttpRequest, slug: str, change, *, needs: str = "edit",
            answer: bool = False) -> HttpResponse:
    """Apply a change and send every viewer the new partials. A refused action is explained
    in the page's message area; a refused ``answer`` beside the decision it answers."""
    version = _version(request)
    board = store.held(slug, version)  # this process saved that version last: no read
    if board is not None:
        role = access.role(request.session, board)
        since = len(board.data.get("actions", []))
        try:
            if needs == "edit" and role != "edit":
                raise PermissionError
            change(board, version, role)
        except (PermissionError, store.StaleBoard, store.Notice, EngineError, *MALFORMED):
            board = None  # refused, or the row changed since: decided on the row as it is
    if board is None:
        board = _board_or_404(slug)
        role = access.role(request.session, board)
        if needs == "edit" and role != "edit":
            return _respond(request, board, _("This link lets you watch the board, not "
                                              "change it."), status=403)
        since = len(board.data.get("actions", []))
        refused = _change_refused(request, board, change, version, role, answer)
        if refused is not None:
            return refused
    return _changed(request, board, since, role)


def _change_refused(request: HttpRequest, board: Board, change, version: int, role: str,
                    answer: bool) -> HttpResponse | None:
    """Apply ``change`` to ``board`` as read: None when done, else the refusal's answer."""
    try:
        change(board, version, role)
    except PermissionError as exc:
        board.refresh_from_db()
        return _respond(request, board, str(exc), status=403)
    except store.StaleBoard as exc:
        board.refresh_from_db()
        return _respond(request, board, str(exc), status=409)
    except store.Notice as exc:  # nothing to do: the board is as it was
        board.refresh_from_db()
        return _respond(request, board, str(exc))
    except IllegalAction as exc:
        board.refresh_from_db()
        reason = refusal_reason(exc)
        if answer and store.duel_of(board).state.decision is not None:
            return _respond(request, board, decision_error=reason, status=422)
        return _respond(request, board, reason, status=422)
    except EngineError as exc:
        board.refresh_from_db()
        return _respond(request, board, str(exc), status=422)
    except MALFORMED:  # nothing was saved: the save is the change's last step
        board.refresh_from_db()
        return _respond(request, board, _("This request could not be read: a field is "
                                          "missing or has the wrong form."), status=422)
    return None


def _changed(request: HttpRequest, board: Board, since: int, role: str) -> HttpResponse:
    """The answer to a change done, with every other viewer's update ready to go."""
    views = render_views(board, store.duel_of(board), since=since)
    language = translation.get_language()
    others = [lang for lang in watched_languages(board.slug) if lang != language]
    presented = board.presenting and board.presenter_at is None  # followers of the live board

    def later() -> None:  # after the answer and the ready update, maybe in another thread
        with translation.override(language):
            if others:
                broadcast(board, views, since, languages=others)
            if presented:
                classroom.broadcast_presentation(board, since)

    ready = update_messages(board, views, language)  # the acting browser gets its kind's bytes
    then = later if others or presented else None
    notice = getattr(board, "script_notice", "")
    if notice:  # a step refused as the scenario expects: nothing moved, the page says why
        return ThenResponse(_respond(request, board, notice).content, messages=ready, then=then)
    return ThenResponse(views[access.view_of(role, board)], messages=ready, then=then)


@require_POST
@limits.limit("act")
def board_act(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        action, unreadable = _action_from_post(request), None
    except IllegalAction as exc:  # refused inside the change, with the board as it is
        action, unreadable = {}, exc

    def change(board: Board, version: int, role: str) -> None:
        if unreadable is not None:
            raise unreadable
        decision = store.duel_of(board).state.decision
        if not access.may_act(role, board, action, decision):
            raise PermissionError(_("Your seat can only answer your own player's decisions."))
        boards.act(board, version, action)

    return _change(request, slug, change, needs="any",
                   answer=action.get("do") in ("answer", "pass"))


@require_POST
@limits.limit("act")
def board_step(request: HttpRequest, slug: str) -> HttpResponse:
    return _change(request, slug, lambda b, v, r: script.next_step(b, v))


@require_POST
@limits.limit("act")
def board_script(request: HttpRequest, slug: str) -> HttpResponse:
    """"Back to the script": the board returns to where it left its scenario's steps."""
    return _change(request, slug, lambda b, v, r: script.back_to_script(b, v))


@require_POST
@limits.limit("act")
def board_undo(request: HttpRequest, slug: str) -> HttpResponse:
    return _change(request, slug, lambda b, v, r: boards.undo(b, v))


@require_POST
@limits.limit("act")
def board_auto(request: HttpRequest, slug: str) -> HttpResponse:
    on = request.POST.get("auto") == "on"
    return _change(request, slug, lambda b, v, r: boards.set_auto(b, v, on))


@require_POST
@limits.limit("act")
def board_rename(request: HttpRequest, slug: str) -> HttpResponse:
    """An editor gives the board a new title (trimmed, at most 120 characters, not empty)."""
    title = request.POST.get("title", "")
    return _change(request, slug, lambda b, v, r: boards.rename(b, title))


@require_POST
@limits.limit("act")
def board_seats(request: HttpRequest, slug: str) -> HttpResponse:
    on = request.POST.get("seats") == "on"
    ask = request.POST.get("always_ask", "on") == "on"
    return _change(request, slug, lambda b, v, r: boards.set_seats(b, v, on, ask))


@require_POST
def board_rotate(request: HttpRequest, slug: str) -> HttpResponse:
    board = _board_or_404(slug)
    if access.role(request.session, board) != "edit":
        return not_editor(request)
    store.rotate_keys(board)
    access.grant(request.session, board, "edit")
    return redirect("board", slug=board.slug)


@require_POST
def board_delete(request: HttpRequest, slug: str) -> HttpResponse:
    board = _board_or_404(slug)
    if access.role(request.session, board) != "edit":
        return not_editor(request)
    store.delete_board(board)
    return redirect("home")


@require_POST
@limits.limit("create")
def board_fork(request: HttpRequest, slug: str) -> HttpResponse:
    """"Continue from here": a new board of this one's first ``k`` steps, yours to edit."""
    board = _board_or_404(slug)
    duel = store.duel_of(board)
    try:
        k = parse_int(request.POST.get("at", str(len(duel.actions))), "at")
    except LimitError:
        k = -1
    if not 0 <= k <= len(duel.actions):
        return _error(request, _("No such step"), _("This board has no such step."), 400)
    hidden = _hidden_view(request, board)
    if hidden:  # a copy of what this viewer sees at step k, nothing more (boards.seen_copy)
        seen = boards.seen_copy(board, duel if k == len(duel.actions) else duel.at(k), hidden)
        fork = store.create_board(game=board.game, settings=board.data.get("settings"),
                                   setup=seen["setup"], cards=seen["cards"], title=board.title)
        return _owned(request, fork)
    fork = store.create_board(game=board.game, settings=board.data.get("settings"),
                               setup=board.data.get("setup"), cards=board.data.get("cards"),
                               title=board.title, actions=duel.actions[:k])
    return _owned(request, fork)


def _hidden_view(request: HttpRequest, board: Board) -> str:
    """The kind of view of a viewer who may not see the whole board (a seat, or a watcher of
    a board with seats), or "" for editors and for every viewer of an open board: copies and
    exports for such a viewer are built from what it sees (:func:`boards.seen_copy`)."""
    view = access.view_of(access.role(request.session, board), board)
    return "" if view == "open" else view


@require_safe
def card_menu(request: HttpRequest, slug: str, iid: int) -> HttpResponse:
    """One card's menu, loaded when it is opened: its text and the events for it now."""
    board = _board_or_404(slug)
    duel = store.duel_of(board)
    if iid not in duel.state.cards:
        raise Http404
    view = access.view_of(access.role(request.session, board), board)
    context = card_menu_context(board, duel, iid, view)
    if not context["readonly"] and not context["card"].get("hidden"):
        context.update(move_choices(duel, iid, context["zone_choices"]))
    return render(request, "simulator/partials/card_body.html", context)


@require_safe
def board_ruling(request: HttpRequest, slug: str) -> HttpResponse:
    """The current chain and its explanation as plain text, for "copy ruling"."""
    board = _board_or_404(slug)
    duel = store.duel_of(board)
    view = access.view_of(access.role(request.session, board), board)
    return render(request, "simulator/partials/ruling.html", ruling_context(duel, view))


def _preset_suffix() -> re.Pattern[str]:
    """A title's last words naming a preset of some game: " (TCG)"."""
    return re.compile(r"\s*\((?:" + "|".join(map(re.escape, all_presets())) + r")\)\s*$")


def rerun_title(title: str, preset: str) -> str:
    """The title of a board run again under ``preset``: the preset named once, at the end
    ("Sangan tributed for Caius (TCG)" under OCG: "Sangan tributed for Caius (OCG)")."""
    base, suffix = title, _preset_suffix()
    while all_presets() and suffix.search(base):
        base = suffix.sub("", base)
    room = Board._meta.get_field("title").max_length - len(preset) - 3
    return f"{base[:room].rstrip()} ({preset})" if base else preset


@require_POST
@limits.limit("create")
def board_rerun(request: HttpRequest, slug: str) -> HttpResponse:
    """The board again under another Yu-Gi-Oh! rule preset, to compare.

    Its history is replayed by :func:`engine.replay_under`: every answer is carried where the
    same decision is asked again, and the new board's page shows the report of the answers
    that could not be carried and of the step that became illegal, if one did. A board of a
    built-in scenario whose steps are not all played yet is replayed whole (the steps still
    waiting are played on a copy first, as "Next step" would play them, so their answers are
    carried too); the new board stands at the same point of the scenario as the old one, and
    the rest of the replayed history waits as its steps, one step per action (its "auto
    answers" switch stays off while they wait: they hold every answer already).
    """
    board = _board_or_404(slug)
    presets = web(board.game).PRESETS
    preset = request.POST.get("preset", presets[0] if presets else "")
    if preset not in presets:
        return _error(request, _("Not available"),
                      _("Only a Yu-Gi-Oh! board can run under another preset."), 400)
    hidden = _hidden_view(request, board)
    if hidden:  # what this viewer sees, under the other preset; there is no history to replay
        seen = boards.seen_copy(board, store.duel_of(board), hidden)
        settings = {**board.data.get("settings", {}), "preset": preset}
        try:
            rerun = store.create_board(game=board.game, settings=settings, setup=seen["setup"],
                                        cards=seen["cards"],
                                        title=rerun_title(board.display_title, preset))
        except EngineError as exc:
            return _error(request, _("This board cannot be run again"), str(exc), 400)
        return _owned(request, rerun)
    played = len(store.duel_of(board).actions)
    try:
        report = replay_under(script.played_out(board), settings={"preset": preset})
    except EngineError as exc:
        return _error(request, _("This board cannot be run again"), str(exc), 400)
    new = report.duel
    cut = report.progress[min(played, len(report.progress) - 1)]
    steps = [script.as_step(a) for a in new.actions[cut:]]
    rerun = store.create_board(
        game=board.game, settings=new.settings, setup=board.data.get("setup"),
        cards=board.data.get("cards"), title=rerun_title(board.display_title, preset),
        scenario=board.scenario, steps=steps, actions=new.actions[:cut],
        auto=board.auto and not steps, question=board.question,
        replay={"preset": preset, "from_slug": board.slug,
                "from_title": board.display_title, "report": report.to_dict()})
    return _owned(request, rerun)


# ---------------------------------------------------------------------- pictures and embedding
def _shown_duel(request: HttpRequest, board: Board) -> tuple[Duel, int | None]:
    duel = store.duel_of(board)
    at = parse_digits(request.GET.get("at"))
    if at is not None and at <= len(duel.actions):
        return duel.at(at), at
    return duel, None


@require_safe
def board_chain_svg(request: HttpRequest, slug: str) -> HttpResponse:
    """The chain (or pending pool) as an SVG picture, for slides and handouts."""
    board = _board_or_404(slug)
    duel, _at = _shown_duel(request, board)
    view = access.view_of(access.role(request.session, board), board)
    svg = chain_svg(duel, title=board_title(board), view=view)
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="{board.slug}-chain.svg"'
    return response


@require_safe
def board_snapshot_link(request: HttpRequest, slug: str) -> JsonResponse:
    """The board's snapshot link as it is now, for its editors' share panel, which asks for it
    when it is shown: encoding the whole history on every action, for every viewer, cost more
    than any other part of an update."""
    board = _board_or_404(slug)
    if access.role(request.session, board) != "edit":
        return JsonResponse({"error": _("Only the board's editors share its snapshot link.")},
                            status=403)
    path = snapshot_path(board, store.duel_of(board))
    return JsonResponse({"link": request.build_absolute_uri(path), "version": board.version})


@require_safe
def board_qr(request: HttpRequest, slug: str) -> HttpResponse:
    """A QR code of the board's view link, for a classroom screen."""
    board = _board_or_404(slug)
    url = request.build_absolute_uri(reverse("board", args=[board.slug]))
    return HttpResponse(qr_svg(url, standalone=True), content_type="image/svg+xml; charset=utf-8")


@xframe_options_exempt
@require_safe
def embed(request: HttpRequest, slug: str) -> HttpResponse:
    """A minimal read-only view for an iframe, with step controls; the only framable page."""
    board = _board_or_404(slug)
    full = store.duel_of(board)
    duel, at = _shown_duel(request, board)
    here = len(full.actions) if at is None else at
    total = len(full.actions)
    base = reverse("embed", args=[board.slug])
    steps = {"first": f"{base}?at=0", "prev": f"{base}?at={max(0, here - 1)}",
             "next": f"{base}?at={min(total, here + 1)}", "last": f"{base}?at={total}"}
    view = "public" if board.seats else "open"
    played = full.frames(here, states=True) if here else []
    parts = _with_playback(partial_map(board, duel, oob=False, request=request, view=view,
                                       readonly=True, at=here, history=full),
                           board, duel, view, played, request, True)
    return render(request, "simulator/embed.html", {
        "board": board, "steps": steps, "here": here, "total": total,
        "partials": mark_safe("".join(parts.values())),  # noqa: S308 - our own templates
    })


# ---------------------------------------------------------------------- snapshot links
def _open_link(request: HttpRequest, link: str):
    """The link's duel, data and, for a link made under an older rules version, how it reads
    today; or the friendly 400 page saying why it cannot be opened."""
    try:
        return reopen_link(link)
    except LinkError as exc:
        return _error(request, _("This link cannot be opened"), str(exc), 400)


@require_safe
def snapshot(request: HttpRequest, link: str) -> HttpResponse:
    opened = _open_link(request, link)
    if isinstance(opened, HttpResponse):
        return opened
    duel, data, again = opened
    at = parse_digits(request.GET.get("at"))
    at = data.get("at", len(duel.actions)) if at is None else at
    at = max(0, min(at, len(duel.actions)))
    board = Board(slug="snapshot", game=duel.game, title=data.get("title", ""),
                  data={"cards": data.get("cards", []), "settings": duel.settings})
    frame = parse_digits(request.GET.get("frame", ""), 1000)
    if at and frame:
        try:
            return _page(request, board, duel, readonly=True, at=at, link=link, history=duel,
                         frame=frame, again=again)
        except IllegalAction:
            pass  # no such frame: the step itself
    return _page(request, board, duel.at(at), readonly=True, at=at, link=link, history=duel,
                 again=again)


@require_POST
@limits.limit("create")
def snapshot_copy(request: HttpRequest, link: str) -> HttpResponse:
    """"Make an editable copy": the link's duel as a new board."""
    opened = _open_link(request, link)
    if isinstance(opened, HttpResponse):
        return opened
    duel, data, _again = opened
    try:
        board = store.create_board(game=duel.game, settings=duel.settings, setup=duel.setup,
                                    cards=data.get("cards"), title=data.get("title", ""),
                                    actions=duel.actions)
    except EngineError as exc:
        return _error(request, _("This link cannot be copied"), str(exc), 400)
    return _owned(request, board)


# ---------------------------------------------------------------------- import / export
@require_safe
def board_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The board as a scenario file (the engine's format): its set-up and every step."""
    board = _board_or_404(slug)
    data = board.data
    hidden = _hidden_view(request, board)
    if hidden:  # what this viewer sees now, as a set-up without steps (boards.seen_copy)
        seen = boards.seen_copy(board, store.duel_of(board), hidden)
        data = {"settings": data.get("settings", {}), "setup": seen["setup"], "actions": [],
                "cards": seen["cards"]}
    scenario = {"game": board.game, "title": board.display_title,
                "source": _("exported from the chain simulator"),
                "settings": data.get("settings", {}), "setup": data.get("setup", {}),
                "steps": data.get("actions", []), "expect": {}}
    if data.get("cards"):
        scenario["cards"] = data["cards"]
    text = yaml.safe_dump(scenario, allow_unicode=True, sort_keys=False)
    response = HttpResponse(text, content_type="application/yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{board.slug}.yaml"'
    return response


@require_POST
@limits.limit("create")
def board_import(request: HttpRequest) -> HttpResponse:
    """A board from an uploaded scenario file; refused whole, with the reason, if broken."""
    upload = request.FILES.get("file")
    if upload is None:
        return _error(request, _("No file"), _("Choose a scenario file to upload."), 400)
    try:  # before it is read
        check_bytes(upload.size, _("the file"), MAX_UPLOAD)
    except LimitError as exc:
        return _error(request, _("This file cannot be used"), refusal_reason(exc), 400)
    name = upload.name or "upload.yaml"
    try:
        name = check_text(name, "the file name", MAX_FIELD)
    except LimitError:
        name = "upload.yaml"
    try:
        text = check_text(upload.read().decode("utf-8"), _("the file"), MAX_UPLOAD)
        # its text checked, then parsed and replayed in a process of its own (uploads.py)
        board = script.board_from_scenario(uploads.read_scenario(text, name))
    except UnicodeDecodeError:
        return _error(request, _("This file cannot be used"), _("It is not UTF-8 text."), 400)
    except uploads.Refused as exc:
        return _error(request, _("This file cannot be used"), exc.message or _(
            "A field is missing or has the wrong form."), 400)
    except uploads.Busy:
        response = _error(request, _("Too many files at once"), _(
            "The site is reading other uploaded files. Try again in a minute."), 503)
        response["Retry-After"] = "60"
        return response
    except LimitError as exc:  # a cheap check of the text, before it is parsed
        return _error(request, _("This file cannot be used"), refusal_reason(exc), 400)
    except DataError as exc:  # where and what, in the reader's language
        return _error(request, _("This file cannot be used"), exc.worded(translator()), 400)
    except EngineError as exc:
        return _error(request, _("This file cannot be used"), str(exc), 400)
    except MALFORMED:
        return _error(request, _("This file cannot be used"),
                      _("A field is missing or has the wrong form."), 400)
    return _owned(request, board)


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
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "simulator/rules.html", {"rules": list(RULES.values())})


@require_safe
def rule(request: HttpRequest, rule_id: str) -> HttpResponse:
    entry = RULES.get(rule_id)
    if entry is None:
        raise Http404
    scenarios = [s for s in scenario_index() if rule_id in s["rules"]]
    return render(request, "simulator/rule.html", {"rule": entry, "scenarios": scenarios})


def not_editor(request: HttpRequest) -> HttpResponse:
    """The 403 page of a change only the board's editors may make."""
    return _error(request, _("Not allowed"), _("Only the board's editors can do this."), 403)


def _error(request: HttpRequest, title: str, message: str, status: int) -> HttpResponse:
    return render(request, "simulator/error.html", {"title": title, "message": message},
                  status=status)
