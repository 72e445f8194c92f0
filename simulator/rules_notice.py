"""The notice on a board or snapshot link made under an older rules version: in words, what
its history ends with today that differs from the outcome it recorded, and the changelog
entries in between (engine.versions)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import ngettext

from engine import Duel, Recheck
from engine.words import player_name

from .game_words import said
from .language import translator
from .rendering import STATUS_LABELS, ZONE_LABELS, Viewer, replay_view

PRIVATE_ZONES = ("hand", "deck")
MARK_WORDS = {  # (then, now) for a mark a card has then and not now, or now and not then
    "tapped": ((N_("tapped"), N_("untapped")), (N_("untapped"), N_("tapped"))),
    "down": ((N_("face-down"), N_("face-up")), (N_("face-up"), N_("face-down"))),
    "defense": ((N_("in Defense Position"), N_("in Attack Position")),
                (N_("in Attack Position"), N_("in Defense Position"))),
}


def notice_view(again: Recheck | None, view: str = "open") -> dict[str, Any] | None:
    """What the page says about the rules version: None for a board of this version;
    ``kind`` ``same`` (a quiet line: the same outcome today), ``unrecorded`` (made before
    versions, nothing recorded to compare, replayed without trouble: a quiet line) or
    ``differs`` (an outcome differs, or a step is refused today; the notice: ``differences``
    in words, the replay's ``decisions`` that could not be carried, the ``changes`` since,
    each with its rule ids and summary)."""
    if again is None:
        return None
    report = again.report.to_dict() if again.report is not None else {}
    decisions = (replay_view({"report": report}) or {}).get("lines", []) if report else []
    differences = [difference_words(d, again.duel, view) for d in again.differences or []]
    if differences or report.get("stopped"):  # a step refused today: it ends elsewhere
        kind = "differs"
    elif again.differences is None:
        kind = "differs" if decisions else "unrecorded"
    else:
        kind = "same"
    return {"kind": kind, "then": again.version, "now": again.current,
            "differences": differences, "decisions": decisions,
            "changes": [c.to_dict() for c in again.changes]}


def difference_words(d: dict[str, Any], duel: Duel, view: str = "open") -> str:
    """One difference (:func:`engine.versions.differences`) in words, for ``view``: a viewer
    who may not see a hand or a deck is told how many cards it holds, not which."""
    vw = Viewer(duel, view)
    what = d["what"]
    if what == "lp":
        return _("%(player)s's LP: %(then)s then, %(now)s now") % {
            "player": player_name(d["player"], vw.tr), "then": d["then"], "now": d["now"]}
    if what == "zone":
        words = {"player": player_name(d["player"], vw.tr),
                 "zone": ZONE_LABELS.get(d["zone"], d["zone"])}
        if view != "open" and d["zone"] in PRIVATE_ZONES:
            return ngettext("%(player)s's %(zone)s: %(then)s card then, %(now)s now",
                            "%(player)s's %(zone)s: %(then)s cards then, %(now)s now",
                            len(d["then"])) % {**words, "then": len(d["then"]),
                                               "now": len(d["now"])}
        return _("%(player)s's %(zone)s: %(then)s then; %(now)s now") % {
            **words, "then": _cards(vw, d["then"]), "now": _cards(vw, d["now"])}
    if what in MARK_WORDS:
        then, now = MARK_WORDS[what][0 if d["then"] else 1]
        return _("%(card)s: %(then)s then, %(now)s now") % {
            "card": vw.name(d["card"]), "then": _(then), "now": _(now)}
    if what == "fate":
        return _("%(effect)s: %(then)s then; %(now)s now") % {
            "effect": _effect(vw, d["card"], d["effect"]), "then": _fates(vw, d["then"]),
            "now": _fates(vw, d["now"])}
    if what == "open":
        return _("The decision waiting: %(then)s then; %(now)s now") % {
            "then": _open(d["then"]), "now": _open(d["now"])}
    return _("The winner: %(then)s then; %(now)s now") % {
        "then": _("nobody") if d["then"] is None else player_name(d["then"], vw.tr),
        "now": _("nobody") if d["now"] is None else player_name(d["now"], vw.tr)}


def _cards(vw: Viewer, iids: list[int]) -> str:
    return ", ".join(vw.name(i) for i in iids) or _("empty")


def _effect(vw: Viewer, iid: int, effect: int) -> str:
    effects = vw.duel.definition(iid).effects if not vw.hidden(iid) else []
    if len(effects) > 1 and 0 <= effect:
        return _("%(card)s's effect %(n)s") % {"card": vw.name(iid), "n": effect + 1}
    return _("%(card)s's effect") % {"card": vw.name(iid)}


def _fates(vw: Viewer, statuses: list[str]) -> str:
    game = vw.duel.game
    return (", ".join(said(game, STATUS_LABELS.get(s, s)) for s in statuses)
            or said(game, "did not meet its timing"))


def _open(opened: list[Any] | None) -> str:
    if not opened:
        return _("none")
    return _("a decision of %(player)s") % {"player": player_name(opened[1], translator())}
