"""Pictures (the chain as PNG, link previews) and a teacher's things on any device (the key
link, "report this ruling"). Views stay thin: see :mod:`simulator.pictures` and
:mod:`simulator.keys`."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET

from engine import Duel, EngineError
from engine.limits import parse_digits
from engine.links import LinkError, reopen_link
from engine.scenario import load_scenario, run_scenario

from . import access, boards, gallery
from .models import Board
from .pictures import chain_png, summary

PNG = "image/png"


def og_meta(request: HttpRequest, *, title: str, description: str, image: str) -> dict[str, str]:
    """The Open Graph and Twitter card tags of a page: absolute addresses."""
    return {"title": title, "description": description,
            "image": request.build_absolute_uri(image),
            "url": request.build_absolute_uri(request.path)}


def board_og(request: HttpRequest, board: Board, duel: Duel, *, link: str = "",
             at: int | None = None) -> dict[str, str]:
    """The preview of a board page or a snapshot link (what a watcher may see)."""
    view = access.view_of(access.role(request.session, board), board) if not link else "open"
    path = (reverse("snapshot_chain_png", args=[link]) if link
            else reverse("board_chain_png", args=[board.slug]))
    if at is not None:
        path += f"?at={at}"
    return og_meta(request, title=board.display_title,
                   description=summary(duel, board.question, view), image=path)


def _png(data: bytes, name: str, download: bool) -> HttpResponse:
    response = HttpResponse(data, content_type=PNG)
    response["Cache-Control"] = "public, max-age=60"
    if download:
        response["Content-Disposition"] = f'attachment; filename="{name}-chain.png"'
    return response


@require_GET
def board_chain_png(request: HttpRequest, slug: str) -> HttpResponse:
    """The chain (or pending pool) as a PNG, for slides and link previews."""
    board = get_object_or_404(Board, slug=slug)
    duel = boards.duel_of(board)
    at = parse_digits(request.GET.get("at"))
    if at is not None and at <= len(duel.actions):
        duel = duel.at(at)
    view = access.view_of(access.role(request.session, board), board)
    return _png(chain_png(duel, title=board.display_title, view=view), board.slug,
                bool(request.GET.get("download")))


@require_GET
def snapshot_chain_png(request: HttpRequest, link: str) -> HttpResponse:
    """The chain of a snapshot link as a PNG (its preview image)."""
    try:
        duel, data, _again = reopen_link(link)
    except LinkError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    at = parse_digits(request.GET.get("at"))
    at = data.get("at", len(duel.actions)) if at is None else at
    duel = duel.at(max(0, min(at, len(duel.actions))))
    return _png(chain_png(duel, title=data.get("title", "")), "snapshot", False)


def _scenario_end(game: str, slug: str) -> tuple[Any, Duel]:
    entry = gallery.find(game, slug)
    if entry is None:
        raise Http404
    scn = load_scenario(entry["path"])
    try:
        return scn, run_scenario(scn).duel
    except EngineError:
        return scn, scn.new_duel()


@require_GET
def scenario_chain_png(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A built-in scenario's chain once its steps are played, as a PNG (its preview)."""
    scn, duel = _scenario_end(game, slug)
    return _png(chain_png(duel, title=scn.title), slug, bool(request.GET.get("download")))


def scenario_og(request: HttpRequest, game: str, scn: Any) -> dict[str, str]:
    return og_meta(request, title=scn.title, description=summary(scn.new_duel(), scn.question),
                   image=reverse("scenario_chain_png", args=[game, scn.slug]))
