"""A board as a duel: act on it, undo, auto answers, seats, its title, and the copy of it a
viewer who may not see everything gets (hidden cards as stand-ins).

Loading and saving are :mod:`simulator.store`'s job, a scenario's script
:mod:`simulator.script`'s.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine import Duel, IllegalAction, parse_cards
from engine.games import known
from engine.limits import check_text

from .game_context import has, web
from .models import Board
from .script import _auto, _leave, _play_next, same_as_step, scripted
from .store import Notice, _apply_and_save

TITLE_MAX = 120


def default_title(game: str, settings: dict[str, Any] | None = None) -> str:
    """The title of a new board, until it is renamed: "Yu-Gi-Oh! board (TCG)" (the game's
    ``BOARD_TITLE``, its preset the first of its presets when none is set)."""
    data = web(game)
    if not data.BOARD_TITLE:
        return _(has(game).title) if known(game) else str(game)
    preset = (settings or {}).get("preset", data.PRESETS[0] if data.PRESETS else "")
    return _(data.BOARD_TITLE) % {"preset": preset}


def clean_title(title: str) -> str:
    """A title as typed, trimmed and on one line; refused (IllegalAction) when empty or
    longer than :data:`TITLE_MAX` characters."""
    title = " ".join(check_text(str(title), _("the title")).split())
    if not title:
        raise IllegalAction(_("A board needs a title: type one."))
    if len(title) > TITLE_MAX:
        raise IllegalAction(_("A title has at most %(max)s characters; this one has "
                              "%(n)s.") % {"max": TITLE_MAX, "n": len(title)})
    return title


def rename(board: Board, title: str) -> Duel:
    """Give the board a new title (see :func:`clean_title`). Every viewer sees it with the
    next version; a rename does not depend on what happened on the board, so it is never
    refused as stale."""
    title = clean_title(title)

    def change(locked: Board, duel: Duel) -> None:
        if locked.title == title:
            raise Notice(_("The board is already called “%(title)s”.") % {"title": title})
        locked.title = title

    return _apply_and_save(board, board.version, change)


def act(board: Board, version: int, action: dict[str, Any]) -> Duel:
    """Apply one action (then "Auto answers" if the board's switch is on). On a board that
    follows its script, an action that does what the next step does plays that step; any
    other action leaves the script."""
    def change(locked: Board, duel: Duel) -> None:
        if locked.follows_script:
            if locked.pending_steps and same_as_step(duel, action, locked.pending_steps[0]):
                _play_next(locked, duel)
                return
            before = list(duel.actions)
            duel.apply(action)  # refused: the board stays on its script, unchanged
            _leave(locked, "answer" if action.get("do") in ("answer", "pass") else "action",
                   before)
        else:
            duel.apply(action)
        if locked.auto:
            _auto(locked, duel)

    return _apply_and_save(board, version, change)


def set_auto(board: Board, version: int, on: bool) -> Duel:
    def change(locked: Board, duel: Duel) -> None:
        locked.auto = on
        if on:
            _auto(locked, duel)

    return _apply_and_save(board, version, change)


def set_seats(board: Board, version: int, on: bool, always_ask: bool = True) -> Duel:
    """Give each player a seat (hidden hands), or take the seats away. With seats, the duel
    asks each player at every window the rules give it ("always ask", ``always_ask``: on by
    default; not while a scenario's steps are still to play), so what one seat sees never
    depends on the other's hidden cards; without seats it asks only a player with something to
    use. The change is a step of the history."""
    from . import access

    def change(locked: Board, duel: Duel) -> None:
        locked.seats = on
        # a script still to play is played as written: it was written for a duel that asks
        # only a player with something to use (it answers those questions, not others)
        wanted = on and always_ask and not scripted(locked)
        if bool(duel.state.settings.get("always_ask")) != wanted:
            duel.apply({"do": "always_ask", "on": wanted})

    before = board.seats
    duel = _apply_and_save(board, version, change)
    if before != on:  # every socket's kind of view changes: they reconnect to the new one
        access.revoke([access.sockets_group(board.slug)])
    return duel


def undo(board: Board, version: int) -> Duel:
    """Take back the last action. On a board that follows its script this leaves the script
    (its steps are not rewound); undoing back to where the board left the script rejoins it.
    """
    def change(locked: Board, duel: Duel) -> None:
        before = list(duel.actions)
        duel.undo()
        left = locked.script_left
        if locked.follows_script:
            _leave(locked, "undo", before)
        elif left is not None and left.get("how") != "failed" and duel.actions == left.get(
                "actions"):
            locked.script_left = None

    return _apply_and_save(board, version, change)


#: the stand-ins of the cards a viewer may not see, in a copy made for that viewer, are the
#: game's ``UNKNOWN_CARDS`` (its web data): one per kind a zone may need (a face-down card in
#: a Monster Zone is a monster, in a Spell & Trap Zone a Spell or Trap...); all named alike,
#: so the kind chosen says no more than the zone
UNKNOWN_NAME = "An unknown card"


def seen_copy(board: Board, duel: Duel, view: str) -> dict[str, Any]:
    """What a viewer who may not see everything gets when it copies a board (fork, "try it
    yourself", run again, export): the board as this viewer sees ``duel`` now, as a new
    set-up, with no history.

    Each card the viewer may not see (the other player's hand and deck, face-down cards, the
    public view's hands and decks) becomes "An unknown card", face-down where it was face-down,
    in the same zone and place; the custom card definitions of the hidden cards are left out.
    The history is left out too: replaying it would need the hidden cards it moved and named.
    So what a set-up cannot say is lost (what was used this turn, effects lasting until the end
    of the turn); that is the honest price of a copy that reveals nothing. Returns
    ``{"setup", "cards"}`` for :func:`create_board`.
    """
    from .rendering import Viewer

    vw = Viewer(duel, view)
    st = duel.state
    stand_ins = [{"id": f"unknown_card_{i + 1}", "name": {"en": UNKNOWN_NAME},
                  "text": "A card you could not see when this copy was made.", **kind}
                 for i, kind in enumerate(web(duel.game).UNKNOWN_CARDS)]
    stand_in_defs = parse_cards(stand_ins, file="unknown cards", game_hint=duel.game,
                                strict=False)  # one name for every kind: nothing told
    used_custom: set[str] = set()
    used_stand_ins: set[str] = set()
    setup: dict[str, Any] = {"turn_player": f"p{st.turn_player + 1}", "turn": st.turn,
                             "phase": st.phase}
    if st.step is not None:
        setup["step"] = st.step
    custom_ids = {c.get("id") for c in board.data.get("cards") or []}
    for player in (0, 1):
        side: dict[str, Any] = {"lp": st.lp[player]}
        for zone in duel.policy.ZONES:
            entries = []
            for iid in st.zones[player].get(zone, []):
                card = st.cards[iid]
                entry: dict[str, Any] = {"face_up": card.face_up}
                if card.position:
                    entry["position"] = card.position
                if card.tapped:
                    entry["tapped"] = True
                if vw.hidden(iid):
                    stand_in = next(d for d in stand_in_defs
                                    if duel.policy.placement_problem(d, zone) is None)
                    entry["card"] = stand_in.id
                    used_stand_ins.add(stand_in.id)
                    if zone not in ("hand", "deck"):
                        entry["face_up"] = False
                else:
                    definition = duel.definition(card)
                    entry["card"] = definition.id
                    if definition.id in custom_ids:
                        used_custom.add(definition.id)
                entries.append(entry)
            if entries:
                side[zone] = entries
        setup[f"p{player + 1}"] = side
    cards = [c for c in board.data.get("cards") or [] if c.get("id") in used_custom]
    cards += [c for c in stand_ins if c["id"] in used_stand_ins]
    return {"setup": setup, "cards": cards}
