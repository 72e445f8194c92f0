"""Classroom tools: chain pictures, the QR code of the view link, and embedding."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.test import Client

from engine.scenario import builtin_scenarios, load_scenario
from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}svg"


def _stepped_board(client: Client, path: Path) -> Board:
    scn = load_scenario(path)
    response = client.post(f"/scenarios/{scn.game}/{scn.slug}/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(len(scn.steps)):
        assert client.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    return board


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_chain_picture_is_valid_svg_for_every_scenario(path: Path) -> None:
    client = Client(HTTP_HOST="localhost")
    board = _stepped_board(client, path)
    for query in ("", "?at=1"):
        response = client.get(f"/b/{board.slug}/chain.svg{query}")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("image/svg+xml")
        root = ET.fromstring(response.content)
        assert root.tag == SVG and root.get("viewBox")
        texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert texts, "the picture says something"
    duel = store.duel_of(board)
    chains = [e for e in duel.state.log if e["key"] in ("chain.link", "pending.resolve")]
    if chains:  # the last chain (or resolutions) are drawn with their cards
        last = duel.name(chains[-1]["args"]["card"])
        assert last in client.get(f"/b/{board.slug}/chain.svg").content.decode()


def test_the_qr_code_decodes_to_the_view_link() -> None:
    import segno
    import zxingcpp
    from PIL import Image

    client = Client(HTTP_HOST="localhost")
    board = store.create_board(game="yugioh", setup={})
    response = client.get(f"/b/{board.slug}/qr.svg")
    assert response.status_code == 200 and ET.fromstring(response.content).tag == SVG
    # the served SVG draws the same QR code as this PNG of the same link: decode it
    view_link = f"http://localhost/b/{board.slug}/"
    png = io.BytesIO()
    segno.make(view_link, error="m").save(png, kind="png", scale=6, border=4)
    png.seek(0)
    decoded = [r.text for r in zxingcpp.read_barcodes(Image.open(png).convert("L"))]
    assert decoded == [view_link]
    served = ET.fromstring(response.content)
    expected = io.BytesIO()
    segno.make(view_link, error="m").save(expected, kind="svg", scale=5, border=2, dark="#000",
                                          light="#fff", xmldecl=False)
    assert ET.tostring(served) == ET.tostring(ET.fromstring(expected.getvalue()))


def test_only_the_embed_view_can_be_framed() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _stepped_board(client, next(p for p in builtin_scenarios("yugioh")
                                        if p.stem == "giant_rats_battle"))
    embed = client.get(f"/embed/{board.slug}/")
    assert embed.status_code == 200 and "X-Frame-Options" not in embed.headers
    html = embed.content.decode()
    assert "Step 4 of 4" in html and f"/embed/{board.slug}/?at=3" in html
    assert "hx-post" not in html.replace("hx-post=\"\"", "")  # read-only: no action posts
    assert client.get(f"/embed/{board.slug}/?at=1").status_code == 200
    for url in ("/", f"/b/{board.slug}/", "/rules/", f"/b/{board.slug}/at/1/"):
        assert client.get(url).headers.get("X-Frame-Options") == "DENY", url


def test_the_share_panel_offers_the_iframe_snippet_and_qr_code() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _stepped_board(client, builtin_scenarios("yugioh")[0])
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert f"&lt;iframe src=&quot;http://localhost/embed/{board.slug}/&quot;" in html
    assert '<div class="qr"' in html and "<svg" in html


# ---------------------------------------------------------------------- presenter and followers
def _presented(client: Client) -> Board:
    board = _stepped_board(client, next(p for p in builtin_scenarios("yugioh")
                                        if p.stem == "sangan_caius_tcg_classic"))
    started = client.post(f"/b/{board.slug}/present/")
    assert started.status_code == 302 and started["Location"] == f"/b/{board.slug}/present/"
    assert client.get(f"/b/{board.slug}/present/").status_code == 200
    board.refresh_from_db()
    assert board.presenting
    return board


def test_opening_the_present_or_follow_page_starts_nothing() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _stepped_board(owner, builtin_scenarios("yugioh")[0])
    for client, url in ((student, f"/b/{board.slug}/follow/"),
                        (owner, f"/b/{board.slug}/present/")):
        assert client.get(url).status_code == 200
        board.refresh_from_db()
        assert not board.presenting, url
    assert "Start presenting" in owner.get(f"/b/{board.slug}/present/").content.decode()
    assert student.get(f"/b/{board.slug}/").status_code == 200  # no redirect to follow
    assert student.post(f"/b/{board.slug}/present/").status_code == 403
    board.refresh_from_db()
    assert not board.presenting


def test_only_editors_present() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    assert student.get(f"/b/{board.slug}/present/").status_code == 403
    assert student.post(f"/b/{board.slug}/present", {"at": 0}).status_code == 403
    assert student.post(f"/b/{board.slug}/caption", {"caption": "x"}).status_code == 403
    assert student.get(f"/b/{board.slug}/follow/").status_code == 200


def test_presenter_steps_and_captions_reach_followers() -> None:
    from asgiref.sync import async_to_sync, sync_to_async
    from channels.testing import WebsocketCommunicator

    from simulator.asgi import application

    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)

    async def run() -> None:
        ws = WebsocketCommunicator(application, f"/ws/b/{board.slug}/follow/",
                                   headers=[(b"origin", b"http://localhost")])
        assert (await ws.connect())[0]
        first = await ws.receive_from()
        assert 'id="presentation"' in first and "follows the live board" in first
        response = await sync_to_async(owner.post)(f"/b/{board.slug}/present", {"at": 1})
        assert response.status_code == 200
        moved = await ws.receive_from()
        assert 'data-step="1"' in moved and "shows step 1 of 2" in moved
        assert moved == response.content.decode()
        await sync_to_async(owner.post)(f"/b/{board.slug}/caption",
                                        {"caption": "Why does Sangan go first?"})
        captioned = await ws.receive_from()
        assert "Why does Sangan go first?" in captioned
        await sync_to_async(owner.post)(f"/b/{board.slug}/present", {"at": "live"})
        assert "follows the live board" in await ws.receive_from()
        await ws.disconnect()

    async_to_sync(run)()
    board.refresh_from_db()
    assert board.presenter_at is None and board.captions == {"1": "Why does Sangan go first?"}


def test_a_follower_explores_a_step_on_its_own() -> None:
    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    html = Client(HTTP_HOST="localhost").get(f"/b/{board.slug}/at/0/partials").content.decode()
    assert 'hx-swap-oob="true"' in html and "Set-up" in html
    assert owner.get(f"/b/{board.slug}/at/99/partials").status_code == 404


def test_a_lesson_names_its_chapter_in_the_url() -> None:
    teacher, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    chapters = ["yugioh/amazoness_village_soul_taker", "yugioh/sangan_caius_tcg_classic"]
    response = teacher.post("/lessons/new", {"title": "Missing the timing",
                                             "chapter": chapters})
    assert response.status_code == 302
    slug = response["Location"].split("/")[2]
    assert response["Location"] == f"/lessons/{slug}/1/"
    to_present = teacher.get(f"/lessons/{slug}/2/")
    assert "/present/?lesson=" in to_present["Location"] and "chapter=2" in to_present["Location"]
    to_follow = student.get(f"/lessons/{slug}/2/")
    assert "/follow/?lesson=" in to_follow["Location"]
    page = student.get(to_follow["Location"]).content.decode()
    assert "chapter 2 of 2" in page and f"/lessons/{slug}/1/" in page
    assert student.get(f"/lessons/{slug}/3/").status_code == 404
    assert "Missing the timing" in teacher.get("/").content.decode()


def test_while_presented_the_view_link_follows_the_presenter() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    response = student.get(f"/b/{board.slug}/")
    assert response.status_code == 302 and response["Location"] == f"/b/{board.slug}/follow/"
    assert owner.get(f"/b/{board.slug}/").status_code == 200  # the presenter keeps the board
    assert owner.post(f"/b/{board.slug}/present", {"at": "stop"}).status_code == 302
    assert student.get(f"/b/{board.slug}/").status_code == 200  # the class is over
