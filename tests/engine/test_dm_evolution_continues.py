"""DM-EVOLUTION-CONTINUES: an evolution creature continues the creature it is put onto.

What a resolved spell or ability applied to the base carries over (a power change, "does not
leave the battle zone", "its abilities are ignored"); an attack in progress goes on with the
evolution creature; the base's own pending abilities still resolve (DM-INDEPENDENT), while
what was pending for the base itself is reset (DM-RESET); "cards" in the battle zone reach the
cards under an evolution creature, "creatures" do not.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.cards import Library, default_library, parse_card
from engine.scenario import builtin_scenarios, check_scenario, load_scenario, run_scenario

GAME = "duel_masters"
RULE = "DM-EVOLUTION-CONTINUES"

#: test cards: a base whose pending ability draws, spells giving lasting effects, a bounce of
#: creatures only, an attacked creature that evolves, a spell with a chosen base
TEST_CARDS: list[dict[str, Any]] = [
    {"id": "t_drawing_beast", "name": {"en": "Test Drawing Beast"}, "type": "creature",
     "cost": 1, "power": 1000, "races": ["Beast Folk"],
     "effects": [{"kind": "trigger", "label": "draw",
                  "event": {"type": "put_into_battle", "card": "other"},
                  "operations": [{"op": "draw", "count": 1}]}]},
    {"id": "t_grounding", "name": {"en": "Test Grounding"}, "type": "spell", "cost": 0,
     "effects": [{"kind": "activation", "label": "not destroyed, -9000",
                  "operations": [
                      {"op": "protect", "cannot": "destroyed",
                       "choose": {"zone": "battle", "controller": "you", "as": "it"}},
                      {"op": "power", "card": "it", "amount": -9000}]}]},
    {"id": "t_hush", "name": {"en": "Test Hush"}, "type": "spell", "cost": 0,
     "effects": [{"kind": "activation", "label": "abilities ignored",
                  "operations": [{"op": "negate_effects",
                                  "choose": {"zone": "battle", "controller": "you"}}]}]},
    {"id": "t_creature_roots", "name": {"en": "Test Creature Roots"}, "type": "spell",
     "cost": 0,
     "effects": [{"kind": "activation", "label": "creatures costing 4 or less to mana",
                  "operations": [{"op": "put_into_mana",
                                  "all": {"zone": "battle", "filter": {"cost_max": 4}}}]}]},
    {"id": "t_fire_guard", "name": {"en": "Test Fire Guard"}, "type": "creature", "cost": 1,
     "power": 2000, "races": ["Human"], "civilization": "fire",
     "effects": [{"kind": "trigger", "label": "evolve when attacked", "optional": True,
                  "event": {"type": "attack_declared", "target": "self"},
                  "operations": [{"op": "put_into_battle", "onto": "self",
                                  "choose": {"zone": "hand", "controller": "you",
                                             "filter": {"type": "evolution"}}}]}]},
    {"id": "t_wrong_onto", "name": {"en": "Test Wrong Onto"}, "type": "spell", "cost": 0,
     "effects": [{"kind": "activation", "label": "an evolution onto the attacker",
                  "operations": [{"op": "put_into_battle", "onto": "attacker",
                                  "choose": {"zone": "hand", "controller": "you",
                                             "filter": {"type": "evolution"}}}]}]},
]


def library() -> Library:
    lib = default_library(GAME)
    for raw in TEST_CARDS:
        lib.add(parse_card(raw, file="test", game_hint=GAME))
    return lib


def new(setup: dict[str, Any]) -> Duel:
    return Duel(GAME, setup={"turn_player": "p1", "phase": "main", **setup}, library=library())


def answer(duel: Duel, choice: Any) -> None:
    duel.apply({"do": "answer", "choice": choice})


def names(duel: Duel, player: int, zone: str) -> list[str]:
    return sorted(duel.name(i) for i in duel.state.zones[player][zone])


def card(duel: Duel, ref: str):
    return duel.state.cards[duel.ref(ref)]


def entries(duel: Duel, key: str) -> list[dict[str, Any]]:
    return [e for e in duel.state.log if e["key"] == key]


def _run(stem: str) -> Duel:
    path = next(p for p in builtin_scenarios() if p.stem == stem)
    scn = load_scenario(path)
    result = run_scenario(scn)
    assert check_scenario(scn, result) == []
    return result.duel


SNOUT, BARKWHIP = "Quixotic Hero Swine Snout", "Barkwhip, the Smasher"
RED, RED_ZONE = "The Red, Roaring Speed", "Red Zone, Roaring Invasion"


# ---------------------------------------------------------------------- lasting effects
@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_a_power_change_until_the_end_of_the_turn_carries_to_the_evolution() -> None:
    duel = new({"p1": {"battle": [SNOUT], "hand": ["Burning Power", BARKWHIP],
                       "mana": ["Burning Mane"] * 3}})
    duel.apply({"do": "cast", "card": "Burning Power"})
    assert duel.policy.power(duel, card(duel, SNOUT)) == 3000
    duel.apply({"do": "summon", "card": BARKWHIP})
    top = card(duel, BARKWHIP)
    assert card(duel, SNOUT).zone == "under" and card(duel, SNOUT).mods == []
    assert duel.policy.power(duel, top) == 7000  # 5000 and the +2000 Swine Snout had
    assert entries(duel, "evolution.continues")[0]["rules"] == [RULE]
    duel.apply({"do": "next_step"})  # to the attack step ...
    duel.apply({"do": "next_step"})  # ... the end of the turn ...
    duel.apply({"do": "next_step"})  # ... and the next turn: the change has ended
    assert duel.policy.power(duel, top) == 5000


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_the_carried_power_wins_a_battle_it_would_otherwise_lose() -> None:
    duel = _run("evolution_keeps_a_power_change")
    assert names(duel, 1, "graveyard") == ["Bolshack Dragon"]
    assert names(duel, 0, "battle") == [BARKWHIP]
    assert duel.policy.power(duel, card(duel, BARKWHIP)) == 7000


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_does_not_leave_the_battle_zone_carries_to_the_evolution() -> None:
    duel = _run("evolution_keeps_does_not_leave")
    assert names(duel, 0, "battle") == [BARKWHIP]
    assert card(duel, BARKWHIP).under == [duel.ref(SNOUT)]
    stays = entries(duel, "protected.stays")
    assert stays and stays[0]["rules"] == [RULE, "DM-EVENT-HAPPENED"]


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_does_not_leave_stops_a_return_to_the_hand_too() -> None:
    duel = new({"p1": {"battle": [SNOUT],
                       "hand": ["Steadfast Ward (teaching card)", BARKWHIP, "Teleportation"],
                       "mana": ["Burning Mane"] * 9}})
    duel.apply({"do": "cast", "card": "Steadfast Ward (teaching card)"})
    duel.apply({"do": "summon", "card": BARKWHIP})
    duel.apply({"do": "cast", "card": "Teleportation"})
    answer(duel, [str(duel.ref(BARKWHIP))])
    assert names(duel, 0, "battle") == [BARKWHIP]
    assert "Teleportation" not in names(duel, 0, "hand") and BARKWHIP not in names(duel, 0, "hand")


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-STATIC")
def test_a_carried_not_destroyed_keeps_a_creature_of_no_power_without_looping() -> None:
    duel = new({"p1": {"battle": [SNOUT], "hand": ["Test Grounding", BARKWHIP],
                       "mana": ["Burning Mane"] * 2}})
    duel.apply({"do": "cast", "card": "Test Grounding"})  # Swine Snout: not destroyed, -9000
    assert names(duel, 0, "battle") == [SNOUT]
    duel.apply({"do": "summon", "card": BARKWHIP})
    top = card(duel, BARKWHIP)
    assert duel.policy.power(duel, top) == -4000
    assert names(duel, 0, "battle") == [BARKWHIP]  # no state-based destruction
    duel.apply({"do": "destroy", "card": BARKWHIP})
    assert names(duel, 0, "battle") == [BARKWHIP]
    assert entries(duel, "protected.lasting")[-1]["rules"] == [RULE, "DM-EVENT-HAPPENED"]


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_abilities_ignored_by_a_resolved_effect_stay_ignored() -> None:
    duel = new({"p1": {"battle": [SNOUT], "hand": ["Test Hush", BARKWHIP],
                       "mana": ["Burning Mane"] * 2}})
    duel.apply({"do": "cast", "card": "Test Hush"})
    duel.apply({"do": "summon", "card": BARKWHIP})
    assert duel.policy.ignored(duel, card(duel, BARKWHIP))


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_nothing_is_said_to_carry_when_nothing_had_applied() -> None:
    duel = new({"p1": {"battle": [SNOUT], "hand": [BARKWHIP], "mana": ["Burning Mane"] * 2}})
    duel.apply({"do": "summon", "card": BARKWHIP})
    assert entries(duel, "evolution.continues") == []
    assert duel.policy.power(duel, card(duel, BARKWHIP)) == 5000


# ---------------------------------------------------------------------- the attack
@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_an_attack_in_progress_continues_with_the_evolution_as_the_attacker() -> None:
    duel = _run("invasion_continues_the_attack")
    red_zone = card(duel, RED_ZONE)
    assert red_zone.under == [duel.ref(RED)] and red_zone.tapped
    assert entries(duel, "attack.stopped") == []
    assert [e["args"]["card"] for e in entries(duel, "attack.end")] == [red_zone.iid]
    assert duel.state.zones[1]["shield"] == []


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_the_evolution_attacker_battles_with_its_own_power() -> None:
    duel = new({"phase": "attack",
                "p1": {"battle": [RED], "hand": [RED_ZONE]},
                "p2": {"battle": [{"card": "Bolshack Dragon", "tapped": True}],
                       "shield": ["Burning Mane"]}})
    duel.apply({"do": "attack", "card": RED, "target": "Bolshack Dragon"})
    answer(duel, "yes")  # Invasion
    duel.auto()
    assert names(duel, 0, "battle") == [RED_ZONE]  # 12000 against 6000: The Red would lose
    assert names(duel, 1, "graveyard") == ["Bolshack Dragon"]
    assert entries(duel, "attack.continues")[0]["rules"] == [RULE, "DM-ATTACK-STEPS"]


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_declining_the_invasion_leaves_the_attack_to_the_base() -> None:
    duel = new({"phase": "attack",
                "p1": {"battle": [RED], "hand": [RED_ZONE]},
                "p2": {"battle": [{"card": "Bolshack Dragon", "tapped": True}]}})
    duel.apply({"do": "attack", "card": RED, "target": "Bolshack Dragon"})
    answer(duel, "no")
    duel.auto()
    assert names(duel, 0, "graveyard") == [RED] and names(duel, 0, "hand") == [RED_ZONE]


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_an_attacked_creature_that_evolves_is_still_attacked() -> None:
    duel = new({"phase": "attack",
                "p1": {"battle": ["Bolshack Dragon"]},
                "p2": {"battle": [{"card": "Test Fire Guard", "tapped": True}],
                       "hand": [RED_ZONE]}})
    duel.apply({"do": "attack", "card": "Bolshack Dragon", "target": "Test Fire Guard"})
    answer(duel, "yes")
    duel.auto()
    assert entries(duel, "attack.continues_target")[0]["rules"] == [RULE, "DM-ATTACK-STEPS"]
    assert names(duel, 0, "graveyard") == ["Bolshack Dragon"]  # 6000 against Red Zone
    assert names(duel, 1, "battle") == [RED_ZONE]


@pytest.mark.rule("DM-EVOLUTION-BASE")
def test_onto_a_creature_it_cannot_evolve_from_leaves_it_where_it_was() -> None:
    duel = new({"p1": {"hand": ["Test Wrong Onto", RED_ZONE], "battle": [RED]}})
    duel.apply({"do": "cast", "card": "Test Wrong Onto"})  # no attack: no attacker to go on
    duel.auto()
    assert names(duel, 0, "hand") == [RED_ZONE] and names(duel, 0, "battle") == [RED]
    assert entries(duel, "evolution.no_base")[0]["rules"] == ["DM-EVOLUTION-BASE"]


# ---------------------------------------------------------------------- pending abilities
@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
@pytest.mark.rule("DM-INDEPENDENT")
def test_the_bases_own_pending_ability_still_resolves() -> None:
    duel = new({"p1": {"battle": ["Test Drawing Beast"],
                       "hand": ["Jin the Ogre Blade ~Young Leader~"],
                       "mana": ["Dark Soul Creation"] * 5 + [BARKWHIP],
                       "deck": ["Burning Mane"]}})
    duel.apply({"do": "summon", "card": "Jin the Ogre Blade ~Young Leader~"})
    answer(duel, "Jin the Ogre Blade ~Young Leader~")  # Jin first: Barkwhip onto the beast
    answer(duel, [BARKWHIP])
    duel.auto()
    beast = card(duel, "Test Drawing Beast")
    assert beast.zone == "under" and names(duel, 0, "hand") == ["Burning Mane"]
    t = next(t for t in duel.state.triggers if t.card == beast.iid)
    assert t.status == "resolved" and t.rules[:2] == [RULE, "DM-INDEPENDENT"]
    assert "DM-SOURCE-GONE" not in t.rules
    assert entries(duel, "pending.source_under")[0]["rules"] == [RULE, "DM-INDEPENDENT"]


@pytest.mark.rule("DM-RESET")
@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_what_was_pending_for_the_base_itself_is_reset() -> None:
    duel = _run("evolution_resets_pending")
    snout = card(duel, SNOUT)
    assert duel.policy.power(duel, card(duel, BARKWHIP)) == 5000
    t = next(t for t in duel.state.triggers if t.card == snout.iid)
    assert t.rules[0] == "DM-RESET" and RULE in t.rules  # it resolved; its effect is reset
    assert entries(duel, "evolution.continues") == []  # nothing had applied to carry


# ---------------------------------------------------------------------- cards, not creatures
@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_an_effect_on_cards_in_the_battle_zone_reaches_the_cards_under() -> None:
    duel = _run("cards_under_an_evolution")
    assert names(duel, 0, "battle") == [RED_ZONE] and card(duel, RED_ZONE).under == []
    assert RED in names(duel, 0, "mana")
    assert entries(duel, "evolution.source_reached")[0]["rules"] == [RULE]
    # the card left as a card: not destroyed, no "left the battle zone" as a creature
    left = [ev for inst in duel.state.instants for ev in inst["events"]
            if ev.get("card") == duel.ref(RED)]
    assert [ev["type"] for ev in left] == ["put_into_mana"]


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_an_effect_on_creatures_does_not_reach_the_cards_under() -> None:
    duel = new({"p1": {"battle": [{"card": RED_ZONE, "under": [RED]}],
                       "hand": ["Test Creature Roots"]},
                "p2": {"battle": [SNOUT]}})
    duel.apply({"do": "cast", "card": "Test Creature Roots"})
    assert card(duel, RED).zone == "under" and card(duel, RED_ZONE).under == [duel.ref(RED)]
    assert names(duel, 1, "mana") == [SNOUT]
    assert entries(duel, "evolution.source_reached") == []


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_a_choice_of_creatures_does_not_offer_the_cards_under() -> None:
    duel = new({"p1": {"battle": [{"card": RED_ZONE, "under": [RED]}],
                       "hand": ["Teleportation"], "mana": ["Burning Mane"] * 5}})
    duel.apply({"do": "cast", "card": "Teleportation"})
    offered = [o.get("card") for o in duel.state.decision.options]
    assert duel.ref(RED_ZONE) in offered and duel.ref(RED) not in offered


@pytest.mark.rule("DM-EVOLUTION-CONTINUES")
def test_moving_the_evolution_creature_takes_the_cards_under_with_it() -> None:
    duel = new({"p1": {"battle": [{"card": RED_ZONE, "under": [RED]}]}})
    duel.apply({"do": "destroy", "card": RED_ZONE})
    assert names(duel, 0, "graveyard") == sorted([RED, RED_ZONE])
