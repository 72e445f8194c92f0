"""The Yu-Gi-Oh! timing rules of RULES.md, one or more tests per YGO-* id.

Each test builds a small duel through the public API (``Duel``, ``apply``, answers), plays it
and checks what really came out: trigger statuses and the rule ids they cite, chain link
numbers, instants, zones and LP. Cards the built-in library lacks are defined inline.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.cards import builtin_library
from engine.games.yugioh.policy import identify_effect

# ---------------------------------------------------------------------- helpers
from tests.engine.helpers import (  # noqa: E402
    answer,
    chain_names,
    entries,
    monster,
    new_duel,
    only_trigger,
    triggers_of,
    zone_names,
)


def summon_watcher(cid: str, name: str, *, optional: bool, zone: str = "monster",
                   wording: str = "if", amount: int = 100) -> dict[str, Any]:
    """A monster: "If another monster is Special Summoned: gain LP" (optional or not)."""
    return monster(cid, name, {
        "kind": "trigger", "wording": wording, "optional": optional, "activate_from": zone,
        "event": {"type": "summoned", "how": "special", "card": "other"},
        "operations": [{"op": "gain_lp", "amount": amount}],
    })


# ---------------------------------------------------------------------- YGO-KIND


@pytest.mark.rule("YGO-KIND")
def test_kind_trap_trigger_like_effect_is_spell_speed_2_others_spell_speed_1():
    lib = builtin_library()
    yang_zing = lib.find("Yang Zing Creation").effects[0]
    eisbahn = lib.find("Eisbahn").effects[0]
    supply = lib.find("Supply Squad").effects[0]
    sangan = lib.find("Sangan").effects[0]
    assert (yang_zing.kind, yang_zing.speed) == ("trigger", 2)
    assert (eisbahn.kind, eisbahn.speed) == ("trigger", 2)
    assert (supply.kind, supply.speed) == ("trigger", 1)  # a Spell's trigger-like effect
    assert (sangan.kind, sangan.speed) == ("trigger", 1)
    assert yang_zing.optional and not supply.optional  # mandatory or optional


YANG_ZING_AND_SUPPLY_SQUAD = {
    "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Soul Taker"]},
    "p2": {"monster": ["Amazoness Swords Woman"],
           "spell_trap": ["Yang Zing Creation", "Supply Squad"],
           "deck": ["Bixi, Water of the Yang Zing", "Kuriboh"]}}


@pytest.mark.rule("YGO-KIND")
def test_kind_triggers_make_chain_links_at_their_spell_speed():
    duel = new_duel(YANG_ZING_AND_SUPPLY_SQUAD)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    met = entries(duel, "trigger.met")
    assert {duel.name(e["args"]["card"]) for e in met} == {"Yang Zing Creation", "Supply Squad"}
    assert all(e["rules"] == ["YGO-KIND"] for e in met)
    # the optional trigger is a choice; the mandatory one is not asked about
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Yang Zing Creation")
    assert "YGO-KIND" in d.rules
    answer(duel, "yes")
    speeds = {duel.name(e["args"]["card"]): e["args"]["speed"]
              for e in entries(duel, "chain.link")}
    assert speeds == {"Soul Taker": 1, "Supply Squad": 1, "Yang Zing Creation": 2}


@pytest.mark.rule("YGO-KIND")
def test_kind_optional_trigger_can_be_declined_mandatory_cannot():
    duel = new_duel(YANG_ZING_AND_SUPPLY_SQUAD)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    answer(duel, "no")
    assert only_trigger(duel, "Yang Zing Creation").status == "declined"
    assert only_trigger(duel, "Supply Squad").status == "resolved"
    assert zone_names(duel, 1, "hand") == ["Kuriboh"]
    assert zone_names(duel, 1, "monster") == []


# ---------------------------------------------------------------------- YGO-IDENTIFY


@pytest.mark.rule("YGO-IDENTIFY")
@pytest.mark.parametrize("text, card_type, kind", [
    ("If this card is sent from the field to the GY: Add 1 monster from your Deck to your "
     "hand.", "monster", "trigger"),
    ("When this card is Normal Summoned: You can Special Summon 1 monster from your hand.",
     "monster", "trigger"),
    ("During your End Phase: Inflict 500 damage to your opponent.", "monster", "trigger"),
    ("Once per turn, if a monster(s) you control is destroyed by battle or card effect: Draw "
     "1 card.", "spell", "trigger"),
    ("When your opponent Normal or Special Summons a monster: Change that monster to Defense "
     "Position.", "trap", "trigger"),
    ("Each time your opponent draws a card: Inflict 100 damage.", "spell", "trigger"),
    ("Once per turn: You can draw 1 card.", "spell", "ignition"),
    ("Once per turn: You can draw 1 card.", "trap", "quick"),
    ("During your Main Phase: You can Special Summon 1 monster from your hand.", "spell",
     "ignition"),
    ("During your Main Phase: You can Special Summon 1 monster from your hand.", "trap",
     "quick"),
    ("During either player's turn: You can target 1 card on the field; destroy it.", "trap",
     "quick"),
    ("During either player's turn, when your opponent activates a card: You can negate it.",
     "monster", "quick"),
    ("When this card resolves: Draw 1 card.", "spell", "resolution"),
    ("When this card is activated: You can add 1 monster from your Deck to your hand.",
     "spell", "resolution"),
    ("You can Tribute this card; Special Summon 1 monster from your hand.", "monster",
     "ignition"),
    ("If you control a Tuner: You can Special Summon this card from your GY.", "monster",
     "ignition"),
])
def test_identify_effect_classifies_card_text(text, card_type, kind):
    assert identify_effect(text, card_type) == kind


def _effect_sentences(text: str) -> list[str]:
    """Split a card text into its effects (sentences), keeping quoted names whole."""
    parts = re.split(r"(?<=[.)])\s+(?=[A-Z(])", text)
    return [p for p in parts if p.strip()]


def _library_disagreements() -> list[str]:
    """Library trigger effects whose card text has no sentence classified as a trigger.

    Effects carry a ``text`` only sometimes; otherwise the card text is split into sentences.
    Card activations (the Spell/Trap card itself) are not effects and are left out.
    """
    out = []
    for card in builtin_library():
        if card.game != "yugioh":
            continue
        for e in card.effects:
            if e.kind not in ("trigger", "ignition", "quick"):
                continue
            if e.text:
                kinds = {identify_effect(e.text, card.type)}
            else:
                kinds = {identify_effect(s, card.type) for s in _effect_sentences(card.text)}
            if e.kind not in kinds:
                out.append(f"{card.en}: {e.kind} not in {sorted(kinds)}")
    return out


@pytest.mark.rule("YGO-IDENTIFY")
def test_identify_library_trigger_texts_agree_with_kinds_except_flip():
    problems = [p for p in _library_disagreements() if not p.startswith("Man-Eater Bug")]
    assert problems == []
    # the check really ran over the library's triggers
    triggers = [c.en for c in builtin_library() if c.game == "yugioh"
                and any(e.kind == "trigger" for e in c.effects)]
    assert len(triggers) >= 15


# ---------------------------------------------------------------------- YGO-HAND-SELF-SUMMON

HAND_HOPPER = monster("t_hand_hopper", "Hand Hopper", {
    "kind": "trigger", "wording": "if", "optional": True, "activate_from": "hand",
    "event": {"type": "lp_lost"},
    "operations": [{"op": "special_summon", "card": "self", "position": "defense"}]}, level=1)


@pytest.mark.rule("YGO-HAND-SELF-SUMMON")
def test_hand_self_summon_one_per_player_per_chain():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Hand Hopper", "Hand Hopper"]},
                     "p2": {"hand": ["Hand Hopper", "Hand Hopper"]}}, HAND_HOPPER)
    duel.apply({"do": "damage", "player": "p1", "amount": 100})
    duel.auto()
    for player in (0, 1):
        mine = [t for t in duel.state.triggers if t.controller == player]
        assert sorted(t.status for t in mine) == ["not_activated", "resolved"]
        blocked = next(t for t in mine if t.status == "not_activated")
        assert blocked.rules == ["YGO-HAND-SELF-SUMMON"]
        assert zone_names(duel, player, "monster") == ["Hand Hopper"]
        assert zone_names(duel, player, "hand") == ["Hand Hopper"]
    assert chain_names(duel) == [["Hand Hopper", "Hand Hopper"]]


@pytest.mark.rule("YGO-HAND-SELF-SUMMON")
def test_hand_self_summon_two_battle_faders():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Blue-Eyes White Dragon"]},
                     "p2": {"hand": [{"card": "Battle Fader", "as": "fader1"},
                                     {"card": "Battle Fader", "as": "fader2"}]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon"})
    assert duel.state.decision.args["card"] == duel.ref("fader1")
    answer(duel, "yes")
    assert duel.state.decision is None  # the second one is not even offered
    assert only_trigger(duel, "fader1").status == "resolved"
    fader2 = only_trigger(duel, "fader2")
    assert fader2.status == "not_activated" and fader2.rules == ["YGO-HAND-SELF-SUMMON"]
    assert zone_names(duel, 1, "monster") == ["Battle Fader"]


@pytest.mark.rule("YGO-HAND-SELF-SUMMON")
@pytest.mark.rule("YGO-HAND-TRAP")
def test_hand_self_summon_second_fader_not_offered_as_a_response():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Blue-Eyes White Dragon"],
                            "spell_trap": [{"card": "Mystical Space Typhoon", "set": True}]},
                     "p2": {"hand": [{"card": "Battle Fader", "as": "fader1"},
                                     {"card": "Battle Fader", "as": "fader2"}],
                            "spell_trap": [{"card": "Call of the Haunted", "set": True}]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon"})
    answer(duel, "no")
    answer(duel, "no")
    duel.apply({"do": "activate", "card": "Mystical Space Typhoon"})
    offered = [o.get("card") for o in duel.state.decision.options]
    assert duel.ref("fader1") in offered and duel.ref("fader2") in offered
    answer(duel, "fader1")
    # after the first, the chain goes on without offering the second one
    assert duel.state.decision is None
    assert only_trigger(duel, "fader1").link == 2
    assert only_trigger(duel, "fader2").status == "declined"
    assert zone_names(duel, 1, "hand") == ["Battle Fader"]


# ---------------------------------------------------------------------- YGO-PHASE-LATE


@pytest.mark.rule("YGO-PHASE-LATE")
def test_phase_late_yomi_frog_sent_to_the_gy_during_the_standby_phase():
    duel = new_duel({"turn_player": "p1", "phase": "standby",
                     "p1": {"monster": ["Yomi Frog"]}})
    assert duel.state.decision is None  # on the field: its condition is not met
    duel.apply({"do": "destroy", "card": "Yomi Frog"})
    d = duel.state.decision
    assert d.kind == "phase_trigger" and d.player == 0
    assert d.rules == ["YGO-PHASE", "YGO-PHASE-LATE"]
    assert [o["id"] for o in d.options][-1] == "pass"
    answer(duel, "Yomi Frog")
    assert zone_names(duel, 0, "monster") == ["Yomi Frog"]
    frog = only_trigger(duel, "Yomi Frog")
    assert frog.status == "resolved" and frog.rules == ["YGO-PHASE"]


@pytest.mark.rule("YGO-PHASE-LATE")
def test_phase_late_optional_phase_trigger_can_be_passed():
    duel = new_duel({"turn_player": "p1", "phase": "standby",
                     "p1": {"monster": ["Yomi Frog"]}})
    duel.apply({"do": "destroy", "card": "Yomi Frog"})
    duel.apply({"do": "answer", "choice": "pass"})
    assert duel.state.decision is None and triggers_of(duel, "Yomi Frog") == []
    duel.apply({"do": "next_phase"})
    assert duel.state.phase == "main1" and zone_names(duel, 0, "gy") == ["Yomi Frog"]
