"""DM-LOOK-BACK: abilities trigger on the game just after the event; a leave is looked back at
only for the card that left. Each case is played through the public API with its contrast, the
same board where the event does trigger."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Duel
from engine.scenario import SCENARIO_DIR, check_scenario, load_scenario, run_scenario

GAME = "duel_masters"
MANA6 = ["Burning Mane"] * 6
DECK = ["Propeller Mutant"] * 3
SENTINEL = "Mourning Sentinel (teaching card)"
WATCHER = "Vengeful Watcher (teaching card)"

#: an ability that works from the graveyard, to show the new zone does not see the leave either
MOURNER: dict[str, Any] = {
    "id": "t_mourner", "name": {"en": "Test Mourner"}, "type": "creature", "cost": 1,
    "power": 1000,
    "effects": [{"kind": "trigger", "label": "draw from the graveyard",
                 "activate_from": "graveyard",
                 "event": {"type": "destroyed", "card": "other"},
                 "operations": [{"op": "draw", "count": 1}]}]}
#: a leave ability whose trigger condition counts the battle zone at the event
COUNTER: dict[str, Any] = {
    "id": "t_counter", "name": {"en": "Test Last Stand"}, "type": "creature", "cost": 1,
    "power": 1000,
    "effects": [{"kind": "trigger", "label": "draw if alone",
                 "event": {"type": "destroyed", "card": "self"},
                 "condition": [{"at": "event",
                                "count": {"zone": "battle", "controller": "you", "max": 0}}],
                 "operations": [{"op": "draw", "count": 1}]}]}


def new(setup: dict[str, Any], **kw: Any) -> Duel:
    return Duel(GAME, setup={"turn_player": "p1", "phase": "main", **setup},
                cards=[MOURNER, COUNTER], **kw)


def pending_cards(duel: Duel) -> list[str]:
    return [duel.name(t.card) for t in duel.state.triggers]


def look_back_lines(duel: Duel) -> list[str]:
    return [line for line in duel.transcript() if line.endswith("(DM-LOOK-BACK)")
            and "does not trigger" in line]


# ---------------------------------------------------------------------- by one spell
@pytest.mark.rule("DM-LOOK-BACK")
def test_destroyed_by_one_spell_with_two_others_triggers_once_for_itself() -> None:
    duel = new({"p1": {"hand": ["Cataclysm Wave (teaching card)"],
                       "battle": [SENTINEL, "Burning Mane", "Burning Mane"],
                       "mana": MANA6, "deck": DECK}})
    duel.apply({"do": "cast", "card": "Cataclysm Wave (teaching card)"})
    duel.auto()
    assert pending_cards(duel) == [SENTINEL]
    sentinel = duel.state.triggers[0]
    assert sentinel.event["card"] == duel.ref(SENTINEL)  # its own destruction
    assert "DM-LOOK-BACK" in sentinel.rules
    assert len(duel.state.zones[0]["hand"]) == 1
    assert len(look_back_lines(duel)) == 2  # one line per creature it did not see leave


@pytest.mark.rule("DM-LOOK-BACK")
@pytest.mark.rule("DM-POOL")
def test_contrast_a_survivor_sees_each_creature_destroyed_by_the_spell() -> None:
    duel = new({"p1": {"hand": ["Burst Shot"], "battle": [SENTINEL, "Burning Mane",
                                                          "Burning Mane"],
                       "mana": MANA6, "deck": DECK}})
    duel.apply({"do": "cast", "card": "Burst Shot"})
    duel.auto()
    assert pending_cards(duel) == [SENTINEL, SENTINEL]
    assert all("DM-LOOK-BACK" not in t.rules for t in duel.state.triggers)
    assert len(duel.state.zones[0]["hand"]) == 2
    assert look_back_lines(duel) == []


# ---------------------------------------------------------------------- in battle
@pytest.mark.rule("DM-LOOK-BACK")
def test_two_watchers_destroyed_in_one_battle_see_neither_leave() -> None:
    duel = new({"phase": "attack", "p1": {"battle": [WATCHER], "deck": DECK},
                "p2": {"battle": [{"card": WATCHER, "tapped": True}], "deck": DECK}})
    duel.apply({"do": "attack", "card": f"p1:{WATCHER}", "target": f"p2:{WATCHER}"})
    duel.auto()
    assert pending_cards(duel) == []
    assert [c for p in (0, 1) for c in duel.state.zones[p]["hand"]] == []
    assert len(look_back_lines(duel)) == 2  # each names the other


@pytest.mark.rule("DM-LOOK-BACK")
def test_contrast_the_winner_of_the_battle_sees_the_loser_destroyed() -> None:
    duel = new({"phase": "attack", "p1": {"battle": [WATCHER], "deck": DECK},
                "p2": {"battle": [{"card": "Burning Mane", "tapped": True}]}})
    duel.apply({"do": "attack", "card": WATCHER, "target": "Burning Mane"})
    duel.auto()
    assert pending_cards(duel) == [WATCHER]
    assert len(duel.state.zones[0]["hand"]) == 1
    assert look_back_lines(duel) == []


# ---------------------------------------------------------------------- entering together
@pytest.mark.rule("DM-LOOK-BACK")
def test_creatures_put_in_together_see_each_other_enter() -> None:
    duel = new({"p1": {"hand": ["Mist Rias, Sonic Guardian", "Quixotic Hero Swine Snout"],
                       "deck": DECK}})
    duel.apply({"do": "put_into_battle", "cards": ["Mist Rias, Sonic Guardian",
                                                   "Quixotic Hero Swine Snout"]})
    duel.auto()
    assert sorted(pending_cards(duel)) == ["Mist Rias, Sonic Guardian",
                                           "Quixotic Hero Swine Snout"]
    assert all("DM-LOOK-BACK" in t.rules for t in duel.state.triggers)
    snout = duel.state.cards[duel.ref("Quixotic Hero Swine Snout")]
    assert duel.policy.power(duel, snout) == 4000


@pytest.mark.rule("DM-LOOK-BACK")
def test_contrast_one_after_the_other_only_the_first_sees_the_second() -> None:
    duel = new({"p1": {"hand": ["Mist Rias, Sonic Guardian", "Quixotic Hero Swine Snout"],
                       "deck": DECK}})
    duel.apply({"do": "put_into_battle", "card": "Quixotic Hero Swine Snout"})
    duel.apply({"do": "put_into_battle", "card": "Mist Rias, Sonic Guardian"})
    duel.auto()
    assert pending_cards(duel) == ["Quixotic Hero Swine Snout"]
    assert duel.state.zones[0]["hand"] == []  # Mist Rias did not draw


# ---------------------------------------------------------------------- zones and conditions
@pytest.mark.rule("DM-LOOK-BACK")
def test_a_card_moving_at_the_same_moment_does_not_see_the_leave_from_its_new_zone() -> None:
    duel = new({"p1": {"battle": ["Test Mourner", "Burning Mane"], "deck": DECK}})
    duel.apply({"do": "destroy", "cards": ["Test Mourner", "Burning Mane"]})
    assert pending_cards(duel) == []
    assert len(look_back_lines(duel)) == 1
    # contrast: already in the graveyard when the other creature is destroyed, it triggers
    duel = new({"p1": {"battle": ["Burning Mane"], "graveyard": ["Test Mourner"],
                       "deck": DECK}})
    duel.apply({"do": "destroy", "card": "Burning Mane"})
    assert pending_cards(duel) == ["Test Mourner"]


@pytest.mark.rule("DM-LOOK-BACK")
@pytest.mark.rule("DM-CONDITION")
def test_a_condition_checked_at_the_event_reads_the_game_just_after_it() -> None:
    """"If you have no other creature": destroyed together with the last other one, the
    condition reads the game just after the event, where neither is in the battle zone."""
    duel = new({"p1": {"battle": ["Test Last Stand", "Burning Mane"], "deck": DECK}})
    duel.apply({"do": "destroy", "cards": ["Test Last Stand", "Burning Mane"]})
    assert pending_cards(duel) == ["Test Last Stand"]
    # contrast: the other creature stays, so the condition fails at the event
    duel = new({"p1": {"battle": ["Test Last Stand", "Burning Mane"], "deck": DECK}})
    duel.apply({"do": "destroy", "card": "Test Last Stand"})
    assert pending_cards(duel) == []
    assert any("DM-CONDITION" in line for line in duel.transcript())


@pytest.mark.rule("DM-LOOK-BACK")
@pytest.mark.parametrize("name", sorted(
    p.name for p in (SCENARIO_DIR / "duel_masters").glob("look_back_*.yaml")))
def test_look_back_scenarios_hold(name: str) -> None:
    scn = load_scenario(Path(SCENARIO_DIR / "duel_masters" / name))
    assert "DM-LOOK-BACK" in scn.rules
    assert check_scenario(scn, run_scenario(scn)) == []
