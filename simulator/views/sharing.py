"""Views that share a board: its edit and seat links, a copy (fork), its file (export, import),
pictures of its chain, its QR code and snapshot link, the embed and the snapshot pages."""

from __future__ import annotations

import yaml
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_POST, require_safe

from engine import DataError, EngineError, IllegalAction
from engine.limits import (
    MAX_FILE_BYTES,
    LimitError,
    check_bytes,
    check_text,
    parse_digits,
    parse_int,
)
from engine.links import LinkError, reopen_link

from .. import access, boards, limits, script, store, uploads
from ..language import board_title, refusal_reason, translator
from ..models import Board
from ..pictures import chain_svg, qr_svg
from ..rendering import partial_map, snapshot_path
from .common import (
    MALFORMED,
    MAX_FIELD,
    _board_or_404,
    _error,
    _hidden_view,
    _owned,
    _page,
    _remember,
    _shown_duel,
    _with_playback,
)

MAX_UPLOAD = MAX_FILE_BYTES  # bytes of an uploaded file (256,000)


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
