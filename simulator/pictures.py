"""Pictures for slides and handouts: the chain (or the pending pool) as SVG, and QR codes."""

from __future__ import annotations

import io
from typing import Any

import segno
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from engine import Duel
from engine.log import player_name, text_arg

from .rendering import Viewer, _last_chain

ROW = 64
WIDTH = 720


def chain_links(duel: Duel, view: str = "open") -> tuple[str, list[dict[str, Any]]]:
    """The title and the links to draw: the chain now, else the last one that resolved (or,
    in Duel Masters, the pending abilities, else the last ones that resolved)."""
    vw = Viewer(duel, view)
    st = duel.state
    if duel.game == "yugioh":
        if st.chain:
            links = [{"number": link.number, "card": vw.name(link.card),
                      "effect": _effect_label(vw, link.card, link.effect),
                      "controller": player_name(link.controller, vw.tr)}
                     for link in st.chain]
            return _("Chain"), links
        return _("The last chain, resolved"), list(reversed(_last_chain(vw)))
    pending = []
    for n, tid in enumerate(st.queue, 1):
        t = duel.trigger(tid)
        pending.append({"number": n, "card": vw.name(t.card),
                        "effect": _effect_label(vw, t.card, t.effect),
                        "controller": player_name(t.controller, vw.tr)})
    if pending:
        return _("Pending abilities, in order"), pending
    resolved = [e for e in st.log if e["key"] == "pending.resolve"][-8:]
    return _("Resolved abilities, in order"), [
        {"number": n, "card": vw.name(e["args"]["card"]),
         "effect": text_arg(e["args"].get("effect") or "", vw.tr), "controller": ""}
        for n, e in enumerate(resolved, 1)]


def _effect_label(vw: Viewer, iid: int, index: int) -> str:
    if index < 0:
        return _("card activation")
    return text_arg(vw.duel.effect(iid, index).label, vw.tr)


def chain_svg(duel: Duel, *, title: str = "", view: str = "open") -> str:
    heading, links = chain_links(duel, view)
    rows = []
    for i, link in enumerate(reversed(links) if duel.game == "yugioh" else links):
        rows.append({**link, "y": 70 + i * ROW})  # the top of a chain resolves first
    height = 90 + max(1, len(rows)) * ROW
    return render_to_string("simulator/chain.svg", {
        "title": title, "heading": heading, "rows": rows, "width": WIDTH, "height": height,
        "empty": not rows, "game": duel.game,
    })


def qr_svg(url: str, *, standalone: bool = False) -> str:
    """A QR code of a link as SVG (for a classroom screen): inline for a page, or a
    standalone file with its XML namespace."""
    code = segno.make(url, error="m")
    if not standalone:
        return code.svg_inline(scale=5, border=2, dark="#000", light="#fff")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=5, border=2, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode("utf-8")
