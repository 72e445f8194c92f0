"""What the site's views share: a board or a 404, the board page's response, the recent boards of a
browser, the error pages."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from engine import Duel, Recheck
from engine.limits import LimitError, check_room, parse_digits
from engine.words import PHASE_NAMES

from .. import access, playback, script, store
from ..game_context import has, web
from ..language import refusal_reason, translator
from ..library import library_context
from ..models import Board
from ..pictures import qr_svg
from ..rendering import partial_map, replay_view, snapshot_path
from ..rules_notice import notice_view
from .teaching import board_og

RECENT_KEY = "recent_boards"
RECENT_MAX = 20
MAX_FIELD = 200  # characters of one plain form field of an action (a card, a zone...)
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


def _step_of(board: Board, k: int) -> tuple[Duel, Duel]:
    """The board's whole duel, and the duel as it was after step ``k`` (404 if none)."""
    full = store.duel_of(board)
    if not 0 <= k <= len(full.actions):
        raise Http404
    return full, (full if k == len(full.actions) else full.at(k))


def _hidden_view(request: HttpRequest, board: Board) -> str:
    """The kind of view of a viewer who may not see the whole board (a seat, or a watcher of
    a board with seats), or "" for editors and for every viewer of an open board: copies and
    exports for such a viewer are built from what it sees (:func:`boards.seen_copy`)."""
    view = access.view_of(access.role(request.session, board), board)
    return "" if view == "open" else view


# ---------------------------------------------------------------------- pictures and embedding
def _shown_duel(request: HttpRequest, board: Board) -> tuple[Duel, int | None]:
    duel = store.duel_of(board)
    at = parse_digits(request.GET.get("at"))
    if at is not None and at <= len(duel.actions):
        return duel.at(at), at
    return duel, None


def not_editor(request: HttpRequest) -> HttpResponse:
    """The 403 page of a change only the board's editors may make."""
    return _error(request, _("Not allowed"), _("Only the board's editors can do this."), 403)


def _error(request: HttpRequest, title: str, message: str, status: int) -> HttpResponse:
    return render(request, "simulator/error.html", {"title": title, "message": message},
                  status=status)
