"""What players cannot do while a continuous effect says so (engine/restrictions.py, YGO-KIND):
"Neither player can Special Summon monsters", "Neither player can banish cards", 「お互いに
カードをリリースできない」. An action that would do it is refused and leaves the board as it was;
a card whose cost or effect would do it cannot be activated; one activated before the
restriction applied does nothing of that part when it resolves; and the reader writes them."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading
from engine.errors import IllegalAction


def _lock(cid: str, apply: dict[str, Any], kind: str = "trap") -> dict[str, Any]:
    card = {"id": cid, "name": {"en": cid.replace("_", " ").title()}, "text": "(a test card)",
            "effects": [{"kind": "continuous", "label": "a restriction", "apply": apply}]}
    if kind == "trap":
        return {**card, "type": "trap", "subtype": "continuous"}
    return {**card, "type": "monster", "subtype": "effect", "level": 4, "atk": 0, "def": 0}


_NO_SPECIAL = _lock("no_special", {"player_cannot": "special_summon"})
_NO_BANISH = _lock("no_banish", {"player_cannot": "banish"})
_NO_TRIBUTE = _lock("no_tribute", {"player_cannot": "tribute"})
_THEY_CANNOT = _lock("they_cannot", {"player_cannot": "special_summon", "players": "opponent"},
                     kind="monster")
_BIG = {"id": "t_big", "name": {"en": "Test Big"}, "type": "monster", "subtype": "normal",
        "level": 6, "atk": 2400, "def": 1000, "text": "(a test card)"}
_CHAINED_WALL = {**_NO_SPECIAL, "id": "chained_wall", "name": {"en": "Chained Wall"}}


def _duel(lock: dict[str, Any], p1: dict[str, Any], p2: dict[str, Any] | None = None,
          where: str = "spell_trap") -> Duel:
    side = {**p1, where: [*p1.get(where, []), lock["name"]["en"]]}
    return Duel("yugioh", cards=[lock, _BIG, _CHAINED_WALL],
                setup={"turn_player": "p1", "turn": 3, "phase": "main1", "p1": side,
                       "p2": p2 or {}})


def _zone(duel: Duel, name: str) -> str:
    return next(c.zone for c in duel.state.cards.values()
                if duel.definition(c).name["en"] == name)


def test_a_special_summon_is_refused_and_the_board_kept() -> None:
    duel = _duel(_NO_SPECIAL, {"gy": ["Dark Magician"]})
    before = duel.state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "special_summon", "card": "Dark Magician"})
    assert "forbids Special Summons" in str(refused.value.reason)
    assert "No Special" in str(refused.value.reason)
    assert duel.state.to_dict() == before
    assert not any(a["do"] == "special_summon" for a in duel.legal_actions())


def test_a_card_that_would_special_summon_cannot_be_activated() -> None:
    duel = _duel(_NO_SPECIAL, {"hand": ["Monster Reborn"], "gy": ["Dark Magician"]})
    assert not any(a["do"] == "activate" and a["card"] == duel.ref("Monster Reborn")
                   for a in duel.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "activate", "card": "Monster Reborn"})
    assert "forbids Special Summons" in str(refused.value.reason)


def test_activated_before_the_restriction_it_summons_nothing() -> None:
    """Monster Reborn, then the Continuous Trap chained to it: the trap resolves first, so
    Monster Reborn resolves while no one can Special Summon, and says so."""
    duel = Duel("yugioh", cards=[_CHAINED_WALL],
                setup={"turn_player": "p1", "turn": 3, "phase": "main1",
                       "p1": {"hand": ["Monster Reborn"], "gy": ["Dark Magician"]},
                       "p2": {"spell_trap": [{"card": "Chained Wall", "set": True}]}})
    duel.apply({"do": "activate", "card": "Monster Reborn"})
    wall = next(o["id"] for o in duel.state.decision.options if o["id"] != "pass")
    duel.apply({"do": "answer", "choice": wall})  # Player 2 chains the Continuous Trap
    duel.auto()
    assert _zone(duel, "Dark Magician") == "gy"
    said = [e for e in duel.state.log if e["key"] == "forbidden.special_summon"]
    assert said and said[0]["rules"] == ["YGO-KIND"]


def test_only_the_opponent_is_forbidden_when_it_says_so() -> None:
    duel = _duel(_THEY_CANNOT, {"hand": ["Celtic Guardian"]}, {"hand": ["Kuriboh"]},
                 where="monster")
    with pytest.raises(IllegalAction):
        duel.apply({"do": "special_summon", "card": "Kuriboh"})
    duel.apply({"do": "special_summon", "card": "Celtic Guardian"})
    assert _zone(duel, "Celtic Guardian") == "monster"


def test_banishing_is_refused_and_a_banishing_cost_cannot_be_paid() -> None:
    duel = _duel(_NO_BANISH, {"gy": ["Celtic Guardian"]})
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "banish", "card": "Celtic Guardian"})
    assert "forbids banishing cards" in str(refused.value.reason)
    costly = {"id": "t_costly", "name": {"en": "Test Costly"}, "type": "spell",
              "subtype": "normal", "text": "(a test card)",
              "effects": [{"kind": "activation",
                           "cost": [{"op": "banish", "choose": {"zone": "gy", "controller":
                                                                "you", "count": 1}}],
                           "operations": [{"op": "draw", "count": 1}]}]}
    duel = Duel("yugioh", cards=[_NO_BANISH, costly],
                setup={"turn_player": "p1", "turn": 3, "phase": "main1",
                       "p1": {"hand": ["Test Costly"], "gy": ["Celtic Guardian"],
                              "deck": ["Kuriboh"], "spell_trap": ["No Banish"]}})
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "activate", "card": "Test Costly"})
    assert "forbids banishing cards" in str(refused.value.reason)


def test_banish_when_it_leaves_does_not_replace_while_no_one_can_banish() -> None:
    """Quillbolt Hedgehog revived by its own effect is to be banished when it leaves the
    field; while no one can banish, it goes to the GY as it would have."""
    duel = _duel(_NO_BANISH, {"monster": ["Junk Synchron"], "gy": ["Quillbolt Hedgehog"]})
    duel.apply({"do": "activate", "card": "Quillbolt Hedgehog", "effect": 0, "auto": True})
    duel.auto()
    assert _zone(duel, "Quillbolt Hedgehog") == "monster"
    duel.apply({"do": "destroy", "card": "Quillbolt Hedgehog"})
    duel.auto()
    assert _zone(duel, "Quillbolt Hedgehog") == "gy"
    assert not any(e["key"] == "replaced" for e in duel.state.log)


def test_no_tribute_refuses_a_tribute_summon_and_a_tribute() -> None:
    duel = _duel(_NO_TRIBUTE, {"monster": ["Celtic Guardian"], "hand": ["Test Big"]})
    before = duel.state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "tribute_summon", "card": "Test Big", "tributes": ["Celtic Guardian"]})
    assert "Celtic Guardian cannot be Tributed" in str(refused.value.reason)
    with pytest.raises(IllegalAction):
        duel.apply({"do": "tribute", "card": "Celtic Guardian"})
    assert duel.state.to_dict() == before
    assert not any(a["do"] in ("normal_summon", "tribute") and a.get("tributes", True)
                   for a in duel.legal_actions())


def test_once_the_restriction_leaves_the_field_the_act_is_allowed_again() -> None:
    duel = _duel(_NO_SPECIAL, {"gy": ["Dark Magician"]})
    duel.apply({"do": "destroy", "card": "No Special"})
    duel.apply({"do": "special_summon", "card": "Dark Magician"})
    assert _zone(duel, "Dark Magician") == "monster"


@pytest.mark.parametrize(("text", "apply"), [
    ("Neither player can Special Summon monsters.", {"player_cannot": "special_summon"}),
    ("①：このカードがモンスターゾーンに存在する限り、お互いにモンスターを特殊召喚できない。",
     {"player_cannot": "special_summon"}),
    ("Your opponent cannot Special Summon monsters.",
     {"player_cannot": "special_summon", "players": "opponent"}),
    ("Neither player can banish cards.", {"player_cannot": "banish"}),
    ("①：このカードが魔法＆罠ゾーンに存在する限り、お互いにカードをリリースできない。",
     {"player_cannot": "tribute"}),
])
def test_the_reader_writes_what_players_cannot_do(text: str, apply: dict[str, Any]) -> None:
    [reading] = classify("yugioh", text)[-1:]
    effect = map_reading("yugioh", reading).effect
    assert effect["kind"] == "continuous" and effect["apply"] == apply


def test_a_restriction_with_a_count_holds_only_while_the_count_does() -> None:
    """"While you control no other monsters, neither player can Special Summon": read again
    each time, so a second monster lifts it."""
    lock = _lock("lonely_lock", {"player_cannot": "special_summon", "while_count": {
        "zone": "monster", "controller": "you", "other": True, "max": 0}}, kind="monster")
    duel = _duel(lock, {"gy": ["Dark Magician"], "hand": ["Celtic Guardian"]}, where="monster")
    with pytest.raises(IllegalAction):
        duel.apply({"do": "special_summon", "card": "Dark Magician"})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.auto()
    duel.apply({"do": "special_summon", "card": "Dark Magician"})
    assert _zone(duel, "Dark Magician") == "monster"
