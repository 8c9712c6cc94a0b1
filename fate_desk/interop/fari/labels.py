"""Reading Fari's labels and values: HTML as plain text, labels matched without regard to
case or accents (with common translations of Fari's Fate templates), ratings and counts.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Any

from fate_desk.model import LADDER, AspectRole, Severity

# --- Fari's HTML as plain text ------------------------------------------------------------

_BREAK = re.compile(r"<br\s*/?>", re.I)
_OPEN_BLOCK = re.compile(r"<(?:div|p|h[1-6]|tr|blockquote|pre|ul|ol)\b[^<>]*>", re.I)
_ITEM = re.compile(r"<li\b[^<>]*>", re.I)
# A tag starts with a letter ("<3" is text); [^<>] keeps a stray "<" from swallowing text.
# A comment left open runs to the end (as in a browser): one match, so thousands of "<!--"
# without "-->" cost one pass, not one pass each (which took 25 s for 160 KB).
_TAG = re.compile(r"<!--.*?(?:-->|\Z)|</?[A-Za-z][^<>]*>", re.S)


def html_to_text(value: str) -> str:
    """Fari's rich text as plain text: tags stripped, entities unescaped, line breaks kept."""
    text = value.replace("\r\n", "\n").replace("\r", "\n")
    if "<" in text:
        text = _BREAK.sub("\n", text)
        text = _OPEN_BLOCK.sub("\n", text)
        text = _ITEM.sub("\n- ", text)
        text = _TAG.sub("", text)
    text = html.unescape(text).replace("\xa0", " ")
    lines = [line.rstrip() for line in text.split("\n")]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


# Letters that carry their mark in the letter itself, so NFKD leaves them whole ("umysłowa").
_UNMARKED = str.maketrans({"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae",
                           "œ": "oe", "Œ": "oe"})


def norm(label: str, html: bool = True) -> str:
    """A label for matching: plain text, no accents, case folded, words split by single spaces.

    `html` False for text that is plain already (Foundry's names): "<b>" is then two symbols
    and a letter, not a tag."""
    text = unicodedata.normalize("NFKD", (html_to_text(label) if html else label).translate(_UNMARKED))
    # Recomposed: NFKD splits Hangul syllables into their letters, which no keyword is written in.
    text = unicodedata.normalize("NFC", "".join(ch for ch in text if not unicodedata.combining(ch))).casefold()
    return re.sub(r"[\W_]+", " ", text).strip()


def words(*keywords: str) -> re.Pattern:
    """Matches a label with a word that starts with one of the keywords."""
    return re.compile(r"(?:^| )(?:" + "|".join(re.escape(k) for k in keywords) + ")")


# Section labels (with common translations of Fari's Fate templates).
ASPECTS = words("aspect", "aspekt", "aspett", "аспект", "면모", "特征", "空特征")
STUNTS = words("stunt", "prouesse", "truco", "proeza", "facanha", "talent", "sztuczk", "gimmick")
SKILLS = words("skill", "approach", "approche", "competenc", "habilidad", "pericia", "fertigkeit",
                "umiejetnos", "abilita", "enfoque", "abordage", "herangehensweise", "podejsci", "postaw")
# "Presja" (Fari's Polish templates), "Belastung" (Fate Core Official's German), the rest FateX's
# stress items in Russian, Korean, Chinese and Swedish (see `foreign_names` for the files).
STRESS = words("stress", "estres", "stres", "presja", "belastung", "стресс", "스트레스", "压力", "pafrestning")
CONSEQUENCES = words("consequence", "consecuencia", "consequencia", "konsequenz", "konsekwencj",
                      "conseguenz", "konsekvens", "последстви", "타격", "伤痕")
FATE_POINTS = words("fate point", "points fate", "points de destin", "puntos de destino",  # i18n: file format
                     "pontos de destino", "schicksalspunkt", "punkty losu", "punti fato")  # i18n: file format
REFRESH = words("refresh", "rafraichissement", "recuperacion", "recarga", "erholung", "odswiez",
                 "ricarica")
NOTES = words("note", "notas", "notiz", "notatk")
DESCRIPTION = words("description", "descripcion", "descricao", "beschreibung", "opis", "descrizione")
RULE_BREAKS = words("rule break")  # i18n: file format
OTHER = words("other", "autre", "divers", "otro", "outro", "sonstig", "inne", "altro", "weiter", "anderer",
              "annan", "другой", "другое", "기타", "其他")

# Aspect roles: the labels of Fari's templates, and the aspect items and defaults the other tools
# ship in their languages (FateX system/data/<lang>/systems/*.json, Fate Core Official lang/*.json).
_HIGH_CONCEPT = words("high concept", "concept", "concepto", "conceito", "konzept", "koncepcj",  # i18n: file format
                       "concetto", "koncept", "overgripande", "idea xeral", "концепц", "정체성",  # i18n: file format
                       "核心概念", "概念")
_TROUBLE = words("trouble", "problem", "complica", "dificuldade", "dilemma", "klopot", "komplikacj", "guai",
                  "bekymmer", "atranco", "проблем", "고민", "困扰")
_RELATIONSHIP = words("relationship", "relation", "relacion", "relacao", "beziehung", "relacj", "relazion",
                       "parente", "отношени", "인간관계", "关系")

# Consequence severities; Fari sheets sometimes label the slots by their value instead.
_SEVERITY = (
    (Severity.EXTREME, words("extreme", "extrem", "экстрем")),
    (Severity.SEVERE, words("severe", "severa", "grave", "schwer", "powazn", "ciddi", "allvarlig", "серьезн",
                            "막대", "严重")),
    (Severity.MODERATE, words("moderate", "moderee", "modere", "moderad", "moderat", "mittel", "mittler",
                               "umiarkowan", "orta", "mattlig", "средн", "심각", "中度")),
    (Severity.MILD, words("mild", "legere", "leger", "leve", "leicht", "lekk", "lieve", "hafif", "suave",
                          "lagodn", "легк", "경미", "轻微")),
)
_SEVERITY_BY_VALUE = {"2": Severity.MILD, "4": Severity.MODERATE, "6": Severity.SEVERE, "8": Severity.EXTREME}
SEVERITY_ORDER = (Severity.MILD, Severity.MODERATE, Severity.SEVERE)

# Stress tracks by id, for labels that are neither the track's id nor its name: Fari's templates
# ("fizyczna", "Umysłowa"), FateX's stress items ("körperlicher Stress", "Физический стресс",
# "신체적 스트레스", "生理压力", "Kroppslig påfrestning") and Fate Core Official's ("Physische Belastung").
TRACK_WORDS = {
    "physical": words("physical", "physique", "fisic", "physisch", "fizyczn", "phys", "korperlich", "kroppslig",
                      "физическ", "신체", "生理"),
    "mental": words("mental", "psychisch", "psychiczn", "mente", "umysl", "geistig", "ментальн", "정신", "精神"),
}

PLACEHOLDER = re.compile(
    r"(?:(?:stunt|prouesse|truco|proeza|facanha|talent|sztuczka|extra)s? ?|text ?|rich text ?)?"
    r"(?:(?:n|no|nr) ?)?\d*"
)
_LADDER_BY_NAME = {name.casefold(): value for value, name in LADDER.items()}


def parse_rating(text: str) -> int | None:
    """'' (Mediocre), '3', '+3', '−1', 'Good', 'Good (+3)'; None when it is no rating."""
    text = text.strip().replace("\u2212", "-")
    if not text:
        return 0
    if re.fullmatch(r"[+-]?\d{1,4}", text):
        return int(text)
    found = re.search(r"\(([+-]?\d{1,4})\)", text)
    if found:
        return int(found.group(1))
    return _LADDER_BY_NAME.get(text.casefold())


def parse_count(value: Any) -> int | None:
    """A whole number from Fari (numbers or text); None if it is not one."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        text = html_to_text(value).replace("\u2212", "-")
        if re.fullmatch(r"[+-]?\d{1,6}", text):
            return int(text)
    return None


def aspect_role(label: str) -> AspectRole | None:
    if _HIGH_CONCEPT.search(label):
        return AspectRole.HIGH_CONCEPT
    if _TROUBLE.search(label):
        return AspectRole.TROUBLE
    if _RELATIONSHIP.search(label):
        return AspectRole.RELATIONSHIP
    if OTHER.search(label) or ASPECTS.search(label) or words("free").search(label):
        return AspectRole.FREE
    return None


def severity_of(label: str) -> Severity | None:
    for severity, pattern in _SEVERITY:
        if pattern.search(label):
            return severity
    for word in label.split():
        if word in _SEVERITY_BY_VALUE:
            return _SEVERITY_BY_VALUE[word]
    return None
