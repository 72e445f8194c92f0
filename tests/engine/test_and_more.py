"""「この効果で墓地へ送られたモンスターが…だった場合、さらに…」: the second part of an effect
only if the card its first part chose passes a filter (``if_card`` on the cards picked ``as``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading

TEXT = ("通常魔法\n①：デッキからドラゴン族モンスター１体を墓地へ送る。この効果で墓地へ送られた"
        "モンスターがドラゴン族の通常モンスターだった場合、さらにデッキからドラゴン族モンスター"
        "１体を墓地へ送る事ができる。")


def _dragon(name: str, subtype: str) -> dict[str, Any]:
    return {"id": name.lower().replace(" ", "_"), "name": {"en": name}, "type": "monster",
            "subtype": subtype, "attribute": "LIGHT", "race": "Dragon", "level": 4,
            "atk": 1000, "def": 1000, "text": "" if subtype == "normal" else "An effect.",
            **({"effects": []} if subtype != "normal" else {})}


@pytest.mark.parametrize(("first", "sent"), [("Plain Dragon", 2), ("Effect Dragon", 1)])
def test_the_second_part_needs_the_first_pick_to_pass(first: str, sent: int) -> None:
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", TEXT)]
    assert not m.problems, m.problems
    shrine = {"id": "t_shrine", "name": {"en": "Test Shrine"}, "type": "spell",
              "subtype": "normal", "text": "...", "effects": [m.effect]}
    other = "Effect Dragon" if first == "Plain Dragon" else "Plain Dragon"
    duel = Duel("yugioh", cards=[shrine, _dragon("Plain Dragon", "normal"),
                                 _dragon("Effect Dragon", "effect")], setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Test Shrine"], "deck": [other, first]}})
    duel.apply({"do": "activate", "card": "Test Shrine"})
    for _ in range(6):  # the first pick, then (if it may) the second
        d = duel.state.decision
        if d is None:
            break
        pick = next((o["id"] for o in d.options if o.get("card") == duel.ref(first)), None)
        duel.apply({"do": "answer", "choice": pick if pick is not None else duel.default_answer()})
    duel.auto()
    in_gy = [c for c in duel.state.cards.values() if c.zone == "gy" and c.card_id != "t_shrine"]
    assert len(in_gy) == sent
