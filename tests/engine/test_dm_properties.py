"""Property test: random Duel Masters play drawn from the legal actions keeps the invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import Duel
from tests.engine.helpers import play_randomly

SIDE: dict[str, Any] = {
    "battle": ["Quixotic Hero Swine Snout", "Propeller Mutant", "Super Trash Train, Fuuma Devil",
               "Mist Rias, Sonic Guardian", "Emeralda, Pitch Dragon Elemental"],
    "hand": ["Jin the Ogre Blade ~Young Leader~", "Dark Sanji, Darkfang Ninja", "Terror Pit",
             "Aqua Soldier", "Dark Soul Creation"],
    "mana": ["Burning Mane", "Barkwhip, the Smasher", "Burning Mane", "Burning Mane",
             "Burning Mane", "Burning Mane"],
    "shield": ["Terror Pit", "Aqua Surfer", "Burning Mane"],
    "deck": ["Burning Mane", "Propeller Mutant", "Terror Pit", "Burning Mane"],
}
SETUP: dict[str, Any] = {"turn_player": "p1", "phase": "main", "p1": SIDE,
                         "p2": {**SIDE, "battle": SIDE["battle"] + ["Magnum, Allshot Puppet"]}}
STATS: Counter[str] = Counter()


def check_invariants(duel: Duel) -> None:
    """Every card is listed once (a zone or an evolution stack), unless it is being used."""
    state = duel.state
    listed: Counter[int] = Counter()
    for zones in state.zones:
        for zone, iids in zones.items():
            for iid in iids:
                listed[iid] += 1
                assert state.cards[iid].zone == zone
    for card in state.cards.values():
        for iid in card.under:
            listed[iid] += 1
            assert state.cards[iid].zone == "under"
    for iid, card in state.cards.items():
        assert listed[iid] == (0 if card.zone == "limbo" else 1), (duel.name(iid), card.zone)
    if state.decision is None:
        assert not state.queue and not state.chain and not state.procedure


def count(duel: Duel) -> None:
    rules = {r for t in duel.state.triggers for r in t.rules}
    for rule in ("DM-AP-FIRST", "DM-NESTED"):
        if rule in rules:
            STATS[rule] += 1
            event(rule)
    if {t.controller for t in duel.state.triggers if t.status == "met"} == {0, 1}:
        STATS["both players pending"] += 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def play(picks: list[int]) -> None:
    duel = Duel("duel_masters", setup=SETUP)
    play_randomly(duel, picks, after=lambda d: (check_invariants(d), count(d)))


@pytest.mark.rule("DM-POOL")
@pytest.mark.rule("DM-AP-FIRST")
@pytest.mark.rule("DM-NESTED")
def test_random_play_keeps_the_invariants() -> None:
    STATS.clear()
    play()
    assert STATS["both players pending"] > 0, STATS
    assert STATS["DM-NESTED"] > 0 and STATS["DM-AP-FIRST"] > 0, STATS
