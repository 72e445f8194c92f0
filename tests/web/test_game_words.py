"""Each game's words: no Yu-Gi-Oh! term on a Duel Masters page (chain, chain link, life points,
met or missed the timing, Spell Speed, Extra Deck, activated, a Yu-Gi-Oh! card's name in a
placeholder, the Yu-Gi-Oh! rule presets) and no Duel Masters term on a Yu-Gi-Oh! page
(shields, mana, S-Trigger, creatures, pending abilities...), on every page kind of every
built-in scenario, in English, Japanese and French."""

from __future__ import annotations

import re

import pytest

from tests.web.every_page import LANGUAGES, card_names, rendered

pytestmark = pytest.mark.django_db

#: the terms of one game that never belong on the other game's pages, by language
YUGIOH_TERMS = {
    "en": [r"\bchain(s|ed)?\b", r"\bchain links?\b", r"\blife points\b", r"\bLP\b",
           r"\b(met|meets|miss|misses|missed|missing) (its |the )?timing\b",
           r"\bspell speed\b", r"\bextra deck\b", r"\bactivat(e|ed|es|ing|ion)s?\b",
           r"\bmonsters?\b", r"\bspell ?& ?trap\b", r"\bbanish", r"\bspecial summon",
           r"\bSangan\b", r"\bOCG\b", r"\bTCG\b", r"\bSEGOC\b"],
    "ja": [r"チェーン", r"ライフポイント", r"\bLP\b", r"タイミングを逃", r"スペルスピード",
           r"エクストラデッキ", r"発動", r"モンスター", r"魔法・罠", r"除外", r"特殊召喚",
           r"サンガン", r"\bOCG\b", r"\bTCG\b"],
    "fr": [r"\bcha[iî]ne(s)?\b", r"\bmaillons?\b", r"\bpoints de vie\b", r"\bLP\b",
           r"\btiming\b", r"\bspell speed\b", r"\bvitesse de sort", r"\bextra deck\b",
           r"\bactiv(e|é|ée|és|ées|er|ation|ant)s?\b", r"\bmonstres?\b", r"\bpièges?\b",
           r"\bbanni", r"\binvocation spéciale", r"\bSangan\b", r"\bOCG\b", r"\bTCG\b"],
}
DUEL_MASTERS_TERMS = {
    "en": [r"\bshields?\b", r"\bmana\b", r"\bS-Trigger", r"\bshield trigger",
           r"\bcivilizations?\b", r"\b(double|triple) breaker\b", r"\bcreatures?\b",
           r"\b(un)?tapped\b", r"\bpending abilit"],
    "ja": [r"シールド", r"マナ", r"S・トリガー", r"文明", r"[WT]・ブレイカー", r"クリーチャー",
           r"タップ", r"待機中の能力"],
    "fr": [r"\bboucliers?\b", r"\bmana\b", r"\bS-Trigger", r"\bcivilisations?\b",
           r"\bcréatures?\b", r"\bengagée?s?\b", r"\bcapacités en attente"],
}
#: the site's own name, which is no game's word
SITE_NAME = re.compile(r"Chain simulator|chain simulator|Simulateur de chaînes|"
                       r"simulateur de chaînes|チェーン・シミュレーター")
FOREIGN = {"duel_masters": YUGIOH_TERMS, "yugioh": DUEL_MASTERS_TERMS}


def _found(game: str, lang: str, text: str) -> list[str]:
    text = card_names().sub("", SITE_NAME.sub("", text))
    out = []
    for term in FOREIGN[game][lang]:
        for hit in re.finditer(term, text, 0 if lang == "ja" else re.I):
            out.append(text[max(0, hit.start() - 50):hit.end() + 50])
    return out


@pytest.fixture(scope="module",
                params=["a spread", pytest.param("every scenario", marks=pytest.mark.sweep)])
def pages(request, django_db_setup, django_db_blocker):
    """The pages of a spread of the built-in scenarios; of every one in the sweep
    (``pytest -m sweep``)."""
    with django_db_blocker.unblock():
        return rendered(every=request.param == "every scenario")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_says_the_other_games_words(pages, lang: str) -> None:
    wrong = []
    for (game, slug, page_lang), kinds in pages.items():
        if page_lang != lang:
            continue
        for kind, page in kinds.items():
            for hit in _found(game, lang, page.text):
                wrong.append(f"{game}/{slug or '-'} {kind}: …{hit}…")
    assert not wrong, f"{len(wrong)} words of the other game:\n" + "\n".join(wrong[:60])
