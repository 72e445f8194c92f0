"""Pictures with every link: for every built-in scenario and every step, each chain link and
each resolving ability the step's frames show (a chain that resolved before the one drawn, a
Duel Masters ability an S-Trigger cut into, the S-Trigger itself, a spell it cast) is in the
data the PNG is drawn from and in the SVG's text, for the open view; on the board's own
chain.svg and chain.png too."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from engine.frames import Frame
from engine.log import text_arg
from engine.scenario import load_scenario, run_scenario
from simulator import pictures, store
from simulator.gallery import find, scenario_index
from simulator.models import Board
from simulator.rendering import Viewer

pytestmark = pytest.mark.django_db


def shown_links(duel, frames: list[Frame]) -> list[tuple[str, str | None]]:
    """The (card, effect) of every link the frames show: on the chain, pushed or popped (the
    effect None for a Yu-Gi-Oh! card activation, which has none)."""
    vw = Viewer(duel, "open")
    out: list[tuple[str, str | None]] = []
    for frame in frames:
        for link in [*frame.chain, *frame.changes.get("pushed", []),
                     *frame.changes.get("popped", [])]:
            item = (vw.name(link["card"]), text_arg(link["effect"], vw.tr)
                    if link["effect"] else None)
            if item not in out:
                out.append(item)
    return out


def drawn(picture: dict, card: str, effect: str | None) -> bool:
    return any(link["card"] == card and (effect is None or link["effect"] == effect)
               for link in picture["links"])


def svg_text(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


@pytest.mark.parametrize("entry", scenario_index(), ids=lambda e: f"{e['game']}/{e['slug']}")
def test_every_link_of_every_step_is_in_the_pictures(entry: dict) -> None:
    duel = run_scenario(load_scenario(entry["path"])).duel
    for k in range(1, len(duel.actions) + 1):
        shown = duel.at(k)
        picture = pictures.chain_picture(shown)
        texts = svg_text(pictures.chain_svg(shown))
        for card, effect in shown_links(shown, duel.frames(k)):
            where = f"step {k}: {card} ({effect or 'card activation'})"
            assert drawn(picture, card, effect), f"{where} is not in the PNG's links"
            assert card in texts, f"{where}: the card is not in the SVG"
            assert effect is None or any(effect in t for t in texts), (
                f"{where}: the effect is not in the SVG")


def test_the_ability_an_s_trigger_cut_into_is_drawn_with_it() -> None:
    """The S-Trigger cuts in while Gatling Cyclone Breaker's ability resolves: both are in the
    picture of the step that cut in, and of the step that resumed it, with the spell cast."""
    duel = run_scenario(load_scenario(find("duel_masters", "s_trigger_cuts_in")["path"])).duel
    first = pictures.chain_picture(duel.at(1))
    assert [(link["card"], link["effect"]) for link in first["links"]] == [
        ("Gatling Cyclone Breaker (teaching card)", "break a shield, then draw"),
        ("Terror Pit", "S-Trigger")]
    second = pictures.chain_picture(duel.at(2))
    assert [link["number"] for link in second["links"]] == [1, 2, 3]
    assert ("Terror Pit", "destroy a creature") in [
        (link["card"], link["effect"]) for link in second["links"]]


def test_a_step_that_resolved_two_chains_draws_both() -> None:
    entry = find("yugioh", "creature_swap_call_of_the_haunted")
    duel = run_scenario(load_scenario(entry["path"])).duel
    picture = pictures.chain_picture(duel.at(2))
    assert picture["heading"] == "Chains resolved"
    assert [link["card"] for link in picture["links"]] == [
        "Creature Swap", "Call of the Haunted", "Black Rose Moonlight Dragon"]


def test_the_board_pictures_of_a_step_name_every_link() -> None:
    scn = load_scenario(find("duel_masters", "s_trigger_cuts_in")["path"])
    duel = run_scenario(scn).duel
    board = store.create_board(game=scn.game, settings=scn.settings, setup=scn.setup,
                                cards=scn.raw_cards, title=scn.title,
                                actions=duel.to_dict()["actions"])
    assert Board.objects.filter(slug=board.slug).exists()
    client = Client(HTTP_HOST="localhost")
    svg = client.get(f"/b/{board.slug}/chain.svg?at=1").content.decode()
    texts = svg_text(svg)
    assert "Gatling Cyclone Breaker (teaching card)" in texts and "Terror Pit" in texts
    png = client.get(f"/b/{board.slug}/chain.png?at=1")
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
