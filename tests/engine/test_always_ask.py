""""Always ask": with it on (boards with seats), a player is asked at every window the rules
give it, whatever it holds, and whatever concerns a hidden card's trigger before it is
activated is in log entries for that card's player alone. So the questions another player
sees, and the log it reads, are the same whether a hand holds a trigger or a plain card."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.log import seen_by

DIRECT_ATTACK = {"turn_player": "p1", "phase": "battle",
                 "p1": {"monster": ["Blue-Eyes White Dragon"], "hand": ["Dark Magician"]}}


def _quiet(duel: Duel) -> Any:
    """Use nothing hidden: pass, activate none, go on, do not use."""
    d = duel.state.decision
    ids = [o["id"] for o in d.options]
    if d.prompt == "hidden_triggers":
        return []
    return next((q for q in ("pass", "no") if q in ids), ids[0])


def _asked(duel: Duel, action: dict[str, Any]) -> list[int]:
    """Apply ``action``, answer every question quietly; whose each question was, in order."""
    duel.apply(action)
    out = []
    while duel.state.decision is not None:
        out.append(duel.state.decision.player)
        duel.apply({"do": "answer", "choice": _quiet(duel)})
    return out


def _public_log(duel: Duel, seat: int | None) -> list[str]:
    """The log as ``seat`` (None: a watcher) reads it, hidden cards named as such."""
    def name(iid: int) -> str:
        card = duel.state.cards[iid]
        return "?" if card.zone in ("hand", "deck", "extra") and card.owner != seat else (
            duel.name(iid))
    from engine.log import render

    return [render(e, name) for e in duel.state.log if seen_by(e, seat)]


def _ygo(hand: str, always_ask: bool) -> Duel:
    duel = Duel("yugioh", setup={**DIRECT_ATTACK, "p2": {"hand": [hand]}})
    if always_ask:
        duel.apply({"do": "always_ask", "on": True})
    return duel


@pytest.mark.rule("YGO-SEGOC")
def test_a_hand_trigger_is_asked_where_a_plain_card_is_asked_too() -> None:
    attack = {"do": "declare_attack", "card": "p1:Blue-Eyes White Dragon"}
    fader, plain = _ygo("Battle Fader", True), _ygo("Dark Magician", True)
    asked = _asked(fader, attack)
    assert asked == _asked(plain, attack) == [0, 1]  # each player, the turn player first
    # what Player 1 and a watcher read is the same: nothing says a trigger met its timing
    for seat in (0, None):
        assert _public_log(fader, seat) == _public_log(plain, seat)
    mine = "\n".join(_public_log(fader, 1))
    assert "Battle Fader: Special Summon itself from the hand met its timing" in mine


@pytest.mark.rule("YGO-SEGOC")
def test_without_always_ask_only_the_holder_of_a_trigger_is_asked() -> None:
    """What the setting is for: without it, being asked tells what the hand holds."""
    attack = {"do": "declare_attack", "card": "p1:Blue-Eyes White Dragon"}
    assert _asked(_ygo("Battle Fader", False), attack) == [1]
    assert _asked(_ygo("Dark Magician", False), attack) == []


@pytest.mark.rule("YGO-SEGOC")
def test_a_hidden_trigger_activated_from_the_hidden_question_is_revealed() -> None:
    duel = _ygo("Battle Fader", True)
    duel.apply({"do": "declare_attack", "card": "p1:Blue-Eyes White Dragon"})
    duel.apply({"do": "answer", "choice": []})  # Player 1: nothing
    d = duel.state.decision
    assert d.player == 1 and d.prompt == "hidden_triggers" and len(d.options) == 1
    duel.apply({"do": "answer", "choice": [d.options[0]["id"]]})
    while duel.state.decision is not None:
        duel.apply({"do": "answer", "choice": _quiet(duel)})
    assert [duel.name(i) for i in duel.state.zones[1]["monster"]] == ["Battle Fader"]
    public = "\n".join(_public_log(duel, None))
    assert "Chain Link 1" in public and "Battle Fader" in public  # activated: revealed


@pytest.mark.rule("YGO-CHAIN")
def test_a_player_with_nothing_to_chain_is_asked_all_the_same() -> None:
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Pot of Greed"], "deck": ["Dark Magician"] * 3},
             "p2": {"hand": ["Dark Magician"]}}
    plain = Duel("yugioh", setup=setup)
    asked = Duel("yugioh", setup=setup)
    asked.apply({"do": "always_ask", "on": True})
    cast = {"do": "activate", "card": "p1:Pot of Greed"}
    assert 1 not in _asked(plain, cast)  # nothing to chain: passed over
    assert 1 in _asked(asked, cast)


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_the_summon_moment_asks_each_player_whatever_it_holds() -> None:
    setup = {"turn_player": "p1", "phase": "main1", "p1": {"hand": ["Amazoness Fighter"]},
             "p2": {"hand": ["Dark Magician"]}}
    summon = {"do": "normal_summon", "card": "p1:Amazoness Fighter"}
    assert _asked(Duel("yugioh", setup=setup), summon) == []  # nobody can negate it
    duel = Duel("yugioh", setup=setup)
    duel.apply({"do": "always_ask", "on": True})
    duel.apply(summon)
    for player in (0, 1):  # the turn player first, then the other
        d = duel.state.decision
        assert d is not None and d.prompt == "respond_summon" and d.player == player
        assert [o["id"] for o in d.options] == ["pass"]
        duel.apply({"do": "answer", "choice": "pass"})


def _dm(shields: list[str], always_ask: bool = True) -> Duel:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "attack", "p1": {"battle": ["Bolshack Dragon"]},
        "p2": {"shield": shields, "hand": ["Bolshack Dragon"]}})
    if always_ask:
        duel.apply({"do": "always_ask", "on": True})
    return duel


@pytest.mark.rule("DM-STRIGGER")
def test_each_broken_shield_is_a_question_whether_it_has_an_s_trigger_or_not() -> None:
    attack = {"do": "attack", "card": "p1:Bolshack Dragon"}
    with_trigger = _dm(["Holy Awe", "Bolshack Dragon"])
    without = _dm(["Bolshack Dragon", "Bolshack Dragon"])
    asked = _asked(with_trigger, attack)
    assert asked == _asked(without, attack)
    assert asked.count(1) == 3  # the Ninja Strike window, then each of the two shields
    assert _public_log(with_trigger, 0) == _public_log(without, 0)
    assert _asked(_dm(["Bolshack Dragon", "Bolshack Dragon"], False), attack) == []


@pytest.mark.rule("DM-STRIGGER")
def test_a_card_put_into_the_shields_by_a_board_edit_lies_face_down() -> None:
    duel = Duel("duel_masters", setup={"turn_player": "p1", "phase": "main",
                                       "p1": {"hand": ["Holy Awe"]}})
    duel.apply({"do": "move", "card": "p1:Holy Awe", "zone": "shield"})
    card = duel.state.cards[duel.ref("p1:Holy Awe")]
    assert card.zone == "shield" and not card.face_up
    from engine.state import hidden_from

    assert hidden_from(card, 0) and hidden_from(card, 1) and hidden_from(card, None)
