"""When several triggers go on one chain, the log says why they are in that order, group by
group: the turn player's mandatory triggers, the non-turn player's, the turn player's optional
ones, the non-turn player's; within a group, who or what set the order (YGO-SEGOC,
YGO-FORCED-ORDER)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from tests.engine.helpers import answer, entries


def watcher(ident: str, *, optional: bool, zone: str = "monster") -> dict[str, Any]:
    """A monster whose trigger meets its timing when another card is destroyed."""
    return {"id": ident, "name": {"en": ident.replace("_", " ").title()}, "type": "monster",
            "subtype": "effect", "level": 4, "atk": 1000, "def": 1000, "attribute": "DARK",
            "race": "Fiend",
            "effects": [{"kind": "trigger", "label": "watch", "wording": "if",
                         "optional": optional, "activate_from": zone,
                         "event": {"type": "destroyed", "card": "other"},
                         "operations": [{"op": "nothing"}]}]}


CARDS = [watcher("tp_must", optional=False), watcher("tp_must_too", optional=False),
         watcher("ntp_must", optional=False), watcher("tp_may", optional=True),
         watcher("ntp_may", optional=True), watcher("tp_hand", optional=True, zone="hand")]


def destroy(p1: dict[str, Any], p2: dict[str, Any], preset: str = "TCG") -> Duel:
    duel = Duel("yugioh", cards=CARDS, settings={"preset": preset}, setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Kuriboh", *p1.get("monster", [])], "hand": p1.get("hand", [])},
        "p2": p2})
    duel.apply({"do": "destroy", "card": "Kuriboh"})
    return duel


def groups(duel: Duel) -> list[tuple[str, list[str], str, str, list[str]]]:
    return [(e["args"]["links"], [duel.name(c) for c in e["args"]["cards"]],
             e["args"]["group"]["key"], e["args"]["order"]["key"], e["rules"])
            for e in entries(duel, "chain.segoc_group")]


@pytest.mark.rule("YGO-SEGOC")
def test_each_group_says_why_it_is_where_it_is() -> None:
    duel = destroy({"monster": ["Tp Must", "Tp May"]}, {"monster": ["Ntp Must", "Ntp May"]})
    answer(duel, "yes")  # Player 1 activates Tp May
    answer(duel, "yes")  # Player 2 activates Ntp May
    assert duel.state.decision is None
    assert groups(duel) == [
        ("1", ["Tp Must"], "segoc.group.tp_mandatory", "segoc.order.alone", ["YGO-SEGOC"]),
        ("2", ["Ntp Must"], "segoc.group.ntp_mandatory", "segoc.order.alone", ["YGO-SEGOC"]),
        ("3", ["Tp May"], "segoc.group.tp_optional", "segoc.order.alone", ["YGO-SEGOC"]),
        ("4", ["Ntp May"], "segoc.group.ntp_optional", "segoc.order.alone", ["YGO-SEGOC"])]
    log = duel.transcript()
    assert ("Chain Link 2: Ntp Must: the mandatory triggers of Player 2, the non-turn player; "
            "the only one of its group (YGO-SEGOC)") in log
    assert any(line.startswith("4 trigger(s) go on one chain together, group by group: the "
                               "turn player's mandatory triggers") for line in log)
    ja = "\n".join(duel.transcript(lang="ja"))
    assert "チェーン2：Ntp Must：非ターン・プレイヤーであるプレイヤー2の強制効果の誘発効果" in ja
    fr = "\n".join(duel.transcript(lang="fr"))
    assert "Maillon de Chaîne 4 : Ntp May : les Effets Déclencheurs facultatifs" in fr


@pytest.mark.rule("YGO-SEGOC")
def test_a_group_ordered_by_its_player_says_so() -> None:
    duel = destroy({"monster": ["Tp Must", "Tp Must Too"]}, {})
    assert duel.state.decision.kind == "order"
    answer(duel, [str(o["id"]) for o in reversed(duel.state.decision.options)])
    assert groups(duel) == [("1-2", ["Tp Must Too", "Tp Must"], "segoc.group.tp_mandatory",
                             "segoc.order.chosen", ["YGO-SEGOC"])]
    assert ("Chain Link 1-2: Tp Must Too, Tp Must: the mandatory triggers of Player 1, the "
            "turn player; Player 1 chose their order (YGO-SEGOC)") in duel.transcript()


@pytest.mark.rule("YGO-FORCED-ORDER")
@pytest.mark.rule("YGO-SEGOC")
def test_hand_triggers_last_names_the_setting() -> None:
    duel = destroy({"monster": ["Tp May"], "hand": ["Tp Hand"]}, {"monster": ["Ntp May"]},
                   preset="OCG")
    for _ in range(3):
        answer(duel, "yes")
    assert [(g[1], g[2]) for g in groups(duel)] == [
        (["Tp May"], "segoc.group.tp_optional"), (["Ntp May"], "segoc.group.ntp_optional"),
        (["Tp Hand"], "segoc.group.tp_hand")]
    assert groups(duel)[-1][4] == ["YGO-SEGOC", "YGO-FORCED-ORDER"]
    assert ("Chain Link 3: Tp Hand: the optional triggers from the hand of Player 1, the turn "
            "player, after all the others (the \"hand triggers last\" setting); the only one of "
            "its group (YGO-SEGOC, YGO-FORCED-ORDER)") in duel.transcript()


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_a_preset_that_fixes_the_order_is_named() -> None:
    from engine.scenario import builtin_scenarios, load_scenario, run_scenario

    path = next(p for p in builtin_scenarios() if p.stem == "sangan_caius_tcg_classic")
    duel = run_scenario(load_scenario(path)).duel
    [entry] = entries(duel, "chain.segoc_group")
    assert entry["args"]["order"]["key"] == "segoc.order.fixed"
    assert entry["rules"] == ["YGO-SEGOC", "YGO-FORCED-ORDER"]
    assert ('the "trigger first" setting fixes their order: a trigger that met its timing '
            "earlier goes first (YGO-SEGOC, YGO-FORCED-ORDER)") in "\n".join(duel.transcript())
