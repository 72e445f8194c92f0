"""A strict vocabulary (engine/vocabulary.py): every mapping of a card or scenario file refuses
an unknown key, a key the engine does not honour there, and a value of the wrong type or out
of range, naming the file, the card, the effect and the field, in the reader's language; every
key it lists changes an outcome or the log somewhere; saved histories still open.

How "changes something" is checked (tests/engine/vocabulary_probe.py): each key is taken out
of a built-in card or scenario (or one of the test scenarios of tests/engine/vocabulary/) that
uses it, then given the other values its kind allows, and the scenarios that play it are
played again: the key changes something when one of them ends otherwise (its transcript, what
its expect finds, or its outcome), or when the file is refused (its value decides what the rest
may say, or the key is needed). A key the engine ignores there changes nothing, whatever its
value; names, texts, labels, notes and titles (``text`` keys) are left out."""

from __future__ import annotations

import copy
import dataclasses
import re

import pytest

from engine import vocabulary as vocab
from engine.cards import (
    CARD_KEYS,
    EFFECT_KEYS,
    EFFECT_KINDS,
    parse_card,
    parse_cards,
)
from engine.errors import CardDataError, DataError, ScenarioError
from engine.events import FILTER_KEYS
from engine.i18n import Translator
from engine.operations import OPERATIONS
from engine.rules import policy_for
from engine.scenario import check_scenario, parse_scenario, run_scenario
from tests.engine import vocabulary_probe as probe

UNKNOWN = "not_a_key"


# ---------------------------------------------------------------- the test scenarios
@pytest.mark.parametrize("path", sorted(probe.TEST_SCENARIOS.glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_the_vocabularys_test_scenarios_pass(path) -> None:
    scn = probe.scenario(path)
    assert check_scenario(scn, run_scenario(scn)) == []


# ---------------------------------------------------------------- an unknown key
def _one_use_per_table() -> dict[str, probe.Use]:
    """A place each mapping (each table of the vocabulary, each family of operations and
    actions) is used in a built-in or test file."""
    found: dict[str, probe.Use] = {}
    for use in probe.uses():
        name = probe.key_of(use)[0].rsplit(".", 1)[0]
        found.setdefault(name, use)
    return found


def _refusal(use: probe.Use, key: str = UNKNOWN, value=1) -> DataError:
    """The error of ``use``'s file with ``key: value`` added to the mapping of ``use``."""
    if use.file in probe.scenario_files():
        raw = copy.deepcopy(probe.raw_scenario(use.file))
        probe._navigate(raw, use.path)[key] = value
        with pytest.raises(DataError) as err:  # a scenario's own card: a CardDataError
            parse_scenario(raw, str(use.file))
        return err.value
    path, game, raw_card = probe.builtin_raw_cards()[use.card]
    raw = copy.deepcopy(raw_card)
    probe._navigate(raw, use.path)[key] = value
    with pytest.raises(CardDataError) as err:
        parse_card(raw, file=str(path), game_hint=game)
    return err.value


def _field(use: probe.Use, key: str) -> str:
    """The field a refusal names for ``key`` of ``use``'s mapping (a step's are its own)."""
    path = f"{use.path}.{key}" if use.path else key
    if path.startswith(("steps[", "cards[")):  # a step's field, a scenario's own card's
        return path.split("]", 1)[1].lstrip(".")
    return path


@pytest.mark.parametrize("name", sorted(_one_use_per_table()))
def test_an_unknown_key_is_refused_in_every_mapping(name: str) -> None:
    use = _one_use_per_table()[name]
    err = _refusal(use)
    assert err.file == str(use.file)
    assert err.field == _field(use, UNKNOWN), str(err)
    assert err.card == use.card or use.card is None or use.path.startswith("cards[")
    assert f"unknown key {UNKNOWN}" in err.message
    assert err.line is not None
    japanese = err.worded(Translator("ja"))
    assert "不明なキー" in japanese and UNKNOWN in japanese


def test_every_mapping_of_the_vocabulary_is_used_somewhere() -> None:
    """So that the test above reaches each one (a new table needs a use, or a test scenario)."""
    used = {probe.key_of(u)[0].rsplit(".", 1)[0] for u in probe.uses()}
    assert sorted(set(vocab.TABLES) - used) == []


# ---------------------------------------------------------------- every key does something
RULES_KEYS = sorted(k for k, key in probe.documented_keys().items() if not key.text)


@pytest.mark.parametrize("name", RULES_KEYS)
def test_every_rules_key_changes_an_outcome_or_the_log(name: str) -> None:
    uses = probe.uses_by_key().get(name, [])
    assert uses, (f"no built-in card or scenario, nor a test scenario of "
                  f"{probe.TEST_SCENARIOS.name}/, uses {name}: add one that plays it")
    key = probe.documented_keys()[name]
    assert any(probe.changes_something(u, key.value) for u in uses[:40]), (
        f"{name} changes nothing where it is used ({uses[0].file.name}: {uses[0].path}): the "
        "engine does not honour it there, or no scenario plays it")


def test_the_test_notices_a_key_that_changes_nothing() -> None:
    """The check is not blind: a key the engine does not read (an unknown one, read leniently)
    changes no scenario."""
    use = next(u for u in probe.uses() if u.card == "sangan" and u.table == "operation")
    path, game, raw = probe.builtin_raw_cards()["sangan"]
    raw = copy.deepcopy(raw)
    probe._navigate(raw, use.path)["ignored"] = True
    definition = parse_card(raw, file=str(path), game_hint=game, strict=False)
    ghost = dataclasses.replace(use, key="ignored")
    for scn_path in probe._scenarios_using("sangan"):
        scn = probe.scenario(scn_path)
        shadowed = dataclasses.replace(scn, cards=[*scn.cards, definition])
        assert probe.fingerprint(shadowed) == probe.baseline(scn_path)
    assert probe._scenarios_using("sangan") and ghost.key == "ignored"


# ---------------------------------------------------------------- the bugs of issue 24
DM_CREATURE = {"id": "x_guard", "game": "duel_masters", "name": "Guard", "type": "creature",
               "cost": 2, "power": 2000}


def _dm_card(**effect) -> list[dict]:
    return [{**DM_CREATURE, "effects": [{"kind": "continuous", **effect}]}]


def test_while_on_a_protection_is_validated() -> None:
    parse_cards(_dm_card(apply={"cannot": "destroyed", "while": "blocking"}), file="f.yaml")
    with pytest.raises(CardDataError) as err:
        parse_cards(_dm_card(apply={"cannot": "destroyed", "while": "sometimes"}),
                    file="f.yaml")
    assert err.value.field == "effects[0].apply.while"
    assert "attacking, blocking" in err.value.message


def test_an_unknown_key_inside_apply_is_refused() -> None:
    with pytest.raises(CardDataError) as err:
        parse_cards(_dm_card(apply={"cannot": "destroyed", "whle": "blocking"}), file="f.yaml")
    assert (err.value.file, err.value.card, err.value.field) == (
        "f.yaml", "x_guard", "effects[0].apply.whle")


def test_a_key_beside_an_action_it_is_not_for_is_refused() -> None:
    raw = {"game": "yugioh", "title": "t", "setup": {"p1": {"hand": ["Sangan"]}},
           "steps": [{"do": "special_summon", "card": "Sangan", "discard": "Kuriboh"}],
           "expect": {}}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(raw, "s.yaml")
    assert (err.value.step, err.value.field) == (1, "discard")
    assert "card, player, position" in err.value.message


@pytest.mark.parametrize(("effect", "field", "words"), [
    ({"kind": "trigger", "event": {"type": "destroyd", "card": "self"},
      "operations": [{"op": "draw"}]}, "effects[0].event[0].type", "must be one of"),
    ({"kind": "trigger", "wording": "when", "event": {"type": "destroyed"},
      "operations": [{"op": "draw"}]}, "effects[0].wording", "Duel Masters"),
    ({"kind": "continuous", "apply": {"power": 1000}, "operations": [{"op": "draw"}]},
     "effects[0].operations", "kind continuous"),
    ({"kind": "trigger", "event": {"type": "destroyed"}, "cost": [{"op": "draw", "then": True}],
      "operations": [{"op": "draw"}]}, "effects[0].cost[0].then", "in a cost"),
    ({"kind": "trigger", "event": {"type": "destroyed"},
      "operations": [{"op": "draw", "count": 0}]}, "effects[0].operations[0].count", "1 or more"),
    ({"kind": "trigger", "event": {"type": "destroyed"},
      "operations": [{"op": "destroy", "card": "self", "choose": {"zone": "battle"}}]},
     "effects[0].operations[0].choose", "beside card"),
])
def test_keys_not_honoured_where_they_are_and_wrong_values_are_refused(effect, field, words):
    with pytest.raises(CardDataError) as err:
        parse_cards([{**DM_CREATURE, "effects": [effect]}], file="f.yaml")
    assert err.value.field == field
    assert words in err.value.message, err.value.message


@pytest.mark.parametrize(("where", "value", "field"), [
    ("condition", {"event": {"first_this_turn": True, "colour": "red"}},
     "effects[0].condition[0].event.colour"),
    ("condition", {"source_flag": {"came_by": "effect", "mood": 1}},
     "effects[0].condition[0].source_flag.mood"),
])
def test_the_mappings_of_named_fields_refuse_an_unknown_name(where, value, field) -> None:
    effect = {"kind": "trigger", "event": {"type": "destroyed"}, where: value,
              "operations": [{"op": "draw"}]}
    with pytest.raises(CardDataError) as err:
        parse_cards([{**DM_CREATURE, "effects": [effect]}], file="f.yaml")
    assert err.value.field == field


def test_expect_refuses_a_player_or_zone_it_does_not_know() -> None:
    raw = {"game": "yugioh", "title": "t", "setup": {}, "steps": [],
           "expect": {"zones": {"p1": {"graveyard": [], "attic": []}}}}
    with pytest.raises(ScenarioError) as err:
        parse_scenario(raw, "s.yaml")
    assert err.value.field == "expect.zones.p1.attic"


def test_a_setting_the_game_does_not_read_is_refused() -> None:
    raw = {"game": "yugioh", "title": "t", "settings": {"seed": 3}, "setup": {}, "steps": [],
           "expect": {}}
    with pytest.raises(ScenarioError, match="seed is not honoured in the settings of Yu-Gi-Oh!"):
        parse_scenario(raw, "s.yaml")


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_the_messages_are_worded_in_the_readers_language(lang: str) -> None:
    with pytest.raises(CardDataError) as err:
        parse_cards(_dm_card(apply={"cannot": "destroyed", "whle": "blocking"}), file="f.yaml")
    worded = err.value.worded(Translator(lang))
    assert worded != str(err.value)
    assert "whle" in worded and "f.yaml" in worded and "effects[0].apply.whle" in worded
    assert err.value.message_in(Translator(lang)) in worded


# ---------------------------------------------------------------- saved histories still open
def test_cards_saved_before_are_read_as_they_were() -> None:
    """A board's or a link's custom card with a key the engine never read still opens; only new
    input is judged this strictly."""
    saved = _dm_card(apply={"cannot": "destroyed", "whle": "blocking"})
    assert parse_cards(saved, file="board", strict=False)[0].id == "x_guard"
    from engine.duel import Duel
    from engine.links import encode, open_link

    duel = Duel("duel_masters", setup={"p1": {"battle": ["Guard"]}}, cards=saved)
    reopened, data = open_link(encode(duel, cards=saved))
    assert reopened.ref("Guard") == duel.ref("Guard") and data["cards"] == saved


# ---------------------------------------------------------------- the vocabulary and the engine
def test_every_operation_and_effect_kind_is_described() -> None:
    assert set(vocab.OP_KEYS) == set(OPERATIONS), "describe the operation in OP_KEYS"
    kinds = {k for ks in vocab.EFFECT_KINDS.values() for k in ks}
    assert kinds == set(EFFECT_KINDS)


@pytest.mark.parametrize("game", vocab.GAMES)
def test_every_action_of_the_engine_is_described(game: str) -> None:
    policy = policy_for(game)
    fired = {name[len("_fire_"):] for name in dir(policy) if name.startswith("_fire_")}
    assert set(vocab.ACTIONS[game]) == fired | set(policy.EDITS) | {"answer", "always_ask"} | (
        {"pass", "activate"} if game == "yugioh" else set())


def test_what_strict_accepts_the_lenient_reading_accepts() -> None:
    """A card accepted now is read the same way by a saved board (strict=False)."""
    assert set(vocab.TABLES["effect"].keys) <= EFFECT_KEYS
    assert set(vocab.TABLES["card"].keys) <= CARD_KEYS
    assert set(vocab.TABLES["filter"].keys) == set(FILTER_KEYS)
    from engine.amounts import AMOUNT_KEYS

    assert set(vocab.TABLES["amount"].keys) == AMOUNT_KEYS


def _read_keys(source: str, name: str) -> set[str]:
    """The keys code reads of a mapping called ``name`` (``name.get("x"``, ``name["x"]``,
    ``"x" in name``)."""
    import re

    keys = set(re.findall(rf'\b{name}(?:\.get\(|\[)"([a-z_0-9]+)"', source))
    return keys | set(re.findall(rf'"([a-z_0-9]+)" in {name}\b', source))


def test_the_set_up_keys_are_those_the_engine_reads() -> None:
    import inspect

    from engine.games.yugioh.policy import YugiohPolicy
    from engine.rules.base import Policy

    setup = _read_keys(inspect.getsource(Policy.apply_setup), "setup")
    assert setup | {"p1", "p2"} == set(vocab.TABLES["setup"].keys)
    entry = _read_keys(inspect.getsource(Policy.place_from_setup)
                       + inspect.getsource(Policy.placement_attrs)
                       + inspect.getsource(YugiohPolicy.placement_attrs), "entry")
    # face_down: an alias no file used and no doc named; a saved set-up keeps it
    assert entry - {"face_down"} == set(vocab.TABLES["setup_card"].keys)


def test_the_settings_are_those_the_engine_reads() -> None:
    import inspect

    from engine.games.yugioh.policy import YugiohPolicy

    source = inspect.getsource(YugiohPolicy.normalise_settings)
    ygo = _read_keys(source, "settings") | set(re.findall(r'"([a-z_]+)"', source.split(
        "for key in (", 1)[1].split(")", 1)[0]))
    honoured = vocab.TABLES["settings"].honoured
    assert ygo == set(honoured(vocab.At(game="yugioh")))
    assert set(honoured(vocab.At(game="duel_masters"))) == {"unlimited_zones", "seed"}


def test_the_condition_keys_are_those_the_engine_reads() -> None:
    import inspect

    from engine.rules.base import Policy

    source = inspect.getsource(Policy._holds) + inspect.getsource(Policy.conditions_hold)
    keys = set(re.findall(r'key == "([a-z_]+)"', source)) | set(
        re.findall(r'"([a-z_]+)"', source.split("if key in (", 1)[1].split(")", 1)[0]))
    assert keys | _read_keys(source, "cond") == set(vocab.TABLES["condition"].keys)
