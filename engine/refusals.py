"""Why the engine refuses an action, worded in English and in the reader's language.

A refusal's reason is a :class:`Refusal`: the English text (a ``str``, what the API, the tests
and :attr:`engine.errors.IllegalAction.reason` read) that also keeps its template's key in
:data:`REFUSALS` and the values of its placeholders, so that :meth:`Refusal.worded` can word it
again through a translator (:class:`engine.i18n.Translator`). The templates are message ids of
the engine's catalogue, like the log's. A value that is itself worded differently in each
language (a zone, a player, a log message, another refusal) is a :class:`Worded` text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .i18n import TRANSLATED, Translator
from .log import _fmt, _same, player_name, render_events, render_message, zone_name, zone_place

if TYPE_CHECKING:
    from .cards import CardDef
    from .duel import Duel

Tr = Callable[[str], str]

REFUSALS: dict[str, str] = {
    # the duel and its decisions
    "no_decision": "there is no decision to answer",
    "nothing_to_pass": "there is nothing to pass on",
    "nothing_to_undo": "there is nothing to undo",
    "answer_pending": "{player} must first answer the pending decision",
    "duel_over": "the duel is over: {player} won",
    "answer_order": "answer with an order of all of: {options}",
    "answer_choose_exactly": "choose exactly {n} of: {options}",
    "answer_choose_between": "choose between {low} and {high} of: {options}",
    "not_an_option": "{choice} is not one of the options: {options}",
    "not_an_option_of": "{choice} is not one of the options of this {kind} decision: {options}",
    "protected_target": "{card} cannot be targeted: {by}'s effect protects it",
    "protected_choose": "{card} cannot be chosen: {by}'s effect protects it",
    "no_step": "there is no step {step}: the history has {count}",
    "no_frame": "step {step} has {count} frames: there is no frame {frame}",
    "unknown_card": "unknown card {name}",
    "card_not_on_table": "no card {name} is on the table",
    "no_card_named": "no card {name} on the table",
    "card_gone": "{card} is no longer on the table",
    "wrong_player": (
        "this answer is for {meant} ({meant_key}), but the open decision ({kind}) is {player}'s "
        "({player_key})"
    ),
    "malformed_setup": "this is not a valid set-up: a field is missing or has the wrong form",
    "malformed_action": "this is not a valid action: a field is missing or has the wrong form",
    "saved_duel": "a saved duel is a mapping with a list of actions",
    "replay_loop": "the replay keeps being asked new decisions",
    "unknown_game": "unknown game {game}: {games}",
    "unknown_preset": "unknown preset {preset}: {presets}",
    "unknown_phase_of": "unknown phase {phase}: {phases}",
    # card definitions: within one file a name or an id means one card
    "card_name_twice": (
        "{name} is already the name of card {first} (line {line}): within one file a name means "
        "one card; rename one of them or keep one definition"
    ),
    "card_name_twice_here": (
        "{name} is already the name of card {first}: within one file or board a name means one "
        "card; rename one of them or keep one definition"
    ),
    "card_id_twice": "{card} is defined differently at line {line}: keep one definition",
    "card_id_twice_here": "{card} is defined twice, differently: keep one definition",
    # reading a card's text
    "no_text": "there is no text to read",
    "text_too_long": "the text has {n} characters; at most {max} (limit MAX_STRING)",
    "text_game": "game must be one of {games}",
    "too_many_effects": "the text holds {n} effects; at most {max} (limit MAX_EFFECTS)",
    # a reading put into a card file's effect (engine/classify/to_card.py)
    "not_a_wording": (
        "“{words}” is not among the wordings the editor can write in the engine's vocabulary: "
        "write this part yourself, or leave it out"
    ),
    "kind_not_written": (
        "{kind} cannot be written from its text: the card keeps its text without it"
    ),
    # input past a limit (engine/limits.py); ``what`` names the thing refused
    "with_limit": "{reason} (limit {limit})",
    "n_characters": "{n} characters",
    "must_be_text": "{what} must be text",
    "characters": "{what} has {n} characters; at most {max}",
    "nul": "{what} holds a NUL character",
    "control_character": "{what} holds a control character",
    "surrogate": "{what} holds a lone surrogate, which is not a character",
    "whole_number": "{what} must be a whole number",
    "digits": "{what} must be a whole number written with the digits 0-9",
    "between": "{what} must be between {lo} and {hi}",
    "items": "{what} holds more than {max} values",
    "depth": "{what} is nested more than {max} deep",
    "key_not_text": "{what} has a key that is not text: {name}",
    "number_too_large": "{what} holds a number larger than {max}",
    "not_finite": "{what} holds a number that is not finite",
    "not_whole": "{what} holds a number that is not whole: {value}",
    "unknown_kind": "{what} holds a value of an unknown kind ({kind})",
    "unreadable": "{what} could not be read",
    "bytes": "{what} has {n} bytes; at most {max}",
    "lines": "{what} has {n} lines; at most {max}",
    "scanned": (
        "{what} has {n} lines and commas, more values than may be read; at most {max}"
    ),
    "cpu": "reading and checking {what} took more than {max} seconds of computing",
    "action_mapping": "an action is a mapping with a 'do' key",
    "action_do": "an action's 'do' must be text",
    "setup_cards": "{what}'s set-up holds {n} cards; at most {max}",
    "history_full": (
        "this board holds {n} actions, the most a board with {cards} cards in its set-up may "
        "hold ({limit}); make a copy from here to go on"
    ),
    "history_cut": (
        "this board was saved with {n} actions, more than a board with {cards} cards in its "
        "set-up may hold, and opens at action {room}: make a copy from here to go on"
    ),
    "steps": "{what} has {n} steps; at most {max}",
    "custom_cards": "{what} defines {n} cards; at most {max}",
    "work": "{what} would replay {n} steps over {cards} cards ({work} card-steps); at most {max}",
    "key_of": "a key of {what}",
    "text_in": "a text in {what}",
    "setup_of": "{what}'s set-up",
    "custom_cards_of": "{what}'s custom cards",
    # edits of the board
    "editing_while_resolving": "the board can be edited only while nothing is resolving",
    "unknown_zone": "unknown zone {zone}",
    "unknown_zone_of": "unknown zone {zone}: {zones}",
    "unknown_zone_for": "unknown zone {zone} for {side}: {zones}",
    "unknown_phase": "unknown phase {phase}",
    "zone_full_of": "the {zone} of {player} is full",
    "needs_card_name": "a card in {zone} needs a 'card' name",
    "cannot_be_put": "{card} is {kind}: it cannot be put {place}",
    "attached": "{card} is attached to another card: move it with an event",
    "attached_xyz": (
        "{card} is an Xyz Monster with Xyz Materials, or one of them: move it with an event "
        "instead"
    ),
    "attached_evolution": (
        "{card} is part of an evolution creature: move the creature with an event instead"
    ),
    "unknown_action": "unknown action {action}",
    "no_shields": "this game has no shields",
    "no_fight": "in this game an effect cannot make two cards battle",
    # Yu-Gi-Oh!
    "chain_in_progress": "a chain is in progress: only responses are possible now",
    "chain_answer_instead": "a chain is in progress: answer the response decision instead",
    "triggers_waiting": "triggers are waiting to be resolved first",
    "battle_in_progress": "the battle in progress must finish first",
    "summon_in_progress": (
        "a monster would be Summoned: only an effect that negates that Summon can be activated "
        "until it is Summoned"
    ),
    "no_procedure": "{card} has no Special Summon procedure of its own",
    "procedure_from": "{card} is Special Summoned by its procedure only from the {zones}",
    "procedure_when": (
        "a monster's own Special Summon procedure is the turn player's action, in a Main Phase "
        "or the Battle Phase outside the Damage Step"
    ),
    "procedure_once": "{card}'s procedure was already used this turn",
    "procedure_condition": "{card}: the condition of its Special Summon procedure is not met",
    "procedure_cost": "{card}: the cost of its Special Summon procedure cannot be paid: {why}",
    "first_turn_battle": (
        "turn {turn} is the first turn of the Duel: the player who takes it cannot conduct a "
        "Battle Phase"
    ),
    "damage_step_limit": (
        "{card} cannot be activated in the Damage Step: only Counter Traps, effects that "
        "negate an activation, effects that change ATK or DEF before damage calculation and "
        "effects that name a Damage Step timing can be"
    ),
    "damage_step_passed": (
        "{card} cannot be activated: what it responds to happened in the Damage Step, and the "
        "chance does not come back after it"
    ),
    "not_monster_in_hand": "{card} is not a monster in a hand",
    "summon_turn_player": "only the turn player summons, in a Main Phase",
    "set_turn_player": "only the turn player Sets cards, in a Main Phase",
    "tributes_needed": "{card} (Level {level}) needs {needed} tribute(s), not {count}",
    "not_your_monster": "{card} is not a monster you control",
    "not_your_face_up_monster": "{card} is not a face-up monster you control",
    "monster_zone_full": "the Monster Zone is full",
    "zone_full": "that zone is full",
    "not_in_extra_deck": "{card} is not {kind} Monster in the Extra Deck",
    "not_special_summoned_from": "{card} cannot be Special Summoned from there",
    "not_face_down_monster": "{card} is not a face-down monster",
    "not_in_hand": "{card} is not in a hand",
    "set_needs_tributes": "{card} needs tributes to be Set; summon it instead",
    "not_face_up_monster": "{card} is not a face-up monster",
    "link_attack_position": "{card} is a Link Monster: it is always in Attack Position",
    "not_in_zones": "{card} is not in {zones}",
    "amount_positive": "the amount must be a positive number",
    "attack_in_battle_phase": "attacks are declared in the Battle Phase",
    "not_attacker": "{card} is not an attack-position monster of the turn player",
    "attack_target": "the attack target must be an opponent's monster",
    "direct_attack": "a direct attack needs the opponent to control no monster",
    "declare_attack_first": "declare an attack first",
    "cannot_respond_now": "{card} cannot respond now: {why}",
    "activation_forbidden": "{card} cannot be activated: {by}'s effect forbids it",
    "cannot_activate_now_why": "{card} cannot be activated now: {why}",
    "trap_set_first": "{card} is a Trap: Set it first, then activate it",
    "set_this_turn": (
        "{card} was Set this turn: a Trap, or a Quick-Play Spell, cannot be activated the turn "
        "it is Set"
    ),
    "activation_condition": "{card}: its activation condition is not met",
    "quick_play_hand": (
        "{card} is a Quick-Play Spell: from the hand, only during its controller's turn"
    ),
    "spell_speed_1": "{card} is Spell Speed 1: only the turn player, in a Main Phase",
    "cannot_activate_now": "{card} cannot be activated now",
    "too_late": "{card} can be activated only while its event is the last thing that happened",
    "too_late_later": (
        "{card} can be activated only while its event is the last thing that happened; the "
        "last thing that happened is instant {instant}: {events}"
    ),
    "same_link_continuous": "only a Continuous Trap can be activated with one of its effects",
    "no_effect": "{card} has no effect {n}",
    "same_link_cost": (
        "{card}'s effect sends {card} itself to the GY as a cost: it cannot be activated "
        "together with the card"
    ),
    "same_link_face_up": (
        "{card}'s effect needs the card face-up on the field already: it cannot be activated "
        "together with the card"
    ),
    "same_link_damage_step": (
        "in the Damage Step, {card} cannot be activated together with a mandatory effect"
    ),
    "same_link_timing": (
        "{card}'s effect has not met its timing: its event is not the last thing that happened"
    ),
    # summoning from the Extra Deck and Rituals
    "material_once": "a monster can be used as material only once",
    "materials_count": "{card} needs {want} materials, not {count}",
    "materials_range": "{card} needs {low} to {high} materials, not {count}",
    "materials_more": "{card} needs {low} or more materials, not {count}",
    "one_tuner": "a Synchro Summon uses exactly 1 Tuner, not {count}",
    "not_usable_tuner": "{material} is not a Tuner {card} can use",
    "not_non_tuner": "{material} cannot be a non-Tuner material of {card}",
    "no_level": "{material} has no Level",
    "levels_total": "the materials' Levels total {total}, not the {kind} Monster's Level {level}",
    "token_xyz": "{material} is a Token: a Token cannot be an Xyz Material",
    "xyz_level": "{material} is Level {level}: {card} (Rank {rank}) needs Level {rank} monsters",
    "xyz_no_level": "{material} has no Level: {card} (Rank {rank}) needs Level {rank} monsters",
    "not_xyz_material": "{material} cannot be an Xyz Material of {card}",
    "not_link_material": "{material} cannot be a Link Material of {card}",
    "fusion_materials": "these are not the Fusion Materials {card} lists",
    "not_fusion_material": "{material} cannot be a Fusion Material of {card}",
    "ritual_levels": "the tributes' Levels total {total}, not {card}'s Level {level}",
    "ritual_levels_less": "the tributes' Levels total {total}, less than {card}'s Level {level}",
    "ritual_extra": "{material} is one tribute more than needed: the others already reach Level "
                    "{level}",
    "ritual_zones_full": "the Monster Zones are full: Tribute at least one monster from the field",
    "trigger_loop": (
        "effects kept triggering each other without end; stopped after {n} instants: {cards}"
    ),
    # Duel Masters
    "dm_own_step": "only the active player {what}, in the {steps} step",
    "attack_in_progress": "the attack in progress must end first",
    "mana_cost": "{card} costs {cost}: only {untapped} untapped card(s) in the mana zone",
    "not_creature_in_hand": "{card} is not a creature in a hand",
    "evolution_base": "{card} needs a creature to evolve from in the battle zone",
    "cannot_evolve_from": "{card} cannot evolve from {base}",
    "not_spell_in_hand": "{card} is not a spell in a hand",
    "charged_once": "mana is charged once per turn",
    "not_active_creature": "{card} is not a creature of the active player",
    "tapped": "{card} is tapped",
    "arrived_this_turn": "{card} was put into the battle zone this turn",
    "attack_tapped_creature": "only a tapped creature of the opponent can be attacked",
    "cannot_attack": "{card} cannot attack",
    "cannot_attack_players": "{card} cannot attack players",
    "cannot_attack_creatures": "{card} cannot attack creatures",
    "forbidden_special_summon": "{card} cannot be Special Summoned: {by}'s continuous effect "
                                "forbids Special Summons",
    "forbidden_banish": "{card} cannot be banished: {by}'s continuous effect forbids banishing "
                        "cards",
    "forbidden_tribute": "{card} cannot be Tributed: {by}'s continuous effect forbids Tributing "
                         "cards",
    "not_in_battle_zone": "{card} is not in the battle zone",
    "cannot_enter_battle_zone": "{card} cannot be put into the battle zone",
    "not_a_shield": "{card} is not a shield",
    "not_untapped": "{card} is not an untapped card in play",
    "deck_empty": "{player}'s deck is empty",
    # why the card text reader could not read an effect (engine/games/*/reader.py)
    "read_semicolon": "the words before the semicolon (“{words}”) are neither a cost nor a target",
    "read_colon_event": ("the words before the colon (“{words}”) are neither an event nor a "
                         "state the reader knows"),
    "read_colon_timing": "the words before the colon (“{words}”) are not a timing the reader knows",
    "read_summoning_procedure": ("a Summoning procedure, not an effect: the card is Summoned by "
                                 "it, nothing activates"),
    "read_restriction": "a restriction on the card, not an effect",
    "read_summoning_condition": ("a Summoning condition, not an effect: it neither activates nor "
                                 "applies as an effect"),
    "read_nothing_en": "no colon, no order and no lasting change the reader knows",
    "read_activation_restriction": "a restriction on the card's activation, not an effect",
    "read_materials": "the monster's materials, not an effect",
    "read_ritual_monster": "the Ritual Monster the card Summons, not an effect",
    "read_ritual_spell": "the Ritual Spell the monster is Summoned by, not an effect",
    "read_nothing_ja": "no 「発動できる／発動する」 and no lasting change the reader knows",
    "read_timing_ja": "「{words}」 is a timing the reader does not know",
    "read_before_activation_ja": "the words before 「発動」 are not a timing the reader knows",
    "read_trap_effect": "a Trap Card's effect",
    "read_dm_timing": "the timing 「{words}」 names no event this reader knows",
    "read_dm_condition_event": ("the ability opens with a condition that names an event "
                                "(「{words}」) but no timing 「時」 / “when”"),
    "read_dm_nothing": ("no timing (「時」 / “when”), no keyword, no continuous state and no "
                        "instruction this reader knows"),
}
#: the words a refusal carries as values and the engine translates ("summons", "Fusion")
REFUSAL_WORDS = ["summons", "casts spells", "charges mana", "attacks", "main", "charge", "attack",
                 "or", "and", "unknown cards",
                 # the things the limits name (engine/limits.py and its callers)
                 "a text", "a number", "the data", "the action", "the board", "the settings",
                 "the file", "the title", "the scenario", "the link", "the link's title",
                 "the saved duel", "the file name", "the duel",
                 # the effects no card-file effect is written for (engine/classify/to_card.py)
                 "a continuous effect", "a static ability", "a replacement effect"]


class Worded(str):
    """A text in English that another language words its own way (``words(tr)``)."""

    words: Callable[[Tr], str]

    def __new__(cls, english: str, words: Callable[[Tr], str]) -> Worded:
        obj = super().__new__(cls, english)
        obj.words = words
        return obj

    def worded(self, tr: Tr) -> str:
        return self.words(tr)

    def __reduce__(self) -> tuple[type, tuple[str]]:
        """Copied or pickled, it is the English text."""
        return str, (str(self),)


class Refusal(Worded):
    """A refusal's reason: ``REFUSALS[key]`` with ``params``, in English as a ``str``."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Refusal:
        obj = super().__new__(cls, _fmt(REFUSALS[key], {k: str(v) for k, v in params.items()}),
                              lambda tr: worded(obj, tr))
        obj.key = key
        obj.params = params
        return obj


def worded(reason: str, tr: Tr) -> str:
    """A reason in ``tr``'s language: a :class:`Refusal` by its template, other text as it is."""
    if isinstance(reason, Refusal):
        return _fmt(tr(REFUSALS[reason.key]), {k: _value(v, tr)
                                                for k, v in reason.params.items()})
    return reason.worded(tr) if isinstance(reason, Worded) else str(reason)


def in_each_language(reason: str) -> dict[str, str]:
    """A reason in each language the engine speaks besides English (kept beside the English
    text where a reason is stored as data, which keeps only the English)."""
    return {lang: worded(reason, Translator(lang)) for lang in TRANSLATED}


def _value(value: Any, tr: Tr) -> str:
    return value.worded(tr) if isinstance(value, Worded) else str(value)


# ---------------------------------------------------------------- values worded in each language
def word(text: str) -> Worded:
    """One of :data:`REFUSAL_WORDS` (or any catalogue message id), translated as it is."""
    return Worded(text, lambda tr: tr(text))


def card(definition: CardDef) -> Worded:
    """A card's name, in the reader's language where the card has one."""
    return Worded(definition.en, lambda tr: definition.name_in(getattr(tr, "lang", "en")))


def named(duel: Duel, iid: int) -> Worded:
    """The name of the card ``iid`` of a duel, in the reader's language where it has one."""
    return Worded(duel.name(iid), lambda tr: duel.name_in(iid, getattr(tr, "lang", "en")))


def player(index: int) -> Worded:
    return Worded(player_name(index), lambda tr: player_name(index, tr))


def zone(name: str) -> Worded:
    return Worded(zone_name(name), lambda tr: zone_name(name, tr))


def place(name: str) -> Worded:
    return Worded(zone_place(name), lambda tr: zone_place(name, tr))


def joined(values: list[str], conjunction: str) -> Worded:
    """Values joined by a word ("or", "and"; spaced where the language spaces its words)."""
    def spaced(word: str) -> str:
        return f" {word} " if word.isascii() else word

    return Worded(spaced(conjunction).join(values), lambda tr: spaced(tr(conjunction)).join(
        _value(v, tr) for v in values))


#: a card's name through a translator (the reader's language, "a hidden card"...)
CardName = Callable[[int, Tr], str]


def names_of(duel: Duel) -> CardName:
    """The names of a duel's cards in the language of the translator given."""
    return lambda iid, tr: duel.name_in(iid, getattr(tr, "lang", "en"))


def message(key: str, args: dict[str, Any], card_name: CardName) -> Worded:
    """A log message (:data:`engine.log.MESSAGES`) given as a refusal's value."""
    return Worded(render_message(key, args, lambda iid: card_name(iid, _same)),
                  lambda tr: render_message(key, args, lambda iid: card_name(iid, tr), tr))


def events(evs: list[dict[str, Any]], card_name: CardName) -> Worded:
    """An instant's events given as a refusal's value."""
    return Worded(render_events(evs, lambda iid: card_name(iid, _same)),
                  lambda tr: render_events(evs, lambda iid: card_name(iid, tr), tr))

