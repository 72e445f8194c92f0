"""The rule-cited log: structured entries and their English wording.

Each entry is ``{"seq", "instant", "key", "rules", "args"}``: a message key, the rule ids that
justify the step (most specific first) and the data to word it. The web layer translates the
English templates below (they are the message ids of the engine's catalogue,
:mod:`engine.i18n`); :func:`render` words an entry in English, or in another language through a
translator. The words that entries carry as data (an action's ``what``, an attack's ``step``,
a setting's name...) are listed in :data:`PHRASES` so that they are translated too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

MESSAGES: dict[str, str] = {
    # actions and instants
    "action": "{player}: {what}",
    "instant": "Instant {instant}: {events}",
    "phase": "{phase} of turn {turn} ({player}'s turn)",
    "decision": "{player} chose {choice}",
    "decision.activate": "{player} chooses to activate {card}",
    "decision.not_activate": "{player} chooses not to activate {card}",
    "decision.use": "{player} chooses to use {card}: {effect}",
    "decision.not_use": "{player} chooses not to use {card}: {effect}",
    "decision.pass": "{player} passes",
    "always_ask.on": (
        "From now on each player is asked at every window the rules give it, whatever it "
        "holds: no one can tell from a question what a player's hidden cards are"),
    "always_ask.off": "From now on a player is asked only when it has something to use",
    "decision.activate_hidden": "{player} chooses to activate {cards}",
    "decision.respond": "{player} responds with {cards}",
    "decision.order": "{player} orders: {cards} (first listed goes first)",
    "decision.choose_cards": "{player} chooses {cards}",
    "decision.phase_trigger": "{player} activates {cards} next",
    "decision.next_pending": "{player} resolves {card} next (in the order {cards})",
    "auto_pass": "{player} has no effect that can respond and passes",
    "pass.why": "{player} has nothing that can be activated now and passes: {said}",
    # triggers (both games)
    "trigger.met": "{card}: {effect} met its timing at instant {met_at} ({event})",
    "trigger.waiting": (
        "{card}: {effect} has waited since instant {met_at}: {why}, so it does not miss the "
        "timing and is activated now"
    ),
    "trigger.missed": (
        "{card}: {effect} missed the timing: it met its timing at instant {met_at} ({event}), "
        "but the last thing to happen was instant {last} ({later})"
    ),
    "window.closed": (
        "{card} can no longer be activated: its event, instant {met_at} ({event}), is no longer "
        "the last thing that happened: the last thing to happen was instant {last} ({later})"
    ),
    "trigger.once_per_occurrence": (
        "{card}: {effect} meets its timing once, not {count} times: the {count} events of "
        "instant {met_at} ({events}) are one occurrence, and a trigger is activated at most "
        "once per occurrence of its event"
    ),
    "trigger.not_activated": "{card}: {effect} is not activated: {reason}",
    "trigger.declined": "{player} chose not to activate {card}: {effect}",
    "trigger.controller": (
        "{card}: {effect} is activated by {player}, who controls it now (a change of control "
        "does not stop a trigger)"
    ),
    "trigger.order": "{player} orders their triggers: {cards}",
    "trigger.not_missed": (
        "{card}: {effect} does not miss the timing: its event, instant {met_at} ({event}), is "
        "the last thing that happened"
    ),
    "trigger.order_forced": (
        "The \"{switch}\" setting fixes the order of {player}'s triggers {cards}: {why}, so "
        "nobody is asked"
    ),
    "trigger.order_partly_forced": (
        "The \"{switch}\" setting fixes part of the order of {player}'s triggers {cards}: "
        "{why}; only the rest is asked"
    ),
    "why.trigger_first": "a trigger that met its timing earlier goes first",
    "why.hand_triggers_last": "optional triggers from the hand go after all the others",
    # chain (Yu-Gi-Oh!)
    "chain.link": "Chain Link {link}: {player} activates {card}: {effect} (Spell Speed {speed})",
    "chain.link_same": (
        "Chain Link {link}: {player} activates {card} and its effect in the same chain link"
    ),
    "chain.resolve": "Chain Link {link} resolves: {card}",
    "chain.no_effect": "Chain Link {link} resolves with no effect: {reason}",
    "chain.negated": "Chain Link {link} ({card}) does not resolve: its activation was negated",
    "chain.done": "The chain has fully resolved",
    "chain.segoc": (
        "{count} trigger(s) go on one chain together, group by group: the turn player's "
        "mandatory triggers, the non-turn player's mandatory triggers, the turn player's "
        "optional triggers, then the non-turn player's optional triggers"
    ),
    "chain.segoc_group": "Chain Link {links}: {cards}: {group}; {order}",
    "segoc.group.tp_mandatory": "the mandatory triggers of {player}, the turn player",
    "segoc.group.ntp_mandatory": "the mandatory triggers of {player}, the non-turn player",
    "segoc.group.tp_optional": "the optional triggers of {player}, the turn player",
    "segoc.group.ntp_optional": "the optional triggers of {player}, the non-turn player",
    "segoc.group.tp_hand": (
        "the optional triggers from the hand of {player}, the turn player, after all the "
        "others (the \"hand triggers last\" setting)"
    ),
    "segoc.group.ntp_hand": (
        "the optional triggers from the hand of {player}, the non-turn player, after all the "
        "others (the \"hand triggers last\" setting)"
    ),
    "segoc.order.alone": "the only one of its group",
    "segoc.order.chosen": "{player} chose their order",
    "segoc.order.fixed": "the \"{switch}\" setting fixes their order: {why}",
    "segoc.order.partly_fixed": (
        "the \"{switch}\" setting fixes part of their order ({why}); {player} chose the rest"
    ),
    # Summons outside any effect (Yu-Gi-Oh!)
    "summon.would": (
        "{card} would be {how} Summoned: only an effect that negates this Summon can be "
        "activated now, and no trigger is"
    ),
    "summon.negated": "The {how} Summon of {card} is negated by {by}: it did not happen",
    "summon.inherent": (
        "{card} is Special Summoned by its own procedure: that is not an effect, so it is not "
        "activated and uses no chain link; its cost is paid as part of the Summon"
    ),
    "phase.battle_ended": (
        "{card} ends the Battle Phase, now that the chain has resolved: the turn goes on to Main "
        "Phase 2"),
    "damage.changed": "{player} takes {amount} damage instead of {was}: {card} changes it",
    "phase.no_battle": (
        "Turn {turn} is the first turn of the Duel: {player} cannot conduct a Battle Phase, so "
        "the turn goes on to the End Phase"
    ),
    "step.damage": (
        "The Damage Step begins: only Counter Traps, effects that negate an activation, "
        "effects that change ATK or DEF before damage calculation and effects that name a "
        "Damage Step timing can be activated, besides the triggers the Damage Step allows"
    ),
    "resolution.then_skipped": (
        "{card}: {effect}: the part after \"then\" does not happen: the part before it did "
        "not happen"
    ),
    "resolution.if_done_skipped": (
        "{card}: {effect}: the part \"if you do\" does not happen: the part before it did "
        "not happen"
    ),
    "frame.resolved": "Chain Link {link} ({card}) resolves: {events}",
    "frame.done": "{card}: {effect} has finished resolving",
    "frame.next": "{card}: {effect} starts resolving",
    "ask": "{player} must decide",
    "ask.order": "{player} must choose the order",
    "ask.activate": "{player} must choose whether to activate {card}",
    "ask.choose": "{player} must choose cards for {card}",
    "ask.option": "{player} must choose one of the options of {card}",
    "ask.respond": "{player} may respond or pass",
    "ask.replacement": "{player} must choose whether to use {card}'s replacement effect",
    "ask.block": "{player} may block",
    "ask.phase_trigger": "{player} must choose which effect to activate next",
    # pending abilities (Duel Masters)
    "pending.add": "{card}: {effect} is pending for {player}",
    "pending.next": "{player} resolves {card}: {effect} next",
    "pending.resolve": "{card}: {effect} resolves",
    "pending.no_effect": "{card}: {effect} resolves with no effect: {reason}",
    "pending.declined": "{player} chose not to use {card}: {effect}",
    "pending.cut_in": "{card}: {effect} cuts in while the ability of {by} is resolving",
    "pending.resume": "{card}: {effect} goes on resolving",
    "pending.cast": (
        "{card}: {effect} casts {other} for no cost; the spell resolves now, and the rest of "
        "the ability after it"
    ),
    "looked": "{player} looks at the top {count} card(s) of their deck",
    "pending.not_triggered": "{card}: {effect} does not trigger: {reason}",
    "pending.source_under": (
        "{card}: {effect} still resolves: {card} is now under {other}, and a pending ability "
        "is independent of its source"
    ),
    "strigger.head_start_end": (
        "The S-Trigger head start ends with {card} put into the battle zone: it covered only "
        "using the card; {card}'s own abilities wait in the ordinary order, the active "
        "player's first"
    ),
    "spell.cast": "{player} casts {card}",
    "spell.resolve": "{card} resolves",
    "spell.done": "{card} has resolved and goes to the graveyard",
    "evolution.no_base": (
        "{card} cannot be put into the battle zone: no creature it can evolve from is there, "
        "so it stays in the {zone}"
    ),
    "evolution.continues": (
        "{card} continues {other}, the creature it was put onto: what resolved spells and "
        "abilities applied to {other} still applies to {card}, whose power is {power}; static "
        "abilities are read anew"
    ),
    "evolution.source_reached": (
        "{card} is under {other}: it is a card in the battle zone, not a creature, so the "
        "effect reaches it"
    ),
    "attack.continues": (
        "{card} was put onto {other}, the attacking creature: the attack goes on with {card} as "
        "the attacking creature"
    ),
    "attack.continues_target": (
        "{card} was put onto {other}, the creature being attacked: the attack goes on against "
        "{card}"
    ),
    "attack.step": "{step} of the attack of {card}",
    "attack.stopped": "The attack of {card} stops: {reason}",
    "attack.end": "The attack of {card} ends; \"while attacking\" effects end",
    "game.win": "{player} wins: the attack reached a player with no shields",
    "turn.cleanup": "Effects that last until the end of turn {turn} end",
    "decision.block": "{player} blocks with {cards}",
    "decision.no_block": "{player} does not block",
    "static": "{card}: {what}",
    "state_check": "{card} is destroyed: its power is {power} (0 or less)",
    "replaced": "{card}: {what} instead",
    "forbidden.special_summon": (
        "{card} is not Special Summoned: {by}'s continuous effect forbids Special Summons"),
    "forbidden.banish": "{card} is not banished: {by}'s continuous effect forbids banishing cards",
    "forbidden.tribute": (
        "{card} is not Tributed: {by}'s continuous effect forbids Tributing cards"),
    "unequipped": (
        "{card} is destroyed: the monster it was equipped to is no longer face-up on the field "
        "(destroyed by the rules, not by a card effect)"
    ),
    "not_equipped": (
        "{card} found no monster to equip: it is sent to the GY (it is not destroyed)"
    ),
    "replaced.for": (
        "{card}: {what} instead ({event}: this event is replaced and does not happen)"
    ),
    "protected.battle": (
        "{card} is not destroyed by battle: {by}'s effect protects it, so no destruction happens"
    ),
    "protected.effect": (
        "{card} is not destroyed by the effect: {by}'s effect protects it, so no destruction "
        "happens"
    ),
    "protected.stays": (
        "{card} does not leave the battle zone: {by}'s effect, applied when it resolved, keeps "
        "it there, so the move does not happen"
    ),
    "protected.lasting": (
        "{card} is not destroyed: {by}'s effect, applied when it resolved, protects it, so no "
        "destruction happens"
    ),
    "trigger.not_met": "{card}: {effect} does not meet its timing: {reason}",
    "chain.not_negated": (
        "Chain Link {link}: {card} left the field, so {by}, which negates effects on the field, "
        "does not negate it"
    ),
    "chain.negated_by": (
        "Chain Link {link} resolves with no effect: {card}'s effects are negated by {by}"
    ),
    # reasons
    "why.mandatory": "it is mandatory",
    "why.if": "it is worded \"if\"",
    "why.during": "it is worded \"during\"",
    "why.flip": (
        "it is a FLIP effect, which cannot miss the timing: only an optional \"when\" effect "
        "can"
    ),
    "why.each_time": (
        "it is worded \"each time\", which cannot miss the timing: only an optional \"when\" "
        "effect can"
    ),
    "reason.left_location": "{card} left the {zone} after it met its timing (it is a new card now)",
    "reason.face_down": "{card} is face-down",
    "reason.not_on_field": "{card} was not face-up on the field when {event} completed",
    "reason.damage_step": (
        "an optional trigger about another card cannot be activated in the Damage Step"
    ),
    "reason.once_per_turn": "it was already used this turn",
    "reason.no_target": "it has no legal target",
    "reason.cannot_pay": "its cost cannot be paid",
    "reason.cannot_do": "what it does cannot be done now ({op})",
    "reason.source_gone": "{card} left the {zone} before it resolved",
    "reason.needs_self": "what it does needs {card} itself, which left the field",
    "reason.negated": "its effect was negated",
    "reason.negated_when_activated": (
        "it was activated while the effects of {card} were negated, so it stays negated "
        "wherever {card} is now"
    ),
    "reason.condition": "its condition is not met",
    "reason.hand_self_summon": (
        "{player} already activated a trigger that Special Summons its own card from the hand "
        "in this chain, and that is allowed once per chain"
    ),
    "reason.protected": "{card} cannot be targeted: {by}'s effect protects it",
    "reason.event_replaced": "the event was replaced and did not happen",
    "reason.forbidden.special_summon": "{by}'s continuous effect forbids Special Summons",
    "reason.forbidden.banish": "{by}'s continuous effect forbids banishing cards",
    "reason.forbidden.tribute": "{by}'s continuous effect forbids Tributing cards",
    "reason.nothing": "there is nothing to apply it to",
    "reason.abilities_ignored": "{card}'s abilities are being ignored",
    "reason.reset": "{card} {how} before it applied, so the effect is reset",
    "reason.not_in_hand": "{card} is no longer in the hand",
    "reason.ninja_used": "{player} already used a Ninja Strike during this attack",
    "reason.not_present": "{card} was not in the battle zone when the {moment}",
    "reason.attacker_gone": "{card} left the battle zone",
    "reason.look_back": (
        "{card} changed zone at the same moment as {other} left the battle zone, so it does not "
        "see {other} leave"
    ),
}

EVENT_MESSAGES: dict[str, str] = {
    "destroyed": "{card} was destroyed{cause}",
    "sent_to_gy": "{card} was sent to the {to}",
    "left_field": "{card} left the field",
    "banished": "{card} was banished",
    "returned_to_hand": "{card} returned to the hand",
    "added_to_hand": "{card} was added to the hand",
    "drawn": "{player} drew {card}",
    "discarded": "{card} was discarded",
    "lp_gained": "{player} gained {amount} LP",
    "lp_lost": "{player} lost {amount} LP",
    "phase_start": "the {phase} began",
    "attack_declared": "{card} declared an attack",
    "activated": "{card} was activated as Chain Link {link}",
    "link_resolved": "Chain Link {link} ({card}) resolved",
    "control_changed": "control of {card} changed to {player}",
    "position_changed": "{card} changed its battle position",
    "flipped": "{card} was flipped face-up",
    "summoned": "{card} was {how} Summoned",
    "tributed": "{card} was tributed",
    "negated": "the activation of {card} was negated",
    "effect_negated": "the effect of {card} was negated",
    "placed": "{card} was placed",
    "set": "{player} Set a card",
    "put_into_battle": "{card} was put into the battle zone",
    "tapped": "{card} was tapped",
    "untapped": "{card} was untapped",
    "shield_broken": "{card}, a shield, was broken",
    "shield_to_hand": "{card} was put into the hand from the shield zone",
    "turn_start": "the turn of {player} began",
    "turn_end": "the turn of {player} ended",
    "blocked": "{card} blocked",
    "battle": "{card} battled",
    "battle_won": "{card} won a battle",
    "put_into_mana": "{card} was put into the mana zone",
    "power_changed": "{card}'s power changed by {amount}",
    "stat_changed": "{card}'s {stat} changed by {amount}",
    "equipped": "{card} was equipped to {target}",
    "cast": "{card} was cast",
    "battle_destroyed": "{card} was destroyed by battle",
    "attached": "{card} became an Xyz Material",
    "summoning": "{card} would be {how} Summoned",
    "summon_negated": "the Summon of {card} was negated",
    "attack_negated": "the attack of {card} was negated",
    "detached": "{card} was detached",
}
#: a material sent to the GY by a summon: "sent to the GY as Synchro Material"
AS_MATERIAL = "{card} was sent to the {to} as {material} Material"
TRIBUTED_AS_MATERIAL = "{card} was Tributed for a {material} Summon"

PHASE_NAMES = {
    "draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
    "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase",
    "start": "start of turn", "charge": "mana charge step", "main": "main step",
    "attack": "attack step", "end_of_turn": "end of turn", "draw_step": "draw step",
}

ZONE_NAMES = {
    "hand": "hand", "deck": "Deck", "extra": "Extra Deck", "monster": "Monster Zone",
    "spell_trap": "Spell & Trap Zone", "field": "Field Zone", "gy": "GY", "banished": "banishment",
    "battle": "battle zone", "shield": "shield zone", "mana": "mana zone",
    "graveyard": "graveyard",
}

#: where a card is, with its preposition: "places a card in a Monster Zone"
ZONE_PLACES = {
    "hand": "in the hand", "deck": "in the Deck", "extra": "in the Extra Deck",
    "monster": "in a Monster Zone", "spell_trap": "in a Spell & Trap Zone",
    "field": "in the Field Zone", "gy": "in the GY", "banished": "among the banished cards",
    "battle": "in the battle zone", "shield": "in the shield zone", "mana": "in the mana zone",
    "graveyard": "in the graveyard",
}

def kind_names(game: str) -> dict[tuple[str, str], str]:
    """A game's names of its cards' kinds, by (type, subtype), "" any subtype: its package's
    ``words.KIND_NAMES`` (none for a game that has no ``words`` or is not registered)."""
    from .games import game as registered
    from .games import known

    if not known(game):
        return {}
    spec = registered(game)
    try:
        words = spec.module("words")
    except ModuleNotFoundError as missing:
        if missing.name != f"{spec.package}.words":
            raise
        return {}
    return getattr(words, "KIND_NAMES", {})


def __getattr__(name: str) -> Any:
    """``CARD_KINDS``: every registered game's kind names, by (game, type, subtype), read from
    the game packages when asked (the catalogue lists their English names)."""
    if name == "CARD_KINDS":
        from .games import names

        return {(game, *kind): words for game in names()
                for kind, words in kind_names(game).items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: between the cards of a list, and between the events of one instant
LIST_SEPARATOR = ", "
EVENT_SEPARATOR = "; "
#: a frame where nothing shown happened
NOTHING = "Nothing happens"
#: a scenario's step refused as its file expects (the reason is the engine's refusal)
REFUSED_AS_EXPECTED = "Step {step} is refused, as expected: {reason}"
#: words that entries carry as data, worded by the engine itself: the actions of the log
#: ("{player}: tribute summons {card}"), attack steps, setting names, moments, answers
PHRASES = [
    "places {card} {place}", "puts {card} {place}", "removes {card}", "sets LP to {lp}",
    "becomes the turn player", "summons {card}", "casts {card}", "charges {card}",
    "destroys {cards}", "puts {cards} into the battle zone", "breaks a shield", "taps {card}",
    "draws a card", "normal summons {card}", "tribute summons {card}",
    "Special Summons {card}", "Flip Summons {card}", "Sets {card}",
    "Special Summons {card} by its own procedure",
    "Fusion Summons {card}", "Synchro Summons {card}", "Xyz Summons {card}",
    "Link Summons {card}", "Ritual Summons {card}",
    "changes {card} to attack position", "changes {card} to defense position",
    "destroy {card}", "send_to_gy {card}", "banish {card}", "return_to_hand {card}",
    "discard {card}", "tribute {card}", "activates {card}", "attacks with {card}",
    "destroys itself", "returns to the hand", "the card is banished",
    "Declaration", "Block step", "Battle", "Shield break", "turn started", "turn ended",
    "became an evolution source", "left the battle zone and came back as a new creature",
    "trigger first", "hand triggers last", "yes", "no", "pass",
    "S-Trigger", "Ninja Strike", "effect {n}", "ability {n}", "goes to the {to}",
    LIST_SEPARATOR, EVENT_SEPARATOR, NOTHING, REFUSED_AS_EXPECTED,
]
#: the arguments that are such words (or an effect's label) and are translated as they are
TEXT_ARGS = ("effect", "step", "switch", "moment", "how", "choice", "what", "other_effect")
#: labels an effect gets from its place on the card when its data gives none ("effect 2")
_NUMBERED = re.compile(r"(effect|ability) (\d+)$")

CARD_ARGS = ("card", "by", "target", "other")
PLAYER_ARGS = ("player",)


STAT_NAMES = {"atk": "ATK", "def": "DEF"}
CAUSES = {"battle": " by battle", "effect": " by a card effect", "cost": " as a cost"}
SUMMON_KINDS = {"normal": "Normal", "tribute": "Tribute", "special": "Special", "flip": "Flip",
                "fusion": "Fusion", "synchro": "Synchro", "xyz": "Xyz", "link": "Link",
                "ritual": "Ritual"}
DESTROYED_AND_SENT = "{card} was destroyed{cause} and sent to the {to}"
PLAYER = "Player {n}"
#: a card its reader may not see
HIDDEN = "a hidden card"
#: a card told apart from another card of its name by whose it is ("Player 2's" and the name)
WHOSE = "{player}'s {card}"


def seen_by(entry: dict[str, Any], seat: int | None, open_view: bool = False) -> bool:
    """May a reader see this log entry: the editors (the open view) and, for an entry kept
    for one seat (``"seat"``), that player alone; every other entry, everyone."""
    return open_view or entry.get("seat") is None or entry["seat"] == seat


def zone_name(zone: str, tr: Callable[[str], str] | None = None) -> str:
    """A zone's name as its game says it ("Spell & Trap Zone", "GY", "mana zone")."""
    return (tr or _same)(ZONE_NAMES.get(zone, zone))


def zone_place(zone: str, tr: Callable[[str], str] | None = None) -> str:
    """Where a card in ``zone`` is, in words ("in the Field Zone", "in a Monster Zone")."""
    return (tr or _same)(ZONE_PLACES.get(zone, f"in {zone}"))


def card_kind(definition: Any, tr: Callable[[str], str] | None = None) -> str:
    """A card's kind as its game names it ("Field Spell", "Effect Monster", "Creature")."""
    names = kind_names(definition.game)
    kind = (names.get((definition.type, definition.subtype))
            or names.get((definition.type, "")) or definition.type)
    return (tr or _same)(kind)


def with_article(noun: str) -> str:
    """ "an Effect Monster", "a Field Spell", "an Xyz Monster" (English only)."""
    return ("an " if noun[:1].lower() in "aeiox" else "a ") + noun


def player_name(player: int, tr: Callable[[str], str] | None = None) -> str:
    return (tr or _same)(PLAYER).format(n=player + 1)


def whose(card: str, player: int, tr: Callable[[str], str] | None = None) -> str:
    """A card's name with whose it is ("Player 2's" and the name), in ``tr``'s language."""
    tr = tr or _same
    return _fmt(tr(WHOSE), {"card": card, "player": player_name(player, tr)})


def told_apart(names: Mapping[int, str], controllers: Mapping[int, int],
               tr: Callable[[str], str] | None = None) -> dict[int, str]:
    """Cards' names (``names``: by instance, as the reader reads them), each with whose it is
    (its controller, ``controllers``) where a card of the same name among them is another
    player's (two cards of one name of the same player are not told apart by saying whose)."""
    players: dict[str, set[int]] = {}
    for iid, name in names.items():
        players.setdefault(name, set()).add(controllers.get(iid, -1))
    return {iid: whose(name, controllers[iid], tr)
            if len(players[name]) > 1 and iid in controllers else name
            for iid, name in names.items()}


class _Safe(dict):
    """Format arguments that leave a placeholder they lack as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fmt(template: str, args: dict[str, Any]) -> str:
    return template.format_map(_Safe(args))


def _same(text: str) -> str:
    return text


def render_event(ev: dict[str, Any], card_name: Callable[[int], str],
                 tr: Callable[[str], str] = _same) -> str:
    args: dict[str, Any] = dict(ev)
    if ev.get("card") is not None:
        args["card"] = card_name(ev["card"])
    if ev.get("player") is not None:
        args["player"] = player_name(ev["player"], tr)
    if isinstance(ev.get("target"), int):
        args["target"] = card_name(ev["target"])
    if ev.get("stat") in STAT_NAMES:
        args["stat"] = tr(STAT_NAMES[ev["stat"]])
    cause = ev.get("cause")
    args["cause"] = tr(CAUSES[cause]) if cause in CAUSES else ""
    if "phase" in ev:
        args["phase"] = tr(PHASE_NAMES.get(ev["phase"], ev["phase"]))
    if "to" in ev:
        args["to"] = tr(ZONE_NAMES.get(ev["to"], ev["to"]))
    if "how" in ev:
        args["how"] = tr(SUMMON_KINDS.get(ev["how"], ev["how"]))
    template = EVENT_MESSAGES.get(ev["type"], ev["type"])
    if ev["type"] == "sent_to_gy" and ev.get("destroyed"):
        template = DESTROYED_AND_SENT
    if ev.get("as_material") in SUMMON_KINDS and ev["type"] in ("sent_to_gy", "tributed"):
        args["material"] = tr(SUMMON_KINDS[ev["as_material"]])
        template = AS_MATERIAL if ev["type"] == "sent_to_gy" else TRIBUTED_AS_MATERIAL
    return _fmt(tr(template), args)


def render_events(events: list[dict[str, Any]], card_name: Callable[[int], str],
                  tr: Callable[[str], str] | None = None) -> str:
    """Word an instant's events, leaving out the bookkeeping ones (left the field...)."""
    shown = [e for e in events if e["type"] not in ("left_field", "sent_to_gy")
             or not any(o.get("card") == e.get("card") and o is not e
                        and o["type"] in ("destroyed", "tributed", "discarded", "detached")
                        for o in events)]
    shown = [e for e in shown if e["type"] != "left_field"] or events
    tr = tr or _same
    return tr(EVENT_SEPARATOR).join(render_event(e, card_name, tr) for e in shown)


def render(entry: dict[str, Any], card_name: Callable[[int], str],
           tr: Callable[[str], str] = _same, with_rules: bool = True) -> str:
    """One log entry in words (English unless ``tr`` translates), with its rule ids."""
    text = render_message(entry["key"], entry.get("args", {}), card_name, tr)
    if with_rules and entry.get("rules"):
        text += f" ({', '.join(entry['rules'])})"
    return text


def render_message(key: str, raw: dict[str, Any], card_name: Callable[[int], str],
                   tr: Callable[[str], str] = _same) -> str:
    args = _render_args(raw, card_name, tr)
    if isinstance(raw.get("what"), str) and "{" in raw["what"]:
        # ``what`` is a template too ("places {card} {place}"): the card is named by
        # ``card_name`` like every other card of the log, so a viewer who may not see it
        # reads "a hidden card"; no entry holds a card's name as finished text
        try:
            args["what"] = _fmt(args["what"], args)
        except (ValueError, IndexError):
            pass
    return _fmt(tr(MESSAGES.get(key, key)), args)


def text_arg(value: str, tr: Callable[[str], str]) -> str:
    """A word or label the entry carries as data, translated ("effect 2" by its template)."""
    numbered = _NUMBERED.match(value)
    if numbered:
        return tr(f"{numbered[1]} {{n}}").format(n=numbered[2])
    return tr(value)


def _render_args(raw: dict[str, Any], card_name: Callable[[int], str],
                 tr: Callable[[str], str]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    for key, value in raw.items():
        if key in CARD_ARGS and isinstance(value, int):
            args[key] = card_name(value)
        elif key in PLAYER_ARGS and isinstance(value, int):
            args[key] = player_name(value, tr)
        elif key == "cards" and isinstance(value, list):
            args[key] = tr(LIST_SEPARATOR).join(card_name(v) for v in value)
        elif key == "said" and isinstance(value, dict):  # a text by language, worded already
            args[key] = value.get(getattr(tr, "lang", "en")) or value.get("en", "")
        elif key in ("reason", "why", "group", "order") and isinstance(value, dict):
            args[key] = render_message(value["key"], value.get("args", {}), card_name, tr)
        elif key in ("event", "later", "events") and isinstance(value, list):
            args[key] = render_events(value, card_name, tr)
        elif key == "zone":
            args[key] = tr(ZONE_NAMES.get(value, value))
        elif key == "place":
            args[key] = zone_place(value, tr)
        elif key == "to" and isinstance(value, str):
            args[key] = tr(ZONE_NAMES.get(value, value))
        elif key in TEXT_ARGS and isinstance(value, str):
            args[key] = text_arg(value, tr)
        elif key == "phase":
            args[key] = tr(PHASE_NAMES.get(value, value))
        else:
            args[key] = value
    return args
