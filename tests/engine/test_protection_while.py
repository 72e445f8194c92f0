"""A protection's lasting condition (``while:``) is honoured as a stat change's is: "while
blocking / attacking / tapped, it cannot be destroyed" protects only while that holds."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.cards import parse_card
from engine.errors import CardDataError
from tests.engine.helpers import answer, entries


def _creature(ident: str, name: str, power: int, **more: Any) -> dict[str, Any]:
    return {"id": ident, "name": {"en": name}, "type": "creature", "cost": 1, "power": power,
            "civilization": "light", "races": ["Guardian"], **more}


ATTACKER = _creature("t_brute", "Test Brute", 6000)
#: "Blocker. While this creature is blocking, it cannot be destroyed by battle."
WALL = _creature("t_wall", "Test Wall", 1000, blocker=True, effects=[
    {"kind": "continuous", "label": "not destroyed while blocking",
     "apply": {"cannot": "destroyed", "by": "battle", "while": "blocking"}}])
#: "While this creature is tapped, it cannot be destroyed."
SLEEPER = _creature("t_sleeper", "Test Sleeper", 1000, effects=[
    {"kind": "continuous", "label": "not destroyed while tapped",
     "apply": {"cannot": "destroyed", "while": "tapped"}}])


def dm(p2: list[Any], p1: dict[str, Any] | None = None, phase: str = "attack") -> Duel:
    return Duel("duel_masters", cards=[ATTACKER, WALL, SLEEPER], setup={
        "turn_player": "p1", "phase": phase,
        "p1": p1 or {"battle": ["Test Brute"]},
        "p2": {"battle": p2, "shield": ["Burning Mane"]}})


def zone(duel: Duel, ref: str) -> str:
    return duel.state.cards[duel.ref(ref)].zone


@pytest.mark.rule("DM-STATIC")
def test_while_blocking_protects_the_blocker() -> None:
    duel = dm(["Test Wall"])
    duel.apply({"do": "attack", "card": "Test Brute"})
    answer(duel, "Test Wall")  # it blocks
    duel.auto()
    assert zone(duel, "Test Wall") == "battle"
    [entry] = entries(duel, "protected.battle")
    assert entry["args"] == {"card": duel.ref("Test Wall"), "by": duel.ref("Test Wall")}


@pytest.mark.rule("DM-STATIC")
def test_while_blocking_does_not_protect_a_creature_that_is_attacked() -> None:
    duel = dm([{"card": "Test Wall", "tapped": True}])
    duel.apply({"do": "attack", "card": "Test Brute", "target": "Test Wall"})
    duel.auto()
    assert zone(duel, "Test Wall") == "graveyard"
    assert not entries(duel, "protected.battle")


@pytest.mark.rule("DM-STATIC")
@pytest.mark.parametrize("tapped, where", [(True, "battle"), (False, "graveyard")])
def test_while_tapped_protects_only_a_tapped_creature(tapped: bool, where: str) -> None:
    duel = dm([{"card": "Test Sleeper", "tapped": tapped}],
              {"hand": ["Terror Pit"], "mana": ["Burning Mane"] * 6}, phase="main")
    duel.apply({"do": "cast", "card": "Terror Pit"})
    if duel.state.decision is not None:
        answer(duel, "Test Sleeper")
    duel.auto()
    assert zone(duel, "Test Sleeper") == where
    assert bool(entries(duel, "protected.effect")) == tapped


#: "While this card is attacking, it cannot be destroyed by battle."
CHARGER: dict[str, Any] = {
    "id": "t_charger", "name": {"en": "Test Charger"}, "type": "monster", "subtype": "effect",
    "level": 4, "atk": 1000, "def": 1000, "attribute": "FIRE", "race": "Warrior",
    "effects": [{"kind": "continuous", "label": "not destroyed while attacking",
                 "apply": {"cannot": "destroyed", "by": "battle", "while": "attacking"}}]}


def ygo(turn_player: str) -> Duel:
    return Duel("yugioh", cards=[CHARGER], setup={
        "turn_player": turn_player, "phase": "battle",
        "p1": {"monster": [{"card": "Test Charger", "as": "charger"}]},
        "p2": {"monster": [{"card": "Blue-Eyes White Dragon", "as": "strong"}]}})


@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_while_attacking_protects_the_attacker() -> None:
    duel = ygo("p1")
    duel.apply({"do": "declare_attack", "card": "charger", "target": "strong"})
    duel.apply({"do": "battle"})
    duel.auto()
    assert zone(duel, "charger") == "monster"
    assert entries(duel, "protected.battle")


@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_while_attacking_does_not_protect_the_monster_attacked() -> None:
    duel = ygo("p2")  # Blue-Eyes attacks Test Charger
    duel.apply({"do": "declare_attack", "card": "strong", "target": "charger"})
    duel.apply({"do": "battle"})
    duel.auto()
    assert zone(duel, "charger") == "gy"
    assert not entries(duel, "protected.battle")


def test_tapped_is_a_duel_masters_condition() -> None:
    card = {**CHARGER, "effects": [{"kind": "continuous",
                                    "apply": {"cannot": "destroyed", "while": "tapped"}}]}
    with pytest.raises(CardDataError, match="while"):
        parse_card(card, file="cards.yaml", game_hint="yugioh")
    dm_card = {**SLEEPER, "effects": [{"kind": "continuous",
                                       "apply": {"cannot": "destroyed", "while": "asleep"}}]}
    with pytest.raises(CardDataError, match="while"):
        parse_card(dm_card, file="cards.yaml", game_hint="duel_masters")
