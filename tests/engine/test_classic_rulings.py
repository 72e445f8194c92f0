"""Classic rulings on the classic cards of ``engine/data/cards/<game>/classics.yaml``."""

from __future__ import annotations

import pytest

from engine import Duel
from tests.engine.helpers import answer, chain_names, new_duel, only_trigger


def _double_break(order: list[str]) -> Duel:
    """Bolshack Dragon breaks Burst Shot and Aqua Surfer at once; Player 2 orders them."""
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "attack",
        "p1": {"battle": ["Bolshack Dragon", "Burning Mane"]},
        "p2": {"shield": ["Burst Shot", "Aqua Surfer"]},
    })
    duel.apply({"do": "attack", "card": "Bolshack Dragon"})
    answer(duel, order)
    return duel


def _resolved(duel: Duel) -> list[str]:
    return [duel.name(e["args"]["card"]) for e in duel.state.log if e["key"] == "pending.resolve"]


@pytest.mark.rule("DM-STRIGGER")
@pytest.mark.rule("DM-ORDER")
@pytest.mark.parametrize("first", ["Burst Shot", "Aqua Surfer"])
def test_s_triggers_pending_together_do_not_cut_in_on_each_other(first: str) -> None:
    """The S-Trigger its player picks first is used first; the other does not cut in on it."""
    other = "Aqua Surfer" if first == "Burst Shot" else "Burst Shot"
    duel = _double_break([first, other])
    duel.auto()
    assert _resolved(duel)[:2] == [first, other]
    assert not any(e["key"] == "pending.cut_in" for e in duel.state.log)
    destroyed = "Aqua Surfer" in [duel.name(i) for i in duel.state.zones[1]["graveyard"]]
    assert destroyed == (first == "Aqua Surfer")  # Burst Shot cast after it destroys it


@pytest.mark.rule("YGO-MISS")
def test_peten_discarded_as_a_cost_misses_the_timing() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Peten the Dark Clown"],
                            "spell_trap": [{"card": "Thunder Break", "set": True}]},
                     "p2": {"monster": ["Celtic Guardian"]}})
    duel.apply({"do": "activate", "card": "Thunder Break"})
    answer(duel, "Celtic Guardian")
    assert only_trigger(duel, "Peten the Dark Clown").status == "missed"


@pytest.mark.rule("YGO-SEGOC")
def test_dark_hole_puts_mandatory_triggers_of_both_players_first() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Peten the Dark Clown"], "deck": ["Peten the Dark Clown"]},
                     "p2": {"hand": ["Dark Hole"], "monster": ["Sangan"], "deck": ["Kuriboh"]}})
    duel.apply({"do": "activate", "card": "Dark Hole"})
    duel.auto()
    assert chain_names(duel) == [["Dark Hole"], ["Sangan", "Peten the Dark Clown"]]


@pytest.mark.rule("YGO-KIND")
def test_a_set_spell_trigger_activates_from_the_gy() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Heavy Storm"]},
                     "p2": {"spell_trap": [{"card": "Ojamagic", "set": True}],
                            "deck": ["Ojama Green", "Ojama Yellow", "Ojama Black"]}})
    duel.apply({"do": "activate", "card": "Heavy Storm"})
    duel.auto()
    assert only_trigger(duel, "Ojamagic").status == "resolved"
    assert sorted(duel.name(i) for i in duel.state.zones[1]["hand"]) == [
        "Ojama Black", "Ojama Green", "Ojama Yellow"]
