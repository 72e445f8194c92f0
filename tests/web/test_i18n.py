"""Every string the web layer shows is marked for translation, the engine's log included."""

from __future__ import annotations

import re
from pathlib import Path

from simulator.log_messages import LOG_MESSAGES
from simulator.management.commands.logmessages import engine_templates

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_log_templates_are_marked_for_translation() -> None:
    assert LOG_MESSAGES == engine_templates(), "run: python manage.py logmessages"


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
