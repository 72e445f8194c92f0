"""Where a card may be put: set-ups and board edits follow each game's zones for its kind."""

from __future__ import annotations

import pytest

from engine import Duel, IllegalAction
from engine.cards import builtin_library, parse_cards
from engine.errors import ScenarioError
from engine.log import ZONE_PLACES, card_kind, zone_name, zone_place
from engine.rules import placement_problem, policy_for, zones_for
from engine.scenario import parse_scenario, run_scenario
from tests.engine.helpers import assert_illegal, new_duel

LIBRARY = builtin_library()
TOKEN = {"id": "sheep_token", "name": "Sheep Token", "type": "token", "level": 1}
TOKEN_MONSTER = {"id": "goat_token", "name": "Goat Token", "type": "monster",
                 "subtype": "token"}
XYZ = {"id": "rank_four", "name": "Rank Four Dragon", "type": "monster", "subtype": "xyz",
       "level": 4}


def card(name: str):
    found = LIBRARY.find(name)
    assert found is not None, name
    return found


def inline(raw: dict, game: str = "yugioh"):
    return parse_cards([raw], file="<test>", game_hint=game)[0]


# ---------------------------------------------------------------------- the pure functions
@pytest.mark.parametrize(("name", "zones"), [
    ("Sangan", ("hand", "deck", "monster", "gy", "banished")),
    ("Zombie Werewolf", ("hand", "deck", "monster", "gy", "banished")),
    ("Man-Eater Bug", ("hand", "deck", "monster", "gy", "banished")),
    ("Black Rose Moonlight Dragon", ("extra", "monster", "gy", "banished")),
    ("Amazoness Village", ("hand", "deck", "field", "gy", "banished")),
    ("Soul Taker", ("hand", "deck", "spell_trap", "gy", "banished")),
    ("Supply Squad", ("hand", "deck", "spell_trap", "gy", "banished")),
    ("Call of the Haunted", ("hand", "deck", "spell_trap", "gy", "banished")),
    ("Solemn Strike", ("hand", "deck", "spell_trap", "gy", "banished")),
    ("Aqua Surfer", ("hand", "deck", "mana", "shield", "battle", "graveyard")),
    ("Baradios, Lord of Dragon Spirits",
     ("hand", "deck", "mana", "shield", "battle", "graveyard")),
    ("Terror Pit", ("hand", "deck", "mana", "shield", "graveyard")),
])
def test_zones_for_each_kind_of_card(name: str, zones: tuple[str, ...]) -> None:
    definition = card(name)
    assert zones_for(definition) == zones
    assert policy_for(definition.game).zones_for(definition) == zones
    for zone in zones:
        assert placement_problem(definition, zone) is None


def test_tokens_and_extra_deck_monsters() -> None:
    assert zones_for(inline(TOKEN)) == ("monster",)
    assert zones_for(inline(TOKEN_MONSTER)) == ("monster",)
    assert zones_for(inline(XYZ)) == ("extra", "monster", "gy", "banished")
    assert card_kind(inline(XYZ)) == "Xyz Monster"


@pytest.mark.parametrize(("name", "zone", "reason"), [
    ("Amazoness Village", "monster",
     "Amazoness Village is a Field Spell: it goes in the Field Zone, not in a Monster Zone"),
    ("Amazoness Village", "spell_trap",
     "Amazoness Village is a Field Spell: it goes in the Field Zone, not in a Spell & Trap "
     "Zone"),
    ("Amazoness Village", "extra",
     "Amazoness Village is a Field Spell: it goes in the Deck, not in the Extra Deck"),
    ("Soul Taker", "monster",
     "Soul Taker is a Normal Spell: it goes in a Spell & Trap Zone, not in a Monster Zone"),
    ("Soul Taker", "field",
     "Soul Taker is a Normal Spell: it goes in a Spell & Trap Zone, not in the Field Zone"),
    ("Eisbahn", "monster",
     "Eisbahn is a Continuous Trap: it goes in a Spell & Trap Zone, not in a Monster Zone"),
    ("Sangan", "spell_trap",
     "Sangan is an Effect Monster: it goes in a Monster Zone, not in a Spell & Trap Zone"),
    ("Sangan", "field",
     "Sangan is an Effect Monster: it goes in a Monster Zone, not in the Field Zone"),
    ("Sangan", "extra",
     "Sangan is an Effect Monster: it goes in the Deck, not in the Extra Deck"),
    ("Black Rose Moonlight Dragon", "deck",
     "Black Rose Moonlight Dragon is a Synchro Monster: it goes in the Extra Deck, not in "
     "the Deck"),
    ("Black Rose Moonlight Dragon", "hand",
     "Black Rose Moonlight Dragon is a Synchro Monster: it goes in the Extra Deck, not in "
     "the hand"),
    ("Terror Pit", "battle",
     "Terror Pit is a Spell: only creatures can be put in the battle zone"),
])
def test_refusals_say_why_in_the_games_words(name: str, zone: str, reason: str) -> None:
    assert placement_problem(card(name), zone) == reason


def test_a_token_exists_only_in_a_monster_zone() -> None:
    token = inline(TOKEN)
    assert placement_problem(token, "gy") == (
        "Sheep Token is a Token: it can only be in a Monster Zone, not in the GY")
    assert placement_problem(token, "banished") == (
        "Sheep Token is a Token: it can only be in a Monster Zone, not among the banished "
        "cards")


def test_zone_aliases_and_unknown_zones() -> None:
    assert placement_problem(card("Sangan"), "graveyard") is None  # the GY, by another name
    assert placement_problem(card("Soul Taker"), "battle") == (
        "Soul Taker is a Normal Spell: it goes in a Spell & Trap Zone, not in a Monster Zone")
    assert "unknown zone 'nowhere'" in placement_problem(card("Sangan"), "nowhere")


def test_reasons_never_use_the_set_up_names_of_zones() -> None:
    for definition in LIBRARY:
        policy = policy_for(definition.game)
        for zone in policy.ZONES:
            problem = policy.placement_problem(definition, zone)
            assert problem is None or "spell_trap" not in problem and "_" not in problem


def test_zone_words() -> None:
    assert zone_name("spell_trap") == "Spell & Trap Zone"
    assert zone_name("battle") == "battle zone"
    assert zone_place("field") == "in the Field Zone"
    assert set(ZONE_PLACES) == set(policy_for("yugioh").ZONES) | set(
        policy_for("duel_masters").ZONES)


# ---------------------------------------------------------------------- set-ups and edits
def test_board_edit_place_refuses_a_field_spell_in_a_monster_zone() -> None:
    duel = new_duel({"turn_player": "p1"})
    assert_illegal(duel, {"do": "place", "card": "Amazoness Village", "zone": "monster",
                          "player": "p1"},
                   "Amazoness Village is a Field Spell: it goes in the Field Zone, not in a "
                   "Monster Zone")
    duel.apply({"do": "place", "card": "Amazoness Village", "zone": "field", "player": "p1"})
    assert duel.transcript()[-1] == (
        "Player 1: places Amazoness Village in the Field Zone")


def test_board_edit_move_follows_the_same_rules() -> None:
    duel = new_duel({"p1": {"hand": ["Soul Taker", "Sangan"]}})
    assert_illegal(duel, {"do": "move", "card": "Soul Taker", "zone": "monster"},
                   "it goes in a Spell & Trap Zone, not in a Monster Zone")
    assert_illegal(duel, {"do": "move", "card": "Sangan", "zone": "spell_trap"},
                   "Sangan is an Effect Monster: it goes in a Monster Zone")
    duel.apply({"do": "move", "card": "Soul Taker", "zone": "spell_trap"})
    assert duel.transcript()[-1] == "Player 1: puts Soul Taker in a Spell & Trap Zone"


def test_a_set_card_moved_on_the_field_stays_set_unless_the_edit_says_otherwise() -> None:
    duel = new_duel({"p1": {"hand": ["Trap Hole"]}})
    duel.apply({"do": "place", "card": "Sangan", "zone": "monster", "player": "p1",
                "set": True})
    duel.apply({"do": "place", "card": "Soul Taker", "zone": "spell_trap", "player": "p1",
                "set": True})
    sangan, soul_taker = (duel.state.cards[duel.ref(name)] for name in ("Sangan", "Soul Taker"))
    assert (sangan.face_up, sangan.position) == (False, "defense")
    for card, zone in ((sangan, "monster"), (soul_taker, "spell_trap")):
        duel.apply({"do": "move", "card": card.iid, "zone": zone})
        assert card.zone == zone and not card.face_up
    assert sangan.position == "defense"  # still face-down Defense Position
    duel.apply({"do": "move", "card": "Trap Hole", "zone": "spell_trap"})  # from the hand
    assert duel.state.cards[duel.ref("Trap Hole")].face_up
    duel.apply({"do": "move", "card": soul_taker.iid, "zone": "spell_trap", "face_up": True})
    assert soul_taker.face_up  # the edit says how it lies
    duel.apply({"do": "move", "card": sangan.iid, "zone": "gy"})
    assert sangan.face_up and sangan.position == "attack"  # off the field: face-up
    duel.apply({"do": "move", "card": sangan.iid, "zone": "monster"})
    assert sangan.face_up and sangan.position == "attack"


def test_duel_masters_a_shield_moved_to_the_battle_zone_comes_face_up() -> None:
    duel = Duel("duel_masters", setup={"p1": {"shield": ["Aqua Surfer"]}})
    surfer = duel.state.cards[duel.ref("Aqua Surfer")]
    assert not surfer.face_up
    duel.apply({"do": "move", "card": surfer.iid, "zone": "battle"})
    assert surfer.zone == "battle" and surfer.face_up
    duel.apply({"do": "move", "card": surfer.iid, "zone": "shield"})
    assert not surfer.face_up


def test_duel_masters_spells_never_go_in_the_battle_zone() -> None:
    duel = Duel("duel_masters", setup={"p1": {"hand": ["Terror Pit"]}})
    assert_illegal(duel, {"do": "place", "card": "Terror Pit", "zone": "battle"},
                   "Terror Pit is a Spell: only creatures can be put in the battle zone")
    assert_illegal(duel, {"do": "move", "card": "Terror Pit", "zone": "battle"},
                   "only creatures")
    for zone in ("mana", "shield", "graveyard", "deck"):
        duel.apply({"do": "place", "card": "Terror Pit", "zone": zone})
    duel.apply({"do": "place", "card": "Aqua Surfer", "zone": "battle"})


def test_a_set_up_that_puts_a_card_where_it_cannot_be_is_refused() -> None:
    with pytest.raises(IllegalAction, match="Field Spell: it goes in the Field Zone"):
        Duel("yugioh", setup={"p1": {"monster": ["Amazoness Village"]}})
    with pytest.raises(IllegalAction, match="Synchro Monster: it goes in the Extra Deck"):
        Duel("yugioh", setup={"p2": {"deck": ["Black Rose Moonlight Dragon"]}})
    with pytest.raises(IllegalAction, match="only creatures"):
        Duel("duel_masters", setup={"p1": {"battle": ["Terror Pit"]}})
    duel = Duel("yugioh", setup={"p2": {"extra": ["Black Rose Moonlight Dragon"],
                                        "spell_trap": [{"card": "Eisbahn", "set": True}]}})
    assert len(duel.state.zones[1]["extra"]) == 1


def test_a_scenario_file_with_a_card_where_it_cannot_be_fails_to_set_up() -> None:
    scn = parse_scenario({"game": "yugioh", "title": "t", "source": "s",
                          "setup": {"p1": {"spell_trap": ["Sangan"]}}, "steps": [],
                          "expect": {}}, "bad.yaml")
    with pytest.raises(ScenarioError, match="Sangan is an Effect Monster"):
        run_scenario(scn)


def test_a_saved_history_keeps_opening_and_new_edits_are_judged() -> None:
    """A duel saved before the rule (a spell put in a Monster Zone) opens, undoes and plays
    its frames; what is applied to it next is judged."""
    saved = {"game": "yugioh", "settings": {}, "setup": {"p1": {"monster": ["Soul Taker"]}},
             "actions": [{"do": "place", "card": "Amazoness Village", "zone": "monster",
                          "player": "p2"},
                         {"do": "place", "card": "Sangan", "zone": "monster",
                          "player": "p2"}]}
    duel = Duel.from_dict(saved)
    assert len(duel.state.zones[1]["monster"]) == 2
    assert duel.frames(1) and duel.at(1).state.zones[1]["monster"]
    assert duel.replay().state == duel.state
    duel.undo()
    assert len(duel.state.zones[1]["monster"]) == 1
    assert_illegal(duel, {"do": "place", "card": "Soul Taker", "zone": "monster"},
                   "Soul Taker is a Normal Spell")
    assert not duel.replaying
