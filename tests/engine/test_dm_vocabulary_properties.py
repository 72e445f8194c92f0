"""Property test: random legal Duel Masters play on a board of the vocabulary cards (attack
triggers, battles, modes, spells cast by abilities, looking at the deck, cost and tapped
filters, zone conditions) keeps the invariants and replays to the same state."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel
from tests.engine.helpers import play_randomly

from .test_dm_properties import check_invariants

SIDE: dict[str, Any] = {
    "battle": ["Blocker Hunter (teaching card)", "Wailing Shadow Belbetphlo",
               "Raid Commander (teaching card)", "Deck Scout (teaching card)",
               "Rebound Guard (teaching card)", "Echo Watcher (teaching card)"],
    "hand": ["Spell Caller (teaching card)", "Twin Choice (teaching card)", "Energy Light",
             "Duel Challenger (teaching card)", "Lesser Bane (teaching card)", "Death Smoke",
             "Tide Reader (teaching card)", "Great Tide (teaching card)",
             "Deathgate, Demon Dragon of Hell"],
    "mana": ["Mana Sentinel (teaching card)", "Energy Light", "Energy Light", "Energy Light",
             "Energy Light", "Energy Light", "Energy Light"],
    "shield": ["Death Gate, Gate of Hell", "Twin Choice (teaching card)",
               "Life Gate, Gate of the Earth", "Holy Awe"],
    "deck": ["Grave Homing Beetle (teaching card)", "Bloody Squito", "Burning Mane",
             "Triumph Breaker (teaching card)", "Energy Light", "Tapped Hunter (teaching card)"],
    "graveyard": ["Burning Mane", "Grave Homing Beetle (teaching card)"],
}
SETUP: dict[str, Any] = {"turn_player": "p1", "phase": "attack", "p1": SIDE,
                         "p2": {**SIDE, "battle": SIDE["battle"] + [
                             {"card": "Bloody Squito", "tapped": True},
                             "Dorlu Fin, Guardian of Burial"]}}
SEEN: Counter[str] = Counter()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=40))
def play(picks: list[int]) -> None:
    duel = Duel("duel_masters", setup=SETUP)
    play_randomly(duel, picks, after=check_invariants)
    SEEN.update(e["key"] for e in duel.state.log)
    SEEN.update(e["type"] for i in duel.state.instants for e in i["events"])


@pytest.mark.rule("DM-ATTACK-STEPS")
@pytest.mark.rule("DM-NESTED")
def test_random_play_with_the_vocabulary_keeps_the_invariants() -> None:
    SEEN.clear()
    play()
    assert SEEN["attack_declared"] and SEEN["battle"], SEEN
