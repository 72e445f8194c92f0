"""Damage changed for a time: "this turn, the battle damage you take becomes 0", 「このターン、
自分が受ける全てのダメージは半分になる」.

``change_damage`` keeps the change in :attr:`engine.state.State.lasting` until its ``until``
(the end of the turn, or of the attack being resolved: "the battle damage you take from that
battle becomes 0"); :func:`taken` applies every change that covers a player's damage, when the
damage is dealt (:meth:`engine.duel.Duel.change_lp`), and so does a continuous effect's
``damage_becomes`` while it applies. Damage that becomes 0 is no loss of LP:
nothing "inflicts damage" and no "when you take damage" trigger meets its timing. Paid LP and
lost LP are not damage and are never changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .operations import Context, _players, operation

if TYPE_CHECKING:
    from .duel import Duel

#: a change's ``cause`` and the LP changes it covers (``damage`` is effect damage)
COVERS = {"battle": ("battle",), "effect": ("damage",), "any": ("battle", "damage")}


@operation("change_damage")
def change_damage(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """From now until ``until`` (end_of_turn by default, or end_of_attack), the ``cause``
    (battle, effect or any) damage ``player`` takes (you by default; opponent, both)
    ``becomes`` zero or half (rounded up)."""
    for player in _players(duel, ctx, spec.get("player")):
        duel.state.lasting.append({
            "change": "damage", "player": player, "cause": spec.get("cause", "any"),
            "becomes": spec.get("becomes", "zero"), "until": spec.get("until", "end_of_turn"),
            "source": ctx.source})
        ctx.did_something = True


def taken(duel: Duel, player: int, amount: int, cause: str) -> int:
    """The damage ``player`` takes of ``amount`` dealt by ``cause`` (battle / damage), once
    every change that covers it applied (halved first, then made 0: the order does not change
    the result); each change that changed it is said in the log."""
    for change in [*duel.state.lasting, *_continuous(duel)]:
        if amount <= 0 or change.get("change") != "damage" or change["player"] != player or (
                cause not in COVERS[change["cause"]]):
            continue
        was = amount
        amount = 0 if change["becomes"] == "zero" else -(-amount // 2)
        duel.log("damage.changed", player=player, card=change["source"], amount=amount,
                 was=was)
    return amount


#: whose damage a continuous effect's ``damage_becomes`` changes, seen from its controller
_WHOSE = {"you": (0,), "opponent": (1,), "both": (0, 1)}


def _continuous(duel: Duel) -> list[dict[str, Any]]:
    """The damage changes continuous effects make now, as lasting ones are written: ``apply:
    {damage_becomes: zero | half, damage_cause: battle | effect | any, damage_player: you |
    opponent | both}`` ("While you control a monster, you take no battle damage": its
    ``while_count`` read again each time, YGO-KIND)."""
    st, found = duel.state, []
    for iid in sorted(duel._continuous):
        source = st.cards.get(iid)
        if source is None or not duel.policy.statics_work(duel, source):
            continue
        for e in duel.definition(source).effects:
            apply = e.apply or {}
            if e.kind != "continuous" or "damage_becomes" not in apply or (
                    not duel.policy.count_holds(duel, source, apply.get("while_count"))):
                continue
            for seen in _WHOSE[apply.get("damage_player", "you")]:
                found.append({"change": "damage", "player": seen ^ source.controller,
                              "cause": apply.get("damage_cause", "any"),
                              "becomes": apply["damage_becomes"], "source": iid})
    return found
