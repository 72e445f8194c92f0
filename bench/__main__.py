"""``python -m bench``: the engine's benchmarks, each printing figures measured side by side."""

from __future__ import annotations

import importlib

from engine import limits

#: the storms build boards of 1,000 cards and order 1,000 triggers in one answer, past the
#: limits on untrusted input: the benchmarks' own boards and actions are trusted
TRUSTED_LIMITS = {"MAX_CARDS": 5_000, "MAX_ACTION_ITEMS": 5_000, "MAX_ACTION_TEXT": 100_000}


def main() -> int:
    for name, value in TRUSTED_LIMITS.items():
        setattr(limits, name, value)
    for name in ("bench.yugioh", "bench.duel_masters", "bench.links", "bench.frames",
                 "bench.web", "bench.classroom"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if hasattr(module, "run"):
            for line in module.run():
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
