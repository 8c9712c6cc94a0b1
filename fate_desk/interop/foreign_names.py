"""The names the other tools give Fate's approaches and the skills a sheet's numbers hang on, in
the languages they ship, so a character made in German, Russian or Korean maps onto the rule
set's own skills (and the rule set can be told from them).

Each name below is data the tools themselves ship (their own words, matched here, never shown):
- FateX (anvil-vtt/FateX) `system/data/<lang>/systems/accelerated.json`, `condensed.json` and
  `core.json`: the skill items a new character gets, and the skills the second mild consequence's
  automation names (Physique and Will) — for cn, de, es, fr, gl, it, ko, pt, pt-BR, ru and sv;
- Fate Core Official (Sk1mble/fate-core-official) `lang/de.json` and `lang/pb.json`: the skills of
  its Fate Core, Condensed and Accelerated character defaults;
- Fari (farirpgs/fari-app) `lib/domains/character/character-templates/FateAcceleratedPolish.json`
  and `FateCondensedPolish.json`: the Polish approaches and skills.

Other skills fall back on Fate Desk's own translations of the rule set's names (its catalogues),
which follow the same published translations of Fate.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from fate_desk.i18n import LANGUAGES, load_catalogue


def _key(name: str) -> str:
    """A name for matching: case and accents aside ("Ágil" is "agil"), every other character kept,
    so "Physique \ufffd" or "Fight!" is not taken for a skill it merely contains."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())

# English name -> the tools' names for it (compared without case or accents).
TOOL_NAMES: dict[str, tuple[str, ...]] = {
    # Fate Accelerated's approaches.
    "Careful": ("Sorgfältig", "Аккуратный", "세심하게", "谨慎", "Försiktig", "Cuidadoso", "Cauto", "Soigneux",
                "Attento", "Coidadoso", "Uważna"),
    "Clever": ("Scharfsinnig", "Умный", "똑똑하게", "机智", "Finurlig", "Esperto", "Ingenioso", "Astucieux",
               "Ingegnoso", "Enxeñoso", "Pomysłowa"),
    "Flashy": ("Tollkühn", "Эффектный", "화려하게", "华丽", "Prålig", "Estiloso", "Llamativo", "Flamboyant",
               "Appariscente", "Chamativo", "Widowiskowa"),
    "Forceful": ("Kraftvoll", "Forciert", "Сильный", "강하게", "强劲", "Kraftfull", "Poderoso", "Vigoroso",
                 "Puissant", "Energico", "Enérxico", "Siłowa"),
    "Quick": ("Flink", "Проворный", "날쌔게", "迅捷", "Snabb", "Ágil", "Rápido", "Rapide", "Rapido", "Áxil",
              "Szybka"),
    "Sneaky": ("Tückisch", "Heimtückisch", "Хитрый", "은근하게", "狡诈", "Lömsk", "Sorrateiro", "Furtivo",
               "Sournois", "Elusivo", "Podstępna"),
    # The skills stress and the extra mild consequence grow with.
    "Physique": ("Kraft", "Телосложение", "체력", "体格", "Styrka", "Vigor", "Budowa"),
    "Will": ("Wille", "Воля", "의지력", "意志", "Viljestyrka", "Vontade", "Volonté", "Wola"),
    # Fate Condensed's skill that Fate Core lacks: it tells the two apart.
    "Academics": ("Akademiker", "Академика", "학문", "学术", "Akademisk kunskap"),  # i18n: file format
}

APPROACH_NAMES = ("Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky")


@lru_cache(maxsize=1)
def _tool_index() -> dict[str, str]:
    index = {_key(name): english for english, names in TOOL_NAMES.items() for name in names}
    index.update({_key(english): english for english in TOOL_NAMES})
    return index


def tool_skill(name: str) -> str | None:
    """The English name of an approach, Physique, Will or Academics however the tools name it."""
    return _tool_index().get(_key(name))


def is_approach(name: str) -> bool:
    return tool_skill(name) in APPROACH_NAMES


def is_academics(name: str) -> bool:
    return tool_skill(name) == "Academics"


@lru_cache(maxsize=64)
def _translated(skills: tuple[str, ...]) -> dict[str, str]:
    """The rule set's skill names in every language Fate Desk ships, back to the names themselves
    (read once per rule set, and only when a sheet names a skill the rule set does not)."""
    index: dict[str, str] = {}
    for code in LANGUAGES:
        if code == "en":
            continue
        catalogue = load_catalogue(code)
        for skill in skills:
            shown = catalogue.pgettext("rules", skill)
            if shown and shown != skill:
                index.setdefault(_key(shown), skill)
    return index


def rule_set_skill(name: str, skills: list[str] | tuple[str, ...], translated: bool = True) -> str | None:
    """The rule set's own name for a skill a foreign sheet names (in any case or language), or None;
    `translated` False leaves Fate Desk's own translations unread."""
    key = name.strip().casefold()
    for skill in skills:
        if skill.casefold() == key:
            return skill
    found = tool_skill(name)
    if found in skills:
        return found
    return _translated(tuple(skills)).get(_key(name)) if translated else None
