"""Yu-Gi-Oh! engine benchmarks: actions on a 40-card board, a trigger storm, replay."""

from __future__ import annotations

import gc
import random
import statistics
import time
from typing import Any

from engine import Duel, IllegalAction
from engine.cards import default_library, parse_card

STORM_CARD = {
    "id": "storm_monster", "name": {"en": "Storm Monster", "ja": "ストーム"},
    "type": "monster", "subtype": "effect", "level": 4, "atk": 1000, "def": 1000,
    "text": "If this card is destroyed and sent to the GY: You gain 100 LP.",
    "effects": [{"kind": "trigger", "wording": "if", "optional": False, "activate_from": "gy",
                 "event": {"type": "sent_to_gy", "card": "self", "destroyed": True},
                 "operations": [{"op": "gain_lp", "amount": 100}]}],
}


def board_40() -> dict[str, Any]:
    """A 40-card board with triggers, responses and chains to build."""
    p1 = {
        "hand": ["Soul Taker", "Monster Reincarnation", "Marauding Captain", "Dandelion",
                 "Mystical Space Typhoon", "Celtic Guardian", "Sangan"],
        "monster": ["Sangan", "Lightning Punisher", "Amazoness Swords Woman"],
        "field": ["Amazoness Village"],
        "spell_trap": [{"card": "Thunder Break", "set": True},
                       {"card": "Mystical Space Typhoon", "set": True},
                       {"card": "Call of the Haunted", "set": True}, "Supply Squad"],
        "deck": ["Kuriboh", "Amazoness Fighter", "Celtic Guardian", "Giant Rat", "Kuriboh",
                 "Celtic Guardian"],
        "gy": ["Zombie Werewolf"],
    }
    p2 = {
        "hand": ["Battle Fader", "Kuriboh", "Mermaid Knight", "Kuriboh"],
        "monster": ["Giant Rat", "Vampire Sucker", {"card": "Man-Eater Bug", "set": True},
                    "Poison Draw Frog"],
        "spell_trap": [{"card": "Magic Jammer", "set": True},
                       {"card": "Solemn Strike", "set": True},
                       {"card": "Thunder Break", "set": True}, "Eisbahn"],
        "deck": ["Celtic Guardian", "Kuriboh", "Amazoness Fighter", "Hydrogeddon", "Kuriboh"],
        "gy": ["Zombie Werewolf"],
    }
    return {"turn_player": "p1", "phase": "main1", "p1": p1, "p2": p2}


def random_actions(n: int, seed: int = 7) -> tuple[list[dict[str, Any]], list[float]]:
    """Apply ``n`` random legal actions on a 40-card board (restarting when play runs dry).

    Returns the actions of the last duel and the time of every successful apply.
    """
    rng = random.Random(seed)
    times: list[float] = []
    duel = Duel("yugioh", setup=board_40())
    assert len(duel.state.cards) == 40
    while len(times) < n:
        actions = duel.legal_actions()
        if not actions or len(duel.actions) > 60:
            duel = Duel("yugioh", setup=board_40())
            continue
        action = rng.choice(actions)
        t0 = time.perf_counter()
        try:
            duel.apply(action)
        except IllegalAction:
            continue  # refused actions are not counted
        times.append(time.perf_counter() - t0)
    return duel.actions, times


def storm(n: int) -> float:
    """N monsters with a mandatory "if destroyed and sent to the GY" trigger, one Dark Hole."""
    library = default_library()
    library.add(parse_card(STORM_CARD, file="<bench>", game_hint="yugioh"))
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Dark Hole"], "monster": ["Storm Monster"] * (n - n // 2)},
             "p2": {"monster": ["Storm Monster"] * (n // 2)}}
    duel = Duel("yugioh", setup=setup, settings={"unlimited_zones": True}, library=library)
    gc.collect()
    gc.disable()  # as timeit does: a collection pass landing in one run is noise, not growth
    try:
        t0 = time.perf_counter()
        duel.apply({"do": "activate", "card": duel.ref("Dark Hole")})
        duel.auto()
        elapsed = time.perf_counter() - t0
    finally:
        gc.enable()
    resolved = sum(1 for t in duel.state.triggers if t.status == "resolved")
    assert resolved == n, (resolved, n)
    return elapsed


def history(n: int = 500, seed: int = 11) -> list[dict[str, Any]]:
    """A legal history of ``n`` actions on one board (edits keep it going)."""
    rng = random.Random(seed)
    duel = Duel("yugioh", setup=board_40())
    while len(duel.actions) < n:
        actions = duel.legal_actions()
        action = rng.choice(actions) if actions else {"do": "set_phase", "phase": "main1"}
        if action["do"] == "next_phase" and duel.state.phase == "end":
            action = {"do": "set_phase", "phase": "main1"}
        try:
            duel.apply(action)
        except IllegalAction:
            continue
        if not duel.legal_actions():
            duel.apply({"do": "place", "player": "p1", "card": "Celtic Guardian",
                        "zone": "hand"})
    return duel.actions


def replay_ratio(actions: list[dict[str, Any]], rounds: int = 5) -> tuple[float, float]:
    """Time to apply a history once, and to replay it, measured alternately."""
    applied, replayed = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        duel = Duel("yugioh", setup=board_40())
        for a in actions:
            duel.apply(a)
        applied.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        again = duel.replay()
        replayed.append(time.perf_counter() - t0)
        assert again.state.to_dict() == duel.state.to_dict()
    return statistics.median(applied), statistics.median(replayed)


def run() -> list[str]:
    lines = ["## Yu-Gi-Oh! engine"]
    _, times = random_actions(1000)
    lines.append(f"median time per action, 40-card board, 1,000 random legal actions: "
                 f"{statistics.median(times) * 1e3:.3f} ms (p95 "
                 f"{sorted(times)[int(len(times) * 0.95)] * 1e3:.3f} ms)")
    storm_times = {}
    for n in (10, 100, 1000):
        storm_times[n] = min(storm(n) for _ in range(7 if n < 1000 else 5))
        lines.append(f"storm N={n:>5}: collect {n} triggers, order them, resolve the chain: "
                     f"{storm_times[n] * 1e3:.1f} ms")
    ratio = storm_times[1000] / storm_times[100]
    lines.append(f"storm ratio t(1000)/t(100) = {ratio:.2f} (goal <= 12, linear)")
    actions = history(500)
    applied, replayed = replay_ratio(actions)
    lines.append(f"500-action history: apply once {applied * 1e3:.1f} ms, replay "
                 f"{replayed * 1e3:.1f} ms, ratio {replayed / applied:.2f} (goal <= 1.2)")
    return lines
