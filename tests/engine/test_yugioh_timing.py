"""Yu-Gi-Oh! timing rules of RULES.md: missing the timing, sequences, phase triggers, locations,
the Damage Step, response windows, negation and spell speeds.

Every test plays a small duel through the public API (``Duel.apply`` and answers) and checks
what really came out: trigger statuses and the rule ids they cite, the log's rule ids, chain
link numbers, instants, zones and LP. Cards the built-in library lacks are defined inline.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.duel import Duel
from tests.engine.helpers import (
    answer,
    assert_illegal,
    chain_names,
    chain_players,
    decision_cards,
    decision_iids,
    entries,
    entries_for,
    instant_of,
    instants_with,
    monster,
    new_duel,
    only_trigger,
    spell,
    triggers_of,
    zone_names,
)

# ---------------------------------------------------------------------- helpers


def continuous_trap(cid: str, name: str, **effect: Any) -> dict[str, Any]:
    """A Continuous Trap with one trigger-like effect "When a monster is destroyed by battle"."""
    base = {"kind": "trigger", "wording": "when", "optional": True, "same_link": True,
            "activate_from": "spell_trap", "event": {"type": "destroyed", "cause": "battle"},
            "operations": [{"op": "gain_lp", "amount": 500}]}
    base.update(effect)
    return {"id": cid, "name": name, "type": "trap", "subtype": "continuous", "effects": [base]}


SOUL_TAKER_SETUP = {"turn_player": "p1", "phase": "main1",
                    "p1": {"hand": ["Soul Taker"]},
                    "p2": {"monster": ["Amazoness Swords Woman"],
                           "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]}}

#: Soul Taker without "then": destroy *and* the opponent gains 1000 LP (one instant)
SOUL_GIVER = spell("t_soul_giver", "Soul Giver",
                   {"op": "destroy", "card": "target"},
                   {"op": "gain_lp", "player": "opponent", "amount": 1000},
                   targets=[{"as": "target", "zone": "monster", "controller": "opponent",
                             "filter": {"face_up": True}}])


# ---------------------------------------------------------------------- YGO-MISS


@pytest.mark.rule("YGO-MISS")
def test_miss_village_misses_and_the_log_names_the_later_instant():
    duel = new_duel(SOUL_TAKER_SETUP)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    assert duel.state.decision is None  # Village is not even offered
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed"
    assert "YGO-MISS" in village.rules
    destroyed_at = instant_of(duel, "destroyed", "Amazoness Swords Woman")
    gained_at = instant_of(duel, "lp_gained", player=1)
    assert village.met_at == destroyed_at < gained_at
    [missed] = entries(duel, "trigger.missed")
    assert missed["args"]["card"] == duel.ref("Amazoness Village")
    assert missed["args"]["met_at"] == destroyed_at
    assert missed["args"]["last"] == gained_at
    assert {"type": "lp_gained", "player": 1, "amount": 1000} in [
        {k: e.get(k) for k in ("type", "player", "amount")} for e in missed["args"]["later"]]
    assert "YGO-MISS" in missed["rules"]
    assert zone_names(duel, 1, "deck") == ["Amazoness Fighter"]
    assert zone_names(duel, 1, "monster") == []
    assert duel.state.lp == [8000, 9000]


@pytest.mark.rule("YGO-MISS")
def test_miss_not_missed_when_its_event_is_the_last_thing():
    duel = new_duel({"turn_player": "p1", "phase": "main1", "p1": {},
                     "p2": {"monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]}})
    duel.apply({"do": "destroy", "card": "Amazoness Swords Woman"})
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.player == 1
    assert d.args["card"] == duel.ref("Amazoness Village")
    answer(duel, "yes")
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "resolved" and village.link == 1
    assert "YGO-MISS" not in village.rules
    assert entries(duel, "trigger.missed") == []
    assert zone_names(duel, 1, "monster") == ["Amazoness Fighter"]
    assert chain_names(duel) == [["Amazoness Village"]]


@pytest.mark.rule("YGO-MISS")
def test_miss_poison_draw_frog_tributed_misses_but_destroyed_draws():
    tributed = new_duel({"turn_player": "p1", "phase": "main1",
                         "p1": {"monster": ["Poison Draw Frog"], "deck": ["Kuriboh"],
                                "hand": ["Caius the Shadow Monarch"]},
                         "p2": {"monster": ["Celtic Guardian"]}})
    tributed.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                    "tributes": ["Poison Draw Frog"]})
    tributed.auto()
    frog = only_trigger(tributed, "Poison Draw Frog")
    assert frog.status == "missed" and frog.rules[0] == "YGO-MISS"
    # the tribute is one instant, the summon the next: the summon was the last thing
    assert frog.met_at == instant_of(tributed, "tributed", "Poison Draw Frog")
    assert instant_of(tributed, "summoned", "Caius the Shadow Monarch") == frog.met_at + 1
    assert zone_names(tributed, 0, "deck") == ["Kuriboh"]

    destroyed = new_duel({"turn_player": "p1", "phase": "main1",
                          "p1": {"monster": ["Poison Draw Frog"], "deck": ["Kuriboh"]}})
    destroyed.apply({"do": "destroy", "card": "Poison Draw Frog"})
    answer(destroyed, "yes")
    assert only_trigger(destroyed, "Poison Draw Frog").status == "resolved"
    assert zone_names(destroyed, 0, "hand") == ["Kuriboh"]


THUNDER_BREAK_VS_VILLAGE = {
    "turn_player": "p1", "phase": "main1",
    "p1": {"monster": ["Amazoness Swords Woman"], "field": ["Amazoness Village"],
           "deck": ["Amazoness Fighter"], "hand": ["Soul Taker"]},
    "p2": {"spell_trap": [{"card": "Thunder Break", "set": True}], "hand": ["Kuriboh"],
           "monster": ["Celtic Guardian"]}}


@pytest.mark.rule("YGO-MISS")
def test_miss_event_in_the_last_chain_links_resolution_is_the_last_thing():
    duel = new_duel(THUNDER_BREAK_VS_VILLAGE)
    duel.apply({"do": "activate", "card": "Thunder Break"})  # alone: chain link 1
    answer(duel, "Amazoness Swords Woman")
    # the destruction and the end of Thunder Break's resolution are the last instant
    destroyed_at = instant_of(duel, "destroyed", "Amazoness Swords Woman")
    assert destroyed_at == duel.state.instant
    assert duel.state.decision.kind == "activate_trigger"
    answer(duel, "yes")
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "resolved" and village.met_at == destroyed_at
    assert zone_names(duel, 0, "monster") == ["Amazoness Fighter"]


@pytest.mark.rule("YGO-MISS")
def test_miss_event_in_chain_link_2_misses_when_link_1_resolves_after_it():
    duel = new_duel(THUNDER_BREAK_VS_VILLAGE)
    duel.apply({"do": "activate", "card": "Soul Taker"})  # targets Celtic Guardian
    answer(duel, "Thunder Break")
    answer(duel, "Amazoness Swords Woman")
    assert duel.state.decision is None
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed" and village.link is None
    assert village.met_at == instant_of(duel, "destroyed", "Amazoness Swords Woman")
    [missed] = entries(duel, "trigger.missed")
    assert missed["args"]["last"] == instant_of(duel, "link_resolved", "Soul Taker")
    assert zone_names(duel, 0, "deck") == ["Amazoness Fighter"]
    assert zone_names(duel, 1, "gy") == ["Celtic Guardian", "Kuriboh", "Thunder Break"]


# ---------------------------------------------------------------------- YGO-SEQUENCE


@pytest.mark.rule("YGO-SEQUENCE")
@pytest.mark.rule("YGO-MISS")
def test_sequence_then_splits_one_resolution_into_two_instants():
    duel = new_duel(SOUL_TAKER_SETUP)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    destroyed_at = instant_of(duel, "destroyed", "Amazoness Swords Woman")
    gained_at = instant_of(duel, "lp_gained", player=1)
    resolved_at = instant_of(duel, "link_resolved", "Soul Taker")
    assert destroyed_at + 1 == gained_at == resolved_at  # two instants, one resolution
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed"
    assert village.rules == ["YGO-MISS", "YGO-SEQUENCE"]
    [missed] = entries(duel, "trigger.missed")
    assert missed["rules"] == ["YGO-MISS", "YGO-SEQUENCE"]


@pytest.mark.rule("YGO-SEQUENCE")
def test_sequence_and_without_then_keeps_one_instant():
    duel = new_duel({"turn_player": "p1", "phase": "main1", "p1": {"hand": ["Soul Giver"]},
                     "p2": {"monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]}},
                    SOUL_GIVER)
    duel.apply({"do": "activate", "card": "Soul Giver"})
    destroyed_at = instant_of(duel, "destroyed", "Amazoness Swords Woman")
    assert instant_of(duel, "lp_gained", player=1) == destroyed_at
    assert instant_of(duel, "link_resolved", "Soul Giver") == destroyed_at
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Amazoness Village")
    answer(duel, "yes")
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "resolved" and village.met_at == destroyed_at
    assert entries(duel, "trigger.missed") == []
    assert zone_names(duel, 1, "monster") == ["Amazoness Fighter"]
    assert duel.state.lp == [8000, 9000]


@pytest.mark.rule("YGO-SEQUENCE")
@pytest.mark.rule("YGO-MISS")
def test_sequence_not_cited_when_another_chain_links_resolution_is_the_later_event():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Amazoness Princess"], "field": ["Amazoness Village"],
                            "deck": ["Amazoness Spellcaster", "Amazoness Fighter"]},
                     "p2": {"spell_trap": [{"card": "Thunder Break", "set": True}],
                            "hand": ["Kuriboh"]}})
    duel.apply({"do": "normal_summon", "card": "Amazoness Princess"})
    answer(duel, "yes")
    answer(duel, "Thunder Break")
    answer(duel, "Amazoness Princess")
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed"
    assert village.rules == ["YGO-MISS"]
    destroyed_at = instant_of(duel, "destroyed", "Amazoness Princess")
    princess_at = instant_of(duel, "link_resolved", "Amazoness Princess")
    assert village.met_at == destroyed_at < princess_at
    [missed] = entries(duel, "trigger.missed")
    assert missed["args"]["last"] == princess_at and "YGO-SEQUENCE" not in missed["rules"]


@pytest.mark.rule("YGO-SEQUENCE")
def test_sequence_not_cited_when_the_later_links_own_then_follows_the_event():
    # Thunder Break (link 2) destroys the Amazoness monster; Soul Taker (link 1) then resolves
    # in two instants of its own: the miss is caused by another link, not by a "then"
    duel = new_duel(THUNDER_BREAK_VS_VILLAGE)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    answer(duel, "Thunder Break")
    answer(duel, "Amazoness Swords Woman")
    celtic_at = instant_of(duel, "destroyed", "Celtic Guardian")
    assert instant_of(duel, "lp_gained", player=1) == celtic_at + 1  # Soul Taker's "then"
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed" and village.rules == ["YGO-MISS"]
    assert village.met_at < celtic_at


# ---------------------------------------------------------------------- YGO-PHASE

END_BURNER = monster("t_end_burner", "End Burner", {
    "kind": "trigger", "wording": "during", "optional": False,
    "phase": {"name": "end", "whose": "any"},
    "operations": [{"op": "damage", "player": "opponent", "amount": 300}]})

END_BREAKER = monster("t_end_breaker", "End Breaker", {
    "kind": "trigger", "wording": "during", "optional": False,
    "phase": {"name": "end", "whose": "you"},
    "targets": [{"as": "target", "zone": ["spell_trap", "field"], "controller": "any"}],
    "operations": [{"op": "destroy", "card": "target"}]})


@pytest.mark.rule("YGO-PHASE")
def test_phase_two_phase_triggers_make_two_chains_in_the_order_the_turn_player_chooses():
    duel = new_duel({"turn_player": "p1", "phase": "main2",
                     "p1": {"monster": [{"card": "Prominence Dragon", "as": "first"},
                                        {"card": "Prominence Dragon", "as": "second"}]}})
    duel.apply({"do": "next_phase"})
    d = duel.state.decision
    assert d.kind == "phase_trigger" and d.player == 0 and "YGO-PHASE" in d.rules
    assert sorted(decision_iids(duel)) == sorted([duel.ref("first"), duel.ref("second")])
    assert "pass" not in [o["id"] for o in d.options]  # both are mandatory
    answer(duel, "second")
    assert chain_names(duel) == [["Prominence Dragon"], ["Prominence Dragon"]]
    first, second = only_trigger(duel, "first"), only_trigger(duel, "second")
    assert (second.status, second.link, second.rules) == ("resolved", 1, ["YGO-PHASE"])
    assert (first.status, first.link, first.rules) == ("resolved", 1, ["YGO-PHASE"])
    assert second.tid < first.tid  # the chosen one went first, on its own chain
    links = entries(duel, "chain.link")
    assert [e["args"]["card"] for e in links] == [duel.ref("second"), duel.ref("first")]
    assert all(e["args"]["link"] == 1 and e["rules"] == ["YGO-PHASE"] for e in links)
    assert len(entries(duel, "chain.done")) == 2
    assert duel.state.lp == [8000, 7000]


@pytest.mark.rule("YGO-PHASE")
def test_phase_once_per_turn_per_card_but_a_card_that_came_back_is_new():
    duel = new_duel({"turn_player": "p1", "phase": "main2",
                     "p1": {"monster": [{"card": "Prominence Dragon", "as": "first"}]}})
    duel.apply({"do": "next_phase"})
    assert duel.state.lp == [8000, 7500]
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 100})  # the game goes on
    assert duel.state.decision is None and len(triggers_of(duel, "first")) == 1
    assert duel.state.lp == [8100, 7500]  # not a second time for the same card
    duel.apply({"do": "destroy", "card": "first"})
    duel.apply({"do": "special_summon", "card": "first"})
    mine = triggers_of(duel, "first")
    assert [t.status for t in mine] == ["resolved", "resolved"]
    assert mine[1].obj != mine[0].obj  # a new card for the limit
    assert duel.state.lp == [8100, 7000]
    assert chain_names(duel) == [["Prominence Dragon"], ["Prominence Dragon"]]


@pytest.mark.rule("YGO-PHASE")
def test_phase_turn_players_phase_trigger_before_the_non_turn_players():
    duel = new_duel({"turn_player": "p1", "phase": "main2",
                     "p1": {"monster": ["Prominence Dragon"]},
                     "p2": {"monster": ["End Burner"]}}, END_BURNER)
    duel.apply({"do": "next_phase"})
    duel.auto()
    assert chain_names(duel) == [["Prominence Dragon"], ["End Burner"]]
    assert chain_players(duel) == [["p1"], ["p2"]]
    burner = only_trigger(duel, "End Burner")
    assert burner.status == "resolved" and burner.rules == ["YGO-PHASE"]
    dragon = only_trigger(duel, "Prominence Dragon")
    assert dragon.tid < burner.tid
    assert duel.state.lp == [7700, 7500]


@pytest.mark.rule("YGO-PHASE")
def test_phase_turn_player_chooses_among_own_triggers_before_the_opponent_gets_any():
    duel = new_duel({"turn_player": "p1", "phase": "main2",
                     "p1": {"monster": ["Prominence Dragon", "End Burner"]},
                     "p2": {"monster": [{"card": "End Burner", "as": "their_burner"}]}},
                    END_BURNER)
    duel.apply({"do": "next_phase"})
    d = duel.state.decision
    assert d.kind == "phase_trigger" and d.player == 0
    assert sorted(decision_cards(duel)) == ["End Burner", "Prominence Dragon"]
    answer(duel, "p1:End Burner")
    # the second of Player 1's goes next, without a choice; then Player 2's
    assert duel.state.decision is None
    assert chain_names(duel) == [["End Burner"], ["Prominence Dragon"], ["End Burner"]]
    assert chain_players(duel) == [["p1"], ["p1"], ["p2"]]
    assert duel.state.lp == [7700, 7200]


@pytest.mark.rule("YGO-PHASE")
def test_phase_mandatory_trigger_without_a_target_is_not_activated_and_does_not_block():
    duel = new_duel({"turn_player": "p1", "phase": "main2",
                     "p1": {"monster": ["End Breaker"]}}, END_BREAKER)
    duel.apply({"do": "next_phase"})
    assert duel.state.phase == "end" and duel.state.decision is None
    t = only_trigger(duel, "End Breaker")
    assert t.status == "not_activated" and t.rules == ["YGO-PHASE"]
    [entry] = entries_for(duel, "trigger.not_activated", "End Breaker")
    assert entry["rules"] == ["YGO-PHASE"]
    assert entry["args"]["reason"]["key"] == "reason.no_target"
    assert entries(duel, "chain.link") == []
    duel.apply({"do": "next_phase"})
    assert (duel.state.turn, duel.state.turn_player, duel.state.phase) == (2, 1, "draw")
    assert len(triggers_of(duel, "End Breaker")) == 1


@pytest.mark.rule("YGO-PHASE")
def test_phase_non_turn_players_trigger_waits_until_the_turn_player_passes():
    standby_burner = monster("t_standby_burner", "Standby Burner", {
        "kind": "trigger", "wording": "during", "optional": False,
        "phase": {"name": "standby", "whose": "any"},
        "operations": [{"op": "damage", "player": "opponent", "amount": 300}]})
    duel = new_duel({"turn_player": "p1", "phase": "draw", "p1": {"gy": ["Yomi Frog"]},
                     "p2": {"monster": ["Standby Burner"]}}, standby_burner)
    duel.apply({"do": "next_phase"})
    d = duel.state.decision
    assert d.kind == "phase_trigger" and d.player == 0
    assert decision_cards(duel) == ["Yomi Frog"] and d.options[-1]["id"] == "pass"
    assert triggers_of(duel, "Standby Burner") == []  # not before the turn player is done
    answer(duel, "pass")
    burner = only_trigger(duel, "Standby Burner")
    assert burner.status == "resolved" and burner.controller == 1
    assert duel.state.lp == [7700, 8000]
    # the game is open again: the Frog may still be activated in this phase (YGO-PHASE-LATE)
    assert duel.state.decision.kind == "phase_trigger" and decision_cards(duel) == ["Yomi Frog"]
    answer(duel, "Yomi Frog")
    assert chain_names(duel) == [["Standby Burner"], ["Yomi Frog"]]
    assert zone_names(duel, 0, "monster") == ["Yomi Frog"]


# ---------------------------------------------------------------------- YGO-LOCATION


@pytest.mark.rule("YGO-LOCATION")
def test_location_left_the_field_after_meeting_its_timing_kotodama():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Kotodama", {"card": "Marauding Captain",
                                                     "as": "old_captain"}],
                            "hand": [{"card": "Marauding Captain", "as": "new_captain"},
                                     "Celtic Guardian"]}})
    duel.apply({"do": "normal_summon", "card": "new_captain"})
    assert duel.state.decision is None
    t = only_trigger(duel, "new_captain")
    assert t.status == "not_activated" and t.rules == ["YGO-LOCATION"]
    [entry] = entries_for(duel, "trigger.not_activated", "new_captain")
    assert entry["args"]["reason"]["key"] == "reason.left_location"
    assert zone_names(duel, 0, "hand") == ["Celtic Guardian"]
    assert zone_names(duel, 0, "gy") == ["Marauding Captain"]
    assert duel.state.cards[duel.ref("new_captain")].zone == "gy"


@pytest.mark.rule("YGO-LOCATION")
def test_location_dandelion_discarded_then_returned_to_the_hand_is_not_activated():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Monster Reincarnation", "Dandelion"]}})
    duel.apply({"do": "activate", "card": "Monster Reincarnation"})
    t = only_trigger(duel, "Dandelion")
    assert t.status == "not_activated" and t.rules == ["YGO-LOCATION"]
    assert t.met_at == 1 and t.zone == "gy"
    assert zone_names(duel, 0, "hand") == ["Dandelion"]
    assert zone_names(duel, 0, "monster") == []  # no Fluff Tokens


@pytest.mark.rule("YGO-LOCATION")
def test_location_face_down_when_it_could_be_activated_is_not_activated():
    # "Discard Cleaner": destroy the target, then add a monster from the Deck (a choice that
    # pauses the resolution after Supply Squad met its timing)
    cleaner = spell("t_discard_cleaner", "Discard Cleaner",
                    {"op": "destroy", "card": "target"},
                    {"op": "add_to_hand", "then": True,
                     "choose": {"zone": "deck", "controller": "you",
                                "filter": {"type": "monster"}}},
                    targets=[{"as": "target", "zone": "monster", "controller": "opponent"}])
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Discard Cleaner"], "deck": ["Kuriboh", "Celtic Guardian"]},
                     "p2": {"monster": ["Celtic Guardian"], "spell_trap": ["Supply Squad"],
                            "deck": ["Dandelion"]}}, cleaner)
    duel.apply({"do": "activate", "card": "Discard Cleaner"})
    assert duel.state.decision.kind == "choose_cards"
    squad = only_trigger(duel, "Supply Squad")
    assert squad.status == "met"
    # No action of the engine turns a card face-down without moving it; flip it by hand here,
    # as a card effect that Sets a card would.
    duel.state.cards[duel.ref("Supply Squad")].face_up = False
    answer(duel, "Kuriboh")
    assert squad.status == "not_activated" and squad.rules == ["YGO-LOCATION"]
    [entry] = entries_for(duel, "trigger.not_activated", "Supply Squad")
    assert entry["args"]["reason"]["key"] == "reason.face_down"
    assert zone_names(duel, 1, "hand") == []  # no draw
    assert zone_names(duel, 1, "deck") == ["Dandelion"]


@pytest.mark.rule("YGO-LOCATION")
def test_location_control_changed_the_current_controller_activates_it():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Creature Swap"],
                            "monster": [{"card": "Celtic Guardian", "summoned": "special"}]},
                     "p2": {"gy": ["Black Rose Moonlight Dragon"],
                            "spell_trap": [{"card": "Call of the Haunted", "set": True}]}})
    duel.apply({"do": "activate", "card": "Creature Swap"})
    answer(duel, "Call of the Haunted")
    rose = only_trigger(duel, "Black Rose Moonlight Dragon")
    assert rose.status == "resolved" and rose.controller == 0
    assert "YGO-LOCATION" in rose.rules
    [moved] = entries(duel, "trigger.controller")
    assert moved["rules"] == ["YGO-LOCATION"] and moved["args"]["player"] == 0
    assert chain_players(duel) == [["p1", "p2"], ["p1"]]
    # Player 1 returns the opponent's Special Summoned monster (Celtic Guardian, its owner's)
    assert zone_names(duel, 0, "hand") == ["Celtic Guardian"]
    assert zone_names(duel, 1, "monster") == []
    assert zone_names(duel, 0, "monster") == ["Black Rose Moonlight Dragon"]


@pytest.mark.rule("YGO-LOCATION")
def test_location_taken_over_watcher_gains_lp_for_its_new_controller():
    watcher = monster("t_lp_watcher", "LP Watcher", {
        "kind": "trigger", "wording": "if", "optional": False, "activate_from": "monster",
        "event": {"type": "summoned", "how": "special", "card": "other"},
        "operations": [{"op": "gain_lp", "amount": 500}]})
    heist = spell("t_heist", "Summon Heist",
                  {"op": "special_summon", "choose": {"zone": "hand", "controller": "you"}},
                  {"op": "change_control", "card": "target", "then": True},
                  targets=[{"as": "target", "zone": "monster", "controller": "opponent"}])
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Summon Heist", "Kuriboh"]},
                     "p2": {"monster": ["LP Watcher"]}}, watcher, heist)
    duel.apply({"do": "activate", "card": "Summon Heist"})
    duel.auto()
    t = only_trigger(duel, "LP Watcher")
    assert t.status == "resolved" and t.controller == 0
    assert "YGO-LOCATION" in t.rules and "YGO-WAIT" in t.rules
    [moved] = entries(duel, "trigger.controller")
    assert moved["rules"] == ["YGO-LOCATION"] and moved["args"]["player"] == 0
    assert zone_names(duel, 0, "monster") == ["Kuriboh", "LP Watcher"]
    assert duel.state.lp == [8500, 8000]


# ---------------------------------------------------------------------- YGO-ONFIELD


@pytest.mark.rule("YGO-ONFIELD")
def test_onfield_hydrogeddon_not_activated_after_mutual_destruction():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": [{"card": "Hydrogeddon", "as": "attacker"}],
                            "deck": ["Hydrogeddon"]},
                     "p2": {"monster": [{"card": "Hydrogeddon", "as": "defender"}],
                            "deck": ["Hydrogeddon"]}})
    duel.apply({"do": "declare_attack", "card": "attacker", "target": "defender"})
    duel.apply({"do": "battle"})
    assert duel.state.decision is None
    for ref in ("attacker", "defender"):
        t = only_trigger(duel, ref)
        assert t.status == "not_activated" and t.rules == ["YGO-ONFIELD"]
    assert len(entries(duel, "trigger.not_activated")) == 2
    assert zone_names(duel, 0, "monster") == [] and zone_names(duel, 1, "monster") == []
    assert zone_names(duel, 0, "deck") == ["Hydrogeddon"]


@pytest.mark.rule("YGO-ONFIELD")
def test_onfield_hydrogeddon_that_survives_its_battle_activates():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": [{"card": "Hydrogeddon", "as": "attacker"}],
                            "deck": ["Hydrogeddon"]},
                     "p2": {"monster": ["Celtic Guardian"]}})
    duel.apply({"do": "declare_attack", "card": "attacker", "target": "Celtic Guardian"})
    duel.apply({"do": "battle"})
    assert duel.state.decision.kind == "activate_trigger"
    answer(duel, "yes")
    t = only_trigger(duel, "attacker")
    assert t.status == "resolved" and "YGO-ONFIELD" not in t.rules
    assert zone_names(duel, 0, "monster") == ["Hydrogeddon", "Hydrogeddon"]
    assert zone_names(duel, 1, "gy") == ["Celtic Guardian"]
    assert duel.state.lp == [8000, 7800]


LIGHTNING_SETUP = {"turn_player": "p1", "phase": "main1",
                   "p1": {"monster": ["Lightning Punisher"],
                          "hand": [{"card": "Mystical Space Typhoon", "as": "mst_hand"}],
                          "spell_trap": [{"card": "Mystical Space Typhoon", "set": True,
                                          "as": "mst_set"}]},
                   "p2": {"spell_trap": [{"card": "Thunder Break", "set": True}, "Supply Squad"],
                          "field": ["Amazoness Village"], "hand": ["Kuriboh"]}}


@pytest.mark.rule("YGO-ONFIELD")
def test_onfield_lightning_punisher_activates_after_the_chain_when_it_stayed():
    duel = new_duel(LIGHTNING_SETUP)
    duel.apply({"do": "activate", "card": "mst_hand"})
    answer(duel, "Thunder Break")
    answer(duel, "Thunder Break")
    answer(duel, "mst_set")  # Thunder Break targets the Set MST
    answer(duel, "mst_set")  # chain link 3
    answer(duel, "Supply Squad")
    punisher = only_trigger(duel, "Lightning Punisher")
    assert punisher.met_at == instant_of(duel, "activated", "mst_set", link=3)
    # the chain of three has resolved; now Lightning Punisher is activated and needs a target
    assert len(entries(duel, "chain.done")) == 1 and duel.state.chain == []
    d = duel.state.decision
    assert d.kind == "choose_cards" and d.player == 0
    assert d.args["card"] == duel.ref("Lightning Punisher")
    answer(duel, "Amazoness Village")
    assert punisher.status == "resolved" and punisher.link == 1
    assert punisher.rules[:2] == ["YGO-WAIT", "YGO-CHAIN"]
    assert chain_names(duel) == [["Mystical Space Typhoon", "Thunder Break",
                                  "Mystical Space Typhoon"], ["Lightning Punisher"]]
    assert zone_names(duel, 1, "field") == []
    assert zone_names(duel, 0, "monster") == ["Lightning Punisher"]


@pytest.mark.rule("YGO-ONFIELD")
@pytest.mark.rule("YGO-LOCATION")
def test_onfield_lightning_punisher_that_left_mid_chain_is_not_activated():
    duel = new_duel(LIGHTNING_SETUP)
    duel.apply({"do": "activate", "card": "mst_hand"})
    answer(duel, "Thunder Break")
    answer(duel, "Thunder Break")
    answer(duel, "Lightning Punisher")
    answer(duel, "mst_set")
    answer(duel, "Supply Squad")
    assert duel.state.decision is None
    punisher = only_trigger(duel, "Lightning Punisher")
    assert punisher.status == "not_activated"
    assert punisher.rules == ["YGO-ONFIELD", "YGO-LOCATION"]
    assert chain_names(duel) == [["Mystical Space Typhoon", "Thunder Break",
                                  "Mystical Space Typhoon"]]
    assert zone_names(duel, 1, "field") == ["Amazoness Village"]
    assert "Lightning Punisher" in zone_names(duel, 0, "gy")


# ---------------------------------------------------------------------- YGO-RESOLVE


def self_changer(cid: str, name: str, operation: dict[str, Any]) -> dict[str, Any]:
    """A monster: "If this card is Normal Summoned: <change this card itself>"."""
    return monster(cid, name, {
        "kind": "trigger", "wording": "if", "optional": False,
        "event": {"type": "summoned", "card": "self", "how": "normal"},
        "operations": [operation]}, atk=1000)


SELF_PUMPER = self_changer("t_self_pumper", "Self Pumper",
                           {"op": "modify_stat", "card": "self", "stat": "atk", "amount": 1000})
SELF_TURNER = self_changer("t_self_turner", "Self Turner",
                           {"op": "change_position", "card": "self"})
THUNDER_BREAK_P2 = {"spell_trap": [{"card": "Thunder Break", "set": True}], "hand": ["Kuriboh"]}


@pytest.mark.rule("YGO-RESOLVE")
def test_resolve_monster_trigger_resolves_after_the_monster_left_the_field():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Amazoness Princess"],
                            "deck": ["Amazoness Spellcaster", "Amazoness Fighter"]},
                     "p2": dict(THUNDER_BREAK_P2)})
    duel.apply({"do": "normal_summon", "card": "Amazoness Princess"})
    answer(duel, "yes")
    answer(duel, "Thunder Break")
    answer(duel, "Amazoness Princess")
    princess = only_trigger(duel, "Amazoness Princess")
    assert princess.status == "resolved" and princess.link == 1
    [resolve] = [e for e in entries_for(duel, "chain.resolve", "Amazoness Princess")]
    assert resolve["rules"] == ["YGO-RESOLVE", "YGO-CHAIN"]
    assert entries(duel, "chain.no_effect") == []
    assert zone_names(duel, 0, "hand") == ["Amazoness Spellcaster"]
    assert zone_names(duel, 0, "gy") == ["Amazoness Princess"]


@pytest.mark.rule("YGO-RESOLVE")
@pytest.mark.parametrize("card", [SELF_PUMPER, SELF_TURNER], ids=["modify_stat", "position"])
def test_resolve_effect_that_changes_the_card_itself_does_nothing_once_it_left(card):
    name = card["name"]
    duel = new_duel({"turn_player": "p1", "phase": "main1", "p1": {"hand": [name]},
                     "p2": dict(THUNDER_BREAK_P2)}, card)
    duel.apply({"do": "normal_summon", "card": name})
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1
    answer(duel, "Thunder Break")
    answer(duel, name)
    t = only_trigger(duel, name)
    assert t.status == "resolved" and t.link == 1
    link1 = [e for e in entries(duel, "chain.no_effect") if e["args"]["link"] == 1]
    assert len(link1) == 1 and link1[0]["rules"] == ["YGO-RESOLVE"]
    assert link1[0]["args"]["reason"]["key"] == "reason.needs_self"
    assert instants_with(duel, "power_changed") == []
    assert instants_with(duel, "position_changed") == []
    assert instant_of(duel, "link_resolved", name, no_effect=True) > instant_of(
        duel, "destroyed", name)
    assert zone_names(duel, 0, "gy") == [name]


@pytest.mark.rule("YGO-RESOLVE")
@pytest.mark.parametrize("card", [SELF_PUMPER, SELF_TURNER], ids=["modify_stat", "position"])
def test_resolve_effect_that_changes_the_card_itself_works_while_it_stays(card):
    name = card["name"]
    duel = new_duel({"turn_player": "p1", "phase": "main1", "p1": {"hand": [name]}}, card)
    duel.apply({"do": "normal_summon", "card": name})
    assert only_trigger(duel, name).status == "resolved"
    assert entries(duel, "chain.no_effect") == []
    me = duel.state.cards[duel.ref(name)]
    if card is SELF_PUMPER:
        assert duel.policy.stat(duel, me, "atk") == 2000
    else:
        assert me.position == "defense"


# ---------------------------------------------------------------------- YGO-TRAP-TIMING

EISBAHN_SETUP = {"turn_player": "p1", "phase": "main1",
                 "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
                 "p2": {"spell_trap": ["Eisbahn", {"card": "Trap Hole", "set": True}]}}


@pytest.mark.rule("YGO-TRAP-TIMING")
@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_trap_timing_eisbahn_goes_into_segoc_before_the_captain_and_trap_hole_follows():
    duel = new_duel(EISBAHN_SETUP)
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Marauding Captain")
    answer(duel, "yes")
    # both triggers are on the chain before anyone may respond
    assert [duel.name(link.card) for link in duel.state.chain] == ["Eisbahn",
                                                                  "Marauding Captain"]
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1 and d.args == {"link": 3}
    assert duel.ref("Trap Hole") in decision_iids(duel)
    answer(duel, "Trap Hole")
    duel.auto()
    eisbahn = triggers_of(duel, "Eisbahn")[0]
    assert eisbahn.link == 1 and eisbahn.controller == 1
    assert eisbahn.rules == ["YGO-SEGOC", "YGO-TRAP-TIMING"]
    first_chain = [e for e in entries(duel, "chain.link")][:3]
    assert [(duel.name(e["args"]["card"]), e["args"]["link"], e["args"]["speed"])
            for e in first_chain] == [("Eisbahn", 1, 2), ("Marauding Captain", 2, 1),
                                      ("Trap Hole", 3, 2)]
    assert "YGO-TRAP-TIMING" in first_chain[0]["rules"]
    assert chain_names(duel)[0] == ["Eisbahn", "Marauding Captain", "Trap Hole"]
    assert zone_names(duel, 0, "gy") == ["Marauding Captain"]
    assert zone_names(duel, 0, "monster") == ["Celtic Guardian"]


@pytest.mark.rule("YGO-TRAP-TIMING")
def test_trap_timing_set_trap_responds_after_the_trap_trigger_by_priority():
    duel = new_duel(EISBAHN_SETUP)
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "no")  # the Captain's optional trigger is not activated
    # Eisbahn alone is chain link 1; Player 1 (who did not activate it) has nothing, so
    # Player 2 may add the Set Trap Hole
    assert [duel.name(link.card) for link in duel.state.chain] == ["Eisbahn"]
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1 and d.args == {"link": 2}
    answer(duel, "Trap Hole")
    duel.auto()
    assert chain_names(duel) == [["Eisbahn", "Trap Hole"]]
    assert chain_players(duel) == [["p2", "p2"]]
    speeds = [e["args"]["speed"] for e in entries(duel, "chain.link")]
    assert speeds == [2, 2]
    assert zone_names(duel, 0, "gy") == ["Marauding Captain"]
    assert zone_names(duel, 1, "gy") == ["Trap Hole"]
    assert zone_names(duel, 1, "spell_trap") == ["Eisbahn"]


# ---------------------------------------------------------------------- YGO-SAME-LINK

SELF_COST_TRAP = continuous_trap("t_self_cost_trap", "Self Cost Trap",
                                 cost=[{"op": "send_to_gy", "card": "self"}])
FACE_UP_TRAP = continuous_trap("t_face_up_trap", "Face Up Trap", while_face_up=True)
MANDATORY_TRAP = continuous_trap("t_mandatory_trap", "Mandatory Trap", optional=False)
OPTIONAL_TRAP = continuous_trap("t_optional_trap", "Optional Trap")


def same_link_options(duel: Duel, ref: str) -> list[dict[str, Any]]:
    iid = duel.ref(ref)
    return [a for a in duel.legal_actions()
            if a.get("do") == "activate" and a.get("card") == iid]


@pytest.mark.rule("YGO-SAME-LINK")
def test_same_link_cybernetic_hidden_technology_with_its_effect():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Blue-Eyes White Dragon"]},
                     "p2": {"monster": ["Cyber Dragon"],
                            "spell_trap": [{"card": "Cybernetic Hidden Technology",
                                            "set": True}]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon",
                "target": "Cyber Dragon"})
    duel.apply({"do": "activate", "card": "Cybernetic Hidden Technology", "with_effect": 0})
    [same] = entries(duel, "chain.link_same")
    assert same["rules"] == ["YGO-SAME-LINK"] and same["args"]["link"] == 1
    assert same["args"]["player"] == 1
    assert chain_names(duel) == [["Cybernetic Hidden Technology"]]
    duel.apply({"do": "battle"})
    assert zone_names(duel, 0, "gy") == ["Blue-Eyes White Dragon"]
    assert zone_names(duel, 1, "gy") == ["Cyber Dragon"]  # the cost
    assert zone_names(duel, 1, "spell_trap") == ["Cybernetic Hidden Technology"]
    assert duel.state.lp == [8000, 8000]  # the battle did not happen


@pytest.mark.rule("YGO-SAME-LINK")
@pytest.mark.parametrize("card", [SELF_COST_TRAP, FACE_UP_TRAP],
                         ids=["cost_sends_itself", "while_face_up"])
def test_same_link_refused_for_self_cost_or_while_face_up(card):
    name = card["name"]
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": name, "set": True}]}}, card)
    duel.apply({"do": "destroy", "card": "Celtic Guardian", "cause": "battle"})
    assert_illegal(duel, {"do": "activate", "card": name, "with_effect": 0}, name)
    assert all("with_effect" not in a for a in same_link_options(duel, name))
    # the card alone can still be activated
    assert [a.get("effect") for a in same_link_options(duel, name)] == ["card"]
    duel.apply({"do": "activate", "card": name})
    assert entries(duel, "chain.link_same") == []
    assert duel.state.lp == [8000, 8000]


@pytest.mark.rule("YGO-SAME-LINK")
def test_same_link_allowed_for_a_plain_continuous_trap_with_matching_timing():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Optional Trap", "set": True}]}},
                    OPTIONAL_TRAP)
    duel.apply({"do": "destroy", "card": "Celtic Guardian", "cause": "battle"})
    duel.apply({"do": "activate", "card": "Optional Trap", "with_effect": 0})
    [same] = entries(duel, "chain.link_same")
    assert same["rules"] == ["YGO-SAME-LINK"]
    assert duel.state.lp == [8000, 8500]


@pytest.mark.rule("YGO-SAME-LINK")
@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_same_link_mandatory_effect_refused_in_the_damage_step_optional_allowed():
    setup = {"turn_player": "p1", "phase": "battle", "step": "damage",
             "p1": {"monster": ["Celtic Guardian"]},
             "p2": {"spell_trap": [{"card": "Mandatory Trap", "set": True},
                                   {"card": "Optional Trap", "set": True}]}}
    duel = new_duel(setup, MANDATORY_TRAP, OPTIONAL_TRAP)
    duel.apply({"do": "destroy", "card": "Celtic Guardian", "cause": "battle"})
    assert duel.state.step == "damage"
    assert_illegal(duel, {"do": "activate", "card": "Mandatory Trap", "with_effect": 0},
                   "Mandatory Trap")
    assert all("with_effect" not in a for a in same_link_options(duel, "Mandatory Trap"))
    duel.apply({"do": "activate", "card": "Optional Trap", "with_effect": 0})
    duel.auto()
    assert len(entries(duel, "chain.link_same")) == 1
    assert duel.state.lp == [8000, 8500]
    # outside the Damage Step the mandatory one may go in the same chain link
    outside = new_duel({**setup, "step": None}, MANDATORY_TRAP, OPTIONAL_TRAP)
    outside.apply({"do": "destroy", "card": "Celtic Guardian", "cause": "battle"})
    outside.apply({"do": "activate", "card": "Mandatory Trap", "with_effect": 0})
    assert entries(outside, "chain.link_same")[0]["rules"] == ["YGO-SAME-LINK"]


# ---------------------------------------------------------------------- YGO-DAMAGE-STEP


@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_damage_step_optional_about_another_card_not_activated_mandatory_is():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Blue-Eyes White Dragon"]},
                     "p2": {"monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "spell_trap": ["Supply Squad"],
                            "deck": ["Amazoness Fighter", "Kuriboh"]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon",
                "target": "Amazoness Swords Woman"})
    duel.apply({"do": "battle"})
    assert duel.state.decision is None
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "not_activated" and village.rules == ["YGO-DAMAGE-STEP"]
    [entry] = entries_for(duel, "trigger.not_activated", "Amazoness Village")
    assert entry["args"]["reason"]["key"] == "reason.damage_step"
    squad = only_trigger(duel, "Supply Squad")
    assert squad.status == "resolved" and squad.link == 1
    assert chain_names(duel) == [["Supply Squad"]]
    assert zone_names(duel, 1, "hand") == ["Kuriboh"]
    assert zone_names(duel, 1, "deck") == ["Amazoness Fighter"]
    assert duel.state.lp == [8000, 6700]  # Amazoness Village: Swords Woman has 1700 ATK


@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_damage_step_optional_trigger_about_the_card_itself_giant_rat():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Blue-Eyes White Dragon"]},
                     "p2": {"monster": ["Giant Rat"], "deck": ["Amazoness Fighter"]}})
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon",
                "target": "Giant Rat"})
    duel.apply({"do": "battle"})
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Giant Rat")
    assert duel.state.step == "damage"
    answer(duel, "yes")
    rat = only_trigger(duel, "Giant Rat")
    assert rat.status == "resolved" and rat.link == 1
    assert "YGO-DAMAGE-STEP" not in rat.rules
    assert zone_names(duel, 1, "monster") == ["Amazoness Fighter"]
    assert zone_names(duel, 1, "gy") == ["Giant Rat"]
    assert duel.state.lp == [8000, 6400]


@pytest.mark.rule("YGO-DAMAGE-STEP")
def test_damage_step_flip_effect_activates_after_damage_calculation():
    duel = new_duel({"turn_player": "p1", "phase": "battle",
                     "p1": {"monster": ["Celtic Guardian"]},
                     "p2": {"monster": [{"card": "Man-Eater Bug", "set": True}]}})
    duel.apply({"do": "declare_attack", "card": "Celtic Guardian", "target": "Man-Eater Bug"})
    duel.apply({"do": "battle"})
    assert duel.state.decision.kind == "choose_cards" and duel.state.step == "damage"
    answer(duel, "Celtic Guardian")
    bug = only_trigger(duel, "Man-Eater Bug")
    assert bug.status == "resolved" and bug.link == 1 and "YGO-WAIT" in bug.rules
    flipped_at = instant_of(duel, "flipped", "Man-Eater Bug")
    calc_at = instant_of(duel, "battle", "Celtic Guardian")
    activated_at = instant_of(duel, "activated", "Man-Eater Bug")
    bug_to_gy = instant_of(duel, "sent_to_gy", "Man-Eater Bug")
    assert bug.met_at == flipped_at < calc_at < activated_at < bug_to_gy
    assert zone_names(duel, 0, "gy") == ["Celtic Guardian"]
    assert zone_names(duel, 1, "gy") == ["Man-Eater Bug"]
    assert duel.state.lp == [8000, 8000]


# ---------------------------------------------------------------------- YGO-RESPONSE-WINDOW


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_response_window_trap_hole_right_after_the_normal_summon():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    assert duel.state.decision is None and duel.state.chain == []
    duel.apply({"do": "activate", "card": "Trap Hole"})
    assert chain_names(duel) == [["Trap Hole"]] and chain_players(duel) == [["p2"]]
    assert zone_names(duel, 0, "gy") == ["Celtic Guardian"]
    assert zone_names(duel, 1, "gy") == ["Trap Hole"]


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_response_window_trap_hole_in_the_chain_started_by_the_summons_trigger():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "yes")
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1
    answer(duel, "Trap Hole")
    assert chain_names(duel) == [["Marauding Captain", "Trap Hole"]]
    captain = only_trigger(duel, "Marauding Captain")
    assert captain.status == "resolved" and captain.link == 1
    assert zone_names(duel, 0, "gy") == ["Marauding Captain"]
    assert zone_names(duel, 0, "monster") == ["Celtic Guardian"]  # YGO-RESOLVE too


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_response_window_closed_once_something_else_happened():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 500})
    assert_illegal(duel, {"do": "activate", "card": "Trap Hole"},
                   "only while its event is the last thing", rules=["YGO-RESPONSE-WINDOW"])
    assert zone_names(duel, 0, "monster") == ["Celtic Guardian"]


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_response_window_not_offered_in_a_chain_that_began_after_something_else():
    # the summon, then an LP gain that starts a chain: Trap Hole cannot answer the summon
    heal_watcher = monster("t_heal_watcher", "Heal Watcher", {
        "kind": "trigger", "wording": "if", "optional": False, "activate_from": "monster",
        "event": {"type": "lp_gained"}, "operations": [{"op": "draw", "count": 1}]})
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Celtic Guardian"], "monster": ["Heal Watcher"],
                            "deck": ["Kuriboh"]},
                     "p2": {"spell_trap": [{"card": "Trap Hole", "set": True},
                                           {"card": "Thunder Break", "set": True}],
                            "hand": ["Dandelion"]}}, heal_watcher)
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 500})
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1
    assert decision_cards(duel) == ["Thunder Break"]


# ---------------------------------------------------------------------- YGO-NEGATED

SPELL_WATCHER = monster("t_spell_watcher", "Spell Watcher", {
    "kind": "trigger", "wording": "when", "optional": True, "activate_from": "monster",
    "event": {"type": "destroyed", "filter": {"type": "spell"}},
    "operations": [{"op": "gain_lp", "amount": 500}]})


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-MISS")
def test_negated_activation_solemn_strike_does_not_resolve_and_is_not_a_later_event():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Amazoness Princess"], "field": ["Amazoness Village"],
                            "deck": ["Amazoness Spellcaster", "Amazoness Princess"]},
                     "p2": {"spell_trap": [{"card": "Solemn Strike", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Amazoness Princess"})
    answer(duel, "pass")  # Player 2 lets the Summon happen (YGO-SUMMON-NEGATION)
    answer(duel, "yes")
    answer(duel, "Solemn Strike")
    # Amazoness Village met its timing when Solemn Strike destroyed the Princess
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Amazoness Village")
    answer(duel, "yes")
    princess = only_trigger(duel, "Amazoness Princess")
    assert princess.status == "negated"
    [neg] = entries(duel, "chain.negated")
    assert neg["rules"] == ["YGO-NEGATED"] and neg["args"]["link"] == 1
    assert any("does not resolve: its activation was negated (YGO-NEGATED)" in line
               for line in duel.transcript())
    assert instants_with(duel, "link_resolved", "Amazoness Princess") == []
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "resolved" and village.link == 1
    assert entries(duel, "trigger.missed") == []
    # a Level 3 or lower "Amazoness" monster, as the destroyed Princess is Level 3
    assert zone_names(duel, 0, "monster") == ["Amazoness Princess"]
    assert zone_names(duel, 0, "hand") == []  # the Princess's search never happened
    assert duel.state.lp == [8000, 6500]


@pytest.mark.rule("YGO-NEGATED")
def test_negated_activation_magic_jammer_on_a_spell():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Soul Taker"]},
                     "p2": {"monster": ["Spell Watcher"], "hand": ["Kuriboh"],
                            "spell_trap": [{"card": "Magic Jammer", "set": True}]}},
                    SPELL_WATCHER)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    answer(duel, "Magic Jammer")
    # Magic Jammer destroyed Soul Taker; Soul Taker's link then does not resolve
    d = duel.state.decision
    assert d.kind == "activate_trigger" and d.args["card"] == duel.ref("Spell Watcher")
    answer(duel, "yes")
    [neg] = entries(duel, "chain.negated")
    assert neg["rules"] == ["YGO-NEGATED"] and neg["args"]["card"] == duel.ref("Soul Taker")
    assert instants_with(duel, "link_resolved", "Soul Taker") == []
    watcher = only_trigger(duel, "Spell Watcher")
    assert watcher.status == "resolved" and watcher.met_at == instant_of(
        duel, "destroyed", "Soul Taker")
    assert entries(duel, "trigger.missed") == []
    assert zone_names(duel, 1, "monster") == ["Spell Watcher"]  # not destroyed
    assert zone_names(duel, 0, "gy") == ["Soul Taker"]
    assert duel.state.lp == [8000, 8500]  # no 1000 LP from Soul Taker, 500 from the watcher


@pytest.mark.rule("YGO-NEGATED")
def test_negated_effect_breakthrough_skill_link_resolves_with_no_effect():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Breakthrough Skill", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "yes")
    answer(duel, "Breakthrough Skill")
    duel.auto()
    captain = only_trigger(duel, "Marauding Captain")
    assert captain.status == "resolved" and captain.link == 1
    [no_effect] = [e for e in entries(duel, "chain.no_effect") if e["args"]["link"] == 1]
    assert no_effect["rules"] == ["YGO-NEGATED"]
    assert instants_with(duel, "link_resolved", "Marauding Captain", no_effect=True)
    assert entries(duel, "chain.negated") == []
    assert zone_names(duel, 0, "hand") == ["Celtic Guardian"]
    assert zone_names(duel, 0, "monster") == ["Marauding Captain"]


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-MISS")
def test_negated_effect_link_still_makes_an_earlier_when_trigger_miss():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Marauding Captain", "Celtic Guardian"],
                            "monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]},
                     "p2": {"spell_trap": [{"card": "Breakthrough Skill", "set": True},
                                           {"card": "Thunder Break", "set": True}],
                            "hand": ["Kuriboh"]}})
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "yes")                      # link 1: the Captain
    answer(duel, "Thunder Break")            # link 2: destroy the Amazoness monster
    answer(duel, "Amazoness Swords Woman")
    answer(duel, "Breakthrough Skill")       # link 3: negate the Captain's effects
    duel.auto()
    assert chain_names(duel)[0] == ["Marauding Captain", "Thunder Break", "Breakthrough Skill"]
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed"
    assert village.rules == ["YGO-MISS", "YGO-NEGATED"]
    captain_at = instant_of(duel, "link_resolved", "Marauding Captain", no_effect=True)
    assert village.met_at == instant_of(duel, "destroyed", "Amazoness Swords Woman") < captain_at
    [missed] = entries(duel, "trigger.missed")
    assert missed["args"]["last"] == captain_at
    assert zone_names(duel, 0, "hand") == ["Celtic Guardian"]
    assert zone_names(duel, 0, "deck") == ["Amazoness Fighter"]


TRAP_SWEEPER = {"id": "t_trap_sweeper", "name": "Trap Sweeper", "type": "trap",
                "subtype": "normal",
                "effects": [{"kind": "activation", "activate_from": "spell_trap",
                             "operations": [{"op": "destroy",
                                             "all": {"zone": "monster", "controller": "any"}}]}]}


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-RESOLVE")
def test_negated_not_cited_when_the_later_link_did_nothing_because_its_card_left():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Self Pumper"], "monster": ["Amazoness Swords Woman"],
                            "field": ["Amazoness Village"], "deck": ["Amazoness Fighter"]},
                     "p2": {"spell_trap": [{"card": "Trap Sweeper", "set": True}]}},
                    SELF_PUMPER, TRAP_SWEEPER)
    duel.apply({"do": "normal_summon", "card": "Self Pumper"})
    answer(duel, "Trap Sweeper")  # destroys both monsters; Village meets its timing
    [no_effect] = entries(duel, "chain.no_effect")
    assert no_effect["rules"] == ["YGO-RESOLVE"] and no_effect["args"]["link"] == 1
    assert entries(duel, "chain.negated") == []
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed"  # Self Pumper's link resolved after it (an instant)
    assert village.rules == ["YGO-MISS"]


# ---------------------------------------------------------------------- YGO-CHAIN

COUNTER_NEGATE = {"id": "t_counter_negate", "name": "Counter Negate", "type": "trap",
                  "subtype": "counter",
                  "effects": [{"kind": "activation", "activate_from": "spell_trap",
                               "operations": [{"op": "negate_activation", "destroy": True}]}]}


@pytest.mark.rule("YGO-CHAIN")
def test_chain_spell_speed_2_cannot_respond_to_a_counter_trap():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": ["Soul Taker"],
                            "spell_trap": [{"card": "Mystical Space Typhoon", "set": True},
                                           {"card": "Counter Negate", "set": True}]},
                     "p2": {"monster": ["Celtic Guardian"], "hand": ["Kuriboh"],
                            "spell_trap": [{"card": "Magic Jammer", "set": True},
                                           {"card": "Thunder Break", "set": True}]}},
                    COUNTER_NEGATE)
    duel.apply({"do": "activate", "card": "Soul Taker"})
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1
    assert sorted(decision_cards(duel)) == ["Magic Jammer", "Thunder Break"]
    answer(duel, "Magic Jammer")
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 0 and d.args == {"link": 3}
    assert decision_cards(duel) == ["Counter Negate"]  # no Spell Speed 2 MST
    answer(duel, "Counter Negate")
    duel.auto()
    assert chain_names(duel) == [["Soul Taker", "Magic Jammer", "Counter Negate"]]
    assert zone_names(duel, 1, "gy") == ["Celtic Guardian", "Kuriboh", "Magic Jammer"]
    assert duel.state.lp == [8000, 9000]


@pytest.mark.rule("YGO-CHAIN")
def test_chain_responses_alternate_starting_with_the_other_player():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"hand": [{"card": "Mystical Space Typhoon", "as": "mst1"}],
                            "spell_trap": [{"card": "Mystical Space Typhoon", "set": True,
                                            "as": "mst2"}]},
                     "p2": {"spell_trap": [{"card": "Thunder Break", "set": True},
                                           {"card": "Mystical Space Typhoon", "set": True,
                                            "as": "mst3"}],
                            "hand": ["Kuriboh"]}})
    seen = []

    def record():
        d = duel.state.decision
        if d is not None and d.kind == "respond":
            seen.append((d.player, d.args["link"]))

    duel.apply({"do": "activate", "card": "mst1"})
    answer(duel, "Thunder Break")         # MST targets the Set Thunder Break
    record()
    answer(duel, "Thunder Break")         # Player 2 responds
    answer(duel, "mst1")                  # targeting the resolving MST itself
    record()
    answer(duel, "pass")                  # Player 1 passes
    record()
    answer(duel, "mst3")                  # Player 2 goes on: chain link 3
    answer(duel, "mst2")
    record()
    answer(duel, "pass")                  # Player 1 passes; Player 2 has nothing left
    assert duel.state.decision is None
    assert seen == [(1, 2), (0, 3), (1, 3), (0, 4)]
    assert chain_players(duel) == [["p1", "p2", "p2"]]
    assert [e["args"]["link"] for e in entries(duel, "chain.link")] == [1, 2, 3]


@pytest.mark.rule("YGO-CHAIN")
def test_chain_quick_play_spell_from_the_hand_only_on_its_controllers_turn():
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Soul Taker"]},
             "p2": {"monster": ["Celtic Guardian"], "field": ["Amazoness Village"],
                    "hand": [{"card": "Mystical Space Typhoon", "as": "mst_hand"}],
                    "spell_trap": [{"card": "Mystical Space Typhoon", "set": True,
                                    "as": "mst_set"}]}}
    duel = new_duel(setup)
    # open state, the opponent's turn
    assert_illegal(duel, {"do": "activate", "card": "mst_hand"}, "Mystical Space Typhoon")
    duel.apply({"do": "activate", "card": "Soul Taker"})
    d = duel.state.decision
    assert d.kind == "respond" and d.player == 1
    assert duel.ref("mst_set") in decision_iids(duel)
    assert duel.ref("mst_hand") not in decision_iids(duel)
    # on its controller's own turn it can be activated from the hand
    mine = new_duel({**setup, "turn_player": "p2", "phase": "battle"})
    mine.apply({"do": "activate", "card": "mst_hand"})
    answer(mine, "Amazoness Village")
    answer(mine, "pass")  # Player 2 does not chain its Set MST
    assert chain_names(mine) == [["Mystical Space Typhoon"]]
    assert zone_names(mine, 1, "field") == []
    assert mine.state.cards[mine.ref("mst_hand")].zone == "gy"


@pytest.mark.rule("YGO-CHAIN")
def test_chain_quick_play_refusal_does_not_call_it_spell_speed_1():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p2": {"hand": ["Mystical Space Typhoon"],
                            "field": ["Amazoness Village"]}})
    err = assert_illegal(duel, {"do": "activate", "card": "Mystical Space Typhoon"},
                         "Mystical Space Typhoon")
    assert "Spell Speed 1" not in err.reason


@pytest.mark.rule("YGO-SAME-LINK")
def test_same_link_refusal_cites_the_same_link_rule():
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Celtic Guardian"]},
                     "p2": {"spell_trap": [{"card": "Self Cost Trap", "set": True}]}},
                    SELF_COST_TRAP)
    duel.apply({"do": "destroy", "card": "Celtic Guardian", "cause": "battle"})
    err = assert_illegal(duel, {"do": "activate", "card": "Self Cost Trap", "with_effect": 0},
                         "Self Cost Trap")
    assert "Spell Speed 1" not in err.reason
    assert "YGO-SAME-LINK" in err.rules
