"""The Duel Masters policy, one or more tests per DM-* rule id, and illegal actions."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel, IllegalAction
from engine.cards import Library, default_library, parse_card
from engine.scenario import builtin_scenarios, check_scenario, load_scenario

GAME = "duel_masters"
MANA5 = ["Burning Mane"] * 5

#: test cards: an attack trigger, an end-of-turn trigger, conditions at resolution and at the
#: event, a blink, a spell that breaks a shield
TEST_CARDS: list[dict[str, Any]] = [
    {"id": "t_raider", "name": {"en": "Test Raider"}, "type": "creature", "cost": 1,
     "power": 3000, "races": ["Human"],
     "effects": [{"kind": "trigger", "label": "attack draw",
                  "event": {"type": "attack_declared", "card": "self"},
                  "operations": [{"op": "draw", "count": 1}]},
                 {"kind": "trigger", "label": "while attacking +1000",
                  "event": {"type": "attack_declared", "card": "self"},
                  "operations": [{"op": "power", "card": "self", "amount": 1000,
                                  "until": "end_of_attack"}]}]},
    {"id": "t_clock", "name": {"en": "Test Clock"}, "type": "creature", "cost": 1, "power": 1000,
     "effects": [{"kind": "trigger", "label": "end of turn draw", "event": {"type": "turn_end"},
                  "operations": [{"op": "draw", "count": 1}]}]},
    {"id": "t_sage", "name": {"en": "Test Sage"}, "type": "creature", "cost": 0, "power": 1000,
     "effects": [{"kind": "trigger", "label": "draw if 3 mana",
                  "event": {"type": "put_into_battle", "card": "self"},
                  "condition": [{"at": "resolution",
                                 "count": {"zone": "mana", "controller": "you", "min": 3}}],
                  "operations": [{"op": "draw", "count": 1}]}]},
    {"id": "t_strict_sage", "name": {"en": "Test Strict Sage"}, "type": "creature", "cost": 0,
     "power": 1000,
     "effects": [{"kind": "trigger", "label": "draw if 3 mana",
                  "event": {"type": "put_into_battle", "card": "self"},
                  "condition": [{"at": "event",
                                 "count": {"zone": "mana", "controller": "you", "min": 3}}],
                  "operations": [{"op": "draw", "count": 1}]}]},
    {"id": "t_charger", "name": {"en": "Test Charger"}, "type": "creature", "cost": 0,
     "power": 1000,
     "effects": [{"kind": "trigger", "label": "charge",
                  "event": {"type": "put_into_battle", "card": "self"},
                  "operations": [{"op": "put_into_mana",
                                  "top": {"zone": "deck", "controller": "you"}}]}]},
    {"id": "t_blinker", "name": {"en": "Test Blinker"}, "type": "creature", "cost": 0,
     "power": 1000,
     "effects": [{"kind": "trigger", "label": "blink",
                  "event": {"type": "put_into_battle", "card": "self"},
                  "operations": [
                      {"op": "return_to_hand",
                       "choose": {"zone": "battle", "controller": "you",
                                  "filter": {"name": "Quixotic Hero Swine Snout"}}},
                      {"op": "put_into_battle", "then": True,
                       "choose": {"zone": "hand", "controller": "you",
                                  "filter": {"name": "Quixotic Hero Swine Snout"}}}]}]},
    {"id": "t_breaker_spell", "name": {"en": "Test Breaker Spell"}, "type": "spell", "cost": 0,
     "effects": [{"kind": "activation", "operations": [
         {"op": "break_shield", "choose": {"zone": "shield", "controller": "opponent"}},
         {"op": "draw", "count": 1, "then": True}]}]},
]


def library() -> Library:
    lib = default_library(GAME)
    for raw in TEST_CARDS:
        lib.add(parse_card(raw, file="test", game_hint=GAME))
    return lib


def new(setup: dict[str, Any], **settings: Any) -> Duel:
    return Duel(GAME, setup={"turn_player": "p1", "phase": "main", **setup},
                settings=settings, library=library())


def names(duel: Duel, player: str, zone: str) -> list[str]:
    return sorted(duel.name(i) for i in duel.state.zones[int(player[1]) - 1][zone])


def resolved(duel: Duel) -> list[str]:
    """Cards whose pending abilities resolved, in order."""
    return [duel.name(e["args"]["card"]) for e in duel.state.log if e["key"] == "pending.resolve"]


def answer(duel: Duel, choice: Any) -> None:
    duel.apply({"do": "answer", "choice": choice})


def choose(duel: Duel, *refs: str) -> None:
    """Answer the open decision with the option(s) of the named cards."""
    d = duel.state.decision
    assert d is not None
    wanted = [duel.ref(r) for r in refs]
    ids = [o["id"] for o in d.options if o.get("card") in wanted]
    answer(duel, ids if d.kind == "choose_cards" else ids[0])


def first_index(duel: Duel, key: str, card: str | None = None) -> int:
    iid = duel.ref(card) if card else None
    return next(i for i, e in enumerate(duel.state.log)
                if e["key"] == key and (iid is None or e["args"].get("card") == iid))


def trigger_of(duel: Duel, ref: str, effect: int | None = None):
    iid = duel.ref(ref)
    return next(t for t in duel.state.triggers
                if t.card == iid and (effect is None or t.effect == effect))


# ---------------------------------------------------------------------- DM-POOL
@pytest.mark.rule("DM-POOL")
def test_one_effect_triggers_once_per_event() -> None:
    duel = new({"p1": {"battle": ["Super Trash Train, Fuuma Devil", "Burning Mane",
                                  "Propeller Mutant"], "deck": ["Terror Pit"] * 3}})
    duel.apply({"do": "destroy", "cards": [duel.ref("Burning Mane"),
                                           duel.ref("Propeller Mutant")]})
    train = duel.ref("Super Trash Train, Fuuma Devil")
    assert len([t for t in duel.state.triggers if t.card == train]) == 2
    duel.auto()
    assert names(duel, "p1", "hand") == ["Terror Pit", "Terror Pit"]


@pytest.mark.rule("DM-LOOK-BACK")
def test_a_watcher_destroyed_together_does_not_see_the_other_leave() -> None:
    duel = new({"p1": {"battle": ["Super Trash Train, Fuuma Devil", "Burning Mane"],
                       "deck": ["Terror Pit"] * 3}})
    duel.apply({"do": "destroy", "cards": [duel.ref("Super Trash Train, Fuuma Devil"),
                                           duel.ref("Burning Mane")]})
    assert duel.state.triggers == []
    assert any("does not see Burning Mane leave (DM-LOOK-BACK)" in line
               for line in duel.transcript())


@pytest.mark.rule("DM-POOL")
@pytest.mark.rule("DM-STATIC")
def test_state_check_in_the_middle_of_a_resolution() -> None:
    duel = new({"p1": {"hand": ["Dark Sanji, Darkfang Ninja"], "mana": MANA5},
                "p2": {"battle": ["Propeller Mutant"], "hand": ["Terror Pit"]}})
    duel.apply({"do": "summon", "card": "Dark Sanji, Darkfang Ninja"})
    duel.auto()
    assert names(duel, "p2", "graveyard") == ["Propeller Mutant"]
    assert any(e["key"] == "state_check" for e in duel.state.log)


# ---------------------------------------------------------------------- DM-KIND
@pytest.mark.rule("DM-KIND")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_attack_trigger_resolves_right_after_the_declaration() -> None:
    duel = new({"phase": "attack", "p1": {"battle": ["Test Raider"], "deck": ["Burning Mane"]},
                "p2": {"battle": ["Emeralda, Pitch Dragon Elemental"],
                       "shield": ["Burning Mane"]}})
    duel.apply({"do": "attack", "card": "Test Raider"})
    assert duel.state.decision.kind == "order"  # its two attack triggers
    answer(duel, duel.default_answer())
    d = duel.state.decision
    assert d.kind == "block" and d.player == 1
    assert names(duel, "p1", "hand") == ["Burning Mane"]  # drew before the block step
    assert duel.policy.power(duel, duel.state.cards[duel.ref("Test Raider")]) == 4000
    answer(duel, "no")
    # shield break, then the end of the attack ends "while attacking" effects
    assert names(duel, "p2", "hand") == ["Burning Mane"]
    assert duel.policy.power(duel, duel.state.cards[duel.ref("Test Raider")]) == 3000
    assert duel.state.procedure == []


@pytest.mark.rule("DM-KIND")
def test_optional_ability_can_be_declined_and_replacements_are_not_triggers() -> None:
    duel = new({"p1": {"battle": ["Super Trash Train, Fuuma Devil", "Burning Mane",
                                  "Aqua Soldier"], "deck": ["Terror Pit"]}})
    duel.apply({"do": "destroy", "card": "Aqua Soldier"})
    assert duel.state.triggers == []  # a replacement effect is not a triggered ability
    duel.apply({"do": "destroy", "card": "Burning Mane"})
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.rules == ["DM-KIND"] and d.default == "yes"
    answer(duel, "no")
    assert trigger_of(duel, "Super Trash Train, Fuuma Devil").status == "declined"
    assert names(duel, "p1", "hand") == ["Aqua Soldier"]


# ---------------------------------------------------------------------- DM-WAIT / DM-AFTER
@pytest.mark.rule("DM-WAIT")
def test_an_ability_triggered_by_a_spell_waits_for_the_spell_and_its_graveyard() -> None:
    result = check_scenario(load_scenario(_scenario("olzekia_savage_earth")))
    assert result == []
    duel = _run("olzekia_savage_earth")
    assert first_index(duel, "spell.done") < first_index(
        duel, "pending.resolve", "Olzekia, General of Decapitation")


@pytest.mark.rule("DM-AFTER")
@pytest.mark.rule("DM-PENDING-CARD")
def test_pig_resolves_after_the_spell_is_in_the_graveyard() -> None:
    duel = new({"p1": {"hand": ["Dark Soul Creation"], "battle": ["Pharzi, the Oracle"],
                       "mana": MANA5, "deck": ["Burning Mane"] * 3}})
    duel.apply({"do": "cast", "card": "Dark Soul Creation"})
    spell = duel.state.cards[duel.ref("Dark Soul Creation")]
    assert spell.zone == "limbo" and names(duel, "p1", "hand") == []  # DM-PENDING-CARD
    choose(duel, "Pharzi, the Oracle")
    assert spell.zone == "graveyard"  # the pig has not resolved yet: it asks now
    assert duel.state.decision.kind == "activate_trigger"
    answer(duel, "yes")
    assert spell.zone == "hand"
    assert trigger_of(duel, "Pharzi, the Oracle").rules[:2] == ["DM-WAIT", "DM-AFTER"]


# ---------------------------------------------------------------------- DM-STATIC
@pytest.mark.rule("DM-STATIC")
@pytest.mark.rule("DM-SOURCE-GONE")
def test_static_ability_applies_before_the_pending_pump() -> None:
    duel = _run("swine_snout_funk")
    t = trigger_of(duel, "Quixotic Hero Swine Snout")
    assert t.status == "resolved" and t.rules[:2] == ["DM-SOURCE-GONE", "DM-STATIC"]
    assert "resolves with no effect: Quixotic Hero Swine Snout left the battle zone before it " \
           "resolved (DM-SOURCE-GONE, DM-STATIC)" in "\n".join(duel.transcript())


# ---------------------------------------------------------------------- DM-ORDER
@pytest.mark.rule("DM-ORDER")
def test_the_player_picks_the_order_of_their_own_abilities() -> None:
    setup = {"p1": {"hand": ["Heaven's Gate", "Milzam, Spirit of Miracles",
                             "Emeralda, Pitch Dragon Elemental"], "mana": ["Burning Mane"] * 6,
                    "shield": ["Burning Mane"], "deck": ["Terror Pit"]}}
    for first in ("Milzam, Spirit of Miracles", "Emeralda, Pitch Dragon Elemental"):
        duel = new(setup)
        duel.apply({"do": "cast", "card": "Heaven's Gate"})
        answer(duel, duel.default_answer())  # both blockers
        d = duel.state.decision
        assert d.kind == "order" and d.player == 0 and d.rules == ["DM-ORDER"]
        assert {duel.name(o["card"]) for o in d.options} == {
            "Milzam, Spirit of Miracles", "Emeralda, Pitch Dragon Elemental"}
        choose(duel, first)
        duel.auto()
        assert resolved(duel)[0] == first


@pytest.mark.rule("DM-ORDER")
def test_identical_abilities_are_one_option() -> None:
    duel = new({"p1": {"battle": ["Propeller Mutant"] * 3, "deck": []},
                "p2": {"hand": ["Burning Mane"] * 3}})
    duel.apply({"do": "destroy", "cards": [duel.ref(f"Propeller Mutant#{i}") for i in (1, 2, 3)]})
    assert duel.state.decision is None  # nothing to choose between
    assert resolved(duel) == ["Propeller Mutant"] * 3


# ---------------------------------------------------------------------- DM-AP-FIRST
@pytest.mark.rule("DM-AP-FIRST")
def test_active_player_resolves_first_on_either_turn() -> None:
    for turn_player in ("p1", "p2"):
        duel = new({"turn_player": turn_player,
                    "p1": {"battle": ["Propeller Mutant"], "hand": ["Burning Mane"]},
                    "p2": {"battle": ["Propeller Mutant"], "hand": ["Terror Pit"]}})
        duel.apply({"do": "destroy", "cards": [duel.ref("p1:Propeller Mutant"),
                                               duel.ref("p2:Propeller Mutant")]})
        order = [duel.state.cards[e["args"]["card"]].owner for e in duel.state.log
                 if e["key"] == "pending.resolve"]
        ap = int(turn_player[1]) - 1
        assert order == [ap, 1 - ap]


@pytest.mark.rule("DM-AP-FIRST")
def test_dark_sanji_against_swine_snout_depends_on_whose_turn() -> None:
    own = _run("dark_sanji_own_turn")
    assert names(own, "p2", "graveyard") == ["Quixotic Hero Swine Snout"]
    ninja = _run("dark_sanji_ninja_strike")
    snout = ninja.state.cards[ninja.ref("Quixotic Hero Swine Snout")]
    assert snout.zone == "battle" and ninja.policy.power(ninja, snout) == 2000


# ---------------------------------------------------------------------- DM-NESTED
@pytest.mark.rule("DM-NESTED")
def test_ap_ability_triggered_during_nap_resolution_goes_next() -> None:
    duel = _run("max_adrenaline_baradios")
    assert resolved(duel) == ["Baradios, Lord of Dragon Spirits", "Truekaiser Max Adrenaline",
                              "Baradios, Lord of Dragon Spirits"]
    assert all(c.tapped for c in duel.state.cards_in(0, "battle"))
    max_t = trigger_of(duel, "Truekaiser Max Adrenaline")
    assert {"DM-NESTED", "DM-AP-FIRST"} <= set(max_t.rules)


@pytest.mark.rule("DM-NESTED")
def test_second_jin_before_magnum() -> None:
    duel = _run("jin_magnum")
    assert resolved(duel) == ["Jin the Ogre Blade ~Young Leader~"] * 2 + [
        "Magnum, Allshot Puppet"]


# ---------------------------------------------------------------------- DM-RESET
@pytest.mark.rule("DM-RESET")
def test_evolution_onto_the_source_resets_its_pending_ability() -> None:
    duel = _run("evolution_resets_pending")
    snout = duel.state.cards[duel.ref("Quixotic Hero Swine Snout")]
    barkwhip = duel.state.cards[duel.ref("Barkwhip, the Smasher")]
    assert snout.zone == "under" and barkwhip.under == [snout.iid] and snout.mods == []
    assert trigger_of(duel, "Quixotic Hero Swine Snout").rules[0] == "DM-RESET"


@pytest.mark.rule("DM-RESET")
def test_a_creature_that_leaves_and_comes_back_is_a_new_creature() -> None:
    duel = new({"p1": {"battle": ["Quixotic Hero Swine Snout"], "hand": ["Test Blinker"]}})
    duel.apply({"do": "summon", "card": "Test Blinker"})
    choose(duel, "Test Blinker")  # the blink first, then Swine Snout's +3000
    duel.auto()
    snout = duel.state.cards[duel.ref("Quixotic Hero Swine Snout")]
    assert snout.zone == "battle"
    pump = trigger_of(duel, "Quixotic Hero Swine Snout")  # pending for the Blinker's arrival
    assert pump.rules[0] == "DM-RESET"
    assert duel.policy.power(duel, snout) == 1000  # its own return is not "another creature"


# ---------------------------------------------------------------------- DM-STRIGGER
@pytest.mark.rule("DM-STRIGGER")
def test_s_trigger_cuts_into_a_triggered_ability() -> None:
    duel = _run("s_trigger_cuts_in")
    text = duel.transcript()
    cut = next(i for i, line in enumerate(text) if "cuts in" in line)
    drew = next(i for i, line in enumerate(text) if "drew" in line)
    assert cut < drew


@pytest.mark.rule("DM-STRIGGER")
@pytest.mark.rule("DM-WAIT")
def test_s_trigger_waits_while_a_spell_resolves() -> None:
    duel = new({"p1": {"hand": ["Test Breaker Spell"], "deck": ["Burning Mane"],
                       "battle": ["Burning Mane"]},
                "p2": {"shield": ["Terror Pit"]}})
    duel.apply({"do": "cast", "card": "Test Breaker Spell"})
    assert duel.state.decision.kind == "s_trigger"
    assert names(duel, "p1", "hand") == ["Burning Mane"]  # the spell drew first
    assert not any(e["key"] == "pending.cut_in" for e in duel.state.log)


@pytest.mark.rule("DM-STRIGGER")
def test_nap_s_trigger_goes_before_the_ap_other_abilities_and_its_cip_waits() -> None:
    duel = _run("s_trigger_creature_aqua_surfer")
    assert resolved(duel) == ["Aqua Surfer", "Quixotic Hero Swine Snout", "Aqua Surfer"]
    assert trigger_of(duel, "Aqua Surfer", 0).rules[0] == "DM-STRIGGER"


# ---------------------------------------------------------------------- DM-CONDITION
@pytest.mark.rule("DM-CONDITION")
def test_condition_at_resolution_may_become_true_in_between() -> None:
    setup = {"p1": {"hand": ["Test Charger", "Test Sage", "Test Strict Sage"],
                    "mana": ["Burning Mane"] * 2, "deck": ["Terror Pit"] * 3}}
    duel = new(setup)
    duel.apply({"do": "summon", "card": "Test Sage"})
    duel.apply({"do": "summon", "card": "Test Charger"})
    assert names(duel, "p1", "hand") == ["Test Strict Sage"]  # 2 mana: nothing drawn
    duel = new(setup)
    duel.apply({"do": "put_into_battle", "card": "Test Charger"})  # 3 mana now
    duel.apply({"do": "summon", "card": "Test Strict Sage"})
    assert "Terror Pit" in names(duel, "p1", "hand")
    duel = new(setup)
    duel.apply({"do": "summon", "card": "Test Strict Sage"})  # 2 mana: does not trigger
    assert duel.state.triggers == []
    assert "its condition is not met (DM-CONDITION)" in duel.transcript()[-1]


@pytest.mark.rule("DM-CONDITION")
@pytest.mark.rule("DM-ORDER")
def test_resolution_condition_checked_when_it_resolves() -> None:
    """Both enter together; if the Charger's ability goes first, the Sage sees 3 mana."""
    for first, draws in (("Test Charger", True), ("Test Sage", False)):
        duel = new({"p1": {"hand": ["Test Sage", "Test Charger"], "mana": ["Burning Mane"] * 2,
                           "deck": ["Terror Pit"] * 2}})
        duel.apply({"do": "put_into_battle",
                    "cards": [duel.ref("Test Sage"), duel.ref("Test Charger")]})
        choose(duel, first)
        assert ("Terror Pit" in names(duel, "p1", "hand")) is draws


# ---------------------------------------------------------------------- DM-EVENT-HAPPENED
@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_replaced_destruction_triggers_nothing_but_a_cost_still_counts() -> None:
    duel = _run("aqua_soldier_super_trash_train")
    assert duel.state.triggers == []
    duel = _run("aqua_soldier_dark_soul_creation")
    assert names(duel, "p1", "hand") == ["Aqua Soldier"] + ["Terror Pit"] * 3


# ---------------------------------------------------------------------- DM-PRESENT
@pytest.mark.rule("DM-PRESENT")
def test_start_of_turn_ability_needs_the_creature_there_when_the_turn_began() -> None:
    duel = _run("storm_genji_start_of_turn")
    genji = duel.ref("Storm Genji Double Cross, the Super Temporal")
    assert not any(t.card == genji for t in duel.state.triggers)
    duel = new({"turn_player": "p2", "phase": "end_of_turn",
                "p1": {"battle": ["Storm Genji Double Cross, the Super Temporal"],
                       "deck": ["Burning Mane"]}})
    duel.apply({"do": "next_step"})
    assert names(duel, "p1", "hand") == ["Burning Mane"]  # it was there: it triggers


# ---------------------------------------------------------------------- DM-SOURCE-GONE
@pytest.mark.rule("DM-SOURCE-GONE")
def test_pending_ability_still_resolves_after_its_source_left() -> None:
    duel = new({"p1": {"battle": ["Propeller Mutant"]}, "p2": {"hand": ["Terror Pit"]}})
    duel.apply({"do": "destroy", "card": "Propeller Mutant"})
    assert names(duel, "p2", "graveyard") == ["Terror Pit"]


# ---------------------------------------------------------------------- DM-INDEPENDENT
@pytest.mark.rule("DM-INDEPENDENT")
def test_ignored_source_pending_ability_resolves_but_no_new_trigger() -> None:
    duel = _run("silenced_source_still_resolves")
    snout = duel.state.cards[duel.ref("Quixotic Hero Swine Snout")]
    assert duel.policy.power(duel, snout) == 4000
    assert len([t for t in duel.state.triggers if t.card == snout.iid]) == 1


# ---------------------------------------------------------------------- DM-PENDING-CARD
@pytest.mark.rule("DM-PENDING-CARD")
def test_a_spell_being_cast_is_in_no_zone() -> None:
    duel = new({"p1": {"hand": ["Dark Soul Creation"], "battle": ["Burning Mane"],
                       "mana": MANA5, "deck": ["Terror Pit"] * 3}})
    duel.apply({"do": "cast", "card": "Dark Soul Creation"})
    spell = duel.state.cards[duel.ref("Dark Soul Creation")]
    assert spell.zone == "limbo"
    assert all(spell.iid not in zones[z] for zones in duel.state.zones for z in zones)


# ---------------------------------------------------------------------- DM-ATTACK-STEPS
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_block_battle_and_a_direct_attack_that_wins() -> None:
    duel = new({"phase": "attack", "p1": {"battle": ["Burning Mane", "Burning Mane"]},
                "p2": {"battle": ["Emeralda, Pitch Dragon Elemental"]}})
    duel.apply({"do": "attack", "card": "Burning Mane#1"})
    choose(duel, "Emeralda, Pitch Dragon Elemental")  # blocks: 5500 beats 2000
    assert names(duel, "p1", "graveyard") == ["Burning Mane"]
    assert duel.state.winner is None
    duel.apply({"do": "attack", "card": "Burning Mane#2"})  # Emeralda is tapped now
    assert duel.state.winner == 0
    with pytest.raises(IllegalAction, match="the duel is over"):
        duel.apply({"do": "next_step"})


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_ninja_strike_once_per_attack_and_needs_mana() -> None:
    setup = {"turn_player": "p2", "phase": "attack",
             "p1": {"hand": ["Dark Sanji, Darkfang Ninja"] * 2, "mana": ["Burning Mane"] * 4},
             "p2": {"battle": ["Burning Mane"]}}
    duel = new(setup)
    duel.apply({"do": "attack", "card": "p2:Burning Mane"})
    assert duel.state.decision.kind == "order"  # which Ninja Strike first
    duel.auto()
    assert names(duel, "p1", "battle") == ["Dark Sanji, Darkfang Ninja"]
    assert "already used a Ninja Strike during this attack" in "\n".join(duel.transcript())
    setup["p1"]["mana"] = ["Burning Mane"] * 3
    duel = new(setup)
    duel.apply({"do": "attack", "card": "p2:Burning Mane"})
    assert duel.state.triggers == []


# ---------------------------------------------------------------------- DM-END-OF-TURN
@pytest.mark.rule("DM-END-OF-TURN")
def test_end_of_turn_ap_first_then_nap() -> None:
    duel = new({"phase": "attack", "p1": {"battle": ["Test Clock"], "deck": ["Burning Mane"]},
                "p2": {"battle": ["Test Clock"], "deck": ["Terror Pit"]}})
    duel.apply({"do": "next_step"})
    order = [duel.state.cards[e["args"]["card"]].owner for e in duel.state.log
             if e["key"] == "pending.resolve"]
    assert order == [0, 1]
    assert all("DM-END-OF-TURN" in t.rules for t in duel.state.triggers)


# ---------------------------------------------------------------------- DM-EVOLUTION-BASE
@pytest.mark.rule("DM-EVOLUTION-BASE")
def test_evolution_needs_a_base() -> None:
    duel = new({"p1": {"hand": ["Baradios, Lord of Dragon Spirits"],
                       "mana": ["Burning Mane"] * 8, "battle": ["Burning Mane"]}})
    before = duel.state.to_dict()
    with pytest.raises(IllegalAction) as err:
        duel.apply({"do": "summon", "card": "Baradios, Lord of Dragon Spirits"})
    assert err.value.rules == ["DM-EVOLUTION-BASE"] and duel.state.to_dict() == before
    duel.apply({"do": "place", "player": "p1", "zone": "battle",
                "card": "Emeralda, Pitch Dragon Elemental"})
    duel.apply({"do": "summon", "card": "Baradios, Lord of Dragon Spirits"})
    baradios = duel.state.cards[duel.ref("Baradios, Lord of Dragon Spirits")]
    assert duel.name(baradios.under[0]) == "Emeralda, Pitch Dragon Elemental"
    assert _run("evolution_needs_a_base").state.zones[0]["hand"]


# ---------------------------------------------------------------------- illegal actions
ILLEGAL = [
    ({"do": "summon", "card": "Milzam, Spirit of Miracles"}, "costs 9"),
    ({"do": "cast", "card": "Burning Mane#1"}, "not a spell"),
    ({"do": "attack", "card": "Propeller Mutant"}, "in the attack step"),
    ({"do": "charge", "card": "Burning Mane#1"}, "in the charge step"),
    ({"do": "destroy", "card": "Milzam, Spirit of Miracles"}, "not in the battle zone"),
    ({"do": "break_shield", "card": "Propeller Mutant"}, "not a shield"),
    ({"do": "answer", "choice": "yes"}, "no decision"),
    ({"do": "fly"}, "unknown action"),
    ({"do": "move", "card": "Emeralda, Pitch Dragon Elemental", "zone": "hand"},
     "part of an evolution creature"),
]


@pytest.mark.rule("DM-POOL")
@pytest.mark.parametrize(("action", "reason"), ILLEGAL, ids=[a["do"] for a, _ in ILLEGAL])
def test_illegal_actions_change_nothing(action: dict[str, Any], reason: str) -> None:
    duel = new({"p1": {"hand": ["Milzam, Spirit of Miracles", "Burning Mane"],
                       "battle": ["Propeller Mutant",
                                  {"card": "Baradios, Lord of Dragon Spirits",
                                   "under": ["Emeralda, Pitch Dragon Elemental"]}],
                       "mana": ["Burning Mane"] * 2}})
    before = duel.state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        duel.apply(action)
    assert duel.state.to_dict() == before and duel.actions == []


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_attack_rules_are_enforced() -> None:
    duel = new({"phase": "attack", "p1": {"battle": [{"card": "Burning Mane", "tapped": True},
                                                     "Propeller Mutant"]},
                "p2": {"battle": ["Burning Mane"]}})
    before = duel.state.to_dict()
    for action, reason in (({"do": "attack", "card": "p1:Burning Mane"}, "is tapped"),
                           ({"do": "attack", "card": "Propeller Mutant",
                             "target": "p2:Burning Mane"}, "only a tapped creature")):
        with pytest.raises(IllegalAction, match=reason):
            duel.apply(action)
        assert duel.state.to_dict() == before


def _attacking(apply: dict[str, Any], **p1: Any) -> Duel:
    """A creature whose static ability says ``apply``, p1's in the attack step, against p2's
    untapped Burning Mane, tapped Aqua Hulcus and four shields."""
    card = {"id": "static_attacker", "name": {"en": "Static Attacker"}, "type": "creature",
            "civilization": "fire", "cost": 1, "power": 9000, "races": ["Human"], "text": "x",
            "effects": [{"kind": "continuous", "label": "static", "apply": apply}]}
    lib = Library(default_library())
    lib.add(parse_card(card, file="test", game_hint=GAME))
    setup = {"turn_player": "p1", "phase": "attack", "turn": 3,
             "p1": {"battle": ["Static Attacker"], **p1, "deck": ["Burning Mane"] * 3},
             "p2": {"battle": ["Burning Mane", {"card": "Aqua Hulcus", "tapped": True}],
                    "shield": ["Burning Mane"] * 4, "deck": ["Burning Mane"] * 3}}
    return Duel(GAME, setup=setup, library=lib)


def test_static_abilities_of_a_creatures_own_attacks() -> None:
    """"This creature can't attack (players, creatures)": the attack it names is refused, and
    left out of the legal actions; "can attack untapped creatures": the untapped one may be
    attacked (DM-STATIC, the declaration step of DM-ATTACK-STEPS)."""
    for says, refused, allowed in (
            ("all", [None, "Aqua Hulcus"], []),
            ("players", [None], ["Aqua Hulcus"]),
            ("creatures", ["Aqua Hulcus"], [None])):
        duel = _attacking({"cannot_attack": says})
        me = duel.ref("Static Attacker")
        legal = [a.get("target") for a in duel.legal_actions()
                 if a["do"] == "attack" and a["card"] == me]
        assert sorted(map(str, legal)) == sorted(
            str(duel.ref(t)) if t else "None" for t in allowed), says
        for aim in refused:
            with pytest.raises(IllegalAction, match="cannot attack"):
                duel.apply({"do": "attack", "card": me, **({"target": aim} if aim else {})})
    plain = _attacking({})
    with pytest.raises(IllegalAction, match="only a tapped creature"):
        plain.apply({"do": "attack", "card": "Static Attacker",
                     "target": plain.state.zones[1]["battle"][0]})
    duel = _attacking({"attacks_untapped": True})
    untapped = duel.state.zones[1]["battle"][0]
    duel.apply({"do": "attack", "card": "Static Attacker", "target": untapped})
    while duel.state.decision is not None:
        duel.apply({"do": "answer", "choice": duel.default_answer()})
    assert duel.state.cards[untapped].zone == "graveyard"  # battled, and lost


def test_a_speed_attacker_and_a_triple_breaker() -> None:
    """A Speed attacker attacks in the turn it was put into the battle zone; a Triple breaker
    breaks 3 shields (DM-ATTACK-STEPS)."""
    duel = _attacking({"speed_attacker": True, "breaks": 3}, hand=["Static Attacker"])
    duel.apply({"do": "put_into_battle", "card": "p1:Static Attacker"})
    fresh = next(i for i in duel.state.zones[0]["battle"]
                 if duel.state.cards[i].flags.get("arrived_turn") == duel.state.turn)
    duel.apply({"do": "attack", "card": fresh})
    while duel.state.decision is not None:
        duel.apply({"do": "answer", "choice": duel.default_answer()})
    assert len(duel.state.zones[1]["shield"]) == 1
    slow = _attacking({}, hand=["Static Attacker"])
    slow.apply({"do": "put_into_battle", "card": "p1:Static Attacker"})
    late = next(i for i in slow.state.zones[0]["battle"]
                if slow.state.cards[i].flags.get("arrived_turn") == slow.state.turn)
    with pytest.raises(IllegalAction, match="this turn"):
        slow.apply({"do": "attack", "card": late})


def test_a_charger_goes_into_the_mana_zone_only_once_cast() -> None:
    """A Charger's replacement (``after_cast``) sends the spell into the mana zone when it has
    resolved; discarded, it goes to the graveyard as any card does (DM-WAIT)."""
    spell = {"id": "probe_charger", "name": {"en": "Probe Charger"}, "type": "spell",
             "civilization": "fire", "cost": 0, "text": "x",
             "effects": [{"kind": "activation", "label": "draw",
                          "operations": [{"op": "draw", "count": 1}]},
                         {"kind": "replacement", "label": "Charger",
                          "instead": {"when": "sent_to_gy", "after_cast": True, "to": "mana"}}]}
    lib = Library(default_library())
    lib.add(parse_card(spell, file="test", game_hint=GAME))
    setup = {"turn_player": "p1", "phase": "main",
             "p1": {"hand": ["Probe Charger"], "deck": ["Burning Mane"] * 2},
             "p2": {"deck": ["Burning Mane"]}}
    duel = Duel(GAME, setup=setup, library=lib)
    duel.apply({"do": "cast", "card": "Probe Charger"})
    assert names(duel, "p1", "mana") == ["Probe Charger"]
    assert names(duel, "p1", "hand") == ["Burning Mane"]  # it resolved: a card drawn
    plain = Duel(GAME, setup={**setup, "p1": {**setup["p1"], "hand": ["Probe Charger"]}},
                 library=lib)
    card = plain.state.cards[plain.ref("Probe Charger")]
    plain.policy.move_events(plain, card, "graveyard", None, cause_type=None, spec={},
                             cause="effect", by_player=1)  # discarded by an effect
    assert names(plain, "p1", "graveyard") == ["Probe Charger"]


def test_a_creature_that_cant_be_blocked_this_turn() -> None:
    """``protect: {cannot: blocked}`` ("This turn, they can't be blocked"): no Blocker is
    offered against its attack this turn; a creature without it may be blocked."""
    spell = {"id": "probe_unblockable", "name": {"en": "Probe Unblockable"}, "type": "spell",
             "civilization": "light", "cost": 0, "text": "x",
             "effects": [{"kind": "activation", "label": "can't be blocked",
                          "operations": [{"op": "protect", "cannot": "blocked", "choose": {
                              "zone": "battle", "controller": "you", "count": 1}}]}]}
    blocker = {"id": "probe_wall", "name": {"en": "Probe Wall"}, "type": "creature",
               "civilization": "light", "cost": 0, "power": 1000, "races": ["Human"],
               "blocker": True, "text": "Blocker"}
    lib = Library(default_library())
    for raw in (spell, blocker):
        lib.add(parse_card(raw, file="test", game_hint=GAME))
    setup = {"turn_player": "p1", "phase": "main", "turn": 3,
             "p1": {"hand": ["Probe Unblockable"], "battle": ["Burning Mane", "Aqua Hulcus"],
                    "deck": ["Burning Mane"] * 2},
             "p2": {"battle": ["Probe Wall"], "shield": ["Burning Mane"] * 3,
                    "deck": ["Burning Mane"] * 2}}
    duel = Duel(GAME, setup=setup, library=lib)
    duel.apply({"do": "cast", "card": "Probe Unblockable"})
    while duel.state.decision is not None:  # the creature chosen: Burning Mane
        duel.apply({"do": "answer", "choice": duel.default_answer()})
    chosen = next(c for c in duel.state.cards.values()
                  if any(m.get("cannot") == "blocked" for m in c.mods))
    other = next(i for i in duel.state.zones[0]["battle"] if i != chosen.iid)
    duel.apply({"do": "next_step"})
    while duel.state.phase != "attack":
        duel.apply({"do": "next_step"})
    duel.apply({"do": "attack", "card": chosen.iid})
    assert duel.state.decision is None or duel.state.decision.kind != "block"
    while duel.state.decision is not None or duel.state.procedure:
        if duel.state.decision is not None:
            duel.apply({"do": "answer", "choice": duel.default_answer()})
        else:
            break
    duel.apply({"do": "attack", "card": other})
    assert duel.state.decision is not None and duel.state.decision.kind == "block"


def test_a_static_ability_holds_only_while_its_count_does() -> None:
    """``while_count``: "+2000 power while you have no shields" changes the power only while
    its controller has none, read again every time (DM-STATIC)."""
    duel = _attacking({"power": 2000, "while_count": {"zone": "shield", "controller": "you",
                                                      "max": 0}})
    me = duel.state.cards[duel.ref("Static Attacker")]
    assert duel.policy.power(duel, me) == 9000 + 2000  # p1 has no shields
    duel.state.zones[0]["shield"].append(duel.state.zones[0]["deck"][0])
    duel.state.cards[duel.state.zones[0]["deck"].pop(0)].zone = "shield"
    assert duel.policy.power(duel, me) == 9000


def test_every_duel_masters_scenario_replays_to_the_same_state() -> None:
    for path in builtin_scenarios(GAME):
        duel = _run(path.stem)
        assert duel.replay().state.to_dict() == duel.state.to_dict(), path.stem


# ---------------------------------------------------------------------- helpers
def _scenario(stem: str):
    return next(p for p in builtin_scenarios(GAME) if p.stem == stem)


def _run(stem: str) -> Duel:
    from engine.scenario import run_scenario

    return run_scenario(load_scenario(_scenario(stem))).duel
