"""Views of a board and its actions: the home page, new boards and scenarios, the board page and
the frames of its steps, the actions (act, step, script, undo, auto, seats, rename), re-keying,
deleting and running it again under another preset. Thin: they turn requests into engine actions
and engine state into partials."""

from __future__ import annotations

import re
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from engine import RULES, EngineError, IllegalAction, load_scenario, replay_under
from engine.games import default, known
from engine.limits import (
    MAX_ACTION_DEPTH,
    MAX_ACTION_ITEMS,
    MAX_ACTION_TEXT,
    LimitError,
    check_action,
    check_text,
    load_json,
    parse_int,
)
from engine.links import encode

from .. import access, boards, classroom, gallery, limits, playback, script, store
from ..gallery import scenario_index
from ..game_context import all_presets, has, web
from ..language import refusal_reason, watched_languages
from ..library import move_choices
from ..models import Board, Lesson
from ..rendering import card_menu_context, render_partials, render_views, ruling_context
from ..updates import ThenResponse, broadcast, update_messages
from .common import (
    MALFORMED,
    MAX_FIELD,
    RECENT_KEY,
    _board_or_404,
    _error,
    _hidden_view,
    _owned,
    _page,
    _remember,
    _step_of,
    not_editor,
)
from .teaching import scenario_og

MAX_CHOICES = 100  # ticked choices in one answer
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


@require_safe
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    board = _board_or_404(slug)
    _remember(request, board)
    if board.presenting and access.role(request.session, board) == "view":
        return redirect("follow", slug=board.slug)  # while presented, watchers follow
    return _page(request, board, store.duel_of(board), readonly=False)


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
