"""The library is big enough for a learner to find the card that confused them: at least 120
Yu-Gi-Oh! and 70 Duel Masters cards, and 40 and 30 built-in scenarios."""

from __future__ import annotations

import pytest

from engine.cards import builtin_library
from engine.scenario import builtin_scenarios

CARDS = {"yugioh": 120, "duel_masters": 70}
SCENARIOS = {"yugioh": 40, "duel_masters": 30}


@pytest.mark.parametrize("game", sorted(CARDS))
def test_card_library_size(game: str) -> None:
    count = sum(1 for card in builtin_library() if card.game == game)
    assert count >= CARDS[game], f"{count} {game} cards, at least {CARDS[game]} expected"


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_scenario_library_size(game: str) -> None:
    count = len(builtin_scenarios(game))
    assert count >= SCENARIOS[game], (
        f"{count} {game} scenarios, at least {SCENARIOS[game]} expected")
