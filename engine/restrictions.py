"""What players cannot do while a continuous effect says so: "Neither player can Special Summon
monsters", 「お互いにカードを除外できない」, "Neither player can Tribute cards".

A continuous effect's ``apply: {player_cannot: special_summon | banish | tribute (or a list),
players: both | you | opponent}`` (``both`` by default; ``you`` is the card's controller), with
its ``while_count`` if it has one ("While you control ..."), is read afresh each time, like any
continuous effect (YGO-KIND): while it applies,

- an action of that player that would do it is refused, the board left as it was;
- a card or effect whose cost or resolution would do it cannot be activated (its cost cannot
  be paid, or what it does cannot be done);
- at resolution (the restriction came after the activation) that part does nothing, and the
  log says which card's effect stopped it; a replacement that would banish a card does not
  replace, so the card goes where it was going.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .duel import Duel
    from .state import Card

ACTS = ("special_summon", "banish", "tribute")
PLAYERS = ("both", "you", "opponent")
#: the act each operation does (as a cost or as what the effect does)
OP_ACTS = {"special_summon": "special_summon", "summon_token": "special_summon",
           "fusion_summon": "special_summon", "ritual_summon": "special_summon",
           "banish": "banish", "tribute": "tribute"}
#: the summons that are Special Summons (YGO-INHERENT-SUMMON: an inherent one too)
SPECIAL = ("special", "fusion", "synchro", "xyz", "link", "ritual")


def _acts(apply: dict[str, Any]) -> tuple[str, ...]:
    said = apply.get("player_cannot") or ()
    return (said,) if isinstance(said, str) else tuple(said)


def forbidding(duel: Duel, player: int, act: str) -> Card | None:
    """The card whose continuous effect says ``player`` cannot ``act`` now, or None."""
    st = duel.state
    for iid in sorted(duel._continuous):
        source = st.cards.get(iid)
        if source is None or not duel.policy.statics_work(duel, source):
            continue
        for e in duel.definition(source).effects:
            if e.kind != "continuous" or not e.apply or act not in _acts(e.apply) or (
                    not duel.policy.count_holds(duel, source, e.apply.get("while_count"))):
                continue
            who = e.apply.get("players", "both")
            if who == "both" or (player == source.controller) == (who == "you"):
                return source
    return None


def move_act(to: str, cause_type: str | None) -> str | None:
    """The act a move is, where a restriction may forbid it: banishing, Tributing."""
    if to == "banished":
        return "banish"
    return "tribute" if cause_type == "tributed" else None


def op_forbidden(duel: Duel, player: int, spec: dict[str, Any]) -> tuple[str, Card] | None:
    """The act an operation does and the card forbidding it to ``player`` now, or None."""
    act = OP_ACTS.get(spec.get("op", ""))
    by = forbidding(duel, player, act) if act else None
    return (act, by) if act and by else None

