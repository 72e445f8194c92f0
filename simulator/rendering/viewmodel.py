"""The board's view-model: engine state -> what the partials show (the mat's sides, zones
and tiles, the chain and the pending pool, the triggers, the decision, the log).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from engine import RULES, Duel, negated_by
from engine.words import player_name, render, text_arg

from ..game_context import has, web
from ..game_words import said
from ..language import board_title, card_names
from ..models import Board
from .viewer import Viewer
from .words import (
    COUNTER_NAMES,
    STATUS_LABELS,
    TILE_STATES,
    WORDING_LABELS,
    ZONE_LABELS,
    _action_label,
    _order_positions,
    choice_prompt,
    duel_phase_name,
)

#: the zones whose cards the mat does not list
HIDDEN_ZONES = {"deck"}


def _frame_class(definition: Any) -> str:
    """The tile's frame colour: the card type (Yu-Gi-Oh!), or the civilization (Duel
    Masters), as the game's web data says (``FRAME``)."""
    if web(definition.game).FRAME == "civilization":
        civ = definition.civilization or "colourless"
        return f"civ-{civ}" + (" dm-spell" if definition.type == "spell" else "")
    if definition.type in ("monster", "token"):
        return f"frame-{definition.subtype if definition.subtype != 'flip' else 'effect'}"
    return f"frame-{definition.type}"


def _card_view(vw: Viewer, iid: int, marks: dict[int, list[str]],
               menus: dict[int, list[dict[str, Any]]],
               trigger_state: dict[int, str] | None = None) -> dict[str, Any]:
    duel = vw.duel
    card = duel.state.cards[iid]
    if vw.hidden(iid):
        return {"iid": iid, "name": _("face-down card"), "hidden": True, "face_up": False,
                "marks": [], "menu": [], "stats": "", "state": "", "text": "", "ja": "",
                "frame": "frame-hidden", "level": "", "tapped": card.tapped,
                "position": card.position, "trigger": ""}
    definition = duel.definition(card)
    stats, level = [], ""
    materials = []
    values: list[tuple[Any, Any]] = []  # (now, printed) of each stat the tile shows
    numbers = web(definition.game).NUMBERS
    if numbers == "level_atk_def" and definition.type in ("monster", "token"):
        level = _monster_level(definition)
        values = [(duel.policy.stat(duel, card, "atk"), definition.atk),
                  (duel.policy.stat(duel, card, "def"), definition.defense)]
        if definition.subtype == "link":
            values = values[:1]
        stats = [_stats("/".join(str(now) for now, _p in values),
                        "/".join(str(printed) for _n, printed in values))]
        materials = [vw.name(i) for i in card.under]
    elif numbers == "cost_power":
        power = duel.stat(card, "power") if definition.type != "spell" else None
        level = f"{_('Cost')} {definition.cost}"
        values = [(power, definition.power)] if power is not None else []
        stats = [_stats(f"{power}", f"{definition.power}")] if power is not None else []
    status = (trigger_state or {}).get(iid, "")
    state = []
    if not card.face_up:
        state.append(_("face-down"))
    state += _equip_state(duel, card)
    if card.zone == "monster":
        state.append(pgettext("battle position", "Defense") if card.position == "defense"
                     else pgettext("battle position", "Attack"))
    if card.tapped:
        state.append(_("tapped"))
    negated = (duel.policy.on_field(card) and card.face_up  # a Set card shows nothing of itself
               and negated_by(duel, card) is not None)
    if negated:
        state.append(_("effects negated"))
    counters = [{"name": COUNTER_NAMES[name] if name in COUNTER_NAMES
                 else name.replace("_", " ").capitalize(), "count": count}
                for name, count in sorted(card.counters.items())]
    state += [_("%(name)s counters: %(count)d") % c for c in counters]
    return {
        "iid": iid, **card_names(definition),
        "type": definition.type, "subtype": definition.subtype,
        "frame": _frame_class(definition), "level": level,
        "trigger": said(duel.game, TILE_STATES[status]) if status in TILE_STATES else "",
        "trigger_key": status if status in TILE_STATES else "",
        "stats": " · ".join(stats), "state": ", ".join(state), "face_up": card.face_up,
        "stat_now": [{"value": now, "moved": _moved(now, printed)} for now, printed in values],
        "stat_changed": any(str(now) != str(printed) for now, printed in values),
        "tapped": card.tapped, "position": card.position, "marks": marks.get(iid, []),
        "menu": menus.get(iid, []), "owner": card.owner, "controller": card.controller,
        "materials": materials,
        "negated": negated,
        "counters": counters,
    }


def tile_view(duel: Duel, iid: int) -> dict[str, Any]:
    """One card's tile as the board draws it, seen by an editor (the card editor's preview)."""
    return _card_view(Viewer(duel), iid, {}, {})


def _stats(now: str, printed: str) -> str:
    """The current ATK/DEF or power, and the printed value beside it when they differ."""
    if now == printed:
        return now
    return _("%(now)s (printed %(printed)s)") % {"now": now, "printed": printed}


def _moved(now: Any, printed: Any) -> str:
    """How a stat moved from its printed value: "up", "down" or "" (the tile marks it)."""
    try:
        return "up" if int(now) > int(printed) else "down" if int(now) < int(printed) else ""
    except (TypeError, ValueError):  # a "?" printed value
        return "" if str(now) == str(printed) else "up"


def _equip_state(duel: Duel, card: Any) -> list[str]:
    """Which card an Equip Spell is equipped to, and what a monster is equipped with."""
    policy, st = duel.policy, duel.state
    target = policy.equipped_to(duel, card)
    out = [_("equipped to %(card)s") % {"card": duel.definition(target).en}] if target else []
    for other in (c for zone in web(duel.game).EQUIP_ZONES for c in st.all_cards_in(zone)):
        if other.face_up and policy.equipped_to(duel, other) is card:
            out.append(_("equipped with %(card)s") % {"card": duel.definition(other).en})
    return out


def _monster_level(definition: Any) -> str:
    """A Yu-Gi-Oh! monster's Level, an Xyz Monster's Rank or a Link Monster's Link Rating."""
    if definition.subtype == "xyz":
        return _("Rank %(n)s") % {"n": definition.rank}
    if definition.subtype == "link":
        return _("LINK-%(n)s") % {"n": definition.link}
    return f"{_('Level')} {definition.level}"


def view_model(board: Board, duel: Duel, message: str = "", view: str = "open",
               legal: list[dict[str, Any]] | None = None, log_from: int = 0,
               decision_error: str = "", kept: dict[str, Any] | None = None,
               neutral: bool = False) -> dict[str, Any]:
    """Everything the partials show. ``message`` goes to the page's message area;
    ``decision_error`` (why an answer was refused) is shown beside the decision itself.
    ``kept``: the view-model of a state that differs from this one only in life points and
    history (:func:`same_mat`), for the same viewer and language: its mat (taken with this
    state's life points), its triggers, its last chain (see :func:`_last_chain`) and, for the
    same legal actions, its buttons are this one's, and are not worked out again.
    ``neutral``: the room is answering a question, so nothing is shown in the order the rules
    will take or marked as next (the pending pool by player and age, see :func:`_pool_view`).
    """
    vw = Viewer(duel, view)
    st = duel.state
    if legal is None:
        legal = duel.legal_actions() if st.decision is None else []
    if view != "open":  # seats act through their decisions only; the public watches
        legal = []
    menus: dict[int, list[dict[str, Any]]] = {}  # card menus load when opened
    if kept is not None and kept["legal"] == legal:
        global_actions = kept["global_actions"]
    else:
        global_actions = [{"label": _action_label(a, duel), "json": json.dumps(a)}
                          for a in legal if "card" not in a or a["do"] == "battle"]
    marks = chain_marks(vw)
    last_chain: tuple = ([], 0, 0)
    if not st.chain and has(duel.game).chain:
        last_chain = _last_chain(vw, kept["last_chain_read"] if kept is not None else None)
    if kept is not None:
        sides = [{**side, "lp": st.lp[side["player"]]} for side in kept["sides"]]
    else:
        sides = _sides(vw, marks, menus)
    return {
        "board": board, "duel": duel, "game": duel.game, "has": has(duel.game),
        "presets": web(duel.game).PRESETS, "version": board.version,
        "title": board_title(board), "preset": duel.settings.get("preset", ""), "sides": sides,
        "turn": st.turn, "turn_player": player_name(st.turn_player, vw.tr),
        "phase": vw.tr(duel_phase_name(duel)), **chain_shown(vw, neutral),
        "last_chain": last_chain[0],
        "triggers": kept["triggers"] if kept is not None else _triggers_view(vw),
        "decision": _decision_view(vw),
        "log": _log_view(vw, log_from), "global_actions": global_actions,
        "message": message, "decision_error": decision_error,
        "pending_steps": len(board.pending_steps),
        "view": view, "viewer": vw, "legal": legal, "last_chain_read": last_chain,
        "neutral": neutral,
        # the mat's looks for the frames (simulator.playback), with the mat they were read from
        "looks": kept.get("looks") if kept is not None else None,
    }


def chain_marks(vw: Viewer) -> dict[int, list[str]]:
    """Each card's chain-link badges ("CL2"; a Duel Masters ability is "resolving")."""
    duel = vw.duel
    marks: dict[int, list[str]] = {}
    numbered = has(duel.game).chain
    for link in duel.state.chain:
        marks.setdefault(link.card, []).append(
            _("CL%(n)s") % {"n": link.number} if numbered else _("resolving"))
    return marks


def mat_sides(vw: Viewer) -> list[dict[str, Any]]:
    """The mat's two sides as the board partial draws them (see :func:`_sides`)."""
    return _sides(vw, chain_marks(vw), {})


def mat_zones(sides: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each zone of a mat's sides by its key (``p1:hand``)."""
    return {f"{side['key']}:{zone['name']}": zone
            for side in sides for row in side["rows"] for zone in row}


def _sides(vw: Viewer, marks: dict[int, list[str]],
           menus: dict[int, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The mat's two sides, the opponent's first: their zones in rows, each with its cards."""
    duel, st = vw.duel, vw.duel.state
    sides = []
    trigger_state = {t.card: t.status for t in st.triggers}
    for player in (1, 0):
        rows = []
        for row in web(duel.game).MAT:
            zones = []
            for zone, slots in row:
                if zone not in st.zones[player]:
                    continue
                iids = st.zones[player][zone]
                hidden = zone in HIDDEN_ZONES
                cards = [] if hidden else [_card_view(vw, i, marks, menus, trigger_state)
                                           for i in iids]
                zones.append({
                    "name": zone, "label": ZONE_LABELS.get(zone, zone), "count": len(iids),
                    "cards": cards, "hidden": hidden, "slots": slots,
                    "kind": "slots" if slots > 0 else ("pile" if slots == 0 else "row"),
                    "empty": range(max(0, slots - len(iids))),
                })
            rows.append(zones)
        if player == 1:  # the opponent's side is the mat turned round: outer rows first
            rows = [list(reversed(r)) for r in reversed(rows)]
        sides.append({"player": player, "key": f"p{player + 1}",
                      "name": player_name(player, vw.tr), "lp": st.lp[player], "rows": rows,
                      "is_turn": player == st.turn_player,
                      "opponent": player == 1})
    return sides


def _last_chain(vw: Viewer, kept: tuple | None = None) -> tuple:
    """The chain that resolved last (shown faded while the chain is empty), read from the
    last 400 log entries, as (links, the oldest entry they depend on, the log's length; no
    resolved chain depends on none: the log's length). ``kept``: that of a state whose log
    this one's extends (same viewer and language, :func:`same_mat`): when the entries since
    add nothing to a chain and those it depends on are still among the last 400, it is this
    one's."""
    log = vw.duel.state.log
    first = max(0, len(log) - 400)
    if kept is not None and kept[1] >= first and not any(
            entry["key"] in _CHAIN_KEYS for entry in log[kept[2]:]):
        return kept[0], len(log) if kept[1] == kept[2] else kept[1], len(log)
    links: list[dict[str, Any]] = []
    done = False
    for i in range(len(log) - 1, first - 1, -1):
        entry = log[i]
        if entry["key"] == "chain.done":
            if done:
                return links, i, len(log)
            done = True
        elif entry["key"] in ("chain.link", "chain.link_same") and done:
            args = entry["args"]
            links.append({"number": args["link"], "card": vw.name(args["card"]),
                          "effect": text_arg(args.get("effect") or "", vw.tr),
                          "controller": player_name(args["player"], vw.tr)})
    return links, first if done else len(log), len(log)


_CHAIN_KEYS = frozenset({"chain.done", "chain.link", "chain.link_same"})


def chain_shown(vw: Viewer, neutral: bool = False) -> dict[str, Any]:
    """What the chain panel's list shows: the chain (the pending pool in Duel Masters)."""
    return {"chain": _chain_view(vw),
            "pool": _pool_view(vw, neutral) if has(vw.duel.game).pending_pool else []}


def _chain_view(vw: Viewer) -> list[dict[str, Any]]:
    duel = vw.duel
    st = duel.state
    out = []
    for i, link in enumerate(st.chain):
        if link.tid is not None and not vw.knows(duel.trigger(link.tid)):
            continue  # a hidden card's ability, about to be used or not (Duel Masters)
        card = st.cards[link.card]
        definition = duel.definition(card)
        effect = definition.effects[link.effect] if link.effect >= 0 else None
        out.append({
            "number": link.number, "card": vw.name(link.card), "iid": link.card,
            "effect": (text_arg(effect.label, vw.tr) if effect and effect.label
                       else said(duel.game, "card activation")),
            "text": definition.display_text(vw.tr.lang),
            "controller": player_name(link.controller, vw.tr),
            "speed": link.speed,
            "resolving": st.chain_state == "resolving" and i == len(st.chain) - 1,
            "next": i == len(st.chain) - 1,
            "targets": " ".join(str(t) for ts in link.targets.values() for t in ts
                                if t in st.cards and not vw.hidden(t)),
        })
    return list(reversed(out))  # the top of the chain first: it resolves first


def _pool_view(vw: Viewer, neutral: bool = False) -> list[dict[str, Any]]:
    """Duel Masters: the pending abilities by player, in the order they are expected to
    resolve (the order decision's, while one is open), the next one marked.

    The engine forecasts the order (S-Triggers, then the active player's, then the other
    player's; within those, the order their player gave); while the order decision is open the
    panel lists its options as the decision does, and marks the same one as next.
    ``neutral`` (a question to the room is open): Player 1's, then Player 2's, each by age,
    none marked: nothing in the order the answer would give.
    """
    duel = vw.duel
    st = duel.state
    d = st.decision
    ordering = d is not None and d.kind == "order" and d.prompt == "next_pending"
    # while the order is asked, the first pending abilities are its options, each as many
    # times as it has copies: the page moves them as the player reorders the options
    options = [str(o["id"]) for o in d.options for _ in range(int(o.get("count", 1)))
               ] if ordering else []
    groups: dict[int, list[dict[str, Any]]] = {}
    for i, tid in enumerate(duel.policy.pending_order(duel)):
        t = duel.trigger(tid)
        if not vw.knows(t):
            continue
        effect = duel.effect(t.card, t.effect)
        groups.setdefault(t.controller, []).append({
            "tid": tid, "card": vw.name(t.card),
            "effect": text_arg(duel.policy.effect_label(effect), vw.tr),
            "s_trigger": t.s_trigger, "next": i == 0 and (d is None or ordering),
            "option": options[i] if i < len(options) else "",
        })
    order = [st.turn_player, 1 - st.turn_player]
    if neutral:
        order = [0, 1]
        for abilities in groups.values():
            abilities.sort(key=lambda a: a["tid"])
            for a in abilities:
                a["next"], a["option"] = False, ""
    return [{"player": player_name(p, vw.tr), "active": p == st.turn_player,
             "abilities": groups[p]} for p in order if p in groups]


def shown_triggers(vw: Viewer) -> list[Any]:
    """The triggers the triggers panel lists for this viewer, oldest first (the last 60)."""
    return [t for t in vw.duel.state.triggers if vw.knows(t)][-60:]


def _triggers_view(vw: Viewer) -> list[dict[str, Any]]:
    duel = vw.duel
    shown = shown_triggers(vw)
    log = duel.state.log  # the last log entry about each shown trigger, in words
    explanations = {t.tid: render(log[t.logged - 1], vw.name, vw.tr, with_rules=False)
                    for t in shown if t.logged}
    out = []
    for t in reversed(shown):
        out.append({
            "tid": t.tid, "card": vw.name(t.card), "status": t.status,
            "label": said(duel.game, STATUS_LABELS.get(t.status, t.status)), "link": t.link,
            "rules": [r for r in t.rules if r in RULES], "met_at": t.met_at,
            "explanation": explanations.get(t.tid, ""),
            "controller": player_name(t.controller, vw.tr),
            "wording": _(WORDING_LABELS[t.wording]) if t.wording in WORDING_LABELS else "",
        })
    return out


def _decision_view(vw: Viewer) -> dict[str, Any] | None:
    duel = vw.duel
    d = duel.state.decision
    if d is None:
        return None
    if vw.view != "open" and vw.seat != d.player:
        # only its player sees the question; everyone else sees that it is asked, the same
        # whatever it is about (its kind and rules would tell what the player may hold)
        return {"kind": "", "player": player_name(d.player, vw.tr), "options": [],
                "rules": [], "prompt": _("waiting for the other player"), "min": 0,
                "max": 0, "multi": False, "theirs": True}
    use = d.prompt in ("use", "s_trigger", "ninja_strike")
    plain = {"yes": _("Use") if use else _("Activate"),
             "no": _("Do not block") if d.kind == "block" else (
                 _("Do not use") if use else _("Do not activate")),
             "pass": _("Pass")}
    options = []
    for o in d.options:
        if o.get("card") is not None:
            label = vw.name(o["card"])
            if o.get("with_effect") is not None:
                label += " " + _("(with its effect)")
            if d.kind == "block":
                label = _("Block with %(card)s") % {"card": label}
        else:
            label = plain.get(o["id"], o["id"])
        count = int(o.get("count", 1))
        if count > 1:
            label += f" ×{count}"
        options.append({"id": o["id"], "label": label, "count": count})
    card = d.args.get("card")
    words = {"card": vw.name(card) if card is not None else "",
             "effect": text_arg(d.args.get("effect") or "", vw.tr),
             "link": d.args.get("link", "")}
    view = {"kind": d.kind, "player": player_name(d.player, vw.tr), "options": options,
            "rules": d.rules, "min": d.min, "max": d.max,
            "multi": d.kind in ("choose_cards", "order")}
    if d.prompt == "hidden_triggers":  # "always ask" (YGO-SEGOC): asked whatever it holds
        for o in options:
            effect = d.args.get("effects", {}).get(o["id"])
            if effect:
                o["label"] += f": {text_arg(effect, vw.tr)}"
        view["prompt"] = (_("Effects of your hidden cards met their timing: tick those you "
                            "activate.") if options else
                          _("No effect of your hidden cards met its timing here: go on."))
        view["help"] = _("Your opponent is asked this too, whatever they hold, so nobody can "
                         "tell from the question what is in a hand.")
    elif d.kind == "choose_cards":
        view["prompt"] = choice_prompt(vw, d)
    elif d.kind == "order":
        slots = sum(o["count"] for o in options)
        positions = _order_positions(vw, d, slots)
        slot = 0
        for o in options:
            o["position"] = positions[slot]
            slot += o["count"]
        view["positions"] = json.dumps(positions, ensure_ascii=False)
        if d.prompt == "next_pending":
            view["prompt"] = _("Order your pending abilities")
            view["help"] = _("The first in the list resolves first.")
        elif d.prompt == "deck_order":
            view["prompt"] = _("%(card)s: order the cards you put back") % words
            view["help"] = _("The first in the list is nearest the top of the deck.")
        else:
            view["prompt"] = _("Order these effects on the chain")
            view["help"] = _("The first in the list becomes Chain Link %(n)s; a chain resolves "
                             "from its last link back to its first.") % {
                "n": d.args.get("link", len(duel.state.chain) + 1)}
    else:
        if d.prompt == "nothing_hidden":  # "always ask": this window, with nothing to use
            template = (_("%(card)s, broken from your shields, has no S-Trigger: go on.")
                        if words["card"] else _("You have no Ninja Strike to use now: go on."))
            options[0]["label"] = _("Go on")
            view["help"] = _("Your opponent is asked this too, whatever they hold, so nobody "
                             "can tell from the question what is in a hand.")
        elif d.prompt == "activate":
            template = (_("%(card)s: activate its effect “%(effect)s”?") if words["effect"]
                        else _("%(card)s: activate its effect?"))
        elif d.prompt == "use":
            template = (_("%(card)s: use its ability “%(effect)s”?") if words["effect"]
                        else _("%(card)s: use its ability?"))
        else:
            template = {
                "s_trigger": _("%(card)s: use its S-Trigger?"),
                "ninja_strike": _("%(card)s: use its Ninja Strike?"),
                "block": _("%(card)s attacks: block it?"),
                "respond": _("Respond with Chain Link %(link)s, or pass?"),
                "respond_summon": _("%(card)s would be Summoned: negate that Summon, or pass?"),
                "phase_trigger": _("Which of your phase effects is activated next?"),
                "mode": _("%(card)s: choose one"),
            }.get(d.prompt, d.prompt)
        view["prompt"] = template % words
    return view


def _log_view(vw: Viewer, start: int = 0, last: int = 200) -> list[dict[str, Any]]:
    """Log entries from index ``start`` (the newest ``last`` of them), in words."""
    log = vw.duel.state.log
    out = []
    first = max(start, len(log) - last)
    # numbered as this viewer reads the log: a gap would count the entries kept for a seat
    unseen = 0 if vw.view == "open" else sum(not vw.sees(e) for e in log[:first])
    for entry in log[first:]:
        if not vw.sees(entry):
            unseen += 1
            continue
        out.append({"seq": entry["seq"] - unseen, "instant": entry["instant"],
                    "step": entry.get("step", 0),
                    "key": entry["key"], "text": render(entry, vw.name, vw.tr, with_rules=False),
                    "rules": [r for r in entry["rules"] if r in RULES]})
    return out


def ruling_text(vw: Viewer) -> str:
    """The current (or last) chain and its explanation, as plain text to paste in a chat."""
    log = vw.duel.state.log
    start = 0
    for i in range(len(log) - 1, -1, -1):
        if log[i]["key"] == "action":
            start = i
            break
    lines = [render(e, vw.name, vw.tr) for e in log[start:]
             if e["key"] != "instant" and vw.sees(e)]
    return "\n".join(lines)
