"""The report of a board replayed under a change ("What if…?"), in words.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.words import player_name

from ..language import engine_language, translator


def _replay_decision(d: dict[str, Any]) -> str:
    """A decision of a replay report in words: whose, what, about which card, its options."""
    kinds = {"order": _("order"), "choose_cards": _("choice of cards"),
             "activate_trigger": _("activation question"), "respond": _("response"),
             "phase_trigger": _("phase effect choice"), "block": _("block"),
             "s_trigger": _("S-Trigger"), "ninja_strike": _("Ninja Strike")}
    words = {"player": player_name(d["player"], translator()),
             "kind": kinds.get(d["kind"], d["kind"].replace("_", " ")), "card": d.get("card"),
             "options": ", ".join(d.get("options", []))}
    if d.get("card"):
        return _("%(player)s's %(kind)s for %(card)s (%(options)s)") % words
    return _("%(player)s's %(kind)s (%(options)s)") % words


def _replay_reason(entry: dict[str, Any]) -> str:
    """Why a replay report's step or answer was refused, in the reader's language when the
    report has it (``reasons``, by language), else as recorded (in English)."""
    return (entry.get("reasons") or {}).get(engine_language()) or entry.get("reason", "")


def replay_view(replay: dict[str, Any] | None) -> dict[str, Any] | None:
    """The report of a board replayed under a change (``board.data["replay"]``), in words:
    one line per answer that could not be carried, per new decision, and the step that became
    illegal, in the order of the steps."""
    if not replay:
        return None
    report = replay.get("report") or {}
    lines: list[tuple[float, str, str]] = []
    for e in report.get("dropped", []):
        lines.append((e["step"], "dropped", _(
            "Step %(step)s: %(decision)s is no longer asked; its answer (%(answer)s) was "
            "dropped.") % {"step": e["step"], "decision": _replay_decision(e["decision"]),
                           "answer": ", ".join(e["answer"])}))
    for e in report.get("not_carried", []):
        words = {"step": e["step"], "decision": _replay_decision(e["decision"]),
                 "answer": ", ".join(e["answer"]), "used": ", ".join(e["used"]),
                 "asked": _replay_decision(e["asked"]), "reason": _replay_reason(e)}
        if e.get("why") == "illegal":
            text = _("Step %(step)s: the answer %(answer)s to %(decision)s is refused now "
                     "(%(reason)s); answered %(used)s instead, the default.") % words
        else:
            text = _("Step %(step)s: the answer %(answer)s to %(decision)s could not be "
                     "carried: the decision asked now is %(asked)s; answered %(used)s instead, "
                     "the default.") % words
        lines.append((e["step"], "not-carried", text))
    for e in report.get("added", []):
        lines.append((e["after_step"] + 0.5, "added", _(
            "After step %(step)s: a decision not asked before, %(decision)s; answered "
            "%(used)s, the default.") % {"step": e["after_step"],
                                          "decision": _replay_decision(e["decision"]),
                                          "used": ", ".join(e["used"])}))
    stopped = report.get("stopped")
    if stopped:
        rules = f" ({', '.join(stopped['rules'])})" if stopped.get("rules") else ""
        lines.append((stopped["step"], "stopped", _(
            "Step %(step)s (%(action)s) is no longer legal: %(reason)s. The replay stopped "
            "there; %(left)s later step(s) were not replayed.") % {
                "step": stopped["step"], "action": stopped["action"],
                "reason": _replay_reason(stopped) + rules,
                "left": report.get("steps", 0) - report.get("processed", 0)}))
    lines.sort(key=lambda line: line[0])
    uncarried = len(report.get("dropped", [])) + len(report.get("not_carried", []))
    if stopped:
        summary = _("The history could not be replayed to its end.")
    elif uncarried:
        summary = ngettext("%(n)s answer could not be carried over.",
                           "%(n)s answers could not be carried over.", uncarried) % {
            "n": uncarried}
    else:
        summary = _("Every answer was carried over.")
    return {"preset": replay.get("preset", ""), "from_title": replay.get("from_title", ""),
            "from_slug": replay.get("from_slug", ""), "summary": summary,
            "steps": report.get("steps", 0), "processed": report.get("processed", 0),
            "lines": [{"kind": kind, "text": text} for _step, kind, text in lines]}
