"""The rule catalogue: every rule id of RULES.md with its title, statement and sources."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

PATH = Path(__file__).parent / "data" / "rules.yaml"


@dataclass(frozen=True)
class Rule:
    id: str
    game: str
    title: str
    statement: str
    examples: tuple[str, ...]
    sources: tuple[dict[str, str], ...]


def load_rules(path: Path = PATH) -> dict[str, Rule]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {
        e["id"]: Rule(id=e["id"], game=e["game"], title=e["title"],
                      statement=" ".join(str(e["statement"]).split()),
                      examples=tuple(e.get("examples") or ()),
                      sources=tuple(e.get("source") or ()))
        for e in data
    }


RULES: dict[str, Rule] = load_rules()
