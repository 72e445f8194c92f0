"""The Duel Masters part of putting a card text's readings into card-file effects
(engine/classify/to_card.py): its events, and the creature an ability chooses as it
resolves."""

from __future__ import annotations

import re
from typing import Any

from ...classify import EffectReading
from ...classify.to_card import NUM, NUM_K, Pattern, norm, number, of_self

#: (pattern, event) for Duel Masters events, Japanese and English
EVENTS: list[Pattern] = [
    (r"このクリーチャーが(バトルゾーンに)?出た|このクリーチャーを(バトルゾーンに)?出した"
     r"|put this creature into the battle zone"
     r"|this creature is put into the battle zone", of_self("put_into_battle")),
    (r"このクリーチャーが攻撃する|this creature attacks", of_self("attack_declared")),
    (r"このクリーチャーが破壊され|this creature is destroyed", of_self("destroyed")),
    (r"このクリーチャーがバトルに勝|this creature wins a battle", of_self("battle_won")),
    (r"(自分の)?シールドがブレイクされ|your shields? (is|are) broken",
     lambda m: {"type": "shield_broken", "player": "you"}),
    (r"相手のクリーチャーが攻撃する|(one of )?your opponent's creatures attacks",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
]
_CHOICE = re.compile(rf"(?P<whose>相手|自分)のクリーチャーを{NUM}体選|choose {NUM_K} of "
                     r"(?P<who>your opponent's|your) creatures|one of (?P<one>your "
                     r"opponent's|your) creatures")


def choice(reading: EffectReading) -> dict[str, Any] | None:
    """A choice made at resolution ("choose one of your opponent's creatures",
    「相手のクリーチャーを1体選び」), as an operation's ``choose``."""
    m = _CHOICE.search(norm(f"{reading.targets or ''} {reading.operations or ''}").casefold())
    if not m:
        return None
    mine = (m.group("whose") or m.group("who") or m.group("one") or "").startswith(("自分",
                                                                                    "your c"))
    return {"zone": "battle", "controller": "you" if mine else "opponent",
            "count": number(m)}
