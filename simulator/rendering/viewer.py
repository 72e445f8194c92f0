"""Who a rendering is for: the open view, a seat, or the public view of a board with seats,
and how that viewer reads cards' names and the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Duel, Frame, hidden_from
from engine.words import seen_by

from ..language import translator


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

    def said(self, frame: Frame, *, logged: bool = False) -> str:
        """What happened at ``frame``, in this viewer's words (worked out once per frame: the
        timeline and the playback both show it); ``logged``: as for :meth:`Frame.what`."""
        key = (frame.step, frame.n, logged)
        if key not in self._said:
            self._said[key] = frame.what(self.name, self.tr, self.sees, logged=logged)
        return self._said[key]
