"""Modifiers: continuous and lasting ATK/DEF and power changes, equip links, computed amounts,
Yu-Gi-Oh! conditions, "up to N" targets and the FLIP / "each time" wordings.

Each test plays a small duel through the public API and checks what came out: the stats the
policies compute, zones, LP, trigger statuses and the rule ids the log cites.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import parse_card
from engine.duel import Duel
from engine.errors import CardDataError, IllegalAction
from tests.engine.helpers import answer, new_duel, only_trigger, play_randomly
from tests.engine.test_dm_properties import check_invariants as check_dm_invariants
from tests.engine.test_properties import check_invariants as check_ygo_invariants


def atk(duel: Duel, ref: str) -> int:
    return duel.policy.stat(duel, duel.state.cards[duel.ref(ref)], "atk")


def power(duel: Duel, ref: str) -> int | None:
    return duel.policy.power(duel, duel.state.cards[duel.ref(ref)])


def names(duel: Duel, player: int, zone: str) -> list[str]:
    return sorted(duel.name(i) for i in duel.state.zones[player][zone])


def rules_of(duel: Duel, key: str) -> list[list[str]]:
    return [e["rules"] for e in duel.state.log if e["key"] == key]


def activate(duel: Duel, ref: str, **extra: Any) -> None:
    duel.apply({"do": "activate", "card": duel.ref(ref), **extra})


def respond(duel: Duel, ref: str) -> None:
    """Answer a response window with the named card."""
    iid = duel.ref(ref)
    option = next(o["id"] for o in duel.state.decision.options if o.get("card") == iid)
    answer(duel, option)


def equip_setup(**p2: Any) -> dict[str, Any]:
    return {"turn_player": "p1", "phase": "main1",
            "p1": {"monster": ["Celtic Guardian"],
                   "hand": ["Axe of Despair", "Butterfly Dagger - Elma", "Black Pendant"]},
            "p2": {"hand": ["Kuriboh"], **p2}}


def pick(duel: Duel, *refs: str) -> None:
    """Answer a card choice, if the engine asks one (a single legal card is taken as is)."""
    if duel.state.decision is not None and duel.state.decision.kind == "choose_cards":
        answer(duel, list(refs))


def equip(duel: Duel, card: str, target: str = "Celtic Guardian") -> None:
    activate(duel, card)
    pick(duel, target)
    duel.auto()


# ---------------------------------------------------------------------- equip
@pytest.mark.rule("YGO-LOCATION")
def test_an_equip_spell_keeps_its_link_and_its_atk_while_equipped() -> None:
    duel = new_duel(equip_setup())
    equip(duel, "Axe of Despair")
    equip(duel, "Butterfly Dagger - Elma")
    axe = duel.state.cards[duel.ref("Axe of Despair")]
    assert duel.policy.equipped_to(duel, axe).iid == duel.ref("Celtic Guardian")
    assert atk(duel, "Celtic Guardian") == 1400 + 1000 + 300
    assert names(duel, 0, "spell_trap") == ["Axe of Despair", "Butterfly Dagger - Elma"]
    assert "Axe of Despair was equipped to Celtic Guardian" in "\n".join(duel.transcript())


@pytest.mark.rule("YGO-LOCATION")
def test_when_the_equipped_monster_leaves_the_equip_spell_is_destroyed_by_the_rules() -> None:
    duel = new_duel(equip_setup())
    equip(duel, "Butterfly Dagger - Elma")
    duel.apply({"do": "return_to_hand", "card": duel.ref("Celtic Guardian")})
    destroyed = [e for inst in duel.state.instants for e in inst["events"]
                 if e["type"] == "destroyed" and e["card"] == duel.ref("Butterfly Dagger - Elma")]
    assert destroyed and destroyed[0]["cause"] == "rule"  # not "by a card effect"
    assert rules_of(duel, "unequipped") == [["YGO-LOCATION"]]
    # "When this card is destroyed and sent to the GY": it was destroyed, so it may return
    duel.auto()
    assert only_trigger(duel, "Butterfly Dagger - Elma").status == "resolved"
    assert "Butterfly Dagger - Elma" in names(duel, 0, "hand")


@pytest.mark.rule("YGO-LOCATION")
def test_an_equip_spell_that_finds_no_monster_is_sent_to_the_gy_not_destroyed() -> None:
    duel = new_duel(equip_setup(spell_trap=[{"card": "Thunder Break", "set": True}]))
    activate(duel, "Butterfly Dagger - Elma")
    pick(duel, "Celtic Guardian")
    respond(duel, "Thunder Break")
    pick(duel, "Celtic Guardian")  # Thunder Break's target
    duel.auto()
    assert names(duel, 0, "gy") == ["Butterfly Dagger - Elma", "Celtic Guardian"]
    assert rules_of(duel, "not_equipped") == [["YGO-LOCATION"]]
    assert [t for t in duel.state.triggers if t.card == duel.ref("Butterfly Dagger - Elma")] == []
    # Black Pendant's "sent from the field to the GY" needs no destruction: it applies
    duel = new_duel(equip_setup(spell_trap=[{"card": "Thunder Break", "set": True}]))
    activate(duel, "Black Pendant")
    pick(duel, "Celtic Guardian")
    respond(duel, "Thunder Break")
    pick(duel, "Celtic Guardian")
    duel.auto()
    assert duel.state.lp == [8000, 7500]


# ---------------------------------------------------------------------- continuous stats
@pytest.mark.rule("DM-STATIC")
def test_a_count_based_atk_follows_the_count_at_every_moment() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Chaos Necromancer", "Giant Rat"], "gy": ["Sangan"]},
                     "p2": {"monster": ["Dark Magician", "Dark Magician Girl"]}})
    assert atk(duel, "Chaos Necromancer") == 300
    duel.apply({"do": "destroy", "card": duel.ref("Giant Rat"), "cause": "effect"})
    duel.auto()
    assert atk(duel, "Chaos Necromancer") == 600 + 300 * ("Kuriboh" in names(duel, 0, "gy"))
    assert atk(duel, "Dark Magician Girl") == 2000
    duel.apply({"do": "destroy", "card": duel.ref("Dark Magician"), "cause": "effect"})
    assert atk(duel, "Dark Magician Girl") == 2300  # any GY counts


@pytest.mark.rule("YGO-CHAIN")
def test_an_amount_read_at_resolution_sees_the_count_changed_mid_chain() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Amazoness Tiger"], "gy": ["Amazoness Fighter"],
                            "spell_trap": [{"card": "Call of the Haunted", "set": True}]},
                     "p2": {"spell_trap": [{"card": "Enchanted Javelin", "set": True}]}})
    assert atk(duel, "Amazoness Tiger") == 1500  # itself is an Amazoness monster
    duel.apply({"do": "declare_attack", "card": duel.ref("Amazoness Tiger")})
    activate(duel, "Enchanted Javelin")
    respond(duel, "Call of the Haunted")
    duel.auto()
    assert atk(duel, "Amazoness Tiger") == 1900
    assert duel.state.lp[1] == 8000 + 1900


def test_a_continuous_effect_applies_to_the_cards_its_filter_names() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Command Knight", "Celtic Guardian", "Giant Rat"]},
                     "p2": {"monster": ["Celtic Guardian"]}})
    assert atk(duel, "Command Knight") == 1600
    assert atk(duel, "p1:Celtic Guardian") == 1800
    assert atk(duel, "p2:Celtic Guardian") == 1400
    assert atk(duel, "Giant Rat") == 1400  # a Beast: not a Warrior


# ---------------------------------------------------------------------- lasting changes
PUMP = {"id": "t_pump", "name": "Test Pump", "type": "spell", "subtype": "quick_play",
        "effects": [{"kind": "activation", "targets": [{"as": "t", "zone": "monster"}],
                     "operations": [{"op": "modify_stat", "card": "t", "stat": ["atk", "def"],
                                     "amount": {"count": {"zone": "hand", "controller": "you"},
                                                "times": 1000}}]}]}
ORIGINAL = {"id": "t_original", "name": "Test Original", "type": "spell",
            "effects": [{"kind": "activation", "targets": [{"as": "t", "zone": "monster"}],
                         "operations": [{"op": "damage", "player": "opponent",
                                         "amount": {"stat": "atk", "of": "t",
                                                    "original": True}}]}]}


@pytest.mark.rule("YGO-CHAIN")
def test_a_lasting_change_is_computed_once_and_ends_with_the_turn() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian"],
                            "hand": ["Test Pump", "Sangan", "Kuriboh"]}}, PUMP)
    activate(duel, "Test Pump")
    duel.auto()
    card = duel.state.cards[duel.ref("Celtic Guardian")]
    assert atk(duel, "Celtic Guardian") == 1400 + 2000  # two cards left in the hand
    assert duel.policy.stat(duel, card, "def") == 1200 + 2000
    duel.apply({"do": "discard", "card": duel.ref("Sangan")})
    duel.auto()
    assert atk(duel, "Celtic Guardian") == 3400  # computed once, at resolution
    assert "Celtic Guardian's ATK changed by 2000" in "\n".join(duel.transcript())
    for _ in range(6):
        duel.apply({"do": "next_phase"})
        duel.auto()
    assert duel.state.turn == 2 and atk(duel, "Celtic Guardian") == 1400


def test_original_atk_ignores_the_changes() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian"], "hand": ["Test Original"],
                            "spell_trap": ["Axe of Despair"]}}, ORIGINAL)
    activate(duel, "Test Original")
    duel.auto()
    assert duel.state.lp[1] == 8000 - 1400


# ---------------------------------------------------------------------- amounts
def test_amounts_count_cards_and_read_levels() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian", "Giant Rat"],
                            "hand": ["Gift of the Mystical Elf", "Sangan"],
                            "spell_trap": [{"card": "Level Cannon", "set": True}]},
                     "p2": {"monster": ["Kuriboh"], "gy": ["Sangan", "Kuriboh", "Giant Rat"],
                            "spell_trap": [{"card": "Cemetary Bomb", "set": True}]}})
    activate(duel, "Gift of the Mystical Elf")
    duel.auto()
    assert duel.state.lp[0] == 8000 + 3 * 300
    activate(duel, "Level Cannon")
    duel.auto()
    duel.apply({"do": "normal_summon", "card": duel.ref("p1:Sangan")})
    duel.auto()
    assert duel.state.lp[0] == 8900 - 3 * 200  # Sangan is Level 3: its summoner takes it


@pytest.mark.rule("YGO-MISS")
def test_the_trap_amount_counts_the_gy_when_it_resolves() -> None:
    duel = new_duel({"turn_player": "p2", "phase": "main1",
                     "p1": {"gy": ["Sangan", "Kuriboh"],
                            "spell_trap": [{"card": "Cemetary Bomb", "set": True}]},
                     "p2": {}})
    duel.apply({"do": "set_turn", "turn": 2})
    activate(duel, "Cemetary Bomb")
    duel.auto()
    assert duel.state.lp[1] == 8000  # Player 2's GY was empty


# ---------------------------------------------------------------------- wordings
EACH_TIME = {"id": "t_each_time", "name": "Test Each Time", "type": "monster",
             "effects": [{"kind": "trigger", "wording": "each_time", "optional": True,
                          "event": {"type": "lp_gained", "player": "you"},
                          "operations": [{"op": "damage", "player": "opponent",
                                          "amount": 100}]}]}
WHEN_TWIN = {**EACH_TIME, "id": "t_when_twin", "name": "Test When Twin",
             "effects": [{**EACH_TIME["effects"][0], "wording": "when"}]}
TWO_STEPS = {"id": "t_two_steps", "name": "Test Two Steps", "type": "spell",
             "effects": [{"kind": "activation", "operations": [
                 {"op": "gain_lp", "amount": 1000},
                 {"op": "damage", "player": "opponent", "amount": 1, "then": True}]}]}


@pytest.mark.rule("YGO-MISS")
@pytest.mark.rule("YGO-KIND")
def test_each_time_does_not_miss_the_timing_where_when_does() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Test Each Time", "Test When Twin"],
                            "hand": ["Test Two Steps"]}}, EACH_TIME, WHEN_TWIN, TWO_STEPS)
    activate(duel, "Test Two Steps")
    duel.auto()
    assert only_trigger(duel, "Test When Twin").status == "missed"
    each = only_trigger(duel, "Test Each Time")
    assert each.status == "resolved" and each.wording == "each_time"
    waiting = [e for e in duel.state.log if e["key"] == "trigger.waiting"]
    assert {"YGO-WAIT", "YGO-MISS", "YGO-KIND"} <= set(waiting[0]["rules"])
    assert waiting[0]["args"]["why"] == {"key": "why.each_time"}
    assert duel.state.lp[1] == 8000 - 1 - 100


@pytest.mark.rule("YGO-DAMAGE-STEP")
@pytest.mark.rule("YGO-MISS")
def test_an_optional_flip_effect_in_the_damage_step_targets_up_to_two() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Celtic Guardian", "Dark Magician"]},
                     "p2": {"monster": [{"card": "Penguin Soldier", "set": True}, "Giant Rat"]}})
    duel.apply({"do": "declare_attack", "card": duel.ref("Celtic Guardian"),
                "target": duel.ref("Penguin Soldier")})
    duel.apply({"do": "battle"})
    answer(duel, "yes")
    d = duel.state.decision
    assert (d.kind, d.min, d.max) == ("choose_cards", 1, 2)
    with pytest.raises(IllegalAction):
        answer(duel, [])
    answer(duel, ["Dark Magician"])
    duel.auto()
    assert only_trigger(duel, "Penguin Soldier").wording == "flip"
    assert names(duel, 0, "hand") == ["Dark Magician"]
    assert any(e["args"].get("why") == {"key": "why.flip"} for e in duel.state.log)


# ---------------------------------------------------------------------- conditions
NO_MONSTERS = {"id": "t_lonely", "name": "Test Lonely", "type": "spell",
               "subtype": "quick_play",
               "effects": [{"kind": "activation",
                            "condition": [{"count": {"zone": "monster", "controller": "you",
                                                     "max": 0}, "at": "resolution"}],
                            "operations": [{"op": "gain_lp", "amount": 1000}]}]}
EVENT_CONDITION = {"id": "t_watch", "name": "Test Watch", "type": "monster",
                   "effects": [{"kind": "trigger", "event": {"type": "lp_gained"},
                                "condition": [{"count": {"zone": "hand", "controller": "you",
                                                         "min": 2}, "at": "event"}],
                                "operations": [{"op": "damage", "player": "opponent",
                                                "amount": 100}]}]}


@pytest.mark.rule("YGO-CHAIN")
def test_a_condition_at_activation_only_is_not_checked_again() -> None:
    five = ["Celtic Guardian"] * 5
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"gy": five, "spell_trap": [{"card": "Backup Soldier", "set": True},
                                                       {"card": "Backup Soldier", "set": True}]}})
    activate(duel, "Backup Soldier#1")
    answer(duel, ["Celtic Guardian#1", "Celtic Guardian#2", "Celtic Guardian#3"])
    d = duel.state.decision
    assert d.kind == "respond"
    answer(duel, next(o["id"] for o in d.options if o["id"] != "pass"))  # the second copy
    answer(duel, ["Celtic Guardian#4", "Celtic Guardian#5"])
    duel.auto()
    assert names(duel, 0, "hand") == ["Celtic Guardian"] * 5


def test_an_activation_condition_refuses_the_activation() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"gy": ["Celtic Guardian"] * 4,
                            "spell_trap": [{"card": "Backup Soldier", "set": True}]}})
    with pytest.raises(IllegalAction, match="activation condition"):
        activate(duel, "Backup Soldier")


@pytest.mark.rule("YGO-CHAIN")
def test_a_condition_at_resolution_gives_no_effect_when_false_then() -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Test Lonely"]},
                     "p2": {"hand": ["Kuriboh"]}}, NO_MONSTERS)
    activate(duel, "Test Lonely")
    duel.auto()
    assert duel.state.lp[0] == 9000
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Test Lonely"], "monster": ["Sangan"]}}, NO_MONSTERS)
    activate(duel, "Test Lonely")
    duel.auto()
    assert duel.state.lp[0] == 8000
    no_effect = [e for e in duel.state.log if e["key"] == "chain.no_effect"]
    assert no_effect[0]["args"]["reason"] == {"key": "reason.condition"}


@pytest.mark.rule("YGO-KIND")
@pytest.mark.parametrize(("hand", "fate"), [(["Sangan"], "not_activated"),
                                             (["Sangan", "Kuriboh"], "resolved")])
def test_a_condition_at_the_event_decides_whether_the_trigger_meets_its_timing(
        hand: list[str], fate: str) -> None:
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Test Watch"], "hand": hand}}, EVENT_CONDITION)
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 500})
    duel.auto()
    watch = only_trigger(duel, "Test Watch")
    assert watch.status == fate
    if fate == "not_activated":
        assert watch.rules == ["YGO-KIND"] and duel.state.lp[1] == 8000


# ---------------------------------------------------------------------- Duel Masters
def dm(setup: dict[str, Any]) -> Duel:
    return Duel("duel_masters", setup={"turn_player": "p1", "phase": "attack", **setup})


@pytest.mark.rule("DM-STATIC")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_power_attackers_count_only_while_attacking() -> None:
    duel = dm({"p1": {"battle": ["Bolshack Dragon", "Chaos Fish", "Aqua Soldier"],
                      "graveyard": ["Stonesaur", "Burst Shot", "Aqua Surfer"]},
               "p2": {"battle": ["Brawler Zyler"], "shield": ["Aqua Surfer"] * 3}})
    assert power(duel, "Bolshack Dragon") == 6000
    assert power(duel, "Chaos Fish") == 1000
    duel.apply({"do": "attack", "card": duel.ref("Bolshack Dragon")})
    assert power(duel, "Bolshack Dragon") == 6000 + 2000  # two fire cards
    assert power(duel, "Brawler Zyler") == 1000  # not attacking
    duel.auto()
    assert power(duel, "Bolshack Dragon") == 6000
    duel.apply({"do": "attack", "card": duel.ref("Chaos Fish")})
    assert power(duel, "Chaos Fish") == 1000 + 1000  # Aqua Soldier, not itself
    duel.auto()


@pytest.mark.rule("DM-STATIC")
def test_a_spell_counts_once_and_keeps_its_amount() -> None:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"battle": ["Aqua Soldier"], "hand": ["Bolshack Fire"],
               "graveyard": ["Stonesaur", "Burst Shot"], "mana": ["Burning Mane"] * 7}})
    duel.apply({"do": "cast", "card": duel.ref("Bolshack Fire")})
    duel.auto()
    assert "Bolshack Fire" in names(duel, 0, "graveyard")
    aqua = duel.state.cards[duel.ref("Aqua Soldier")]
    assert duel.policy.power(duel, aqua) == duel.definition(aqua).power + 2000


# ---------------------------------------------------------------------- card data
@pytest.mark.parametrize(("effect", "field"), [
    ({"kind": "activation", "operations": [{"op": "damage", "amount": {"count": 3}}]},
     "effects[0].operations[0].amount.count"),
    ({"kind": "activation", "operations": [{"op": "damage", "amount": {"stat": "speed"}}]},
     "effects[0].operations[0].amount.stat"),
    ({"kind": "activation", "operations": [{"op": "modify_stat", "card": "self", "amount": 1,
                                            "until": "forever"}]},
     "effects[0].operations[0].until"),
    ({"kind": "continuous", "apply": {"atk": 100, "while": "defending"}},
     "effects[0].apply.while"),
    ({"kind": "continuous", "apply": {"atk": 100, "to": "everyone"}}, "effects[0].apply.to"),
    ({"kind": "activation", "targets": [{"as": "t", "up_to": "yes"}]},
     "effects[0].targets[0].up_to"),
    ({"kind": "trigger", "wording": "whenever", "event": {"type": "drawn"}},
     "effects[0].wording"),
])
def test_bad_modifier_data_names_the_card_and_the_field(effect: dict[str, Any],
                                                       field: str) -> None:
    raw = {"id": "t_broken", "name": "Broken", "type": "spell", "effects": [effect]}
    with pytest.raises(CardDataError) as err:
        parse_card(raw, file="broken.yaml", game_hint="yugioh")
    assert err.value.card == "t_broken" and err.value.field == field
    assert "broken.yaml" in str(err.value)


# ---------------------------------------------------------------------- random play
YGO_BOARD: dict[str, Any] = {
    "turn_player": "p1", "phase": "main1",
    "p1": {"hand": ["Axe of Despair", "Butterfly Dagger - Elma", "Black Pendant",
                    "Gift of the Mystical Elf", "Penguin Soldier", "Fire Princess"],
           "monster": ["Chaos Necromancer", "Amazoness Tiger", "Command Knight"],
           "spell_trap": [{"card": "Thunder Break", "set": True},
                          {"card": "Level Cannon", "set": True},
                          {"card": "Backup Soldier", "set": True},
                          {"card": "Call of the Haunted", "set": True}],
           "gy": ["Celtic Guardian"] * 5 + ["Amazoness Fighter"],
           "deck": ["Kuriboh", "Hane-Hane", "Dark Magician"]},
    "p2": {"hand": ["Kuriboh", "Kuriboh", "Hane-Hane"],
           "monster": ["Dark Magician Girl", {"card": "Penguin Soldier", "set": True},
                       {"card": "Hane-Hane", "set": True}, "Fire Princess"],
           "spell_trap": [{"card": "Enchanted Javelin", "set": True},
                          {"card": "Cemetary Bomb", "set": True},
                          {"card": "Thunder Break", "set": True}],
           "gy": ["Dark Magician"], "deck": ["Celtic Guardian", "Giant Rat"]},
}
DM_BOARD: dict[str, Any] = {
    "turn_player": "p1", "phase": "main",
    "p1": {"battle": ["Bolshack Dragon", "Chaos Fish", "Brawler Zyler", "Aqua Soldier"],
           "hand": ["Bolshack Fire", "Stonesaur", "Burst Shot"],
           "mana": ["Burst Shot", "Stonesaur"] + ["Burning Mane"] * 6,
           "graveyard": ["Stonesaur", "Burst Shot"],
           "shield": ["Bolshack Fire", "Burst Shot"], "deck": ["Stonesaur", "Burning Mane"]},
    "p2": {"battle": ["Stonesaur", "Chaos Fish", "Propeller Mutant", "Aqua Soldier"],
           "hand": ["Bolshack Fire"], "mana": ["Burst Shot"] + ["Burning Mane"] * 6,
           "shield": ["Bolshack Fire", "Burst Shot", "Aqua Surfer"],
           "deck": ["Burning Mane", "Stonesaur"]},
}


def check_modifiers(duel: Duel) -> None:
    """Stats are whole numbers (ATK/DEF never below 0); once nothing is resolving, every
    face-up Equip Spell is equipped to a face-up monster on the field."""
    for card in duel.state.cards.values():
        if not duel.policy.on_field(card):
            continue
        if duel.game == "yugioh" and duel.definition(card).type == "monster":
            assert min(duel.policy.stat(duel, card, s) for s in ("atk", "def")) >= 0
        elif duel.game == "duel_masters":
            assert isinstance(duel.policy.power(duel, card), int)
    if duel.game == "yugioh" and not duel.state.chain and duel.state.activation is None:
        for card in duel.state.all_cards_in("spell_trap"):
            if card.face_up and duel.definition(card).subtype == "equip":
                target = duel.policy.equipped_to(duel, card)
                assert target is not None and target.zone == "monster" and target.face_up


def random_play(game: str, setup: dict[str, Any], picks: list[int]) -> None:
    duel = Duel(game, setup=setup)
    check = check_ygo_invariants if game == "yugioh" else check_dm_invariants
    play_randomly(duel, picks, after=lambda d: (check(d), check_modifiers(d)), stop_at_win=True)


@pytest.mark.rule("YGO-LOCATION")
@pytest.mark.rule("DM-STATIC")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["yugioh", "duel_masters"]),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_play_with_modifiers_keeps_the_invariants(game: str, picks: list[int]) -> None:
    random_play(game, YGO_BOARD if game == "yugioh" else DM_BOARD, picks)
