"""Random legal play on a board with Spell Counters (add_counter / remove_counter): no crash,
the invariants hold, counters are never negative and only on face-up cards on the field, and
replaying the recorded actions gives the same state."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel

from .test_properties import STATS, play

SETUP: dict[str, Any] = {
    "turn_player": "p1",
    "phase": "main1",
    "p1": {
        "hand": ["Breaker the Magical Warrior", "Rush Recklessly", "Change of Heart",
                 "Soul Charge", "Cannon Soldier"],
        "monster": [{"card": "Breaker the Magical Warrior", "summoned": "special"},
                    "Celtic Guardian"],
        "spell_trap": [{"card": "Solemn Wishes", "set": True}, {"card": "Waboku", "set": True}],
        "deck": ["Kuriboh", "Celtic Guardian", "Giant Rat"],
        "gy": ["Dark Magician"],
    },
    "p2": {
        "hand": ["Breaker the Magical Warrior", "Kuriboh"],
        "monster": ["Giant Rat", "Cannon Soldier"],
        "spell_trap": [{"card": "Call of the Haunted", "set": True},
                       {"card": "Waboku", "set": True}, {"card": "Trap Hole", "set": True}],
        "deck": ["Celtic Guardian", "Kuriboh", "Amazoness Fighter"],
    },
}


def _counters_are_sound(duel: Duel) -> None:
    for card in duel.state.cards.values():
        for count in card.counters.values():
            assert count > 0, (duel.name(card.iid), card.counters)
        if card.counters:
            assert duel.policy.on_field(card) and card.face_up, duel.name(card.iid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def random_counter_play(data: st.DataObject) -> None:
    duel = Duel("yugioh", setup=SETUP)
    play(duel, data, steps=25)
    _counters_are_sound(duel)
    STATS["spell_counters"] += sum(1 for e in duel.state.log if e["key"] == "chain.link"
                                   and e["args"].get("effect") == "place 1 Spell Counter on itself")
    assert duel.replay().state.to_dict() == duel.state.to_dict(), "replay differs"


@pytest.mark.rule("YGO-SEQUENCE")
@pytest.mark.rule("YGO-LOCATION")
def test_random_legal_play_with_counters_keeps_invariants_and_replays() -> None:
    STATS.clear()
    random_counter_play()
    assert STATS["actions"] > 50
    assert STATS["spell_counters"] > 0, "no Spell Counter was placed"
