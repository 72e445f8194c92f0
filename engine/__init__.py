"""The chain simulator's rules engine: pure Python, no web framework.

>>> from engine import Duel
>>> duel = Duel("yugioh", setup={"p1": {"monster": [card_name]}})

The public API: :class:`Duel` (apply, legal_actions, undo, replay, to_dict/from_dict),
the card library, scenarios (:func:`load_scenario`, :func:`run_scenario`) and the rule
catalogue (:data:`RULES`), and :func:`replay_under` (a history replayed under a change, with
a :class:`ReplayReport` of what could not be carried), and the rules version
(:data:`RULES_VERSION`, :func:`recheck`: a board made under an older reading, opened today).
"""

from .cards import CardDef, EffectDef, Library, builtin_library, default_library
from .catalogue import RULES, Rule
from .duel import Duel
from .errors import CardDataError, DataError, EngineError, IllegalAction, ScenarioError
from .replay import ReplayReport, replay_under
from .versions import RULES_VERSION, Recheck, recheck

__all__ = [
    "RULES", "RULES_VERSION", "CardDataError", "CardDef", "DataError", "Duel", "EffectDef",
    "EngineError", "IllegalAction", "Library", "Recheck", "ReplayReport", "Rule",
    "ScenarioError", "builtin_library", "default_library", "recheck", "replay_under",
]
