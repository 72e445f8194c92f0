"""Pictures for slides, handouts and link previews: the chain (or the pending pool) as SVG and
PNG, its one-line summary, and QR codes.

Each link names its player, its Spell Speed (Yu-Gi-Oh!) and the rule ids it was added under;
the picture ends with the rule ids of the chain's deciding points (the rules the log cites
from the step that built the chain to the window after it resolved: which triggers met their
timing, which missed it, the order). The PNG is drawn with Pillow, with a CJK font so that
Japanese names render (Noto Sans CJK from Debian's fonts-noto-cjk, found with fc-match; a
plain font, then Pillow's own, when it is missing).
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import segno
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont

from engine import RULES, Duel, EngineError, Frame
from engine.words import player_name, text_arg

from .game_context import has
from .game_words import said
from .rendering import Viewer

ROW = 64
WIDTH = 720
#: the PNG: Open Graph's preferred size (taller when the chain has many links)
PNG_WIDTH, PNG_HEIGHT, PNG_ROW = 1200, 630, 84
MAX_SUMMARY = 200
#: where Debian's fonts-noto-cjk puts its fonts, when fc-match is not there to ask
KNOWN_FONTS = ("/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc",
               "/usr/share/fonts/truetype/dejavu/DejaVuSans{}.ttf")
CHAIN_KEYS = ("chain.link", "chain.link_same")
NOT_DECIDING = ("instant", "chain.resolve", "chain.done")


# ---------------------------------------------------------------------- what is drawn
def chain_links(duel: Duel, view: str = "open") -> tuple[str, list[dict[str, Any]]]:
    """The title and the links to draw (see :func:`chain_picture`)."""
    picture = chain_picture(duel, view)
    return picture["heading"], picture["links"]


def chain_picture(duel: Duel, view: str = "open") -> dict[str, Any]:
    """The chain now, else the last one that resolved (Duel Masters: the pending abilities,
    else the last ones that resolved), with every link the last step showed: a chain that
    resolved earlier in the step, an ability an S-Trigger cut into (see :func:`step_links`).
    ``heading``, ``links`` (number, card, effect, controller, speed, rules) and ``rules``, the
    rule ids of its deciding points."""
    vw = Viewer(duel, view)
    shown = step_links(duel, view)
    if has(duel.game).chain:
        return _yugioh_chain(vw, shown)
    return _pending(vw, shown)


def _frames(duel: Duel) -> list[Frame]:
    """The frames of the duel's last step (those it recorded when it has them)."""
    k = len(duel.actions)
    if not k:
        return []
    kept = duel.recorded_frames.get(k)
    if kept is not None:
        return list(kept)
    try:
        return duel.frames(k)
    except EngineError:  # a history that no longer replays: the picture of the state alone
        return []


def step_links(duel: Duel, view: str = "open") -> list[dict[str, Any]]:
    """Every chain link (Duel Masters: every ability or spell resolving) the frames of the
    duel's last step show, once each, in the order they first appear, as :class:`Frame` links
    (number, card, controller, kind, speed, effect, tid); those ``view`` may read (a hidden
    card's ability not used yet is its player's alone)."""
    vw = Viewer(duel, view)
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for frame in _frames(duel):
        for link in [*frame.chain, *frame.changes.get("pushed", []),
                     *frame.changes.get("popped", [])]:
            key = (link["number"], link["card"], link["tid"])
            if key in out or not vw.sees(link):
                continue
            if link["tid"] is not None and not vw.knows(duel.trigger(link["tid"])):
                continue
            out[key] = link
    return list(out.values())


def _last_index(log: list[dict[str, Any]], keys: tuple[str, ...], before: int) -> int:
    """The index of the last entry of one of ``keys`` before ``before``; -1 if none."""
    return next((i for i in range(before - 1, -1, -1) if log[i]["key"] in keys), -1)


def _deciding(log: list[dict[str, Any]], start: int, end: int,
              vw: Viewer | None = None) -> list[str]:
    """The rule ids of the deciding points in ``log[start:end]`` that ``vw`` may read."""
    rules: list[str] = []
    for entry in log[start:end]:
        if vw is not None and not vw.sees(entry):
            continue
        if entry["key"] not in NOT_DECIDING:
            rules += [r for r in entry["rules"] if r in RULES and r not in rules]
    return rules


def _link(vw: Viewer, args: dict[str, Any], rules: list[str]) -> dict[str, Any]:
    return {"number": args["link"], "card": vw.name(args["card"]),
            "effect": text_arg(args.get("effect") or "", vw.tr),
            "controller": player_name(args["player"], vw.tr),
            "speed": args.get("speed", ""), "rules": [r for r in rules if r in RULES]}


def _yugioh_chain(vw: Viewer, shown: list[dict[str, Any]]) -> dict[str, Any]:
    """The chain now, else the last one resolved; before it (below it: the top of a chain is
    drawn first), the links of the chains the last step resolved earlier."""
    picture, keys, start = _yugioh_last(vw)
    log = vw.duel.state.log
    earlier = []
    for link in shown:
        if (link["number"], link["card"]) in keys:
            continue
        entry = next((log[i] for i in range(start - 1, -1, -1) if log[i]["key"] in CHAIN_KEYS
                      and log[i]["args"]["link"] == link["number"]
                      and log[i]["args"]["card"] == link["card"]), None)
        if entry is not None:
            earlier.append(_link(vw, entry["args"], entry["rules"]))
        else:
            earlier.append(_link(vw, {"link": link["number"], "card": link["card"],
                                      "player": link["controller"], "speed": link["speed"],
                                      "effect": link["effect"] or _("card activation")}, []))
    if not earlier:
        return picture
    heading = picture["heading"] if vw.duel.state.chain else _("Chains resolved")
    return {**picture, "heading": heading, "links": earlier + picture["links"]}


def _yugioh_last(vw: Viewer) -> tuple[dict[str, Any], set[tuple[int, int]], int]:
    """The chain now, else the last one resolved; the (number, card) of its links and the
    index in the log where it starts."""
    log = vw.duel.state.log
    st = vw.duel.state
    if st.chain:
        start = _last_index(log, ("chain.done",), len(log)) + 1
        found = {e["args"]["link"]: e for e in log[start:] if e["key"] in CHAIN_KEYS}
        links = []
        for link in st.chain:
            entry = found.get(link.number)
            args = {"link": link.number, "card": link.card, "player": link.controller,
                    "speed": link.speed,
                    "effect": text_arg(entry["args"].get("effect") or "", vw.tr) if entry
                    else _effect_label(vw, link.card, link.effect)}
            links.append(_link(vw, args, entry["rules"] if entry else []))
        first = _last_index(log, ("action",), len(log))
        return ({"heading": _("Chain"), "links": links,
                 "rules": _deciding(log, max(start, first, 0), len(log), vw)},
                {(link.number, link.card) for link in st.chain}, start)
    done = _last_index(log, ("chain.done",), len(log))
    if done < 0:
        return {"heading": _("The last chain, resolved"), "links": [], "rules": []}, set(), 0
    start = _last_index(log, ("chain.done",), done) + 1
    entries = [e for e in log[start:done] if e["key"] in CHAIN_KEYS]
    first = log.index(entries[0]) if entries else start
    start = max(start, _last_index(log, ("action",), first + 1))
    end = next((i for i in range(done + 1, len(log))
                if log[i]["key"] in ("action", *CHAIN_KEYS)), len(log))
    return ({"heading": _("The last chain, resolved"),
             "links": [_link(vw, e["args"], e["rules"]) for e in entries],
             "rules": _deciding(log, start, end, vw)},
            {(e["args"]["link"], e["args"]["card"]) for e in entries}, first)


def _pending(vw: Viewer, shown: list[dict[str, Any]]) -> dict[str, Any]:
    """The pending abilities, else the last ones resolved; first, every ability and spell the
    last step showed resolving, in the order they started (one an S-Trigger cut into too)."""
    duel, st = vw.duel, vw.duel.state
    log = st.log
    start = max(0, _last_index(log, ("action",), len(log)))
    rules = _deciding(log, start, len(log), vw)
    links = [_resolving(vw, link) for link in shown]
    tids = {link["tid"] for link in shown}
    if st.queue:
        for tid in st.queue:
            t = duel.trigger(tid)
            if not vw.knows(t) or tid in tids:  # a hidden card's ability, not used yet
                continue
            links.append({"number": 0, "card": vw.name(t.card),
                          "effect": _effect_label(vw, t.card, t.effect),
                          "controller": player_name(t.controller, vw.tr), "speed": "",
                          "rules": [r for r in t.rules if r in RULES]})
        return {"heading": _("Pending abilities, in order"), "rules": rules,
                "links": [{**link, "number": n} for n, link in enumerate(links, 1)]}
    if not links:
        resolved = [e for e in log if e["key"] == "pending.resolve"][-8:]
        links = [{"number": 0, "card": vw.name(e["args"]["card"]),
                  "effect": text_arg(e["args"].get("effect") or "", vw.tr),
                  "controller": player_name(e["args"]["player"], vw.tr)
                  if "player" in e["args"] else "", "speed": "",
                  "rules": [r for r in e["rules"] if r in RULES]} for e in resolved]
    return {"heading": _("Resolved abilities, in order"), "rules": rules,
            "links": [{**link, "number": n} for n, link in enumerate(links, 1)]}


def _resolving(vw: Viewer, link: dict[str, Any]) -> dict[str, Any]:
    """A Duel Masters ability or spell a frame showed resolving, as the picture draws it: an
    ability with the rules its trigger was judged under, a spell with those it was cast under."""
    duel = vw.duel
    if link["tid"] is not None:
        rules = duel.trigger(link["tid"]).rules
    else:
        rules = next((e["rules"] for e in reversed(duel.state.log)
                      if e["key"] in ("spell.cast", "spell.resolve")
                      and e["args"].get("card") == link["card"]), [])
    return {"number": 0, "card": vw.name(link["card"]),
            "effect": text_arg(link["effect"] or "", vw.tr),
            "controller": player_name(link["controller"], vw.tr), "speed": "",
            "rules": [r for r in rules if r in RULES]}


def _effect_label(vw: Viewer, iid: int, index: int) -> str:
    if index < 0:
        return said(vw.duel.game, "card activation")
    return text_arg(vw.duel.policy.effect_label(vw.duel.effect(iid, index)), vw.tr)


def _detail(link: dict[str, Any]) -> str:
    """The second line of a link: its effect, player, Spell Speed and rule ids."""
    parts = [link["effect"]] if link["effect"] else []
    if link["controller"]:
        parts.append(link["controller"])
    if link["speed"]:
        parts.append(_("Spell Speed %(n)s") % {"n": link["speed"]})
    if link["rules"]:
        parts.append(", ".join(link["rules"]))
    return " · ".join(parts)


def _rows(duel: Duel, links: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The links top to bottom: the top of a chain (it resolves first) first."""
    ordered = reversed(links) if has(duel.game).chain else links
    return [{**link, "detail": _detail(link)} for link in ordered]


def summary(duel: Duel, question: str = "", view: str = "open") -> str:
    """One line for a link preview: the question, else the chain and its deciding rules."""
    if question:
        return _clip(question)
    picture = chain_picture(duel, view)
    if not picture["links"]:
        return _("A board of the chain simulator: nothing has been activated yet.")
    names = "; ".join(f"{link['number']}. {link['card']} ({link['controller']})"
                      if link["controller"] else f"{link['number']}. {link['card']}"
                      for link in picture["links"])
    rules = f" — {', '.join(picture['rules'])}" if picture["rules"] else ""
    return _clip(f"{picture['heading']}: {names}{rules}")


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_SUMMARY else text[:MAX_SUMMARY - 1].rstrip() + "…"


# ---------------------------------------------------------------------- SVG
def chain_svg(duel: Duel, *, title: str = "", view: str = "open") -> str:
    picture = chain_picture(duel, view)
    rows = [{**row, "y": 70 + i * ROW} for i, row in enumerate(_rows(duel, picture["links"]))]
    height = 130 + max(1, len(rows)) * ROW
    return render_to_string("simulator/chain.svg", {
        "title": title, "heading": picture["heading"], "rows": rows, "width": WIDTH,
        "height": height, "empty": not rows, "game": duel.game, "rules": picture["rules"],
        "rules_y": height - 24,
    })


# ---------------------------------------------------------------------- PNG
def _fc_match(pattern: str) -> str:
    if not shutil.which("fc-match"):
        return ""
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True,
                             text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip()


@functools.cache
def font_path(bold: bool = False) -> str:
    """A font file that has Japanese glyphs (Noto Sans CJK), else a plain one; "" if none."""
    style = "Bold" if bold else "Regular"
    found = _fc_match(f"Noto Sans CJK JP:style={style}")
    if "CJK" in found and Path(found).exists():
        return found
    for pattern in KNOWN_FONTS:
        path = pattern.format("-Bold" if bold and "dejavu" in pattern else style
                              if "noto" in pattern else "")
        if Path(path).exists():
            return path
    return ""


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path(bold)
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def chain_png(duel: Duel, *, title: str = "", view: str = "open") -> bytes:
    """The chain picture as a PNG (1200 x 630 or taller), drawn with Pillow."""
    picture = chain_picture(duel, view)
    rows = _rows(duel, picture["links"])
    height = max(PNG_HEIGHT, 190 + max(1, len(rows)) * PNG_ROW)
    image = Image.new("RGB", (PNG_WIDTH, height), "#ffffff")
    draw = ImageDraw.Draw(image)
    big, bold, plain, small = _font(40, True), _font(28, True), _font(22), _font(20)
    inner = PNG_WIDTH - 96
    draw.text((48, 30), _fit(draw, picture["heading"], big, inner), font=big, fill="#1d1d27")
    if title:
        draw.text((48, 82), _fit(draw, title, plain, inner), font=plain, fill="#5b5b6b")
    for i, row in enumerate(rows):
        top = 130 + i * PNG_ROW
        draw.rounded_rectangle((48, top, PNG_WIDTH - 48, top + 72), radius=14,
                               fill="#f3f4fd", outline="#3a4fd8", width=3)
        draw.ellipse((62, top + 12, 110, top + 60), fill="#3a4fd8")
        draw.text((86, top + 36), str(row["number"]), font=bold, fill="#ffffff", anchor="mm")
        draw.text((128, top + 6), _fit(draw, row["card"], bold, inner - 100), font=bold,
                  fill="#1d1d27")
        draw.text((128, top + 42), _fit(draw, row["detail"], small, inner - 100), font=small,
                  fill="#3d3d4d")
    if not rows:
        draw.text((48, 140), _("Nothing to show yet."), font=plain, fill="#5b5b6b")
    if picture["rules"]:
        words = _("Deciding rules: %(rules)s") % {"rules": ", ".join(picture["rules"])}
        draw.text((48, height - 50), _fit(draw, words, plain, inner), font=plain,
                  fill="#1d1d27")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# ---------------------------------------------------------------------- QR codes
@functools.lru_cache(maxsize=1024)
def qr_svg(url: str, *, standalone: bool = False) -> str:
    """A QR code of a link as SVG (for a classroom screen): inline for a page (scalable, with
    the whole quiet zone: its size is the page's), or a standalone file with its XML
    namespace. A board's links never change, so each is encoded once (its mask search is a
    tenth of a board page's time)."""
    code = segno.make(url, error="m")
    if not standalone:
        return code.svg_inline(border=4, dark="#000", light="#fff", omitsize=True)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=5, border=2, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode("utf-8")
