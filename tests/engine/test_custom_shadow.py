"""A duel's own card definition shadows the built-in card of the same id, for that duel only."""

from __future__ import annotations

import copy

import pytest
import yaml

from engine import Duel, replay_under
from engine.cards import builtin_card_files

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
