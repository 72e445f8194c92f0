"""(5) Whose card: where two cards of one name are in the duel, of different players, each
log line naming one says whose it is ("Player 2's Sangan"), in the reader's language; a card
the reader may not see is neither named nor counted."""

from __future__ import annotations

from engine import Duel
from engine.i18n import Translator
from engine.log import told_apart, whose
from engine.state import hidden_from


def sangans_battle() -> Duel:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "battle",
        "p1": {"monster": [{"card": "Sangan", "as": "attacker"}]},
        "p2": {"monster": [{"card": "Sangan", "as": "defender"}], "hand": ["Kuriboh"]}})
    duel.apply({"do": "declare_attack", "card": "attacker", "target": "defender"})
    duel.apply({"do": "battle"})
    return duel


def test_two_sangan_destroyed_by_battle_say_whose() -> None:
    lines = sangans_battle().transcript()
    assert any("Player 1's Sangan was destroyed by battle" in line for line in lines), lines
    assert any("Player 2's Sangan was destroyed by battle" in line for line in lines), lines
    assert not any(" Sangan was destroyed" in line and "'s Sangan" not in line
                   for line in lines), lines


def test_whose_in_french_and_japanese() -> None:
    duel = sangans_battle()
    fr, ja = duel.transcript(lang="fr"), duel.transcript(lang="ja")
    assert any("Sangan de Joueur 2" in line for line in fr), fr
    sangan = duel.name_in(duel.ref("defender"), "ja")
    assert any(f"プレイヤー2の{sangan}" in line for line in ja), ja
    assert whose(sangan, 1, Translator("ja")) == f"プレイヤー2の{sangan}"


def test_a_single_card_of_its_name_is_not_qualified() -> None:
    duel = Duel("yugioh", setup={"turn_player": "p1", "phase": "battle",
                                 "p1": {"monster": [{"card": "Sangan", "as": "attacker"}]},
                                 "p2": {"monster": [{"card": "Kuriboh", "as": "defender"}]}})
    duel.apply({"do": "declare_attack", "card": "attacker", "target": "defender"})
    duel.apply({"do": "battle"})
    lines = duel.transcript()
    assert not any("'s Sangan" in line or "'s Kuriboh" in line for line in lines), lines


def test_two_of_one_player_are_not_told_apart_by_whose() -> None:
    names = told_apart({1: "Sangan", 2: "Sangan", 3: "Kuriboh"}, {1: 0, 2: 0, 3: 1})
    assert names == {1: "Sangan", 2: "Sangan", 3: "Kuriboh"}


def test_a_hidden_card_is_not_named_nor_counted() -> None:
    # Player 2's Sangan Set face-down: Player 1 reads "a hidden card" for it, and their own
    # Sangan is not told apart from a card they cannot see (that would tell its name)
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": [{"card": "Sangan", "as": "mine"}]},
        "p2": {"monster": [{"card": "Sangan", "as": "set", "face_up": False,
                            "position": "defense"}], "hand": ["Sangan"]}})
    cards = duel.state.cards
    seat = 0
    name = duel.namer(Translator("en"), lambda iid: hidden_from(cards.get(iid), seat))
    assert name(duel.ref("mine")) == "Sangan"
    assert name(duel.ref("set")) == "a hidden card"
    hand = next(c.iid for c in cards.values() if c.zone == "hand")
    assert name(hand) == "a hidden card"
    # the open view sees all three and says whose each is
    everyone = duel.namer(Translator("en"))
    assert everyone(duel.ref("mine")) == "Player 1's Sangan"
    assert everyone(duel.ref("set")) == "Player 2's Sangan"
