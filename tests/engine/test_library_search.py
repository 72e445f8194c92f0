"""The library's search: names and card texts, English and Japanese, any case or width."""

from __future__ import annotations

import pytest

from engine.cards import Library, builtin_library, parse_cards
from engine.errors import CardDataError

BILINGUAL = {
    "id": "two_tongued_frog", "name": {"en": "Two-Tongued Frog", "ja": "二枚舌ガエル"},
    "type": "monster", "subtype": "effect", "level": 2,
    "text": {"en": "When this card is sent to the GY: draw 1 card.",
             "ja": "このカードが墓地へ送られた時、デッキから１枚ドローする。"},
}


def names(cards) -> list[str]:
    return [c.en for c in cards]


def test_names_in_any_language_and_case() -> None:
    library = builtin_library()
    assert "Amazoness Village" in names(library.search("アマゾネス", "yugioh"))
    assert "Caius the Shadow Monarch" in names(library.search("邪帝", "yugioh"))
    assert "Caius the Shadow Monarch" in names(library.search("MONARQUE", "yugioh"))
    assert names(library.search("soul taker")) == ["Soul Taker"]


def test_card_text_words_in_any_order() -> None:
    library = builtin_library()
    found = names(library.search("1000 LP gains", "yugioh"))
    assert "Soul Taker" in found
    assert "Sangan" not in found
    assert "Sangan" in names(library.search("1500 or less ATK", "yugioh"))


def test_name_matches_come_before_text_matches() -> None:
    found = names(builtin_library().search("zombie", "yugioh"))
    assert found[0] == "Zombie Werewolf"  # the only name with the word
    assert "Vampire Sucker" in found[1:]  # its text names Zombie monsters


def test_game_filter_and_empty_query() -> None:
    library = builtin_library()
    assert all(c.game == "duel_masters" for c in library.search("", "duel_masters"))
    assert len(library.search("", "duel_masters")) == sum(
        1 for c in library if c.game == "duel_masters")


def test_japanese_card_text_and_full_width_forms() -> None:
    card = parse_cards([BILINGUAL], file="<test>", game_hint="yugioh")[0]
    assert card.text == "When this card is sent to the GY: draw 1 card."
    assert card.display_text("ja").startswith("このカード")
    library = Library([card])
    assert names(library.search("墓地へ送られた")) == ["Two-Tongued Frog"]
    assert names(library.search("デッキから1枚")) == ["Two-Tongued Frog"]  # １ is 1
    assert names(library.search("ＧＹ")) == ["Two-Tongued Frog"]
    assert library.search("graveyard") == []


def test_a_text_mapping_must_hold_strings() -> None:
    with pytest.raises(CardDataError, match="text"):
        parse_cards([{**BILINGUAL, "text": {"en": ["no"]}}], file="<test>",
                    game_hint="yugioh")
