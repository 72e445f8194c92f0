"""Classic rulings on the classic cards of ``engine/data/cards/<game>/classics.yaml``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel
from tests.engine.helpers import answer, chain_names, new_duel, only_trigger, play_randomly
from tests.engine.test_dm_properties import check_invariants as dm_invariants
from tests.engine.test_properties import play as ygo_play


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


@pytest.mark.rule("YGO-LOCATION")
def test_reborn_tengu_banished_activates() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"spell_trap": [{"card": "Bottomless Trap Hole", "set": True}]},
                     "p2": {"hand": ["Reborn Tengu"], "deck": ["Reborn Tengu"]}})
    duel.apply({"do": "normal_summon", "card": "Reborn Tengu#1"})
    duel.apply({"do": "activate", "card": "Bottomless Trap Hole"})
    duel.auto()
    assert only_trigger(duel, "Reborn Tengu#1").status == "resolved"
    assert [duel.name(i) for i in duel.state.zones[1]["monster"]] == ["Reborn Tengu"]


@pytest.mark.rule("YGO-LOCATION")
def test_reborn_tengu_put_into_the_deck_does_not_activate() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Raiza the Storm Monarch"], "monster": ["Kuriboh"]},
                     "p2": {"monster": [{"card": "Reborn Tengu", "as": "tengu"}],
                            "deck": ["Reborn Tengu"]}})
    duel.apply({"do": "normal_summon", "card": "Raiza the Storm Monarch",
                "tributes": ["Kuriboh"]})
    answer(duel, "tengu")
    duel.auto()
    assert not [t for t in duel.state.triggers if duel.name(t.card) == "Reborn Tengu"]
    assert duel.state.zones[1]["monster"] == []


YGO_BOARD: dict = {
    "turn_player": "p1",
    "phase": "main1",
    "p1": {
        "hand": ["Graceful Charity", "Raigeki", "Heavy Storm", "Monster Reborn", "Scapegoat",
                 "Zaborg the Thunder Monarch", "Change of Heart", "Upstart Goblin", "Ojamagic",
                 "Lightning Vortex", "Giant Trunade"],
        "monster": ["Peten the Dark Clown", "Witch of the Black Forest", "Mystic Tomato",
                    "Reborn Tengu", "Spirit Reaper"],
        "spell_trap": [{"card": "Torrential Tribute", "set": True},
                       {"card": "Mirror Force", "set": True},
                       {"card": "Dust Tornado", "set": True},
                       {"card": "Bottomless Trap Hole", "set": True},
                       {"card": "Jar of Greed", "set": True}],
        "deck": ["Peten the Dark Clown", "Reborn Tengu", "Kuriboh", "Ojama Green",
                 "Ojama Yellow", "Ojama Black", "Gravekeeper's Spy", "Celtic Guardian"],
        "gy": ["Sinister Serpent", "Lava Golem"],
    },
    "p2": {
        "hand": ["Effect Veiler", "Ojamagic", "Kuriboh"],
        "monster": [{"card": "Morphing Jar", "set": True}, {"card": "Penguin Soldier", "set": True},
                    {"card": "Old Vindictive Magician", "set": True},
                    {"card": "Gravekeeper's Spy", "set": True}, "Shining Angel"],
        "spell_trap": [{"card": "Seven Tools of the Bandit", "set": True},
                       {"card": "Compulsory Evacuation Device", "set": True},
                       {"card": "Sakuretsu Armor", "set": True},
                       {"card": "Ojamagic", "set": True},
                       {"card": "Divine Wrath", "set": True}],
        "deck": ["Gravekeeper's Spy", "Shining Angel", "Kuriboh", "Ojama Green", "Ojama Yellow",
                 "Ojama Black", "Hane-Hane", "Celtic Guardian", "Mystic Tomato"],
        "gy": ["Magician of Faith", "Pot of Greed"],
    },
}

DM_SIDE: dict = {
    "battle": ["Bronze-Arm Tribe", "Faithful Cotton", "Blocker Hunter (teaching card)",
               "Bolshack Dragon", "Aqua Hulcus"],
    "hand": ["Crimson Wyvern", "Aqua Sniper", "Energy Light", "Critical Blade", "Spiral Gate",
             "Corile", "Burning Power", "Crimson Hammer", "Teleportation"],
    "mana": ["Burning Mane"] * 8,
    "shield": ["Holy Awe", "Tornado Flame", "Natural Snare", "Ghost Touch", "Faerie Life",
               "Solar Ray", "Cyber Brain", "Dimension Gate", "Dark Reversal"],
    "deck": ["Deadly Fighter Braid Claw", "Burning Mane", "Aqua Hulcus", "Burning Mane",
             "Bronze-Arm Tribe", "Burning Mane"],
}


@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.rule("YGO-MISS")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_with_the_classic_yugioh_cards(data: st.DataObject) -> None:
    duel = Duel("yugioh", setup=YGO_BOARD)
    ygo_play(duel, data, steps=25)
    assert duel.replay().state.to_dict() == duel.state.to_dict(), "replay differs"


@pytest.mark.rule("DM-POOL")
@pytest.mark.rule("DM-STRIGGER")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_play_with_the_classic_duel_masters_cards(picks: list[int]) -> None:
    duel = Duel("duel_masters", setup={"turn_player": "p1", "phase": "main", "p1": DM_SIDE,
                                       "p2": DM_SIDE})
    play_randomly(duel, picks, after=dm_invariants)
