"""Snapshot links: round trips, golden links from past versions, and untrusted input."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.links import MAX_DATA, MAX_LINK, LinkError, decode, encode, open_link
from engine.scenario import builtin_scenarios, load_scenario, run_scenario

GOLDEN = yaml.safe_load((Path(__file__).parent / "golden_links.yaml").read_text("utf-8"))


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_builtin_scenario_round_trips_through_a_link(path: Path) -> None:
    scn = load_scenario(path)
    duel = run_scenario(scn).duel
    link = encode(duel, title=scn.title, cards=scn.raw_cards or None)
    assert len(link) < 2000, "a link must fit wherever a URL goes"
    assert link.isascii() and all(c.isalnum() or c in "-_" for c in link)
    again, data = open_link(link)
    assert again.state.to_dict() == duel.state.to_dict()
    assert data["title"] == scn.title


def test_a_link_can_name_an_earlier_step() -> None:
    scn = load_scenario(builtin_scenarios("yugioh")[0])
    duel = run_scenario(scn).duel
    _, data = open_link(encode(duel, at=0))
    assert data["at"] == 0


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g["made_from"])
def test_golden_links_keep_opening(golden: dict) -> None:
    duel, _ = open_link(golden["link"])
    assert duel.game == golden["game"]
    assert len(duel.actions) == golden["actions"]
    assert duel.state.lp == golden["lp"]
    assert len(duel.state.log) == golden["log_lines"]
    zones = {f"p{p + 1}": {z: len(v) for z, v in duel.state.zones[p].items() if v}
             for p in (0, 1)}
    assert zones == golden["zones"]


def _pack(data: object) -> str:
    raw = json.dumps(data).encode()
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize(("link", "says"), [
    ("", "empty"),
    ("9abc", "newer or unknown version"),
    ("1!!!!", "not valid|incomplete"),
    ("1" + "A" * 40, "not valid|incomplete"),
    ("1" + "x" * (MAX_LINK + 1), "too long"),
])
def test_broken_links_are_refused_with_a_reason(link: str, says: str) -> None:
    with pytest.raises(LinkError, match=says):
        decode(link)


def test_truncated_link_is_refused() -> None:
    scn = load_scenario(builtin_scenarios("yugioh")[0])
    link = encode(run_scenario(scn).duel)
    for cut in (len(link) // 2, len(link) - 3):
        with pytest.raises(LinkError):
            open_link(link[:cut])


def test_compression_bomb_stops_at_the_cap() -> None:
    bomb = zlib.compress(b"[" + b"0," * (MAX_DATA * 4) + b"0]", 9)
    link = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(link) < MAX_LINK
    with pytest.raises(LinkError, match="too much data"):
        decode(link)


@pytest.mark.parametrize("data", [
    [1, 2], {"game": "chess"}, {"game": "yugioh", "actions": "x"},
    {"game": "yugioh", "actions": [1]}, {"game": "yugioh", "at": -1},
    {"game": "yugioh", "at": 5, "actions": []}, {"game": "yugioh", "evil": 1},
    {"game": "yugioh", "setup": {"p1": {"hand": ["No Such Card"]}}},
    {"game": "yugioh", "actions": [{"do": "destroy", "card": 99}]},
    {"game": "yugioh", "actions": [{"do": "normal_summon"}]},
    {"game": "yugioh", "cards": [{"id": "x"}]},
    {"game": "duel_masters", "setup": {"p1": {"battle": [{"nope": 1}]}}},
])
def test_crafted_links_are_refused(data: object) -> None:
    with pytest.raises(LinkError):
        open_link(_pack(data))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_fuzzed_text_never_breaks_the_decoder(text: str) -> None:
    try:
        open_link(text)
    except LinkError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(
                        ["game", "setup", "actions", "at", "cards", "settings", "do", "card",
                         "p1", "hand", "zone", "choice", "yugioh"]), inner, max_size=4),
                    max_leaves=20))
def test_fuzzed_data_never_breaks_the_decoder(data: object) -> None:
    if isinstance(data, dict):
        data.setdefault("game", "yugioh")
    try:
        open_link(_pack(data))
    except LinkError:
        pass
