"""The Yu-Gi-Oh! rule policy: chains, missing the timing, SEGOC.

The timing model: every instant has a number and the state keeps the last one. Triggers are
recorded when their event happens (``met_at``); nothing is activated until a *window*, when
the game state is open to Spell Speed 1 again. At a window, an optional "when" trigger whose
``met_at`` is older than the last instant has missed the timing (YGO-MISS); mandatory and
"if" triggers wait (YGO-WAIT); a card that moved since is a new card (YGO-LOCATION). The
survivors go on one chain (YGO-SEGOC), players respond by spell speed, and the chain resolves
last link first (YGO-CHAIN), each link an instant.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import TYPE_CHECKING, Any

from ... import protection, refusals, restrictions, summons
from ...errors import IllegalAction
from ...events import describe_event, event_matches, make_event
from ...i18n import TRANSLATED, Translator
from ...log import EVENT_SEPARATOR, HIDDEN, card_kind, with_article, zone_place
from ...refusals import Refusal, Worded, joined
from ...rules.base import Policy
from ...rules.interfaces import NegatesAttacks
from ...state import ChainLink, Decision, hidden_from
from .summoning import SummonMoment

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...cards import CardDef, EffectDef
    from ...duel import Duel
    from ...operations import Context
    from ...state import Card, Trigger

PRESETS = {
    "TCG": {"trigger_first": False, "hand_triggers_last": False},
    "TCG classic": {"trigger_first": True, "hand_triggers_last": False},
    "OCG": {"trigger_first": False, "hand_triggers_last": True},
}
NORMAL_TYPES = {("spell", "normal"), ("spell", "quick_play"), ("spell", "ritual"),
                ("trap", "normal"), ("trap", "counter")}
#: wordings that behave as "if" for missing the timing: "FLIP:" and "each time" (YGO-MISS)
LIKE_IF = ("flip", "each_time")
#: the log's words for the groups of YGO-SEGOC, in chain order (the last two: optional
#: triggers from the hand, placed after all the others by "hand triggers last")
SEGOC_GROUPS = ("segoc.group.tp_mandatory", "segoc.group.ntp_mandatory",
                "segoc.group.tp_optional", "segoc.group.ntp_optional",
                "segoc.group.tp_hand", "segoc.group.ntp_hand")
PROCESS_EVENTS = {"activated", "attack_declared", "destroyed", "summoned"}


def identify_effect(text: str, card_type: str = "monster") -> str:
    """Classify one effect of Problem-Solving Card Text (YGO-IDENTIFY).

    Returns ``trigger``, ``quick``, ``ignition`` or ``resolution`` ("When this card resolves",
    part of the card's own activation). A trigger is a timing or event condition followed by a
    colon; "Once per turn:" or "During your Main Phase:" alone are ignition-like (Spells) or
    quick-like (Traps); anything "during either player's turn" is quick-like.
    """
    head, colon, _ = text.partition(":")
    head_l = head.lower().strip()
    if head_l == "flip":
        return "trigger"  # "FLIP:" is the event "this card is flipped face-up"
    if re.search(r"when this card (resolves|is activated)", head_l):
        return "resolution"
    if "during either player's turn" in head_l or "(quick effect)" in text.lower():
        return "quick"
    if not colon:
        return "ignition" if card_type != "trap" else "quick"
    stripped = re.sub(r"^(once per turn,?|once per chain,?)\s*", "", head_l).strip()
    if stripped in ("", "during your main phase"):
        return "quick" if card_type == "trap" else "ignition"
    if re.fullmatch(r"if (you|your opponent) control(s)? (a|an|no) [^,]+", stripped):
        return "ignition" if card_type != "trap" else "quick"  # a state, not an event
    if re.search(r"\b(when|if|during|each time|at the (start|end))\b", stripped):
        return "trigger"
    return "ignition" if card_type != "trap" else "quick"


EXTRA_DECK_SUBTYPES = frozenset({"fusion", "synchro", "xyz", "link"})
#: the actions a player restriction may forbid, and what each does (engine/restrictions.py)
_ACTS = {"special_summon": "special_summon", "inherent_summon": "special_summon",
         "synchro_summon": "special_summon", "xyz_summon": "special_summon",
         "link_summon": "special_summon", "normal_summon": "tribute",
         "tribute_summon": "tribute", "tribute": "tribute", "banish": "banish"}


def _is_token(definition: CardDef) -> bool:
    return definition.type == "token" or definition.subtype == "token"


def _home_zones(definition: CardDef) -> frozenset[str]:
    """The zones a Yu-Gi-Oh! card may be put in (see :meth:`YugiohPolicy.zones_for`)."""
    if _is_token(definition):
        return frozenset({"monster"})
    if definition.type == "monster":
        if definition.subtype in EXTRA_DECK_SUBTYPES:
            return frozenset({"extra", "monster", "gy", "banished"})
        return frozenset({"hand", "deck", "monster", "gy", "banished"})
    table = "field" if definition.type == "spell" and definition.subtype == "field" else (
        "spell_trap")
    return frozenset({"hand", "deck", table, "gy", "banished"})


class YugiohPolicy(SummonMoment, NegatesAttacks, Policy):
    GAME = "yugioh"
    ZONES = ("hand", "deck", "extra", "monster", "spell_trap", "field", "gy", "banished")
    FIELD_ZONES = frozenset({"monster", "spell_trap", "field"})
    PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
    FIRST_PHASE = "main1"
    CAPACITY = {"monster": 5, "spell_trap": 5, "field": 1}
    GRAVEYARD = "gy"
    ZONE_ALIASES = {"graveyard": "gy", "battle": "monster", "mana": "spell_trap"}
    PER_EVENT = False
    REPLACEMENT_RULES = ("YGO-KIND",)
    INDESTRUCTIBLE_RULES = ("YGO-KIND",)
    PROTECTION_RULES = ("YGO-CHAIN",)
    #: "as soon as it is summoned": a continuous effect acts before any trigger can be
    #: activated, so a trigger whose card it removes is not activated (YGO-LOCATION)
    STATIC_RULES = ("YGO-LOCATION",)
    #: "then" and "and if you do": only if the part before it happened (YGO-SEQUENCE)
    THEN_NEEDS_DONE = True
    SEQUENCE_RULES = ("YGO-SEQUENCE",)
    #: a target not destroyed (something else happened instead) was not destroyed
    REPLACED_IS_DONE = False

    @classmethod
    def default_activate_from(cls, card_type: str) -> tuple[str, ...]:
        return ("monster",) if card_type in ("monster", "token") else ("spell_trap", "field")

    @classmethod
    def default_speed(cls, card_type: str, subtype: str, kind: str) -> int:
        """YGO-KIND: an ignition or trigger effect is Spell Speed 1, a quick effect, a Trap's
        trigger-like effect and a Quick-Play Spell's activation 2, a Counter Trap 3."""
        if card_type == "trap" and subtype == "counter":
            return 3
        if kind == "quick" or (card_type == "trap" and kind in ("trigger", "activation")):
            return 2
        if card_type == "spell" and subtype == "quick_play" and kind == "activation":
            return 2
        return 1

    def choice_rules(self, duel: Duel, purpose: str, cost: bool) -> list[str]:
        """Costs are paid at activation (YGO-SEQUENCE); targets are chosen as the chain link
        is made, other choices as it resolves (YGO-CHAIN)."""
        summoning = duel.state.summoning
        if cost and summoning is not None and summoning["stage"] == "cost":
            return ["YGO-INHERENT-SUMMON"]  # the procedure's cost is part of the Summon
        return ["YGO-SEQUENCE"] if cost else ["YGO-CHAIN"]

    # ------------------------------------------------------------------ settings
    def normalise_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Apply a YGO-SEGOC preset (TCG, TCG classic, OCG), then explicit switches."""
        preset = settings.get("preset", "TCG")
        if preset not in PRESETS:
            raise IllegalAction(Refusal("unknown_preset", preset=repr(preset),
                                        presets=", ".join(PRESETS)))
        out = {"preset": preset, **PRESETS[preset]}
        for key in ("trigger_first", "hand_triggers_last", "unlimited_zones", "first_turn"):
            if key in settings:
                out[key] = bool(settings[key])
        return out

    def placement_attrs(self, duel: Duel, zone: str, entry: dict[str, Any]) -> dict[str, Any]:
        attrs = super().placement_attrs(duel, zone, entry)
        if entry.get("set") or entry.get("face_down"):
            attrs["face_up"] = False
            if zone == "monster":
                attrs["position"] = "defense"
        attrs["flags"] = {**attrs.get("flags", {}), "arrived": 0}
        return attrs

    def after_instant(self, duel: Duel, inst: dict[str, Any]) -> None:
        if duel.state.step == "damage":  # gone once the step ends (YGO-DAMAGE-STEP-LIMIT)
            inst["damage_step"] = True
        super().after_instant(duel, inst)

    # ------------------------------------------------------------------ the Damage Step
    def damage_step_allows(self, duel: Duel, definition: CardDef,
                           effect: EffectDef | None) -> bool:
        """May this card or effect be activated in the Damage Step (YGO-DAMAGE-STEP-LIMIT)? A
        Counter Trap; an effect that negates an activation; one that directly changes ATK or
        DEF, until damage calculation begins. (An effect whose text names a Damage Step timing
        has no window here: the engine's Damage Step opens with damage calculation.) Triggers
        are judged by YGO-DAMAGE-STEP instead."""
        if definition.type == "trap" and definition.subtype == "counter":
            return True
        if effect is None:
            return False
        ops = effect.operations
        if any(op.get("op") in ("negate_activation", "negate_effect") for op in ops):
            return True
        proc = duel.state.procedure[0] if duel.state.procedure else {}
        before_calculation = proc.get("stage") == "start"
        return before_calculation and any(
            op.get("op") == "modify_stat" and op.get("stat", "atk") in ("atk", "def")
            for op in ops)

    def _after_damage_step(self, duel: Duel, n: int) -> bool:
        """Is instant ``n`` one of a Damage Step that has ended (YGO-DAMAGE-STEP-LIMIT)?"""
        if duel.state.step == "damage":
            return False
        return any(inst["n"] == n and inst.get("damage_step")
                   for inst in reversed(duel.state.instants))

    # ------------------------------------------------------------------ equip links
    def continuous_checks(self, duel: Duel, inst: dict[str, Any]) -> None:
        super().continuous_checks(duel, inst)
        self._unequip(duel)

    def _unequip(self, duel: Duel) -> None:
        """A face-up Equip Spell equipped to no monster leaves the field by the rules, at a new
        instant. Its monster left the field or was turned face-down (a new card now): it is
        destroyed, though not by a card effect. Its activation found no monster to equip: it is
        sent to the GY without being destroyed (YGO-LOCATION)."""
        st = duel.state
        equips = [c for p in (st.turn_player, 1 - st.turn_player)
                  for c in st.cards_in(p, "spell_trap")
                  if c.face_up and duel.definition(c).subtype == "equip"
                  and duel.definition(c).type == "spell"]
        if not equips:  # checked after every instant: the usual case stays cheap
            return
        on_chain = {(link.card, link.obj) for link in st.chain}
        if st.activation:
            on_chain.add((st.activation["card"], st.activation["obj"]))
        doomed = [c for c in equips
                  if (c.iid, c.obj) not in on_chain and not self._equip_holds(duel, c)]
        if not doomed:
            return
        events: list[dict[str, Any]] = []
        for card in doomed:
            was_equipped = "equipped_to" in card.flags
            duel.log("unequipped" if was_equipped else "not_equipped", ["YGO-LOCATION"],
                     card=card.iid)
            self.basic_move(duel, card, "gy", events, cause="rule", by=None, by_player=None,
                            destroyed=was_equipped, how="destroyed" if was_equipped else None)
        duel.happen(events, kind="continuous")

    def _equip_holds(self, duel: Duel, card: Card) -> bool:
        target = self.equipped_to(duel, card)
        return target is not None and target.zone == "monster" and target.face_up

    # ------------------------------------------------------------------ where cards may go
    def zones_for(self, definition: CardDef) -> tuple[str, ...]:
        """A Token only in a Monster Zone; a monster in a Monster Zone, and in the Deck (a
        Fusion, Synchro, Xyz or Link Monster in the Extra Deck instead, never in the hand); a
        Field Spell in the Field Zone, any other Spell or Trap in a Spell & Trap Zone; and
        every card in the hand, the GY or banished."""
        home = _home_zones(definition)
        return tuple(z for z in self.ZONES if z in home)

    def placement_reason(self, definition: CardDef, zone: str) -> str:
        kind = with_article(card_kind(definition))
        home = _home_zones(definition)
        if _is_token(definition):
            return (f"{definition.en} is {kind}: it can only be {zone_place('monster')}, "
                    f"not {zone_place(zone)}")
        if zone in self.FIELD_ZONES:
            where = next(z for z in ("monster", "field", "spell_trap") if z in home)
        else:
            where = "extra" if "extra" in home else "deck"
        return f"{definition.en} is {kind}: it goes {zone_place(where)}, not {zone_place(zone)}"

    # ------------------------------------------------------------------ moves and summons
    def move_events(self, duel: Duel, card: Card, to: str, ctx: Context | None, *,
                    cause_type: str | None, spec: dict[str, Any], cause: str | None,
                    by_player: int | None) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        if ctx is not None:
            cause = cause or ("cost" if ctx.is_cost else "effect")
            by_player = ctx.controller if by_player is None else by_player
        by = ctx.source if ctx is not None else None
        if card.zone == "limbo":
            return events
        if to in self.FIELD_ZONES:
            duel.put(card, to, controller=card.controller)
            return [make_event("placed", card)]
        instead = protection.intercept(duel, card, to, cause_type=cause_type, cause=cause,
                                       by_player=by_player, by=by)
        if instead is not None:  # replaced, or a destruction that cannot happen (YGO-KIND)
            return instead
        self.basic_move(duel, card, to, events, cause=cause, by=by, by_player=by_player,
                        destroyed=cause_type == "destroyed", how=cause_type)
        return events

    def basic_move(self, duel: Duel, card: Card, to: str, events: list[dict[str, Any]], *,
                   cause: str | None, by: int | None, by_player: int | None,
                   destroyed: bool, how: str | None) -> None:
        """A Fusion, Synchro, Xyz or Link Monster that would go to the hand goes to the Extra
        Deck; an Xyz Monster that leaves the field sends its Xyz Materials to the GY."""
        if to == "hand" and duel.definition(card).subtype in EXTRA_DECK_SUBTYPES:
            to = "extra"
        materials = [duel.state.cards[i] for i in card.under]
        super().basic_move(duel, card, to, events, cause=cause, by=by, by_player=by_player,
                           destroyed=destroyed, how=how)
        summons.detach(duel, card, materials, events, cause="rule", by_player=None, how=None)

    def attached_reason(self, duel: Duel, card: Card) -> str:
        return Refusal("attached_xyz", card=refusals.named(duel, card.iid))

    def summon_events(self, duel: Duel, card: Card, player: int, *, how: str, by: int | None,
                      position: str, cause: str) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        if card.zone in self.FIELD_ZONES:
            return events
        if how in restrictions.SPECIAL and (
                stop := restrictions.forbidding(duel, player, "special_summon")):
            duel.log("forbidden.special_summon", ["YGO-KIND"], card=card.iid, by=stop.iid)
            return events
        was = make_event("moved", card)["was"]
        duel.put(card, "monster", controller=player, face_up=True, position=position)
        card.flags["arrived"] = duel.state.instant + 1
        card.flags["summoned"] = how
        card.flags["summoned_by"] = player
        card.flags["summoned_turn"] = duel.state.turn
        ev = make_event("summoned", card, how=how, by=by, player=player, cause=cause)
        ev["from"] = was["zone"]
        events.append(ev)
        return events

    # ------------------------------------------------------------------ fired events
    def fire(self, duel: Duel, action: dict[str, Any]) -> None:
        st = duel.state
        do = action["do"]
        if do == "activate":
            return self.activate_by_hand(duel, action)
        if st.chain or st.activation or st.queue:
            raise IllegalAction(Refusal("chain_in_progress"),
                                ["YGO-CHAIN"])
        if st.summoning is not None:
            raise IllegalAction(Refusal("summon_in_progress"), ["YGO-SUMMON-NEGATION"])
        handler = getattr(self, f"_fire_{do}", None)
        if handler is None:
            raise IllegalAction(Refusal("unknown_action", action=repr(do)))
        if forbidden := self._forbidden_act(duel, action):
            act, card, by = forbidden
            raise IllegalAction(Refusal(f"forbidden_{act}", card=refusals.named(duel, card.iid),
                                        by=refusals.named(duel, by.iid)), ["YGO-KIND"])
        handler(duel, action)

    def _forbidden_act(self, duel: Duel, action: dict[str, Any]
                       ) -> tuple[str, Card, Card] | None:
        """An action a player restriction forbids now ("Neither player can Special Summon
        monsters": engine/restrictions.py): what it would do, the card it would do it to and
        the card forbidding it; None when nothing forbids it."""
        do = action.get("do")
        if do not in _ACTS or action.get("card") is None:
            return None
        try:
            card = self.card_arg(duel, action)
        except IllegalAction:
            return None  # the handler says what is wrong with the card
        if do == "special_summon" and action.get("player"):
            player = int(str(action["player"])[-1]) - 1
        elif do in ("banish", "tribute"):
            by_player = action.get("by_player")
            player = int(str(by_player)[-1]) - 1 if by_player else 1 - card.controller
        else:
            player = card.owner
        act = _ACTS[do]
        if act == "tribute" and do != "tribute" and not action.get("tributes"):
            return None  # a Normal Summon with no Tribute
        if do in ("normal_summon", "tribute_summon"):
            card = self.card_arg(duel, {"card": action["tributes"][0]})  # the Tribute refused
        by = restrictions.forbidding(duel, player, act)
        return (act, card, by) if by else None

    def apply_setup(self, duel: Duel, setup: dict[str, Any]) -> None:
        super().apply_setup(duel, setup)
        self._no_battle_phase(duel, duel.state.phase)

    def edit(self, duel: Duel, action: dict[str, Any]) -> None:
        if action.get("do") == "set_phase":
            self._no_battle_phase(duel, action.get("phase"))
        super().edit(duel, action)

    def _no_battle_phase(self, duel: Duel, phase: Any) -> None:
        """The Duel's first turn has no Battle Phase, nor Main Phase 2 (YGO-FIRST-TURN)."""
        if phase in ("battle", "main2") and self.first_turn(duel):
            raise IllegalAction(Refusal("first_turn_battle", turn=duel.state.turn),
                                ["YGO-FIRST-TURN"])

    def first_turn(self, duel: Duel) -> bool:
        """Is this the Duel's first turn, with no Battle Phase (YGO-FIRST-TURN)? Only on a board
        set at it (the ``first_turn`` setting): a set-up is otherwise mid-Duel."""
        return bool(duel.state.settings.get("first_turn")) and duel.state.turn == 1

    def _need_open(self, duel: Duel) -> None:
        if any(p.get("auto") for p in duel.state.procedure):
            raise IllegalAction(Refusal("battle_in_progress"))

    def _fire_normal_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        """Normal or Tribute Summon: tributes are one instant, the summon the next."""
        st = duel.state
        self._need_open(duel)
        card = self.card_arg(duel, action)
        definition = duel.definition(card)
        if card.zone != "hand" or definition.type != "monster":
            raise IllegalAction(Refusal("not_monster_in_hand", card=refusals.card(definition)))
        if card.owner != st.turn_player or st.phase not in ("main1", "main2"):
            raise IllegalAction(Refusal("summon_turn_player"))
        tributes = [self.card_arg(duel, {"card": t}) for t in action.get("tributes", [])]
        needed = 0 if definition.level <= 4 else (1 if definition.level <= 6 else 2)
        if len(tributes) != needed:
            raise IllegalAction(Refusal("tributes_needed", card=refusals.card(definition),
                                        level=definition.level, needed=needed,
                                        count=len(tributes)))
        for t in tributes:
            if t.zone != "monster" or t.controller != card.owner:
                raise IllegalAction(Refusal("not_your_monster", card=refusals.named(duel, t.iid)))
        if not tributes and not self.can_place(duel, card, card.owner, "monster"):
            raise IllegalAction(Refusal("monster_zone_full"))
        how = "tribute" if tributes else "normal"
        duel.log("action", player=card.owner, what=f"{how} summons {{card}}", card=card.iid)
        if tributes:
            events: list[dict[str, Any]] = []
            for t in tributes:  # a replacement applies to a Tribute as to any other move
                instead = protection.intercept(duel, t, "gy", cause_type="tributed",
                                               cause="summon", by_player=card.owner, by=card.iid)
                if instead is not None:
                    events += instead
                    continue
                self.basic_move(duel, t, "gy", events, cause="summon", by=card.iid,
                                by_player=card.owner, destroyed=False, how="tributed")
            duel.happen(events)
        self.would_summon(duel, card, card.owner, how=how)

    _fire_tribute_summon = _fire_normal_summon

    def _fire_synchro_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        self._procedure_summon(duel, action, "synchro")

    def _fire_xyz_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        self._procedure_summon(duel, action, "xyz")

    def _fire_link_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        self._procedure_summon(duel, action, "link")

    def _procedure_summon(self, duel: Duel, action: dict[str, Any], how: str) -> None:
        """A Synchro, Xyz or Link Summon from the Extra Deck: the turn player's action in an
        open game state, starting no chain. As a Tribute Summon's tributes, the materials go at
        one instant and the monster is Summoned at the next (YGO-MISS, YGO-WAIT, YGO-SEGOC)."""
        st = duel.state
        self._need_open(duel)
        card = self.card_arg(duel, action)
        definition = duel.definition(card)
        kind = summons.KIND_NAMES[how]
        if card.zone != "extra" or definition.subtype != how:
            raise IllegalAction(Refusal("not_in_extra_deck", card=refusals.card(definition),
                                        kind=Worded(with_article(kind), lambda tr: tr(kind))))
        if card.owner != st.turn_player or st.phase not in ("main1", "main2"):
            raise IllegalAction(Refusal("summon_turn_player"))
        materials = [self.card_arg(duel, {"card": m}) for m in action.get("materials") or []]
        for m in materials:
            if m.zone != "monster" or m.controller != card.owner or not m.face_up:
                raise IllegalAction(Refusal("not_your_face_up_monster",
                                            card=refusals.named(duel, m.iid)))
        problem = summons.material_problem(duel, definition, materials, how, card.owner)
        if problem:
            raise IllegalAction(problem)
        duel.log("action", player=card.owner, what=f"{kind} Summons {{card}}", card=card.iid)
        summons.send_materials(duel, card, materials, how, card.owner)
        self.would_summon(duel, card, card.owner, how=how)

    def _fire_special_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        player = card.owner if "player" not in action else int(action["player"][-1]) - 1
        if duel.definition(card).type not in ("monster", "token") or self.on_field(card):
            raise IllegalAction(Refusal("not_special_summoned_from",
                                        card=refusals.named(duel, card.iid)))
        if not self.can_place(duel, card, player, "monster"):
            raise IllegalAction(Refusal("monster_zone_full"))
        duel.log("action", player=player, what="Special Summons {card}", card=card.iid)
        duel.happen(self.summon_events(duel, card, player, how="special", by=None,
                                       position=action.get("position", "attack"),
                                       cause="summon"))

    def _fire_flip_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        if card.zone != "monster" or card.face_up:
            raise IllegalAction(Refusal("not_face_down_monster",
                                        card=refusals.named(duel, card.iid)))
        duel.log("action", player=card.controller, what="Flip Summons {card}", card=card.iid)
        self.would_summon(duel, card, card.controller, how="flip")

    def _fire_set(self, duel: Duel, action: dict[str, Any]) -> None:
        """Set a monster face-down in Defense Position, or a Spell/Trap face-down."""
        st = duel.state
        self._need_open(duel)
        card = self.card_arg(duel, action)
        definition = duel.definition(card)
        if card.zone != "hand":
            raise IllegalAction(Refusal("not_in_hand", card=refusals.card(definition)))
        if card.owner != st.turn_player or st.phase not in ("main1", "main2"):
            raise IllegalAction(Refusal("set_turn_player"))
        zone = "monster" if definition.type == "monster" else (
            "field" if definition.subtype == "field" else "spell_trap")
        if definition.type == "monster" and definition.level > 4:
            raise IllegalAction(Refusal("set_needs_tributes", card=refusals.card(definition)))
        if zone != "field" and not self.can_place(duel, card, card.owner, zone):
            raise IllegalAction(Refusal("zone_full"))
        duel.put(card, zone, controller=card.owner, face_up=False,
                 position="defense" if zone == "monster" else "attack")
        card.flags["set_turn"] = st.turn
        card.flags["arrived"] = st.instant + 1
        duel.log("action", player=card.owner, what="Sets {card}", card=card.iid)
        duel.happen([make_event("set", card, player=card.owner)])

    def _fire_change_position(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        if card.zone != "monster" or not card.face_up:
            raise IllegalAction(Refusal("not_face_up_monster", card=refusals.named(duel, card.iid)))
        if duel.definition(card).subtype == "link":
            raise IllegalAction(Refusal("link_attack_position",
                                        card=refusals.named(duel, card.iid)))
        card.position = "defense" if card.position == "attack" else "attack"
        duel.log("action", player=card.controller,
                 what=f"changes {{card}} to {card.position} position", card=card.iid)
        duel.happen([make_event("position_changed", card, player=card.controller)])

    def _move_action(self, duel: Duel, action: dict[str, Any], to: str, how: str | None,
                     allowed_from: tuple[str, ...], cause: str = "effect") -> None:
        card = self.card_arg(duel, action)
        if card.zone not in allowed_from:
            raise IllegalAction(Refusal("not_in_zones",
                                        card=refusals.named(duel, card.iid), zones=joined(
                [refusals.zone(z) for z in allowed_from], "or")))
        cause = action.get("cause", cause)
        by_player = action.get("by_player")
        by_player = int(str(by_player)[-1]) - 1 if by_player else 1 - card.controller
        duel.log("action", player=by_player, what=f"{action['do']} {{card}}", card=card.iid)
        events = protection.intercept(duel, card, to, cause_type=how, cause=cause,
                                      by_player=by_player)
        if events is None:
            events = []
            self.basic_move(duel, card, to, events, cause=cause, by=None, by_player=by_player,
                            destroyed=how == "destroyed", how=how)
        duel.happen(events)

    def _fire_destroy(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "gy", "destroyed", tuple(self.FIELD_ZONES))

    def _fire_send_to_gy(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "gy", None, ("monster", "spell_trap", "field", "hand",
                                                      "deck", "extra"))

    def _fire_banish(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "banished", None,
                          ("monster", "spell_trap", "field", "hand", "gy", "deck", "extra"))

    def _fire_return_to_hand(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "hand", None, ("monster", "spell_trap", "field", "gy"))

    def _fire_discard(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "gy", "discarded", ("hand",))

    def _fire_tribute(self, duel: Duel, action: dict[str, Any]) -> None:
        self._move_action(duel, action, "gy", "tributed", ("monster",), cause="cost")

    def _lp_action(self, duel: Duel, action: dict[str, Any], sign: int, cause: str) -> None:
        player = int(str(action.get("player", "p1"))[-1]) - 1
        amount = int(action.get("amount", 0))
        if amount <= 0:
            raise IllegalAction(Refusal("amount_positive"))
        what = {"gain_lp": "gains {n} LP", "lose_lp": "loses {n} LP",
                "damage": "takes {n} damage"}[action["do"]].format(n=amount)
        duel.log("action", player=player, what=what)
        duel.happen(duel.change_lp(player, sign * amount, cause=cause, by=None))

    def _fire_gain_lp(self, duel: Duel, action: dict[str, Any]) -> None:
        self._lp_action(duel, action, +1, "effect")

    def _fire_lose_lp(self, duel: Duel, action: dict[str, Any]) -> None:
        self._lp_action(duel, action, -1, "effect")

    def _fire_damage(self, duel: Duel, action: dict[str, Any]) -> None:
        self._lp_action(duel, action, -1, "damage")

    def _fire_next_phase(self, duel: Duel, action: dict[str, Any]) -> None:
        """Move to the next phase (the next turn after the End Phase)."""
        st = duel.state
        self._need_open(duel)
        st.procedure = []
        i = self.PHASES.index(st.phase)
        if st.phase == "main1" and self.first_turn(duel):
            duel.log("phase.no_battle", ["YGO-FIRST-TURN"], turn=st.turn, player=st.turn_player)
            self._enter_phase(duel, "end")
        elif i + 1 < len(self.PHASES):
            self._enter_phase(duel, self.PHASES[i + 1])
        else:
            duel.end_lasting("end_of_turn")
            st.turn += 1
            st.turn_player = 1 - st.turn_player
            self._enter_phase(duel, self.PHASES[0])

    def _enter_phase(self, duel: Duel, phase: str) -> None:
        """The turn goes on to ``phase``: its start is an instant of its own."""
        st = duel.state
        st.phase, st.step, st.phase_passed = phase, None, {}
        duel.log("phase", phase=st.phase, turn=st.turn, player=st.turn_player)
        duel.happen([make_event("phase_start", None, phase=st.phase, player=st.turn_player)])

    def _fire_declare_attack(self, duel: Duel, action: dict[str, Any]) -> None:
        st = duel.state
        self._need_open(duel)
        attacker = self.card_arg(duel, action)
        if self.first_turn(duel):
            raise IllegalAction(Refusal("first_turn_battle", turn=st.turn), ["YGO-FIRST-TURN"])
        if st.phase != "battle":
            raise IllegalAction(Refusal("attack_in_battle_phase"))
        if attacker.zone != "monster" or attacker.controller != st.turn_player or (
            attacker.position != "attack" or not attacker.face_up
        ):
            raise IllegalAction(Refusal("not_attacker", card=refusals.named(duel, attacker.iid)))
        if self._cannot_attack(duel, attacker):
            raise IllegalAction(Refusal("cannot_attack", card=refusals.named(duel, attacker.iid)),
                                ["YGO-KIND"])
        target = None
        direct = action.get("target") is None
        if self._cannot_attack(duel, attacker, direct):
            raise IllegalAction(Refusal("cannot_attack_players" if direct
                                        else "cannot_attack_creatures",
                                        card=refusals.named(duel, attacker.iid)), ["YGO-KIND"])
        if action.get("target") is not None:
            target = self.card_arg(duel, action, "target")
            if target.zone != "monster" or target.controller == attacker.controller:
                raise IllegalAction(Refusal("attack_target"))
        elif st.zones[1 - attacker.controller]["monster"] and not self._attacks_directly(
                duel, attacker):
            raise IllegalAction(Refusal("direct_attack"))
        st.step = "battle_step"
        st.procedure = [{"kind": "attack", "attacker": attacker.iid, "attacker_obj": attacker.obj,
                         "target": target.iid if target else None,
                         "target_obj": target.obj if target else None, "stage": "declared",
                         "auto": False}]
        duel.log("action", player=attacker.controller,
                 what="attacks with {card}", card=attacker.iid)
        duel.happen([make_event("attack_declared", attacker, player=attacker.controller,
                                target=target.iid if target else None,
                                direct=target is None)])

    def _fire_battle(self, duel: Duel, action: dict[str, Any]) -> None:
        """Enter the Damage Step of the declared attack: flip, damage calculation, destruction."""
        st = duel.state
        if not st.procedure or st.procedure[0]["kind"] != "attack":
            raise IllegalAction(Refusal("declare_attack_first"))
        st.procedure[0]["auto"] = True
        st.procedure[0]["stage"] = "start"

    # ------------------------------------------------------------------ a negated attack
    def negate_attack(self, duel: Duel, ctx: Any, *, end_battle_phase: bool) -> bool:
        """"Negate the attack", 「その攻撃を無効にする」: the attack declared ends there, with
        no Damage Step and no battle damage. ``end_battle_phase`` ("then end the Battle
        Phase", 「その後バトルフェイズを終了する」): no other attack is declared, and once the
        chain and its triggers are done the turn goes on to Main Phase 2."""
        st = duel.state
        attack = st.procedure[0] if st.procedure and st.procedure[0]["kind"] == "attack" else None
        if attack is None or attack["stage"] != "declared":
            return False
        st.procedure.pop(0)
        st.step = "battle_step"
        duel.end_lasting("end_of_attack")
        attacker = st.cards[attack["attacker"]]
        ctx.events.append(make_event("attack_negated", attacker, by=ctx.source))
        if end_battle_phase and st.phase == "battle":
            st.lasting.append({"change": "battle_phase_ends", "player": st.turn_player,
                               "until": "end_of_turn", "source": ctx.source})
        return True

    def _battle_phase_ends(self, duel: Duel) -> bool:
        """The Battle Phase an effect ended goes on to Main Phase 2, once nothing is left to
        resolve or activate in it."""
        st = duel.state
        ending = next((m for m in st.lasting if m.get("change") == "battle_phase_ends"), None)
        if ending is None:
            return False
        st.lasting.remove(ending)
        if st.phase != "battle":
            return False
        st.procedure = []
        duel.log("phase.battle_ended", ["YGO-CHAIN"], card=ending["source"])
        self._enter_phase(duel, "main2")
        return True

    # ------------------------------------------------------------------ the battle procedure
    def run_procedure(self, duel: Duel) -> bool:
        st = duel.state
        if not st.procedure or not st.procedure[0].get("auto"):
            return False
        proc = st.procedure[0]
        attacker = st.cards[proc["attacker"]]
        target = st.cards[proc["target"]] if proc["target"] is not None else None
        if proc["stage"] == "start":
            if attacker.obj != proc["attacker_obj"] or (
                target is not None and target.obj != proc["target_obj"]
            ):
                st.procedure = []  # the battle does not happen
                st.step = "battle_step"
                return True
            st.step = "damage"
            duel.log("step.damage", ["YGO-DAMAGE-STEP-LIMIT"])
            if target is not None and not target.face_up:
                target.face_up = True
                target.flags["flipped_turn"] = st.turn
                duel.happen([make_event("flipped", target, by=attacker.iid)])
            events, doomed = self._damage_calculation(duel, attacker, target)
            proc["doomed"] = doomed
            proc["stage"] = "end"
            duel.happen(events + self._battled(attacker, target))
            return True
        if proc["stage"] == "end":
            events: list[dict[str, Any]] = []
            doomed = [(st.cards[iid], by) for iid, by in proc.get("doomed", [])
                      if st.cards[iid].zone == "monster"]
            protection.ask_ahead(duel, [card for card, _ in doomed], "gy", "destroyed", "battle")
            for card, by in doomed:
                instead = protection.intercept(duel, card, "gy", cause_type="destroyed",
                                               cause="battle", by=by,
                                               by_player=st.cards[by].controller)
                if instead is not None:
                    events += instead
                    if any(e.get("type") == "destroyed" and e.get("card") == card.iid
                           for e in instead):  # destroyed, though it went elsewhere
                        st.cards[by].flags["destroyed_by_battle_turn"] = st.turn
                    continue
                self.basic_move(duel, card, "gy", events, cause="battle", by=by,
                                by_player=st.cards[by].controller, destroyed=True,
                                how="destroyed")
                # "the turn this card destroyed a monster by battle" (``this_turn``)
                st.cards[by].flags["destroyed_by_battle_turn"] = st.turn
            proc["stage"] = "done"
            if events:
                duel.happen(events)
            return True
        st.procedure.pop(0)
        st.step = "battle_step"
        duel.end_lasting("end_of_attack")
        return True

    @staticmethod
    def _battled(attacker: Card, target: Card | None) -> list[dict[str, Any]]:
        """The ``battle`` events of damage calculation, one for each monster that battled,
        naming the monster it battled (``opponent``, as the object it was): "If this card
        battles an opponent's monster, after damage calculation", 「このカードがモンスターと
        戦闘を行ったダメージ計算後」 trigger on them, in the same instant as the battle damage
        and before the monsters destroyed by battle go to the GY at the end of the Damage Step
        (YGO-DAMAGE-STEP). A direct attack battles no monster: it has none."""
        if target is None:
            return []
        return [make_event("battle", me, opponent=them.iid, opponent_obj=them.obj,
                           target=target.iid if me is attacker else None)
                for me, them in ((attacker, target), (target, attacker))]

    def _damage_calculation(self, duel: Duel, attacker: Card, target: Card | None):
        atk = self.stat(duel, attacker, "atk")
        events: list[dict[str, Any]] = []
        doomed: list[tuple[int, int]] = []
        defender = 1 - attacker.controller
        if target is None:
            if atk:  # a direct attack's damage says so ("battle damage by a direct attack")
                events += [{**ev, "direct": True} for ev in
                           duel.change_lp(defender, -atk, cause="battle", by=attacker.iid)]
            return events, doomed
        if target.position == "attack":
            other = self.stat(duel, target, "atk")
            if atk > other:
                doomed.append((target.iid, attacker.iid))
                events += duel.change_lp(defender, -(atk - other), cause="battle", by=attacker.iid)
            elif atk < other:
                doomed.append((attacker.iid, target.iid))
                events += duel.change_lp(attacker.controller, -(other - atk), cause="battle",
                                         by=target.iid)
            elif atk > 0:
                doomed += [(attacker.iid, target.iid), (target.iid, attacker.iid)]
        else:
            other = self.stat(duel, target, "def")
            if atk > other:
                doomed.append((target.iid, attacker.iid))
                if self._pierces(duel, attacker):
                    events += duel.change_lp(defender, -(atk - other), cause="battle",
                                             by=attacker.iid)
            elif atk < other:
                events += duel.change_lp(attacker.controller, -(other - atk), cause="battle",
                                         by=target.iid)
        return events, doomed

    def _pierces(self, duel: Duel, attacker: Card) -> bool:
        """Does a continuous effect give the attacking monster piercing battle damage
        (``apply: {piercing: true}``: "If this card attacks a Defense Position monster,
        inflict piercing battle damage", 「その守備力を攻撃力が超えた分だけ戦闘ダメージを
        与える」)? Only a face-up card's effect that is not negated applies."""
        return any(self.granted(duel, attacker, "piercing"))

    def _attacks_directly(self, duel: Duel, attacker: Card) -> bool:
        """Does a continuous effect say the monster can attack directly while the opponent
        controls monsters (``apply: {direct_attack: true}``: "This card can attack directly",
        「このカードは直接攻撃できる」)? Read afresh at each declaration (YGO-KIND)."""
        return any(self.granted(duel, attacker, "direct_attack"))

    def _cannot_attack(self, duel: Duel, attacker: Card, direct: bool | None = None) -> bool:
        """Does a continuous effect say the monster cannot declare this attack (``apply:
        {cannot_attack: all}``: "This card cannot declare an attack", "Your opponent's
        monsters cannot declare an attack", 「このカードは攻撃できない」; ``players``: no
        direct attack; ``creatures``: no attack on a monster)? With ``direct`` None: no attack
        at all. Read afresh at each declaration, so it holds only while its card's effect
        applies (YGO-KIND); a resolved effect's "it cannot attack this turn" (``protect``
        ``cannot: attack``) holds until the end of the turn."""
        cannot = set(self.granted(duel, attacker, "cannot_attack"))
        if any(m.get("cannot") == "attack" for m in attacker.mods):
            cannot.add("all")
        return "all" in cannot or direct is not None and (
            ("players" if direct else "creatures") in cannot)

    def stat(self, duel: Duel, card: Card, stat: str) -> int | None:
        """Current ATK or DEF: printed, lasting changes, continuous effects (never below 0);
        other stats as printed."""
        if stat not in ("atk", "def"):
            return super().stat(duel, card, stat)
        definition = duel.definition(card)
        base = definition.atk if stat == "atk" else definition.defense
        if not self.on_field(card):
            return base
        return max(0, self.modified(duel, card, stat, base))

    def strength(self, duel: Duel, card: Card) -> list[int] | None:
        """ATK and DEF of a monster on the field."""
        if card.zone != "monster":
            return None
        return [self.stat(duel, card, "atk"), self.stat(duel, card, "def")]

    # ------------------------------------------------------------------ triggers
    def trigger_met(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                    inst: dict[str, Any]) -> None:
        """Record a trigger that met its timing, or say why it cannot (YGO-ONFIELD)."""
        if not self._in_activation_zone(card, effect):
            if effect.activate_from == ("monster",) and ev.get("card") != card.iid and (
                ev.get("by") == card.iid or ev["type"] in PROCESS_EVENTS
            ):
                t = self.new_trigger(duel, card, effect, ev, inst)
                t.status = "not_activated"
                t.rules = ["YGO-ONFIELD"]
                duel.log("trigger.not_activated", t.rules, card=card.iid,
                         effect=self._effect_name(duel, card, effect),
                         reason={"key": "reason.not_on_field",
                                 "args": {"card": card.iid, "event": [describe_event(ev)]}})
            return
        if effect.once_per_turn and self._used(duel, card, effect):
            return
        if not self.conditions_hold(duel, card, effect, ev, ("event", "both")):
            t = self.new_trigger(duel, card, effect, ev, inst)
            t.status, t.rules = "not_activated", ["YGO-KIND"]
            duel.log("trigger.not_activated", t.rules, card=card.iid, tid=t.tid,
                     effect=self._effect_name(duel, card, effect),
                     reason={"key": "reason.condition"})
            return
        t = self.new_trigger(duel, card, effect, ev, inst)
        duel.log("trigger.met", ["YGO-KIND"], card=card.iid, tid=t.tid,
                 effect=self._effect_name(duel, card, effect), met_at=inst["n"],
                 event=[describe_event(ev)])

    def _in_activation_zone(self, card: Card, effect: EffectDef) -> bool:
        if card.zone not in effect.activate_from:
            return False
        if card.zone in self.FIELD_ZONES and not card.face_up:
            return False
        return True

    def _effect_name(self, duel: Duel, card: Card, effect: EffectDef | None) -> str:
        if effect is None:
            return "card activation"
        return effect.label or f"effect {effect.index + 1}"

    def _opt_key(self, duel: Duel, card: Card, effect: EffectDef) -> str:
        if effect.once_per_turn == "name":
            return f"name:{card.card_id}:{effect.index}:{card.controller}"
        return f"card:{card.iid}:{card.obj}:{effect.index}"

    def _used(self, duel: Duel, card: Card, effect: EffectDef) -> bool:
        return duel.state.used.get(self._opt_key(duel, card, effect)) == duel.state.turn

    def _mark_used(self, duel: Duel, card: Card, effect: EffectDef) -> None:
        if effect.once_per_turn or effect.phase:
            duel.state.used[self._opt_key(duel, card, effect)] = duel.state.turn

    # ------------------------------------------------------------------ the main loop
    def step(self, duel: Duel) -> bool:
        st = duel.state
        if st.activation:
            duel.continue_activation()
            return True
        if st.chain_state == "resolving":
            self.resolve_top(duel)
            return True
        if st.queue:
            self.activate_trigger(duel, st.queue.pop(0))
            return True
        self._response_windows(duel)
        if st.chain_state == "building":
            self.priority_step(duel)
            return True
        if self.summon_moment(duel):  # no trigger is activated before it (YGO-SUMMON-NEGATION)
            return True
        if self.window(duel):
            return True
        if self.phase_window(duel):
            return True
        if self._battle_phase_ends(duel):
            return True
        return self.run_procedure(duel)

    # ------------------------------------------------------------------ windows
    def window(self, duel: Duel) -> bool:
        """The game is open to Spell Speed 1: judge every trigger waiting, then SEGOC."""
        st = duel.state
        changed = False
        for t in st.triggers:
            if t.status == "met":
                self._judge(duel, t)
                changed = True
        ready = [t for t in st.triggers if t.status == "ready"]
        hidden = self._hidden_window(duel, ready)  # "always ask": may ask (pure until here)
        if not ready:
            if hidden is not None:
                st.hidden_asked = st.instant
                st.answers = {}
                return True
            return changed
        order, blocked, groups = self._segoc_order(duel, ready, hidden)  # may ask
        if hidden is not None:
            st.hidden_asked = st.instant
        st.answers = {}
        chosen = set(order)
        for t in ready:
            if t.tid in blocked:
                self._set(duel, t, "not_activated", ["YGO-HAND-SELF-SUMMON"],
                          "trigger.not_activated", self._effect_name(
                              duel, st.cards[t.card], duel.effect(t.card, t.effect)),
                          reason={"key": "reason.hand_self_summon",
                                  "args": {"player": t.controller}})
            elif t.tid not in chosen and t.status == "ready":
                t.status = "declined"
                duel.log("trigger.declined", ["YGO-SEGOC"], player=t.controller, card=t.card,
                         effect=self._effect_name(duel, st.cards[t.card],
                                                  duel.effect(t.card, t.effect)))
        for t in ready:
            if t.tid in chosen:
                t.status = "queued"
        if order:
            duel.log("chain.segoc", ["YGO-SEGOC"], count=len(order))
            for rules, args in groups:  # why they are in that order, group by group
                duel.log("chain.segoc_group", rules, **args)
        st.queue = order
        return True

    def _judge(self, duel: Duel, t: Trigger) -> None:
        """Decide a recorded trigger's fate at a window: not activated, missed, or ready."""
        st = duel.state
        card = st.cards[t.card]
        effect = duel.effect(card, t.effect)
        name = self._effect_name(duel, card, effect)
        moved = card.obj != t.obj or not self._in_activation_zone(card, effect)
        if moved:
            face_down = card.obj == t.obj and not card.face_up
            rules = ["YGO-ONFIELD", "YGO-LOCATION"] if (
                t.event.get("type") in ("activated",) or t.event.get("by") == card.iid
            ) else ["YGO-LOCATION"]
            reason = ({"key": "reason.face_down", "args": {"card": card.iid}} if face_down else
                      {"key": "reason.left_location", "args": {"card": card.iid, "zone": t.zone}})
            self._set(duel, t, "not_activated", rules, "trigger.not_activated", name,
                      reason=reason)
            return
        if t.optional and t.wording == "when" and t.met_at < st.instant:
            later = duel.instant_events(st.instant)
            rules = ["YGO-MISS"]
            if self._same_resolution(duel, t.met_at, st.instant):
                rules.append("YGO-SEQUENCE")
            if any(e.get("type") == "link_resolved" and e.get("negated") for e in later):
                rules.append("YGO-NEGATED")
            self._set(duel, t, "missed", rules, "trigger.missed", name, met_at=t.met_at,
                      event=[describe_event(t.event)], last=st.instant,
                      later=[describe_event(e) for e in later])
            return
        if st.step == "damage" and t.optional and not self._about_itself(t):
            self._set(duel, t, "not_activated", ["YGO-DAMAGE-STEP"], "trigger.not_activated",
                      name, reason={"key": "reason.damage_step"})
            return
        if effect.once_per_turn and self._used(duel, card, effect):
            self._set(duel, t, "not_activated", ["YGO-KIND"], "trigger.not_activated", name,
                      reason={"key": "reason.once_per_turn"})
            return
        t.status = "ready"
        if t.optional and t.wording == "when":
            t.rules = ["YGO-NOT-MISSED"] + t.rules
            duel.log("trigger.not_missed", ["YGO-NOT-MISSED"], card=card.iid, effect=name,
                     met_at=t.met_at, event=[describe_event(t.event)], tid=t.tid)
        if t.controller != card.controller:  # YGO-LOCATION: its controller now activates it
            t.controller = card.controller
            t.rules = ["YGO-LOCATION"]
            duel.log("trigger.controller", t.rules, card=card.iid, effect=name,
                     player=card.controller)
        if t.met_at < st.instant:
            why = "why.mandatory" if not t.optional else f"why.{t.wording}"
            rules = ["YGO-WAIT"] + (["YGO-CHAIN"] if self._met_in_chain(duel, t) else [])
            if t.optional and t.wording in LIKE_IF:  # YGO-MISS: only "when" can miss
                rules += ["YGO-MISS", "YGO-KIND"]
            t.rules = rules + t.rules
            duel.log("trigger.waiting", rules, card=card.iid, effect=name, met_at=t.met_at,
                     why={"key": why}, tid=t.tid)

    def _set(self, duel: Duel, t: Trigger, status: str, rules: list[str], key: str,
             name: str, **args: Any) -> None:
        t.status = status
        t.rules = list(rules)
        duel.log(key, rules, card=t.card, effect=name, tid=t.tid, **args)

    def _about_itself(self, t: Trigger) -> bool:
        return t.event.get("card") == t.card or t.event.get("by") == t.card

    def _same_resolution(self, duel: Duel, a: int, b: int) -> bool:
        tags = {}
        for inst in duel.state.instants:
            if inst["n"] in (a, b):
                tags[inst["n"]] = inst.get("link_tag")
        return tags.get(a) is not None and tags.get(a) == tags.get(b)

    def _met_in_chain(self, duel: Duel, t: Trigger) -> bool:
        for inst in duel.state.instants:
            if inst["n"] == t.met_at:
                return inst["kind"] in ("resolution", "activation")
        return False

    def _hidden_window(self, duel: Duel, ready: list[Trigger]) -> dict[int, set[int]] | None:
        """"Always ask": once after each instant, each player holding a hidden card (the turn
        player first) is asked which of its hidden cards' optional triggers to activate, in
        one question, even when none met its timing (then it only goes on), so the other
        player sees the same question whatever is in that hand (YGO-SEGOC). Returns the
        triggers each player activates, or None when nobody is asked now."""
        st = duel.state
        if not self.always_ask(duel) or st.hidden_asked >= st.instant or st.instant == 0:
            return None
        out: dict[int, set[int]] = {}
        for player in (st.turn_player, 1 - st.turn_player):
            if not self.holds_hidden(duel, player):
                continue
            mine = [t for t in ready if t.controller == player and t.private and t.optional]
            answer = duel.ask(Decision(
                kind="choose_cards", player=player,
                options=[{"id": str(t.tid), "card": t.card} for t in mine],
                rules=["YGO-SEGOC", "YGO-KIND"], key=f"hidden:{st.instant}:{player}",
                prompt="hidden_triggers", min=0, max=len(mine),
                args={"effects": {str(t.tid): duel.effect(t.card, t.effect).label
                                  for t in mine}},
                default=[str(t.tid) for t in mine]))
            out[player] = {int(x) for x in answer}
        return out

    def _segoc_order(self, duel: Duel, ready: list[Trigger],
                     hidden: dict[int, set[int]] | None = None,
                     ) -> tuple[list[int], set[int], list[tuple[list[str], dict[str, Any]]]]:
        """YGO-SEGOC: TP mandatory, NTP mandatory, TP optional, NTP optional.

        Optional triggers are offered first (activate or not); then each player orders each
        group. With "trigger first" a trigger that met its timing earlier goes first; with
        "hand triggers last" optional triggers from the hand come after all others. Returns
        the order, the triggers left out (YGO-HAND-SELF-SUMMON) and, for the log, each group's
        rules and arguments: its chain links, its cards, and why they are in that order.
        """
        st = duel.state
        tp = st.turn_player
        activated: list[Trigger] = []
        blocked: set[int] = set()
        self_summoners: dict[int, int] = dict(st.chain_flags.get("hand_self_summon", {}))
        for t in sorted(ready, key=lambda t: (t.controller != tp, t.seq)):
            effect = duel.effect(t.card, t.effect)
            if effect.summons_itself_from_hand and str(t.controller) in self_summoners:
                blocked.add(t.tid)  # YGO-HAND-SELF-SUMMON
                continue
            if t.optional and hidden is not None and t.private and t.controller in hidden:
                if t.tid not in hidden[t.controller]:  # answered in the hidden-cards question
                    continue
            elif t.optional:
                answer = duel.ask(Decision(
                    kind="activate_trigger", player=t.controller,
                    options=[{"id": "yes"}, {"id": "no"}], rules=["YGO-SEGOC", "YGO-KIND"],
                    key=f"opt:{t.tid}", prompt="activate",
                    args={"card": t.card, "effect": effect.label}, default="yes"))
                if answer != "yes":
                    continue
            if effect.summons_itself_from_hand:
                self_summoners[str(t.controller)] = t.tid
            activated.append(t)

        notes: list[tuple[list[Trigger], str, str, bool]] = []
        parts = self._order_parts(duel, activated, notes)
        answers, placed = [], len(st.chain)
        for part, g in parts:  # pure until every answer is known
            answers.append(self._ask_order(duel, part, g, first=placed + 1,
                                           links=len(st.chain) + len(activated)))
            placed += len(part)
        for members, switch, why, partly in notes:
            duel.log("trigger.order_partly_forced" if partly else "trigger.order_forced",
                     ["YGO-FORCED-ORDER", "YGO-SEGOC"], player=members[0].controller,
                     cards=[t.card for t in members], switch=switch, why={"key": why})
            for t in members:
                t.rules = list(dict.fromkeys(t.rules + ["YGO-FORCED-ORDER"]))
        order: list[int] = []
        for (part, _), answer in zip(parts, answers, strict=True):
            order += answer
            if len(part) > 1:
                duel.log("trigger.order", ["YGO-SEGOC"], player=part[0].controller,
                         cards=[duel.trigger(tid).card for tid in answer])
        return order, blocked, self._segoc_groups(duel, parts, answers)

    def _segoc_groups(self, duel: Duel, parts: list[tuple[list[Trigger], int]],
                      answers: list[list[int]]) -> list[tuple[list[str], dict[str, Any]]]:
        """Why the triggers of one chain are in their order, group by group (YGO-SEGOC): the
        group (turn player's mandatory, non-turn player's mandatory, turn player's optional,
        non-turn player's optional; with "hand triggers last", optional ones from the hand
        after all the others) and, within it, who or what set the order: nobody (it is alone),
        its controller, or a preset's switch ("trigger first") fully or in part
        (YGO-FORCED-ORDER)."""
        groups: dict[int, list[tuple[list[Trigger], list[int]]]] = {}
        for (part, g), answer in zip(parts, answers, strict=True):
            groups.setdefault(g, []).append((part, answer))
        out: list[tuple[list[str], dict[str, Any]]] = []
        link = len(duel.state.chain) + 1
        for g, members in groups.items():
            tids = [tid for _, answer in members for tid in answer]
            player = members[0][0][0].controller
            rules = ["YGO-SEGOC"]
            if len(tids) == 1:
                how: dict[str, Any] = {"key": "segoc.order.alone"}
            elif len(members) == 1:
                how = {"key": "segoc.order.chosen", "args": {"player": player}}
            else:  # "trigger first" cut the group into parts met at different instants
                partly = any(len(part) > 1 for part, _ in members)
                how = {"key": "segoc.order.partly_fixed" if partly else "segoc.order.fixed",
                       "args": {"switch": "trigger first", "player": player,
                                "why": {"key": "why.trigger_first"}}}
                rules.append("YGO-FORCED-ORDER")
            if g >= 4:
                rules.append("YGO-FORCED-ORDER")
            last = link + len(tids) - 1
            out.append((list(dict.fromkeys(rules)), {
                "links": str(link) if last == link else f"{link}-{last}",
                "cards": [duel.trigger(tid).card for tid in tids],
                "group": {"key": SEGOC_GROUPS[g], "args": {"player": player}}, "order": how}))
            link = last + 1
        return out

    def _ask_order(self, duel: Duel, part: list[Trigger], g: int, *, first: int,
                   links: int) -> list[int]:
        """The controller's order of one part, asked only if it has a choice: the first listed
        becomes Chain Link ``first``; the chain will have ``links`` links."""
        if len(part) == 1:
            return [part[0].tid]
        answer = duel.ask(Decision(
            kind="order", player=part[0].controller,
            options=[{"id": str(t.tid), "card": t.card} for t in part],
            rules=["YGO-SEGOC"], key=f"order:{g}:{part[0].tid}",
            prompt="order", args={"first": "chain link first", "link": first, "links": links}))
        return [int(x) for x in answer]

    def _order_parts(self, duel: Duel, activated: list[Trigger],
                     notes: list[tuple[list[Trigger], str, str, bool]],
                     ) -> list[tuple[list[Trigger], int]]:
        """The SEGOC groups in chain order, each cut into parts whose order is fixed.

        The controller orders the triggers within a part; the order between parts is fixed by
        SEGOC and by the preset's switches. Where a switch fixes the order of triggers a player
        would otherwise have ordered, a note names the switch for the log (YGO-FORCED-ORDER).
        """
        st = duel.state
        tp = st.turn_player
        hand_last = bool(st.settings.get("hand_triggers_last"))
        late: list[tuple[list[Trigger], int]] = []
        out: list[tuple[list[Trigger], int]] = []
        for g in range(4):  # TP mandatory, NTP mandatory, TP optional, NTP optional
            members = sorted((t for t in activated
                              if (2 if t.optional else 0) + (t.controller != tp) == g),
                             key=lambda t: (t.met_at, t.seq))
            if not members:
                continue
            split = [members, []]
            if hand_last and g >= 2:
                split = [[t for t in members if t.zone != "hand"],
                         [t for t in members if t.zone == "hand"]]
                if split[1] and len(members) > 1:
                    notes.append((members, "hand triggers last", "why.hand_triggers_last",
                                  max(len(p) for p in split) > 1))
            for i, part in enumerate(split):
                if part:
                    parts = self._trigger_first(duel, part, notes)
                    (late if i else out).extend((p, g + 2 * i) for p in parts)
        return out + late

    def _trigger_first(self, duel: Duel, members: list[Trigger],
                       notes: list[tuple[list[Trigger], str, str, bool]]) -> list[list[Trigger]]:
        """With "trigger first", a trigger that met its timing earlier goes first."""
        if not duel.state.settings.get("trigger_first") or len(members) < 2:
            return [members]
        by_instant: dict[int, list[Trigger]] = {}
        for t in members:
            by_instant.setdefault(t.met_at, []).append(t)
        parts = [by_instant[k] for k in sorted(by_instant)]
        if len(parts) > 1:
            notes.append((members, "trigger first", "why.trigger_first",
                          max(len(p) for p in parts) > 1))
        return parts

    def activate_trigger(self, duel: Duel, tid: int) -> None:
        st = duel.state
        t = duel.trigger(tid)
        card = st.cards[t.card]
        effect = duel.effect(card, t.effect)
        name = self._effect_name(duel, card, effect)
        if card.obj != t.obj or not self._in_activation_zone(card, effect):
            self._set(duel, t, "not_activated", ["YGO-LOCATION"], "trigger.not_activated", name,
                      reason={"key": "reason.left_location",
                              "args": {"card": card.iid, "zone": t.zone}})
            return
        problem = duel.activation_problem(card.controller, card, effect)
        if problem:
            self._set(duel, t, "not_activated", ["YGO-KIND"], "trigger.not_activated", name,
                      reason=problem)
            return
        if effect.summons_itself_from_hand:
            flags = st.chain_flags.setdefault("hand_self_summon", {})
            flags[str(card.controller)] = tid
        t.controller = card.controller
        t.private = False  # activated: revealed, as in the game
        duel.begin_activation(card.controller, card, t.effect, kind="trigger", tid=tid)

    # ------------------------------------------------------------------ phase triggers
    def available_phase_triggers(self, duel: Duel) -> list[tuple[Card, int, EffectDef]]:
        """Phase triggers ("during the End Phase") that may still be activated (YGO-PHASE)."""
        st = duel.state
        out = []
        for card in st.cards.values():
            if card.zone == "limbo":
                continue
            for effect in duel.definition(card).effects:
                if effect.kind != "trigger" or not effect.phase:
                    continue
                if effect.phase["name"] != st.phase or not self._in_activation_zone(card, effect):
                    continue
                whose = effect.phase.get("whose", "any")
                if whose == "you" and card.controller != st.turn_player:
                    continue
                if whose == "opponent" and card.controller == st.turn_player:
                    continue
                if self._used(duel, card, effect):
                    continue  # once per turn per card, even unwritten (YGO-PHASE)
                if not self.conditions_hold(duel, card, effect, None, ("event", "both")):
                    continue  # its activation condition ("if ... no Spells/Traps") fails
                out.append((card, card.controller, effect))
        return out

    def phase_window(self, duel: Duel) -> bool:
        """Phase triggers start one chain each, TP's first, the TP choosing (YGO-PHASE)."""
        st = duel.state
        if any(p.get("auto") for p in st.procedure):
            return False
        available = self.available_phase_triggers(duel)
        if not available:
            return False
        for card, player, effect in available:
            problem = duel.activation_problem(player, card, effect)
            if problem:  # it cannot be activated this phase: say so once
                self._mark_used(duel, card, effect)
                ev = make_event("phase_start", None, phase=st.phase, player=st.turn_player)
                t = self.new_trigger(duel, card, effect, ev, {"n": st.instant}, phase=True)
                self._set(duel, t, "not_activated", ["YGO-PHASE"], "trigger.not_activated",
                          self._effect_name(duel, card, effect), reason=problem)
                return True
        for player in (st.turn_player, 1 - st.turn_player):
            mine = [(c, e) for c, p, e in available if p == player]
            if not mine or st.phase_passed.get(str(player)) == st.instant:
                continue
            mandatory = [m for m in mine if not m[1].optional]
            options = [{"id": f"{c.iid}:{e.index}", "card": c.iid} for c, e in mine]
            if not mandatory:
                options.append({"id": "pass"})
            if len(options) == 1:
                choice = options[0]["id"]
            else:
                choice = duel.ask(Decision(
                    kind="phase_trigger", player=player, options=options,
                    rules=["YGO-PHASE", "YGO-PHASE-LATE"], key=f"phase:{st.instant}:{player}",
                    prompt="phase_trigger", default=options[0]["id"]))
            st.answers = {}
            if choice == "pass":
                st.phase_passed[str(player)] = st.instant
                continue
            iid, index = (int(x) for x in choice.split(":"))
            card = st.cards[iid]
            effect = duel.effect(card, index)
            self._mark_used(duel, card, effect)
            ev = make_event("phase_start", None, phase=st.phase, player=st.turn_player)
            inst = {"n": st.instant, "events": [ev]}
            t = self.new_trigger(duel, card, effect, ev, inst, phase=True)
            t.status = "queued"
            t.rules = ["YGO-PHASE"]
            st.queue = [t.tid]
            return True
        return False

    # ------------------------------------------------------------------ activation
    def place_for_activation(self, duel: Duel, card: Card, act: dict[str, Any]) -> list[dict]:
        """A Spell/Trap card being activated goes face-up onto the field first."""
        definition = duel.definition(card)
        if act["kind"] != "card":
            return []
        if card.zone == "hand":
            zone = "field" if definition.subtype == "field" else "spell_trap"
            if zone == "field" and duel.state.zones[card.controller]["field"]:
                old = duel.state.cards[duel.state.zones[card.controller]["field"][0]]
                duel.put(old, "gy")
            duel.put(card, zone, controller=card.controller, face_up=True)
        else:
            card.face_up = True
        return []

    def commit_activation(self, duel: Duel, act: dict[str, Any]) -> None:
        st = duel.state
        card = st.cards[act["card"]]
        definition = duel.definition(card)
        player = act["player"]
        effect = duel.effect(card, act["effect"]) if act["effect"] >= 0 else None
        speed = self.speed_of(definition, effect)
        if act["with_effect"] is not None:
            speed = max(speed, duel.effect(card, act["with_effect"]).speed)
        if st.chain_state is None:
            st.chain_state = "building"
            st.chain_opened_after = st.instant
        number = len(st.chain) + 1
        link = ChainLink(number=number, card=card.iid, obj=card.obj, effect=act["effect"],
                         controller=player, speed=speed, kind=act["kind"],
                         targets=dict(act["targets"]), tid=act["tid"],
                         with_effect=act["with_effect"])
        link.data["target_objs"] = dict(act["target_objs"])
        if act.get("negated"):
            link.data["negated_at_activation"] = True
        link.data["zone"] = act.get("zone")
        if act.get("event"):
            link.data["event"] = act["event"]
        st.chain.append(link)
        for e in ([effect] if effect else []) + (
            [duel.effect(card, act["with_effect"])] if act["with_effect"] is not None else []
        ):
            self._mark_used(duel, card, e)
        rules = ["YGO-CHAIN"]
        if act["tid"] is not None:
            t = duel.trigger(act["tid"])
            t.status = "activated"
            t.link = number
            rules = list(dict.fromkeys((t.rules or []) + ["YGO-SEGOC"])) if not t.phase else [
                "YGO-PHASE"]
            if effect is not None and definition.type == "trap":
                rules.append("YGO-TRAP-TIMING")
            if t.zone == "hand" and len(st.chain) > 1 and st.chain[-2].speed >= 2:
                rules = ["YGO-HAND-TRAP"] + rules
            t.rules = rules
        if act["with_effect"] is not None:
            rules = ["YGO-SAME-LINK"]
            duel.log("chain.link_same", rules, link=number, player=player, card=card.iid)
        else:
            duel.log("chain.link", rules, link=number, player=player, card=card.iid,
                     tid=act["tid"],
                     effect=self._effect_name(duel, card, effect) if effect or act["kind"] != "card"
                     else "card activation", speed=speed)
        st.passes = 0
        st.priority = 1 - player
        events = act["events"] + [make_event(
            "activated", card, link=number, speed=speed, card_type=definition.type,
            player=player, effect=act["effect"], subtype=definition.subtype)]
        duel.happen(events, kind="activation")
        link.activated_at = st.instant

    def speed_of(self, definition: CardDef, effect: EffectDef | None) -> int:
        if effect is not None:
            return effect.speed
        if definition.type == "trap":
            return 3 if definition.subtype == "counter" else 2
        return 2 if definition.subtype == "quick_play" else 1

    # ------------------------------------------------------------------ responses
    def last_thing(self, duel: Duel, kind: str) -> list[dict[str, Any]]:
        """What "the last thing that happened" is for a "When ..." activation condition.

        In an open state it is the last instant (YGO-MISS, YGO-RESPONSE-WINDOW). While a chain
        is being built, an activation condition about an activation looks at the top link; any
        other event must be the one right before the chain began.
        """
        n = self._last_instant(duel, kind)
        events = [] if self._after_damage_step(duel, n) else duel.instant_events(n)
        summoning = self.summoning_event(duel) if kind != "activated" else None
        return events + [summoning] if summoning else events

    def _condition_met(self, duel: Duel, card: Card, patterns: tuple[dict, ...]) -> bool:
        return not patterns or self._matching_event(duel, card, patterns) is not None

    def _matching_event(self, duel: Duel, card: Card, patterns: tuple[dict, ...]):
        """The event among the last things that happened that a "When ..." condition names."""
        for p in patterns:
            for ev in self.last_thing(duel, _window_kind((p,))):
                if event_matches(p, ev, card, duel.library, duel.state):
                    return ev
        return None

    def activation_options(self, duel: Duel, player: int) -> list[dict[str, Any]]:
        """Every card or effect ``player`` may activate now, as option mappings."""
        st = duel.state
        chain = st.chain
        sole, top_speed = self._speed_context(duel, player)
        options: list[dict[str, Any]] = []
        zones = ("hand", "spell_trap", "field", "monster", "gy")
        for zone in zones:
            for iid in list(st.zones[player][zone]):
                card = st.cards[iid]
                if card.controller != player:
                    continue
                definition = duel.definition(card)
                for opt in self._card_options(duel, card, definition, player, sole, top_speed):
                    options.append(opt)
        if chain:  # YGO-HAND-TRAP: a hand trigger whose event is the last thing
            for t in st.triggers:
                if t.status not in ("met", "declined") or t.zone != "hand" or (
                        t.controller != player):
                    continue
                card = st.cards[t.card]
                effect = duel.effect(card, t.effect)
                if card.obj != t.obj or top_speed > 2:
                    continue
                if st.step == "damage" and t.optional and not self._about_itself(t):
                    continue  # YGO-DAMAGE-STEP
                if not self._condition_met(duel, card, effect.event):
                    continue  # its event is no longer the last thing that happened
                if effect.summons_itself_from_hand and str(player) in st.chain_flags.get(
                        "hand_self_summon", {}):
                    continue
                if duel.activation_problem(player, card, effect):
                    continue
                options.append({"id": f"{card.iid}:{t.effect}:t{t.tid}", "card": card.iid,
                                "effect": t.effect, "tid": t.tid, "speed": effect.speed})
        return options

    def _speed_context(self, duel: Duel, player: int) -> tuple[bool, int]:
        """May ``player`` activate Spell Speed 1 now (``sole``), and the speed to match."""
        st = duel.state
        top_speed = st.chain[-1].speed if st.chain else 0
        sole = not st.chain and player == st.turn_player and st.phase in ("main1", "main2") and (
            not st.procedure)
        return sole, top_speed

    def _response_windows(self, duel: Duel) -> None:
        """Follow each "When ..." card its controller could activate: once its event is no
        longer the last thing that happened, say so, naming the later thing
        (YGO-RESPONSE-WINDOW)."""
        st = duel.state
        for player in (st.turn_player, 1 - st.turn_player):
            for zone in ("hand", "spell_trap"):
                for iid in st.zones[player][zone]:
                    card = st.cards[iid]
                    e = next((e for e in duel.definition(card).effects
                              if e.kind == "activation" and e.respond_to), None)
                    if e is not None:
                        self._follow_window(duel, card, e, player)

    def _follow_window(self, duel: Duel, card: Card, e: EffectDef, player: int) -> None:
        window = card.flags.get("window")
        kind = _window_kind(e.respond_to)
        ev = self._matching_event(duel, card, e.respond_to)
        if ev is not None:
            if window is None and any(o["card"] == card.iid for o in self._card_options(
                    duel, card, duel.definition(card), player, *self._speed_context(duel, player))):
                card.flags["window"] = {"met": self._last_instant(duel, kind),
                                        "event": describe_event(ev)}
            return
        if window is not None:
            del card.flags["window"]
            n = self._last_instant(duel, kind)
            duel.log("window.closed", ["YGO-RESPONSE-WINDOW"], card=card.iid,
                     met_at=window["met"], event=[window["event"]], last=n,
                     later=[describe_event(x) for x in duel.instant_events(n)])

    def _card_options(self, duel: Duel, card: Card, definition: CardDef, player: int,
                      sole: bool, top_speed: int):
        st = duel.state
        if protection.activation_forbidden_by(duel, card) is not None:
            return
        if definition.type in ("spell", "trap") and card.zone in ("hand", "spell_trap", "field"):
            if card.face_up and card.zone != "hand":
                pass  # already active: only its effects below
            else:
                activation = next((e for e in definition.effects if e.kind == "activation"), None)
                speed = self.speed_of(definition, activation)
                ok = True
                if definition.type == "trap":
                    ok = card.zone != "hand" and card.flags.get("set_turn") != st.turn
                elif definition.subtype == "quick_play":
                    ok = (card.zone != "hand" or player == st.turn_player) and (
                        card.flags.get("set_turn") != st.turn or card.zone == "hand")
                if card.zone == "hand" and definition.subtype != "field" and not self.can_place(
                        duel, card, player, "spell_trap"):
                    ok = False
                # YGO-DAMAGE-STEP-LIMIT: the card alone; with its trigger-like effect in the
                # same link it is that trigger, judged by YGO-DAMAGE-STEP below
                limited = st.step == "damage" and not self.damage_step_allows(
                    duel, definition, activation)
                if ok and not limited and self._speed_ok(speed, sole, top_speed) and (
                    activation is None or self._effect_ready(duel, card, activation, player)
                ):
                    index = activation.index if activation else -1
                    yield {"id": f"{card.iid}:card", "card": card.iid, "effect": index,
                           "speed": speed}
                # YGO-SAME-LINK: a Set Continuous Trap together with one of its effects
                if ok and definition.type == "trap" and definition.subtype == "continuous" and (
                    card.zone == "spell_trap"
                ):
                    for e in definition.effects:
                        if e.kind not in ("trigger", "quick") or not e.same_link or e.while_face_up:
                            continue
                        if any(c.get("card") == "self" for c in e.cost):
                            continue
                        if st.step == "damage" and (not e.optional or e.kind == "quick"):
                            continue
                        if e.kind == "trigger" and not self._condition_met(duel, card, e.event):
                            continue
                        if not self._effect_ready(duel, card, e, player):
                            continue
                        if not self._speed_ok(max(speed, e.speed), sole, top_speed):
                            continue
                        yield {"id": f"{card.iid}:card+{e.index}", "card": card.iid,
                               "effect": activation.index if activation else -1,
                               "with_effect": e.index, "speed": max(speed, e.speed)}
                return
        for e in definition.effects:
            if e.kind not in ("ignition", "quick"):
                continue
            if card.zone not in e.activate_from or (card.zone in self.FIELD_ZONES
                                                     and not card.face_up):
                continue
            if not self._speed_ok(e.speed, sole, top_speed):
                continue
            if st.step == "damage" and not self.damage_step_allows(duel, definition, e):
                continue  # YGO-DAMAGE-STEP-LIMIT
            if not self._effect_ready(duel, card, e, player):
                continue
            yield {"id": f"{card.iid}:{e.index}", "card": card.iid, "effect": e.index,
                   "speed": e.speed}

    def _speed_ok(self, speed: int, sole: bool, top_speed: int) -> bool:
        if top_speed == 0:
            return speed >= 2 or sole
        return speed >= 2 and speed >= top_speed

    def _effect_ready(self, duel: Duel, card: Card, effect: EffectDef, player: int) -> bool:
        if effect.once_per_turn and self._used(duel, card, effect):
            return False
        if effect.respond_to and not self._condition_met(duel, card, effect.respond_to):
            return False  # YGO-RESPONSE-WINDOW
        if effect.kind != "trigger" and not self.conditions_hold(
                duel, card, effect, None, ("event", "both")):
            return False  # an activation condition ("If you control no monsters: ...")
        return duel.activation_problem(player, card, effect) is None

    def priority_step(self, duel: Duel) -> None:
        """Players respond by spell speed, alternating until both pass in a row (YGO-CHAIN)."""
        st = duel.state
        p = st.priority
        options = self.activation_options(duel, p)
        if not options and not self.always_ask(duel):
            self._log_passed_over(duel, p)
            st.passes += 1
        else:
            choice = duel.ask(Decision(
                kind="respond", player=p, options=[{"id": "pass"}] + options,
                rules=["YGO-CHAIN"], key=f"respond:{len(st.chain)}:{st.instant}:{p}:{st.passes}",
                prompt="respond", args={"link": len(st.chain) + 1}, default="pass"))
            st.answers = {}
            if choice == "pass":
                if not options:  # asked all the same ("always ask"): why nothing could be used
                    self._log_passed_over(duel, p)
                st.passes += 1
            else:
                opt = next(o for o in options if o["id"] == choice)
                self._start(duel, p, opt)
                return
        if st.passes >= 2:
            st.chain_state = "resolving"
        else:
            st.priority = 1 - p

    def _log_passed_over(self, duel: Duel, player: int) -> None:
        """A player passed over because nothing of theirs may be activated is told why, for
        each Set Spell or Trap and each card in the hand with an effect activated from there
        (a hand trap), in an entry for that seat alone: it names their hidden cards."""
        st = duel.state
        reasons: list[tuple[str, list[str]]] = []
        for zone in ("spell_trap", "field", "hand"):
            for card in st.cards_in(player, zone):
                definition = duel.definition(card)
                if zone != "hand" and not card.face_up and definition.type in ("spell", "trap"):
                    reasons.append(self._why_not(duel, card, "card"))
                elif zone == "hand":
                    quick = next((e for e in definition.effects if e.kind == "quick"
                                  and "hand" in e.activate_from), None)
                    if quick is not None:
                        reasons.append(self._why_not(duel, card, quick.index))
        if not reasons:
            return
        said = {"en": EVENT_SEPARATOR.join(str(r) for r, _ in reasons)}
        for lang in TRANSLATED:
            tr = Translator(lang)
            said[lang] = tr(EVENT_SEPARATOR).join(refusals.worded(r, tr) for r, _ in reasons)
        rules = list(dict.fromkeys(rule for _, rs in reasons for rule in rs))
        duel.log("pass.why", rules, seat=player, player=player, said=said)

    def _start(self, duel: Duel, player: int, opt: dict[str, Any]) -> None:
        st = duel.state
        card = st.cards[opt["card"]]
        if "tid" in opt:
            t = duel.trigger(opt["tid"])
            t.status = "queued"
            if duel.effect(card, t.effect).summons_itself_from_hand:
                st.chain_flags.setdefault("hand_self_summon", {})[str(player)] = t.tid
            duel.begin_activation(player, card, t.effect, kind="trigger", tid=t.tid)
            return
        kind = "card" if opt["id"].split(":")[1].startswith("card") else "effect"
        definition = duel.definition(card)
        patterns: tuple[dict[str, Any], ...] = ()
        if opt["effect"] >= 0:
            patterns = definition.effects[opt["effect"]].respond_to
        if opt.get("with_effect") is not None:
            patterns += definition.effects[opt["with_effect"]].event
        event = self._matching_event(duel, card, patterns) if patterns else None
        duel.begin_activation(player, card, opt["effect"], kind=kind,
                              with_effect=opt.get("with_effect"), event=event)

    def activate_by_hand(self, duel: Duel, action: dict[str, Any]) -> None:
        """The ``activate`` action: a card or effect activated in an open game state."""
        st = duel.state
        if st.chain or st.activation or st.queue:
            raise IllegalAction(Refusal("chain_answer_instead"),
                                ["YGO-CHAIN"])
        if any(t.status in ("met", "ready") for t in st.triggers):
            raise IllegalAction(Refusal("triggers_waiting"), ["YGO-SEGOC"])
        card = self.card_arg(duel, action)
        player = card.controller
        options = self.activation_options(duel, player)
        effect = action.get("effect", "card")
        with_effect = action.get("with_effect")
        want = f"{card.iid}:card" if effect in ("card", None) else f"{card.iid}:{effect}"
        if with_effect is not None:
            want = f"{card.iid}:card+{with_effect}"
        opt = next((o for o in options if o["id"] == want), None)
        if opt is None:
            reason, rules = self._why_not(duel, card, effect, with_effect)
            raise IllegalAction(reason, rules)
        duel.log("action", player=player, what="activates {card}", card=card.iid)
        self._start(duel, player, opt)

    def why_not_activate(self, duel: Duel, card: Card) -> tuple[str, list[str]] | None:
        """Why a Spell or Trap card cannot be activated now (a "When ..." card names the later
        thing that happened: YGO-RESPONSE-WINDOW), or None when it can or is already active."""
        st = duel.state
        definition = duel.definition(card)
        if st.chain or st.activation or st.queue or definition.type not in ("spell", "trap"):
            return None
        if card.zone not in ("hand", "spell_trap", "field") or (
                card.face_up and card.zone != "hand"):
            return None
        if any(o["id"] == f"{card.iid}:card" for o in self.activation_options(
                duel, card.controller)):
            return None
        return self._why_not(duel, card, "card")

    def why_not_option(self, duel: Duel, decision: Decision,
                       card: Card) -> tuple[str, list[str]] | None:
        """A Spell or Trap card named as a response that cannot respond now: why (a "When ..."
        card names the later thing that happened: YGO-RESPONSE-WINDOW)."""
        definition = duel.definition(card)
        if decision.kind != "respond" or card.controller != decision.player or (
                definition.type not in ("spell", "trap")):
            return None
        reason, rules = self._why_not(duel, card, "card")
        return Refusal("cannot_respond_now", card=refusals.card(definition), why=reason), rules

    def _why_not(self, duel: Duel, card: Card, effect: Any,
                 with_effect: Any = None) -> tuple[str, list[str]]:
        """Why a card or effect cannot be activated now, with the rule that says so."""
        definition = duel.definition(card)
        st = duel.state
        name = refusals.card(definition)
        forbidden = protection.activation_forbidden_by(duel, card)
        if forbidden is not None:
            return (Refusal("activation_forbidden", card=name, by=refusals.named(duel, forbidden)),
                    ["YGO-NEGATED"])
        if with_effect is not None:
            return self._why_not_same_link(duel, card, int(with_effect))
        index = -2 if effect in ("card", None) else int(effect)
        limit = self._why_not_damage_step(duel, card, index)
        if limit is not None:
            return limit, ["YGO-DAMAGE-STEP-LIMIT"]
        if index == -2:  # the card itself: its activation's costs and targets
            index = next((e.index for e in definition.effects if e.kind == "activation"), -2)
        if 0 <= index < len(definition.effects):
            problem = duel.activation_problem(card.controller, card, definition.effects[index])
            if problem:  # costs are paid at activation (YGO-SEQUENCE), targets chosen then
                why = refusals.message(problem["key"], problem.get("args", {}),
                                       refusals.names_of(duel))
                return (Refusal("cannot_activate_now_why", card=name, why=why),
                        ["YGO-SEQUENCE"] if problem["key"] == "reason.cannot_pay"
                        else ["YGO-KIND"] if problem["key"].startswith("reason.forbidden")
                        else list(self.PROTECTION_RULES))
        if definition.type == "trap" and card.zone == "hand":
            return Refusal("trap_set_first", card=name), ["YGO-CHAIN"]
        if card.flags.get("set_turn") == st.turn and definition.type in ("trap", "spell") and (
                card.zone != "hand"):
            return Refusal("set_this_turn", card=name), ["YGO-CHAIN"]
        for e in definition.effects:
            if e.respond_to and not self._condition_met(duel, card, e.respond_to):
                return self._why_too_late(duel, card, e), ["YGO-RESPONSE-WINDOW"]
            if e.kind == "trigger" and e.optional and e.wording == "when" and e.event and (
                    self._is_effect(effect, e) and not self._condition_met(duel, card, e.event)):
                return self._why_too_late(duel, card, e), ["YGO-MISS"]
            if e.kind != "trigger" and not self.conditions_hold(
                    duel, card, e, None, ("event", "both")):
                return Refusal("activation_condition", card=name), ["YGO-CHAIN"]
        speed = self.speed_of(definition, next(
            (e for e in definition.effects if e.kind == "activation"), None))
        if definition.subtype == "quick_play" and card.zone == "hand" and (
                card.controller != st.turn_player):
            return Refusal("quick_play_hand", card=name), ["YGO-CHAIN"]
        if speed == 1 and not (card.controller == st.turn_player and st.phase in
                               ("main1", "main2")):
            return Refusal("spell_speed_1", card=name), ["YGO-CHAIN"]
        return Refusal("cannot_activate_now", card=name), ["YGO-CHAIN"]

    def _why_not_damage_step(self, duel: Duel, card: Card, index: int) -> Refusal | None:
        """In the Damage Step, a card or effect it does not admit; after it, a "When ..." card
        whose event happened in it (YGO-DAMAGE-STEP-LIMIT)."""
        definition = duel.definition(card)
        effects = definition.effects
        chosen = effects[index] if 0 <= index < len(effects) else next(
            (e for e in effects if e.kind == "activation"), None)
        name = refusals.card(definition)
        st = duel.state
        if st.step == "damage":
            if chosen is not None and chosen.kind == "trigger":
                return None
            return None if self.damage_step_allows(duel, definition, chosen) else Refusal(
                "damage_step_limit", card=name)
        patterns = (chosen.respond_to or chosen.event) if chosen is not None else ()
        n = self._last_instant(duel, _window_kind(patterns)) if patterns else None
        if n is None or not self._after_damage_step(duel, n):
            return None
        if any(event_matches(p, ev, card, duel.library, st) for p in patterns
               for ev in duel.instant_events(n)):
            return Refusal("damage_step_passed", card=name)
        return None

    @staticmethod
    def _is_effect(effect: Any, e: EffectDef) -> bool:
        """Does the ``effect`` of an ``activate`` action name the effect ``e``?"""
        return str(effect) == str(e.index)

    def _why_too_late(self, duel: Duel, card: Card, e: EffectDef) -> str:
        """A "When ..." activation refused: its event is not the last thing that happened, and
        the later thing that is (YGO-RESPONSE-WINDOW, YGO-MISS)."""
        name = refusals.card(duel.definition(card))
        n = self._last_instant(duel, _window_kind(e.respond_to or e.event))
        later = duel.instant_events(n)
        if not later:
            return Refusal("too_late", card=name)

        def seen(iid: int, tr: Callable[[str], str]) -> str:  # said to its controller only
            return tr(HIDDEN) if hidden_from(duel.state.cards.get(iid), card.controller) else (
                duel.name_in(iid, getattr(tr, "lang", "en")))

        return Refusal("too_late_later", card=name, instant=n,
                       events=refusals.events([describe_event(ev) for ev in later], seen))

    def _last_instant(self, duel: Duel, kind: str) -> int:
        """The instant :meth:`last_thing` reads."""
        st = duel.state
        if not st.chain:
            return st.instant
        return st.chain[-1].activated_at if kind == "activated" else st.chain_opened_after

    def _why_not_same_link(self, duel: Duel, card: Card, index: int) -> tuple[str, list[str]]:
        definition = duel.definition(card)
        name = refusals.card(definition)
        rules = ["YGO-SAME-LINK"]
        if definition.type != "trap" or definition.subtype != "continuous":
            return Refusal("same_link_continuous"), rules
        if not 0 <= index < len(definition.effects):
            return Refusal("no_effect", card=name, n=index), rules
        e = definition.effects[index]
        if any(c.get("card") == "self" for c in e.cost):
            return Refusal("same_link_cost", card=name), rules
        if e.while_face_up or not e.same_link:
            return Refusal("same_link_face_up", card=name), rules
        if duel.state.step == "damage" and (not e.optional or e.kind == "quick"):
            return (Refusal("same_link_damage_step", card=name),
                    ["YGO-SAME-LINK", "YGO-DAMAGE-STEP"])
        return Refusal("same_link_timing", card=name), rules

    # ------------------------------------------------------------------ resolution
    def resolve_top(self, duel: Duel) -> None:
        """Resolve the last chain link (YGO-CHAIN); each resolution is an instant."""
        st = duel.state
        link = st.chain[-1]
        card = st.cards[link.card]
        definition = duel.definition(card)
        if link.negated:
            st.chain.pop()
            duel.log("chain.negated", ["YGO-NEGATED"], link=link.number, card=link.card)
            if link.tid is not None:
                duel.trigger(link.tid).status = "negated"
            self._to_gy_after(duel, card, link, [], negated=True)
            self._chain_end(duel)
            return
        ops: tuple[dict[str, Any], ...] = ()
        if link.effect >= 0:
            ops += duel.effect(card, link.effect).operations
        if link.with_effect is not None:
            ops += duel.effect(card, link.with_effect).operations
        if not link.data.get("announced"):
            link.data["announced"] = True
            rules = ["YGO-RESOLVE", "YGO-CHAIN"] if (
                card.obj != link.obj and definition.type == "monster") else ["YGO-CHAIN"]
            duel.log("chain.resolve", rules, link=link.number, card=card.iid)
            return  # a moment of its own: the link about to resolve is shown on the chain
        negated_by = self._negated_by(duel, card, link)
        negated = negated_by is not None
        unmet = not negated and not self._resolution_conditions(duel, card, link)
        if negated or unmet:
            ops = ()
        ctx = duel.run_operations(link, ops)
        events = list(ctx.events)
        st.chain.pop()
        no_effect = not ctx.did_something and bool(ops or negated or unmet)
        events.append(make_event("link_resolved", card, link=link.number,
                                 no_effect=no_effect or None, negated=negated or None))
        self._to_gy_after(duel, card, link, events)
        if link.tid is not None:
            duel.trigger(link.tid).status = "resolved"
        dodged = None if negated or (card.obj == link.obj and self.on_field(card)) else (
            protection.field_negation_left(duel, card, link.data.get("zone") or ""))
        if dodged is not None:
            duel.log("chain.not_negated", ["YGO-RESOLVE", "YGO-NEGATED"], link=link.number,
                     card=card.iid, by=dodged)
        if negated and negated_by != card.iid:
            duel.log("chain.negated_by", ["YGO-NEGATED"], link=link.number, card=card.iid,
                     by=negated_by)
        elif negated:
            why = ("reason.negated_when_activated" if link.data.get("negated_at_activation")
                   else "reason.negated")
            duel.log("chain.no_effect", ["YGO-NEGATED"], link=link.number,
                     reason={"key": why, "args": {"card": card.iid}})
        elif unmet:
            duel.log("chain.no_effect", ["YGO-CHAIN"], link=link.number,
                     reason={"key": "reason.condition"})
        elif no_effect and link.data.get("self_gone"):
            duel.log("chain.no_effect", ["YGO-RESOLVE"], link=link.number,
                     reason={"key": "reason.needs_self", "args": {"card": card.iid}})
        elif no_effect:
            duel.log("chain.no_effect", ["YGO-CHAIN"], link=link.number,
                     reason={"key": "reason.nothing"})
        n = duel.happen(events, kind="resolution")
        mine = set(link.data.get("instants", [])) | {n}
        for i, inst in enumerate(st.instants):
            if inst["n"] in mine:  # the instants of this link's own resolution (YGO-SEQUENCE)
                # an instant is never changed once written (states share them): replaced
                st.instants[i] = {**inst, "link_tag": f"{link.number}:{link.activated_at}"}
        self._chain_end(duel)

    def _resolution_conditions(self, duel: Duel, card: Card, link: ChainLink) -> bool:
        """The link's conditions checked at resolution ("if ..." in the effect) hold?"""
        effects = [duel.effect(card, i) for i in (link.effect, link.with_effect)
                   if i is not None and i >= 0]
        event = link.data.get("event") or (
            duel.trigger(link.tid).event if link.tid is not None else None)
        return all(self.conditions_hold(duel, card, e, event, ("resolution", "both"))
                   for e in effects)

    def _negated_by(self, duel: Duel, card: Card, link: ChainLink) -> int | None:
        """Why a resolving link has no effect (YGO-NEGATED): its effect was negated, or it was
        activated while its card's effects were negated until the end of the turn (the card
        itself is returned); or the card is still on the field, face-up, where a continuous
        effect negates it (that card is returned). A monster that left the field is not
        negated by what negates cards on the field (YGO-RESOLVE)."""
        if link.effect_negated or link.data.get("negated_at_activation"):
            return card.iid
        if card.obj != link.obj or not self.on_field(card) or not card.face_up:
            return None
        source = protection.negated_by(duel, card)
        if source == card.iid and duel.definition(card).type != "monster":
            return None  # "until the end of the turn" negation is of monsters' effects
        return source

    def _to_gy_after(self, duel: Duel, card: Card, link: ChainLink, events: list, *,
                     negated: bool = False) -> None:
        """A resolved Normal, Quick-Play, Ritual or Counter card goes to the GY; so does a
        Continuous, Field or Equip card whose activation was negated (YGO-NEGATED)."""
        definition = duel.definition(card)
        goes = negated or (definition.type, definition.subtype) in NORMAL_TYPES
        if link.kind == "card" and goes and (
            card.obj == link.obj and card.zone in ("spell_trap", "field")
        ):
            self.basic_move(duel, card, "gy", events, cause="rule", by=None, by_player=None,
                            destroyed=False, how=None)

    def _chain_end(self, duel: Duel) -> None:
        st = duel.state
        if st.chain:
            return
        st.chain_state = None
        st.chain_flags = {}
        st.passes = 0
        duel.log("chain.done", ["YGO-CHAIN"])

    # ------------------------------------------------------------------ run_operations hooks
    def source_still_there(self, duel: Duel, source: Card, link: Any) -> bool:
        """YGO-RESOLVE: what changes the card itself needs it still on the field."""
        return source.obj == link.obj and self.on_field(source) and source.face_up

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, duel: Duel) -> list[dict[str, Any]]:
        st = duel.state
        if st.chain or st.activation or st.queue:
            return []
        out: list[dict[str, Any]] = []
        for opt in self.activation_options(duel, 0) + self.activation_options(duel, 1):
            a = {"do": "activate", "card": opt["card"]}
            if opt["id"].split(":")[1].startswith("card"):
                a["effect"] = "card"
            else:
                a["effect"] = opt["effect"]
            if opt.get("with_effect") is not None:
                a["with_effect"] = opt["with_effect"]
            if "tid" not in opt:
                out.append(a)
        if any(p.get("auto") for p in st.procedure):
            return out
        tp = st.turn_player
        for card in sorted(st.cards.values(), key=lambda c: c.iid):
            definition = duel.definition(card)
            if card.zone == "limbo":
                continue
            if card.zone in self.FIELD_ZONES:
                out.append({"do": "destroy", "card": card.iid})
                out.append({"do": "send_to_gy", "card": card.iid})
                out.append({"do": "banish", "card": card.iid})
                out.append({"do": "return_to_hand", "card": card.iid})
            if card.zone == "monster":
                out.append({"do": "destroy", "card": card.iid, "cause": "battle"})
                out.append({"do": "tribute", "card": card.iid})
                if card.face_up and definition.subtype != "link":
                    out.append({"do": "change_position", "card": card.iid})
                elif card.controller == tp and st.phase in ("main1", "main2"):
                    out.append({"do": "flip_summon", "card": card.iid})
            if card.zone == "hand" and card.owner == tp and st.phase in ("main1", "main2") and (
                definition.type in ("spell", "trap")
                or (definition.type == "monster" and definition.level <= 4)
            ):
                out.append({"do": "set", "card": card.iid})
            if card.zone == "hand" and definition.type == "monster":
                if card.owner == tp and st.phase in ("main1", "main2"):
                    needed = 0 if definition.level <= 4 else (1 if definition.level <= 6 else 2)
                    mine = st.zones[tp]["monster"][:needed]
                    room = needed or self.can_place(duel, card, tp, "monster")
                    if len(mine) == needed and room:
                        out.append({"do": "normal_summon", "card": card.iid, "tributes": mine})
                if self.can_place(duel, card, card.owner, "monster"):
                    out.append({"do": "special_summon", "card": card.iid})
                if self.procedure_effect(duel, card) is not None and (
                        self.procedure_problem(duel, card) is None):
                    out.append({"do": "inherent_summon", "card": card.iid})
            if card.zone == "hand":
                out.append({"do": "discard", "card": card.iid})
            if card.zone == "gy" and definition.type == "monster" and self.can_place(
                    duel, card, card.owner, "monster"):
                out.append({"do": "special_summon", "card": card.iid})
            if card.zone == "monster" and card.controller == tp and st.phase == "battle" and (
                card.position == "attack" and card.face_up and not st.procedure
            ) and not self._cannot_attack(duel, card):
                opp = st.zones[1 - tp]["monster"]
                out.append({"do": "declare_attack", "card": card.iid,
                            "target": opp[0] if opp else None})
                if opp and self._attacks_directly(duel, card):
                    out.append({"do": "declare_attack", "card": card.iid, "target": None})
        if st.phase in ("main1", "main2"):
            out += self._procedure_summons(duel, tp)
        if st.procedure and st.procedure[0]["kind"] == "attack":
            out.append({"do": "battle"})
        out.append({"do": "next_phase"})
        for player in ("p1", "p2"):
            out.append({"do": "gain_lp", "player": player, "amount": 500})
            out.append({"do": "damage", "player": player, "amount": 500})
        return [a for a in out if self._forbidden_act(duel, a) is None]

    def _procedure_summons(self, duel: Duel, player: int) -> list[dict[str, Any]]:
        """The Synchro, Xyz and Link Summons ``player`` can perform now, each with a legal set
        of materials (a few sets per monster)."""
        out: list[dict[str, Any]] = []
        pool = summons.field_materials(duel, player)
        for card in duel.state.cards_in(player, "extra"):
            how = duel.definition(card).subtype
            if how not in ("synchro", "xyz", "link"):
                continue
            for materials in islice(summons.material_sets(duel, card, pool, how, player),
                                    SETS_OFFERED):
                out.append({"do": f"{how}_summon", "card": card.iid,
                            "materials": [m.iid for m in materials]})
        return out


_describe = describe_event


#: legal material sets offered per Extra Deck monster (the first ones, fewest materials first)
SETS_OFFERED = 3


def _window_kind(patterns: tuple[dict[str, Any], ...]) -> str:
    """ "activated" when a "When ..." condition is about an activation (it looks at the top
    chain link), else "other" (it looks at what happened before the chain)."""
    return "activated" if any(p.get("type") in ("activated", ["activated"])
                              for p in patterns) else "other"


#: the rule policy of this game's duels (engine.games.Game.policy)
POLICY = YugiohPolicy
