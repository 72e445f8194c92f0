"""Every string the web layer shows is marked for translation (the engine's log has its own
catalogue: tests/engine/test_translations.py)."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_templates_have_no_bare_english_text() -> None:
    """Text between tags in templates goes through {% translate %} / {% blocktranslate %}."""
    offenders = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"{%\s*(blocktranslate|blocktrans)\b.*?{%\s*end\1\s*%}", "", text,
                      flags=re.S)
        text = re.sub(r"{%.*?%}|{{.*?}}|<script.*?</script>|<!--.*?-->", "", text, flags=re.S)
        for chunk in re.findall(r">([^<]+)<", text):
            names = re.sub(r"Yu-Gi-Oh!|Duel Masters|LP", "", chunk)
            if re.findall(r"[A-Za-z]{3,}", names):
                offenders.append(f"{path.name}: {chunk.strip()[:60]}")
    assert offenders == []
