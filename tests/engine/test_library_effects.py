"""The effects the library's cards gained so that they do what their text says: each is played,
with the case where the text says it does not apply."""

from __future__ import annotations

import pytest

from engine import Duel
from tests.engine.helpers import (
    answer,
    decision_cards,
    new_duel,
    only_trigger,
    triggers_of,
    zone_names,
)


def _atk(duel: Duel, ref: str) -> int:
    return duel.stat(duel.state.cards[duel.ref(ref)], "atk")


def test_amazoness_village_gives_every_amazoness_monster_200_atk() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Amazoness Swords Woman", "Celtic Guardian"],
                            "field": ["Amazoness Village"]},
                     "p2": {"monster": ["Amazoness Fighter"]}})
    assert _atk(duel, "Amazoness Swords Woman") == 1700
    assert _atk(duel, "Amazoness Fighter") == 1700  # "All": the opponent's too
    assert _atk(duel, "Celtic Guardian") == 1400
    duel.apply({"do": "destroy", "card": "Amazoness Village"})
    assert _atk(duel, "Amazoness Swords Woman") == 1500


def test_amazoness_village_summons_no_higher_level_than_the_destroyed_monster() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Amazoness Princess"], "field": ["Amazoness Village"],
                            "deck": ["Amazoness Fighter"]}})
    duel.apply({"do": "destroy", "card": "Amazoness Princess"})  # Level 3; the Fighter is 4
    answer(duel, "yes")
    assert zone_names(duel, 0, "deck") == ["Amazoness Fighter"]
    assert zone_names(duel, 0, "monster") == []
    same = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]}})
    same.apply({"do": "destroy", "card": "Amazoness Swords Woman"})  # Level 4
    answer(same, "yes")
    assert zone_names(same, 0, "monster") == ["Amazoness Fighter"]


@pytest.mark.parametrize(("card", "deck", "added"), [
    ("Witch of the Black Forest", ["Blue-Eyes White Dragon", "Sangan"], "Sangan"),
])
def test_witch_of_the_black_forest_adds_only_1500_or_less_def(card, deck, added) -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": [card], "deck": deck}})
    duel.apply({"do": "destroy", "card": card})
    duel.auto()
    assert zone_names(duel, 0, "hand") == [added]
    assert zone_names(duel, 0, "deck") == ["Blue-Eyes White Dragon"]  # DEF 2500


def test_pyramid_turtle_summons_only_a_zombie_with_2000_or_less_def() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Pyramid Turtle"], "deck": ["Zombie Werewolf"]}})
    duel.apply({"do": "destroy", "card": "Pyramid Turtle", "cause": "battle"})
    answer(duel, "yes")
    assert zone_names(duel, 0, "monster") == ["Zombie Werewolf"]  # DEF 1200
    tall = {"id": "t_tall_zombie", "name": {"en": "Tall Zombie"}, "type": "monster",
            "subtype": "normal", "race": "Zombie", "level": 4, "atk": 1000, "def": 2100}
    high = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Pyramid Turtle"], "deck": ["Tall Zombie"]}}, tall)
    high.apply({"do": "destroy", "card": "Pyramid Turtle", "cause": "battle"})
    if high.state.decision is not None:
        answer(high, "yes")
    assert zone_names(high, 0, "deck") == ["Tall Zombie"]  # DEF 2100


def test_spirit_reaper_cannot_be_destroyed_by_battle() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "battle",
                     "p2": {"monster": ["Blue-Eyes White Dragon"]},
                     "p1": {"monster": ["Spirit Reaper"]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon",
                "target": "Spirit Reaper"})
    duel.apply({"do": "battle"})
    duel.auto()
    assert zone_names(duel, 0, "monster") == ["Spirit Reaper"]
    assert duel.state.lp[0] == 8000 - (3000 - 300)


@pytest.mark.parametrize(("spell_trap", "offered"), [([], True), (["Solemn Wishes"], False)])
def test_yomi_frog_needs_no_spell_or_trap_on_its_field(spell_trap, offered) -> None:
    duel = new_duel({"turn_player": "p1", "phase": "standby",
                     "p1": {"monster": ["Yomi Frog"],
                            "spell_trap": [{"card": c, "set": True} for c in spell_trap]}})
    duel.apply({"do": "destroy", "card": "Yomi Frog"})
    d = duel.state.decision
    assert (d is not None and d.kind == "phase_trigger") == offered


def test_dark_magician_of_chaos_adds_a_spell_from_the_gy_when_summoned() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Dark Magician of Chaos"], "monster": ["Celtic Guardian",
                                                                            "Kuriboh"],
                            "gy": ["Pot of Greed"]}})
    duel.apply({"do": "normal_summon", "card": "Dark Magician of Chaos",
                "tributes": ["Celtic Guardian", "Kuriboh"]})
    duel.auto()
    while duel.state.decision is not None:
        answer(duel, "yes" if duel.state.decision.kind == "activate_trigger" else "Pot of Greed")
    assert zone_names(duel, 0, "hand") == ["Pot of Greed"]
    assert only_trigger(duel, "Dark Magician of Chaos").status == "resolved"


def test_red_eyes_dark_dragoon_destroys_and_burns_its_original_atk() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Red-Eyes Dark Dragoon"]},
                     "p2": {"monster": ["Celtic Guardian"]}})
    duel.apply({"do": "activate", "card": "Red-Eyes Dark Dragoon", "effect": 3})
    duel.auto()
    assert zone_names(duel, 1, "gy") == ["Celtic Guardian"]
    assert duel.state.lp[1] == 8000 - 1400


def test_red_eyes_dark_dragoon_gains_1000_atk_when_it_negates() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Red-Eyes Dark Dragoon"], "hand": ["Kuriboh"]},
                     "p2": {"hand": ["Pot of Greed"], "deck": ["Sangan", "Kuriboh"]}})
    duel.apply({"do": "activate", "card": "Pot of Greed"})
    answer(duel, "Red-Eyes Dark Dragoon")
    duel.auto()
    assert zone_names(duel, 1, "gy") == ["Pot of Greed"]
    assert _atk(duel, "Red-Eyes Dark Dragoon") == 4000


def test_black_rose_moonlight_dragon_answers_a_level_5_special_summon() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Black Rose Moonlight Dragon"]},
                     "p2": {"hand": ["Monster Reborn"], "gy": ["Blue-Eyes White Dragon"]}})
    duel.apply({"do": "activate", "card": "Monster Reborn"})
    duel.auto()
    while duel.state.decision is not None:
        answer(duel, "Blue-Eyes White Dragon")
        duel.auto()
    assert zone_names(duel, 1, "hand") == ["Blue-Eyes White Dragon"]
    low = new_duel({"turn_player": "p2", "phase": "main1",
                    "p1": {"monster": ["Black Rose Moonlight Dragon"]},
                    "p2": {"hand": ["Monster Reborn"], "gy": ["Celtic Guardian"]}})
    low.apply({"do": "activate", "card": "Monster Reborn"})
    low.auto()
    assert triggers_of(low, "Black Rose Moonlight Dragon") == []  # Level 4


def test_flame_wingman_burns_the_atk_of_the_monster_it_destroys() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Elemental HERO Flame Wingman"]},
                     "p2": {"monster": [{"card": "Celtic Guardian", "position": "defense"}]}})
    duel.apply({"do": "declare_attack", "card": "Elemental HERO Flame Wingman",
                "target": "Celtic Guardian"})
    duel.apply({"do": "battle"})
    duel.auto()
    assert zone_names(duel, 1, "gy") == ["Celtic Guardian"]
    assert duel.state.lp[1] == 8000 - 1400


def test_mudragon_protects_water_monsters_from_the_opponents_targets() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"monster": ["Mudragon of the Swamp", "Mermaid Knight",
                                        "Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Compulsory Evacuation Device",
                                            "set": True}]}})
    duel.apply({"do": "activate", "card": "Compulsory Evacuation Device"})
    # the only legal target is the EARTH monster: it is taken without asking
    assert zone_names(duel, 0, "hand") == ["Celtic Guardian"]
    alone = new_duel({"turn_player": "p2", "phase": "main1",
                      "p1": {"monster": ["Mermaid Knight", "Celtic Guardian"]},
                      "p2": {"spell_trap": [{"card": "Compulsory Evacuation Device",
                                             "set": True}]}})
    alone.apply({"do": "activate", "card": "Compulsory Evacuation Device"})
    assert sorted(decision_cards(alone)) == ["Celtic Guardian", "Mermaid Knight"]


def test_onikamas_may_return_a_creature_put_into_the_battle_zone_by_an_effect() -> None:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"hand": ["Jin the Ogre Blade ~Young Leader~"],
               "mana": ["Bronze-Arm Tribe"] * 5 + ["Burning Mane"]},
        "p2": {"battle": ["Onikamas, Strange Torrent"]}})
    duel.apply({"do": "summon", "card": duel.ref("Jin the Ogre Blade ~Young Leader~")})
    for _ in range(6):
        d = duel.state.decision
        if d is None:
            break
        if d.player == 1:  # Onikamas's controller: return it
            answer(duel, "yes")
        else:
            answer(duel, "Burning Mane" if "Burning Mane" in decision_cards(duel) else "yes")
    assert "Burning Mane" in zone_names(duel, 0, "hand")  # put by an effect: returned
    assert "Jin the Ogre Blade ~Young Leader~" in zone_names(duel, 0, "battle")  # summoned


def test_bixi_summons_a_yang_zing_monster_in_defense_position() -> None:
    yang_zing = {"id": "t_yang_zing", "name": {"en": "Test Yang Zing"}, "type": "monster",
                 "subtype": "normal", "archetypes": ["yang_zing"], "level": 4, "atk": 1000,
                 "def": 1000}
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Bixi, Water of the Yang Zing"],
                            "deck": ["Test Yang Zing", "Kuriboh"]}}, yang_zing)
    duel.apply({"do": "destroy", "card": "Bixi, Water of the Yang Zing"})
    answer(duel, "yes")
    duel.auto()
    assert zone_names(duel, 0, "monster") == ["Test Yang Zing"]
    assert duel.state.cards[duel.ref("Test Yang Zing")].position == "defense"
    tributed = new_duel({"turn_player": "p1", "phase": "main1",
                         "p1": {"monster": ["Bixi, Water of the Yang Zing"],
                                "hand": ["Zaborg the Thunder Monarch"],
                                "deck": ["Test Yang Zing"]}}, yang_zing)
    tributed.apply({"do": "normal_summon", "card": "Zaborg the Thunder Monarch",
                    "tributes": ["Bixi, Water of the Yang Zing"]})
    assert triggers_of(tributed, "Bixi, Water of the Yang Zing") == []  # sent, not destroyed


def test_bixi_does_not_summon_another_bixi() -> None:
    """"except "Bixi, Water of the Yang Zing"" (``not_name``): a second Bixi in the Deck is not
    among the cards it may Special Summon."""
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": [{"card": "Bixi, Water of the Yang Zing", "as": "bixi"}],
                            "deck": ["Bixi, Water of the Yang Zing", "Kuriboh"]}})
    duel.apply({"do": "destroy", "card": "bixi"})
    answer(duel, "yes")
    duel.auto()
    assert zone_names(duel, 0, "monster") == []
    assert "Bixi, Water of the Yang Zing" in zone_names(duel, 0, "deck")


@pytest.mark.parametrize(("mode", "gy", "top"), [
    ("send 1 card from the Deck to the GY", ["Celtic Guardian", "Sangan"], "Kuriboh"),
    ("place 1 monster from the Deck on top of the Deck", ["Celtic Guardian"], "Sangan"),
])
def test_lavalval_chain_sends_a_card_or_puts_a_monster_on_top(mode, gy, top) -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": [{"card": "Lavalval Chain",
                                         "under": ["Celtic Guardian", "Mermaid Knight"]}],
                            "deck": ["Sangan", "Pot of Greed", "Kuriboh"]}})  # Kuriboh on top
    duel.apply({"do": "activate", "card": "Lavalval Chain", "effect": 0})
    answer(duel, "Celtic Guardian")  # the material detached
    answer(duel, mode)
    answer(duel, "Sangan")
    assert sorted(zone_names(duel, 0, "gy")) == gy
    assert duel.name(duel.state.zones[0]["deck"][-1]) == top


def test_dark_magician_girl_counts_magician_of_black_chaos_too() -> None:
    chaos = {"id": "t_mobc", "name": {"en": "Magician of Black Chaos"}, "type": "monster",
             "subtype": "ritual", "race": "Spellcaster", "level": 8, "atk": 2800, "def": 2600}
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Dark Magician Girl"],
                            "gy": ["Dark Magician", "Magician of Black Chaos", "Kuriboh"]}},
                    chaos)
    assert _atk(duel, "Dark Magician Girl") == 2000 + 2 * 300


def test_funk_gives_psychic_creatures_minus_5000_and_the_others_minus_1000() -> None:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"battle": ["Funk, Guard of Hope"]},
        "p2": {"battle": ["Bolshack Dragon", "Storm Genji Double Cross, the Super Temporal"]}})
    power = {duel.name(i): duel.policy.power(duel, duel.state.cards[i])
             for i in duel.state.zones[1]["battle"]}
    assert power == {"Bolshack Dragon": 6000 - 1000,  # Armored Dragon: not psychic
                     "Storm Genji Double Cross, the Super Temporal": 15000 - 5000}
