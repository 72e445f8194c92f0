"""``python -m bench``: the engine's benchmarks, each printing figures measured side by side."""

from __future__ import annotations

import importlib


def main() -> int:
    for name in ("bench.yugioh", "bench.duel_masters", "bench.links", "bench.frames",
                 "bench.web"):
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
