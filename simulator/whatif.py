"""What-if switches: a board's history replayed under one change, beside the original.

A switch flips one thing the outcome depends on: an effect's wording ("when" <-> "if", a
Yu-Gi-Oh! trigger's wording decides missing the timing), an effect's optional <-> mandatory,
whose turn it is, or the rule preset (Yu-Gi-Oh!). A card's changed wording is a modified copy
of its definition (built-in or the board's own custom card) passed to
:func:`engine.replay_under` as a custom card of the same id, for that replay only: nothing of
the board changes. The two outcomes are summarised side by side: the chains (or Duel Masters'
resolved abilities), life points, where each card of the set-up ended, and the log, with the
entries that differ marked and the rule ids they cite.
"""

from __future__ import annotations

import copy
import difflib
import functools
from dataclasses import dataclass
from typing import Any

import yaml
from django.utils.translation import gettext as _

from engine import RULES, Duel, ReplayReport, builtin_card_files, replay_under
from engine.words import player_name, render, text_arg, zone_name

from .game_context import web
from .language import engine_language, local, translator
from .rendering import Viewer, replay_view

#: log entries that are bookkeeping, not an outcome
SKIPPED_KEYS = ("instant",)
#: decisions left open at the end that are answered with their defaults, at most
MAX_SETTLE = 200


@dataclass(frozen=True)
class Switch:
    """One change offered on a board: ``id`` is what the URL carries."""

    id: str
    kind: str  # wording, optional, turn, preset
    label: str
    card_id: str = ""
    effect: int = -1


class UnknownSwitch(ValueError):
    """The switch asked for is not one this board offers."""


# ---------------------------------------------------------------------- the switches
def switches(duel: Duel) -> list[Switch]:
    """The switches that apply to this duel: per effect of a card of its set-up, then whose
    turn it is, then (Yu-Gi-Oh!) the other presets."""
    out: list[Switch] = []
    seen: set[str] = set()
    for card in sorted(duel.state.cards.values(), key=lambda c: c.iid):
        if card.card_id in seen:
            continue
        seen.add(card.card_id)
        out += _card_switches(duel, card.card_id)
    turn = duel.setup.get("turn_player", "p1")
    other = "p2" if turn in ("p1", 0) else "p1"
    out.append(Switch(f"turn:{other}", "turn", _("It is %(player)s's turn instead") % {
        "player": player_name(int(other[1]) - 1, translator())}))
    presets = web(duel.game).PRESETS
    if presets:
        now = duel.settings.get("preset", presets[0])
        out += [Switch(f"preset:{p}", "preset", _("Under the %(preset)s preset") % {"preset": p})
                for p in presets if p != now]
    return out


def _card_switches(duel: Duel, card_id: str) -> list[Switch]:
    """A card's trigger effects: wording (Yu-Gi-Oh! "when"/"if") and optional/mandatory."""
    definition = duel.library[card_id]
    out = []
    for effect in definition.effects:
        if effect.kind != "trigger":
            continue
        words = {"card": definition.name_in(engine_language()),
                 "effect": text_arg(effect.label, translator(duel)) if effect.label
                 else _("effect %(n)s") % {"n": effect.index + 1}}
        flip = web(duel.game).FLIP_WORDING  # the wordings a game tells apart ("when"/"if")
        if effect.wording in flip:
            words["to"] = flip[effect.wording]
            out.append(Switch(f"wording:{card_id}:{effect.index}", "wording", _(
                "%(card)s: %(effect)s says \"%(to)s\"") % words, card_id, effect.index))
        words["to"] = _("mandatory") if effect.optional else _("optional")
        out.append(Switch(f"optional:{card_id}:{effect.index}", "optional", _(
            "%(card)s: %(effect)s is %(to)s") % words, card_id, effect.index))
    return out


def find_switch(duel: Duel, switch_id: str) -> Switch:
    """The offered switch of this id, or :class:`UnknownSwitch`."""
    for switch in switches(duel):
        if switch.id == switch_id:
            return switch
    raise UnknownSwitch(switch_id)


# ---------------------------------------------------------------------- replaying under it
@functools.cache
def _builtin_raw(game: str) -> dict[str, dict[str, Any]]:
    """The built-in card definitions of a game as written in their files, by id."""
    out: dict[str, dict[str, Any]] = {}
    for path in builtin_card_files(game):
        for raw in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            out.setdefault(raw["id"], raw)
    return out


def raw_definition(game: str, card_id: str, custom: list[dict[str, Any]]) -> dict[str, Any]:
    """A card's definition as a mapping of the card-file schema (the board's own custom card
    of that id first, else the built-in one): a copy, safe to change."""
    for raw in custom:
        if isinstance(raw, dict) and raw.get("id") == card_id:
            return copy.deepcopy(raw)
    return copy.deepcopy(_builtin_raw(game)[card_id])


def changed_card(duel: Duel, switch: Switch, custom: list[dict[str, Any]]) -> dict[str, Any]:
    """The card of a wording or optional switch with that one effect changed."""
    raw = raw_definition(duel.game, switch.card_id, custom)
    raw.setdefault("game", duel.game)
    effect = raw["effects"][switch.effect]
    if switch.kind == "wording":
        effect["wording"] = web(duel.game).FLIP_WORDING[effect.get("wording", "if")]
    else:
        effect["optional"] = not effect.get("optional", False)
    return raw


def replay_switched(duel: Duel, switch: Switch, custom: list[dict[str, Any]]) -> ReplayReport:
    """``duel``'s history replayed under ``switch`` (the board itself is not changed)."""
    if switch.kind == "preset":
        return replay_under(duel, settings={"preset": switch.id.split(":", 1)[1]})
    if switch.kind == "turn":
        setup = {**copy.deepcopy(duel.setup), "turn_player": switch.id.split(":", 1)[1]}
        return replay_under(duel, setup=setup)
    return replay_under(duel, cards=[changed_card(duel, switch, custom)])


def settle(duel: Duel, limit: int = MAX_SETTLE) -> int:
    """Answer the decisions left open at the end of a history with their defaults, so both
    outcomes are played to the end; how many were answered."""
    answered = 0
    while duel.state.decision is not None and answered < limit:
        duel.apply({"do": "answer", "choice": duel.default_answer()})
        answered += 1
    return answered


# ---------------------------------------------------------------------- the two outcomes
def _chains(duel: Duel, vw: Viewer) -> list[list[str]]:
    """The chains that resolved (Yu-Gi-Oh!: links from 1 up), or the Duel Masters abilities
    that resolved (one list), each entry "card: effect (player)"."""
    chains: list[list[str]] = [[]]
    for entry in duel.state.log:
        args = entry["args"]
        if entry["key"] in ("chain.link", "chain.link_same", "pending.resolve"):
            who = player_name(args["player"], vw.tr) if "player" in args else ""
            effect = text_arg(args.get("effect") or "", vw.tr)
            text = f"{vw.name(args['card'])}: {effect}".rstrip(": ")
            chains[-1].append(f"{text} ({who})" if who else text)
        elif entry["key"] == "chain.done" and chains[-1]:
            chains.append([])
    return [c for c in chains if c]


def _log(duel: Duel, vw: Viewer) -> list[dict[str, Any]]:
    return [{"text": render(e, vw.name, vw.tr, with_rules=False),
             "rules": [r for r in e["rules"] if r in RULES]}
            for e in duel.state.log if e["key"] not in SKIPPED_KEYS and vw.sees(e)]


def _zones(duel: Duel, vw: Viewer) -> dict[int, str]:
    return {c.iid: f"{player_name(c.controller, vw.tr)} · {zone_name(c.zone, vw.tr)}"
            for c in duel.state.cards.values()}


def _mark_differences(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> None:
    """Mark the log entries of each side that the other side does not have (in order)."""
    for entry in left + right:
        entry["differs"] = True
    matcher = difflib.SequenceMatcher(a=[e["text"] for e in left],
                                      b=[e["text"] for e in right], autojunk=False)
    for block in matcher.get_matching_blocks():
        for i in range(block.size):
            left[block.a + i]["differs"] = False
            right[block.b + i]["differs"] = False


def what_if(duel: Duel, switch: Switch, custom: list[dict[str, Any]]) -> dict[str, Any]:
    """Replay ``duel`` (a copy the caller may change) under ``switch``, play both to their
    end (open decisions answered with their defaults) and compare them."""
    report = replay_switched(duel, switch, custom)
    assert report.duel is not None
    settled = [settle(duel), settle(report.duel)]
    result = compare(duel, report)
    for side, n in zip(result["sides"], settled, strict=True):
        side["settled"] = n
    return result | {"switch": switch}


def _explaining(entries: list[dict[str, Any]], stopped: list[str]) -> list[str]:
    """The rule ids of the entries that differ (and of a step that became illegal): those
    cited only where the outcomes differ first, then those also cited where they agree."""
    differing = [r for e in entries if e["differs"] for r in e["rules"]] + [
        r for r in stopped if r in RULES]
    shared = {r for e in entries if not e["differs"] for r in e["rules"]}
    return sorted(dict.fromkeys(differing), key=lambda r: r in shared)


def compare(before: Duel, report: ReplayReport) -> dict[str, Any]:
    """Both outcomes side by side, their differences marked, and the rule ids that explain
    them (those cited by the log entries that differ, and by a step that became illegal)."""
    after = report.duel
    assert after is not None
    sides = []
    for duel in (before, after):
        vw = Viewer(duel, "open")
        sides.append({"chains": _chains(duel, vw), "lp": list(duel.state.lp),
                      "log": _log(duel, vw), "zones": _zones(duel, vw), "vw": vw})
    _mark_differences(sides[0]["log"], sides[1]["log"])
    zones = []
    for iid in sorted(set(sides[0]["zones"]) | set(sides[1]["zones"])):
        was, now = sides[0]["zones"].get(iid, "-"), sides[1]["zones"].get(iid, "-")
        lang = engine_language()
        zones.append({"card": before.name_in(iid, lang) if iid in before.state.cards
                      else after.name_in(iid, lang), "before": was, "after": now,
                      "differs": was != now})
    stopped = report.stopped or {}
    rules = _explaining([e for s in sides for e in s["log"]], stopped.get("rules", []))
    for side in sides:
        del side["zones"], side["vw"]
        side["lp_text"] = " · ".join(f"{player_name(p, translator())} {lp}" for p, lp in
                                     enumerate(side["lp"]))
    return {"sides": sides, "zones": zones,
            "rules": [{"id": r, "title": local(RULES[r].texts["title"], RULES[r].title)}
                      for r in rules],
            "lp_differs": sides[0]["lp"] != sides[1]["lp"],
            "chains_differ": sides[0]["chains"] != sides[1]["chains"],
            "report": replay_view({"report": report.to_dict()}),
            "same": not any(e["differs"] for s in sides for e in s["log"])}
