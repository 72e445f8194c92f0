"""The page's words for each game and language: the labels of actions, zones, counters and
trigger states, and a decision's question and places in words.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext_lazy

from engine import Duel
from engine.words import PHASE_NAMES, player_name, text_arg

from ..game_words import said
from ..language import engine_language, translator
from .viewer import Viewer

#: the zones' names in the reader's language
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


def duel_phase_name(duel: Duel) -> str:
    return PHASE_NAMES.get(duel.state.phase, duel.state.phase)


STATUS_LABELS = {
    "met": gettext_noop("met its timing"), "ready": gettext_noop("waiting to be activated"),
    "queued": gettext_noop("about to be activated"), "activated": gettext_noop("activated"),
    "resolved": gettext_noop("activated and resolved"),
    "missed": gettext_noop("missed the timing"), "not_activated": gettext_noop("not activated"),
    "declined": gettext_noop("not activated (declined)"),
    "negated": gettext_noop("activation negated"), "pending": gettext_noop("pending"),
}


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
