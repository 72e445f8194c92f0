"""HTTP views: thin. They turn requests into engine actions and engine state into partials."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine import RULES, EngineError, IllegalAction
from engine.cards import builtin_library
from engine.scenario import builtin_scenarios, load_scenario

from . import boards
from .models import Board
from .rendering import render_partials

RECENT_KEY = "recent_boards"
RECENT_MAX = 20


@cache
def scenario_index() -> list[dict[str, Any]]:
    out = []
    for path in builtin_scenarios():
        scn = load_scenario(path)
        out.append({"game": scn.game, "slug": scn.slug, "title": scn.title,
                    "question": scn.question, "rules": scn.rules, "path": path})
    return out


def _remember(request: HttpRequest, board: Board) -> None:
    recent = [s for s in request.session.get(RECENT_KEY, []) if s != board.slug]
    request.session[RECENT_KEY] = [board.slug, *recent][:RECENT_MAX]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    slugs = request.session.get(RECENT_KEY, [])
    found = {b.slug: b for b in Board.objects.filter(slug__in=slugs)}
    recent = [found[s] for s in slugs if s in found]
    scenarios = []
    for game in ("yugioh", "duel_masters"):
        items = [s for s in scenario_index() if s["game"] == game]
        if items:
            scenarios.append((game, items))
    return render(request, "simulator/home.html", {"recent": recent, "scenarios": scenarios})


@require_POST
def new_board(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", "yugioh")
    if game not in ("yugioh", "duel_masters"):
        return _error(request, _("Unknown game"), _("Choose Yu-Gi-Oh! or Duel Masters."), 400)
    settings = {"preset": request.POST.get("preset", "TCG")} if game == "yugioh" else {}
    try:
        board = boards.create_board(game=game, settings=settings,
                                    setup={"turn_player": "p1"})
    except EngineError as exc:
        return _error(request, _("This board cannot be created"), str(exc), 400)
    _remember(request, board)
    return redirect("board", slug=board.slug)


@require_POST
def open_scenario(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    entry = next((s for s in scenario_index() if s["game"] == game and s["slug"] == slug), None)
    if entry is None:
        raise Http404
    board = boards.board_from_scenario(load_scenario(entry["path"]))
    _remember(request, board)
    return redirect("board", slug=board.slug)


def _board_or_404(slug: str) -> Board:
    return get_object_or_404(Board, slug=slug)


@require_GET
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    board = _board_or_404(slug)
    _remember(request, board)
    duel = boards.duel_of(board)
    library = [c for c in builtin_library() if c.game == board.game][:40]
    return render(request, "simulator/board.html", {
        "board": board,
        "partials": mark_safe(render_partials(board, duel, oob=False, request=request)),  # noqa: S308
        "ws_path": f"/ws/b/{board.slug}/", "cards": library,
    })


def _action_from_post(request: HttpRequest) -> dict[str, Any]:
    """An engine action from a form: a JSON ``action`` field, or plain fields."""
    post = request.POST
    if "action" in post:
        try:
            action = json.loads(post["action"])
        except ValueError:
            raise IllegalAction(_("This action could not be read.")) from None
        if not isinstance(action, dict):
            raise IllegalAction(_("This action could not be read."))
        return action
    action: dict[str, Any] = {"do": post.get("do", "")}
    for key in ("card", "zone", "player", "phase", "target", "effect", "cause"):
        if post.get(key):
            action[key] = post[key]
    for key in ("amount", "lp"):
        if post.get(key):
            try:
                action[key] = int(post[key])
            except ValueError:
                raise IllegalAction(_("%(field)s must be a number.") % {"field": key}) from None
    if action["do"] == "answer":
        choices = post.getlist("choice")
        action["choice"] = choices if len(choices) != 1 else choices[0]
    return action


def _version(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("version", "-1"))
    except ValueError:
        return -1


def _respond(request: HttpRequest, board: Board, message: str = "", status: int = 200):
    duel = boards.duel_of(board)
    html = render_partials(board, duel, oob=True, message=message, request=request)
    return HttpResponse(html, status=status)


def broadcast(board: Board, html: str) -> None:
    """Send the board's partials, rendered once, to every browser watching it."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(board.group_name, {
            "type": "board.update", "html": html, "version": board.version})


def _change(request: HttpRequest, slug: str, change) -> HttpResponse:
    board = _board_or_404(slug)
    version = _version(request)
    try:
        change(board, version)
    except boards.StaleBoard as exc:
        board.refresh_from_db()
        return _respond(request, board, str(exc), status=409)
    except IllegalAction as exc:
        board.refresh_from_db()
        reason = exc.reason + (f" ({', '.join(exc.rules)})" if exc.rules else "")
        return _respond(request, board, reason, status=422)
    except EngineError as exc:
        board.refresh_from_db()
        return _respond(request, board, str(exc), status=422)
    html = render_partials(board, boards.duel_of(board), oob=True)
    broadcast(board, html)  # the same bytes go to the acting browser and to every watcher
    return HttpResponse(html)


@require_POST
def board_act(request: HttpRequest, slug: str) -> HttpResponse:
    def change(board: Board, version: int) -> None:
        action = _action_from_post(request)
        if action.get("do") == "place" and "card" in action:
            action["card"] = str(action["card"])
        boards.act(board, version, action)

    return _change(request, slug, change)


@require_POST
def board_step(request: HttpRequest, slug: str) -> HttpResponse:
    return _change(request, slug, boards.next_step)


@require_POST
def board_undo(request: HttpRequest, slug: str) -> HttpResponse:
    return _change(request, slug, boards.undo)


@require_POST
def board_auto(request: HttpRequest, slug: str) -> HttpResponse:
    on = request.POST.get("auto") == "on"
    return _change(request, slug, lambda board, version: boards.set_auto(board, version, on))


@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:80]
    game = request.GET.get("game")
    cards = builtin_library().search(q, game if game in ("yugioh", "duel_masters") else None)
    return render(request, "simulator/partials/library.html", {"cards": cards[:60]})


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "simulator/rules.html", {"rules": list(RULES.values())})


@require_GET
def rule(request: HttpRequest, rule_id: str) -> HttpResponse:
    entry = RULES.get(rule_id)
    if entry is None:
        raise Http404
    scenarios = [s for s in scenario_index() if rule_id in s["rules"]]
    return render(request, "simulator/rule.html", {"rule": entry, "scenarios": scenarios})


def _error(request: HttpRequest, title: str, message: str, status: int) -> HttpResponse:
    return render(request, "simulator/error.html", {"title": title, "message": message},
                  status=status)
