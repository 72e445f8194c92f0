"""Hidden cards never reach whoever may not see them: for each role (view link, follow page,
embed page, seat 1, seat 2) every page, partial, frame, export, fork, rerun, picture and
websocket message it can reach is searched for the names of the cards it may not see."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import caches
from django.test import Client

from simulator import store
from simulator.asgi import application
from simulator.models import Board

pytestmark = pytest.mark.django_db(transaction=True)


def _monster(ident: str, name: str) -> dict:
    return {"id": ident, "name": {"en": name}, "type": "monster", "subtype": "normal",
            "level": 4, "atk": 1500, "def": 1000, "text": "A plain monster."}


def _trap(ident: str, name: str) -> dict:
    return {"id": ident, "name": {"en": name}, "type": "trap", "subtype": "normal",
            "text": "A trap that does nothing."}


#: every hidden card, by its owner: set up in the hand, the deck, face-down, Set from the
#: hand, placed into the hand by a board edit, moved there from the deck by a board edit
SECRETS = {
    1: {"hand": ("zqa_hand", "Quillon Handsecret"), "deck": ("zqa_deck", "Quillon Decksecret"),
        "down": ("zqa_down", "Quillon Downsecret"), "set": ("zqa_set", "Quillon Setsecret"),
        "placed": ("zqa_placed", "Quillon Placedsecret"),
        "moved": ("zqa_moved", "Quillon Movedsecret"), "late": ("zqa_late", "Quillon Latesecret")},
    2: {"hand": ("zqb_hand", "Varnish Handsecret"), "deck": ("zqb_deck", "Varnish Decksecret"),
        "down": ("zqb_down", "Varnish Downsecret"), "set": ("zqb_set", "Varnish Setsecret"),
        "placed": ("zqb_placed", "Varnish Placedsecret"),
        "moved": ("zqb_moved", "Varnish Movedsecret"), "late": ("zqb_late", "Varnish Latesecret")},
}
PUBLIC = "Plainview Publicmonster"


def _names(player: int) -> list[str]:
    return [name for _ident, name in SECRETS[player].values()]


def _seated_board() -> tuple[Board, Client]:
    cards = [_monster("zq_public", PUBLIC)]
    setup: dict = {"turn_player": "p1", "phase": "main1"}
    for player, secret in SECRETS.items():
        cards += [_monster(*secret[k]) for k in ("hand", "deck", "down", "placed", "moved",
                                                 "late")]
        cards.append(_trap(*secret["set"]))
        setup[f"p{player}"] = {
            "hand": [secret["hand"][1], secret["set"][1]], "deck": [secret["deck"][1]],
            "monster": [{"card": secret["down"][1], "face_up": False, "position": "defense"}]}
    setup["p1"]["monster"].append(PUBLIC)
    board = store.create_board(game="yugioh", setup=setup, cards=cards, title="Hidden test")
    editor = Client(HTTP_HOST="localhost")
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert editor.post(f"/b/{board.slug}/seats", {"version": 0, "seats": "on"}).status_code == 200
    board.refresh_from_db()
    for player, secret in SECRETS.items():
        _act(editor, board, {"do": "place", "player": f"p{player}", "zone": "hand",
                             "card": secret["placed"][1]})
        _act(editor, board, {"do": "place", "player": f"p{player}", "zone": "deck",
                             "card": secret["moved"][1]})
        moved = store.duel_of(board).ref(f"p{player}:{secret['moved'][1]}")
        _act(editor, board, {"do": "move", "card": moved, "zone": "hand"})
    setter = store.duel_of(board).ref(f"p1:{SECRETS[1]['set'][1]}")
    _act(editor, board, {"do": "set", "card": setter})
    return board, editor


def _act(client: Client, board: Board, action: dict) -> str:
    board.refresh_from_db()
    response = client.post(f"/b/{board.slug}/act",
                           {"version": board.version, "action": json.dumps(action)})
    assert response.status_code == 200, response.content.decode()[:500]
    board.refresh_from_db()
    body = response.content.decode()
    if action["do"] != "answer":
        settle(client, board)
    return body


def quiet_answer(decision) -> object:
    """The answer that uses nothing hidden: pass, activate none, go on, do not use."""
    ids = [o["id"] for o in decision.options]
    if decision.prompt == "hidden_triggers":
        return []
    for quiet in ("pass", "no"):
        if quiet in ids:
            return quiet
    return ids if decision.kind == "order" else ids[0]


def settle(client: Client, board: Board) -> None:
    """Answer every open decision (the board's seats are asked at every window) quietly."""
    for _ in range(50):
        decision = store.duel_of(board).state.decision
        if decision is None:
            return
        _act(client, board, {"do": "answer", "choice": quiet_answer(decision)})
    raise AssertionError("the decisions never ended")


def _seat(board: Board, seat: str) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/seat/{getattr(board, seat + '_key')}/")
    return client


def _text(response) -> str:
    body = response.content.decode()
    return body + response.get("Location", "")


def _reachable(client: Client, board: Board) -> list[str]:
    """Every page and partial a browser with this session can fetch on the board."""
    slug = board.slug
    full = store.duel_of(board)
    total = len(full.actions)
    out = [_text(client.get(f"/b/{slug}/")), _text(client.get(f"/b/{slug}/ruling")),
           _text(client.get(f"/b/{slug}/chain.svg")), _text(client.get(f"/b/{slug}/export.yaml"))]
    for k in range(total + 1):
        out += [_text(client.get(f"/b/{slug}/at/{k}/")),
                _text(client.get(f"/b/{slug}/at/{k}/partials")),
                _text(client.get(f"/b/{slug}/chain.svg?at={k}")),
                _text(client.get(f"/embed/{slug}/?at={k}"))]
        if k:
            out.append(_text(client.get(f"/b/{slug}/at/{k}/frames")))
            for n in range(1, len(full.frames(k)) + 1):
                out.append(_text(client.get(f"/b/{slug}/at/{k}/{n}/")))
    for iid in full.state.cards:
        out.append(_text(client.get(f"/b/{slug}/card/{iid}/menu")))
    # copies: every fork and a rerun become boards this browser owns; their whole data counts
    before = set(Board.objects.values_list("slug", flat=True))
    caches["default"].clear()  # each role's copies within its own minute's budget
    for k in range(total + 1):
        assert client.post(f"/b/{slug}/fork", {"at": k}).status_code in (302, 403)
    assert client.post(f"/b/{slug}/rerun", {"preset": "OCG"}).status_code in (302, 400, 403)
    for copy in Board.objects.exclude(slug__in=before):
        out.append(json.dumps(copy.data, ensure_ascii=False))
        out.append(_text(client.get(f"/b/{copy.slug}/")))
        out.append(_text(client.get(f"/b/{copy.slug}/export.yaml")))
        copy.delete()
    return out


def _late_edits(board: Board, editor: Client) -> None:
    for player, secret in SECRETS.items():  # more edits while everyone watches
        _act(editor, board, {"do": "place", "player": f"p{player}", "zone": "hand",
                             "card": secret["late"][1]})
    _act(editor, board, {"do": "next_phase"})


def _sockets_and_follow(board: Board, editor: Client, clients: dict[str, Client],
                        more=_late_edits) -> dict[str, list[str]]:
    """What each role's websockets receive while the editor acts (``more``) and presents,
    and the follow pages it sees at each presented step."""
    got: dict[str, list[str]] = {role: [] for role in clients}

    def headers(client: Client) -> list:
        out = [(b"origin", b"http://localhost")]
        if "sessionid" in client.cookies:
            out.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
        return out

    async def run() -> None:
        sockets = []
        for role, client in clients.items():
            for path in ("", "follow/"):
                ws = WebsocketCommunicator(application, f"/ws/b/{board.slug}/{path}",
                                           headers=headers(client))
                assert (await ws.connect())[0]
                sockets.append((role, ws))
        await sync_to_async(more)(board, editor)
        total = len(board.data["actions"])
        for k in range(total + 1):
            response = await sync_to_async(editor.post)(f"/b/{board.slug}/present",
                                                        {"at": str(k)})
            assert response.status_code == 200
            for role, client in clients.items():
                got[role].append(_text(await sync_to_async(client.get)(
                    f"/b/{board.slug}/follow/")))
        for role, ws in sockets:
            while not await ws.receive_nothing(timeout=0.3):
                got[role].append(await ws.receive_from())
            await ws.disconnect()

    async_to_sync(run)()
    return got


def test_no_role_receives_a_card_it_may_not_see() -> None:
    board, editor = _seated_board()
    clients = {"view": Client(HTTP_HOST="localhost"), "follow": Client(HTTP_HOST="localhost"),
               "embed": Client(HTTP_HOST="localhost"), "p1": _seat(board, "p1"),
               "p2": _seat(board, "p2")}
    forbidden = {"view": _names(1) + _names(2), "follow": _names(1) + _names(2),
                 "embed": _names(1) + _names(2), "p1": _names(2), "p2": _names(1)}
    seen = {"view": PUBLIC, "follow": PUBLIC, "embed": PUBLIC,
            "p1": SECRETS[1]["placed"][1], "p2": SECRETS[2]["moved"][1]}
    texts = _sockets_and_follow(board, editor, clients)
    board.refresh_from_db()
    for role, client in clients.items():
        if role == "embed":
            texts[role] += [_text(client.get(f"/embed/{board.slug}/?at={k}"))
                            for k in range(len(board.data["actions"]) + 1)]
        else:
            texts[role] += _reachable(client, board)
    for role, found in texts.items():
        everything = "\n".join(found)
        assert seen[role] in everything, role  # the search is not vacuous
        leaked = [name for name in forbidden[role] if name in everything]
        assert not leaked, (role, leaked)
    # the editor sees everything: the names really are on the board
    editor_page = editor.get(f"/b/{board.slug}/").content.decode()
    assert SECRETS[2]["late"][1] in editor_page and SECRETS[1]["moved"][1] in editor_page
