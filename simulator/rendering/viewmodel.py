"""Engine state -> the board's named partials.

One view-model is built per update and every partial renders from it: the first page load,
the htmx response to the acting browser and the out-of-band swap sent to every watcher use
the same templates (``templates/simulator/partials/``).
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext, pgettext_lazy

from engine import RULES, Duel, Frame, State, hidden_from, negated_by
from engine.links import encode
from engine.words import PHASE_NAMES, player_name, render, seen_by, text_arg, worded

from .addresses import step_url
from .game_context import has, web
from .game_words import said
from .language import board_title, card_names, engine_language, scenario_text, translator
from .models import Board
from .shells import Shell, slot
from .templatetags.lists import log_append, timeline_append

#: the partials sent on every update, in the order they appear on the page
PARTIALS = ("story", "status", "board", "chain", "decision", "log", "timeline")
VIEWS = ("open", "public", "p1", "p2")


class Viewer:
    """Who a rendering is for: the open view (everything face-up: editors, and watchers of a
    board without seats, as teachers and judges want), one player's seat (which does not see
    the other player's hand, deck or face-down cards, nor their names anywhere on the page), or
    the public view of a board with seats (what both players can see)."""

    def __init__(self, duel: Duel, view: str = "open") -> None:
        self.duel = duel
        self.view = view
        self.seat = int(view[1]) - 1 if view in ("p1", "p2") else None
        #: words the engine's log, players and card names in the reader's language
        self.tr = translator(duel)
        self._said: dict[tuple[int, int], str] = {}
        self._names: tuple[tuple[int, int, int], Callable[[int], str]] | None = None

    def hidden(self, iid: int) -> bool:
        if self.view == "open":
            return False
        return hidden_from(self.duel.state.cards.get(iid), self.seat)

    def sees(self, entry: dict[str, Any]) -> bool:
        """May this viewer read a log entry: one kept for a seat (it may name that player's
        hidden cards) only that seat and the open view do."""
        return seen_by(entry, self.seat, self.view == "open")

    def name(self, iid: int) -> str:
        """A card's name as this viewer reads it: "a hidden card" for one it may not see, and
        told apart by whose it is where it sees another card of that name ("Player 2's
        Sangan"; see :meth:`engine.Duel.namer`)."""
        st = self.duel.state
        key = (id(st), len(st.log), len(st.cards))
        if self._names is None or self._names[0] != key:
            self._names = (key, self.duel.namer(self.tr, self.hidden))
        return self._names[1](iid)

    def told_apart(self) -> frozenset[str]:
        """The names this viewer reads with whose card it is (see :meth:`name`)."""
        st = self.duel.state
        return frozenset(self.name(iid) for iid in st.cards if not self.hidden(iid)
                         and self.name(iid) != self.duel.name_in(iid, self.tr.lang))

    def knows(self, trigger: Any) -> bool:
        """May this viewer know of a trigger at all: one whose card was hidden when it met its
        timing is its controller's alone until it is activated (then it is revealed)."""
        return self.view == "open" or not trigger.private or trigger.controller == self.seat

    def said(self, frame: Frame) -> str:
        """What happened at ``frame``, in this viewer's words (worked out once per frame: the
        timeline and the playback both show it)."""
        key = (frame.step, frame.n)
        if key not in self._said:
            self._said[key] = frame.what(self.name, self.tr, self.sees)
        return self._said[key]

ZONE_LABELS = {
    "hand": pgettext_lazy("zone", "Hand"), "deck": pgettext_lazy("zone", "Deck"),
    "extra": pgettext_lazy("zone", "Extra Deck"),
    "monster": pgettext_lazy("zone", "Monster Zones"),
    "spell_trap": pgettext_lazy("zone", "Spell & Trap Zones"),
    "field": pgettext_lazy("zone", "Field Zone"),
    "gy": pgettext_lazy("zone", "GY"), "banished": pgettext_lazy("zone", "Banished"),
    "battle": pgettext_lazy("zone", "Battle zone"), "shield": pgettext_lazy("zone", "Shields"),
    "mana": pgettext_lazy("zone", "Mana"), "graveyard": pgettext_lazy("zone", "Graveyard"),
}
HIDDEN_ZONES = {"deck"}


def _action_label(action: dict[str, Any], duel: Duel) -> str:
    """The label of an action's button, in the reader's language (only the label shown is
    looked up in the catalogue)."""
    do = action["do"]
    if do in _LABELS:
        return _(_LABELS[do])
    if do == "always_ask":
        return (_("Ask each player at every window") if action.get("on")
                else _("Ask a player only when it has something to use"))
    if do == "destroy":
        return _("Destroy by battle") if action.get("cause") == "battle" else _(
            "Destroy by card effect")
    if do == "normal_summon":
        return _("Tribute Summon") if action.get("tributes") else _("Normal Summon")
    if do in PROCEDURE_LABELS:
        lang = engine_language()
        names = ", ".join(duel.name_in(int(m), lang) for m in action.get("materials", []))
        return _(PROCEDURE_LABELS[do]) % {"materials": names}
    if do == "activate":
        if action.get("with_effect") is not None:
            return _("Activate with its effect (same chain link)")
        if action.get("effect") in ("card", None):
            return _("Activate")
        card = duel.state.cards[action["card"]]
        effect = duel.effect(card, int(action["effect"]))
        return _("Activate: %(effect)s") % {
            "effect": text_arg(effect.label, translator(duel)) if effect.label
            else effect.index + 1}
    if do in ("gain_lp", "damage", "lose_lp"):
        who = player_name(int(str(action["player"])[-1]) - 1, translator())
        verb = {"gain_lp": _("gains"), "damage": _("takes damage:"), "lose_lp": _("loses")}[do]
        return f"{who} {verb} {action['amount']}"
    if do == "declare_attack" and action.get("target") is None:
        return _("Attack directly")
    return _(_MORE_LABELS[do]) if do in _MORE_LABELS else do.replace("_", " ")


_LABELS = {
    "send_to_gy": gettext_noop("Send to the GY"), "banish": gettext_noop("Banish"),
    "return_to_hand": gettext_noop("Return to the hand"),
    "tribute": gettext_noop("Tribute (as a cost)"),
    "special_summon": gettext_noop("Special Summon"), "set": gettext_noop("Set"),
    "inherent_summon": gettext_noop("Special Summon by its own procedure"),
    "flip_summon": gettext_noop("Flip Summon"),
    "change_position": gettext_noop("Change battle position"),
    "discard": gettext_noop("Discard"), "battle": gettext_noop("Battle (Damage Step)"),
    "next_phase": gettext_noop("Next phase"),
}
_MORE_LABELS = {
    "declare_attack": gettext_noop("Declare an attack"), "tap": gettext_noop("Tap"),
    "untap": gettext_noop("Untap"), "put_into_battle": gettext_noop("Put into the battle zone"),
    "break_shield": gettext_noop("Break this shield"), "attack": gettext_noop("Attack"),
    "cast": gettext_noop("Cast"), "summon": gettext_noop("Summon"),
    "end_turn": gettext_noop("End the turn"), "charge_mana": gettext_noop("Charge as mana"),
    "next_step": gettext_noop("Next step of the turn"),
}


#: trigger wordings that keep their own label in the trigger panel ("FLIP:", "Each time")
WORDING_LABELS = {"flip": gettext_noop("FLIP"), "each_time": gettext_noop("each time")}
#: the summons by a procedure, with the materials they use
PROCEDURE_LABELS = {
    "synchro_summon": gettext_noop("Synchro Summon with %(materials)s"),
    "xyz_summon": gettext_noop("Xyz Summon with %(materials)s"),
    "link_summon": gettext_noop("Link Summon with %(materials)s"),
}

#: the counters' names in the reader's language (any other counter by its own name)
COUNTER_NAMES = {"spell": pgettext_lazy("counter", "Spell")}

#: trigger states shown on a card tile
TILE_STATES = {"met": gettext_noop("met its timing"), "ready": gettext_noop("waiting"),
               "queued": gettext_noop("waiting"), "missed": gettext_noop("missed the timing")}


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
        power = duel.policy.power(duel, card) if definition.type != "spell" else None
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


def zone_body(zone: dict[str, Any], readonly: bool, mark: str | None = None) -> str:
    """A zone's title, count and cards: the one drawing of a zone, the board partial's and the
    playback's. ``mark``: the zone's fingerprint, when it was taken already."""
    mark = _fingerprint(zone) if mark is None else mark
    return _drawn("zone_body", {"zone": zone, "readonly": readonly}, (readonly, mark))


def _zone_tile(side: dict[str, Any], zone: dict[str, Any], readonly: bool) -> str:
    """A zone of the mat, its body in it (see :func:`zone_body`)."""
    mark = _fingerprint(zone)
    body = zone_body(zone, readonly, mark)
    return _drawn("zone", {"zone": {**zone, "body": body}, "readonly": readonly,
                           "side": {"key": side["key"], "name": side["name"]}},
                  (readonly, side["key"], side["name"], mark))


def _drawn(template: str, context: dict[str, Any], key: tuple) -> str:
    """``simulator/partials/<template>.html`` drawn with ``context``, which depends on nothing
    but ``key`` and the language: a zone drawn once is not drawn again while it shows the same
    (from one step to the next most zones do not change)."""
    key = (template, translation.get_language(), *key)
    with _DRAWN_LOCK:
        html = _DRAWN.get(key)
        if html is not None:
            _DRAWN.move_to_end(key)
            return html
    html = mark_safe(_compact(render_to_string(  # noqa: S308 (a template's own output)
        f"simulator/partials/{template}.html", context)))
    with _DRAWN_LOCK:
        _DRAWN[key] = html
        while len(_DRAWN) > _DRAWN_SIZE:
            _DRAWN.popitem(last=False)
    return html


#: zones drawn lately, by template, language and what they show (see :func:`_drawn`)
_DRAWN: OrderedDict[tuple, str] = OrderedDict()
_DRAWN_LOCK = threading.Lock()
_DRAWN_SIZE = 4096


def _with_tiles(sides: list[dict[str, Any]], readonly: bool) -> list[dict[str, Any]]:
    """The mat's sides with each zone drawn (``drawn``); the view-model is left as it is."""
    return [{**side, "rows": [[{**zone, "drawn": _zone_tile(side, zone, readonly)}
                               for zone in row] for row in side["rows"]]} for side in sides]


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


RULE_ID = re.compile(r"\b(?:YGO|DM)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def story_view(board: Board, history: Duel, *, at: int | None = None,
               readonly: bool = False) -> dict[str, Any]:
    """What a board opened from a scenario says about it: the question; where the board left
    the script (with "Back to the script" when that would change something); and, once the
    last step has been played on the script, the explanation, its rule ids as links."""
    left = board.script_left
    total = len(history.actions)
    done = left is None and not board.pending_steps and (at is None or at == total)
    notice = ""
    if left is not None and not readonly:
        k = left.get("step", 1)
        if left.get("how") == "failed":
            notice = _("Step %(k)s of the script cannot be played here: %(reason)s. From here "
                       "the board is yours.") % {"k": k, "reason": left.get("reasons", {}).get(
                           engine_language()) or left.get("reason", "")}
        elif k > board.script_length:
            notice = _("You left the script after its last step; from here the board is "
                       "yours.")
        elif left.get("how") == "answer":
            notice = _("You answered differently at step %(k)s; from here the board is "
                       "yours.") % {"k": k}
        else:
            notice = _("You left the script at step %(k)s; from here the board is "
                       "yours.") % {"k": k}
    explanation = (_rule_links(scenario_text(board, "explanation"))
                   if done and board.explanation else [])
    return {"question": scenario_text(board, "question"), "notice": notice,
            "explanation": explanation,
            "left": left is not None,
            "can_return": left is not None and history.actions != left.get("actions"),
            "shown": bool(board.question or notice or explanation)}


def _rule_links(text: str) -> list[dict[str, str]]:
    """Text in parts, each catalogued rule id a part of its own (shown as a link)."""
    parts: list[dict[str, str]] = []
    at = 0
    for match in RULE_ID.finditer(text):
        if match.group() in RULES:
            parts += [{"text": text[at:match.start()]}, {"rule": match.group()}]
            at = match.end()
    return [*parts, {"text": text[at:]}]


def duel_phase_name(duel: Duel) -> str:
    return PHASE_NAMES.get(duel.state.phase, duel.state.phase)


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


STATUS_LABELS = {
    "met": gettext_noop("met its timing"), "ready": gettext_noop("waiting to be activated"),
    "queued": gettext_noop("about to be activated"), "activated": gettext_noop("activated"),
    "resolved": gettext_noop("activated and resolved"),
    "missed": gettext_noop("missed the timing"), "not_activated": gettext_noop("not activated"),
    "declined": gettext_noop("not activated (declined)"),
    "negated": gettext_noop("activation negated"), "pending": gettext_noop("pending"),
}


def _triggers_view(vw: Viewer) -> list[dict[str, Any]]:
    duel = vw.duel
    shown = [t for t in duel.state.triggers if vw.knows(t)][-60:]
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


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..., 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("%(n)sth") % {"n": n}
    return {1: _("%(n)sst"), 2: _("%(n)snd"), 3: _("%(n)srd")}[n % 10] % {"n": n}


def _noun(noun: str, n: int) -> str:
    nouns = {
        "monster": ngettext("monster", "monsters", n),
        "creature": ngettext("creature", "creatures", n),
        "shield": ngettext("shield", "shields", n),
        "spell": ngettext("spell", "spells", n),
        "trap": ngettext("trap", "traps", n),
    }
    return nouns.get(noun, ngettext("card", "cards", n))


def _verb(verb: str, n: int, game: str) -> str:
    """What is done to the chosen cards, as the end of "choose 1 card to ..."."""
    verbs = {
        "target": _("target"), "banish": _("banish"), "destroy": _("destroy"),
        "send_to_gy": said(game, gettext_noop("send to the GY")),
        "return_to_hand": ngettext("return to its owner's hand",
                                   "return to their owners' hands", n),
        "add_to_hand": _("add to your hand"), "discard": _("discard"),
        "tribute": _("Tribute"), "put_into_mana": _("put into the mana zone"),
        "put_into_battle": _("put into the battle zone"),
        "add_shield": _("add to your shields"), "put_into_deck": _("put into the deck"),
        "special_summon": _("Special Summon"), "change_control": _("take control of"),
        "swap_control": _("switch control of"),
        "change_position": ngettext("change its battle position",
                                    "change their battle positions", n),
        "modify_stat": said(game, gettext_noop("change the ATK/DEF of")),
        "power": said(game, gettext_noop("change the ATK/DEF of")),
        "negate_effects": said(game, gettext_noop("negate the effects of")),
        "tap": _("tap"), "untap": _("untap"), "break": _("break"),
        "add_counter": _("place counters on"), "remove_counter": _("remove counters from"),
        "break_shield": _("break"), "evolve": _("evolve onto"),
        "detach": _("detach"), "fusion_summon": _("Fusion Summon"),
        "ritual_summon": _("Ritual Summon"), "fusion_material": _("use as Fusion Material"),
        "cast_spell": _("cast"),
    }
    return verbs.get(verb, verb.replace("_", " "))


def choice_prompt(vw: Viewer, d: Any) -> str:
    """A choose_cards decision in words: who asks, how many of what, and what for
    ("Caius the Shadow Monarch: choose 1 card to banish")."""
    args = d.args
    n = d.max
    words = {"source": vw.name(args["card"]) if args.get("card") is not None else "",
             "count": n, "noun": _noun(args.get("noun", "card"), n),
             "verb": _verb(args.get("verb") or args.get("purpose") or d.prompt, n, vw.duel.game)}
    up_to = d.min < d.max
    if args.get("cost"):
        rest = (_("choose up to %(count)s %(noun)s to %(verb)s as a cost") if up_to
                else _("choose %(count)s %(noun)s to %(verb)s as a cost"))
    else:
        rest = (_("choose up to %(count)s %(noun)s to %(verb)s") if up_to
                else _("choose %(count)s %(noun)s to %(verb)s"))
    rest = rest % words
    if not words["source"]:
        return rest[:1].upper() + rest[1:]
    return _("%(source)s: %(choice)s") % {"source": words["source"], "choice": rest}


def _order_positions(vw: Viewer, d: Any, slots: int) -> list[str]:
    """The label of each place in an order decision, first place first.

    Yu-Gi-Oh! (YGO-SEGOC): the first listed becomes the lowest new chain link and resolves
    last of them; Duel Masters (DM-ORDER): the first listed resolves first.
    """
    if d.prompt == "next_pending":
        return [_("resolves %(nth)s") % {"nth": ordinal(k)} for k in range(1, slots + 1)]
    if d.prompt == "deck_order":
        return [_("%(nth)s from the top") % {"nth": ordinal(k)} for k in range(1, slots + 1)]
    first = int(d.args.get("link", len(vw.duel.state.chain) + 1))
    top = max(int(d.args.get("links", first + slots - 1)), first + slots - 1)
    out = []
    for link in range(first, first + slots):
        if link == top:
            text = _("Chain Link %(n)s — resolves first")
        elif link == 1:
            text = _("Chain Link %(n)s — resolves last")
        else:
            text = _("Chain Link %(n)s — resolves %(nth)s")
        out.append(text % {"n": link, "nth": ordinal(top - link + 1)})
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


def _replay_decision(d: dict[str, Any]) -> str:
    """A decision of a replay report in words: whose, what, about which card, its options."""
    kinds = {"order": _("order"), "choose_cards": _("choice of cards"),
             "activate_trigger": _("activation question"), "respond": _("response"),
             "phase_trigger": _("phase effect choice"), "block": _("block"),
             "s_trigger": _("S-Trigger"), "ninja_strike": _("Ninja Strike")}
    words = {"player": player_name(d["player"], translator()),
             "kind": kinds.get(d["kind"], d["kind"].replace("_", " ")), "card": d.get("card"),
             "options": ", ".join(d.get("options", []))}
    if d.get("card"):
        return _("%(player)s's %(kind)s for %(card)s (%(options)s)") % words
    return _("%(player)s's %(kind)s (%(options)s)") % words


def _replay_reason(entry: dict[str, Any]) -> str:
    """Why a replay report's step or answer was refused, in the reader's language when the
    report has it (``reasons``, by language), else as recorded (in English)."""
    return (entry.get("reasons") or {}).get(engine_language()) or entry.get("reason", "")


def replay_view(replay: dict[str, Any] | None) -> dict[str, Any] | None:
    """The report of a board replayed under a change (``board.data["replay"]``), in words:
    one line per answer that could not be carried, per new decision, and the step that became
    illegal, in the order of the steps."""
    if not replay:
        return None
    report = replay.get("report") or {}
    lines: list[tuple[float, str, str]] = []
    for e in report.get("dropped", []):
        lines.append((e["step"], "dropped", _(
            "Step %(step)s: %(decision)s is no longer asked; its answer (%(answer)s) was "
            "dropped.") % {"step": e["step"], "decision": _replay_decision(e["decision"]),
                           "answer": ", ".join(e["answer"])}))
    for e in report.get("not_carried", []):
        words = {"step": e["step"], "decision": _replay_decision(e["decision"]),
                 "answer": ", ".join(e["answer"]), "used": ", ".join(e["used"]),
                 "asked": _replay_decision(e["asked"]), "reason": _replay_reason(e)}
        if e.get("why") == "illegal":
            text = _("Step %(step)s: the answer %(answer)s to %(decision)s is refused now "
                     "(%(reason)s); answered %(used)s instead, the default.") % words
        else:
            text = _("Step %(step)s: the answer %(answer)s to %(decision)s could not be "
                     "carried: the decision asked now is %(asked)s; answered %(used)s instead, "
                     "the default.") % words
        lines.append((e["step"], "not-carried", text))
    for e in report.get("added", []):
        lines.append((e["after_step"] + 0.5, "added", _(
            "After step %(step)s: a decision not asked before, %(decision)s; answered "
            "%(used)s, the default.") % {"step": e["after_step"],
                                          "decision": _replay_decision(e["decision"]),
                                          "used": ", ".join(e["used"])}))
    stopped = report.get("stopped")
    if stopped:
        rules = f" ({', '.join(stopped['rules'])})" if stopped.get("rules") else ""
        lines.append((stopped["step"], "stopped", _(
            "Step %(step)s (%(action)s) is no longer legal: %(reason)s. The replay stopped "
            "there; %(left)s later step(s) were not replayed.") % {
                "step": stopped["step"], "action": stopped["action"],
                "reason": _replay_reason(stopped) + rules,
                "left": report.get("steps", 0) - report.get("processed", 0)}))
    lines.sort(key=lambda line: line[0])
    uncarried = len(report.get("dropped", [])) + len(report.get("not_carried", []))
    if stopped:
        summary = _("The history could not be replayed to its end.")
    elif uncarried:
        summary = ngettext("%(n)s answer could not be carried over.",
                           "%(n)s answers could not be carried over.", uncarried) % {
            "n": uncarried}
    else:
        summary = _("Every answer was carried over.")
    return {"preset": replay.get("preset", ""), "from_title": replay.get("from_title", ""),
            "from_slug": replay.get("from_slug", ""), "summary": summary,
            "steps": report.get("steps", 0), "processed": report.get("processed", 0),
            "lines": [{"kind": kind, "text": text} for _step, kind, text in lines]}


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


def snapshot_path(board: Board, duel: Duel) -> str:
    """The snapshot link (a path) of the board as it is now: the share panel shows it."""
    return reverse("snapshot", args=[encode(duel, title=board.title,
                                            cards=board.data.get("cards") or None)])


def timeline_view(board: Board, history: Duel, *, at: int | None = None, link: str = "",
                  start: int = 0,
                  frames: dict[int, list[dict[str, Any]]] | None = None,
                  view: str = "open", viewer: Viewer | None = None,
                  upto: int | None = None) -> dict[str, Any]:
    """The steps of the board (from step ``start``), each opening the board as it was then;
    ``at`` marks the step shown (None: the live board, at its last step).
    ``frames``: the frames listed under their step; other steps load theirs when opened.
    ``viewer``: the viewer of ``history`` for ``view`` when there is one already.
    ``upto``: the last step listed (a room sees no step its presenter has not reached)."""
    total = len(history.actions) if upto is None else min(upto, len(history.actions))
    firsts: dict[int, dict[str, Any]] = {}  # each step's first log line, from the log's tail
    vw = viewer or Viewer(history, view)  # a step's label names only what it may see
    for entry in reversed(history.state.log):
        step = entry.get("step")
        if step is not None and step < start:
            break
        if step is not None and entry["key"] != "instant" and vw.sees(entry):
            firsts[step] = entry
    labels = {k: render(e, vw.name, vw.tr, with_rules=False) for k, e in firsts.items()}

    if link:
        shared = reverse("snapshot", args=[link])

        def url(k: int) -> str:
            return f"{shared}?at={k}"
    else:
        url = step_url("board_at", board.slug)
    frames_url = step_url("board_frames", board.slug)
    frames = frames or {}
    steps = [{"k": k, "label": labels.get(k, _("Set-up") if k == 0 else str(k)),
              "url": url(k), "current": at == k, "frames": frames.get(k, []),
              "frames_url": frames_url(k) if k and board.pk and not link else ""}
             for k in range(start, total + 1)]
    here = total if at is None else at
    return {"steps": steps, "nav": {"first": url(0), "prev": url(max(0, here - 1)),
                                    "next": url(min(total, here + 1)), "last": url(total)},
            "total": total}


def render_partials(board: Board, duel: Duel, **kwargs: Any) -> str:
    """Every partial of the board, in full, in reading order (see :func:`partial_map`)."""
    return "".join(partial_map(board, duel, **kwargs).values())


def partial_map(board: Board, duel: Duel, *, oob: bool, message: str = "",
                    request=None, view: str = "open", readonly: bool = False,
                    at: int | None = None, link: str = "", history: Duel | None = None,
                    frames: dict[int, list[dict[str, Any]]] | None = None,
                    caption: dict[str, Any] | None = None,
                    decision_error: str = "", upto: int | None = None,
                    neutral: bool = False) -> dict[str, str]:
    """Every partial of the board, in full, by name; with ``oob`` as out-of-band swaps.

    ``frames``: timeline entries of the frames to list under their step; ``caption``: the
    frame shown, on a frame's own page; ``upto``: the last step the timeline lists;
    ``neutral``: as for :func:`view_model`."""
    from .playback import playback_html

    context = view_model(board, duel, message, view=view, decision_error=decision_error,
                         neutral=neutral)
    context.update(oob=oob, readonly=readonly, at=at,
                   story=story_view(board, history or duel, at=at, readonly=readonly),
                   timeline=timeline_view(board, history or duel, at=at, link=link,
                                          frames=frames, view=view, upto=upto))
    if readonly:  # a read-only page is never updated: its ruling is written in
        context["ruling"] = ruling_text(Viewer(duel, view))
    parts = {name: _compact(_draw(name, context, request)) for name in PARTIALS}
    # the frame shown, or the playback controls, come right after the status (reading order)
    extra = ""
    if caption is not None or (readonly and oob):  # a presentation: a frame, or none now
        extra = render_to_string("simulator/partials/frame_caption.html",
                                 {"frame": caption, "oob": oob}, request=request)
    elif not readonly:
        extra = playback_html(board, duel, view, [], request=request, oob=oob)
    out = {}
    for name, html in parts.items():
        out[name] = html
        if name == "status" and extra:
            out["playback"] = _compact(extra)
    return out


def _draw(name: str, context: dict[str, Any], request=None) -> str:
    """One partial drawn from the view-model: the status from its shell, the others from
    their templates."""
    if name == "status":
        return _status(context)
    if name == "board":
        context = {**context, "sides": _with_tiles(context["sides"], context["readonly"])}
    return render_to_string(f"simulator/partials/{name}.html", context, request=request)


#: the status line and its controls: their words change with the controls shown, not with
#: each version
_STATUS = Shell("simulator/partials/status.html")
_STATUS_VALUES = ("version", "title", "turn", "turn_player", "phase", "preset", "message")


def _status(context: dict[str, Any]) -> str:
    """The status partial (the template drawn with ``context``, through :data:`_STATUS`)."""
    board, story = context["board"], context["story"]
    key = (context["oob"], context["readonly"], context["game"], board.slug, board.auto,
           story["left"], story["can_return"], context["pending_steps"],
           bool(context["message"]), tuple(side["key"] for side in context["sides"]))
    values = {name: context[name] for name in _STATUS_VALUES}
    values.update((f"lp_{side['key']}", side["lp"]) for side in context["sides"])

    def drawing() -> dict[str, Any]:
        return {**{name: slot(name) for name in values},
                "message": slot("message") if context["message"] else "", "board": board,
                "game": context["game"], "has": context["has"],
                "presets": context["presets"], "oob": context["oob"],
                "readonly": context["readonly"], "story": story,
                "pending_steps": context["pending_steps"],
                "sides": [{"key": side["key"], "lp": slot(f"lp_{side['key']}")}
                          for side in context["sides"]]}

    return _STATUS.fill(key, drawing, values)


def _compact(html: str) -> str:
    """Drop the indentation between tags: a tenth of an update's bytes."""
    return _INDENT.sub("\n", html)


_INDENT = re.compile(r"\n\s+")
_LAST: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
_LAST_LOCK = threading.Lock()
_LAST_SIZE = 512


def render_update(board: Board, duel: Duel, view: str,
                  legal: list[dict[str, Any]] | None = None, frames: list | None = None) -> str:
    """This version's out-of-band partials for one kind of viewer: only the partials that
    changed since the previous version, and only the new log entries, when this process
    rendered the previous version; everything otherwise (always correct, just bigger)."""
    key = (board.slug, view)
    with _LAST_LOCK:
        prev = _LAST.get(key)
    log = duel.state.log
    told = Viewer(duel, view).told_apart()  # a change re-words earlier lines: drawn anew
    appendable = (prev is not None and prev["version"] == board.version - 1
                  and len(log) >= prev["log_len"] and prev.get("told") == told
                  and (prev["log_len"] == 0 or _fingerprint(log[prev["log_len"] - 1])
                       == prev["log_last"]))
    lang = translation.get_language()
    same = appendable and prev["lang"] == lang and same_mat(prev["state"], duel.state)
    context = view_model(board, duel, view=view, legal=legal,
                         log_from=prev["log_len"] if appendable else 0,
                         kept=prev["kept"] if same else None)
    context.update(oob=True, readonly=False, at=None, story=story_view(board, duel))
    steps = len(duel.actions)
    grew = appendable and steps >= prev["steps"]
    listed: dict[int, list[dict[str, Any]]] = {}
    if frames:
        from .playback import frame_items

        by_step: dict[int, list] = {}
        for frame in frames:
            by_step.setdefault(frame.step, []).append(frame)
        listed = {k: frame_items(board, duel, k, fs, view, viewer=context["viewer"])
                  for k, fs in by_step.items()}
    context["timeline"] = timeline_view(board, duel, start=prev["steps"] + 1 if grew else 0,
                                        frames=listed, view=view, viewer=context["viewer"])
    marks = _part_marks(context, prev["marks"]["sides"] if same else None)
    out = []
    for name in PARTIALS:
        if name in ("log", "timeline"):
            append = appendable if name == "log" else grew
            if not append:
                out.append(_compact(_draw(name, context)))
            elif _has_new(name, context):
                out.append(_compact(log_append(context["log"]) if name == "log"
                                    else timeline_append(context["timeline"])))
        elif not appendable or not marks[name] or marks[name] != prev["marks"].get(name):
            out.append(_compact(_draw(name, context)))
    if frames:  # the action's frames travel in the same message; the page plays them
        from .playback import playback_html

        out.append(_compact(playback_html(board, duel, view, frames, shown=context)))
    with _LAST_LOCK:
        _LAST[key] = {"version": board.version, "marks": marks, "log_len": len(log),
                      "steps": steps, "lang": lang, "state": duel.state, "told": told,
                      "kept": {name: context[name] for name in _KEPT},
                      "log_last": _fingerprint(log[-1]) if log else ""}
        _LAST.move_to_end(key)
        while len(_LAST) > _LAST_SIZE:
            _LAST.popitem(last=False)
    return "".join(out)


def _has_new(name: str, context: dict[str, Any]) -> bool:
    """Whether the log (or the timeline) has new entries to append."""
    return bool(context["log"] if name == "log" else context["timeline"]["steps"])


def _part_marks(context: dict[str, Any], sides: str | None = None) -> dict[str, str]:
    """What each partial shows, as text: a partial whose marks did not change since the
    previous version is neither rendered nor sent. The status partial (with the version and
    the life points) always is. ``sides``: the mark of the mat's sides when known (they were
    taken from the previous version)."""
    if sides is None:
        sides = _fingerprint([{k: v for k, v in side.items() if k != "lp"}
                              for side in context["sides"]])
    return {
        "status": "",
        "story": _fingerprint(context["story"]),
        "sides": sides,
        "board": sides + _fingerprint(context["global_actions"]),
        "chain": _fingerprint([context["chain"], context["pool"], context["triggers"],
                               context["last_chain"]]),
        "decision": _fingerprint(context["decision"]),
    }


#: the view-model's parts an update may take from the previous version's (see view_model)
_KEPT = ("sides", "triggers", "legal", "global_actions", "last_chain_read", "looks")
#: what the mat does not show: the life points (the status line does) and the history
_OFF_MAT = frozenset({"lp", "log", "instants", "instant"})
_MAT_FIELDS = tuple(f.name for f in fields(State) if f.name not in _OFF_MAT)


def same_mat(a: State, b: State) -> bool:
    """Whether two states show the same mat to the same viewer: equal in everything but the
    life points and the history. No card's look reads them: an amount counts cards or reads
    a stat, never life points (engine.amounts); tested over every built-in scenario."""
    return a is b or all(getattr(a, name) == getattr(b, name) for name in _MAT_FIELDS)


def _fingerprint(entry: Any) -> str:
    """``entry`` as text: equal view-model parts give equal text (they are built in a fixed
    order, so their keys need no sorting)."""
    return _FINGERPRINT.encode(entry)


_FINGERPRINT = json.JSONEncoder(default=str, check_circular=False, ensure_ascii=False,
                                separators=(",", ":"))


def render_views(board: Board, duel: Duel, since: int | None = None) -> dict[str, str]:
    """The update for each kind of viewer, rendered once each: the open view, and the
    public view and the two seats when the board has seats. ``since``: the number of steps
    before the change; the frames of the steps it added come with the update."""
    from .playback import frames_since

    views = VIEWS if board.seats else ("open",)
    legal = duel.legal_actions() if duel.state.decision is None else []
    frames = frames_since(duel, since) if since is not None and since < len(
        duel.actions) else []
    return {view: render_update(board, duel, view, legal, frames) for view in views}


def card_menu_context(board: Board, duel: Duel, iid: int, view: str) -> dict[str, Any]:
    """The body of one card's menu: its text and the events that make sense for it now."""
    vw = Viewer(duel, view)
    legal = duel.legal_actions() if duel.state.decision is None and view == "open" else []
    menus: dict[int, list[dict[str, Any]]] = {}
    for action in legal:
        if action.get("card") == iid and action["do"] != "battle":
            menus.setdefault(iid, []).append(
                {"label": _action_label(action, duel), "json": json.dumps(action)})
    card = duel.state.cards[iid]  # "Move to" offers the zones where the card may go
    zones = [] if vw.hidden(iid) else [
        z for z in duel.policy.zones_for(duel.definition(card)) if z != card.zone]
    why_not = "" if view != "open" or vw.hidden(iid) else worded(duel.why_not_activate(iid),
                                                                  translator(duel))
    return {"board": board, "card": _card_view(vw, iid, {}, menus), "readonly": view != "open",
            "why_not": why_not,
            "zone_choices": [(z, ZONE_LABELS.get(z, z)) for z in zones]}


def ruling_context(duel: Duel, view: str) -> dict[str, Any]:
    return {"ruling": ruling_text(Viewer(duel, view))}
