"""Helpers shared by the engine tests."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.duel import Duel
from engine.errors import IllegalAction
from engine.scenario import chains_of


def new_duel(setup: dict[str, Any], *cards: dict[str, Any], preset: str | None = None) -> Duel:
    """A Yu-Gi-Oh! duel with extra inline cards (the card YAML schema, as mappings)."""
    settings = {"preset": preset} if preset else None
    return Duel("yugioh", setup=setup, settings=settings, cards=list(cards))


def answer(duel: Duel, value: Any) -> None:
    """Answer the open decision by option id, card name or alias."""
    duel.apply({"do": "answer", "choice": value})


def assert_illegal(duel: Duel, action: Any, match: str, rules: list[str] | None = None):
    """The action raises IllegalAction with a readable reason and changes nothing."""
    before = copy.deepcopy(duel.state.to_dict())
    actions = copy.deepcopy(duel.actions)
    with pytest.raises(IllegalAction) as err:
        duel.apply(action)
    reason = err.value.reason
    assert isinstance(reason, str) and reason.strip()
    assert match in reason, reason
    assert "Traceback" not in reason and "KeyError" not in reason
    if rules is not None:
        assert err.value.rules == rules
    assert duel.state.to_dict() == before
    assert duel.actions == actions
    return err.value


def triggers_of(duel: Duel, ref: str) -> list:
    iid = duel.ref(ref)
    return [t for t in duel.state.triggers if t.card == iid]


def only_trigger(duel: Duel, ref: str):
    found = triggers_of(duel, ref)
    assert len(found) == 1, f"expected one trigger for {ref}, got {found}"
    return found[0]


def chain_names(duel: Duel) -> list[list[str]]:
    return [[link["card"] for link in chain] for chain in chains_of(duel)]


def chain_players(duel: Duel) -> list[list[str]]:
    return [[link["player"] for link in chain] for chain in chains_of(duel)]


def entries(duel: Duel, key: str) -> list[dict[str, Any]]:
    return [e for e in duel.state.log if e["key"] == key]


def entries_for(duel: Duel, key: str, ref: str) -> list[dict[str, Any]]:
    iid = duel.ref(ref)
    return [e for e in entries(duel, key) if e["args"].get("card") == iid]


def zone_names(duel: Duel, player: int, zone: str) -> list[str]:
    return sorted(duel.name(i) for i in duel.state.zones[player][zone])


def instants_with(duel: Duel, etype: str, card: str | None = None, **match: Any) -> list[int]:
    """The numbers of every instant that holds an event of this type (about this card)."""
    iid = duel.ref(card) if card else None
    found = []
    for inst in duel.state.instants:
        for ev in inst["events"]:
            if ev["type"] != etype or (iid is not None and ev.get("card") != iid):
                continue
            if all(ev.get(k) == v for k, v in match.items()):
                found.append(inst["n"])
                break
    return found


def instant_of(duel: Duel, etype: str, card: str | None = None, **match: Any) -> int:
    """The number of the (first) instant that holds an event of this type."""
    found = instants_with(duel, etype, card, **match)
    assert found, f"no {etype} event for {card}"
    return found[0]


def decision_cards(duel: Duel) -> list[str]:
    d = duel.state.decision
    assert d is not None
    return [duel.name(o["card"]) for o in d.options if o.get("card") is not None]


def decision_iids(duel: Duel) -> list[int]:
    d = duel.state.decision
    assert d is not None
    return [o["card"] for o in d.options if o.get("card") is not None]


def monster(cid: str, name: str, *effects: dict[str, Any], level: int = 4, atk: int = 1000,
            **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": name, "type": "monster", "subtype": "effect", "level": level,
            "atk": atk, "def": 1000, "effects": list(effects), **extra}


def spell(cid: str, name: str, *operations: dict[str, Any], targets=None,
          subtype: str = "normal") -> dict[str, Any]:
    effect: dict[str, Any] = {"kind": "activation", "activate_from": ["hand", "spell_trap"],
                              "operations": list(operations)}
    if targets:
        effect["targets"] = targets
    return {"id": cid, "name": name, "type": "spell", "subtype": subtype, "effects": [effect]}


def play_randomly(duel: Duel, picks: list[int], *, after: Callable[[Duel], Any] | None = None,
                  narrow: Callable[[list[dict[str, Any]]], list[dict[str, Any]]] | None = None,
                  stop_at_win: bool = False) -> Duel:
    """Random legal play: each pick chooses one of the legal actions (``narrow`` may keep
    some of them, when it keeps any). A refusal must be a rule's, never a Python error turned
    into one; ``after`` checks the duel after each action; ``stop_at_win`` ends the play where
    a duel is won. Replaying the history must give the same state."""
    for pick in picks:
        actions = duel.legal_actions()
        if not actions:
            break
        actions = (narrow(actions) if narrow else None) or actions
        try:
            duel.apply(actions[pick % len(actions)])
        except IllegalAction as exc:  # a rule's refusal, never a Python error turned into one
            assert exc.__cause__ is None, f"the engine broke: {exc.__cause__!r}"
        if stop_at_win and duel.state.winner is not None:
            break  # the duel is over where it stands (an attack that won stays unfinished)
        if after is not None:
            after(duel)
    assert duel.replay().state.to_dict() == duel.state.to_dict(), "replay differs"
    return duel
