"""A part after "then" or "and if you do" happens only if the part before it did, and the log
says so (YGO-SEQUENCE); "if you do" is the same in Duel Masters."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from tests.engine.helpers import answer, entries

#: Player 2's Trap that banishes its own monster in answer to a card targeting it
HATCH: dict[str, Any] = {
    "id": "t_escape_hatch", "name": {"en": "Escape Hatch"}, "type": "trap", "subtype": "normal",
    "text": "Target 1 monster you control; banish it.",
    "effects": [{"kind": "activation",
                 "targets": [{"as": "target", "zone": "monster", "controller": "you"}],
                 "operations": [{"op": "banish", "card": "target"}]}]}


def soul_taker(respond: bool) -> Duel:
    duel = Duel("yugioh", cards=[HATCH], setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Soul Taker"]},
        "p2": {"monster": ["Amazoness Swords Woman"],
               "spell_trap": [{"card": "Escape Hatch", "set": True}]}})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    answer(duel, "Escape Hatch" if respond else "pass")
    duel.auto()
    return duel


@pytest.mark.rule("YGO-SEQUENCE")
def test_then_part_does_not_happen_when_the_target_left() -> None:
    duel = soul_taker(respond=True)
    assert duel.state.lp == [8000, 8000]  # the target was banished: no LP for Player 2
    skipped = entries(duel, "resolution.then_skipped")
    assert [(e["args"]["card"], e["args"]["op"], e["rules"]) for e in skipped] == [
        (duel.ref("Soul Taker"), "gain_lp", ["YGO-SEQUENCE"])]
    assert ('Soul Taker: destroy, then the opponent gains 1000 LP: the part after "then" does '
            "not happen: the part before it did not happen (YGO-SEQUENCE)") in duel.transcript()
    ja = "\n".join(duel.transcript(lang="ja"))
    assert ("ソウルテイカー：破壊し、その後相手は1000LP回復する："
            "「その後」の後の部分は行われない") in ja
    assert "la partie après « puis »" in "\n".join(duel.transcript(lang="fr"))


@pytest.mark.rule("YGO-SEQUENCE")
def test_then_part_happens_when_the_part_before_did() -> None:
    duel = soul_taker(respond=False)
    assert duel.state.lp == [8000, 9000]
    assert not entries(duel, "resolution.then_skipped")


DRAIN: dict[str, Any] = {
    "id": "t_drain", "name": {"en": "Test Drain"}, "type": "spell", "subtype": "normal",
    "text": "Destroy 1 monster your opponent controls, and if you do, inflict 500 damage to "
            "your opponent. Then gain 300 LP.",
    "effects": [{"kind": "activation", "activate_from": ["hand", "spell_trap"],
                 "operations": [
                     {"op": "destroy", "choose": {"zone": "monster", "controller": "opponent"}},
                     {"op": "damage", "player": "opponent", "amount": 500, "if_done": True},
                     {"op": "gain_lp", "player": "you", "amount": 300, "then": True}]}]}


@pytest.mark.rule("YGO-SEQUENCE")
@pytest.mark.parametrize("monsters, lp, skipped", [
    (["Kuriboh"], [8300, 7500], []),
    ([], [8000, 8000], ["resolution.if_done_skipped", "resolution.then_skipped"]),
])
def test_a_part_left_out_leaves_out_the_parts_after_it(monsters: list[str], lp: list[int],
                                                       skipped: list[str]) -> None:
    duel = Duel("yugioh", cards=[DRAIN], setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Test Drain"]},
        "p2": {"monster": monsters}})
    duel.apply({"do": "activate", "card": "Test Drain"})
    duel.auto()
    assert duel.state.lp == lp
    assert [e["key"] for e in duel.state.log if e["key"].startswith("resolution.")] == skipped


def dark_soul_creation(destroy: bool) -> Duel:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"hand": ["Dark Soul Creation"], "battle": ["Burning Mane"],
               "mana": ["Burning Mane"] * 5, "deck": ["Burning Mane"] * 3}})
    duel.apply({"do": "cast", "card": "Dark Soul Creation"})
    answer(duel, ["Burning Mane"] if destroy else [])
    duel.auto()
    return duel


def test_duel_masters_if_you_do_needs_the_part_before() -> None:
    duel = dark_soul_creation(destroy=False)
    assert len(duel.state.zones[0]["hand"]) == 0
    assert [e["args"]["op"] for e in entries(duel, "resolution.if_done_skipped")] == ["draw"]
    assert ('Dark Soul Creation: destroy, then draw three: the part "if you do" does not '
            "happen: the part before it did not happen") in duel.transcript()
    duel = dark_soul_creation(destroy=True)
    assert len(duel.state.zones[0]["hand"]) == 3
    assert not entries(duel, "resolution.if_done_skipped")


@pytest.mark.rule("YGO-SEQUENCE")
def test_a_part_over_all_cards_is_done_even_with_nothing_to_do() -> None:
    """Morphing Jar: "discard as many cards as possible, then each player draws 5 cards": with
    both hands empty nothing is discarded, and both players still draw."""
    from engine import Duel

    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": [{"card": "Morphing Jar", "set": True}], "deck": ["Sangan"] * 6},
        "p2": {"deck": ["Sangan"] * 6}})
    duel.apply({"do": "flip_summon", "card": duel.ref("Morphing Jar")})
    duel.auto()
    assert [len(duel.state.zones[p]["hand"]) for p in (0, 1)] == [5, 5]
    assert not any(e["key"].endswith("_skipped") for e in duel.state.log)
