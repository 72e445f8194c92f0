"""Classroom views: presenting a board, following it, asking the room a question (predict the
chain) and lessons whose chapters move every follower."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from engine import EngineError, IllegalAction, load_scenario
from engine.limits import LimitError, check_text, parse_digits

from .. import access, classroom, followers, limits, predict, script, store
from ..gallery import scenario_index
from ..language import refusal_reason
from ..models import Board, Lesson, Prediction
from ..pictures import qr_svg
from ..rendering import render_partials, render_views
from ..updates import ThenResponse, broadcast
from .common import _board_or_404, _error, _step_of

MAX_CHAPTERS = 30


# ---------------------------------------------------------------------- present and follow
def _presentation_page(request: HttpRequest, board: Board, *, presenter: bool,
                       lesson: dict[str, Any] | None = None) -> HttpResponse:
    """The presenter's or a follower's page; opening it changes nothing (presenting starts
    by an editor's POST, see :func:`present`). A follower gets an anonymous voter cookie."""
    full = store.duel_of(board)
    step = classroom.presented_step(board)
    lesson_follow = lesson is not None  # the lesson's own follow link, not a chapter's
    lesson = lesson or _lesson_context(request)
    follow_path = (reverse("lesson_follow", args=[lesson["lesson"].slug]) if lesson
                   else reverse("follow", args=[board.slug]))
    follow_url = request.build_absolute_uri(follow_path)
    who = None if presenter else predict.voter(request)[0]
    context = {
        "board": board, "presenter": presenter, "total": len(full.actions), "step": step,
        "caption": board.captions.get(str(step), ""), "lesson": lesson,
        "partials": mark_safe(  # noqa: S308
            classroom.render_presentation(board, request, question=False)),
        "question": mark_safe(classroom.render_predict(board, request)),  # noqa: S308
        "ws_path": f"/ws/b/{board.slug}/follow/", "follow_url": follow_url,
        "qr": mark_safe(qr_svg(follow_url)),  # noqa: S308
        "mine": _mine(board, who), "lesson_follow": lesson_follow,
    }
    if presenter:
        context["offer"] = mark_safe(_offer(board, request))  # noqa: S308
        context["tally"] = mark_safe(classroom.render_tally(  # noqa: S308
            board, predict.current(board), request, oob=False))
    response = render(request, "simulator/present.html", context)
    if not presenter and who is None:
        predict.remember(response, predict.new_voter())  # none yet, or a forged one replaced
    return response


def _mine(board: Board, who: dict[str, str] | None) -> dict[str, Any]:
    """This browser's answer to the question asked now (for the page to mark it)."""
    prediction = predict.current(board)
    if prediction is None or who is None:
        return {}
    choice = prediction.votes.filter(voter=who["id"]).values_list("choice", flat=True).first()
    return {"question": prediction.pk, "choice": choice}


def _offer(board: Board, request: HttpRequest) -> str:
    """The presenter's list of questions it may ask at the moment it shows."""
    full = store.duel_of(board)
    step, frame, _count = classroom.presented_frame(board, full)
    return render_to_string("simulator/partials/predict_offer.html", {
        "board": board, "questions": predict.questions(board, step, frame)},
        request=request)


def _lesson_context(request: HttpRequest) -> dict[str, Any] | None:
    slug, n = request.GET.get("lesson"), request.GET.get("chapter")
    chapter = parse_digits(n, 10_000)
    if not slug or chapter is None:
        return None
    lesson = Lesson.objects.filter(slug=slug[:64]).first()
    if lesson is None:
        return None
    return _chapters(request, lesson, chapter)


def _editor(request: HttpRequest, board: Board) -> bool:
    return access.role(request.session, board) == "edit"


@require_http_methods(["GET", "HEAD", "POST"])
def present(request: HttpRequest, slug: str) -> HttpResponse:
    """The presenter's view: large type, the step followers see, captions. A POST (an
    editor's "Present it") starts presenting: watchers of the view link then follow."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return _error(request, _("Not allowed"), _("Only the board's editors can present it."),
                      403)
    if request.method == "POST":
        store.set_fields(board, presenting=True)
        classroom.broadcast_presentation(board)
        query = request.GET.urlencode()
        return redirect(reverse("present", args=[board.slug]) + (f"?{query}" if query else ""))
    return _presentation_page(request, board, presenter=True)


@require_safe
def follow(request: HttpRequest, slug: str) -> HttpResponse:
    """A follower's view: the presenter's step, live; detach to explore, then jump back."""
    return _presentation_page(request, _board_or_404(slug), presenter=False)


def _presented_response(request: HttpRequest, board: Board) -> HttpResponse:
    """The presentation as followers get it (the very HTML they are sent, rendered once),
    sent to them once the presenter has it; the presenter's questions are refreshed."""
    html, messages = classroom.presentation_messages(board)
    response = ThenResponse(html if html is not None
                            else classroom.render_presentation(board, request),
                            messages=messages)
    response["HX-Trigger"] = "presented"
    return response


@require_POST
@limits.limit("act")
def present_step(request: HttpRequest, slug: str) -> HttpResponse:
    """The presenter shows another step (or the live board) to every follower; "stop" ends
    presenting, and followers are told."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return HttpResponse(_("Only the board's editors can present it."), status=403)
    total = len(store.duel_of(board).actions)
    at = request.POST.get("at", "live")
    if at == "stop":  # the class is over: the view link shows the live board again
        store.set_fields(board, presenter_at=None, presenter_frame=None, presenting=False)
        classroom.broadcast_presentation(board)
        return redirect("board", slug=board.slug)
    step, _dot, frame = at.partition(".")  # "k" (a step's end) or "k.n" (one of its frames)
    step_n, frame_n = parse_digits(step), parse_digits(frame, 100_000)
    board.presenter_at = None if at == "live" or step_n is None else min(step_n, total)
    board.presenter_frame = frame_n if frame_n is not None and board.presenter_at else None
    if board.presenter_at == total and board.presenter_frame is None:
        board.presenter_at = None
    store.set_fields(board, presenter_at=board.presenter_at,
                      presenter_frame=board.presenter_frame, presenting=True)
    return _presented_response(request, board)


@require_POST
@limits.limit("act")
def present_next(request: HttpRequest, slug: str) -> HttpResponse:
    """The scenario's "Next step", played from the present page: the board plays it and the
    presenter shows the live board, so every follower sees it play."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return HttpResponse(_("Only the board's editors can present it."), status=403)
    since = len(store.duel_of(board).actions)
    try:
        script.next_step(board, board.version)
    except (store.Notice, store.StaleBoard, IllegalAction, EngineError) as exc:
        return HttpResponse(str(getattr(exc, "reason", exc)), status=409)
    broadcast(board, render_views(board, store.duel_of(board), since=since))
    store.set_fields(board, presenter_at=None, presenter_frame=None, presenting=True)
    classroom.broadcast_presentation(board, since)
    response = HttpResponse(classroom.render_presentation(board, request, since=since))
    response["HX-Trigger"] = "presented"
    return response


@require_POST
@limits.limit("act")
def caption(request: HttpRequest, slug: str) -> HttpResponse:
    """The presenter writes the note of the step it shows; followers see it."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return HttpResponse(_("Only the board's editors can write captions."), status=403)
    step = str(classroom.presented_step(board))
    text = request.POST.get("caption", "")
    try:  # as typed: a control character is refused wherever it is
        text = check_text(text, _("A caption")).strip()[:500]
    except LimitError as exc:
        return HttpResponse(refusal_reason(exc), status=400)
    captions = dict(board.captions)
    if text:
        captions[step] = text
    else:
        captions.pop(step, None)
    store.set_fields(board, captions=captions)
    classroom.broadcast_presentation(board)
    return HttpResponse(classroom.render_presentation(board, request))


@require_safe
def step_partials(request: HttpRequest, slug: str, k: int) -> HttpResponse:
    """The read-only partials of step ``k``, for a follower exploring on its own."""
    board = _board_or_404(slug)
    full, duel = _step_of(board, k)
    view = "public" if board.seats else "open"
    return HttpResponse(render_partials(board, duel, oob=True, request=request, view=view,
                                        readonly=True, at=k, history=full))


# ---------------------------------------------------------------------- predict the chain
def _not_asker() -> HttpResponse:
    """The 403 answer to a visitor who may not ask the room (only the board's editors may)."""
    return HttpResponse(_("Only the board's editors can ask the room."), status=403)


@require_safe
def predict_offer(request: HttpRequest, slug: str) -> HttpResponse:
    """The questions the presenter may ask at the step (and frame) it shows."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return _not_asker()
    return HttpResponse(_offer(board, request))


@require_POST
@limits.limit("act")
def predict_ask(request: HttpRequest, slug: str) -> HttpResponse:
    """Ask the room one of the questions offered at the presented moment."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return _not_asker()
    full = store.duel_of(board)
    step, frame, _count = classroom.presented_frame(board, full)
    asked = predict.ask(board, step, frame, request.POST.get("key", "")[:40])
    if asked is None:
        return HttpResponse(_("This question is not offered at the step shown; choose one "
                              "of the questions listed."), status=400)
    classroom.broadcast_predict(board)
    return HttpResponse(classroom.render_predict(board, request)
                        + classroom.render_tally(board, asked, request))


@require_POST
@limits.limit("act")
def predict_reveal(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the room the answer and the rule that decides it."""
    return _settle(request, slug, revealed=True)


@require_POST
@limits.limit("act")
def predict_close(request: HttpRequest, slug: str) -> HttpResponse:
    """Take the question (and its answer) off the screens."""
    return _settle(request, slug, closed=True)


def _settle(request: HttpRequest, slug: str, **change: bool) -> HttpResponse:
    board = _board_or_404(slug)
    if not _editor(request, board):
        return _not_asker()
    asked = predict.current(board)
    if asked is None:
        return HttpResponse(_("No question is being asked."), status=409)
    Prediction.objects.filter(pk=asked.pk).update(**change)
    classroom.broadcast_predict(board)
    return HttpResponse(classroom.render_predict(board, request)
                        + classroom.render_tally(board, predict.current(board), request))


@require_POST
def predict_vote(request: HttpRequest, slug: str) -> HttpResponse:
    """A student's answer: one per browser (its signed cookie) and question, and one per
    live follower connection of the page (its token, ``connection``) and question, at most as
    many from one address as it has live follower connections (simulator.followers)."""
    board = _board_or_404(slug)
    if not limits.allowed(request, "vote"):
        return limits.too_many(request, _("Too many answers from this network in the last "
                                          "minute. Wait a moment, then answer again."))
    who, forged = predict.voter(request)
    if forged:
        response = HttpResponse(_("This answer was not counted: the browser's voter cookie "
                                  "is not valid. Reload the page, then answer again."),
                                status=400)
        predict.remember(response, predict.new_voter())
        return response
    asked = predict.current(board)
    question, choice = parse_digits(request.POST.get("question")), parse_digits(
        request.POST.get("choice"), predict.MAX_OPTIONS)
    if asked is None or asked.revealed or question != asked.pk:
        return HttpResponse(_("This question is closed: its answer has been shown, or "
                              "another one was asked."), status=409)
    if choice is None or not 0 <= choice < len(asked.question["options"]):
        return HttpResponse(_("Choose one of the answers listed (at most %(n)s).") % {
            "n": len(asked.question["options"])}, status=400)
    live = followers.connection(request.POST.get(followers.FIELD), board.slug)
    if live is None:
        return HttpResponse(_("This answer was not counted: this page is not connected live "
                              "to the class (answers come through the connection that "
                              "brings the presenter's steps). Wait until it reconnects, or "
                              "reload the page, then answer again."), status=403)
    already = _("You already answered this question: one answer each.")
    if who is not None and asked.votes.filter(voter=who["id"]).exists():
        return HttpResponse(already, status=409)
    claimed = followers.claim(asked, live)
    if claimed == followers.ANSWERED:
        return HttpResponse(already, status=409)
    if claimed == followers.NETWORK:
        return HttpResponse(_("This answer was not counted: as many answers to this question "
                              "have come from this network as it has pages following the "
                              "class live. Each student answers from their own device."),
                            status=403)
    new = who is None
    who = who or predict.new_voter()
    if not predict.vote(asked, who, choice):
        followers.release(asked, live)
        return HttpResponse(already, status=409)
    classroom.broadcast_tally(board, asked)
    response = HttpResponse(render_to_string("simulator/partials/predict_mine.html", {
        "mine": {"question": asked.pk, "choice": choice}, "oob": True}))
    if new:
        predict.remember(response, who)
    return response


@require_safe
def predict_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Every question asked on the board and its answers, as CSV (editors only)."""
    board = _board_or_404(slug)
    if not _editor(request, board):
        return _error(request, _("Not allowed"), _("Only the board's editors can download "
                                                   "the answers."), 403)
    response = HttpResponse(predict.results_csv(board), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{board.slug}-answers.csv"'
    return response


# ---------------------------------------------------------------------- lessons
def _owner(request: HttpRequest, lesson: Lesson) -> bool:
    return request.session.get("lessons", {}).get(lesson.slug) == lesson.edit_key


def _chapters(request: HttpRequest, lesson: Lesson, n: int) -> dict[str, Any]:
    found = {b.slug: b for b in Board.objects.filter(slug__in=lesson.chapters)}
    chapters = [{"n": i, "board": found.get(s), "current": i == n}
                for i, s in enumerate(lesson.chapters, 1)]
    return {"lesson": lesson, "chapters": chapters, "n": n, "count": len(chapters),
            "prev": n - 1 if n > 1 else None, "next": n + 1 if n < len(chapters) else None,
            "owner": _owner(request, lesson)}


@require_POST
@limits.limit("create")
def new_lesson(request: HttpRequest) -> HttpResponse:
    """A lesson from built-in scenarios (``game/slug``) and boards you can edit, in the order
    chosen (``order``: the references in the order they were ticked), each opening at its
    first step."""
    try:  # as typed: a control character is refused wherever it is
        title = check_text(request.POST.get("title", ""), _("The title")).strip()[:200]
    except LimitError as exc:
        return _error(request, _("This lesson cannot be made"), refusal_reason(exc), 400)
    title = title or _("Lesson")
    chapters = []
    for ref in _chosen(request)[:MAX_CHAPTERS]:
        board = _chapter_board(request, ref)
        if board is not None:
            chapters.append(board.slug)
    if not chapters:
        return _error(request, _("No chapter"), _("Choose at least one scenario."), 400)
    # its chapters are presented from now on, each from its first step (a board with a
    # history of its own opens at its set-up)
    for board in Board.objects.filter(slug__in=chapters):
        store.set_fields(board, presenting=True, presenter_frame=None,
                          presenter_at=0 if board.data.get("actions") else None)
    lesson = Lesson.objects.create(title=title, chapters=chapters)
    lessons = dict(request.session.get("lessons", {}))
    lessons[lesson.slug] = lesson.edit_key
    request.session["lessons"] = lessons
    return redirect("lesson", slug=lesson.slug, n=1)


def _chosen(request: HttpRequest) -> list[str]:
    """The ticked chapters, in the order given by ``order`` (comma-separated, as ticked)."""
    ticked = request.POST.getlist("chapter")
    order = [ref for ref in request.POST.get("order", "").split(",") if ref in ticked]
    return list(dict.fromkeys(order + ticked))


def _chapter_board(request: HttpRequest, ref: str) -> Board | None:
    if "/" in ref:
        game, slug = ref.split("/", 1)
        entry = next((s for s in scenario_index()
                      if s["game"] == game and s["slug"] == slug), None)
        if entry is None:
            return None
        board = script.board_from_scenario(load_scenario(entry["path"]))
        access.grant(request.session, board, "edit")
        return board
    board = Board.objects.filter(slug=ref[:64]).first()
    return board if board is not None and _editor(request, board) else None


@require_safe
def lesson_start(request: HttpRequest, slug: str) -> HttpResponse:
    """A lesson's own address opens its first chapter."""
    lesson_obj = get_object_or_404(Lesson, slug=slug)
    return redirect("lesson", slug=lesson_obj.slug, n=1)


@require_safe
def lesson(request: HttpRequest, slug: str, n: int) -> HttpResponse:
    """Chapter ``n`` of a lesson: its board, followed live; the URL names the chapter."""
    lesson_obj = get_object_or_404(Lesson, slug=slug)
    board = _chapter(lesson_obj, n)
    target = ("present" if _owner(request, lesson_obj) and _editor(request, board)
              else "follow")
    return redirect(f"{reverse(target, args=[board.slug])}?lesson={slug}&chapter={n}")


def _chapter(lesson_obj: Lesson, n: int) -> Board:
    if not 1 <= n <= len(lesson_obj.chapters):
        raise Http404
    board = Board.objects.filter(slug=lesson_obj.chapters[n - 1]).first()
    if board is None:
        raise Http404
    return board


@require_safe
def lesson_follow(request: HttpRequest, slug: str) -> HttpResponse:
    """The one follow link of a lesson: the chapter the teacher shows, moving with it."""
    lesson_obj = get_object_or_404(Lesson, slug=slug)
    n = min(max(1, lesson_obj.current), len(lesson_obj.chapters))
    board = _chapter(lesson_obj, n)
    return _presentation_page(request, board, presenter=False,
                              lesson=_chapters(request, lesson_obj, n))


@require_POST
@limits.limit("act")
def lesson_go(request: HttpRequest, slug: str) -> HttpResponse:
    """The teacher opens another chapter: every follower of the lesson moves there."""
    lesson_obj = get_object_or_404(Lesson, slug=slug)
    if not _owner(request, lesson_obj):
        return _error(request, _("Not allowed"), _("Only the lesson's teacher can move it."),
                      403)
    n = parse_digits(request.POST.get("chapter"), MAX_CHAPTERS)
    if n is None or not 1 <= n <= len(lesson_obj.chapters):
        return _error(request, _("No such chapter"), _("This lesson has %(n)s chapters.") % {
            "n": len(lesson_obj.chapters)}, 400)
    board = _chapter(lesson_obj, n)
    Lesson.objects.filter(pk=lesson_obj.pk).update(current=n)
    lesson_obj.current = n
    if not board.presenting:
        store.set_fields(board, presenting=True)
    classroom.broadcast_lesson(lesson_obj)
    return redirect("lesson", slug=lesson_obj.slug, n=n)


@require_http_methods(["GET", "HEAD", "POST"])
def lesson_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The lesson's editor: its title and the order of its chapters (Up / Down)."""
    lesson_obj = get_object_or_404(Lesson, slug=slug)
    if not _owner(request, lesson_obj):
        return _error(request, _("Not allowed"), _("Only the lesson's teacher can edit it."),
                      403)
    if request.method == "POST":
        if not limits.allowed(request, "act", f"lesson:{slug}"):
            return limits.too_many(request, limits.default_reason("act"))
        problem = _edit_lesson(request, lesson_obj)
        if problem:
            return _error(request, _("This lesson cannot be changed"), problem, 400)
        return redirect("lesson_edit", slug=lesson_obj.slug)
    return render(request, "simulator/lesson_edit.html",
                  _chapters(request, lesson_obj, lesson_obj.current))


def _edit_lesson(request: HttpRequest, lesson_obj: Lesson) -> str:
    """Apply a move (``move`` = ``up:n`` or ``down:n``) or a new title; the problem, if any."""
    move = request.POST.get("move", "")
    if move:
        way, _colon, number = move.partition(":")
        n = parse_digits(number, MAX_CHAPTERS)
        other = None if n is None else (n - 1 if way == "up" else n + 1 if way == "down"
                                        else None)
        if other is None or not (1 <= n <= len(lesson_obj.chapters)
                                 and 1 <= other <= len(lesson_obj.chapters)):
            return _("This chapter cannot move that way.")
        chapters = list(lesson_obj.chapters)
        chapters[n - 1], chapters[other - 1] = chapters[other - 1], chapters[n - 1]
        current = {n: other, other: n}.get(lesson_obj.current, lesson_obj.current)
        Lesson.objects.filter(pk=lesson_obj.pk).update(chapters=chapters, current=current)
        return ""
    title = request.POST.get("title", "")
    try:  # as typed: a control character is refused wherever it is
        title = check_text(title, _("The title")).strip()
    except LimitError as exc:
        return refusal_reason(exc)
    if not title or len(title) > 200:
        return _("A title has 1 to 200 characters.")
    Lesson.objects.filter(pk=lesson_obj.pk).update(title=title)
    return ""
