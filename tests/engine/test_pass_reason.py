"""A player passed over because nothing of theirs may be activated is told why, in a log entry
kept for that seat (it names their hidden cards)."""

from __future__ import annotations

import pytest

from engine import Duel
from engine.log import seen_by
from tests.engine.helpers import entries

TRAP = {"id": "t_late_trap", "name": {"en": "Test Late Trap"}, "type": "trap",
        "subtype": "normal", "text": "Draw 1 card.",
        "effects": [{"kind": "activation", "operations": [{"op": "draw", "count": 1}]}]}


@pytest.mark.rule("YGO-CHAIN")
def test_a_trap_set_this_turn_is_why_its_player_passes() -> None:
    duel = Duel("yugioh", cards=[TRAP], setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Soul Taker", "Test Late Trap"], "deck": ["Kuriboh"]},
        "p2": {"monster": ["Amazoness Swords Woman"]}})
    duel.apply({"do": "set", "card": "Test Late Trap"})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    [entry] = entries(duel, "pass.why")  # Player 2 has nothing that could be activated
    assert entry["seat"] == 0 and entry["args"]["player"] == 0
    assert entry["rules"] == ["YGO-CHAIN"]
    assert ("Player 1 has nothing that can be activated now and passes: Test Late Trap was Set "
            "this turn: a Trap, or a Quick-Play Spell, cannot be activated the turn it is Set "
            "(YGO-CHAIN)") in duel.transcript()
    assert "罠カードと速攻魔法は、セットしたターンには発動できません" in "\n".join(
        duel.transcript(lang="ja"))
    assert seen_by(entry, 0) and seen_by(entry, 1, open_view=True)
    assert not seen_by(entry, 1) and not seen_by(entry, None)
    assert all(seen_by(e, None) for e in duel.state.log if e is not entry)


def test_no_entry_when_the_player_has_no_card_to_explain() -> None:
    duel = Duel("yugioh", setup={"turn_player": "p1", "phase": "main1",
                                 "p1": {"hand": ["Soul Taker"]},
                                 "p2": {"monster": ["Amazoness Swords Woman"]}})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    assert not entries(duel, "pass.why")
