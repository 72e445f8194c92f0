"""Duel Masters engine benchmark: a storm of N "when destroyed" abilities in the pending pool."""

from __future__ import annotations

import gc
import time

from engine import Duel
from engine.cards import default_library, parse_card

STORM_CARD = {
    "id": "storm_creature", "name": {"en": "Storm Creature", "ja": "ストーム"},
    "type": "creature", "civilization": "darkness", "cost": 2, "power": 1000,
    "races": ["Hedrian"], "text": "When this creature is destroyed, draw a card.",
    "effects": [{"kind": "trigger", "event": {"type": "destroyed", "card": "self"},
                 "operations": [{"op": "draw", "count": 1}]}],
}


def storm(n: int) -> float:
    """Seconds to collect and resolve N pending abilities of both players, all destroyed at once.

    Both players' creatures are destroyed by one event; each has "when destroyed, draw a card".
    """
    library = default_library("duel_masters")
    library.add(parse_card(STORM_CARD, file="<bench>", game_hint="duel_masters"))
    mine, theirs = n - n // 2, n // 2
    setup = {"turn_player": "p1", "phase": "main",
             "p1": {"battle": ["Storm Creature"] * mine, "deck": ["Burning Mane"] * mine},
             "p2": {"battle": ["Storm Creature"] * theirs, "deck": ["Burning Mane"] * theirs}}
    duel = Duel("duel_masters", setup=setup, settings={"unlimited_zones": True},
                library=library)
    everyone = [iid for zones in duel.state.zones for iid in zones["battle"]]
    gc.collect()
    gc.disable()  # as timeit does: the collector's pauses are not the engine's cost
    try:
        t0 = time.perf_counter()
        duel.apply({"do": "destroy", "cards": everyone})
        duel.auto()
        elapsed = time.perf_counter() - t0
    finally:
        gc.enable()
    resolved = sum(1 for t in duel.state.triggers if t.status == "resolved")
    assert resolved == n and not duel.state.queue, (resolved, n)
    return elapsed


def run() -> list[str]:
    lines = ["## Duel Masters engine"]
    times = {}
    for n in (10, 100, 1000):
        times[n] = min(storm(n) for _ in range(7))
        lines.append(f"storm N={n:>5}: collect {n} pending abilities of both players and "
                     f"resolve them: {times[n] * 1e3:.1f} ms")
    lines.append(f"storm ratio t(1000)/t(100) = {times[1000] / times[100]:.2f} "
                 "(goal <= 12, linear)")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
