"""A reading put into the card files' vocabulary (engine.classify.to_card): what the usual
wordings map to, and each part that cannot be mapped reported beside its field."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.classify import classify
from engine.classify.to_card import map_reading


def mapped(game: str, text: str):
    return [map_reading(game, r) for r in classify(game, text)]


@pytest.mark.parametrize(("game", "text", "effect"), [
    ("yugioh", "When this card is sent to the GY: You can draw 1 card.",
     {"kind": "trigger", "wording": "when", "optional": True, "activate_from": "gy",
      "event": {"type": "sent_to_gy", "card": "self"},
      "operations": [{"op": "draw", "count": 1}]}),
    ("yugioh", "このカードが墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。",
     {"kind": "trigger", "wording": "if", "optional": True, "activate_from": "gy",
      "event": {"type": "sent_to_gy", "card": "self"},
      "operations": [{"op": "draw", "count": 1}]}),
    ("yugioh", "If this card is Normal Summoned: You can target 1 monster your opponent "
               "controls; destroy it.",
     {"kind": "trigger", "wording": "if", "optional": True,
      "event": {"type": "summoned", "card": "self", "how": ["normal", "tribute"]},
      "targets": [{"as": "target", "zone": ["monster"], "controller": "opponent",
                   "count": 1, "filter": {"type": "monster"}}],
      "operations": [{"op": "destroy", "card": "target"}]}),
    ("yugioh", "Once per turn: You can pay 500 LP; your opponent takes 300 damage.",
     {"kind": "ignition", "optional": True, "once_per_turn": "card",
      "cost": [{"op": "pay_lp", "amount": 500}],
      "operations": [{"op": "damage", "player": "opponent", "amount": 300}]}),
    ("yugioh", "FLIP: Target 1 card on the field; destroy that target.",
     {"kind": "trigger", "wording": "flip", "event": {"type": "flipped", "card": "self"},
      "operations": [{"op": "destroy", "card": "target"}]}),
    ("duel_masters", "このクリーチャーが攻撃する時、カードを1枚引いてもよい。",  # no wording:
     {"kind": "trigger", "optional": True,                          # Yu-Gi-Oh!'s alone
      "event": {"type": "attack_declared", "card": "self"},
      "operations": [{"op": "draw", "count": 1}]}),
    ("duel_masters",
     "このクリーチャーがバトルゾーンに出た時、相手のクリーチャーを1体選び、破壊する。",
     {"kind": "trigger", "event": {"type": "put_into_battle", "card": "self"},
      "operations": [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent",
                                                  "count": 1}}]}),
])
def test_usual_wordings_map_to_the_vocabulary(game: str, text: str, effect: dict) -> None:
    [m] = mapped(game, text)
    assert m.problems == {}
    assert {k: m.effect[k] for k in effect} == effect
    card_type = "monster" if game == "yugioh" else "creature"
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": card_type, "effects": [m.effect]}],
                file="test", game_hint=game)  # a valid card file's effect


def test_keywords_are_card_flags() -> None:
    blocker, double, _trigger = mapped(
        "duel_masters",
        "■ブロッカー\n■W・ブレイカー\n■このクリーチャーが攻撃する時、カードを1枚引く。")
    assert (blocker.effect, blocker.flags) == (None, {"blocker": True})
    assert (double.effect, double.flags) == (None, {"double_breaker": True})


def test_a_part_not_mapped_is_reported_beside_its_field() -> None:
    [m] = mapped("duel_masters", "When you put this creature into the battle zone, you may "
                                 "destroy one of your opponent's creatures that has power "
                                 "2000 or less.")
    assert "operations" not in m.effect
    assert "power 2000 or less" in m.problems["operations"]
    [m] = mapped("yugioh", "Monsters your opponent controls lose 500 ATK.")
    assert m.effect is None and "continuous" in m.problems["kind"]
