"""Yu-Gi-Oh! actions: illegal ones leave the duel untouched; undo, replay and serialisation
rebuild the same state; a trigger loop is stopped with a readable error."""

from __future__ import annotations

import copy
import json
import time

import pytest

from engine.duel import Duel
from engine.errors import IllegalAction, TriggerLoopError
from engine.scenario import _play_step, builtin_scenarios, load_scenario
from engine.state import State

# ---------------------------------------------------------------------- helpers
from tests.engine.helpers import answer, assert_illegal, new_duel  # noqa: E402

MAIN = {"turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Celtic Guardian", "Cyber Dragon", "Blue-Eyes White Dragon",
                        "Soul Taker", "Trap Hole"],
               "monster": ["Kuriboh"], "gy": ["Sangan"], "deck": ["Dandelion"]},
        "p2": {"hand": ["Dark Magician", {"card": "Soul Taker", "as": "p2_taker"}],
               "monster": ["Amazoness Swords Woman"]}}


def yang_zing_duel() -> Duel:
    """A duel stopped at an open decision (Player 2: activate Yang Zing Creation?)."""
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Soul Taker"]},
                     "p2": {"monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"],
                            "spell_trap": ["Yang Zing Creation", "Supply Squad"],
                            "deck": ["Bixi, Water of the Yang Zing", "Kuriboh"]}})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    assert duel.state.decision is not None
    return duel


# ---------------------------------------------------------------------- illegal summons


@pytest.mark.rule("YGO-CHAIN")
@pytest.mark.parametrize("card", ["Kuriboh", "Sangan", "Dandelion", "Soul Taker"])
def test_normal_summon_from_the_wrong_zone_or_not_a_monster(card):
    duel = new_duel(MAIN)
    assert_illegal(duel, {"do": "normal_summon", "card": card}, "is not a monster in a hand")


@pytest.mark.rule("YGO-CHAIN")
@pytest.mark.parametrize("phase", ["draw", "standby", "battle", "end"])
def test_normal_summon_in_the_wrong_phase(phase):
    duel = new_duel({**MAIN, "phase": phase})
    assert_illegal(duel, {"do": "normal_summon", "card": "Celtic Guardian"},
                   "only the turn player summons, in a Main Phase")


@pytest.mark.rule("YGO-CHAIN")
def test_normal_summon_by_the_non_turn_player():
    duel = new_duel(MAIN)
    assert_illegal(duel, {"do": "normal_summon", "card": "Dark Magician",
                          "tributes": ["Amazoness Swords Woman"]},
                   "only the turn player summons")


@pytest.mark.rule("YGO-CHAIN")
@pytest.mark.parametrize("card, tributes, needed", [
    ("Cyber Dragon", [], 1),
    ("Blue-Eyes White Dragon", ["Kuriboh"], 2),
    ("Celtic Guardian", ["Kuriboh"], 0),
])
def test_tribute_summon_with_the_wrong_number_of_tributes(card, tributes, needed):
    duel = new_duel(MAIN)
    err = assert_illegal(duel, {"do": "normal_summon", "card": card, "tributes": tributes},
                         f"needs {needed} tribute(s), not {len(tributes)}")
    assert card in err.reason


@pytest.mark.rule("YGO-CHAIN")
def test_tribute_summon_tributing_an_opponents_monster():
    duel = new_duel(MAIN)
    assert_illegal(duel, {"do": "normal_summon", "card": "Cyber Dragon",
                          "tributes": ["Amazoness Swords Woman"]},
                   "is not a monster you control")


@pytest.mark.rule("YGO-CHAIN")
def test_legal_tribute_summon_works_after_refusals():
    duel = new_duel(MAIN)
    for action in ({"do": "normal_summon", "card": "Cyber Dragon"},
                   {"do": "normal_summon", "card": "Kuriboh"}):
        with pytest.raises(IllegalAction):
            duel.apply(action)
    duel.apply({"do": "normal_summon", "card": "Cyber Dragon", "tributes": ["Kuriboh"]})
    assert [duel.name(i) for i in duel.state.zones[0]["monster"]] == ["Cyber Dragon"]
    assert len(duel.actions) == 1


# ---------------------------------------------------------------------- decisions


@pytest.mark.rule("YGO-CHAIN")
def test_answering_when_no_decision_is_pending():
    duel = new_duel(MAIN)
    assert duel.state.decision is None
    assert_illegal(duel, {"do": "answer", "choice": "yes"}, "there is no decision to answer")
    assert_illegal(duel, {"do": "pass"}, "there is nothing to pass on")


@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.parametrize("action", [
    {"do": "normal_summon", "card": "Amazoness Swords Woman"},
    {"do": "next_phase"},
    {"do": "destroy", "card": "Amazoness Swords Woman"},
    {"do": "activate", "card": "Yang Zing Creation"},
    {"do": "set_lp", "player": "p1", "lp": 100},
])
def test_acting_while_a_decision_is_pending(action):
    duel = yang_zing_duel()
    d = duel.state.decision
    err = assert_illegal(duel, action, "must first answer the pending decision")
    # whose decision it is, never what about: its kind and rules would tell another seat
    # what that player holds
    assert f"Player {d.player + 1}" in err.reason and d.kind not in err.reason
    assert err.rules == []


@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.parametrize("choice", ["maybe", None, ["yes", "no"], 3])
def test_answer_that_is_not_an_option(choice):
    duel = yang_zing_duel()
    assert_illegal(duel, {"do": "answer", "choice": choice}, "is not one of the options")


@pytest.mark.rule("YGO-SEGOC")
def test_order_and_choose_cards_answers_are_checked():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Sangan"], "hand": ["Caius the Shadow Monarch"],
                            "deck": ["Kuriboh"]},
                     "p2": {"monster": ["Celtic Guardian"]}})
    duel.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                "tributes": ["Sangan"]})
    d = duel.state.decision
    assert d.kind == "order"
    ids = [o["id"] for o in d.options]
    assert_illegal(duel, {"do": "answer", "choice": ids[:1]}, "answer with an order of all of")
    assert_illegal(duel, {"do": "answer", "choice": "999"}, "is not one of the options")
    duel.apply({"do": "answer", "choice": ids})
    d = duel.state.decision
    assert d.kind == "choose_cards"
    ids = [o["id"] for o in d.options]
    assert_illegal(duel, {"do": "answer", "choice": ids[:2]}, "choose exactly 1 of")
    assert_illegal(duel, {"do": "answer", "choice": ["999"]}, "is not one of the options")
    answer(duel, "Celtic Guardian")
    assert [duel.name(i) for i in duel.state.zones[1]["banished"]] == ["Celtic Guardian"]


# ---------------------------------------------------------------------- unknown actions


@pytest.mark.rule("YGO-CHAIN")
@pytest.mark.parametrize("action, match", [
    ({"do": "dance"}, "unknown action 'dance'"),
    ({"do": "flip_the_table", "card": "Kuriboh"}, "unknown action"),
    ({"card": "Kuriboh"}, "an action is a mapping with a 'do' key"),
    ("normal_summon", "an action is a mapping with a 'do' key"),
    ({"do": "normal_summon", "card": "No Such Card"}, "unknown card"),
    ({"do": "normal_summon", "card": 9999}, "no card 9999 on the table"),
    ({"do": "set_phase", "phase": "lunch"}, "unknown phase"),
])
def test_unknown_or_malformed_actions(action, match):
    duel = new_duel(MAIN)
    assert_illegal(duel, action, match)


# ---------------------------------------------------------------------- Spells and Traps


@pytest.mark.rule("YGO-CHAIN")
def test_trap_cannot_be_activated_from_the_hand():
    duel = new_duel(MAIN)
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    assert_illegal(duel, {"do": "activate", "card": "Trap Hole"},
                   "Trap Hole is a Trap: Set it first, then activate it")


@pytest.mark.rule("YGO-CHAIN")
def test_normal_spell_by_the_non_turn_player():
    duel = new_duel(MAIN)
    err = assert_illegal(duel, {"do": "activate", "card": "p2_taker"},
                         "Soul Taker is Spell Speed 1: only the turn player, in a Main Phase")
    assert err.rules == ["YGO-CHAIN"]


@pytest.mark.rule("YGO-CHAIN")
def test_normal_spell_outside_the_main_phase():
    duel = new_duel({**MAIN, "phase": "battle"})
    assert_illegal(duel, {"do": "activate", "card": "p1:Soul Taker"},
                   "only the turn player, in a Main Phase")
    duel = new_duel(MAIN)
    duel.apply({"do": "activate", "card": "p1:Soul Taker"})
    assert [duel.name(i) for i in duel.state.zones[1]["gy"]] == ["Amazoness Swords Woman"]


@pytest.mark.rule("YGO-CHAIN")
def test_declare_attack_outside_the_battle_phase():
    duel = new_duel(MAIN)
    assert_illegal(duel, {"do": "declare_attack", "card": "Kuriboh",
                          "target": "Amazoness Swords Woman"},
                   "attacks are declared in the Battle Phase")


# ---------------------------------------------------------------------- undo, replay, dicts


@pytest.mark.rule("YGO-CHAIN")
def test_undo_restores_the_previous_state():
    duel = new_duel(MAIN)
    with pytest.raises(IllegalAction, match="there is nothing to undo"):
        duel.undo()
    states = [copy.deepcopy(duel.state.to_dict())]
    for action in ({"do": "normal_summon", "card": "Cyber Dragon", "tributes": ["Kuriboh"]},
                   {"do": "activate", "card": "p1:Soul Taker"},
                   {"do": "next_phase"}):
        duel.apply(action)
        states.append(copy.deepcopy(duel.state.to_dict()))
    assert states[1] != states[0] and states[2] != states[1]
    last = duel.undo()
    assert last == {"do": "next_phase"}
    assert duel.state.to_dict() == states[2]
    duel.undo()
    assert duel.state.to_dict() == states[1]
    duel.apply({"do": "activate", "card": "p1:Soul Taker"})
    assert duel.state.to_dict() == states[2]
    duel.undo()
    duel.undo()
    assert duel.state.to_dict() == states[0] and duel.actions == []


@pytest.mark.rule("YGO-SEGOC")
def test_undo_an_answer_reopens_the_decision():
    duel = yang_zing_duel()
    pending = copy.deepcopy(duel.state.to_dict())
    answer(duel, "yes")
    assert duel.state.decision is None
    assert duel.undo()["do"] == "answer"
    assert duel.state.to_dict() == pending
    assert duel.state.decision.kind == "activate_trigger"


@pytest.mark.rule("YGO-WAIT")
def test_replay_reproduces_the_state():
    duel = yang_zing_duel()
    answer(duel, "yes")
    other = duel.replay()
    assert other is not duel
    assert other.state.to_dict() == duel.state.to_dict()
    assert other.actions == duel.actions
    assert other.transcript() == duel.transcript()


@pytest.mark.rule("YGO-WAIT")
def test_replay_with_inline_cards_and_a_preset():
    pump = {"id": "t_act_pump", "name": "Proud Squire", "type": "monster", "subtype": "effect",
            "level": 4, "atk": 1500,
            "effects": [{"kind": "trigger", "wording": "if", "optional": True,
                         "event": {"type": "summoned", "card": "self"},
                         "operations": [{"op": "modify_stat", "card": "self", "stat": "atk",
                                         "amount": 500}]}]}
    duel = new_duel({"turn_player": "p1", "phase": "main1", "p1": {"hand": ["Proud Squire"]}},
                    pump, preset="OCG")
    duel.apply({"do": "normal_summon", "card": "Proud Squire"})
    answer(duel, "yes")
    other = duel.replay()
    assert other.settings["preset"] == "OCG"
    assert other.state.to_dict() == duel.state.to_dict()
    assert other.state.cards[duel.ref("Proud Squire")].mods[0]["amount"] == 500


@pytest.mark.rule("YGO-SEGOC")
@pytest.mark.parametrize("answered", [False, True])
def test_from_dict_reproduces_the_state(answered):
    duel = yang_zing_duel()
    if answered:
        answer(duel, "yes")
    data = json.loads(json.dumps(duel.to_dict()))  # plain JSON data
    assert set(data) == {"game", "settings", "setup", "actions"}
    other = Duel.from_dict(data)
    assert other.state.to_dict() == duel.state.to_dict()
    if not answered:  # the copy goes on exactly like the original
        answer(duel, "no")
        answer(other, "no")
        assert other.state.to_dict() == duel.state.to_dict()


@pytest.mark.rule("YGO-CHAIN")
def test_state_to_dict_round_trips_mid_chain():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Soul Taker"]},
                     "p2": {"monster": ["Celtic Guardian"], "gy": ["Sangan"],
                            "spell_trap": [{"card": "Call of the Haunted", "set": True}]}})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    assert duel.state.chain and duel.state.decision.kind == "respond"
    data = duel.state.to_dict()
    json.dumps(data)
    again = State.from_dict(data)
    assert again.to_dict() == data
    assert again.chain[0].number == 1 and again.decision.kind == "respond"


@pytest.mark.rule("YGO-CHAIN")
def test_every_legal_action_of_the_builtin_scenarios_is_accepted():
    checked = 0
    for path in builtin_scenarios("yugioh"):
        scn = load_scenario(path)
        duel = scn.new_duel()
        snapshots = [duel.to_dict()]
        for step in scn.steps:
            if "expect_refused" in step:  # refused: the duel is unchanged
                continue
            _play_step(duel, step)
            snapshots.append(duel.to_dict())
        for data in snapshots[:: max(1, len(snapshots) // 3)]:
            base = Duel.from_dict(data, library=scn.library())
            for action in base.legal_actions():
                copy_ = Duel.from_dict(data, library=scn.library())
                try:
                    copy_.apply(action)
                except IllegalAction as exc:  # pragma: no cover - reported by the assert
                    pytest.fail(f"{path.name}: legal action {action} refused: {exc}")
                checked += 1
    assert checked > 100


# ---------------------------------------------------------------------- trigger loops

LOOP_REVIVER = {"id": "t_loop_reviver", "name": "Loop Reviver", "type": "monster",
                "subtype": "effect", "level": 4, "atk": 1000,
                "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                             "activate_from": "monster",
                             "event": {"type": "sent_to_gy", "filter": {"name": "Loop Diver"}},
                             "operations": [{"op": "special_summon",
                                             "all": {"zone": "gy", "controller": "you",
                                                     "filter": {"name": "Loop Diver"}}}]}]}
LOOP_DIVER = {"id": "t_loop_diver", "name": "Loop Diver", "type": "monster",
              "subtype": "effect", "level": 4, "atk": 1000,
              "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                           "event": {"type": "summoned", "card": "self"},
                           "operations": [{"op": "destroy", "card": "self"}]}]}
MILLER = {"id": "t_miller", "name": "Endless Mill", "type": "monster", "subtype": "effect",
          "level": 4, "atk": 1000,
          "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                       "activate_from": "monster",
                       "event": {"type": "sent_to_gy", "card": "other"},
                       "operations": [{"op": "special_summon", "card": "event_card"},
                                      {"op": "send_to_gy", "card": "event_card",
                                       "then": True}]}]}
FODDER = {"id": "t_mill_fodder", "name": "Mill Fodder", "type": "monster", "subtype": "normal",
          "level": 1, "atk": 0}


@pytest.mark.rule("YGO-WAIT")
@pytest.mark.rule("YGO-SEGOC")
def test_trigger_loop_raises_naming_the_cards_and_leaves_the_state_unchanged():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Loop Reviver"], "hand": ["Loop Diver", "Kuriboh"],
                            "deck": ["Sangan"] * 30}}, LOOP_REVIVER, LOOP_DIVER)
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 100})
    before = copy.deepcopy(duel.state.to_dict())
    actions = copy.deepcopy(duel.actions)
    start = time.monotonic()
    with pytest.raises(TriggerLoopError) as err:
        duel.apply({"do": "special_summon", "card": "Loop Diver"})
    assert time.monotonic() - start < 10
    assert isinstance(err.value, IllegalAction)
    assert "Loop Diver" in err.value.reason and "Loop Reviver" in err.value.reason
    assert "without end" in err.value.reason
    assert duel.state.to_dict() == before and duel.actions == actions
    # the duel is still usable
    duel.apply({"do": "special_summon", "card": "Kuriboh"})
    assert [duel.name(i) for i in duel.state.zones[0]["monster"]] == ["Loop Reviver", "Kuriboh"]


@pytest.mark.rule("YGO-WAIT")
def test_finite_chain_reaction_is_not_a_loop():
    """A once-per-turn reaction to cards sent to the GY stops by itself: no loop error."""
    sender = {"id": "t_sender", "name": "Grave Caller", "type": "monster", "subtype": "effect",
              "level": 4, "atk": 1000,
              "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                           "once_per_turn": "card", "activate_from": "monster",
                           "event": {"type": "sent_to_gy", "card": "other"},
                           "operations": [{"op": "draw", "count": 1}]}]}
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Grave Caller", "Kuriboh"], "deck": ["Sangan"] * 5}},
                    sender)
    duel.apply({"do": "destroy", "card": "Kuriboh"})
    assert len(duel.state.zones[0]["hand"]) == 1


@pytest.mark.rule("YGO-WAIT")
def test_single_card_trigger_loop_is_stopped():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Endless Mill"], "hand": ["Mill Fodder"],
                            "deck": ["Kuriboh"] * 40}}, MILLER, FODDER)
    before = copy.deepcopy(duel.state.to_dict())
    start = time.monotonic()
    with pytest.raises(TriggerLoopError) as err:
        duel.apply({"do": "discard", "card": "Mill Fodder"})
    assert time.monotonic() - start < 10
    assert "Endless Mill" in err.value.reason
    assert duel.state.to_dict() == before
