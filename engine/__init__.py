"""The chain simulator's rules engine: pure Python, no web framework.

>>> from engine import Duel
>>> duel = Duel("yugioh", setup={"p1": {"monster": [card_name]}})

The public API is what this module exports, and these modules with a job of their own:
``engine.games`` (the registry of games), ``engine.words`` (wording for a reader),
``engine.classify`` (reading a card's text), ``engine.links`` (share links), ``engine.limits``
(what an input may be), ``engine.i18n`` (the engine's catalogues) and ``engine.vocabulary``
(the keys of card and scenario files). Every other module is the engine's own.

Here: :class:`Duel` (apply, legal_actions, undo, copy, at, frames, to_dict/from_dict), the
card library, scenarios (:func:`load_scenario`, :func:`run_scenario`), the rule catalogue
(:data:`RULES`), :func:`replay_under` (a history replayed under a change, with a
:class:`ReplayReport` of what could not be carried), and the rules version
(:data:`RULES_VERSION`, :func:`recheck`: a board made under an older reading, opened today).
"""

from . import games
from .cards import (
    WORDINGS,
    CardDef,
    EffectDef,
    Library,
    builtin_card_files,
    builtin_library,
    default_library,
    load_yaml_with_lines,
    one_card_per_name,
    parse_cards,
)
from .catalogue import RULES, Rule
from .duel import Duel
from .errors import CardDataError, DataError, EngineError, IllegalAction, ScenarioError
from .frames import Frame
from .protection import negated_by
from .replay import ReplayReport, replay_under
from .rules import placement_problem, zones_for
from .scenario import (
    Scenario,
    builtin_scenarios,
    load_scenario,
    parse_scenario,
    refusal_problem,
    refusal_text,
    run_scenario,
    step_action,
    translate_answer,
)
from .state import State, hidden_from
from .versions import RULES_VERSION, Recheck, VersionError, outcome, recheck

#: the modules besides this one that are part of the public API
PUBLIC_MODULES = ("engine", "engine.games", "engine.words", "engine.classify", "engine.links",
                  "engine.limits", "engine.i18n", "engine.vocabulary")

__all__ = [
    "PUBLIC_MODULES", "RULES", "RULES_VERSION", "WORDINGS", "CardDataError", "CardDef",
    "DataError", "Duel", "EffectDef", "EngineError", "Frame", "IllegalAction", "Library",
    "Recheck", "ReplayReport", "Rule", "Scenario", "ScenarioError", "State", "VersionError",
    "builtin_card_files", "builtin_library", "builtin_scenarios", "default_library", "games",
    "hidden_from", "load_scenario", "load_yaml_with_lines", "negated_by", "one_card_per_name",
    "outcome", "parse_cards", "parse_scenario", "placement_problem", "recheck",
    "refusal_problem", "refusal_text", "replay_under", "run_scenario", "step_action",
    "translate_answer", "zones_for",
]
