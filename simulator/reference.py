"""The card vocabulary page (``/cards/vocabulary/``): every mapping a card file (and the card
editor's YAML fields) is written with, each key with what it takes and what it does, in the
reader's language. Its rows come from the engine's vocabulary (engine/vocabulary.py), the
source the tables of docs/cards.md are checked against, so the page and the docs say the same.
"""

from __future__ import annotations

from typing import Any

from engine.games import game as registered
from engine.games import known
from engine.vocabulary import CARDS_MD, GAMES, OP_KEYS, SELECTORS, TABLES, doc_keys
from engine.words import worded

from .language import translator


def vocabulary_sections() -> list[dict[str, Any]]:
    """The page's sections, in the order engine/vocabulary.py defines the card files'
    mappings: each with its name (its anchor), what it is, and its keys as rows (the key,
    what it takes, what it does, the games that alone honour it); then the operations, each
    with its own keys."""
    tr = translator()
    sections = []
    for name, table in TABLES.items():
        if table.doc != CARDS_MD:
            continue
        rows = []
        for key_name, key in doc_keys(name).items():
            only = ([str(tr(registered(g).title)) for g in key.games if known(g)]
                    if tuple(key.games) != tuple(GAMES) else [])
            rows.append({"key": key_name, "takes": worded(key.value.said(), tr),
                         "means": tr(key.means), "only": only, "required": key.required})
        sections.append({"name": name, "what": tr(table.what), "rows": rows})
    operations = [{"op": op, "keys": [k for k in keys if k not in SELECTORS],
                   "selector": bool(set(keys) & set(SELECTORS))}
                  for op, keys in OP_KEYS.items()]
    return [*sections, {"name": "operations", "what": tr("an operation"),
                        "operations": operations}]
