"""The Duel Masters card vocabulary: cost and power comparisons, tapped filters, modes, "this
creature battles it", "the creature it battled", casting a spell from an ability, looking at
the top of the deck, zone conditions and "when this creature attacks" (docs/cards.md)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.cards import parse_card
from engine.errors import CardDataError
from engine.operations import Context, resolve_filter

GAME = "duel_masters"
MANA = ["Energy Light"] * 6


def new_duel(p1: dict[str, Any], p2: dict[str, Any], phase: str = "main") -> Duel:
    return Duel(GAME, setup={"turn_player": "p1", "phase": phase, "p1": p1, "p2": p2})


def answer(duel: Duel, choice: Any) -> None:
    duel.apply({"do": "answer", "choice": choice})


def names(duel: Duel, player: int, zone: str) -> list[str]:
    return sorted(duel.name(i) for i in duel.state.zones[player][zone])


def entries(duel: Duel, key: str) -> list[dict[str, Any]]:
    return [e for e in duel.state.log if e["key"] == key]


# ------------------------------------------------------------------ filters
def test_an_untapped_filter_leaves_out_the_tapped_creatures() -> None:
    duel = new_duel({"hand": ["Death Smoke"], "mana": MANA},
                    {"battle": [{"card": "Burning Mane", "tapped": True}, "Bloody Squito"]})
    duel.apply({"do": "cast", "card": duel.ref("Death Smoke")})
    assert names(duel, 1, "graveyard") == ["Bloody Squito"]
    assert names(duel, 1, "battle") == ["Burning Mane"]


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_a_tapped_filter_finds_only_tapped_creatures() -> None:
    duel = new_duel({"battle": ["Tapped Hunter (teaching card)"]},
                    {"battle": [{"card": "Burning Mane", "tapped": True}, "Bloody Squito"],
                     "shield": ["Energy Light"]}, phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Tapped Hunter (teaching card)")})
    answer(duel, "yes")  # the optional ability is used
    assert names(duel, 1, "graveyard") == ["Burning Mane"]


def test_cost_bounds_cost_max_and_cost_min() -> None:
    duel = new_duel({"hand": ["Great Tide (teaching card)"], "mana": MANA},
                    {"battle": ["Echo Watcher (teaching card)", "Lesser Bane (teaching card)",
                                "Burning Mane"]})
    duel.apply({"do": "cast", "card": duel.ref("Great Tide (teaching card)")})
    assert names(duel, 1, "hand") == ["Echo Watcher (teaching card)",
                                      "Lesser Bane (teaching card)"]  # cost 7 and 6
    assert names(duel, 1, "battle") == ["Burning Mane"]  # cost 2


@pytest.mark.rule("DM-STRIGGER")
def test_a_cost_comparison_reads_the_card_chosen_before_it() -> None:
    duel = new_duel({"battle": ["Duel Challenger (teaching card)"]},
                    {"shield": ["Death Gate, Gate of Hell"],
                     "graveyard": ["Bloody Squito", "Lesser Bane (teaching card)",
                                   "Duel Challenger (teaching card)"]})
    duel.apply({"do": "break_shield", "card": duel.ref("Death Gate, Gate of Hell")})
    answer(duel, "yes")
    d = duel.state.decision
    assert d.kind == "choose_cards" and d.min == 0  # "you may"
    assert [duel.name(o["card"]) for o in d.options] == ["Bloody Squito"]  # cost 2 < 5 only


@pytest.mark.rule("DM-AP-FIRST")
def test_a_power_comparison_with_this_creature_is_read_at_resolution() -> None:
    duel = new_duel({"hand": ["Lesser Bane (teaching card)"], "mana": MANA},
                    {"battle": ["Quixotic Hero Swine Snout", "Duel Challenger (teaching card)"]})
    duel.apply({"do": "summon", "card": duel.ref("Lesser Bane (teaching card)")})
    # Lesser Bane (5000) resolves first (active player): Swine Snout is still at 1000, Duel
    # Challenger (5000) is not less than 5000
    assert names(duel, 1, "graveyard") == ["Quixotic Hero Swine Snout"]
    assert names(duel, 1, "battle") == ["Duel Challenger (teaching card)"]


def test_a_compared_card_that_is_gone_matches_nothing() -> None:
    duel = new_duel({"battle": ["Lesser Bane (teaching card)"]}, {"battle": ["Burning Mane"]})
    ctx = Context(source=duel.ref("Lesser Bane (teaching card)"), source_obj=0, controller=0,
                  effect=0, targets={"gone": []})
    where = resolve_filter(duel, ctx, {"zone": "battle", "controller": "opponent",
                                       "filter": {"power_less_than": "gone"}})
    assert where["filter"]["power_less_than"] is None
    assert duel.find_cards(where, 0) == []
    mine = resolve_filter(duel, ctx, {"zone": "battle", "controller": "opponent",
                                      "filter": {"power_less_than": "self"}})
    assert mine["filter"]["power_less_than"] == 5000
    assert [duel.name(c.iid) for c in duel.find_cards(mine, 0)] == ["Burning Mane"]


def test_yugioh_filters_share_the_comparisons_with_current_atk() -> None:
    duel = Duel("yugioh", setup={"turn_player": "p1", "phase": "main1",
                                 "p1": {"monster": ["Giant Rat"]},
                                 "p2": {"monster": ["Giant Rat"]}})
    mine, theirs = duel.ref("p1:Giant Rat"), duel.ref("p2:Giant Rat")
    duel.modify(duel.state.cards[mine], "atk", 500, until="end_of_turn", source=mine)
    ctx = Context(source=mine, source_obj=0, controller=0, effect=0)
    where = resolve_filter(duel, ctx, {"zone": "monster", "controller": "any",
                                       "filter": {"atk_less_than": "self", "level_max": 4}})
    assert where["filter"]["atk_less_than"] == 1900  # 1400 + 500, read now
    assert [c.iid for c in duel.find_cards(where, 0)] == [theirs]


# ------------------------------------------------------------------ attacks and battles
@pytest.mark.rule("DM-ATTACK-STEPS")
@pytest.mark.rule("DM-KIND")
def test_an_attack_trigger_resolves_before_the_block_step() -> None:
    duel = new_duel({"battle": ["Blocker Hunter (teaching card)"]},
                    {"battle": ["Rebound Guard (teaching card)"], "shield": ["Energy Light"]},
                    phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Blocker Hunter (teaching card)")})
    add = entries(duel, "pending.add")[0]
    assert add["rules"] == ["DM-KIND", "DM-ATTACK-STEPS"]
    assert names(duel, 1, "graveyard") == ["Rebound Guard (teaching card)"]
    assert duel.state.decision is None  # no blocker left: nobody is asked
    assert names(duel, 1, "hand") == ["Energy Light"]


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_attacks_from_the_board_are_legal_actions_and_triggers_resolve_first() -> None:
    duel = new_duel({"battle": ["Raid Commander (teaching card)"]},
                    {"battle": ["Rebound Guard (teaching card)"], "shield": ["Energy Light"]},
                    phase="attack")
    attack = {"do": "attack", "card": duel.ref("Raid Commander (teaching card)")}
    assert attack in duel.legal_actions()
    duel.apply(attack)
    assert duel.state.decision.kind == "choose_option"  # before any block decision
    answer(duel, "+3000 power")
    assert duel.state.decision.kind == "block"
    assert duel.policy.power(duel, duel.state.cards[attack["card"]]) == 6000
    answer(duel, duel.ref("Rebound Guard (teaching card)"))
    assert names(duel, 1, "graveyard") == ["Rebound Guard (teaching card)"]
    assert duel.policy.power(duel, duel.state.cards[attack["card"]]) == 3000  # attack over


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_this_creature_battles_it_and_wins() -> None:
    duel = new_duel({"hand": ["Duel Challenger (teaching card)"], "mana": MANA},
                    {"battle": ["Bloody Squito"]})
    duel.apply({"do": "summon", "card": duel.ref("Duel Challenger (teaching card)")})
    assert names(duel, 1, "graveyard") == ["Bloody Squito"]
    assert names(duel, 0, "battle") == ["Duel Challenger (teaching card)"]
    types = [[e["type"] for e in i["events"]] for i in duel.state.instants[-2:]]
    assert types[0] == ["battle", "battle"]  # the battle starts at an instant of its own
    assert "battle_won" in types[1] and "destroyed" in types[1]


@pytest.mark.rule("DM-SOURCE-GONE")
def test_a_creature_that_left_does_not_battle() -> None:
    duel = new_duel({"hand": ["Duel Challenger (teaching card)",
                              "Olzekia, General of Decapitation"]},
                    {"battle": ["Bloody Squito"]})
    duel.apply({"do": "put_into_battle", "cards": [
        duel.ref("Duel Challenger (teaching card)"),
        duel.ref("Olzekia, General of Decapitation")]})
    answer(duel, "Olzekia, General of Decapitation")  # its ability resolves first
    answer(duel, "Duel Challenger (teaching card)")  # Olzekia destroys the challenger
    duel.auto()
    gone = [e for e in entries(duel, "pending.no_effect")
            if duel.name(e["args"]["card"]) == "Duel Challenger (teaching card)"]
    assert gone and gone[0]["rules"][0] == "DM-SOURCE-GONE"
    assert not any(i["kind"] == "battle" for i in duel.state.instants)


@pytest.mark.rule("DM-ATTACK-STEPS")
@pytest.mark.rule("DM-SOURCE-GONE")
def test_the_creature_it_battled_is_destroyed_after_the_battle_even_by_the_loser() -> None:
    duel = new_duel({"hand": ["Duel Challenger (teaching card)"], "mana": MANA},
                    {"battle": ["Wailing Shadow Belbetphlo"]})
    duel.apply({"do": "summon", "card": duel.ref("Duel Challenger (teaching card)")})
    slayer = next(t for t in duel.state.triggers
                  if duel.name(t.card) == "Wailing Shadow Belbetphlo")
    assert "DM-ATTACK-STEPS" in slayer.rules
    assert names(duel, 0, "graveyard") == ["Duel Challenger (teaching card)"]
    assert names(duel, 1, "graveyard") == ["Wailing Shadow Belbetphlo"]


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_the_creature_it_battled_already_gone_leaves_nothing_to_destroy() -> None:
    duel = new_duel({"battle": ["Wailing Shadow Belbetphlo"]},
                    {"battle": [{"card": "Wailing Shadow Belbetphlo", "tapped": True}]},
                    phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("p1:Wailing Shadow Belbetphlo"),
                "target": duel.ref("p2:Wailing Shadow Belbetphlo")})
    # equal power: both destroyed in the battle; each Slayer resolves with nothing to do
    assert len(entries(duel, "pending.no_effect")) == 2
    assert names(duel, 0, "graveyard") == names(duel, 1, "graveyard") == [
        "Wailing Shadow Belbetphlo"]


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_wins_a_battle_triggers_only_for_the_winner() -> None:
    duel = new_duel({"battle": ["Triumph Breaker (teaching card)"]},
                    {"battle": [{"card": "Burning Mane", "tapped": True}],
                     "shield": ["Energy Light", "Energy Light"]}, phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Triumph Breaker (teaching card)"),
                "target": duel.ref("Burning Mane")})
    answer(duel, duel.state.decision.options[0]["id"])  # which shield to break
    assert len(names(duel, 1, "shield")) == 1
    assert [duel.name(t.card) for t in duel.state.triggers] == ["Triumph Breaker (teaching card)"]


# ------------------------------------------------------------------ modes
@pytest.mark.rule("DM-KIND")
def test_choose_one_asks_the_controller_at_resolution_and_cites_the_rule() -> None:
    duel = new_duel({"hand": ["Twin Choice (teaching card)"], "mana": MANA,
                     "deck": ["Burning Mane"]}, {"battle": ["Bloody Squito"]})
    duel.apply({"do": "cast", "card": duel.ref("Twin Choice (teaching card)")})
    d = duel.state.decision
    assert d.kind == "choose_option" and d.player == 0 and d.rules == ["DM-KIND"]
    assert [o["id"] for o in d.options] == ["destroy a creature that costs 3 or less",
                                            "draw a card"]
    answer(duel, "draw a card")
    assert names(duel, 0, "hand") == ["Burning Mane"]
    assert names(duel, 1, "battle") == ["Bloody Squito"]
    chosen = entries(duel, "decision")[-1]
    assert chosen["rules"] == ["DM-KIND"] and chosen["args"]["choice"] == "draw a card"


def test_choose_one_resumes_inside_its_option_after_a_decision() -> None:
    duel = new_duel({"hand": ["Twin Choice (teaching card)"], "mana": MANA},
                    {"battle": ["Bloody Squito", "Burning Mane"]})
    duel.apply({"do": "cast", "card": duel.ref("Twin Choice (teaching card)")})
    answer(duel, "destroy a creature that costs 3 or less")
    answer(duel, ["Burning Mane"])
    assert names(duel, 1, "graveyard") == ["Burning Mane"]
    assert duel.replay().state.to_dict() == duel.state.to_dict()


# ------------------------------------------------------------------ casting from an ability
@pytest.mark.rule("DM-NESTED")
@pytest.mark.rule("DM-WAIT")
def test_a_spell_cast_by_an_ability_resolves_in_the_middle_of_it() -> None:
    duel = new_duel({"hand": ["Spell Caller (teaching card)", "Energy Light", "Death Smoke"],
                     "mana": MANA, "deck": ["Burning Mane"] * 3}, {})
    duel.apply({"do": "summon", "card": duel.ref("Spell Caller (teaching card)")})
    d = duel.state.decision
    assert d.min == 0 and [duel.name(o["card"]) for o in d.options] == ["Energy Light"]
    answer(duel, ["Energy Light"])
    keys = [e["key"] for e in duel.state.log]
    cast = keys.index("pending.cast")
    assert keys[cast:].index("spell.done") < keys[cast:].index("pending.resume")
    assert entries(duel, "pending.cast")[0]["rules"] == ["DM-NESTED", "DM-WAIT"]
    assert entries(duel, "pending.resume")[0]["rules"] == ["DM-NESTED"]
    assert len(names(duel, 0, "hand")) == 1 + 3  # Death Smoke, two drawn, then one more
    assert sum(1 for i in duel.state.zones[0]["mana"] if duel.state.cards[i].tapped) == 5


def test_a_spell_may_not_cast_a_spell() -> None:
    raw = {"id": "t_recursive", "name": {"en": "Recursive"}, "type": "spell", "cost": 1,
           "effects": [{"kind": "activation", "operations": [
               {"op": "cast_spell", "choose": {"zone": "hand", "filter": {"type": "spell"}}}]}]}
    with pytest.raises(CardDataError) as err:
        parse_card(raw, file="cards.yaml", game_hint=GAME)
    assert err.value.card == "t_recursive" and "cast_spell" in str(err.value)


# ------------------------------------------------------------------ looking at the deck
def test_look_at_top_takes_a_matching_card_and_orders_the_rest() -> None:
    deck = ["Energy Light", "Death Smoke", "Bloody Squito", "Burning Mane"]  # top last
    duel = new_duel({"battle": ["Deck Scout (teaching card)"], "deck": deck},
                    {"shield": ["Energy Light"]}, phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Deck Scout (teaching card)")})
    d = duel.state.decision
    assert sorted(duel.name(o["card"]) for o in d.options) == ["Bloody Squito", "Burning Mane"]
    answer(duel, ["Burning Mane"])
    assert duel.state.decision.prompt == "deck_order"
    answer(duel, ["Bloody Squito", "Death Smoke"])  # Squito nearest the top
    deck_now = [duel.name(i) for i in duel.state.zones[0]["deck"]]
    assert deck_now == ["Death Smoke", "Bloody Squito", "Energy Light"]  # bottom first
    assert "Burning Mane" in names(duel, 0, "hand")


def test_look_at_top_can_put_the_rest_back_on_top() -> None:
    duel = new_duel({"hand": ["Tide Reader (teaching card)"], "mana": MANA,
                     "deck": ["Death Smoke", "Energy Light", "Burning Mane"]}, {})
    duel.apply({"do": "cast", "card": duel.ref("Tide Reader (teaching card)")})
    answer(duel, ["Energy Light"])
    assert [duel.name(i) for i in duel.state.zones[0]["deck"]] == ["Death Smoke", "Burning Mane"]


# ------------------------------------------------------------------ zone conditions
@pytest.mark.rule("DM-CONDITION")
def test_a_zone_condition_holds_at_resolution() -> None:
    duel = new_duel({"battle": ["Grave Homing Beetle (teaching card)"]}, {})
    duel.apply({"do": "destroy", "card": duel.ref("Grave Homing Beetle (teaching card)")})
    assert names(duel, 0, "mana") == ["Grave Homing Beetle (teaching card)"]


@pytest.mark.rule("DM-CONDITION")
@pytest.mark.parametrize(("zone", "draws"), [("mana", True), ("hand", False)])
def test_an_ability_that_works_from_the_mana_zone(zone: str, draws: bool) -> None:
    duel = new_duel({"battle": ["Rebound Guard (teaching card)"],
                     zone: ["Mana Sentinel (teaching card)"], "deck": ["Burning Mane"]},
                    {"battle": [{"card": "Burning Mane", "tapped": True}]}, phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Rebound Guard (teaching card)"),
                "target": duel.ref("p2:Burning Mane")})
    duel.auto()
    assert ("Burning Mane" in names(duel, 0, "hand")) is draws


def test_a_zone_condition_names_self_or_the_event_card() -> None:
    raw = {"id": "t_where", "name": {"en": "Where"}, "type": "creature", "cost": 1, "power": 1,
           "effects": [{"kind": "trigger", "event": {"type": "put_into_battle", "card": "self"},
                        "condition": {"card": "attacker", "zone": "mana"},
                        "operations": [{"op": "draw"}]}]}
    with pytest.raises(CardDataError) as err:
        parse_card(raw, file="cards.yaml", game_hint=GAME)
    assert err.value.field == "effects[0].condition[0].card"


# ------------------------------------------------------------------ broken data
@pytest.mark.parametrize(("ops", "field", "words"), [
    ([{"op": "choose_one", "options": [{"label": "a"}]}], ".options[0].operations",
     "an option of choose_one needs operations"),
    ([{"op": "choose_one", "options": [{"label": "a", "operations": []},
                                       {"label": "a", "operations": []}]}],
     ".options", "different labels"),
    ([{"op": "choose_one", "options": [{"label": "a", "operations": [{"op": "explode"}]}]}],
     ".options[0].operations[0].op", "unknown operation"),
    ([{"op": "destroy", "choose": {"zone": "battle", "filter": {"cost_max": [3]}}}],
     ".choose.filter.cost_max", "a number or a card"),
])
def test_broken_vocabulary_names_the_file_card_and_field(ops, field, words) -> None:
    raw = {"id": "t_broken", "name": {"en": "Broken"}, "type": "spell", "cost": 1,
           "effects": [{"kind": "activation", "operations": ops}]}
    with pytest.raises(CardDataError) as err:
        parse_card(raw, file="broken.yaml", game_hint=GAME)
    assert err.value.file == "broken.yaml" and err.value.card == "t_broken"
    assert err.value.field == f"effects[0].operations[0]{field}"
    assert words in str(err.value)


# ------------------------------------------------------------------ named picks
@pytest.mark.parametrize(("top", "destroys"), [("Wailing Shadow Belbetphlo", True),
                                               ("Energy Light", False)])
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_a_milled_card_named_by_as_decides_the_rest(top: str, destroys: bool) -> None:
    duel = new_duel({"battle": ["Deathgate, Demon Dragon of Hell"], "deck": [top],
                     "graveyard": ["Bloody Squito", "Lesser Bane (teaching card)"]},
                    {"battle": ["Duel Challenger (teaching card)",
                                {"card": "Burning Mane", "tapped": True}],
                     "shield": ["Energy Light"]}, phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Deathgate, Demon Dragon of Hell")})
    if destroys:  # a darkness creature: the untapped creature (cost 5) is destroyed
        options = sorted(duel.name(o["card"]) for o in duel.state.decision.options)
        assert options == ["Bloody Squito", top]  # cost 2 and 3, not Lesser Bane (6)
        answer(duel, ["Bloody Squito"])
    assert ("Duel Challenger (teaching card)" in names(duel, 1, "graveyard")) is destroys
    assert ("Bloody Squito" in names(duel, 0, "battle")) is destroys
    assert names(duel, 1, "battle") == (["Burning Mane"] if destroys else [
        "Burning Mane", "Duel Challenger (teaching card)"])


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_a_blocker_that_wins_destroys_itself_and_mills_five() -> None:
    duel = new_duel({"battle": ["Burning Mane"]},
                    {"battle": ["Dorlu Fin, Guardian of Burial"], "deck": ["Energy Light"] * 6},
                    phase="attack")
    duel.apply({"do": "attack", "card": duel.ref("Burning Mane")})
    answer(duel, "Dorlu Fin, Guardian of Burial")  # it blocks, and wins
    assert names(duel, 0, "graveyard") == ["Burning Mane"]
    assert "Dorlu Fin, Guardian of Burial" in names(duel, 1, "graveyard")
    assert len(duel.state.zones[1]["deck"]) == 1
