"""Pictures (the chain as PNG, link previews) and a teacher's things on any device (the key
link, "report this ruling"). Views stay thin: see :mod:`simulator.pictures` and
:mod:`simulator.keys`."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from engine import RULES, Duel, EngineError, load_scenario, run_scenario
from engine.limits import LimitError, check_text, parse_digits
from engine.links import LinkError, reopen_link

from .. import access, gallery, keys, limits, store
from ..gallery import scenario_index
from ..language import board_title, refusal_reason
from ..models import Board, RulingReport, TeacherKey
from ..pictures import chain_png, summary

PNG = "image/png"
#: the longest note a ruling report may have
MAX_NOTE = 2000


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
    return og_meta(request, title=board_title(board),
                   description=summary(duel, board.question, view), image=path)


def _png(data: bytes, name: str, download: bool) -> HttpResponse:
    response = HttpResponse(data, content_type=PNG)
    response["Cache-Control"] = "public, max-age=60"
    if download:
        response["Content-Disposition"] = f'attachment; filename="{name}-chain.png"'
    return response


@require_safe
def board_chain_png(request: HttpRequest, slug: str) -> HttpResponse:
    """The chain (or pending pool) as a PNG, for slides and link previews."""
    board = get_object_or_404(Board, slug=slug)
    duel = store.duel_of(board)
    at = parse_digits(request.GET.get("at"))
    if at is not None and at <= len(duel.actions):
        duel = duel.at(at)
    view = access.view_of(access.role(request.session, board), board)
    return _png(chain_png(duel, title=board_title(board), view=view), board.slug,
                bool(request.GET.get("download")))


@require_safe
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


@require_safe
def scenario_chain_png(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A built-in scenario's chain once its steps are played, as a PNG (its preview)."""
    scn, duel = _scenario_end(game, slug)
    return _png(chain_png(duel, title=scn.title), slug, bool(request.GET.get("download")))


def scenario_og(request: HttpRequest, game: str, scn: Any) -> dict[str, str]:
    return og_meta(request, title=scn.title, description=summary(scn.new_duel(), scn.question),
                   image=reverse("scenario_chain_png", args=[game, scn.slug]))


# ---------------------------------------------------------------------- the key link
@require_POST
@limits.limit("create")
def key_new(request: HttpRequest) -> HttpResponse:
    """Make this browser's key link (or save to the one it has) and open it."""
    mine = request.session.get(keys.SESSION_KEY)
    key = TeacherKey.objects.filter(key=mine).first() if mine else None
    key = keys.save(key, request.session) if key else keys.create(request.session)
    return redirect("key_page", key=key.key)


@require_POST
@limits.limit("create")
def key_save(request: HttpRequest, key: str) -> HttpResponse:
    """Add this browser's boards and lessons to a key link."""
    keys.save(get_object_or_404(TeacherKey, key=key), request.session)
    return redirect("key_page", key=key)


@require_safe
def key_page(request: HttpRequest, key: str) -> HttpResponse:
    """A key link: its boards and lessons, whose edit rights this browser gets (like an edit
    link, opening it records the grants in the session)."""
    found = TeacherKey.objects.filter(key=key[:64]).first()
    if found is None:
        return render(request, "simulator/error.html", {
            "title": _("No such key link"),
            "message": _("This key link does not exist: check that it was copied whole. "
                         "Each board's own edit link still opens it.")}, status=404)
    boards_, lessons, gone = keys.open_here(found, request.session)
    return render(request, "simulator/key.html", {
        "key": found, "boards": boards_, "lessons": lessons, "gone": gone,
        "link": request.build_absolute_uri(reverse("key_page", args=[found.key]))})


# ---------------------------------------------------------------------- report this ruling
def _report_form(request: HttpRequest, board: Board, step: int, *, note: str = "",
                 error: str = "", status: int = 200) -> HttpResponse:
    return render(request, "simulator/report.html", {
        "board": board, "step": step, "note": note, "error": error, "max_note": MAX_NOTE,
        "sent": False}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@limits.limit("report")
def board_report(request: HttpRequest, slug: str) -> HttpResponse:
    """"Report this ruling": a note on the step shown, for the site's maintainers."""
    board = get_object_or_404(Board, slug=slug)
    steps = len(store.duel_of(board).actions)
    data = request.POST if request.method == "POST" else request.GET
    step = parse_digits(str(data.get("at", "")))
    step = steps if step is None else step
    if step > steps:
        return _report_form(request, board, steps, error=_(
            "This board has %(n)s steps: there is no step %(k)s.") % {"n": steps, "k": step},
            status=400)
    if request.method in ("GET", "HEAD"):
        return _report_form(request, board, step)
    note = request.POST.get("note", "")
    problem = _note_problem(note)
    note = note.strip()
    if problem:
        return _report_form(request, board, step, note=note[:MAX_NOTE], error=problem,
                            status=400)
    RulingReport.objects.create(board=board.slug, step=step, note=note)
    return render(request, "simulator/report.html", {"board": board, "step": step,
                                                     "sent": True})


def _note_problem(note: str) -> str:
    """Why a report's note (as typed) is refused, or ""."""
    if not note.strip():
        return _("Write a note: what looks wrong, and why.")
    if len(note.strip()) > MAX_NOTE:
        return _("A note is at most %(n)s characters long (this one has %(k)s).") % {
            "n": MAX_NOTE, "k": len(note.strip())}
    try:
        check_text(note, _("The note"))
    except LimitError as exc:
        return refusal_reason(exc)
    return ""


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
