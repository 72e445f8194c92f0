"""Scenario files: a set-up, steps, and what must come out of them (``expect``).

One scenario per YAML file, documented in ``docs/scenarios.md``. :func:`load_scenario`
validates a file (errors name the file, line, step and field), :func:`run_scenario` plays it
on a :class:`~engine.duel.Duel` and :func:`check_scenario` compares the outcome with its
``expect`` block, returning readable differences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import games, refusals
from .cards import DATA_DIR, default_library, line_of, load_yaml_with_lines, parse_cards
from .catalogue import RULES
from .duel import Duel
from .errors import EngineError, IllegalAction, ScenarioError
from .frames import Frame, FrameRecorder
from .i18n import pick, texts_of
from .limits import LimitError, check_duel, check_plain, check_text, spend
from .log import REFUSED_AS_EXPECTED
from .refusals import Refusal, Worded
from .state import PLAYER_KEYS, Card

MAX_TITLE = 200  # characters: the board's title field

SCENARIO_DIR = DATA_DIR / "scenarios"
TOP_KEYS = {"game", "title", "question", "explanation", "source", "rules", "settings", "cards",
            "setup", "steps", "expect", "auto", "description"}
#: older spellings still read: ``description:`` is ``explanation:``
ALIASES = {"description": "explanation"}
FATES = {"activated", "missed", "not_activated", "declined", "negated", "pending", "resolved"}
#: what a step may do: ``do`` an action, ``answer`` a decision, or ``auto`` answer every one
STEP_KINDS = ("do", "answer", "auto")
#: step keys that are the scenario's, not the engine action's: stripped before it is applied
STEP_KEYS = ("__line__", "auto", "expect_refused")
#: the keys that name the player an answer is for (``{answer: X, player: p2}``)
ANSWER_FOR = ("player", "for")
#: every key an ``expect:`` block may hold (docs/scenarios.md documents each)
EXPECT_KEYS = ("chains", "order", "triggers", "all_triggers", "lp", "zones", "positions",
               "power", "atk", "def", "tapped", "counters", "effects", "log")


@dataclass
class Scenario:
    game: str
    title: str
    source: str
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    expect: dict[str, Any]
    settings: dict[str, Any] = field(default_factory=dict)
    cards: list[Any] = field(default_factory=list)
    question: str = ""
    explanation: str = ""
    rules: list[str] = field(default_factory=list)
    #: the title, question and explanation by language (the fields above are the English)
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    auto: bool = False
    file: str = "<scenario>"
    lines: dict[str, Any] = field(default_factory=dict)
    raw_cards: list[dict[str, Any]] = field(default_factory=list)

    def text(self, key: str, lang: str) -> str:
        """The title, question or explanation in ``lang`` (English where it has none)."""
        return pick(self.texts.get(key) or {"en": getattr(self, key)}, lang)

    @property
    def slug(self) -> str:
        return Path(self.file).stem

    def library(self):
        library = default_library(self.game)
        for card in self.cards:
            library.add(card, replace=True)
        return library

    def new_duel(self, settings: dict[str, Any] | None = None) -> Duel:
        try:
            return Duel(self.game, setup=self.setup, settings=settings or self.settings,
                        library=self.library())
        except IllegalAction as exc:
            raise ScenarioError(exc.reason, file=self.file, line=self.lines.get("setup"),
                                field="setup") from exc


@dataclass
class Result:
    scenario: Scenario
    duel: Duel
    failures: list[str]
    frames: list[list[Frame]] = field(default_factory=list)
    #: steps refused as expected: (log entries before it, step number, the refusal)
    refused: list[tuple[int, int, str]] = field(default_factory=list)

    def transcript(self, lang: str = "en") -> list[str]:
        """The duel's transcript in ``lang``, with each step refused as expected where it
        was played, and why (the engine's reason, in ``lang`` too)."""
        lines = self.duel.transcript(lang=lang)
        tr = self.duel.translator(lang)
        template = tr(REFUSED_AS_EXPECTED)
        for at, step, reason in reversed(self.refused):
            lines.insert(at, template.format(step=step, reason=refusals.worded(reason, tr)))
        return lines

    @property
    def ok(self) -> bool:
        return not self.failures


def _plain(value: Any) -> Any:
    from .cards import strip_lines

    return strip_lines(value)


def parse_scenario(raw: Any, file: str) -> Scenario:
    if not isinstance(raw, dict):
        raise ScenarioError("a scenario file is a mapping", file=file, line=1)
    try:  # plain data of a bounded size, before anything is read from it
        check_plain(raw, "the file")
        check_duel(setup=raw.get("setup"), actions=raw.get("steps"), cards=raw.get("cards"),
                   what="the scenario", steps=True)
        for title in _strings(raw.get("title", "")):
            check_text(title, "the title", MAX_TITLE)
    except LimitError as exc:
        raise ScenarioError(exc.reason, file=file, line=1) from None
    _check_vocabulary(raw, file)
    for key in raw:
        if key not in TOP_KEYS and not key.startswith("__"):
            raise ScenarioError(f"unknown key {key!r}; known: {', '.join(sorted(TOP_KEYS))}",
                                file=file, line=line_of(raw, key), field=key)
    game = raw.get("game")
    if not games.known(game):
        raise ScenarioError(f"game must be one of {', '.join(games.names())}", file=file,
                            line=line_of(raw, "game"), field="game")
    for key in ("title", "setup", "steps", "expect"):
        if key not in raw:
            raise ScenarioError(f"missing {key!r}", file=file, line=1, field=key)
    steps = raw["steps"]
    if not isinstance(steps, list):
        raise ScenarioError("steps must be a list", file=file, line=line_of(raw, "steps"),
                            field="steps")
    for i, step in enumerate(steps, 1):
        _check_step(step, file, i, line_of(step) or line_of(raw, "steps"))
    expect = raw["expect"] if raw["expect"] is not None else {}
    if not isinstance(expect, dict):
        raise ScenarioError("expect must be a mapping", file=file,
                            line=line_of(raw, "expect"), field="expect")
    for key in expect:
        if key not in EXPECT_KEYS and not key.startswith("__"):
            raise ScenarioError(f"unknown expect key {key!r}; known: {', '.join(EXPECT_KEYS)}",
                                file=file, line=line_of(expect, key), field=f"expect.{key}")
    explanation = _explanation(raw, file)
    texts = {key: _texts(raw, key, file) for key in ("title", "question") if key in raw}
    if explanation:
        texts["explanation"] = explanation
    cards = parse_cards(raw.get("cards"), file=file, game_hint=game)
    return Scenario(
        game=game, title=texts["title"]["en"], source=str(raw.get("source", "")),
        setup=_plain(raw["setup"]) or {}, steps=[_plain(s) | {"__line__": line_of(s)}
                                                 for s in steps],
        expect=_plain(raw["expect"]) or {}, settings=_plain(raw.get("settings")) or {},
        cards=cards, question=texts.get("question", {}).get("en", ""),
        explanation=(explanation or {}).get("en", ""), rules=list(raw.get("rules") or []),
        texts=texts,
        auto=bool(raw.get("auto", False)), file=file,
        lines={k: line_of(raw, k) for k in TOP_KEYS},
        raw_cards=_plain(raw.get("cards")) or [],
    )


def _check_vocabulary(raw: dict[str, Any], file: str) -> None:
    """Refuse a key the engine does not honour where it is, or a value of the wrong type or
    out of range (engine/vocabulary.py), naming the step (``steps[2].discard`` is step 3's
    field ``discard``) or the field."""
    from .vocabulary import scenario_problem

    problem = scenario_problem(raw)
    if problem is None:
        return
    field_name, step = problem.field, None
    if field_name.startswith("steps["):
        number, _, rest = field_name[len("steps["):].partition("]")
        step, field_name = int(number) + 1, rest.lstrip(".") or "steps"
    raise ScenarioError(problem.message, file=file, line=problem.line, step=step,
                        field=field_name)


def _check_step(step: Any, file: str, i: int, line: int | None) -> None:
    """A step is a mapping with ``do``, ``answer`` or ``auto``; ``expect_refused`` is a rule
    id or a reason text (or a list of them); ``player``/``for`` of an answer is p1 or p2."""
    if not isinstance(step, dict) or not (set(STEP_KINDS) & set(step)):
        raise ScenarioError("a step needs 'do', 'answer' or 'auto'", file=file, line=line,
                            step=i, field="steps")
    refused = step.get("expect_refused")
    if "expect_refused" in step and not (
            isinstance(refused, str) and refused
            or isinstance(refused, list) and refused and all(isinstance(r, str) for r in refused)):
        raise ScenarioError("expect_refused is a rule id or a text the refusal's reason "
                            "contains, or a list of them", file=file, line=line, step=i,
                            field="expect_refused")
    if "answer" in step:
        given = [key for key in ANSWER_FOR if key in step]
        if len(given) > 1 or given and step[given[0]] not in PLAYER_KEYS:
            raise ScenarioError("an answer names the player it is for once, as player: p1 or "
                                "p2 (or for: p1 / p2)", file=file, line=line, step=i,
                                field=given[-1])


def _strings(value: Any) -> list[Any]:
    """The texts of a field given as text or as ``{en: ..., ja: ..., fr: ...}``."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if not str(k).startswith("__")]
    return [value]


def _texts(raw: dict[str, Any], key: str, file: str) -> dict[str, str]:
    """A title or question: text, or a mapping of languages with at least ``en``."""
    value = raw[key]
    try:
        return texts_of(_plain(value) if value is not None else "", key)
    except ValueError as exc:
        raise ScenarioError(str(exc), file=file, line=line_of(raw, key), field=key) from None


def _explanation(raw: dict[str, Any], file: str) -> dict[str, str] | None:
    """The optional ``explanation:`` (the answer to the question, shown after the last step)
    by language; ``description:`` is read as an older spelling of it."""
    given = [key for key in ("explanation", *ALIASES) if key in raw]
    if len(given) > 1:
        raise ScenarioError("give either 'explanation' or its older spelling 'description', "
                            "not both", file=file, line=line_of(raw, given[1]), field=given[1])
    if not given:
        return None
    key = given[0]
    value = raw[key]
    if value is None:
        return None
    try:
        texts = texts_of(_plain(value), key)
    except ValueError:
        raise ScenarioError("explanation must be text: one to three sentences that answer the "
                            "question, citing rule ids (or that text by language: en, ja, fr)",
                            file=file, line=line_of(raw, key), field=key) from None
    return {lang: " ".join(text.split()) for lang, text in texts.items()}


def load_scenario(path: Path | str) -> Scenario:
    path = Path(path)
    shown = _shown(path)
    raw = load_yaml_with_lines(path.read_text(encoding="utf-8"), shown, from_disk=True)
    return parse_scenario(raw, shown)


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def builtin_scenarios(game: str | None = None) -> list[Path]:
    """The built-in scenario files, of one game or of every registered game."""
    folders = [spec.scenario_dir for spec in (
        (games.game(game),) if game else games.games())]
    return sorted(p for folder in folders for p in folder.glob("*.yaml"))


# ---------------------------------------------------------------------- running
def run_scenario(scn: Scenario, *, settings: dict[str, Any] | None = None,
                 auto_only: bool = False, frames: bool = False) -> Result:
    """Play every step; a failing step raises ScenarioError naming the step.

    ``auto_only`` plays only the actions and answers every decision with its default: the way
    to rerun a scenario under another rule preset, where its recorded answers may not fit.
    ``frames``: also record each scenario step's frames (``Result.frames``, one list a step).
    """
    duel = scn.new_duel(settings)
    failures: list[str] = []
    recorded: list[list[Frame]] = []
    refused: list[tuple[int, int, str]] = []
    for i, step in enumerate(scn.steps, 1):
        if auto_only and "do" not in step:
            continue
        spend()  # the computing budget in force, if any (engine.limits.cpu_budget)
        try:  # a refused step has no frames (undoing it replays the history: not recorded)
            refusing = "expect_refused" in step
            duel.recorder = FrameRecorder(duel, i) if frames and not refusing else None
            if refusing:
                problem, refusal = _play_refused(duel, step)
                if problem:
                    failures.append(f"step {i}: {problem}")
                if refusal is None:  # accepted: the next steps were written for a refusal
                    return Result(scn, duel, failures, recorded, refused)
                refused.append((len(duel.state.log), i, refusal))
            else:
                _play_step(duel, step)
                if scn.auto or auto_only:
                    duel.auto()
            if duel.recorder is not None:
                recorded.append(duel.recorder.finish(duel))
            elif frames:
                recorded.append([])
            duel.recorder = None
        except IllegalAction as exc:
            duel.recorder = None
            raise ScenarioError(refusal_text(exc), file=scn.file, line=step.get("__line__"),
                                step=i, field="answer" if "answer" in step else "do") from exc
    if duel.state.decision is not None:
        d = duel.state.decision
        failures.append(f"an unanswered decision remains: Player {d.player + 1} must decide "
                        f"({d.kind}: {', '.join(o['id'] for o in d.options)}); answer it in a "
                        "step or set auto: true")
    return Result(scn, duel, failures, recorded, refused)


def _play_step(duel: Duel, step: dict[str, Any]) -> None:
    action = step_action(duel, step)
    if action is not None:
        duel.apply(action)
    if step.get("auto"):
        duel.auto()


def _play_refused(duel: Duel, step: dict[str, Any]) -> tuple[str | None, str | None]:
    """Play a step that must be refused: what went otherwise (or None), and the refusal's
    text (None: the engine accepted it). A refusal (IllegalAction) leaves the duel as it was,
    so the next steps go on from the same board."""
    try:
        action = step_action(duel, step)
        if action is not None:
            duel.apply(action)
    except IllegalAction as exc:
        return refusal_problem(exc, step["expect_refused"]), refusal_text(exc)
    return (f"expected the engine to refuse this step ({_wanted(step['expect_refused'])}), "
            "but it accepted it"), None


def step_action(duel: Duel, step: dict[str, Any]) -> dict[str, Any] | None:
    """The engine action a scenario step plays (None for a bare ``{auto: true}``).

    An answer that names its player (``player:``/``for:``) must answer that player's
    decision: answering the other player's is refused, naming both players."""
    if "answer" in step:
        decision = duel.state.decision
        meant = next((step[key] for key in ANSWER_FOR if key in step), None)
        if decision is not None and meant is not None and PLAYER_KEYS[decision.player] != meant:
            raise IllegalAction(Refusal(
                "wrong_player", meant=refusals.player(PLAYER_KEYS.index(meant)), meant_key=meant,
                kind=decision.kind, player=refusals.player(decision.player),
                player_key=PLAYER_KEYS[decision.player]), decision.rules)
        return {"do": "answer", "choice": translate_answer(duel, step["answer"])}
    if "do" not in step:
        return None
    return {k: v for k, v in step.items() if k not in STEP_KEYS}


def refusal_problem(exc: IllegalAction, expected: str | list[str]) -> str | None:
    """Why a refusal is not the one a step's ``expect_refused`` names, or None. A rule id
    must be among the refusal's rules; any other text must be part of its reason."""
    for want in [expected] if isinstance(expected, str) else expected:
        if want in RULES:
            if want not in exc.rules:
                return (f"refused as expected, but citing {', '.join(exc.rules) or 'no rule'}, "
                        f"not {want}: {refusal_text(exc)}")
        elif want.lower() not in exc.reason.lower():
            return f"refused as expected, but not for {want!r}: {refusal_text(exc)}"
    return None


def refusal_text(exc: IllegalAction) -> str:
    """A refusal's reason and the rules it cites, as the transcript writes them (in English;
    :meth:`~engine.refusals.Worded.worded` words it in another language)."""
    suffix = f" ({', '.join(exc.rules)})" if exc.rules else ""
    return Worded(exc.reason + suffix, lambda tr: exc.reason_in(tr) + suffix)


def _wanted(expected: str | list[str]) -> str:
    return expected if isinstance(expected, str) else ", ".join(expected)


def translate_answer(duel: Duel, answer: Any) -> Any:
    """Turn a scenario's answer (card names, aliases, yes/no, pass) into option ids."""
    if duel.state.decision is None:
        raise IllegalAction(Refusal("no_decision"))
    return duel.option_ids(answer)


# ---------------------------------------------------------------------- checking
def chains_of(duel: Duel) -> list[list[dict[str, Any]]]:
    """Every chain (or resolution order) the duel built, from its log."""
    chains: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] = []
    for entry in duel.state.log:
        if entry["key"] in ("chain.link", "chain.link_same"):
            current.append({"link": entry["args"]["link"], "card": duel.name(entry["args"]["card"]),
                            "player": PLAYER_KEYS[entry["args"]["player"]],
                            "id": duel.state.cards[entry["args"]["card"]].card_id})
        elif entry["key"] == "chain.done" and current:
            chains.append(current)
            current = []
        elif entry["key"] == "pending.resolve":
            chains.append([{"link": len(chains) + 1, "card": duel.name(entry["args"]["card"]),
                            "player": PLAYER_KEYS[entry["args"]["player"]],
                            "id": duel.state.cards[entry["args"]["card"]].card_id}])
    if current:
        chains.append(current)
    return chains


def check_scenario(scn: Scenario, result: Result | None = None) -> list[str]:
    """Differences between a scenario's outcome and its ``expect`` block (empty: passed)."""
    if result is None:
        result = run_scenario(scn)
    duel = result.duel
    failures = list(result.failures)
    expect = scn.expect
    if "chains" in expect:
        failures += _check_chains(duel, expect["chains"])
    if "order" in expect:
        got = [e["args"]["card"] for e in duel.state.log if e["key"] == "pending.resolve"]
        want = [_ref(duel, r) for r in expect["order"]]
        if got != want:
            failures.append(f"resolution order: expected {[duel.name(x) for x in want]}, "
                            f"got {[duel.name(x) for x in got]}")
    if "triggers" in expect:
        failures += _check_triggers(duel, expect["triggers"], strict=expect.get(
            "all_triggers", True))
    if "lp" in expect:
        for key, lp in expect["lp"].items():
            got = duel.state.lp[PLAYER_KEYS.index(key)]
            if got != lp:
                failures.append(f"{key} LP: expected {lp}, got {got}")
    if "zones" in expect:
        for key, zones in expect["zones"].items():
            player = PLAYER_KEYS.index(key)
            for zone, names in zones.items():
                zone_name = duel.policy.zone_alias(zone)
                got = Counter(duel.state.cards[i].card_id
                              for i in duel.state.zones[player][zone_name])
                want = Counter(_card_id(duel, n) for n in names)
                if got != want:
                    failures.append(
                        f"{key} {zone}: expected {sorted(_shown_names(duel, want.elements()))}, "
                        f"got {sorted(_shown_names(duel, got.elements()))}")
    for key, what in CARD_VALUES.items():
        for ref, want in (expect.get(key) or {}).items():
            got = what(duel, duel.state.cards[_ref(duel, ref)])
            if got != want:
                failures.append(f"{ref} {key.rstrip('s')}: expected {want}, got {got}")
    for ref, counters in (expect.get("counters") or {}).items():
        card = duel.state.cards[_ref(duel, ref)]
        for name, count in counters.items():
            if card.counters.get(name, 0) != count:
                failures.append(f"{ref} {name} counters: expected {count}, got "
                                f"{card.counters.get(name, 0)}")
    if "effects" in expect:
        failures += _check_effects(duel, expect["effects"])
    if "log" in expect:
        text = "\n".join(duel.transcript())
        for needle in expect["log"]:
            if needle not in text:
                failures.append(f"log: expected a line containing {needle!r}")
    return failures


#: ``expect`` keys that compare one value of a card: ATK/DEF (Yu-Gi-Oh!, with every change
#: applied), power (Duel Masters), tapped (Duel Masters), battle position
CARD_VALUES: dict[str, Callable[[Duel, Card], Any]] = {
    "positions": lambda duel, card: card.position,
    "power": lambda duel, card: duel.policy.stat(duel, card, "power"),
    "atk": lambda duel, card: duel.policy.stat(duel, card, "atk"),
    "def": lambda duel, card: duel.policy.stat(duel, card, "def"),
    "tapped": lambda duel, card: card.tapped,
}


def _check_effects(duel: Duel, want: list[dict[str, Any]]) -> list[str]:
    """``effects: [{card, effect, rules}]``: the log entries about that card (and effect:
    its index, or its label) cite each of ``rules``, whether it was activated or not."""
    out = []
    for item in want:
        iid = _ref(duel, item["card"])
        cited = {rule for entry in duel.state.log if _about(duel, entry, iid, item.get("effect"))
                 for rule in entry["rules"]}
        which = item["card"] + (f" effect {item['effect']}" if "effect" in item else "")
        if not cited:
            out.append(f"{which}: expected log entries citing {item.get('rules', [])}, but "
                       "the log has none about it")
            continue
        missing = [rule for rule in item.get("rules", []) if rule not in cited]
        if missing:
            out.append(f"{which}: expected the log to cite {', '.join(missing)}; its entries "
                       f"cite {', '.join(sorted(cited))}")
    return out


def _about(duel: Duel, entry: dict[str, Any], iid: int, effect: Any) -> bool:
    """Is a log entry about card ``iid`` (and its effect ``effect``, an index or label)?"""
    args = entry["args"]
    if args.get("card") != iid and iid not in (args.get("cards") or []):
        return False
    if effect is None:
        return True
    tids = {t.tid: t.effect for t in duel.state.triggers}
    if args.get("tid") in tids:
        return tids[args["tid"]] == effect
    effects = duel.definition(iid).effects
    label = effects[effect].label if isinstance(effect, int) and effect < len(effects) else effect
    return args.get("effect") in (effect, label)


def _ref(duel: Duel, ref: str) -> int:
    return duel.ref(str(ref))


def _card_id(duel: Duel, ref: Any) -> str:
    """The id of the card an ``expect`` entry names, by its name or its id (as the set-up and
    the steps find it: a scenario's own card before a library card of that name); the text
    as it is when no card has that name."""
    definition = duel.library.find(str(ref))
    head, _, num = str(ref).rpartition("#")
    if definition is None and head and num.isdigit():  # "Name#2", the second copy
        definition = duel.library.find(head)
    return definition.id if definition else str(ref)


def _shown_names(duel: Duel, card_ids: Iterable[str]) -> list[str]:
    """Cards named for a failure: the English name, with the id beside a name that finds
    another card (a library card a scenario's own card of that name shadows)."""
    out = []
    for card_id in card_ids:
        if card_id not in duel.library:
            out.append(card_id)
            continue
        name = duel.library[card_id].en
        found = duel.library.find(name)
        out.append(name if found is not None and found.id == card_id else f"{name} ({card_id})")
    return out


def _check_chains(duel: Duel, want: list[list[Any]]) -> list[str]:
    got = chains_of(duel)
    got_ids = [[link["id"] for link in chain] for chain in got]
    want_ids = [[_card_id(duel, link["card"] if isinstance(link, dict) else link)
                 for link in chain] for chain in want]
    if got_ids != want_ids:
        return [f"chains: expected {[_shown_names(duel, c) for c in want_ids]}, "
                f"got {[_shown_names(duel, c) for c in got_ids]}"]
    out = []
    for ci, chain in enumerate(want):
        for li, link in enumerate(chain):
            if isinstance(link, dict) and "player" in link and (
                got[ci][li]["player"] != link["player"]
            ):
                out.append(f"chain {ci + 1} link {li + 1}: expected {link['player']}, "
                           f"got {got[ci][li]['player']}")
    return out


def _check_triggers(duel: Duel, want: list[dict[str, Any]], strict: bool) -> list[str]:
    out = []
    records = list(duel.state.triggers)
    used: set[int] = set()
    for item in want:
        iid = _ref(duel, item["card"])
        fate = item.get("fate")
        if fate not in FATES:
            out.append(f"{item['card']}: unknown fate {fate!r}; one of {', '.join(sorted(FATES))}")
            continue
        candidates = [t for t in records if t.card == iid and t.tid not in used
                      and ("effect" not in item or t.effect == item["effect"])]
        status_ok = [t for t in candidates if _fate(t) == fate]
        if not candidates:
            out.append(f"{item['card']}: expected a trigger ({fate}), but none met its timing")
            continue
        if not status_ok:
            t = candidates[0]
            out.append(f"{item['card']}: expected {fate}, got {_fate(t)} "
                       f"(rules {', '.join(t.rules) or '-'})")
            used.add(t.tid)
            continue
        t = status_ok[0]
        used.add(t.tid)
        if "link" in item and t.link != item["link"]:
            out.append(f"{item['card']}: expected chain link {item['link']}, got {t.link}")
        if "rule" in item and item["rule"] not in t.rules:
            out.append(f"{item['card']}: expected rule {item['rule']} among {t.rules}")
        for rule in item.get("rules", []):
            if rule not in t.rules:
                out.append(f"{item['card']}: expected rule {rule} among {t.rules}")
        if "met_at" in item and t.met_at != item["met_at"]:
            out.append(f"{item['card']}: expected to meet its timing at instant "
                       f"{item['met_at']}, got {t.met_at}")
    if strict:
        for t in records:
            if t.tid not in used:
                out.append(f"{duel.name(t.card)}: a trigger met its timing ({_fate(t)}, "
                           f"rules {', '.join(t.rules) or '-'}) that expect does not list")
    return out


def _fate(t) -> str:
    return {"queued": "pending", "met": "pending", "ready": "pending",
            "resolved": "activated"}.get(t.status, t.status)


def check_paths(paths: list[str | Path]) -> list[tuple[Path, list[str]]]:
    """Check scenario files or folders; returns (file, failures) for each file."""
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        files += sorted(p.rglob("*.yaml")) if p.is_dir() else [p]
    out = []
    for f in files:
        try:
            failures = check_scenario(load_scenario(f))
        except EngineError as exc:
            failures = [str(exc)]
        out.append((f, failures))
    return out
