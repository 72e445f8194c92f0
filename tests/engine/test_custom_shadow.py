"""A duel's own card definition is the one played by its id or any of its names, for that duel
only; two definitions of one name in one file are refused."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from engine import Duel, replay_under
from engine.cards import (
    Library,
    builtin_card_files,
    builtin_library,
    default_library,
    load_card_file,
    parse_cards,
)
from engine.errors import CardDataError
from engine.links import encode, open_link
from engine.scenario import check_scenario, load_scenario, run_scenario

SETUP = {"turn_player": "p1", "phase": "main1", "p1": {"hand": ["Soul Taker"]},
         "p2": {"monster": ["Amazoness Swords Woman"], "field": ["Amazoness Village"],
                "deck": ["Amazoness Fighter"]}}


def village(wording: str) -> dict:
    raw = next(c for c in yaml.safe_load(builtin_card_files("yugioh")[0].read_text())
               if c["id"] == "amazoness_village")
    raw = copy.deepcopy(raw)
    raw["effects"][0]["wording"] = wording
    return raw



@pytest.mark.rule("YGO-MISS")
def test_a_custom_definition_shadows_the_built_in_one() -> None:
    duel = Duel("yugioh", setup=SETUP, cards=[village("if")])
    assert duel.library["amazoness_village"].effects[0].wording == "if"
    assert Duel("yugioh").library["amazoness_village"].effects[0].wording == "when"


@pytest.mark.rule("YGO-MISS")
def test_replay_under_a_shadowing_card_changes_the_timing() -> None:
    duel = Duel("yugioh", setup=SETUP)
    duel.apply({"do": "activate", "card": duel.ref("Soul Taker")})
    assert any(e["key"] == "trigger.missed" for e in duel.state.log) or any(
        "YGO-MISS" in e["rules"] for e in duel.state.log)
    report = replay_under(duel, cards=[village("if")])
    assert report.change["cards"] == ["amazoness_village"]
    assert not any("YGO-MISS" in e["rules"] for e in report.duel.state.log)
    assert duel.library["amazoness_village"].effects[0].wording == "when"


# ------------------------------------------------- a card defined here wins, by name or id
#: a scenario's own Sangan (its own id, its own effect: gain 1000 LP instead of searching)
OWN_SANGAN = """\
  - id: plain_sangan
    name: {en: Sangan, ja: クリッター}
    type: monster
    subtype: effect
    attribute: DARK
    race: Fiend
    level: 3
    atk: 1000
    def: 600
    text: "If this card is sent from the field to the GY: Gain 1000 LP."
    effects:
      - kind: trigger
        label: gain 1000 LP
        wording: if
        optional: false
        activate_from: gy
        event: {type: sent_to_gy, card: self, from: monster}
        operations:
          - {op: gain_lp, player: you, amount: 1000}
"""


def own_scenario(ref: str, zone_ref: str | None = None, extra_cards: str = "") -> str:
    """A scenario file that names its own Sangan as ``ref`` in its set-up, steps and expect."""
    zone_ref = zone_ref or ref
    return f"""\
game: yugioh
title: Our own Sangan
cards:
{OWN_SANGAN}{extra_cards}setup:
  turn_player: p1
  phase: main1
  p1:
    monster: [{ref}]
    deck: [Kuriboh]
steps:
  - {{do: destroy, card: {ref}}}
expect:
  chains:
    - [{ref}]
  triggers:
    - {{card: {ref}, fate: activated, rules: [YGO-SEGOC]}}
  effects:
    - {{card: {ref}, effect: 0, rules: [YGO-KIND, YGO-SEGOC]}}
  lp: {{p1: 9000}}
  zones:
    p1: {{gy: [{zone_ref}], deck: [Kuriboh], hand: []}}
"""


def _load(tmp_path: Path, text: str, name: str = "own.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_scenario(path)


@pytest.mark.parametrize("ref", ["Sangan", "plain_sangan", "クリッター", "SANGAN"])
def test_a_scenario_plays_its_own_card_by_its_name_or_its_id(tmp_path: Path, ref: str) -> None:
    scn = _load(tmp_path, own_scenario(ref))
    result = run_scenario(scn)
    assert check_scenario(scn, result) == []
    duel = result.duel
    assert {duel.state.cards[i].card_id for i in duel.state.zones[0]["gy"]} == {"plain_sangan"}
    assert duel.library.find("Sangan").id == "plain_sangan"
    # the library's Sangan is still there, found by its own id only
    assert duel.library.find("sangan").id == "sangan"
    assert "add a monster" in duel.library["sangan"].effects[0].label


def test_the_built_in_library_and_a_fresh_duel_keep_the_library_card(tmp_path: Path) -> None:
    run_scenario(_load(tmp_path, own_scenario("Sangan")))
    assert builtin_library().find("Sangan").id == "sangan"
    assert "plain_sangan" not in builtin_library()
    assert default_library().find("クリッター").id == "sangan"
    duel = Duel("yugioh", setup={"turn_player": "p1", "phase": "main1",
                                 "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    duel.apply({"do": "destroy", "card": duel.ref("Sangan")})
    assert duel.state.lp[0] == 8000
    assert [duel.name(i) for i in duel.state.zones[0]["hand"]] == ["Kuriboh"]


def test_expect_tells_the_scenario_card_from_the_library_card_of_its_name(
        tmp_path: Path) -> None:
    """Both Sangans on the table: the library's by its id, the scenario's by the name."""
    text = own_scenario("Sangan").replace("monster: [Sangan]", "monster: [Sangan, sangan]")
    text = text.replace("deck: [Kuriboh], hand: []", "monster: [sangan], deck: [Kuriboh]")
    scn = _load(tmp_path, text)
    assert check_scenario(scn) == []
    wrong = _load(tmp_path, text.replace("gy: [Sangan]", "gy: [sangan]"), "wrong.yaml")
    failures = check_scenario(wrong)
    assert failures == ["p1 gy: expected ['Sangan (sangan)'], got ['Sangan']"]


def test_a_duel_and_a_link_play_their_own_card_of_a_library_name() -> None:
    raw = yaml.safe_load(OWN_SANGAN)[0]
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}}
    duel = Duel("yugioh", setup=setup, cards=[raw])
    duel.apply({"do": "destroy", "card": duel.ref("Sangan")})
    assert duel.state.lp[0] == 9000
    again, _data = open_link(encode(duel, cards=[raw]))
    assert again.state.lp[0] == 9000
    assert again.library.find("Sangan").id == "plain_sangan"


def test_library_find_and_copy_follow_the_card_defined_over_the_library() -> None:
    own = parse_cards(yaml.safe_load(OWN_SANGAN), file="own", game_hint="yugioh")[0]
    library = default_library()
    library.add(own, replace=True)
    assert library.find("Sangan") is own and library.find("sangan").id == "sangan"
    assert library.find("plain_sangan") is own and library.find("クリッター") is own
    copied = library.copy()
    assert copied.find("Sangan") is own
    copied.add(parse_cards([{**yaml.safe_load(OWN_SANGAN)[0], "id": "third"}],
                           file="other", game_hint="yugioh")[0], replace=True)
    assert copied.find("Sangan").id == "third" and library.find("Sangan") is own
    assert library.shadows(builtin_library()["sangan"])
    assert not library.shadows(builtin_library()["kuriboh"])
    # without replace (a library built from files) the first card of a name keeps it
    plain = Library([builtin_library()["sangan"], own])
    assert plain.find("Sangan").id == "sangan"


def test_two_cards_of_one_name_in_one_scenario_are_refused(tmp_path: Path) -> None:
    other = OWN_SANGAN.replace("plain_sangan", "other_sangan").replace(
        "{en: Sangan, ja: クリッター}", "{en: Sangan Two, ja: クリッター}")
    with pytest.raises(CardDataError) as caught:
        _load(tmp_path, own_scenario("Sangan", extra_cards=other))
    error = caught.value
    assert error.file.endswith("own.yaml") and error.line == 23 and error.field == "name"
    assert error.card == "other_sangan"
    text = str(error)
    assert "own.yaml:23" in text and "'other_sangan'" in text and "'plain_sangan'" in text
    assert "(line 4)" in text and "'クリッター'" in text


def test_one_id_defined_twice_differently_in_one_file_is_refused(tmp_path: Path) -> None:
    other = OWN_SANGAN.replace("atk: 1000", "atk: 1200")
    with pytest.raises(CardDataError, match=r"own.yaml:23.*'plain_sangan'.*line 4"):
        _load(tmp_path, own_scenario("Sangan", extra_cards=other))
    # the same definition twice is one card
    scn = _load(tmp_path, own_scenario("Sangan", extra_cards=OWN_SANGAN), "twice.yaml")
    assert check_scenario(scn) == []


def test_two_cards_of_one_name_in_a_card_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(OWN_SANGAN + OWN_SANGAN.replace("plain_sangan", "sangan_b"), "utf-8")
    with pytest.raises(CardDataError) as caught:
        load_card_file(path, game_hint="yugioh")
    assert caught.value.line == 20 and caught.value.card == "sangan_b"
    assert "'plain_sangan' (line 1)" in str(caught.value)


def test_cards_saved_before_with_one_name_twice_still_open() -> None:
    """A board's or link's cards are read as saved: the last definition of a name has it."""
    first = yaml.safe_load(OWN_SANGAN)[0]
    second = {**first, "id": "sangan_b", "atk": 1500}
    cards = parse_cards([first, second], file="board", game_hint="yugioh", strict=False)
    assert [c.id for c in cards] == ["plain_sangan", "sangan_b"]
    duel = Duel("yugioh", setup={"p1": {"monster": ["Sangan"]}}, cards=[first, second])
    assert duel.definition(next(iter(duel.state.cards))).id == "sangan_b"


OWN_KURIBOH = """\
  - id: my_kuriboh
    name: {en: Kuriboh}
    type: monster
    subtype: normal
    attribute: DARK
    race: Fiend
    level: 1
    atk: 300
    def: 200
    text: Our own Kuriboh.
"""


@pytest.mark.parametrize("answer", ["my_kuriboh", "Kuriboh"])
def test_an_answer_names_the_scenarios_own_card_by_its_name_or_its_id(
        tmp_path: Path, answer: str) -> None:
    """The library's Sangan searches a Deck holding the scenario's own Kuriboh and the
    library's Celtic Guardian: the answer names the Kuriboh either way."""
    text = f"""\
game: yugioh
title: Our own Kuriboh is searched
cards:
{OWN_KURIBOH}setup:
  turn_player: p1
  phase: main1
  p1:
    monster: [sangan]
    deck: [Celtic Guardian, Kuriboh]
steps:
  - {{do: destroy, card: sangan}}
  - {{answer: {answer}}}
expect:
  triggers:
    - {{card: sangan, fate: activated}}
  zones:
    p1: {{hand: [my_kuriboh], deck: [Celtic Guardian]}}
"""
    scn = _load(tmp_path, text)
    result = run_scenario(scn)
    assert check_scenario(scn, result) == []
    [iid] = result.duel.state.zones[0]["hand"]
    assert result.duel.state.cards[iid].card_id == "my_kuriboh"
