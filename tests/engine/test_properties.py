"""Property tests: random play drawn from the legal actions keeps the engine's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel, IllegalAction

SETUP: dict[str, Any] = {
    "turn_player": "p1",
    "phase": "main1",
    "p1": {
        "hand": ["Soul Taker", "Monster Reincarnation", "Marauding Captain", "Dandelion",
                 "Mystical Space Typhoon", "Creature Swap", "Celtic Guardian"],
        "monster": ["Sangan", "Lightning Punisher", "Amazoness Swords Woman"],
        "field": ["Amazoness Village"],
        "spell_trap": [{"card": "Thunder Break", "set": True},
                       {"card": "Mystical Space Typhoon", "set": True},
                       {"card": "Call of the Haunted", "set": True}, "Supply Squad"],
        "deck": ["Kuriboh", "Amazoness Fighter", "Celtic Guardian", "Giant Rat", "Kuriboh"],
        "gy": ["Zombie Werewolf", "Black Rose Moonlight Dragon"],
    },
    "p2": {
        "hand": ["Battle Fader", "Kuriboh", "Kuriboh", "Mermaid Knight"],
        "monster": ["Giant Rat", "Vampire Sucker", {"card": "Man-Eater Bug", "set": True},
                    "Poison Draw Frog"],
        "spell_trap": [{"card": "Magic Jammer", "set": True},
                       {"card": "Solemn Strike", "set": True},
                       {"card": "Thunder Break", "set": True},
                       {"card": "Trap Hole", "set": True}, "Eisbahn"],
        "deck": ["Celtic Guardian", "Kuriboh", "Amazoness Fighter", "Hydrogeddon"],
        "gy": ["Zombie Werewolf"],
    },
}

STATS: Counter[str] = Counter()


def check_invariants(duel: Duel) -> None:
    state = duel.state
    # chain links are numbered 1..n
    assert [link.number for link in state.chain] == list(range(1, len(state.chain) + 1))
    # no card duplicated or lost: every card is listed once, in the zone it says it is in
    listed: Counter[int] = Counter()
    for _player, zones in enumerate(state.zones):
        for zone, iids in zones.items():
            for iid in iids:
                listed[iid] += 1
                card = state.cards[iid]
                assert card.zone == zone, (duel.name(iid), card.zone, zone)
    for iid, card in state.cards.items():
        expected = 0 if card.zone == "limbo" else 1
        assert listed[iid] == expected, (duel.name(iid), card.zone, listed[iid])


def play(duel: Duel, data: st.DataObject, steps: int) -> None:
    for _ in range(steps):
        actions = duel.legal_actions()
        if not actions:
            break
        action = data.draw(st.sampled_from(actions))
        before = duel.state.to_dict()
        try:
            duel.apply(action)
        except IllegalAction as exc:
            assert duel.state.to_dict() == before, "an illegal action changed the state"
            # a refusal is a rule's, never a Python error turned into one (an engine bug)
            assert exc.__cause__ is None, f"{action} broke the engine: {exc.__cause__!r}"
            continue
        STATS["actions"] += 1
        longest = max((len(c) for c in _chains(duel)), default=0)
        STATS["max_chain"] = max(STATS["max_chain"], longest)
        check_invariants(duel)


def _chains(duel: Duel) -> list[list[int]]:
    chains, current = [], []
    for entry in duel.state.log:
        if entry["key"] in ("chain.link", "chain.link_same"):
            current.append(entry["args"]["link"])
        elif entry["key"] == "chain.done" and current:
            chains.append(current)
            current = []
    return chains + ([current] if current else [])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def random_yugioh_play(data: st.DataObject) -> None:
    duel = Duel("yugioh", setup=SETUP)
    play(duel, data, steps=30)
    assert duel.replay().state.to_dict() == duel.state.to_dict(), "replay differs"
    if duel.actions:
        undone = Duel.from_dict(duel.to_dict())
        assert undone.state.to_dict() == duel.state.to_dict()


@pytest.mark.rule("YGO-CHAIN")
@pytest.mark.rule("YGO-SEGOC")
def test_random_legal_play_keeps_invariants_and_reaches_long_chains() -> None:
    STATS.clear()
    random_yugioh_play()
    assert STATS["actions"] > 100
    assert STATS["max_chain"] >= 3, f"no chain of three links was generated: {dict(STATS)}"
