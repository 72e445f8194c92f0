"""How the engine words what happened for a reader, in each language: log entries, the names
of players, zones, phases and kinds of card, and refusals.

The site draws every sentence with these; the entries themselves stay data (a key and its
arguments, engine/log.py), so one history reads in English, Japanese and French alike.
"""

from .log import HIDDEN, PHASE_NAMES, card_kind, player_name, render, seen_by, text_arg, zone_name
from .refusals import Refusal, in_each_language, word, worded

__all__ = [
    "HIDDEN", "PHASE_NAMES", "Refusal", "card_kind", "in_each_language", "player_name",
    "render", "seen_by", "text_arg", "word", "worded", "zone_name",
]
