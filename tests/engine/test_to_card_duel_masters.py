"""Duel Masters wordings the card-text reader compiles (engine/games/duel_masters/to_card.py):
a pasted text's ability, read and mapped into the card files' vocabulary (docs/cards.md)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.classify import classify
from engine.classify.to_card import map_reading

YOU_MANA = {"zone": "mana", "controller": "you", "count": 1}


def compiled(text: str) -> dict[str, Any]:
    """The effect of the text's last ability (its name or keyword lines before it)."""
    reading = classify("duel_masters", text)[-1]
    mapping = map_reading("duel_masters", reading)
    assert not mapping.problems, mapping.problems
    assert mapping.effect is not None
    return mapping.effect


CASES = [
    # draw up to N: drawn (the library's cards do not model "up to")
    ("Draw up to 2 cards. Then discard a card from your hand.",
     [{"op": "draw", "count": 2},
      {"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1},
       "then": True}]),
    ("■カードを2枚まで引いてもよい。その後、自分の手札を1枚捨てる。",
     [{"op": "draw", "count": 2},
      {"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1},
       "then": True}]),
    ("Each player draws a card.", [{"op": "draw", "count": 1, "player": "both"}]),
    # discards
    ("Your opponent chooses and discards 2 cards from his hand.",
     [{"op": "discard", "choose": {"zone": "hand", "controller": "you", "chooser": "opponent",
                                   "relative": "chooser", "count": 2}}]),
    ("■相手は自身の手札を1枚選び、捨てる。",
     [{"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1,
                                   "chooser": "opponent", "relative": "chooser"}}]),
    ("■相手の手札をすべて捨てさせる。",
     [{"op": "discard", "all": {"zone": "hand", "controller": "opponent"}}]),
    ("Your opponent discards his entire hand.",
     [{"op": "discard", "all": {"zone": "hand", "controller": "opponent"}}]),
    # the top of the deck, the mana zone, the hand and the shields
    ("■自分の山札の上から2枚を墓地に置く。",
     [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "you", "count": 2}}]),
    ("When you put this creature into the battle zone, put 1 card from your mana zone into "
     "your graveyard.", [{"op": "send_to_gy", "choose": YOU_MANA}]),
    ("■このクリーチャーが攻撃する時、自分のマナゾーンのカードを1枚、自分の手札に戻す。",
     [{"op": "add_to_hand", "choose": YOU_MANA}]),
    ("■自分のマナゾーンのカードを1枚、手札に戻す。その後、自分の手札を1枚、マナゾーンに置く。",
     [{"op": "add_to_hand", "choose": YOU_MANA},
      {"op": "put_into_mana", "choose": {"zone": "hand", "controller": "you", "count": 1},
       "then": True}]),
    ("Put a card from your mana zone into your shields face down.",
     [{"op": "add_shield", "choose": YOU_MANA}]),
    ("When this creature is destroyed, you may return another creature from your graveyard "
     "to your hand.",
     [{"op": "add_to_hand", "choose": {"zone": "graveyard", "controller": "you", "count": 1,
                                       "filter": {"type": "creature"}, "other": True}}]),
    ("Choose 1 card in your opponent's mana zone and put it into his graveyard.",
     [{"op": "send_to_gy", "choose": {"zone": "mana", "controller": "opponent", "count": 1}}]),
    # searching the deck (its shuffle is not modelled, as in the library)
    ("Search your deck. You may take a spell from your deck, show that spell to your "
     "opponent, and put it into your hand. Then shuffle your deck.",
     [{"op": "add_to_hand", "choose": {"zone": "deck", "controller": "you", "count": 1,
                                       "filter": {"type": "spell"}}}]),
    ("■自分の山札を見る。その中から自然以外のカードを1枚選び、自分のマナゾーンに置いてもよい。"
     "その後、山札をシャッフルする。",
     [{"op": "put_into_mana", "choose": {
         "zone": "deck", "controller": "you", "count": 1,
         "filter": {"civilization": ["light", "water", "darkness", "fire"]}}}]),
    ("■自分の山札の上から5枚を見る。その中から自然のカードを1枚、相手に見せてから手札に加えてもよい。"
     "残りを好きな順序で山札の一番下に置く。",
     [{"op": "look_at_top", "count": 5, "pick": {"count": 1, "to": "hand", "up_to": True,
                                                 "filter": {"civilization": "nature"}},
       "rest": "bottom"}]),
    # every creature of a kind
    ('When you put this creature into the battle zone, destroy all creatures that have '
     '"blocker."',
     [{"op": "destroy", "all": {"zone": "battle", "controller": "any",
                                "filter": {"blocker": True}}}]),
    ("■相手のブロッカーをすべて破壊する。",
     [{"op": "destroy", "all": {"zone": "battle", "controller": "opponent",
                                "filter": {"blocker": True}}}]),
    ("When you put this creature into the battle zone, destroy all your other creatures.",
     [{"op": "destroy", "all": {"zone": "battle", "controller": "you", "other": True}}]),
    ("Destroy all creatures in the battle zone that have power 2000 or less.",
     [{"op": "destroy", "all": {"zone": "battle", "controller": "any",
                                "filter": {"power_max": 2000}}}]),
    # a chosen creature, its power bound kept
    ("Choose 1 of your opponent's creatures in the battle zone that has power 3000 or less. "
     "Destroy it.",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                   "filter": {"power_max": 3000, "type": "creature"}}}]),
    ("Whenever this creature attacks, you may choose 1 of your opponent's creatures and tap it.",
     [{"op": "tap", "choose": {"zone": "battle", "controller": "opponent", "count": 1}}]),
    ("When you put this creature into the battle zone, you may return 1 creature in the battle "
     "zone to its owner's hand.",
     [{"op": "return_to_hand", "choose": {"zone": "battle", "controller": "any", "count": 1}}]),
    # this creature; "if you do"
    ("■このクリーチャーをバトルゾーンに出した時、このクリーチャーを破壊してもよい。そうした場合、"
     "自分の山札の上から1枚目をマナゾーンに置く。",
     [{"op": "destroy", "card": "self"},
      {"op": "put_into_mana", "top": {"zone": "deck", "controller": "you", "count": 1},
       "if_done": True, "then": True}]),
    ("At the end of each of your turns, return this creature to your hand.",
     [{"op": "return_to_hand", "card": "self"}]),
    ("■このクリーチャーが破壊された時、このクリーチャーをマナゾーンに置く。",
     [{"op": "put_into_mana", "card": "self"}]),
]


@pytest.mark.parametrize(("text", "operations"), CASES)
def test_a_wording_compiles_to_its_operations(text: str, operations: list[dict]) -> None:
    assert compiled(text)["operations"] == operations


@pytest.mark.parametrize(("text", "event"), [
    ("At the end of each of your turns, you may untap this creature.",
     {"type": "turn_end", "player": "you"}),
    ("■このクリーチャーがブロックした時、カードを1枚引いてもよい。",
     {"type": "blocked", "card": "self"}),
    ("Whenever you cast a spell, you may draw a card.", {"type": "cast", "player": "you"}),
])
def test_an_event_is_read(text: str, event: dict) -> None:
    assert compiled(text)["event"] == event


@pytest.mark.parametrize(("text", "condition"), [
    ("When you put this creature into the battle zone, if you have 5 or more cards in your mana "
     "zone, draw a card.",
     [{"at": "resolution", "count": {"zone": "mana", "controller": "you", "min": 5}}]),
    ("■自分のマナゾーンにカードが6枚以上あれば、カードを2枚引く。",
     [{"at": "resolution", "count": {"zone": "mana", "controller": "you", "min": 6}}]),
    ("If you have 2 or fewer shields, draw 2 cards.",
     [{"at": "resolution", "count": {"zone": "shield", "controller": "you", "max": 2}}]),
    ("■このクリーチャーをバトルゾーンに出した時、自分のシールドが1つもなければ、カードを2枚引く。",
     [{"at": "resolution", "count": {"zone": "shield", "controller": "you", "max": 0}}]),
    ("When you put this creature into the battle zone, if you have a Cyber Lord in the battle "
     "zone, you may draw up to 3 cards.",
     [{"at": "resolution", "count": {"zone": "battle", "controller": "you",
                                     "filter": {"race": "Cyber Lord"}, "min": 1}}]),
])
def test_a_condition_is_read(text: str, condition: list[dict]) -> None:
    assert compiled(text)["condition"] == condition


def test_if_you_do_is_no_condition_but_ties_the_operations() -> None:
    effect = compiled("When you put this creature into the battle zone, you may destroy this "
                      "creature. If you do, put the top card of your deck into your mana zone.")
    assert "condition" not in effect
    assert effect["operations"][1]["if_done"] is True


def test_choose_one_with_its_modes_on_their_own_lines() -> None:
    text = "■次の中から1つ選ぶ。\n►カードを1枚引く。\n►相手のクリーチャーを1体選び、破壊する。"
    assert len(classify("duel_masters", text)) == 1
    [op] = compiled(text)["operations"]
    assert op["op"] == "choose_one"
    assert [o["operations"][0]["op"] for o in op["options"]] == ["draw", "destroy"]


@pytest.mark.parametrize("text", [
    "■ニンジャ・ストライク 5（相手のクリーチャーが攻撃またはブロックした時、自分のマナゾーンに"
    "カードが5枚以上あり、その攻撃中に「ニンジャ・ストライク」能力を使っていなければ、この"
    "クリーチャーをコストを支払わずに召喚してもよい。そのターンの終わりに、このクリーチャーを"
    "自分の山札の一番下に置く）",
    "Ninja strike 5",
])
def test_a_ninja_strike_waits_for_an_attack_or_block_with_its_mana(text: str) -> None:
    """What the engine's Ninja Strike needs (the library's Ninja Strike cards): the opponent's
    creature attacking or blocking, and N cards in the mana zone then and as it is used."""
    effect = compiled(text)
    assert effect["kind"] == "ninja_strike"
    assert effect["event"] == {"type": ["attack_declared", "blocked"],
                               "filter": {"controller": "opponent"}}
    assert effect["condition"] == [{"at": "both", "count": {"zone": "mana", "controller": "you",
                                                            "min": 5}}]


def test_a_compiled_ninja_strike_and_a_shield_added_are_played() -> None:
    """The reader bench plays them: the Ninja Strike summons the creature against an attack;
    a card put into the shields face down (no event in the log) is seen in the shield zone."""
    from bench import reader

    for text, kind in (("Ninja strike 3\nWhen you put this creature into the battle zone, "
                        "draw a card.", "creature"),
                       ("Add the top card of your deck to your shields face down.", "spell")):
        entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
                 "card": {"type": kind}, "effects": [
                     {"at": line[:8], "kind": "activation"} for line in text.split("\n")]}
        score = reader.score_entry(entry)
        reader.play_card(score)
        assert score.played, score.why_not_played


@pytest.mark.parametrize(("text", "apply"), [
    ("Power attacker +3000 (While attacking, this creature gets +3000 power.)",
     {"power": 3000, "while": "attacking"}),
    ("■パワーアタッカー+2000（このクリーチャーが攻撃する時、パワーが+2000される）",
     {"power": 2000, "while": "attacking"}),
    ("This creature gets +2000 power for each shield you have.",
     {"power": {"count": {"zone": "shield", "controller": "you"}, "times": 2000}}),
    ("While attacking, this creature gets +1000 power for each tapped card in your mana zone.",
     {"power": {"count": {"zone": "mana", "controller": "you", "filter": {"tapped": True}},
                "times": 1000}, "while": "attacking"}),
    ("This creature gets -1000 power for each light or water creature in the battle zone.",
     {"power": {"count": {"zone": "battle", "controller": "any",
                          "filter": {"civilization": ["light", "water"]}}, "times": -1000}}),
    ("This creature gets +1000 power for each of your other untapped creatures in the battle "
     "zone.", {"power": {"count": {"zone": "battle", "controller": "you", "other": True,
                                   "filter": {"tapped": False}}, "times": 1000}}),
    ("Each of your other Gladiators and Earth Eaters in the battle zone gets +2000 power.",
     {"power": 2000, "to": {"controller": "you", "other": True,
                            "filter": {"race": ["Gladiator", "Earth Eater"]}}}),
])
def test_a_static_power_change_compiles_to_apply(text: str, apply: dict) -> None:
    effect = compiled(text)
    assert effect["kind"] == "continuous"
    assert effect["apply"] == apply


@pytest.mark.parametrize(("text", "to", "optional"), [
    ("When this creature would be destroyed, return it to your hand instead.", "hand", None),
    ("When this creature would be destroyed, put it into your mana zone instead.", "mana", None),
    ("When this creature would be destroyed, you may return it to your hand instead.", "hand",
     True),
])
def test_would_be_destroyed_instead_compiles_to_a_replacement(text: str, to: str,
                                                             optional: bool | None) -> None:
    effect = compiled(text)
    assert effect["kind"] == "replacement"
    assert effect["instead"] == {"when": "destroyed", "to": to}
    assert effect.get("optional") is optional


@pytest.mark.parametrize("text", [
    "This creature attacks each turn if able.",
    "■このクリーチャーは、可能であれば毎ターン攻撃する。",
])
def test_a_static_ability_the_vocabulary_cannot_say_is_left_to_the_writer(text: str) -> None:
    reading = classify("duel_masters", text)[-1]
    assert map_reading("duel_masters", reading).problems


def test_compiled_static_abilities_are_seen_on_the_board() -> None:
    """The reader bench plays them: a power attacker wins the battle its printed power loses,
    a count changes the power, a creature destroyed goes where its replacement says."""
    from bench import reader

    for text in ("Power attacker +2000 (While attacking, this creature gets +2000 power.)",
                 "This creature gets +1000 power for each shield you have.",
                 "When this creature would be destroyed, put it into your mana zone instead."):
        entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
                 "card": {"type": "creature"}, "effects": [{"at": text[:8], "kind": "static"}]}
        score = reader.score_entry(entry)
        reader.play_card(score)
        assert score.played, score.why_not_played
    effect = {"kind": "continuous", "label": "x", "apply": {"power": 0, "while": "untapped"}}
    card = {"id": "bench_reader_card", "name": {"en": reader.BENCH_NAME}, "type": "creature",
            "text": "x", "civilization": "fire", "cost": 1, "power": 1000, "races": ["Human"],
            "effects": [effect]}
    assert reader.play_effect("duel_masters", card, effect, 0)  # nothing changed: not seen


@pytest.mark.parametrize(("text", "effect"), [
    ("■パワーアタッカー+2000（攻撃中、このクリーチャーのパワーは+2000される）",
     {"kind": "continuous", "apply": {"power": 2000, "while": "attacking"}}),
    ("■攻撃中、このクリーチャーのパワーは自分の墓地の火のカード1枚につき+1000される。",
     {"kind": "continuous", "apply": {"power": {"count": {
         "zone": "graveyard", "controller": "you", "filter": {"civilization": "fire"}},
         "times": 1000}, "while": "attacking"}}),
    ("■攻撃中、このクリーチャーのパワーはバトルゾーンの自分の他の水のクリーチャー1体につき+1000される。",
     {"kind": "continuous", "apply": {"power": {"count": {
         "zone": "battle", "controller": "you", "other": True,
         "filter": {"civilization": "water"}}, "times": 1000}, "while": "attacking"}}),
    ("■バトルゾーンにある相手の火のクリーチャーのパワーはすべて-1000される。",
     {"kind": "continuous", "apply": {"power": -1000, "to": {
         "controller": "opponent", "filter": {"civilization": "fire"}}}}),
    ("■相手は、このクリーチャーを選べない。（ただし、このクリーチャーを攻撃またはブロックすることは"
     "できる）", {"kind": "continuous", "apply": {"cannot": "chosen", "by": "opponent"}}),
    ("Your opponent can't choose this creature.",
     {"kind": "continuous", "apply": {"cannot": "chosen", "by": "opponent"}}),
    ("■このクリーチャーが破壊される時、かわりに自分の手札に戻す。",
     {"kind": "replacement", "instead": {"when": "destroyed", "to": "hand"}}),
    ("■このクリーチャーが破壊される時、墓地に置くかわりに自分のマナゾーンに置く。",
     {"kind": "replacement", "instead": {"when": "destroyed", "to": "mana"}}),
])
def test_japanese_static_abilities_and_choosing_compile(text: str, effect: dict) -> None:
    got = compiled(text)
    assert {k: v for k, v in got.items() if k != "label"} == effect


@pytest.mark.parametrize(("text", "ops"), [
    ("One of your creatures in the battle zone gets +4000 power until the end of the turn.",
     [{"op": "power", "amount": 4000, "until": "end_of_turn",
       "choose": {"zone": "battle", "controller": "you", "count": 1}}]),
    ("Each of your creatures in the battle zone gets +3000 power until the end of the turn.",
     [{"op": "power", "amount": 3000, "until": "end_of_turn",
       "all": {"zone": "battle", "controller": "you"}}]),
    ("Each of your creatures in the battle zone gets +1000 power until the end of the turn for "
     "each light creature you have in the battle zone.",
     [{"op": "power", "until": "end_of_turn", "all": {"zone": "battle", "controller": "you"},
       "amount": {"count": {"zone": "battle", "controller": "you",
                            "filter": {"civilization": "light"}}, "times": 1000}}]),
])
def test_power_until_the_end_of_the_turn_is_a_spells_effect(text: str, ops: list) -> None:
    """A state said to last until the end of the turn is done once: a spell's effect, not a
    static ability."""
    [reading] = classify("duel_masters", text)
    assert reading.kind == "activation"
    assert compiled(text)["operations"] == ops


def test_a_creature_the_opponent_cannot_choose_is_played() -> None:
    from bench import reader

    text = "Your opponent can't choose this creature."
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "creature"}, "effects": [{"at": "Your", "kind": "static"}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played


@pytest.mark.parametrize("text", ["Double breaker (This creature breaks 2 shields.)",
                                  "■W・ブレイカー（このクリーチャーはシールドを2つブレイクする）"])
def test_double_breaker_with_its_reminder_is_the_card_flag(text: str) -> None:
    reading = classify("duel_masters", text)[-1]
    mapping = map_reading("duel_masters", reading)
    assert not mapping.problems
    assert mapping.flags == {"double_breaker": True}


@pytest.mark.parametrize(("text", "ops"), [
    ("Choose one of your opponent's tapped creatures in the battle zone. That creature gets "
     "-1000 power until the end of the turn. (A creature that has power 0 or less is "
     "destroyed.)",
     [{"op": "power", "amount": -1000, "until": "end_of_turn",
       "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                  "filter": {"type": "creature", "tapped": True}}}]),
    ("When you put this creature into the battle zone, you may choose a creature in the battle "
     "zone and return it to its owner's hand.",
     [{"op": "return_to_hand", "choose": {"zone": "battle", "controller": "any", "count": 1}}]),
    ("Whenever this creature attacks, you may choose a darkness or fire creature in the battle "
     "zone and tap it. (First choose what this creature is attacking. Then choose a creature to "
     "tap.)",
     [{"op": "tap", "choose": {"zone": "battle", "controller": "any", "count": 1,
                               "filter": {"civilization": ["darkness", "fire"]}}}]),
])
def test_a_creature_of_either_player_chosen_and_a_closing_reminder(text: str, ops: list) -> None:
    """A reminder in brackets after the last sentence is no instruction; "choose a creature in
    the battle zone and ..." chooses among both players' creatures."""
    assert compiled(text)["operations"] == ops


@pytest.mark.parametrize(("text", "of"), [
    ("Saver: Demon Command (When one of your Demon Commands would be destroyed, you may destroy "
     "this creature instead.)",
     {"zone": "battle", "controller": "you", "other": True,
      "filter": {"race": ["Demon Command"]}}),
    ("Saver: All races (While this creature is in the battle zone, when one of your other "
     "creatures would be destroyed, you may destroy this creature instead.)",
     {"zone": "battle", "controller": "you", "other": True}),
])
def test_a_saver_is_a_replacement_destroying_itself_instead(text: str, of: dict) -> None:
    effect = compiled(text)
    assert effect["kind"] == "replacement"
    assert effect["optional"] is True
    assert effect["instead"] == {"when": "destroyed", "of": of,
                                 "operations": [{"op": "destroy", "card": "self"}]}


def test_a_saver_is_played_in_place_of_the_creature_it_saves() -> None:
    from bench import reader

    text = ("Saver: Demon Command (When one of your Demon Commands would be destroyed, you may "
            "destroy this creature instead.)")
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "creature"}, "effects": [{"at": "Saver", "kind": "static"}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played


@pytest.mark.parametrize(("text", "ops"), [
    ("Look at the top 4 cards of your deck. Put one of them into your hand, and put the rest on "
     "the bottom of your deck in any order.",
     [{"op": "look_at_top", "count": 4, "pick": {"count": 1, "to": "hand"}, "rest": "bottom"}]),
    ("Whenever this creature attacks, you may choose a card in your opponent's mana zone and "
     "return it to his hand.",
     [{"op": "return_to_hand", "choose": {"zone": "mana", "controller": "opponent",
                                          "count": 1}}]),
    ("When you put this creature into the battle zone, choose a card in your opponent's mana "
     "zone and return it to his hand.",
     [{"op": "return_to_hand", "choose": {"zone": "mana", "controller": "opponent",
                                          "count": 1}}]),
    ("Choose a non-evolution creature in the battle zone and add it to its owner's shields face "
     "down.",
     [{"op": "add_shield", "choose": {"zone": "battle", "controller": "any", "count": 1,
                                      "filter": {"subtype": "creature"}}}]),
])
def test_the_deck_the_mana_zone_and_the_shields(text: str, ops: list) -> None:
    assert compiled(text)["operations"] == ops


def test_five_or_more_shields_is_a_condition() -> None:
    effect = compiled("When you put this creature into the battle zone, if you have 5 or more "
                      "shields, add the top card of your deck to your shields face down.")
    assert effect["condition"] == [{"at": "resolution", "count": {
        "zone": "shield", "controller": "you", "min": 5}}]
    assert effect["operations"] == [{"op": "add_shield", "top": {
        "zone": "deck", "controller": "you", "count": 1}}]


def test_a_card_added_to_the_shields_by_an_ability_is_something_done() -> None:
    """No event records a card put into the shields face down, but the ability did something:
    it does not resolve "with no effect" (and an "if you do" after it happens)."""
    from engine import Duel

    card = {"id": "adder", "name": {"en": "Shield Adder"}, "type": "creature",
            "civilization": "light", "cost": 1, "power": 1000, "races": ["Human"],
            "effects": [{"kind": "trigger", "label": "add a shield",
                         "event": {"type": "put_into_battle", "card": "self"},
                         "operations": [{"op": "add_shield", "top": {
                             "zone": "deck", "controller": "you", "count": 1}}]}]}
    duel = Duel("duel_masters", cards=[card], setup={
        "turn_player": "p1", "turn": 3, "phase": "main",
        "p1": {"deck": ["Shield Adder", "Shield Adder"], "hand": ["Shield Adder"]},
        "p2": {"deck": ["Shield Adder"]}})
    iid = duel.ref("Shield Adder")
    duel.apply({"do": "put_into_battle", "card": iid})
    while duel.state.decision is not None:
        duel.apply({"do": "answer", "choice": duel.default_answer()})
    keys = [e["key"] for e in duel.state.log]
    assert "pending.resolve" in keys and "pending.no_effect" not in keys
    assert len(duel.state.zones[0]["shield"]) == 1


def test_whenever_the_opponent_would_choose_it_is_a_protection_not_a_trigger() -> None:
    text = ("Whenever your opponent would choose a creature in the battle zone, he can't choose "
            "this one. (It can still be attacked and blocked.)")
    [reading] = classify("duel_masters", text)
    assert reading.kind == "static"
    assert compiled(text)["apply"] == {"cannot": "chosen", "by": "opponent"}


@pytest.mark.parametrize(("text", "apply"), [
    ("Speed attacker", {"speed_attacker": True}),
    ("■スピードアタッカー", {"speed_attacker": True}),
    ("Triple breaker (This creature breaks 3 shields.)", {"breaks": 3}),
    ("■T・ブレイカー", {"breaks": 3}),
    ("■Q・ブレイカー（このクリーチャーはシールドを4つブレイクする）", {"breaks": 4}),
    ("This creature can't attack.", {"cannot_attack": "all"}),
    ("■このクリーチャーは攻撃できない。", {"cannot_attack": "all"}),
    ("This creature can't attack players.", {"cannot_attack": "players"}),
    ("■このクリーチャーは、相手プレイヤーを攻撃できない。", {"cannot_attack": "players"}),
    ("This creature can't attack creatures.", {"cannot_attack": "creatures"}),
    ("This creature can attack untapped creatures.", {"attacks_untapped": True}),
    ("■このクリーチャーは、アンタップしているクリーチャーを攻撃できる。",
     {"attacks_untapped": True}),
    ("This creature can't be blocked by any creature that has power 3000 or less.",
     {"unblocked_by": {"power_max": 3000}}),
    ("■このクリーチャーは、パワー3000以下のクリーチャーにブロックされない。",
     {"unblocked_by": {"power_max": 3000}}),
    ("This creature can't be blocked.", {"unblocked_by": {}}),
])
def test_a_creatures_own_attacks_compile_and_are_played(text: str, apply: dict) -> None:
    """Speed attacker, Triple breaker and "can't attack (players)" / "can attack untapped
    creatures" are static abilities of the creature's attacks (DM-STATIC), each seen on the
    reader bench's board: the attack made or refused, the shields broken."""
    from bench import reader

    assert compiled(text) == {"kind": "continuous", "label": compiled(text)["label"],
                              "apply": apply}
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "creature"}, "effects": [{"at": text[:4], "kind": "static"}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played


@pytest.mark.parametrize("text", [
    "Charger (After you cast this spell, put it into your mana zone instead of your graveyard.)",
    "■チャージャー（この呪文を唱えた後、墓地に置くかわりに自分のマナゾーンに置く）",
])
def test_a_charger_is_a_replacement_of_the_spells_way_to_the_graveyard(text: str) -> None:
    """A Charger: once cast, the spell goes into the mana zone instead of the graveyard; the
    reader bench casts it and finds it there."""
    from bench import reader

    assert compiled(text)["instead"] == {"when": "sent_to_gy", "after_cast": True, "to": "mana"}
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "spell"}, "effects": [{"at": text[:3], "kind": "static"}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played


@pytest.mark.parametrize(("text", "ops"), [
    ("When this creature wins a battle, draw a card.", ["draw"]),
    ("■このクリーチャーがバトルに勝った時、カードを1枚引いてもよい。", ["draw"]),
    ("When you put this creature into the battle zone, return one of your creatures in the "
     "battle zone to your hand.", ["return_to_hand"]),
    ("Untap all your creatures in the battle zone.", ["untap"]),
])
def test_more_wordings_compile_and_are_played(text: str, ops: list) -> None:
    """"When this creature wins a battle" / 「バトルに勝った時」 is its battle_won; one of your
    own creatures returned "to your hand"; "untap all your creatures" (the bench's board has
    tapped ones for it to untap)."""
    from bench import reader

    effect = compiled(text)
    assert [op["op"] for op in effect["operations"]] == ops
    kind = "activation" if text.startswith("Untap") else "trigger"
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "spell" if kind == "activation" else "creature"},
             "effects": [{"at": text[:3], "kind": kind}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played
    if "wins a battle" in text or "バトルに勝" in text:
        assert effect["event"] == {"type": "battle_won", "card": "self"}


@pytest.mark.parametrize("text", [
    "Choose up to 2 of your creatures in the battle zone. This turn, they can't be blocked.",
    "バトルゾーンにある自分のクリーチャーを2体まで選ぶ。このターン、そのクリーチャーはブロックされない。",
])
def test_chosen_creatures_that_cant_be_blocked_this_turn(text: str) -> None:
    """The creatures chosen get a lasting protect {cannot: blocked} for the turn."""
    assert compiled(text)["operations"] == [
        {"op": "protect", "cannot": "blocked",
         "choose": {"zone": "battle", "controller": "you", "count": 2, "up_to": True}}]


@pytest.mark.parametrize(("text", "ops"), [
    ("■バトルゾーンにある自分のクリーチャーをすべてアンタップする。",
     [{"op": "untap", "all": {"zone": "battle", "controller": "you"}}]),
    ("■バトルゾーンにある相手のパワー2000以下のクリーチャーをすべて破壊する。",
     [{"op": "destroy", "all": {"zone": "battle", "controller": "opponent",
                                "filter": {"power_max": 2000}}}]),
    ("■相手の手札を見ないで1枚選び、捨てさせる。",
     [{"op": "discard", "random": {"zone": "hand", "controller": "opponent", "count": 1}}]),
    ("■相手は自身のクリーチャーを1体選び、破壊する。",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "you", "count": 1,
                                   "chooser": "opponent", "relative": "chooser"}}]),
    ("■相手のクリーチャーを1体選ぶ。相手はそのクリーチャーを自身のマナゾーンに置く。",
     [{"op": "put_into_mana", "choose": {"zone": "battle", "controller": "opponent",
                                         "count": 1}}]),
    ("Choose 1 of your opponent's creatures in the battle zone. Your opponent puts that "
     "creature into his mana zone.",
     [{"op": "put_into_mana", "choose": {"zone": "battle", "controller": "opponent",
                                         "count": 1}}]),
    ("■自分の手札を1枚、裏向きにして、新しいシールドとして自分のシールドゾーンに加えてもよい。",
     [{"op": "add_shield", "choose": {"zone": "hand", "controller": "you", "count": 1}}]),
])
def test_japanese_wordings_of_sides_blind_choices_and_the_opponents_own(text: str,
                                                                       ops: list) -> None:
    """Whose creatures after where they are (「バトルゾーンにある相手の…をすべて」), a card
    picked unseen (「見ないで1枚選び」), the opponent choosing among their own creatures, the
    opponent putting the chosen creature into its mana zone, a card put 「裏向きにして」 into
    the shields."""
    assert compiled(text)["operations"] == ops


def test_one_of_the_following_in_japanese() -> None:
    ops = compiled("■次のうちいずれか1つを選ぶ。\n►カードを1枚引く。\n"
                   "►相手のパワー2000以下のクリーチャーを1体破壊する。")["operations"]
    assert ops[0]["op"] == "choose_one"
    assert [o["operations"][0]["op"] for o in ops[0]["options"]] == ["draw", "destroy"]


@pytest.mark.parametrize(("text", "ops"), [
    ("Destroy one of your opponent's creatures that has \"blocker.\"",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                   "filter": {"blocker": True}}}]),
    ("Put 1 of your opponent's creatures that has power 5000 or less into his mana zone.",
     [{"op": "put_into_mana", "choose": {"zone": "battle", "controller": "opponent",
                                         "count": 1, "filter": {"power_max": 5000}}}]),
    ("Your opponent chooses 2 of his creatures in the battle zone and destroys them.",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "you", "count": 2,
                                   "chooser": "opponent", "relative": "chooser"}}]),
    ("Your opponent chooses one of his creatures in the battle zone and returns it to his "
     "hand.",
     [{"op": "return_to_hand", "choose": {"zone": "battle", "controller": "you", "count": 1,
                                          "chooser": "opponent", "relative": "chooser"}}]),
])
def test_english_filters_and_the_opponents_own_choice(text: str, ops: list) -> None:
    assert compiled(text)["operations"] == ops


@pytest.mark.parametrize(("text", "op"), [
    ("■自分の山札の上から3枚を見る。そのうちの1枚を手札に加え、残りを好きな順序で山札の一番下に置く。",
     {"op": "look_at_top", "count": 3, "pick": {"count": 1, "to": "hand"}, "rest": "bottom"}),
    ("■相手のクリーチャーを1体選び、そのターン、そのクリーチャーのパワーを-3000する。",
     {"op": "power", "amount": -3000, "until": "end_of_turn",
      "choose": {"zone": "battle", "controller": "opponent", "count": 1}}),
    ("■自分の山札の上から1枚目を墓地に置く。",
     {"op": "send_to_gy", "top": {"zone": "deck", "controller": "you", "count": 1}}),
    ("■相手のブロッカーを1体破壊する。",
     {"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                  "filter": {"blocker": True}}}),
    ("■相手のクリーチャーを1体選び、持ち主の山札の一番下に置く。",
     {"op": "put_into_deck", "bottom": True,
      "choose": {"zone": "battle", "controller": "opponent", "count": 1}}),
])
def test_more_japanese_operations(text: str, op: dict) -> None:
    assert compiled(text)["operations"] == [op]


def test_an_untapped_creature_in_japanese_and_casting_ones_own_spell() -> None:
    choose = compiled("■相手のタップされていないクリーチャーを1体選び、タップする。")[
        "operations"][0]["choose"]
    assert choose["filter"]["tapped"] is False
    assert compiled("■自分の呪文を唱えた時、カードを1枚引いてもよい。")["event"] == {
        "type": "cast", "player": "you"}


def test_the_start_of_the_turn_written_with_its_kanji_and_an_optional_untap() -> None:
    effect = compiled("■自分のターンの始めに、カードを1枚引く。")
    assert effect["event"] == {"type": "turn_start", "player": "you"}
    effect = compiled("■自分のターンのはじめに、このクリーチャーをアンタップしてもよい。")
    assert effect["operations"] == [{"op": "untap", "card": "self"}]
    assert effect["optional"] is True


@pytest.mark.parametrize(("text", "ops"), [
    ("■自分の手札を1枚捨ててもよい。そうした場合、カードを2枚引く。",
     [{"op": "discard", "choose": {"zone": "hand", "controller": "you", "count": 1}},
      {"op": "draw", "count": 2, "if_done": True, "then": True}]),
    ("■相手のクリーチャーを1体選び、持ち主のシールドゾーンに裏向きにして加える。",
     [{"op": "add_shield", "choose": {"zone": "battle", "controller": "opponent", "count": 1}}]),
    ("■自分の山札の上から1枚目を、裏向きのまま新しいシールドとして自分のシールドゾーンに加える。",
     [{"op": "add_shield", "top": {"zone": "deck", "controller": "you", "count": 1}}]),
    ("■相手のシールドを1つ選び、持ち主の墓地に置く。",
     [{"op": "send_to_gy", "choose": {"zone": "shield", "controller": "opponent", "count": 1}}]),
    ("■相手の光または水のクリーチャーを1体選び、破壊する。",
     [{"op": "destroy", "choose": {"zone": "battle", "controller": "opponent", "count": 1,
                                   "filter": {"type": "creature",
                                              "civilization": ["light", "water"]}}}]),
])
def test_japanese_shields_discards_and_two_civilizations(text: str, ops: list) -> None:
    assert compiled(text)["operations"] == ops


@pytest.mark.parametrize(("text", "apply"), [
    ("While you have at least 1 Human in the battle zone, this creature gets +2000 power "
     "during its attacks.",
     {"power": 2000, "while": "attacking", "while_count": {
         "zone": "battle", "controller": "you", "filter": {"race": "Human"}, "min": 1}}),
    ("■自分のシールドが1つもなければ、このクリーチャーのパワーは+4000される。",
     {"power": 4000, "while_count": {"zone": "shield", "controller": "you", "max": 0}}),
])
def test_a_static_ability_under_a_lasting_condition(text: str, apply: dict) -> None:
    """"While you have ...": the static ability holds only while the count does; the reader
    bench plays it on a board with the cards it counts."""
    from bench import reader

    assert compiled(text)["apply"] == apply
    entry = {"name": "Bench Test", "game": "duel_masters", "lang": "en", "text": text,
             "card": {"type": "creature"}, "effects": [{"at": text[:4], "kind": "static"}]}
    score = reader.score_entry(entry)
    reader.play_card(score)
    assert score.played, score.why_not_played
