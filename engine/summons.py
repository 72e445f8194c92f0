"""Summon procedures with materials: Fusion, Synchro, Xyz, Link and Ritual Summons.

A Synchro, Xyz or Link Summon is an action of the turn player in an open game state
(``{do: synchro_summon, card: C, materials: [A, B]}``); it starts no chain. As with a Tribute
Summon's tributes, the materials go first, at one instant (to the GY, or under the Xyz Monster as
its Xyz Materials), and the monster is Summoned at the next: a material's optional "when" trigger
misses the timing (YGO-MISS), its mandatory and "if" triggers wait (YGO-WAIT) and go on one chain
with the summoned monster's own triggers (YGO-SEGOC).

Fusion and Ritual Summons are operations of Spells. Fusion Materials go to the GY, then the
Fusion Summon happens (two instants, as "Fusion Substitute"'s ruling says); the Ritual tributes
and the Ritual Summon happen together (one instant). An Xyz Material is not a card on the field:
detaching it (``detach``, usually a cost) sends it to the GY from under the Xyz Monster, not
from the field, and it is not destroyed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from . import protection, refusals
from .errors import IllegalAction
from .events import FILTER_KEYS, card_matches, make_event
from .operations import FEASIBLE, OP_CHECKS, Context, _mark, operation, select
from .refusals import Refusal, word

if TYPE_CHECKING:
    from .cards import CardDef
    from .duel import Duel
    from .state import Card

#: the Extra Deck monsters summoned with materials, and how they are summoned
PROCEDURES = ("fusion", "synchro", "xyz", "link")
#: fewest materials when a card says nothing
DEFAULT_MIN = {"fusion": 2, "synchro": 2, "xyz": 2, "link": 1}
#: the most candidate materials looked at when listing legal material sets
MAX_POOL = 8
KIND_NAMES = {"fusion": "Fusion", "synchro": "Synchro", "xyz": "Xyz", "link": "Link",
              "ritual": "Ritual"}


def check_filter(flt: Any) -> str | None:
    """Why a card filter is malformed, or None."""
    if flt is None:
        return None
    if not isinstance(flt, dict):
        return "a filter must be a mapping"
    unknown = sorted(set(flt) - FILTER_KEYS)
    return f"unknown filter key {unknown[0]!r}" if unknown else None


# ---------------------------------------------------------------------------- material checks
def _fits(duel: Duel, card: Card, flt: dict[str, Any] | None, player: int) -> bool:
    return card_matches(flt, duel.definition(card), controller=card.controller, me=player,
                        face_up=card.face_up, position=card.position)


def _bounds(definition: CardDef, how: str) -> tuple[int, int]:
    req = definition.materials or {}
    each = req.get("each") or []
    low = req.get("min", len(each) or DEFAULT_MIN[how])
    high = req.get("max", len(each) or (low if how == "xyz" else 99))
    if how == "link":
        high = min(high, definition.link or 1)
    return low, high


def material_problem(duel: Duel, definition: CardDef, materials: list[Card], how: str,
                     player: int) -> str | None:
    """Why these materials cannot summon ``definition`` by ``how``, in words; None if they can."""
    name = refusals.card(definition)
    if len({m.iid for m in materials}) != len(materials):
        return Refusal("material_once")
    low, high = _bounds(definition, how)
    if not low <= len(materials) <= high:
        key = "materials_count" if low == high else "materials_range" if high < 99 else (
            "materials_more")
        return Refusal(key, card=name, want=low, low=low, high=high, count=len(materials))
    return CHECKS[how](duel, definition, materials, player)


def _synchro(duel: Duel, definition: CardDef, mats: list[Card], player: int) -> str | None:
    req = definition.materials or {}
    tuners = [m for m in mats if duel.definition(m).tuner]
    if len(tuners) != 1:
        return Refusal("one_tuner", count=len(tuners))
    if not _fits(duel, tuners[0], req.get("tuner"), player):
        return Refusal("not_usable_tuner",
                       material=refusals.named(duel, tuners[0].iid), card=refusals.card(definition))
    for m in mats:
        if m is not tuners[0] and not _fits(duel, m, req.get("filter"), player):
            return Refusal("not_non_tuner",
                           material=refusals.named(duel, m.iid), card=refusals.card(definition))
    return _levels(duel, definition, mats, "Synchro")


def _levels(duel: Duel, definition: CardDef, mats: list[Card], kind: str) -> str | None:
    for m in mats:
        if not duel.definition(m).level:
            return Refusal("no_level", material=refusals.named(duel, m.iid))
    total = sum(duel.definition(m).level for m in mats)
    if total != definition.level:
        return Refusal("levels_total", total=total, kind=word(kind), level=definition.level)
    return None


def _xyz(duel: Duel, definition: CardDef, mats: list[Card], player: int) -> str | None:
    flt = (definition.materials or {}).get("filter")
    for m in mats:
        if duel.definition(m).type == "token":
            return Refusal("token_xyz", material=refusals.named(duel, m.iid))
        level = duel.definition(m).level
        if level != definition.rank:
            return Refusal("xyz_level" if level else "xyz_no_level",
                           material=refusals.named(duel, m.iid),
                           level=level, card=refusals.card(definition), rank=definition.rank)
        if not _fits(duel, m, flt, player):
            return Refusal("not_xyz_material",
                           material=refusals.named(duel, m.iid), card=refusals.card(definition))
    return None


def _link(duel: Duel, definition: CardDef, mats: list[Card], player: int) -> str | None:
    flt = (definition.materials or {}).get("filter")
    totals = {0}
    for m in mats:
        if not _fits(duel, m, flt, player):
            return Refusal("not_link_material",
                           material=refusals.named(duel, m.iid), card=refusals.card(definition))
        rating = duel.definition(m).link
        totals = {t + v for t in totals for v in {1, rating or 1}}
    if definition.link not in totals:
        return (f"these materials do not make Link Rating {definition.link} (each counts as 1, "
                "a Link Monster as 1 or as its Link Rating)")
    return None


def _fusion(duel: Duel, definition: CardDef, mats: list[Card], player: int) -> str | None:
    req = definition.materials or {}
    each = req.get("each")
    if each:
        if not any(all(_fits(duel, m, f, player) for m, f in zip(order, each, strict=True))
                   for order in permutations(mats)):
            return Refusal("fusion_materials", card=refusals.card(definition))
        return None
    for m in mats:
        if not _fits(duel, m, req.get("filter"), player):
            return Refusal("not_fusion_material", material=refusals.named(duel, m.iid),
                           card=refusals.card(definition))
    return None


CHECKS: dict[str, Callable[[Duel, CardDef, list[Card], int], str | None]] = {
    "synchro": _synchro, "xyz": _xyz, "link": _link, "fusion": _fusion,
}


def material_sets(duel: Duel, card: Card, pool: list[Card], how: str,
                  player: int) -> Iterator[list[Card]]:
    """The legal sets of materials from ``pool`` for ``card``, fewest materials first."""
    definition = duel.definition(card)
    pool = pool[:MAX_POOL]
    low, high = _bounds(definition, how)
    for size in range(low, min(high, len(pool)) + 1):
        for combo in combinations(pool, size):
            if material_problem(duel, definition, list(combo), how, player) is None:
                yield list(combo)


def field_materials(duel: Duel, player: int) -> list[Card]:
    """The face-up monsters ``player`` controls: what a Synchro, Xyz or Link Summon may use."""
    return [c for c in duel.state.cards_in(player, "monster") if c.face_up]


# ---------------------------------------------------------------------------- performing
def perform(duel: Duel, card: Card, materials: list[Card], how: str, player: int,
            *, by: int | None = None) -> None:
    """The materials go (one instant), then ``card`` is Summoned by ``how`` (the next)."""
    send_materials(duel, card, materials, how, player, by=by)
    duel.happen(duel.summon(card, player, how=how, by=by, position="attack",
                            cause="summon" if by is None else "effect"))


def send_materials(duel: Duel, card: Card, materials: list[Card], how: str, player: int,
                   *, by: int | None = None) -> None:
    """The materials of ``card``'s Summon go, at one instant: to the GY, or under an Xyz."""
    events: list[dict[str, Any]] = []
    for m in materials:
        if how == "xyz":
            events.append(attach(duel, card, m, player))
        else:
            send_as_material(duel, m, events, how, by=card.iid if by is None else by,
                             player=player, cause="summon" if by is None else "effect")
    duel.happen(events)


def send_as_material(duel: Duel, card: Card, events: list[dict[str, Any]], how: str, *,
                     by: int, player: int, cause: str, tribute: bool = False) -> None:
    """Send a material to the GY (Tribute it, for a Ritual Summon): its events say
    ``as_material`` (the "sent to the GY as Synchro Material" event patterns). A replacement
    applies as to any other move (a material that would be banished instead is banished as
    material, and is no card sent to the GY)."""
    start = len(events)
    how_moved = "tributed" if tribute else None
    instead = protection.intercept(duel, card, duel.policy.GRAVEYARD, cause_type=how_moved,
                                   cause=cause, by_player=player, by=by)
    if instead is not None:
        events += instead
    else:
        duel.policy.basic_move(duel, card, duel.policy.GRAVEYARD, events, cause=cause, by=by,
                               by_player=player, destroyed=False, how=how_moved)
    for ev in events[start:]:
        ev["as_material"] = how


def attach(duel: Duel, xyz: Card, card: Card, player: int) -> dict[str, Any]:
    """Put ``card`` under ``xyz`` as an Xyz Material: no longer a card on the field, so it does
    not "leave the field"; an Xyz Monster used as material brings its own materials along."""
    ev = make_event("attached", card, by=xyz.iid, player=player, as_material="xyz")
    duel.remove_from_zone(card)
    card.zone = "under"
    card.obj += 1
    card.controller = card.owner
    card.mods = []
    card.flags = {}
    xyz.under += [*card.under, card.iid]
    card.under = []
    return ev


def detach(duel: Duel, xyz: Card, materials: list[Card], events: list[dict[str, Any]], *,
           cause: str, by_player: int | None, how: str | None) -> None:
    """Send Xyz Materials from under ``xyz`` to the GY: sent to the GY, but neither from the
    field nor destroyed."""
    for m in materials:
        xyz.under.remove(m.iid)
        duel.policy.basic_move(duel, m, duel.policy.GRAVEYARD, events, cause=cause, by=xyz.iid,
                               by_player=by_player, destroyed=False, how=how)


# ---------------------------------------------------------------------------- operations
@operation("detach")
def detach_op(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Detach ``count`` Xyz Materials from this card (or the selected Xyz Monster)."""
    count = int(spec.get("count", 1))
    holders = select(duel, ctx, spec, "detach") if "card" in spec or "choose" in spec else [
        duel.state.cards[ctx.source]]
    for xyz in holders:
        pool = [duel.state.cards[i] for i in xyz.under]
        if len(pool) < count:
            continue
        chosen = duel.choose_cards(key=f"{ctx.key}:detach:{xyz.iid}", player=ctx.controller,
                                   cards=pool, count=count, purpose="detach", source=ctx.source,
                                   cost=ctx.is_cost)
        events: list[dict[str, Any]] = []
        detach(duel, xyz, chosen, events, cause="cost" if ctx.is_cost else "effect",
               by_player=ctx.controller, how="detached")
        _mark(ctx, events)


def _can_detach(duel: Duel, player: int, card: Card, spec: dict[str, Any]) -> bool:
    return "card" in spec or "choose" in spec or len(card.under) >= int(spec.get("count", 1))


def _monsters_usable(duel: Duel, player: int, zones: Any, monster: Card) -> list[Card]:
    """The player's monsters in ``zones`` that may be materials or tributes for ``monster``."""
    return [c for c in duel.find_cards({"zone": zones, "controller": "you",
                                        "filter": {"type": "monster"}}, player)
            if c.iid != monster.iid]


def _fusion_pool(duel: Duel, player: int, spec: dict[str, Any], monster: Card) -> list[Card]:
    return _monsters_usable(duel, player, spec.get("materials_from", ["hand", "monster"]),
                            monster)


def _choose_monster(duel: Duel, ctx: Context, candidates: list[Card], what: str) -> Card:
    """The player picks the monster to Fusion or Ritual Summon."""
    return duel.choose_cards(key=f"{ctx.key}:{what}", player=ctx.controller, cards=candidates,
                             count=1, purpose=f"{what}_summon", source=ctx.source,
                             noun="monster")[0]


def _fusion_candidates(duel: Duel, player: int, spec: dict[str, Any], source: int) -> list[Card]:
    choose = {"zone": "extra", "controller": "you", "filter": {"subtype": "fusion"},
              **spec.get("choose", {})}
    return [c for c in duel.find_cards(choose, player, source)
            if next(material_sets(duel, c, _fusion_pool(duel, player, spec, c), "fusion", player),
                    None) is not None]


@operation("fusion_summon")
def fusion_summon(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Fusion Summon 1 Fusion Monster from the Extra Deck with materials from the hand or the
    field: the materials go to the GY, then the Fusion Monster is Summoned (YGO-SEQUENCE)."""
    player = ctx.controller
    candidates = _fusion_candidates(duel, player, spec, ctx.source)
    if not candidates:
        return
    monster = _choose_monster(duel, ctx, candidates, "fusion")
    pool = _fusion_pool(duel, player, spec, monster)
    sets = list(material_sets(duel, monster, pool, "fusion", player))
    materials = _pick_set(duel, ctx, "fusion_material", pool, sets, player)
    problem = material_problem(duel, duel.definition(monster), materials, "fusion", player)
    if problem:
        raise IllegalAction(problem)
    for m in materials:
        send_as_material(duel, m, ctx.events, "fusion", by=ctx.source, player=player,
                         cause="effect")
    duel.close_instant(ctx)
    _mark(ctx, duel.summon(monster, player, how="fusion", by=ctx.source, position="attack",
                           cause="effect"))


def _pick_set(duel: Duel, ctx: Context, what: str, pool: list[Card], sets: list[list[Card]],
              player: int) -> list[Card]:
    """The player's choice of a set of cards (asked only when there is more than one legal
    set; a set that breaks the rules is refused with the reason)."""
    if len(sets) == 1:
        return sets[0]
    return duel.choose_cards(key=f"{ctx.key}:{what}", player=player, cards=pool, count=len(pool),
                             up_to=True, purpose=what, source=ctx.source, noun="monster",
                             sets=sets)


def _ritual_pool(duel: Duel, player: int, spec: dict[str, Any], monster: Card) -> list[Card]:
    return [c for c in _monsters_usable(duel, player, spec.get("tribute_from", ["hand", "monster"]),
                                        monster) if duel.definition(c).level]


def ritual_problem(duel: Duel, monster: Card, tributes: list[Card], spec: dict[str, Any],
                   player: int) -> str | None:
    """Why these tributes cannot Ritual Summon ``monster``, or None. With ``levels: at_least``
    (the default) their Levels total the Ritual Monster's Level or more, and no tribute is more
    than needed; with ``levels: equal`` exactly its Level."""
    level = duel.definition(monster).level
    total = sum(duel.definition(t).level for t in tributes)
    name = refusals.card(duel.definition(monster))
    if spec.get("levels", "at_least") == "equal":
        if total != level:
            return Refusal("ritual_levels", total=total, card=name, level=level)
    elif total < level:
        return Refusal("ritual_levels_less", total=total, card=name, level=level)
    else:
        extra = next((t for t in tributes if total - duel.definition(t).level >= level), None)
        if extra is not None:
            return Refusal("ritual_extra", material=refusals.named(duel, extra.iid), level=level)
    on_field = any(t.zone == "monster" for t in tributes)
    if not on_field and not duel.policy.can_place(duel, monster, player, "monster"):
        return Refusal("ritual_zones_full")
    return None


def _ritual_sets(duel: Duel, monster: Card, player: int,
                 spec: dict[str, Any]) -> Iterator[list[Card]]:
    pool = _ritual_pool(duel, player, spec, monster)[:MAX_POOL]
    for size in range(1, len(pool) + 1):
        for combo in combinations(pool, size):
            if ritual_problem(duel, monster, list(combo), spec, player) is None:
                yield list(combo)


def _ritual_candidates(duel: Duel, player: int, spec: dict[str, Any], source: int) -> list[Card]:
    choose = {"zone": "hand", "controller": "you", "filter": {"subtype": "ritual"},
              **spec.get("choose", {})}
    return [c for c in duel.find_cards(choose, player, source)
            if next(_ritual_sets(duel, c, player, spec), None) is not None]


@operation("ritual_summon")
def ritual_summon(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Ritual Summon 1 Ritual Monster from the hand by Tributing monsters from the hand or the
    field: the tributes and the summon happen together, at one instant."""
    player = ctx.controller
    candidates = _ritual_candidates(duel, player, spec, ctx.source)
    if not candidates:
        return
    monster = _choose_monster(duel, ctx, candidates, "ritual")
    pool = _ritual_pool(duel, player, spec, monster)
    tributes = _pick_set(duel, ctx, "tribute", pool,
                         list(_ritual_sets(duel, monster, player, spec)), player)
    problem = ritual_problem(duel, monster, tributes, spec, player)
    if problem:
        raise IllegalAction(problem)
    events: list[dict[str, Any]] = []
    for t in tributes:
        send_as_material(duel, t, events, "ritual", by=ctx.source, player=player,
                         cause="effect", tribute=True)
    events += duel.summon(monster, player, how="ritual", by=ctx.source, position="attack",
                          cause="effect")
    _mark(ctx, events)


FEASIBLE["detach"] = _can_detach
FEASIBLE["fusion_summon"] = lambda duel, player, card, spec: bool(
    _fusion_candidates(duel, player, spec, card.iid))
FEASIBLE["ritual_summon"] = lambda duel, player, card, spec: bool(
    _ritual_candidates(duel, player, spec, card.iid))


def _check_zones(key: str, allowed: tuple[str, ...]) -> Callable[[dict[str, Any]], str | None]:
    def check(spec: dict[str, Any]) -> str | None:
        zones = spec.get(key, [])
        zones = [zones] if isinstance(zones, str) else zones
        if not isinstance(zones, list) or not set(zones) <= set(allowed):
            return f"{key} must list zones among {', '.join(allowed)}"
        return check_filter((spec.get("choose") or {}).get("filter"))

    return check


def _check_ritual(spec: dict[str, Any]) -> str | None:
    if spec.get("levels", "at_least") not in ("at_least", "equal"):
        return "levels must be at_least or equal"
    return _check_zones("tribute_from", ("hand", "monster"))(spec)


def _check_detach(spec: dict[str, Any]) -> str | None:
    count = spec.get("count", 1)
    if count is True or not isinstance(count, int) or count < 1:
        return "count must be a whole number of 1 or more"
    return None


OP_CHECKS["detach"] = _check_detach
OP_CHECKS["fusion_summon"] = _check_zones("materials_from", ("hand", "monster", "deck"))
OP_CHECKS["ritual_summon"] = _check_ritual
