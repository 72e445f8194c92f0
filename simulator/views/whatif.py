"""The what-if page: a board's history replayed under one switch, beside the original.

A GET only: nothing of the board changes (see :mod:`simulator.whatif`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from engine import EngineError

from .. import access, script, whatif
from ..models import Board

#: the longest switch id accepted in the address
MAX_SWITCH = 300


def _refused(request: HttpRequest, context: dict, message: str, status: int) -> HttpResponse:
    return render(request, "simulator/whatif.html", context | {"error": message}, status=status)


@require_safe
def board_whatif(request: HttpRequest, slug: str) -> HttpResponse:
    """The switches this board offers; with ``?switch=``, both outcomes side by side."""
    board = get_object_or_404(Board, slug=slug)
    if access.view_of(access.role(request.session, board), board) != "open":
        return _refused(request, {"board": board}, _(
            "This board hides the players' hands: a what-if replays every card, so only its "
            "editors can use it."), 403)
    duel = script.played_out(board)
    offered = whatif.switches(duel)
    switch_id = request.GET.get("switch", "")
    context = {"board": board, "switches": offered, "chosen": switch_id,
               "steps": len(duel.actions)}
    if not switch_id:
        return render(request, "simulator/whatif.html", context)
    if len(switch_id) > MAX_SWITCH:
        return _refused(request, context, _("A switch is at most %(n)s characters long.") % {
            "n": MAX_SWITCH}, 400)
    try:
        switch = whatif.find_switch(duel, switch_id)
        context["result"] = whatif.what_if(duel, switch, board.data.get("cards") or [])
    except whatif.UnknownSwitch:
        return _refused(request, context, _(
            "This board offers no such switch; choose one from the list."), 400)
    except EngineError as exc:
        return _refused(request, context, _("This change cannot be replayed: %(reason)s") % {
            "reason": exc}, 400)
    return render(request, "simulator/whatif.html", context)
