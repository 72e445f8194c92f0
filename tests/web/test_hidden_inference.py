"""Hidden means not inferable, in both games: on a board with seats, uniquely named hidden
cards with unique effect labels (a trigger that meets its timing in the hand, a hand trap, the
Extra Deck, face-down shields) leave no trace for whoever may not see them: their names,
labels and card ids are in no page, frame, partial, export, copy, refusal or socket message
that the other seat, a watcher, a follower or a visitor with no cookies receives. And the
windows at which a seat is asked are the same with them and with plain cards in their place.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from simulator import script, store
from simulator.models import Board
from tests.web.test_hidden_leaks import _act, _reachable, _seat, _sockets_and_follow, _text

pytestmark = pytest.mark.django_db(transaction=True)

PUBLIC = {"yugioh": "Plainview Publicmonster", "duel_masters": "Plainview Publiccreature"}


def _ygo_monster(ident: str, name: str, **more: Any) -> dict[str, Any]:
    return {"id": ident, "name": {"en": name}, "type": "monster", "subtype": "effect",
            "level": 4, "atk": 1800, "def": 1000, "text": "A monster.", **more}


def _ygo_cards(secret: bool) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    """The cards, the set-up and every word that must stay hidden from Player 1's side and
    the watchers (names, labels, ids). ``secret`` False: the same hands with plain cards."""
    if secret:
        handtrap = _ygo_monster(
            "zvx_handtrap", "Varnish Handtrapsecret", effects=[{
                "kind": "trigger", "label": "varnishlabel summons itself", "wording": "when",
                "optional": True, "activate_from": "hand", "text": "When attacked directly",
                "event": {"type": "attack_declared", "direct": True, "attacker": "opponent"},
                "operations": [{"op": "special_summon", "card": "self",
                                "position": "defense"}]}])
        quick = _ygo_monster(
            "zvx_quick", "Varnish Quicksecret", effects=[{
                "kind": "quick", "label": "varnishquick gains life", "activate_from": "hand",
                "text": "Discard this card; gain 500 LP.",
                "cost": [{"op": "discard", "card": "self"}],
                "operations": [{"op": "gain_lp", "amount": 500}]}])
    else:
        handtrap = _ygo_monster("zvx_plain1", "Varnish Plainone")
        quick = _ygo_monster("zvx_plain2", "Varnish Plaintwo")
    extra = {"id": "zvx_extra", "name": {"en": "Varnish Extrasecret"}, "type": "monster",
             "subtype": "fusion", "level": 7, "atk": 2500, "def": 2000, "text": "A Fusion."}
    mine_extra = {**extra, "id": "zqx_extra", "name": {"en": "Quillon Extrasecret"}}
    public = _ygo_monster("zq_public", PUBLIC["yugioh"])
    spell = {"id": "zq_spell", "name": {"en": "Plainview Publicspell"}, "type": "spell",
             "subtype": "normal", "text": "Gain 100 LP.",
             "effects": [{"kind": "activation", "label": "plainview gains",
                          "operations": [{"op": "gain_lp", "amount": 100}]}]}
    cards = [handtrap, quick, extra, mine_extra, public, spell]
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"monster": [PUBLIC["yugioh"]], "hand": ["Plainview Publicspell"],
                    "extra": ["Quillon Extrasecret"]},
             "p2": {"hand": [handtrap["name"]["en"], quick["name"]["en"]],
                    "extra": ["Varnish Extrasecret"]}}
    hidden_p2 = ["Varnish Handtrapsecret", "varnishlabel", "zvx_handtrap",
                 "Varnish Quicksecret", "varnishquick", "zvx_quick",
                 "Varnish Extrasecret", "zvx_extra"]
    return cards, setup, hidden_p2


def _ygo_steps(board: Board, editor: Client) -> None:
    _act(editor, board, {"do": "activate", "card": "p1:Plainview Publicspell"})
    _act(editor, board, {"do": "next_phase"})  # the Battle Phase
    _act(editor, board, {"do": "declare_attack", "card": f"p1:{PUBLIC['yugioh']}"})


def _dm_cards(secret: bool) -> tuple[list[dict[str, Any]], dict[str, Any], list[str]]:
    def creature(ident: str, name: str, **more: Any) -> dict[str, Any]:
        return {"id": ident, "name": {"en": name}, "type": "creature", "civilization": "fire",
                "cost": 3, "power": 3000, "races": ["Human"], "text": "A creature.", **more}

    if secret:
        shield = {"id": "zvd_trigger", "name": {"en": "Varnish Shieldtriggersecret"},
                  "type": "spell", "civilization": "light", "cost": 2, "text": "S-Trigger.",
                  "effects": [{"kind": "s_trigger", "label": "varnishtrigger",
                               "text": "Shield trigger.",
                               "event": {"type": "shield_to_hand", "card": "self"}},
                              {"kind": "activation", "label": "varnishtrigger draws",
                               "operations": [{"op": "draw", "count": 1}]}]}
        ninja = creature("zvd_ninja", "Varnish Ninjasecret", effects=[{
            "kind": "ninja_strike", "label": "varnishninja strikes", "text": "Ninja Strike",
            "event": {"type": ["attack_declared", "blocked"],
                      "filter": {"controller": "opponent"}}}])
    else:
        shield = creature("zvd_plain1", "Varnish Plainshieldone")
        ninja = creature("zvd_plain2", "Varnish Plaintwo")
    plain_shield = creature("zvd_shield", "Varnish Shieldplainsecret")
    own_shield = creature("zqd_shield", "Quillon Shieldsecret")
    moved = creature("zvd_moved", "Varnish Movedsecret")
    public = creature("zq_public", PUBLIC["duel_masters"])
    cards = [shield, ninja, plain_shield, own_shield, moved, public]
    setup = {"turn_player": "p1", "phase": "attack",
             "p1": {"battle": [PUBLIC["duel_masters"]], "shield": ["Quillon Shieldsecret"]},
             "p2": {"shield": [shield["name"]["en"], plain_shield["name"]["en"]],
                    "hand": [ninja["name"]["en"], "Varnish Movedsecret"]}}
    hidden_p2 = ["zvd_trigger", "Varnish Ninjasecret", "varnishninja", "zvd_ninja",
                 "varnishtrigger", "Varnish Shieldtriggersecret"]
    return cards, setup, hidden_p2


def _dm_steps(board: Board, editor: Client) -> None:
    moved = store.duel_of(board).ref("p2:Varnish Movedsecret")
    _act(editor, board, {"do": "move", "card": moved, "zone": "shield"})  # face down
    _act(editor, board, {"do": "attack", "card": f"p1:{PUBLIC['duel_masters']}"})


GAMES = {"yugioh": (_ygo_cards, _ygo_steps), "duel_masters": (_dm_cards, _dm_steps)}
#: what stays in the shields, face down, for the whole duel (the attack breaks the S-Trigger's
#: shield, the first): nobody but the editors reads it, its owner included
UNREAD = {"yugioh": [], "duel_masters": ["Varnish Shieldplainsecret", "zvd_shield",
                                         "Quillon Shieldsecret", "zqd_shield"]}
#: put into the shields from Player 2's hand by a board edit: Player 2 saw it before
MOVED = {"yugioh": [], "duel_masters": ["Varnish Movedsecret", "zvd_moved"]}


def _seated(game: str, secret: bool) -> tuple[Board, Client, list[str]]:
    make_cards, steps = GAMES[game]
    cards, setup, hidden_p2 = make_cards(secret)
    board = store.create_board(game=game, setup=setup, cards=cards, title="Inference test")
    editor = Client(HTTP_HOST="localhost")
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert editor.post(f"/b/{board.slug}/seats", {"version": 0, "seats": "on"}).status_code == 200
    board.refresh_from_db()
    steps(board, editor)
    return board, editor, hidden_p2


def _cookieless(board: Board) -> list[str]:
    """A visitor that never keeps a cookie: each page fetched afresh."""
    out = []
    for path in (f"/b/{board.slug}/", f"/embed/{board.slug}/", f"/b/{board.slug}/follow/",
                 f"/b/{board.slug}/ruling", f"/b/{board.slug}/export.yaml",
                 f"/b/{board.slug}/chain.svg"):
        out.append(_text(Client(HTTP_HOST="localhost").get(path)))
    for k in range(len(board.data["actions"]) + 1):
        out.append(_text(Client(HTTP_HOST="localhost").get(f"/b/{board.slug}/at/{k}/")))
        out.append(_text(Client(HTTP_HOST="localhost").get(
            f"/b/{board.slug}/at/{k}/partials")))
    return out


def _refusals(client: Client, board: Board) -> list[str]:
    """What a seat or a watcher is told when it tries what it may not."""
    board.refresh_from_db()
    out = []
    for action in ({"do": "next_phase"}, {"do": "answer", "choice": "yes"},
                   {"do": "answer", "choice": []}):
        out.append(_text(client.post(f"/b/{board.slug}/act", {
            "version": board.version, "action": json.dumps(action)})))
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_no_trace_of_a_hidden_card_reaches_anyone_who_may_not_see_it(game: str) -> None:
    board, editor, hidden_p2 = _seated(game, secret=True)
    # the editor's view holds them all: the search below looks for words that are there
    everything = editor.get(f"/b/{board.slug}/").content.decode()
    assert all(word in everything for word in ("Varnish", "Quillon"))
    full = "\n".join(json.dumps(e, ensure_ascii=False) for e in board.data["actions"])
    assert full  # the editor acted
    clients = {"view": Client(HTTP_HOST="localhost"), "follow": Client(HTTP_HOST="localhost"),
               "p1": _seat(board, "p1"), "p2": _seat(board, "p2")}
    mine_p1 = ["Quillon Extrasecret", "zqx_extra"] if game == "yugioh" else []
    forbidden = {"view": hidden_p2 + mine_p1, "follow": hidden_p2 + mine_p1,
                 "p1": list(hidden_p2), "p2": list(mine_p1), "cookieless": hidden_p2 + mine_p1}
    for role in forbidden:
        forbidden[role] += UNREAD[game] + (MOVED[game] if role != "p2" else [])
    texts = _sockets_and_follow_quietly(board, editor, clients)
    # a lesson with this board as its chapter: what its followers are shown (at its set-up)
    made = editor.post("/lessons/new", {"title": "Lesson", "chapter": board.slug})
    assert made.status_code == 302, made.status_code
    lesson = made["Location"].split("/")[2]
    board.refresh_from_db()
    for role, client in clients.items():
        texts[role] += _reachable(client, board) + _refusals(client, board)
    texts["cookieless"] = _cookieless(board)
    for role, client in [*clients.items(), ("cookieless", Client(HTTP_HOST="localhost"))]:
        for path in (f"/lessons/{lesson}/1/", f"/lessons/{lesson}/follow/"):
            texts[role].append(_text(client.get(path, follow=True)))
    public = PUBLIC[game]
    for role, found in texts.items():
        everything = "\n".join(found)
        assert public in everything, role  # the search is not vacuous
        leaked = [word for word in forbidden[role] if word in everything]
        assert not leaked, (game, role, leaked)
    # each seat does read its own hidden cards, and its own trigger's question
    seat2 = "\n".join(texts["p2"])
    if game == "yugioh":
        assert "Varnish Handtrapsecret" in seat2 and "varnishlabel" in seat2
        assert "Quillon Extrasecret" in "\n".join(texts["p1"])
    else:
        assert "Varnish Shieldtriggersecret: use its S-Trigger?" in seat2


def _sockets_and_follow_quietly(board: Board, editor: Client, clients: dict[str, Client]
                                ) -> dict[str, list[str]]:
    """What each role's sockets and follow pages receive while the editor plays on (a
    Yu-Gi-Oh! battle, a Duel Masters turn's end) and presents every step."""
    def more(board: Board, editor: Client) -> None:
        game = board.game
        _act(editor, board, {"do": "battle"} if game == "yugioh" else {"do": "next_step"})

    return _sockets_and_follow(board, editor, clients, more)


DECISION = re.compile(r'<section id="decision".*?</section>', re.S)
FRAME = re.compile(r'data-frame="[^"]+"><a [^>]*>([^<]*)<')


def _asked_windows(board: Board, client: Client) -> list[str]:
    """The decision panel as ``client`` sees it after each step, whitespace aside, and the
    frames of each step as it lists them (a frame only a seat could fill would count)."""
    out = []
    for k in range(len(board.data["actions"]) + 1):
        page = client.get(f"/b/{board.slug}/at/{k}/partials").content.decode()
        found = DECISION.search(page)
        out.append(" ".join(found[0].split()) if found else "")
        if k:
            frames = client.get(f"/b/{board.slug}/at/{k}/frames").content.decode()
            out.append(" | ".join(FRAME.findall(frames)))
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seat_is_asked_at_the_same_windows_with_or_without_hidden_cards(game: str) -> None:
    secret, _, _ = _seated(game, secret=True)
    plain, _, _ = _seated(game, secret=False)
    secret.refresh_from_db()
    plain.refresh_from_db()
    assert len(secret.data["actions"]) == len(plain.data["actions"])
    asked = 0
    for role in ("p1", "view"):
        a = _asked_windows(secret, _seat(secret, "p1") if role == "p1" else Client())
        b = _asked_windows(plain, _seat(plain, "p1") if role == "p1" else Client())
        assert a == b, role
        asked += sum("waiting for the other player" in x for x in a)
    assert asked  # Player 2 was asked, and that is all anyone else can tell
    # nor does the log count what it does not show: it is numbered as each reader reads it
    for client in (_seat(secret, "p1"), Client()):
        page = client.get(f"/b/{secret.slug}/").content.decode()
        log = page[page.index('id="log-list"'):page.index("</ol>", page.index('id="log-list"'))]
        numbers = [int(n) for n in re.findall(r'<li class="log-[^"]*" value="(\d+)"', log)]
        assert numbers == list(range(1, len(numbers) + 1)) and numbers


@pytest.mark.parametrize("game", list(GAMES))
def test_no_prediction_asks_about_a_hidden_cards_choice(game: str) -> None:
    from simulator import predict

    board, _, hidden_p2 = _seated(game, secret=True)
    board.refresh_from_db()
    asked = []
    for k in range(len(board.data["actions"]) + 1):
        for q in predict.questions(board, k):
            asked.append(" ".join([q.text, *q.options]))
    text = "\n".join(asked)
    assert "hidden card" not in text
    assert not [word for word in hidden_p2 if word in text]


def test_seats_ask_at_every_window_except_while_a_script_is_to_play() -> None:
    from engine.scenario import load_scenario
    from simulator.gallery import scenario_index

    def seats(board: Board, client: Client, **more: str) -> bool:
        board.refresh_from_db()
        answer = client.post(f"/b/{board.slug}/seats",
                             {"version": board.version, "seats": "on", **more})
        assert answer.status_code == 200
        board.refresh_from_db()
        return bool(store.duel_of(board).state.settings.get("always_ask"))

    free, editor, _ = _seated("yugioh", secret=False)
    assert store.duel_of(free).state.settings.get("always_ask")  # on by default
    assert not seats(free, editor, always_ask="off")  # the editor's switch
    assert seats(free, editor, always_ask="on")
    entry = next(e for e in scenario_index() if e["game"] == "yugioh")
    scripted = script.board_from_scenario(load_scenario(entry["path"]))
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{scripted.slug}/edit/{scripted.edit_key}/")
    steps = len(scripted.pending_steps)
    assert steps and not seats(scripted, client)  # the script is played as it was written
    page = client.get(f"/b/{scripted.slug}/").content.decode()
    assert "as the script was written" in page
    for version in range(scripted.version, scripted.version + steps):
        assert client.post(f"/b/{scripted.slug}/step", {"version": version}).status_code == 200
    scripted.refresh_from_db()
    assert not scripted.pending_steps and scripted.follows_script
    assert seats(scripted, client)  # its steps all played: asked at every window from now on
