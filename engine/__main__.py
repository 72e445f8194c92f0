"""Command line: ``python -m engine run FILE`` and ``python -m engine check [PATH...]``."""

from __future__ import annotations

import argparse
import sys
from functools import partial

from .errors import EngineError
from .i18n import LANGUAGES
from .scenario import builtin_scenarios, check_paths, check_scenario, load_scenario, run_scenario


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine",
                                     description="Run and check chain simulator scenarios.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a scenario and print its transcript")
    run.add_argument("file")
    run.add_argument("--preset", help="run under another rule preset (TCG, TCG classic, OCG); "
                     "decisions then take their default answers")
    run.add_argument("--frames", action="store_true",
                     help="print every frame (each instant, moment and decision) of each step, "
                     "with the chain or pending pool at that frame")
    run.add_argument("--lang", choices=LANGUAGES, default="en",
                     help="the language of the transcript (default: en)")
    check = sub.add_parser("check", help="check the expect blocks of scenario files")
    check.add_argument("paths", nargs="*", help="files or folders (default: every built-in)")
    args = parser.parse_args(argv)

    if args.command == "run":
        try:
            scn = load_scenario(args.file)
            settings = dict(scn.settings, preset=args.preset) if args.preset else None
            result = run_scenario(scn, settings=settings, auto_only=bool(args.preset),
                                  frames=args.frames)
        except EngineError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"# {scn.text('title', args.lang)}")
        if scn.source:
            print(f"# source: {scn.source}")
        if args.frames:
            tr = result.duel.translator(args.lang)
            name = partial(result.duel.name_in, lang=tr.lang)
            for frame in (f for step in result.frames for f in step):
                print(frame.line(name, tr))
                for line in frame.chain_lines(name, tr):
                    print(f"    {line}")
        else:
            for line in result.transcript(lang=args.lang):
                print(line)
        failures = check_scenario(scn, result) if not args.preset else []
        for f in failures:
            print(f"EXPECT FAILED: {f}")
        return 1 if failures else 0

    paths = args.paths or builtin_scenarios()
    results = check_paths(paths)
    bad = 0
    for path, failures in results:
        if failures:
            bad += 1
            print(f"FAIL {path}")
            for f in failures:
                print(f"  - {f}")
        else:
            print(f"ok   {path}")
    print(f"{len(results) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
