"""A reading put into the card files' vocabulary (engine.classify.to_card): what the usual
wordings map to, and each part that cannot be mapped reported beside its field."""

from __future__ import annotations

from typing import Any

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
                                 "destroy one of your opponent's creatures that has "
                                 "\"Dragon\" in its race.")
    assert "operations" not in m.effect
    assert "in its race" in m.problems["operations"]
    [m] = mapped("yugioh", "Monsters you control gain 200 ATK during your Battle Phase only.")
    assert m.effect is None and "continuous" in m.problems["kind"]


@pytest.mark.parametrize(("game", "text", "card_type", "effect"), [
    ("yugioh", "When this card is destroyed by battle and sent to the GY: You can Special "
               "Summon 1 WATER monster with 1500 or less ATK from your Deck.", "monster",
     {"operations": [{"op": "special_summon", "choose": {
         "zone": "deck", "controller": "you", "count": 1,
         "filter": {"type": "monster", "attribute": "WATER", "atk_max": 1500}}}]}),
    ("yugioh", "If this card is Normal or Special Summoned: You can add 1 Level 4 or lower "
               "\"Foo\" monster from your Deck to your hand.", "monster",
     {"event": {"type": "summoned", "card": "self", "how": ["normal", "tribute", "special"]},
      "operations": [{"op": "add_to_hand", "choose": {
          "zone": "deck", "controller": "you", "count": 1,
          "filter": {"type": "monster", "level_max": 4, "archetype": "foo"}}}]}),
    ("yugioh", "Once per turn, during your Standby Phase: Gain 500 LP.", "monster",
     {"wording": "during", "phase": {"name": "standby", "whose": "you"}}),
    ("yugioh", "When this card inflicts battle damage to your opponent: Draw 1 card.", "monster",
     {"event": {"type": "lp_lost", "cause": "battle", "by": "self", "player": "opponent"}}),
    ("yugioh", "Normal Trap\nWhen an opponent's monster declares an attack: Destroy all "
               "Attack Position monsters your opponent controls.", "trap",
     {"kind": "activation", "respond_to": {"type": "attack_declared", "attacker": "opponent"},
      "operations": [{"op": "destroy", "all": {"zone": "monster", "controller": "opponent",
                                               "filter": {"type": "monster",
                                                          "position": "attack"}}}]}),
    ("yugioh", "Counter Trap\nWhen your opponent would Special Summon a monster: Negate the "
               "Special Summon, and if you do, destroy it.", "trap",
     {"respond_to": {"type": "summoning"},
      "operations": [{"op": "negate_summon", "destroy": True}]}),
    ("yugioh", "You can discard this card; draw 1 card.", "monster",
     {"activate_from": "hand", "cost": [{"op": "discard", "card": "self"}]}),
    ("yugioh", "Normal Spell\nFusion Summon 1 Fusion Monster from your Extra Deck, using "
               "monsters from your hand or field as Fusion Material.", "spell",
     {"kind": "activation"}),
    ("duel_masters", "S・トリガー（この呪文をコストを支払わずにすぐ唱えてもよい）\n"
                     "相手のクリーチャーを1体破壊する。", "spell",
     {"operations": [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent",
                                                  "count": 1}}]}),
    ("duel_masters", "■このクリーチャーをバトルゾーンに出した時、自分の墓地にあるカードを1枚、"
                     "マナゾーンに置いてもよい。", "creature",
     {"event": {"type": "put_into_battle", "card": "self"},
      "operations": [{"op": "put_into_mana", "choose": {"zone": "graveyard",
                                                        "controller": "you", "count": 1}}]}),
])
def test_operation_families_compile(game: str, text: str, card_type: str, effect: dict) -> None:
    m = mapped(game, text)[-1]
    assert m.problems == {}, m.problems
    assert {k: m.effect[k] for k in effect} == effect
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": card_type,
                  **({"subtype": "normal"} if card_type in ("spell", "trap") else {}),
                  "effects": [m.effect]}], file="test", game_hint=game)


def test_a_filter_or_amount_beside_the_wording_is_not_dropped() -> None:
    [m] = mapped("yugioh", "FLIP: Inflict 400 damage to your opponent for each card in their "
                           "hand.")  # the amount is counted, not the 400 alone
    assert m.effect["operations"] == [{"op": "damage", "player": "opponent", "amount": {
        "count": {"zone": "hand", "controller": "opponent"}, "times": 400}}]
    [m] = mapped("yugioh", "If this card is Tribute Summoned: Target 1 card on the field; "
                           "banish that target, and if you do, if it was a DARK monster, "
                           "inflict 1000 damage to your opponent.")
    assert "operations" in m.problems  # the condition on what was banished is not dropped


def _check(game: str, text: str, card_type: str, effect: dict, subtype: str | None = None
           ) -> None:
    m = mapped(game, text)[-1]
    assert m.problems == {}, m.problems
    assert {k: m.effect.get(k) for k in effect} == effect
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": card_type,
                  **({"subtype": subtype or "normal"} if card_type in ("spell", "trap") else {}),
                  "effects": [m.effect]}], file="test", game_hint=game)


@pytest.mark.parametrize(("text", "card_type", "effect"), [
    # targets described by kind and filter, on the field or in a GY
    ("If this card is Normal or Special Summoned: You can target 1 Spell in your GY; add it "
     "to your hand.", "monster",
     {"targets": [{"as": "target", "zone": "gy", "controller": "you", "count": 1,
                   "filter": {"type": "spell"}}],
      "operations": [{"op": "add_to_hand", "card": "target"}]}),
    ("FLIP: You can target up to 2 monsters on the field; return them to the hand.", "monster",
     {"targets": [{"as": "target", "zone": ["monster"], "controller": "any", "count": 2,
                   "up_to": True, "filter": {"type": "monster"}}],
      "operations": [{"op": "return_to_hand", "card": "target"}]}),
    ("Target 1 face-up monster your opponent controls; take control of it.", "spell",
     {"targets": [{"as": "target", "zone": ["monster"], "controller": "opponent", "count": 1,
                   "filter": {"type": "monster", "face_up": True}}],
      "operations": [{"op": "change_control", "card": "target", "to": "you"}]}),
    ("相手フィールドの表側表示モンスター１体を対象として発動できる。そのモンスターを破壊する。",
     "spell",
     {"targets": [{"as": "target", "zone": ["monster"], "controller": "opponent", "count": 1,
                   "filter": {"type": "monster", "face_up": True}}],
      "operations": [{"op": "destroy", "card": "target"}]}),
    ("自分の墓地のレベル４以下のモンスター１体を対象として発動できる。そのモンスターを特殊召喚する。",
     "spell",
     {"targets": [{"as": "target", "zone": "gy", "controller": "you", "count": 1,
                   "filter": {"type": "monster", "level_max": 4}}],
      "operations": [{"op": "special_summon", "card": "target"}]}),
    # events of the Extra Deck's Summons and of materials
    ("When this card is Synchro Summoned: You can destroy all cards on the field.", "monster",
     {"event": {"type": "summoned", "card": "self", "how": "synchro"},
      "operations": [{"op": "destroy", "all": {"zone": ["monster", "spell_trap", "field"],
                                               "controller": "any", "filter": {}}}]}),
    ("If this card is sent to the GY as Synchro Material: Draw 1 card.", "monster",
     {"event": {"type": "sent_to_gy", "card": "self", "as_material": "synchro"}}),
    # amounts counted
    ("フィールドのモンスターの数×300ライフポイント回復する。", "spell",
     {"operations": [{"op": "gain_lp", "player": "you", "amount": {
         "count": {"zone": "monster", "controller": "any"}, "times": 300}}]}),
])
def test_yugioh_families_compile(text: str, card_type: str, effect: dict) -> None:
    _check("yugioh", text, card_type, effect)


@pytest.mark.parametrize(("text", "effect"), [
    ("When a Spell Card is activated: Discard 1 card; negate the activation, and if you do, "
     "destroy it.",
     {"respond_to": {"type": "activated", "card_type": "spell"},
      "operations": [{"op": "negate_activation", "destroy": True}]}),
    ("When your opponent activates a Spell/Trap Card: Negate the activation, and if you do, "
     "destroy it.",
     {"respond_to": {"type": "activated", "card_type": ["spell", "trap"],
                     "player": "opponent"}}),
    ("相手が魔法カードを発動した時に発動できる。その発動を無効にし破壊する。",
     {"respond_to": {"type": "activated", "card_type": "spell", "player": "opponent"},
      "operations": [{"op": "negate_activation", "destroy": True}]}),
])
def test_counter_traps_answer_an_activation(text: str, effect: dict) -> None:
    _check("yugioh", "Counter Trap\n" + text if text.isascii() else "カウンター罠\n" + text,
           "trap", effect, subtype="counter")


@pytest.mark.parametrize(("text", "card_type", "effect"), [
    # every creature of a kind
    ("Destroy all creatures that have power 2000 or less.", "spell",
     {"operations": [{"op": "destroy", "all": {"zone": "battle", "controller": "any",
                                               "filter": {"power_max": 2000}}}]}),
    ("クリーチャーをすべて破壊する。", "spell",
     {"operations": [{"op": "destroy", "all": {"zone": "battle", "controller": "any"}}]}),
    ("Tap all your opponent's creatures.", "spell",
     {"operations": [{"op": "tap", "all": {"zone": "battle", "controller": "opponent"}}]}),
    # from the mana zone, the hand or the graveyard into the battle zone
    ("■このクリーチャーをバトルゾーンに出した時、自分のマナゾーンからクリーチャーを1体、"
     "バトルゾーンに出してもよい。", "creature",
     {"operations": [{"op": "put_into_battle", "choose": {
         "zone": "mana", "controller": "you", "count": 1, "filter": {"type": "creature"}}}]}),
    ("光の進化ではないブロッカーを2体まで、自分の手札からバトルゾーンに出す。", "spell",
     {"operations": [{"op": "put_into_battle", "choose": {
         "zone": "hand", "controller": "you", "count": 2, "up_to": True,
         "filter": {"subtype": "creature", "blocker": True, "civilization": "light"}}}]}),
    ("Put a creature from your graveyard into the battle zone.", "spell",
     {"operations": [{"op": "put_into_battle", "choose": {
         "zone": "graveyard", "controller": "you", "count": 1,
         "filter": {"type": "creature"}}}]}),
    ("When this creature is destroyed, you may return a spell from your graveyard to your "
     "hand.", "creature",
     {"operations": [{"op": "add_to_hand", "choose": {  # from the graveyard: added
         "zone": "graveyard", "controller": "you", "count": 1, "filter": {"type": "spell"}}}]}),
    # a choice with a filter, chosen and then acted on; picked without looking
    ("■このクリーチャーをバトルゾーンに出した時、相手のパワー3000以下のクリーチャーを1体選び、"
     "破壊する。", "creature",
     {"operations": [{"op": "destroy", "choose": {
         "zone": "battle", "controller": "opponent", "count": 1,
         "filter": {"type": "creature", "power_max": 3000}}}]}),
    ("■このクリーチャーをバトルゾーンに出した時、バトルゾーンにあるクリーチャーを1体選び、"
     "持ち主の手札に戻してもよい。", "creature",
     {"operations": [{"op": "return_to_hand", "choose": {
         "zone": "battle", "controller": "any", "count": 1}}]}),
    ("■このクリーチャーが破壊された時、相手の手札を1枚見ないで選び、捨てさせる。", "creature",
     {"operations": [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                                  "count": 1}}]}),
    ("When this creature is destroyed, your opponent discards a card at random from his "
     "hand.", "creature",
     {"operations": [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                                  "count": 1}}]}),
    ("When you put this creature into the battle zone, destroy one of your opponent's "
     "creatures that has power 3000 or less.", "creature",
     {"operations": [{"op": "destroy", "choose": {
         "zone": "battle", "controller": "opponent", "count": 1,
         "filter": {"power_max": 3000}}}]}),
    ("When you put this creature into the battle zone, your opponent chooses 1 of his "
     "creatures and destroys it.", "creature",
     {"operations": [{"op": "destroy", "choose": {
         "zone": "battle", "controller": "you", "chooser": "opponent", "relative": "chooser",
         "count": 1}}]}),
    # shields, power, the turn's start
    ("■このクリーチャーをバトルゾーンに出した時、相手のシールドを1枚ブレイクする。その後、"
     "カードを1枚引く。", "creature",
     {"operations": [{"op": "break_shield", "choose": {"zone": "shield",
                                                      "controller": "opponent", "count": 1}},
                     {"op": "draw", "count": 1, "then": True}]}),
    ("■このクリーチャーが攻撃する時、そのターン、このクリーチャーのパワーは+2000される。",
     "creature",
     {"operations": [{"op": "power", "amount": 2000, "until": "end_of_turn",
                      "card": "self"}]}),
    ("■このクリーチャーをバトルゾーンに出した時、バトルゾーンにある相手のクリーチャーを1体選ぶ。"
     "そのターン、そのクリーチャーのパワーは-2000される。（パワーが0以下のクリーチャーは破壊される）",
     "creature",
     {"operations": [{"op": "power", "amount": -2000, "until": "end_of_turn",
                      "choose": {"zone": "battle", "controller": "opponent", "count": 1}}]}),
    ("At the start of your turn, you may draw a card.", "creature",
     {"event": {"type": "turn_start", "player": "you"},
      "operations": [{"op": "draw", "count": 1}]}),
    ("Add the top card of your deck to your shields face down.", "spell",
     {"operations": [{"op": "add_shield", "top": {"zone": "deck", "controller": "you",
                                                  "count": 1}}]}),
    ("■このクリーチャーをバトルゾーンに出した時、自分の山札の上から5枚を見る。その中から1枚を"
     "手札に加え、残りを好きな順序で山札の一番下に置く。", "creature",
     {"operations": [{"op": "look_at_top", "count": 5,
                      "pick": {"count": 1, "to": "hand"}, "rest": "bottom"}]}),
    # modes
    ("When you put this creature into the battle zone, choose one: ► Draw a card. ► Destroy "
     "one of your opponent's creatures.", "creature",
     {"operations": [{"op": "choose_one", "options": [
         {"label": "Draw a card", "operations": [{"op": "draw", "count": 1}]},
         {"label": "Destroy one of your opponent's creatures", "operations": [
             {"op": "destroy", "choose": {"zone": "battle", "controller": "opponent",
                                          "count": 1}}]}]}]}),
])
def test_duel_masters_families_compile(text: str, card_type: str, effect: dict) -> None:
    m = mapped("duel_masters", text)[-1]
    assert m.problems == {}, m.problems
    assert {k: m.effect.get(k) for k in effect} == effect
    stats = {"civilization": "fire", "cost": 3}
    if card_type == "creature":
        stats.update({"power": 1000, "races": ["Human"]})
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": card_type, **stats,
                  "effects": [m.effect]}], file="test", game_hint="duel_masters")


@pytest.mark.parametrize(("text", "card_type", "part", "expected"), [
    # costs paid with chosen cards, half the LP, Xyz Materials
    ("You can banish 1 DARK monster from your GY; draw 1 card.", "monster", "cost",
     [{"op": "banish", "choose": {"zone": "gy", "controller": "you", "count": 1,
                                  "filter": {"type": "monster", "attribute": "DARK"}}}]),
    ("Pay half your LP; draw 2 cards.", "spell", "cost",
     [{"op": "pay_lp", "amount": {"lp": "you", "half": True}}]),
    ("You can detach 1 material from this card; draw 1 card.", "monster", "cost",
     [{"op": "detach", "count": 1}]),
    # whichever wording says the whole sentence
    ("相手は３０００ＬＰ回復する。", "spell", "operations",
     [{"op": "gain_lp", "player": "opponent", "amount": 3000}]),
    ("このカードが召喚に成功した時に発動する。相手のデッキの一番上のカードを墓地へ送る。",
     "monster", "operations",
     [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "opponent", "count": 1}}]),
    ("自分の墓地の戦士族モンスター１体を対象として発動できる。その戦士族モンスターを手札に加える。",
     "spell", "operations", [{"op": "add_to_hand", "card": "target"}]),
    ("自分の墓地の融合モンスター１体を対象として発動できる。そのモンスターを特殊召喚する。",
     "spell", "targets",
     [{"as": "target", "zone": "gy", "controller": "you", "count": 1,
       "filter": {"type": "monster", "subtype": "fusion"}}]),
])
def test_costs_and_wordings_compile(text: str, card_type: str, part: str,
                                    expected: list) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "card_type", "subtype", "effect"), [
    ("Equip Spell\nEquip only to a WATER monster.", "spell", "equip",
     {"targets": [{"as": "monster", "zone": "monster", "controller": "any",
                   "filter": {"attribute": "WATER", "face_up": True}}],
      "operations": [{"op": "equip", "card": "monster"}]}),
    ("表側表示のモンスターに装備する。", "spell", "equip",
     {"targets": [{"as": "monster", "zone": "monster", "controller": "any",
                   "filter": {"face_up": True}}],
      "operations": [{"op": "equip", "card": "monster"}]}),
    ("Quick-Play Spell\nTarget 1 face-up Effect Monster your opponent controls; negate its "
     "effects until the end of this turn.", "spell", "quick_play",
     {"operations": [{"op": "negate_effects", "card": "target"}]}),
    ("Normal Trap\nWhen an opponent's monster declares an attack: Destroy the attacking "
     "monster.", "trap", "normal",
     {"respond_to": {"type": "attack_declared", "attacker": "opponent"},
      "operations": [{"op": "destroy", "card": "attacker"}]}),
    ("You can send this card from your hand to the GY; draw 1 card.", "monster", None,
     {"cost": [{"op": "send_to_gy", "card": "self"}], "activate_from": "hand"}),
])
def test_equips_negations_and_the_attacker_compile(text: str, card_type: str,
                                                   subtype: str | None, effect: dict) -> None:
    _check("yugioh", text, card_type, effect, subtype=subtype)


@pytest.mark.parametrize(("game", "text", "card_type", "operations"), [
    ("duel_masters", "相手のパワー4000以下のクリーチャーを1体破壊する。", "spell",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                   "filter": {"power_max": 4000}}}]),
    ("duel_masters", "Destroy one of your opponent's untapped creatures.", "spell",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                   "filter": {"tapped": False}}}]),
    ("duel_masters", "「ブロッカー」を持つクリーチャーをすべて、持ち主の墓地に置く。", "spell",
     [{"op": "send_to_gy", "all": {"zone": "battle", "controller": "any",
                                   "filter": {"blocker": True}}}]),
    ("duel_masters", "Return all creatures that cost 6 or more to their owners' hands.", "spell",
     [{"op": "return_to_hand", "all": {"zone": "battle", "controller": "any",
                                       "filter": {"cost_min": 6}}}]),
    ("duel_masters", "Choose up to 2 creatures in the battle zone and return them to their "
                     "owners' hands.", "spell",
     [{"op": "return_to_hand", "choose": {"zone": "battle", "controller": "any", "count": 2,
                                          "up_to": True}}]),
    ("duel_masters", "自分の山札の上から1枚目をマナゾーンに置く。", "spell",
     [{"op": "put_into_mana", "top": {"zone": "deck", "controller": "you", "count": 1}}]),
    ("duel_masters", "Look at the top two cards of your deck. Put one of them into your hand "
                     "and the other back on top of your deck.", "spell",
     [{"op": "look_at_top", "count": 2, "pick": {"count": 1, "to": "hand"}, "rest": "top"}]),
    ("yugioh", "Destroy all Spells and Traps on the field.", "spell",
     [{"op": "destroy", "all": {"zone": ["spell_trap", "field"], "controller": "any",
                                "filter": {"type": ["spell", "trap"]}}}]),
    ("yugioh", "Send 1 monster from your Deck to the GY.", "spell",
     [{"op": "send_to_gy", "choose": {"zone": "deck", "controller": "you", "count": 1,
                                      "filter": {"type": "monster"}}}]),
    ("yugioh", "Draw 1 card, then your opponent gains 1000 LP.", "spell",
     [{"op": "draw", "count": 1},
      {"op": "gain_lp", "player": "opponent", "amount": 1000, "then": True}]),
    ("yugioh", "FLIP: フィールドのモンスター1体を対象として発動する。そのモンスターを持ち主の手札に"
               "戻す。", "monster",
     [{"op": "return_to_hand", "card": "target"}]),
])
def test_more_wordings_compile(game: str, text: str, card_type: str, operations: list) -> None:
    m = mapped(game, text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["operations"] == operations


@pytest.mark.parametrize(("text", "operations"), [
    # cards on the field chosen at resolution, not targeted
    ("Destroy 1 monster your opponent controls.",
     [{"op": "destroy", "choose": {"zone": "monster", "controller": "opponent", "count": 1,
                                   "filter": {"type": "monster"}}}]),
    ("相手フィールドのカード１枚を選んで破壊する。",
     [{"op": "destroy", "choose": {"zone": ["monster", "spell_trap", "field"],
                                   "controller": "opponent", "count": 1}}]),
    ("Return 1 Spell/Trap on the field to the hand.",
     [{"op": "return_to_hand", "choose": {"zone": ["spell_trap", "field"], "controller": "any",
                                          "count": 1, "filter": {"type": ["spell", "trap"]}}}]),
    # banished from a GY, whose it is
    ("Banish up to 2 monsters from either GY.",
     [{"op": "banish", "choose": {"zone": "gy", "controller": "any", "count": 2, "up_to": True,
                                  "filter": {"type": "monster"}}}]),
    ("相手の墓地のカード１枚を選んで除外する。",
     [{"op": "banish", "choose": {"zone": "gy", "controller": "opponent", "count": 1,
                                  "filter": {}}}]),
    # this card itself back to the hand
    ("このカードが墓地へ送られた時に発動できる。このカードを手札に加える。",
     [{"op": "add_to_hand", "card": "self"}]),
])
def test_cards_chosen_on_the_field_or_in_a_gy(text: str, operations: list) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["operations"] == operations


@pytest.mark.parametrize(("game", "text", "operations"), [
    ("yugioh", "Shuffle 2 cards from your GY into the Deck.",
     [{"op": "put_into_deck", "choose": {"zone": "gy", "controller": "you", "filter": {},
                                         "count": 2}}]),
    ("yugioh", "Change all face-up monsters on the field to Defense Position.",
     [{"op": "change_position", "to": "defense", "all": {
         "zone": "monster", "controller": "any", "filter": {"type": "monster",
                                                             "face_up": True}}}]),
    ("yugioh", "フィールドの表側表示モンスターを全て守備表示にする。",
     [{"op": "change_position", "to": "defense", "all": {
         "zone": "monster", "controller": "any", "filter": {"type": "monster",
                                                             "face_up": True}}}]),
    ("yugioh", "Take control of 1 monster your opponent controls.",
     [{"op": "change_control", "to": "you", "choose": {
         "zone": "monster", "controller": "opponent", "count": 1,
         "filter": {"type": "monster"}}}]),
    ("duel_masters", "自分の山札の上から1枚目を新しいシールドとしてシールドゾーンに加える。",
     [{"op": "add_shield", "top": {"zone": "deck", "controller": "you", "count": 1}}]),
])
def test_deck_position_control_and_shields(game: str, text: str, operations: list) -> None:
    m = mapped(game, text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["operations"] == operations


@pytest.mark.parametrize("text", [
    "Target 1 of your banished monsters; Special Summon it.",
    "除外されている自分のモンスター１体を対象として発動できる。そのモンスターを特殊召喚する。",
])
def test_a_banished_monster_is_special_summoned(text: str) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["targets"] == [{"as": "target", "zone": "banished", "controller": "you",
                                    "count": 1, "filter": {"type": "monster"}}]
    assert m.effect["operations"] == [{"op": "special_summon", "card": "target"}]


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("手札のこのカードを墓地へ捨てて発動できる。自分はデッキから１枚ドローする。", "cost",
     [{"op": "discard", "card": "self"}]),
    ("手札の魔法・罠カード１枚を墓地へ捨てて発動できる。自分はデッキから１枚ドローする。", "cost",
     [{"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1,
                                   "filter": {"type": ["spell", "trap"]}}}]),
    ("自分フィールドのモンスター１体を対象として発動できる。そのモンスターの攻撃力はターン終了時まで"
     "２５００アップする。", "operations",
     [{"op": "modify_stat", "card": "target", "stat": "atk", "amount": 2500,
       "until": "end_of_turn"}]),
    ("自分の手札・墓地から「サイバー・ドラゴン」１体を選んで特殊召喚する。", "operations",
     [{"op": "special_summon", "choose": {"zone": ["hand", "gy"], "controller": "you",
                                          "filter": {"name": "サイバー・ドラゴン"}, "count": 1}}]),
    ("このカードが相手の効果で墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。",
     "event", {"type": "sent_to_gy", "card": "self", "cause": "effect",
               "by_player": "opponent"}),
])
def test_japanese_costs_stats_and_events(text: str, part: str, expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect[part] == expected


def test_a_continuous_trap_targets_as_it_is_activated() -> None:
    m = mapped("yugioh", "Continuous Trap\nActivate this card by targeting 1 monster with 1000 "
                         "or less ATK in your GY; Special Summon it in Attack Position.")[0]
    assert m.effect["targets"] == [{"as": "target", "zone": "gy", "controller": "you",
                                    "count": 1, "filter": {"type": "monster", "atk_max": 1000}}]
    assert m.effect["operations"] == [{"op": "special_summon", "card": "target",
                                       "position": "attack"}]


@pytest.mark.parametrize(("text", "effect"), [
    ("When this card inflicts battle damage to your opponent: Discard 1 random card from your "
     "opponent's hand.",
     {"operations": [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                                  "count": 1}}]}),
    ("このカードが相手に戦闘ダメージを与えた時に発動する。相手の手札をランダムに１枚捨てる。",
     {"operations": [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                                  "count": 1}}]}),
    ("During your Standby Phase: Special Summon this card from your GY.",
     {"activate_from": "gy", "operations": [{"op": "special_summon", "card": "self"}]}),
])
def test_a_random_discard_and_a_summon_of_itself(text: str, effect: dict) -> None:
    _check("yugioh", text, "monster", effect)


@pytest.mark.parametrize(("text", "cost"), [
    ("You can send 1 card from your hand to the GY; draw 1 card.",
     [{"op": "send_to_gy", "choose": {"zone": "hand", "controller": "you", "count": 1}}]),
    ("手札からカード１枚を墓地へ送って発動できる。自分はデッキから１枚ドローする。",
     [{"op": "send_to_gy", "choose": {"zone": "hand", "controller": "you", "count": 1}}]),
    ("You can banish 1 card from your GY; draw 1 card.",
     [{"op": "banish", "choose": {"zone": "gy", "controller": "you", "count": 1}}]),
    ("You can Tribute 1 other monster; draw 1 card.",
     [{"op": "tribute", "choose": {"zone": "monster", "controller": "you", "count": 1,
                                   "other": True, "filter": {"type": "monster"}}}]),
])
def test_costs_of_chosen_cards(text: str, cost: list) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["cost"] == cost


@pytest.mark.parametrize(("text", "event"), [
    ("At the end of your turn, you may untap this creature.",
     {"type": "turn_end", "player": "you"}),
    ("■相手のターンのはじめに、カードを1枚引く。", {"type": "turn_start", "player": "opponent"}),
    ("■各ターンの終わりに、カードを1枚引いてもよい。", {"type": "turn_end"}),
])
def test_duel_masters_turn_timings(text: str, event: dict) -> None:
    m = mapped("duel_masters", text)[-1]
    assert m.problems == {}, m.problems
    assert m.effect["event"] == event


@pytest.mark.parametrize(("text", "zone", "flt"), [
    ("Special Summon 1 Level 4 monster from your hand or Deck.", ["hand", "deck"],
     {"type": "monster", "level_min": 4, "level_max": 4}),  # exactly Level 4
    ("デッキからレベル４モンスター１体を特殊召喚する。", "deck",
     {"type": "monster", "level_min": 4, "level_max": 4}),
    ("Special Summon 1 \"Foo\" from your hand, Deck, or GY.", ["hand", "deck", "gy"],
     {"name": "Foo"}),
    ("Add 1 Level 4 or lower WATER or FIRE monster from your Deck to your hand.", "deck",
     {"type": "monster", "level_max": 4, "attribute": ["WATER", "FIRE"]}),
    ("Add 1 Warrior or Spellcaster monster from your Deck to your hand.", "deck",
     {"type": "monster", "race": ["Warrior", "Spellcaster"]}),
    ("デッキから戦士族・魔法使い族モンスター１体を手札に加える。", "deck",
     {"type": "monster", "race": ["Warrior", "Spellcaster"]}),
])
def test_every_word_of_a_filter_is_kept(text: str, zone: Any, flt: dict) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.problems == {}, m.problems
    [op] = m.effect["operations"]
    assert (op["choose"]["zone"], op["choose"]["filter"]) == (zone, flt)


@pytest.mark.parametrize(("words", "flt"), [
    ("1 Spell or Trap", {"type": ["spell", "trap"]}),
    ("「帝」魔法・罠カード", {"type": ["spell", "trap"], "archetype": "帝"}),
    ("攻撃力1500以下の効果モンスター以外のモンスター",
     {"type": "monster", "atk_max": 1500, "has_effects": False}),
    ("Fusion Spell", None),  # "Fusion" is said by no filter key here: not dropped
    ("「X」以外のモンスター", None),  # "other than X": not read as X
    ("儀式モンスター１体または儀式魔法カード", None),  # two descriptions, not one filter
    ("Ritual Monster or 1 Ritual Spell", None),
])
def test_a_filter_is_read_whole_or_not_at_all(words: str, flt: dict | None) -> None:
    from engine.classify.to_card import card_filter

    assert card_filter(words) == flt


def test_a_response_with_a_condition_is_not_read_without_it() -> None:
    m = mapped("yugioh", "Counter Trap\nWhen your opponent activates a Spell Card during the "
                         "Main Phase: Negate the activation.")[0]
    assert m.problems  # "during the Main Phase" is not dropped


@pytest.mark.parametrize(("text", "condition", "activate_from"), [
    ("If you control no face-up monsters: You can Special Summon this card from your hand.",
     [{"at": "event", "count": {"zone": "monster", "controller": "you",
                                "filter": {"type": "monster", "face_up": True}, "max": 0}}],
     "hand"),
    ("①：相手フィールドにのみモンスターが存在する場合に発動できる。このカードを手札から特殊召喚する。",
     [{"at": "event", "count": {"zone": "monster", "controller": "you",
                                "filter": {"type": "monster"}, "max": 0}},
      {"at": "event", "count": {"zone": "monster", "controller": "opponent",
                                "filter": {"type": "monster"}, "min": 1}}], "hand"),
    ("①：このカードが墓地に存在し、自分フィールドにチューナーが存在する場合に発動できる。"
     "このカードを墓地から特殊召喚する。",
     [{"at": "event", "card": "self", "zone": "gy"},
      {"at": "event", "count": {"zone": "monster", "controller": "you",
                                "filter": {"type": "monster", "tuner": True}, "min": 1}}],
     "gy"),
    ("If you have 3 or more Spells in your GY: You can draw 1 card.",
     [{"at": "event", "count": {"zone": "gy", "controller": "you",
                                "filter": {"type": "spell"}, "min": 3}}], None),
])
def test_a_condition_before_an_effect_compiles(text: str, condition: list,
                                               activate_from: str | None) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["condition"] == condition
    assert m.effect.get("activate_from") == activate_from
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "monster", "effects": [m.effect]}],
                file="test", game_hint="yugioh")


def test_a_condition_not_read_is_reported_whole() -> None:
    (m,) = mapped("yugioh", "If your LP are 2000 or less: You can draw 1 card.")
    assert "condition" in m.problems and "LP are 2000" in m.problems["condition"]


@pytest.mark.parametrize(("text", "part", "flt"), [
    ('If this card is sent to the GY: You can add 1 "Blackwing" monster from your Deck to your '
     'hand, except "Blackwing - Gale the Whirlwind".', "operations",
     {"type": "monster", "archetype": "blackwing", "not_name": "Blackwing - Gale the Whirlwind"}),
    ('You can target 1 monster in your GY, except "Night Assailant"; add it to your hand.',
     "targets", {"type": "monster", "not_name": "Night Assailant"}),
    ("①：「トランザクション・ロールバック」以外の自分の墓地の通常罠カード１枚を対象として発動できる。"
     "そのカードを手札に加える。", "targets",
     {"type": "trap", "subtype": "normal", "not_name": "トランザクション・ロールバック"}),
    ("You can send this card from your hand to the GY; add 1 Ritual Spell from your Deck to "
     "your hand.", "operations", {"type": "spell", "subtype": "ritual"}),
    ("デッキから速攻魔法カード１枚を手札に加える。", "operations",
     {"type": "spell", "subtype": "quick_play"}),
])
def test_except_a_name_and_a_spell_s_subtype(text: str, part: str, flt: dict) -> None:
    """"except "X"" / 「「X」以外の」 leaves that name out of the cards described (``not_name``);
    a Spell's or Trap's subtype ("Ritual Spell", 「速攻魔法」) is part of the filter."""
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    found = m.effect[part][0]
    assert (found.get("choose") or found)["filter"] == flt


@pytest.mark.parametrize(("text", "event"), [
    ("If this card leaves the field: Destroy all monsters your opponent controls.",
     {"type": "left_field", "card": "self"}),
    ("①：このカードが相手モンスターの攻撃対象に選択された時に発動できる。自分はデッキから１枚ドローする。",
     {"type": "attack_declared", "target": "self"}),
    ("When you take battle damage: You can Special Summon this card from your hand.",
     {"type": "lp_lost", "cause": "battle", "player": "you"}),
    ("Once per turn, when a monster is Special Summoned from your GY to your field: You can draw "
     "1 card.",
     {"type": "summoned", "how": "special", "from": "gy", "filter": {"controller": "you"}}),
])
def test_more_yugioh_events(text: str, event: dict) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect["event"] == event
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "monster", "effects": [m.effect]}],
                file="test", game_hint="yugioh")


def test_a_once_per_turn_condition_in_japanese() -> None:
    (m,) = mapped("yugioh", "①：１ターンに１度、自分フィールドにモンスターが存在しない場合に"
                            "発動できる。手札から天使族モンスター１体を特殊召喚する。")
    assert not m.problems, m.problems
    assert m.effect["condition"][0]["count"]["max"] == 0


def test_battle_damage_by_a_direct_attack_triggers_only_then() -> None:
    """「このカードが直接攻撃で相手に戦闘ダメージを与えた時」: the battle damage of a direct
    attack says it is one (``direct: true`` on ``lp_lost``); damage through a monster does
    not meet that timing."""
    from engine import Duel

    (m,) = mapped("yugioh", "①：このカードが直接攻撃で相手に戦闘ダメージを与えた時に発動する。"
                            "自分はデッキから１枚ドローする。")
    assert m.effect["event"]["direct"] is True
    card = {"id": "saber", "name": {"en": "Saber"}, "type": "monster", "subtype": "effect",
            "attribute": "EARTH", "race": "Beast-Warrior", "level": 4, "atk": 1900, "def": 0,
            "effects": [m.effect]}
    for theirs, met in (([], True), ([{"card": "Kuriboh", "as": "wall"}], False)):
        duel = Duel("yugioh", setup={"turn_player": "p1", "turn": 3, "phase": "battle",
                                     "p1": {"monster": ["Saber"], "deck": ["Kuriboh"] * 3},
                                     "p2": {"monster": theirs}}, cards=[card])
        duel.apply({"do": "declare_attack", "card": "Saber",
                    "target": "wall" if theirs else None})
        duel.apply({"do": "battle"})
        assert any(e["key"] == "trigger.met" for e in duel.state.log) is met


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("You can target 1 monster in your GY; Special Summon it in Defense Position, but negate "
     "its effects.", "operations",
     [{"op": "special_summon", "card": "target", "position": "defense"},
      {"op": "negate_effects", "card": "target", "then": True}]),
    ("(Quick Effect): You can discard this card; negate the effects of 1 face-up monster your "
     "opponent controls until the end of this turn.", "operations",
     [{"op": "negate_effects", "choose": {"zone": "monster", "controller": "opponent",
                                          "count": 1, "filter": {"type": "monster",
                                                                 "face_up": True}}}]),
    ("If this card is in your hand: You can discard 1 other card; Special Summon this card.",
     "cost", [{"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1,
                                           "other": True}}]),
    ("You can return this card to the hand.", "operations",
     [{"op": "return_to_hand", "card": "self"}]),
    ("Target 1 face-up monster on the field; gain LP equal to its original ATK.", "operations",
     [{"op": "gain_lp", "player": "you", "amount": {"stat": "atk", "of": "target",
                                                   "original": True}}]),
    ("When this card destroys an opponent's monster by battle: You can draw 1 card.", "event",
     {"type": "destroyed", "cause": "battle", "by": "self",
      "filter": {"controller": "opponent"}}),
])
def test_more_english_wordings_compile(text: str, part: str, expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("通常魔法\n①：フィールドの魔法・罠カードを２枚まで対象として発動できる。そのカードを破壊する。",
     "targets", [{"as": "target", "zone": ["spell_trap", "field"], "controller": "any",
                  "count": 2, "up_to": True, "filter": {"type": ["spell", "trap"]}}]),
    ("通常魔法\n①：デッキ・墓地から「融合」１枚を選んで手札に加える。", "operations",
     [{"op": "add_to_hand", "choose": {"zone": ["deck", "gy"], "controller": "you",
                                       "filter": {"name": "融合"}, "count": 1}}]),
    ("①：自分の墓地からモンスター１体を除外して発動できる。このカードを手札から特殊召喚する。",
     "cost", [{"op": "banish", "choose": {"zone": "gy", "controller": "you", "count": 1,
                                          "filter": {"type": "monster"}}}]),
    ("通常魔法\n①：デッキから「ライトロード」モンスター１体を墓地へ送る。", "operations",
     [{"op": "send_to_gy", "choose": {"zone": "deck", "controller": "you",
                                      "filter": {"type": "monster", "archetype": "ライトロード"},
                                      "count": 1}}]),
    ("通常魔法\n①：自分の墓地のモンスター１体を対象として発動できる。そのモンスターを守備表示で"
     "特殊召喚する。この効果で特殊召喚したモンスターの効果は無効化される。", "operations",
     [{"op": "special_summon", "card": "target", "position": "defense"},
      {"op": "negate_effects", "card": "target", "then": True}]),
])
def test_more_japanese_wordings_compile(text: str, part: str, expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected


def test_a_quick_effect_worded_when_answers_what_it_names() -> None:
    """A hand trap's "When ..." (「相手モンスターの攻撃宣言時に」) is what it answers
    (``respond_to``), as a Trap's activation is."""
    (m,) = mapped("yugioh", "①：相手モンスターの攻撃宣言時にこのカードを手札から墓地へ送って"
                            "発動できる。その攻撃モンスターを守備表示にする。")
    assert not m.problems, m.problems
    assert m.effect["kind"] == "quick"
    assert m.effect["respond_to"] == {"type": "attack_declared", "attacker": "opponent"}


@pytest.mark.parametrize(("text", "op"), [
    ('Normal Spell\nFusion Summon 1 "Elemental HERO" Fusion Monster from your Extra Deck, using '
     "monsters from your hand or field as Fusion Material.",
     {"op": "fusion_summon", "choose": {"filter": {"archetype": "elemental_hero"}},
      "materials_from": ["hand", "monster"]}),
    ("Normal Spell\nFusion Summon 1 Fusion Monster from your Extra Deck, using monsters from "
     "your field as material.", {"op": "fusion_summon", "materials_from": ["monster"]}),
    ("通常魔法\n①：自分の手札・フィールドから、融合モンスターカードによって決められた融合素材モンスターを"
     "墓地へ送り、その融合モンスター１体をエクストラデッキから融合召喚する。",
     {"op": "fusion_summon", "materials_from": ["hand", "monster"]}),
])
def test_a_fusion_spell_compiles(text: str, op: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["operations"] == [op]
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "spell", "subtype": "normal",
                  "effects": [m.effect]}], file="test", game_hint="yugioh")


@pytest.mark.parametrize(("text", "subtype", "apply"), [
    ("Field Spell\n\nAll EARTH monsters on the field gain 500 ATK and lose 400 DEF.", "field",
     {"atk": 500, "def": -400,
      "to": {"controller": "any", "filter": {"type": "monster", "attribute": "EARTH"}}}),
    ("Field Spell\n\nAll Dinosaur, Zombie, and Rock monsters on the field gain 200 ATK/DEF.",
     "field",
     {"atk": 200, "def": 200, "to": {"controller": "any", "filter": {
         "type": "monster", "race": ["Dinosaur", "Zombie", "Rock"]}}}),
    ("Continuous Spell\n\nWarrior monsters you control gain 200 ATK for each Warrior and "
     "Spellcaster monster you control.", "continuous",
     {"atk": {"count": {"zone": "monster", "controller": "you", "filter": {
         "type": "monster", "race": ["Warrior", "Spellcaster"]}}, "times": 200},
      "to": {"controller": "you", "filter": {"type": "monster", "race": "Warrior"}}}),
    ("フィールド魔法\n①：フィールドの昆虫族・獣族モンスターの攻撃力・守備力は２００アップする。",
     "field",
     {"atk": 200, "def": 200, "to": {"controller": "any", "filter": {
         "type": "monster", "race": ["Insect", "Beast"]}}}),
    ("永続魔法\n①：自分フィールドのモンスターの攻撃力は５００アップし、守備力は４００ダウンする。",
     "continuous",
     {"atk": 500, "def": -400, "to": {"controller": "you", "filter": {"type": "monster"}}}),
])
def test_a_continuous_stat_change_compiles_to_apply(text: str, subtype: str,
                                                   apply: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["kind"] == "continuous"
    assert m.effect["apply"] == apply
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "spell", "subtype": subtype,
                  "effects": [m.effect]}], file="test", game_hint="yugioh")


@pytest.mark.parametrize(("text", "apply"), [
    ('Gains 500 ATK for each WATER monster on the field, except "Elemental HERO Absolute '
     'Zero".',
     {"atk": {"count": {"zone": "monster", "controller": "any", "filter": {
         "type": "monster", "attribute": "WATER", "not_name": "Elemental HERO Absolute Zero"}},
              "times": 500}}),
    ('Gains 500 ATK for each "Swamp Battleguard" you control.',
     {"atk": {"count": {"zone": "monster", "controller": "you", "filter": {
         "type": "monster", "name": "Swamp Battleguard"}}, "times": 500}}),
    ("①：このカードの攻撃力・守備力は自分の手札の数×６００アップする。",
     {"atk": {"count": {"zone": "hand", "controller": "you"}, "times": 600},
      "def": {"count": {"zone": "hand", "controller": "you"}, "times": 600}}),
    ("①：このカードの攻撃力は、自分フィールドの「アマゾネス」モンスターの数×１００アップする。",
     {"atk": {"count": {"zone": "monster", "controller": "you", "filter": {
         "type": "monster", "archetype": "アマゾネス"}}, "times": 100}}),
    ("Cannot be destroyed by battle.", {"cannot": "destroyed", "by": "battle"}),
    ("This card cannot be destroyed by battle or card effects.",
     {"cannot": "destroyed", "by": "any"}),
    ("This card cannot be targeted by your opponent's card effects.",
     {"cannot": "targeted", "by": "opponent"}),
    ("While this card is face-up on the field, monsters you control cannot be destroyed by "
     "battle.", {"cannot": "destroyed", "by": "battle",
                 "to": {"controller": "you", "filter": {"type": "monster"}}}),
    ("①：このカードは戦闘では破壊されない。", {"cannot": "destroyed", "by": "battle"}),
    ("①：このカードがモンスターゾーンに存在する限り、自分フィールドの戦士族モンスターは効果の対象にならない。",
     {"cannot": "targeted", "to": {"controller": "you", "filter": {"type": "monster",
                                                                     "race": "Warrior"}}}),
    ("①：このカードは相手の効果の対象にならない。", {"cannot": "targeted", "by": "opponent"}),
])
def test_a_monster_s_continuous_effect_compiles_to_apply(text: str, apply: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["kind"] == "continuous"
    assert m.effect["apply"] == apply
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "monster", "subtype": "effect",
                  "atk": 1000, "def": 1000, "level": 4, "effects": [m.effect]}],
                file="test", game_hint="yugioh")


@pytest.mark.parametrize("text", [
    "While you control a monster, this card cannot be targeted for attacks.",  # no such apply
    "Field Spell\n\nMonsters you control gain 200 ATK during your Battle Phase only.",
    "フィールド魔法\n①：フィールドの魚族モンスターの攻撃力は２００アップし、機械族モンスターの攻撃力は"
    "２００ダウンする。",  # two changes of two kinds of monster: no one apply
    "①：このカードは相手の効果では破壊されない。",  # "by the opponent" is no cause apply says
])
def test_a_continuous_effect_not_read_whole_is_left_out(text: str) -> None:
    m = mapped("yugioh", text)[-1]
    assert m.effect is None and "kind" in m.problems


@pytest.mark.parametrize("text", [
    "Equip Spell\n\nThe equipped monster gains 500 ATK.",
    "装備魔法\n①：装備モンスターの攻撃力は５００アップする。",
])
def test_an_equip_spell_s_change_alone_is_not_compiled(text: str) -> None:
    (m,) = mapped("yugioh", text)  # no activation would equip it
    assert m.effect is None and "kind" in m.problems


@pytest.mark.parametrize(("text", "card_type", "part", "expected"), [
    ("通常魔法\n①：お互いのプレイヤーは手札を２枚墓地へ送る。その後、それぞれデッキから２枚ドローする。",
     "spell", "operations",
     [{"op": "send_to_gy", "choose": {"zone": "hand", "controller": "you", "count": 2}},
      {"op": "send_to_gy", "choose": {"zone": "hand", "controller": "opponent", "count": 2,
                                      "chooser": "opponent"}},
      {"op": "draw", "count": 2, "player": "both", "then": True}]),
    ("Normal Spell\n\nEach player draws 1 card, then each player discards 1 card.", "spell",
     "operations",
     [{"op": "draw", "count": 1, "player": "both"},
      {"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1},
       "then": True},
      {"op": "discard", "choose": {"zone": "hand", "controller": "opponent", "count": 1,
                                   "chooser": "opponent"}}]),
    ("①：このカードが召喚に成功した場合に発動する。お互いのデッキの上からカードを５枚除外する。",
     "monster", "operations",
     [{"op": "banish", "top": {"zone": "deck", "controller": "you", "count": 5}},
      {"op": "banish", "top": {"zone": "deck", "controller": "opponent", "count": 5}}]),
    ("①：相手フィールドの表側表示モンスター１体を対象として発動できる。そのモンスターの攻撃力・守備力を"
     "半分にする。", "monster", "operations",
     [{"op": "modify_stat", "card": "target", "stat": s, "until": "leaves_field",
       "amount": {"stat": s, "of": "target", "half": True, "times": -1}} for s in ("atk", "def")]),
    ("①：このカードが召喚に成功した場合に発動する。デッキから「サイバー」魔法・罠カードまたは"
     "「サイバネティック」魔法・罠カード１枚を手札に加える。", "monster", "operations",
     [{"op": "add_to_hand", "choose": {"zone": "deck", "controller": "you", "count": 1,
                                       "filter": {"type": ["spell", "trap"], "archetype": [
                                           "サイバー", "サイバネティック"]}}}]),
    ('When this card is Normal Summoned: Add 1 "Cyber" or "Cybernetic" Spell/Trap from your '
     "Deck to your hand.", "monster", "operations",
     [{"op": "add_to_hand", "choose": {"zone": "deck", "controller": "you", "count": 1,
                                       "filter": {"type": ["spell", "trap"],
                                                  "archetype": ["cyber", "cybernetic"]}}}]),
    ("②：１ターンに１度、このカードのＸ素材を１つ取り除き、フィールドのカード１枚を対象として発動できる。"
     "そのカードを破壊する。", "monster", "cost", [{"op": "detach", "count": 1}]),
])
def test_each_player_s_hand_halves_and_two_archetypes(text: str, card_type: str, part: str,
                                                     expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": card_type, "effects": [m.effect]}],
                file="test", game_hint="yugioh")


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("①：お互いの墓地のカードを合計５枚まで対象として発動できる。そのカードを除外する。", "targets",
     [{"as": "target", "zone": "gy", "controller": "any", "count": 5, "up_to": True}]),
    ("①：除外されている自分及び相手のモンスターの中から合計３体まで対象として発動できる。"
     "そのモンスターを墓地に戻す。", "targets",
     [{"as": "target", "zone": "banished", "controller": "any", "count": 3, "up_to": True,
       "filter": {"type": "monster"}}]),
    ("②：１ターンに１度、自分の手札・フィールドの表側表示の「サイバー・ドラゴン」１体を除外して"
     "発動できる。このカードの攻撃力はターン終了時まで２１００アップする。", "cost",
     [{"op": "banish", "choose": {"zone": ["hand", "monster"], "controller": "you", "count": 1,
                                  "filter": {"face_up": True, "name": "サイバー・ドラゴン"}}}]),
])
def test_targets_in_total_and_a_cost_from_hand_or_field(text: str, part: str,
                                                       expected: Any) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "options"), [
    ("Quick-Play Spell\n\nActivate 1 of these effects.\n● Gain 1200 LP.\n● Inflict 800 damage "
     "to your opponent.",
     [{"label": "Gain 1200 LP", "operations": [
         {"op": "gain_lp", "player": "you", "amount": 1200}]},
      {"label": "Inflict 800 damage to your opponent", "operations": [
          {"op": "damage", "player": "opponent", "amount": 800}]}]),
    ("通常魔法\n①：以下の効果から１つを選択して発動できる。\n●自分はデッキから１枚ドローする。\n"
     "●相手に５００ダメージを与える。",
     [{"label": "自分はデッキから1枚ドローする", "operations": [{"op": "draw", "count": 1}]},
      {"label": "相手に500ダメージを与える", "operations": [
          {"op": "damage", "player": "opponent", "amount": 500}]}]),
])
def test_modes_after_bullets_compile_to_choose_one(text: str, options: list) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["operations"] == [{"op": "choose_one", "options": options}]
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "spell", "subtype": "normal",
                  "effects": [m.effect]}], file="test", game_hint="yugioh")


def test_modes_are_not_compiled_when_one_is_not_read() -> None:
    (m,) = mapped("yugioh", "Normal Spell\n\nActivate 1 of these effects.\n● Draw 2 cards.\n"
                            "● Your opponent skips their next Draw Phase.")
    assert "operations" in m.problems


@pytest.mark.parametrize("text", [
    "①：このカードが相手に戦闘ダメージを与えたターンのエンドフェイズに発動できる。自分はデッキから"
    "１枚ドローする。",
])
def test_an_end_phase_of_a_turn_the_text_names_is_left_out(text: str) -> None:
    (m,) = mapped("yugioh", text)  # which turn: no condition says it (only "this card was
    # Normal Summoned / Special Summoned / flipped face-up" that turn, or "destroyed a monster
    # by battle": tests/engine/test_this_turn)
    assert "event" in m.problems and "phase" not in (m.effect or {})


@pytest.mark.parametrize(("text", "op"), [
    ("①：自分エンドフェイズに発動する。このカードを持ち主の手札に戻す。", "return_to_hand"),
    ("①：このカードが墓地に存在する場合に発動できる。このカードを手札に加える。", "add_to_hand"),
])
def test_this_card_returned_from_the_field_or_added_to_the_hand(text: str, op: str) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["operations"] == [{"op": op, "card": "self"}]


@pytest.mark.parametrize(("text", "apply"), [
    ("Continuous Spell\n\nEach monster you control gains 300 ATK.",
     {"atk": 300, "to": {"controller": "you", "filter": {"type": "monster"}}}),
    ("Continuous Spell\n\nMonsters you control gain 300 ATK and DEF.",
     {"atk": 300, "def": 300, "to": {"controller": "you", "filter": {"type": "monster"}}}),
    ("Continuous Spell\n\nYour opponent cannot target Warrior monsters you control with card "
     "effects.", {"cannot": "targeted", "by": "opponent", "to": {
         "controller": "you", "filter": {"type": "monster", "race": "Warrior"}}}),
    ("永続魔法\n①：このカードが表側表示で存在する限り、相手フィールドの全てのモンスターの攻撃力は"
     "５００ダウンする。", {"atk": -500, "to": {"controller": "opponent",
                                             "filter": {"type": "monster"}}}),
])
def test_more_continuous_wordings_compile(text: str, apply: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["apply"] == apply


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("Normal Trap\n\nWhen your opponent Normal or Special Summons a monster(s): Destroy that "
     "monster(s).", "operations", [{"op": "destroy", "card": "event_card"}]),
    ("Normal Trap\n\nWhen your opponent Normal or Special Summons a monster(s): Destroy that "
     "monster(s).", "respond_to",
     {"type": "summoned", "player": "opponent", "how": ["normal", "tribute", "special"]}),
    ("通常罠\n①：相手がモンスターの召喚・特殊召喚に成功した時に発動できる。そのモンスターを破壊する。",
     "operations", [{"op": "destroy", "card": "event_card"}]),
    ("通常魔法\n①：自分はデッキから２枚ドローし、その後手札を１枚選んで捨てる。", "operations",
     [{"op": "draw", "count": 2},
      {"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1},
       "then": True}]),
    ("通常魔法\n①：自分の墓地のモンスター５体を対象として発動できる。そのモンスター５体をデッキに加えて"
     "シャッフルする。その後、自分はデッキから２枚ドローする。", "operations",
     [{"op": "put_into_deck", "card": "target"}, {"op": "draw", "count": 2, "then": True}]),
    ("①：自分の墓地のモンスター２体を対象として発動できる。そのモンスターをデッキに戻し、その後自分は"
     "デッキから１枚ドローする。", "operations",
     [{"op": "put_into_deck", "card": "target"}, {"op": "draw", "count": 1, "then": True}]),
    ("Normal Spell\n\nBoth players draw 1 card.", "operations",
     [{"op": "draw", "count": 1, "player": "both"}]),
    ("通常魔法\n①：自分・相手の墓地のモンスター１体を対象として発動できる。そのモンスターを自分フィールドに"
     "特殊召喚する。", "targets",
     [{"as": "target", "zone": "gy", "controller": "any", "count": 1,
       "filter": {"type": "monster"}}]),
])
def test_the_summoned_monster_a_draw_then_a_discard(text: str, part: str,
                                                    expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "operations"), [
    ("Once per turn: You can target 1 monster your opponent controls; destroy it, and if you "
     "do, inflict 500 damage to your opponent.",
     [{"op": "destroy", "card": "target"},
      {"op": "damage", "player": "opponent", "amount": 500, "if_done": True}]),
    ("①：１ターンに１度、相手フィールドのモンスター１体を対象として発動できる。そのモンスターを破壊し、"
     "相手に５００ダメージを与える。",
     [{"op": "destroy", "card": "target"},
      {"op": "damage", "player": "opponent", "amount": 500, "if_done": True}]),
    ("Normal Spell\n\nBanish all cards in your opponent's GY.",
     [{"op": "banish", "all": {"zone": "gy", "controller": "opponent"}}]),
    ("通常魔法\n①：相手の墓地のモンスターを全て除外する。",
     [{"op": "banish", "all": {"zone": "gy", "controller": "opponent",
                               "filter": {"type": "monster"}}}]),
    ("Normal Trap\n\nWhen an opponent's monster declares an attack: Destroy that attacking "
     "monster.", [{"op": "destroy", "card": "attacker"}]),
    ("①：このカードが戦闘で相手モンスターを破壊した時に発動できる。自分はデッキから１枚ドローする。",
     [{"op": "draw", "count": 1}]),
])
def test_if_you_do_a_gy_banished_whole_and_the_attacker(text: str, operations: list) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect["operations"] == operations


@pytest.mark.parametrize("text", [
    "When an opponent's monster declares an attack: You can Special Summon this card from your "
    "hand.",
    "①：相手モンスターの攻撃宣言時に発動できる。その攻撃モンスターを破壊する。",
])
def test_a_monster_triggers_on_an_opponent_s_attack(text: str) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["event"] == {"type": "attack_declared", "attacker": "opponent"}


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("①：このカードがリバースした場合に発動する。フィールドのモンスター１体を選んで破壊する。",
     "event",
     {"type": "flipped", "card": "self"}),
    ("①：このカードが相手によって破壊された場合に発動できる。自分はデッキから１枚ドローする。",
     "event",
     {"type": "destroyed", "card": "self", "by_player": "opponent"}),
    ("①：このカードが召喚・リバースした場合に発動できる。自分はデッキから１枚ドローする。", "event",
     [{"type": "summoned", "card": "self", "how": ["normal", "tribute"]},
      {"type": "flipped", "card": "self"}]),
    ("If this card is Normal Summoned or flipped face-up: You can draw 1 card.", "event",
     [{"type": "summoned", "card": "self", "how": ["normal", "tribute"]},
      {"type": "flipped", "card": "self"}]),
    ("通常魔法\n①：自分の手札を全て墓地へ送る。", "operations",
     [{"op": "send_to_gy", "all": {"zone": "hand", "controller": "you"}}]),
    ("①：自分の手札が０枚の場合に発動できる。デッキから２枚ドローする。", "condition",
     [{"at": "event", "count": {"zone": "hand", "controller": "you", "max": 0}}]),
    ("①：このカードが召喚に成功した場合に発動できる。自分の墓地のレベル４以下のモンスター１体を選んで"
     "特殊召喚する。", "operations",
     [{"op": "special_summon", "choose": {"zone": "gy", "controller": "you", "count": 1,
                                          "filter": {"type": "monster", "level_max": 4}}}]),
    ("通常魔法\n①：自分の墓地の魔法カード１枚を選んで手札に加える。", "operations",
     [{"op": "add_to_hand", "choose": {"zone": "gy", "controller": "you", "count": 1,
                                       "filter": {"type": "spell"}}}]),
])
def test_flips_a_destroying_opponent_a_whole_hand_and_gy_choices(text: str, part: str,
                                                                expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize("text", [
    "Normal Spell\n\nTarget 1 face-up monster your opponent controls; its ATK becomes 0 until "
    "the end of this turn.",
    "速攻魔法\n①：相手フィールドの表側表示モンスター１体を対象として発動できる。そのモンスターの攻撃力は"
    "ターン終了時まで０になる。",
])
def test_a_target_s_atk_made_zero(text: str) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["operations"] == [{"op": "modify_stat", "card": "target", "stat": "atk",
                                       "amount": {"stat": "atk", "of": "target", "times": -1},
                                       "until": "end_of_turn"}]


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("You can target 1 other face-up monster you control; it gains 500 ATK until the end of "
     "this turn.", "targets",
     [{"as": "target", "zone": ["monster"], "controller": "you", "count": 1, "other": True,
       "filter": {"type": "monster", "face_up": True}}]),
    ("①：１ターンに１度、自分フィールドの他のモンスター１体を対象として発動できる。そのモンスターの攻撃力は"
     "ターン終了時まで５００アップする。", "targets",
     [{"as": "target", "zone": ["monster"], "controller": "you", "count": 1, "other": True,
       "filter": {"type": "monster"}}]),
    ("①：手札を１枚墓地へ送って発動できる。このカードを手札から特殊召喚する。", "cost",
     [{"op": "send_to_gy", "choose": {"zone": "hand", "controller": "you", "count": 1}}]),
])
def test_another_target_and_a_card_of_the_hand_sent_as_cost(text: str, part: str,
                                                            expected: Any) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "apply"), [
    ("Continuous Spell\n\nYour opponent's monsters lose 500 ATK.",
     {"atk": -500, "to": {"controller": "opponent", "filter": {"type": "monster"}}}),
    ("Field Spell\n\nAll Zombie monsters gain 200 ATK.",
     {"atk": 200, "to": {"controller": "any", "filter": {"type": "monster", "race": "Zombie"}}}),
])
def test_monsters_named_without_a_side_or_as_the_opponent_s(text: str, apply: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["apply"] == apply


@pytest.mark.parametrize(("text", "part", "expected"), [
    ("①：自分フィールドのモンスター１体を対象として発動できる。そのモンスターを持ち主の手札に戻し、自分は"
     "デッキから１枚ドローする。", "operations",
     [{"op": "return_to_hand", "card": "target"},
      {"op": "draw", "count": 1, "if_done": True}]),
    ("通常魔法\n①：相手に１０００ダメージを与え、自分は１０００LP回復する。", "operations",
     [{"op": "damage", "player": "opponent", "amount": 1000},
      {"op": "gain_lp", "player": "you", "amount": 1000}]),
    ("通常魔法\n①：自分フィールドの全てのモンスターの攻撃力はターン終了時まで５００アップする。",
     "operations",
     [{"op": "modify_stat", "all": {"zone": "monster", "controller": "you",
                                    "filter": {"type": "monster"}},
       "stat": "atk", "amount": 500, "until": "end_of_turn"}]),
    ("Quick-Play Spell\n\nAll monsters your opponent controls lose 500 ATK/DEF until the end "
     "of this turn.", "operations",
     [{"op": "modify_stat", "all": {"zone": "monster", "controller": "opponent",
                                    "filter": {"type": "monster"}},
       "stat": ["atk", "def"], "amount": -500, "until": "end_of_turn"}]),
    ("①：このカードが相手モンスターの攻撃によって破壊され墓地へ送られた時に発動できる。デッキから"
     "モンスター１体を手札に加える。", "event",
     {"type": "sent_to_gy", "card": "self", "cause": "battle", "destroyed": True}),
])
def test_joined_japanese_operations_and_a_side_s_monsters_for_the_turn(
        text: str, part: str, expected: Any) -> None:
    m = mapped("yugioh", text)[-1]
    assert not m.problems, m.problems
    assert m.effect[part] == expected


@pytest.mark.parametrize(("text", "choose"), [
    ("①：このカードが相手の効果で墓地へ送られた場合に発動できる。エクストラデッキから機械族の融合モンスター"
     "１体を召喚条件を無視して特殊召喚する。",
     {"zone": "extra", "controller": "you", "count": 1,
      "filter": {"type": "monster", "race": "Machine", "subtype": "fusion"}}),
    ("If this card is sent to the GY: You can Special Summon 1 Dragon monster from your Deck, "
     "ignoring its Summoning conditions.",
     {"zone": "deck", "controller": "you", "count": 1,
      "filter": {"type": "monster", "race": "Dragon"}}),
])
def test_a_summon_ignoring_its_summoning_conditions(text: str, choose: dict) -> None:
    (m,) = mapped("yugioh", text)  # no Summoning condition binds a Summon by an effect here
    assert not m.problems, m.problems
    assert m.effect["operations"] == [{"op": "special_summon", "choose": choose}]


@pytest.mark.parametrize(("text", "controller"), [
    ("You can target 1 banished card; return it to the GY.", "any"),
    ("You can target 1 of your banished monsters; add it to your hand.", "you"),
    ("①：除外されているモンスター１体を対象として発動できる。そのモンスターを墓地に戻す。", "any"),
    ("①：除外されている自分のモンスター１体を対象として発動できる。そのモンスターを手札に加える。",
     "you"),
])
def test_a_banished_target_is_either_player_s_unless_the_text_says_whose(
        text: str, controller: str) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["targets"][0]["zone"] == "banished"
    assert m.effect["targets"][0]["controller"] == controller


def test_both_the_target_and_this_card_shuffled_into_the_deck() -> None:
    (m,) = mapped("yugioh", "If this card is in your GY: You can target 1 other card in either "
                            "player's GY; shuffle both that card and this card from the GY into "
                            "the Deck.")
    assert not m.problems, m.problems
    assert m.effect["targets"] == [{"as": "target", "zone": "gy", "controller": "any",
                                    "count": 1, "other": True}]
    assert m.effect["operations"] == [{"op": "put_into_deck", "card": "target"},
                                      {"op": "put_into_deck", "card": "self"}]


@pytest.mark.parametrize("text", [
    "①：１ターンに１度、手札からモンスター１体を墓地へ送り、そのモンスターと同じレベルの相手フィールドの"
    "モンスター１体を対象として発動できる。そのモンスターのコントロールを得る。",
])
def test_a_target_described_before_its_field_is_not_cut_short(text: str) -> None:
    """「そのモンスターと同じレベルの相手フィールドのモンスター」: no target says the same Level, so
    the targets are left to the card's writer rather than any monster the opponent controls."""
    (m,) = mapped("yugioh", text)
    assert "targets" in m.problems and "targets" not in m.effect


def test_a_target_in_your_main_phase_is_read() -> None:
    (m,) = mapped("yugioh", "①：１ターンに１度、自分メインフェイズに相手フィールドの"
                            "魔法・罠カード１枚を対象として発動できる。そのカードを破壊する。")
    assert not m.problems, m.problems
    assert m.effect["targets"][0]["controller"] == "opponent"


@pytest.mark.parametrize(("text", "op"), [
    ("①：１ターンに１度、自分メインフェイズに発動できる。このカードを破壊する。", "destroy"),
    ("Continuous Spell\n\nDuring your Standby Phase: Send this card to the GY.", "send_to_gy"),
    ("①：自分スタンバイフェイズに発動する。このカードを除外する。", "banish"),
])
def test_the_card_moves_itself(text: str, op: str) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["operations"] == [{"op": op, "card": "self"}]


@pytest.mark.parametrize(("text", "respond"), [
    ("カウンター罠\n①：相手がモンスターを召喚・反転召喚・特殊召喚する際に発動できる。その召喚を"
     "無効にし、そのモンスターを破壊する。", {"type": "summoning", "player": "opponent"}),
    ("カウンター罠\n①：モンスターを召喚する際に発動できる。その召喚を無効にし、そのモンスターを破壊する。",
     {"type": "summoning", "how": ["normal", "tribute"]}),
])
def test_a_summon_about_to_happen_says_whose_and_which(text: str, respond: dict) -> None:
    (m,) = mapped("yugioh", text)
    assert not m.problems, m.problems
    assert m.effect["respond_to"] == respond
    assert m.effect["operations"] == [{"op": "negate_summon", "destroy": True}]


def test_a_face_down_target_flipped_face_up() -> None:
    (m,) = mapped("yugioh", "通常魔法\n①：フィールドの裏側表示モンスター１体を対象として"
                            "発動できる。そのモンスターを表側攻撃表示にする。")
    assert not m.problems, m.problems
    assert m.effect["targets"][0]["filter"] == {"type": "monster", "face_up": False}
    assert m.effect["operations"] == [{"op": "change_position", "to": "attack",
                                       "card": "target"}]
