"""Summon procedures with materials: Synchro, Xyz, Link, Fusion and Ritual Summons, Xyz
Materials and detach costs, "sent to the GY as material" events."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel
from engine.cards import load_card_file
from engine.errors import CardDataError

from .helpers import (
    answer,
    assert_illegal,
    chain_names,
    new_duel,
    only_trigger,
    play_randomly,
    triggers_of,
)

SYNCHRO_BOARD: dict[str, Any] = {
    "turn_player": "p1", "phase": "main1",
    "p1": {"monster": ["Tuningware", "Synchro Fusionist", "Celtic Guardian"],
           "extra": ["Black Rose Dragon"], "deck": ["Polymerization", "Kuriboh"]},
}

#: a material whose effect is an optional "when": the summon comes after it, so it misses
WHEN_MATERIAL = {
    "id": "when_material", "name": {"en": "When Material"}, "type": "monster",
    "subtype": "effect", "level": 3, "atk": 100, "def": 100,
    "effects": [{"kind": "trigger", "wording": "when", "optional": True, "activate_from": "gy",
                 "event": {"type": "sent_to_gy", "card": "self", "as_material": "synchro"},
                 "operations": [{"op": "draw", "count": 1}]}],
}
#: a material that waits for being destroyed, and one for being sent to the GY (any way)
IF_DESTROYED = {
    "id": "if_destroyed", "name": {"en": "If Destroyed"}, "type": "monster", "subtype": "effect",
    "level": 3, "effects": [{"kind": "trigger", "activate_from": "gy",
                             "event": {"type": "destroyed", "card": "self"},
                             "operations": [{"op": "draw", "count": 1}]}],
}
LINK_3 = {"id": "link_three", "name": {"en": "Link Three"}, "type": "monster",
          "subtype": "link", "link": 3, "atk": 2300, "materials": {"min": 2, "max": 3}}


def xyz_duel(*materials: str, **more: Any) -> Duel:
    return new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": [{"card": "Ghostrick Alucard", "under": list(materials)}],
                            **more},
                     "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}},
                    IF_DESTROYED)


# ---------------------------------------------------------------------------- Synchro
@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.rule("YGO-WAIT")
def test_synchro_materials_and_the_summoned_monster_trigger_on_one_chain() -> None:
    duel = new_duel(SYNCHRO_BOARD)
    action = {"do": "synchro_summon", "card": duel.ref("Black Rose Dragon"),
              "materials": [duel.ref(n) for n in
                            ("Tuningware", "Synchro Fusionist", "Celtic Guardian")]}
    assert action in duel.legal_actions()
    duel.apply(action)
    answer(duel, "yes")
    answer(duel, "yes")
    answer(duel, ["Synchro Fusionist", "Black Rose Dragon"])
    assert chain_names(duel) == [["Tuningware", "Synchro Fusionist", "Black Rose Dragon"]]
    fusionist = only_trigger(duel, "Synchro Fusionist")
    rose = only_trigger(duel, "Black Rose Dragon")
    assert fusionist.met_at == rose.met_at - 1  # materials first, the summon next
    assert "YGO-WAIT" in fusionist.rules and "YGO-NOT-MISSED" in rose.rules


@pytest.mark.rule("YGO-MISS")
def test_an_optional_when_effect_of_a_synchro_material_misses_the_timing() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Junk Synchron", "When Material"], "extra": ["Black Rose Dragon"],
        "deck": ["Kuriboh"]}}, WHEN_MATERIAL, {**WHEN_MATERIAL, "id": "when_material",
                                               "level": 4})
    duel.apply({"do": "synchro_summon", "card": "Black Rose Dragon",
                "materials": ["Junk Synchron", "When Material"]})
    missed = only_trigger(duel, "When Material")
    assert missed.status == "missed" and missed.rules == ["YGO-MISS"]
    assert any("was Synchro Summoned" in line for line in duel.transcript())


@pytest.mark.parametrize(("materials", "reason"), [
    (["Synchro Fusionist", "Celtic Guardian"], "exactly 1 Tuner, not 0"),
    (["Tuningware", "Celtic Guardian"], "Levels total 5, not the Synchro Monster's Level 7"),
    (["Tuningware"], "needs 2 or more materials, not 1"),
    (["Tuningware", "Junk Synchron", "Celtic Guardian"], "exactly 1 Tuner, not 2"),
])
def test_illegal_synchro_materials_are_refused_with_the_reason(materials: list[str],
                                                               reason: str) -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Tuningware", "Synchro Fusionist", "Celtic Guardian", "Junk Synchron"],
        "extra": ["Black Rose Dragon"]}})
    assert_illegal(duel, {"do": "synchro_summon", "card": "Black Rose Dragon",
                          "materials": materials}, reason)


def test_a_named_tuner_and_where_a_synchro_summon_may_happen() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Tuningware", "Junk Synchron", "Speed Warrior", "Celtic Guardian"],
        "extra": ["Junk Warrior"], "gy": ["Black Rose Dragon"]}})
    assert_illegal(duel, {"do": "synchro_summon", "card": "Junk Warrior",
                          "materials": ["Tuningware", "Celtic Guardian"]},
                   "Tuningware is not a Tuner Junk Warrior can use")
    assert_illegal(duel, {"do": "synchro_summon", "card": "Black Rose Dragon",
                          "materials": ["Tuningware", "Celtic Guardian"]}, "Extra Deck")
    duel.apply({"do": "next_phase"})
    assert_illegal(duel, {"do": "synchro_summon", "card": "Junk Warrior",
                          "materials": ["Junk Synchron", "Speed Warrior"]}, "Main Phase")


# ---------------------------------------------------------------------------- Xyz
@pytest.mark.rule("YGO-KIND")
def test_xyz_materials_go_under_the_monster_and_do_not_leave_the_field() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {"monster": ["Sangan", "Dandelion"],
                                                 "extra": ["Ghostrick Alucard"]}})
    duel.apply({"do": "xyz_summon", "card": "Ghostrick Alucard",
                "materials": ["Sangan", "Dandelion"]})
    alucard = duel.state.cards[duel.ref("Ghostrick Alucard")]
    assert [duel.name(i) for i in alucard.under] == ["Sangan", "Dandelion"]
    assert duel.state.zones[0]["gy"] == [] and duel.state.triggers == []
    events = [e for inst in duel.state.instants for e in inst["events"]]
    assert not [e for e in events if e["type"] == "left_field"]
    assert_illegal(duel, {"do": "move", "card": "Sangan", "zone": "hand"}, "Xyz Material")


def test_illegal_xyz_and_link_materials_are_refused() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Sangan", "Celtic Guardian", {"card": "Dandelion", "set": True},
                    "Proxy Dragon"],
        "extra": ["Ghostrick Alucard", "Link Spider", "Link Three"]}}, LINK_3)
    assert_illegal(duel, {"do": "xyz_summon", "card": "Ghostrick Alucard",
                          "materials": ["Sangan", "Celtic Guardian"]},
                   "Celtic Guardian is Level 4: Ghostrick Alucard (Rank 3) needs Level 3")
    assert_illegal(duel, {"do": "xyz_summon", "card": "Ghostrick Alucard",
                          "materials": ["Sangan", "Dandelion"]}, "not a face-up monster")
    duel.apply({"do": "place", "card": "Fluff Token", "zone": "monster", "player": "p1"})
    assert_illegal(duel, {"do": "xyz_summon", "card": "Ghostrick Alucard",
                          "materials": ["Sangan", "Fluff Token"]}, "cannot be an Xyz Material")
    assert_illegal(duel, {"do": "link_summon", "card": "Link Spider",
                          "materials": ["Sangan"]}, "cannot be a Link Material of Link Spider")
    assert_illegal(duel, {"do": "link_summon", "card": "Link Three",
                          "materials": ["Sangan", "Celtic Guardian"]}, "Link Rating 3")


@pytest.mark.rule("YGO-KIND")
def test_a_link_monster_counts_as_its_link_rating_and_stays_in_attack_position() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {"monster": ["Proxy Dragon", "Sangan"],
                                                 "extra": ["Link Three"]}}, LINK_3)
    duel.apply({"do": "link_summon", "card": "Link Three", "materials": ["Proxy Dragon",
                                                                         "Sangan"]})
    assert [duel.name(i) for i in duel.state.zones[0]["monster"]] == ["Link Three"]
    sangan = only_trigger(duel, "Sangan")  # sent from the field to the GY as Link Material
    assert sangan.status == "resolved"
    duel.auto()
    assert_illegal(duel, {"do": "change_position", "card": "Link Three"}, "Attack Position")


@pytest.mark.rule("YGO-KIND")
@pytest.mark.rule("YGO-WAIT")
def test_a_detached_material_is_sent_to_the_gy_but_not_destroyed_nor_from_the_field() -> None:
    duel = xyz_duel("Sangan", "If Destroyed", "Dandelion")
    duel.apply({"do": "activate", "card": "Ghostrick Alucard", "effect": 0})
    answer(duel, "If Destroyed")
    assert triggers_of(duel, "If Destroyed") == [] and triggers_of(duel, "Sangan") == []
    duel.undo()
    answer(duel, "Dandelion")
    assert chain_names(duel) == [["Ghostrick Alucard"], ["Dandelion"]]
    assert only_trigger(duel, "Dandelion").rules[:1] == ["YGO-WAIT"]


@pytest.mark.rule("YGO-KIND")
def test_a_detach_cost_needs_a_material() -> None:
    duel = xyz_duel()
    alucard = duel.ref("Ghostrick Alucard")
    assert not [a for a in duel.legal_actions() if a.get("card") == alucard
                and a["do"] == "activate"]
    assert_illegal(duel, {"do": "activate", "card": "Ghostrick Alucard", "effect": 0},
                   "cannot be activated")


def test_an_xyz_monster_leaving_the_field_takes_its_materials_to_the_gy() -> None:
    duel = xyz_duel("If Destroyed", "Sangan")
    duel.apply({"do": "destroy", "card": "Ghostrick Alucard"})
    gy = sorted(duel.name(i) for i in duel.state.zones[0]["gy"])
    assert gy == ["Ghostrick Alucard", "If Destroyed", "Sangan"]
    assert triggers_of(duel, "If Destroyed") == [] and triggers_of(duel, "Sangan") == []
    duel.undo()
    duel.apply({"do": "return_to_hand", "card": "Ghostrick Alucard"})
    assert [duel.name(i) for i in duel.state.zones[0]["extra"]] == ["Ghostrick Alucard"]


# ---------------------------------------------------------------------------- Link + discard
@pytest.mark.rule("YGO-KIND")
def test_knightmare_phoenix_discards_as_its_cost() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Sangan", "Celtic Guardian"], "extra": ["Knightmare Phoenix"],
        "hand": ["Dandelion"], "deck": ["Kuriboh"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "link_summon", "card": "Knightmare Phoenix",
                "materials": ["Sangan", "Celtic Guardian"]})
    duel.auto()
    assert duel.name(duel.state.zones[1]["gy"][0]) == "Trap Hole"
    assert "Dandelion" in [duel.name(i) for i in duel.state.zones[0]["gy"]]
    discarded = only_trigger(duel, "Dandelion")
    assert discarded.event["cause"] == "cost"


# ---------------------------------------------------------------------------- Fusion, Ritual
@pytest.mark.rule("YGO-MISS")
@pytest.mark.rule("YGO-SEQUENCE")
def test_fusion_materials_go_then_the_fusion_summon() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "hand": ["Polymerization", "Elemental HERO Avian", "Elemental HERO Burstinatrix"],
        "extra": ["Elemental HERO Flame Wingman", "Mudragon of the Swamp"]}})
    duel.apply({"do": "activate", "card": "Polymerization"})
    answer(duel, "Elemental HERO Flame Wingman")
    assert [duel.name(i) for i in duel.state.zones[0]["monster"]] == [
        "Elemental HERO Flame Wingman"]
    lines = duel.transcript()
    assert any("sent to the GY as Fusion Material" in line for line in lines)
    materials = next(i for i, line in enumerate(lines) if "as Fusion Material" in line)
    summoned = next(i for i, line in enumerate(lines) if "was Fusion Summoned" in line)
    assert materials < summoned


def test_polymerization_without_materials_cannot_be_activated() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "hand": ["Polymerization", "Elemental HERO Avian"],
        "extra": ["Elemental HERO Flame Wingman"]}})
    assert_illegal(duel, {"do": "activate", "card": "Polymerization"}, "cannot be activated")


@pytest.mark.rule("YGO-NOT-MISSED")
def test_a_ritual_summon_refuses_a_tribute_more_than_needed() -> None:
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Poison Draw Frog"], "deck": ["Kuriboh"],
        "hand": ["Black Luster Ritual", "Black Luster Soldier", "Dark Magician", "Kuriboh"]}})
    duel.apply({"do": "activate", "card": "Black Luster Ritual"})
    assert {"do": "answer", "choice": duel.state.decision.default} in duel.legal_actions()
    assert_illegal(duel, {"do": "answer", "choice": ["Dark Magician", "Poison Draw Frog",
                                                     "Kuriboh"]}, "more than needed")
    assert_illegal(duel, {"do": "answer", "choice": ["Poison Draw Frog", "Kuriboh"]},
                   "total 3, less than Black Luster Soldier's Level 8")
    answer(duel, ["Dark Magician", "Poison Draw Frog"])
    frog = only_trigger(duel, "Poison Draw Frog")
    assert frog.status == "ready" and frog.rules[0] == "YGO-NOT-MISSED"


def test_an_exact_ritual_and_a_ritual_without_enough_levels() -> None:
    exact = {"id": "exact_ritual", "name": {"en": "Exact Ritual"}, "type": "spell",
             "subtype": "ritual", "effects": [{"kind": "activation", "operations": [
                 {"op": "ritual_summon", "levels": "equal"}]}]}
    duel = new_duel({"turn_player": "p1", "p1": {
        "hand": ["Exact Ritual", "Black Luster Soldier", "Dark Magician", "Celtic Guardian"]}},
        exact)
    assert_illegal(duel, {"do": "activate", "card": "Exact Ritual"}, "cannot be activated")
    duel.apply({"do": "place", "card": "Kuriboh", "zone": "hand", "player": "p1"})
    duel.apply({"do": "activate", "card": "Exact Ritual"})
    assert [duel.name(i) for i in duel.state.zones[0]["monster"]] == ["Black Luster Soldier"]


# ---------------------------------------------------------------------------- event patterns
@pytest.mark.rule("YGO-KIND")
def test_a_synchro_summon_is_a_special_summon() -> None:
    watcher = {"id": "special_watcher", "name": {"en": "Special Watcher"}, "type": "monster",
               "level": 4, "effects": [{"kind": "trigger", "event": {
                   "type": "summoned", "how": "special"}, "operations": [{"op": "draw"}]}]}
    duel = new_duel({"turn_player": "p1", "p1": {
        "monster": ["Tuningware", "Synchro Fusionist", "Celtic Guardian", "Special Watcher"],
        "extra": ["Black Rose Dragon"], "deck": ["Kuriboh", "Kuriboh"]}}, watcher)
    duel.apply({"do": "synchro_summon", "card": "Black Rose Dragon",
                "materials": ["Tuningware", "Synchro Fusionist", "Celtic Guardian"]})
    assert only_trigger(duel, "Special Watcher").status in ("ready", "queued", "activated")
    special = duel.find_cards({"zone": "monster", "filter": {"summoned": "special"}}, 0)
    assert [duel.name(c.iid) for c in special] == ["Black Rose Dragon"]


# ---------------------------------------------------------------------------- card data
@pytest.mark.parametrize(("snippet", "field", "message"), [
    ("  type: monster\n  subtype: synchro\n  materials: {tuners: 2}\n", "materials.tuners",
     "unknown key tuners in materials"),
    ("  type: monster\n  subtype: effect\n  materials: {min: 2}\n", "materials",
     "only a Fusion, Synchro, Xyz or Link Monster has materials"),
    ("  type: monster\n  subtype: xyz\n  materials: {filter: {colour: red}}\n",
     "materials.filter.colour", "colour"),
    ("  type: monster\n  subtype: effect\n  rank: 4\n", "rank", "only an Xyz Monster"),
    ("  type: monster\n  subtype: link\n  link: two\n", "link", "whole number"),
    ("  type: monster\n  tuner: maybe\n", "tuner", "true or false"),
    ("  type: spell\n  effects:\n    - kind: activation\n      operations:\n"
     "        - {op: ritual_summon, levels: most}\n", "effects[0].operations[0].levels",
     "levels must be one of at_least, equal"),
    ("  type: monster\n  effects:\n    - kind: ignition\n      cost:\n"
     "        - {op: detach, count: 0}\n", "effects[0].cost[0].count", "count must be"),
])
def test_broken_summon_data_names_the_card_and_field(tmp_path: Path, snippet: str, field: str,
                                                     message: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("- id: broken\n  game: yugioh\n  name: {en: Broken}\n" + snippet,
                    encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert err.value.card == "broken" and err.value.field == field
    assert err.value.file == str(path) and message in str(err.value)


# ---------------------------------------------------------------------------- random play
RANDOM_BOARD: dict[str, Any] = {
    "turn_player": "p1", "phase": "main1",
    "p1": {
        "monster": ["Tuningware", "Synchro Fusionist", "Sangan", "Dandelion",
                    {"card": "Lavalval Chain", "under": ["Celtic Guardian", "Mermaid Knight"]}],
        "extra": ["Black Rose Dragon", "Ghostrick Alucard", "Knightmare Phoenix",
                  "Elemental HERO Flame Wingman", "Link Spider", "Junk Warrior"],
        "hand": ["Polymerization", "Elemental HERO Avian", "Elemental HERO Burstinatrix",
                 "Black Luster Ritual", "Black Luster Soldier", "Lightning Vortex"],
        "deck": ["Kuriboh", "Polymerization", "Junk Synchron", "Speed Warrior"],
    },
    "p2": {"monster": ["Junk Synchron", "Celtic Guardian", "Doppelwarrior"],
           "extra": ["Black Rose Dragon", "Proxy Dragon", "Daigusto Emeral"],
           "hand": ["Dark Magician"],
           "spell_trap": [{"card": "Trap Hole", "set": True}]},
}
PROCEDURES = ("synchro_summon", "xyz_summon", "link_summon")
STATS: Counter[str] = Counter()


def check_invariants(duel: Duel) -> None:
    """Every card is listed once: in a zone, or under one Xyz Monster on the field."""
    state = duel.state
    listed: Counter[int] = Counter()
    for zones in state.zones:
        for zone, iids in zones.items():
            for iid in iids:
                listed[iid] += 1
                assert state.cards[iid].zone == zone
    for card in state.cards.values():
        assert not card.under or card.zone == "monster", duel.name(card.iid)
        for iid in card.under:
            listed[iid] += 1
            assert state.cards[iid].zone == "under"
    for iid, card in state.cards.items():
        assert listed[iid] == (0 if card.zone == "limbo" else 1), (duel.name(iid), card.zone)


def _summoned(duel: Duel) -> None:
    for t in duel.state.triggers:
        if t.event.get("as_material"):
            STATS["material trigger"] += 1
    for card in duel.state.cards.values():
        how = card.flags.get("summoned")
        if how in ("synchro", "xyz", "link", "fusion", "ritual"):
            STATS[how] += 1


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=25),
       st.booleans())
def random_play(picks: list[int], prefer_summons: bool) -> None:
    duel = Duel("yugioh", setup=RANDOM_BOARD)
    def summons(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [a for a in actions if a["do"] in PROCEDURES
                or (a["do"] == "activate" and a.get("effect") == "card")]

    play_randomly(duel, picks, after=lambda d: (check_invariants(d), _summoned(d)),
                  narrow=summons if prefer_summons else None)


@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.rule("YGO-WAIT")
def test_random_legal_play_with_summon_procedures_keeps_the_invariants() -> None:
    STATS.clear()
    random_play()
    for how in ("synchro", "xyz", "link"):
        assert STATS[how] > 0, dict(STATS)
    assert STATS["material trigger"] > 0, dict(STATS)
