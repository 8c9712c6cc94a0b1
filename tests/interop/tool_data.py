"""Characters as the other tools make them in other languages, from the tools' own data.

FateX gives a new character the items of its system data: anvil-vtt/FateX
`system/data/<lang>/systems/<system>.json`, each entry a name, an item type and data (a label, an
icon, a size, a label type), the consequence automation naming Physique and Will in the language;
the items take the rest of their fields from `system/template.json` (commit 8f5ce44). Transcribed
below are the names and numbers only (no descriptions), for the systems and languages the tests use.

Fate Core Official's defaults: Sk1mble/fate-core-official `lang/pb.json` ("baseDefaults" →
"fate-core": Estresse físico…) and `lang/de.json` ("fate-condensed": Physische Belastung…).
"""

from __future__ import annotations

import base64
import itertools

_ids = itertools.count(1)

# FateX system data: aspects (name, label), consequences (name, label, icon, second mild skills),
# skills, stress (name, size, labelType).
FATEX = {
    ("de", "core"): dict(  # system/data/de/systems/core.json
        aspects=[("Konzept", "Konzept"), ("Dilemma", "Dilemma"), ("Beziehungen", "Beziehungen"),
                 ("anderer Aspekt", "Anderer Aspekt")],
        consequences=[("leichte Konsequenz", "Leicht", "2", None),
                      ("2te leichte  Konsequenz (nach Fertigkeit)", "Leicht", "2", ("Kraft", "Wille")),
                      ("mittlere  Konsequenz", "Mittel", "4", None), ("schwere Konsequenz", "Schwer", "6", None)],
        skills=["Athletik", "Kämpfen", "Kraft", "Wille", "Wissen"],
        stress=[("körperlicher Stress", 4, 0), ("geistiger Stress", 4, 0)]),
    ("ru", "condensed"): dict(  # system/data/ru/systems/condensed.json
        aspects=[("Концепция", "Концепция"), ("Проблема", "Проблема"), ("Отношения", "Отношения"),
                 ("Другой аспект", "Другое")],
        consequences=[("Лёгкое последствие", "Лёгкое", "2", None),
                      ("2-ое Лёгкое последствие (От навыка)", "Лёгкое", "2", ("Телосложение", "Воля")),
                      ("Среднее последствие", "Среднее", "4", None), ("Серьёзное последствие", "Серьёзное", "6", None)],
        skills=["Академика", "Атлетика", "Драка", "Телосложение", "Воля"],
        stress=[("Физический стресс", 4, 0), ("Ментальный стресс", 4, 0)]),
    ("ru", "accelerated"): dict(  # system/data/ru/systems/accelerated.json
        aspects=[("Концепция", "Концепция"), ("Проблема", "Проблема"), ("Другой аспект", "Другое"),
                 ("Отношения", "Отношения")],
        consequences=[("Лёгкое последствие", "Лёгкое", "2", None), ("Среднее последствие", "Среднее", "4", None),
                      ("Серьёзное последствие", "Серьёзное", "6", None)],
        skills=["Аккуратный", "Умный", "Эффектный", "Сильный", "Проворный", "Хитрый"],
        stress=[("Стресс", 3, 0)]),
    ("ko", "condensed"): dict(  # system/data/ko/systems/condensed.json
        aspects=[("정체성", "정체성"), ("고민", "고민"), ("인간관계", "인간관계"), ("기타 면모", "기타")],
        consequences=[("경미한 타격", "경미", "2", None), ("경미한 타격 2 (기능 상태)", "경미", "2", ("체력", "의지력")),
                      ("심각한 타격", "심각", "4", None), ("막대한 타격", "막대", "6", None)],
        skills=["학문", "운동능력", "접근전", "체력", "의지력"],
        stress=[("신체적 스트레스", 4, 0), ("정신적 스트레스", 4, 0)]),
    ("ko", "accelerated"): dict(  # system/data/ko/systems/accelerated.json
        aspects=[("정체성", "정체성"), ("고민", "고민"), ("기타 면모", "기타"), ("인간관계", "인간관계")],
        consequences=[("경미한 타격", "경미", "2", None), ("심각한 타격", "심각", "4", None),
                      ("막대한 타격", "막대", "6", None)],
        skills=["세심하게", "똑똑하게", "화려하게", "강하게", "날쌔게", "은근하게"],
        stress=[("스트레스", 3, 0)]),
    ("cn", "condensed"): dict(  # system/data/cn/systems/condensed.json
        aspects=[("概念", "概念"), ("困扰", "困扰"), ("关系", "关系"), ("其他特征", "")],
        consequences=[("轻微伤痕", "轻微", "2", None), ("额外轻微伤痕（技能提供）", "轻微", "2", ("体格", "意志")),
                      ("中度伤痕", "中度", "4", None), ("严重伤痕", "严重", "6", None)],
        skills=["学术", "运动", "战斗", "体格", "意志"],
        stress=[("生理压力", 4, 0), ("精神压力", 4, 0)]),
    ("cn", "accelerated"): dict(  # system/data/cn/systems/accelerated.json
        aspects=[("核心概念", "核心概念"), ("困扰", "困扰"), ("其他特征", "其他"), ("关系", "关系")],
        consequences=[("轻微伤痕", "轻微", "2", None), ("中度伤痕", "中度", "4", None), ("严重伤痕", "严重", "6", None)],
        skills=["谨慎", "机智", "华丽", "强劲", "迅捷", "狡诈"],
        stress=[("压力", 3, 0)]),
    ("sv", "condensed"): dict(  # system/data/sv/systems/condensed.json
        aspects=[("Övergripande koncept", "Övergripande koncept"), ("Bekymmer", "Bekymmer"),
                 ("Relation", "Relation"), ("Annan Aspekt", "Annan")],
        consequences=[("Mild konsekvens", "Mild", "2", None),
                      ("En andra Mild konsekvens (Färdighetsbaserad regel)", "Mild", "2", ("Styrka", "Viljestyrka")),
                      ("Måttlig konsekvens", "Måttlig", "4", None), ("Allvarlig konsekvens", "Allvarlig", "6", None)],
        skills=["Akademisk kunskap", "Rörlighet", "Slåss", "Styrka", "Viljestyrka"],
        stress=[("Kroppslig påfrestning", 4, 0), ("Mental påfrestning", 4, 0)]),
    ("sv", "accelerated"): dict(  # system/data/sv/systems/accelerated.json
        aspects=[("Övergripande koncept", "Övergripande koncept"), ("Bekymmer", "Bekymmer"),
                 ("Annan Aspekt", "Annan"), ("Relation", "Relation")],
        consequences=[("Mild konsekvens", "Mild", "2", None), ("Måttlig konsekvens", "Måttlig", "4", None),
                      ("Allvarlig konsekvens", "Allvarlig", "6", None)],
        skills=["Försiktig", "Finurlig", "Prålig", "Kraftfull", "Snabb", "Lömsk"],
        stress=[("Påfrestning", 3, 0)]),
    ("pt-BR", "condensed"): dict(  # system/data/pt-BR/systems/condensed.json
        aspects=[("Conceito", "Conceito"), ("Dificuldade", "Dificuldade"), ("Relacionamento", "Relacionamento"),
                 ("Outro aspecto", "Outro")],
        consequences=[("Consequência suave", "Suave", "2", None),
                      ("2ª Consequência suave (condicional à perícia)", "Suave", "2", ("Vigor", "Vontade")),
                      ("Consequência moderada", "Moderada", "4", None), ("Consequência severa", "Severa", "6", None)],
        skills=["Conhecimentos", "Atletismo", "Lutar", "Vigor", "Vontade"],
        stress=[("Estresse físico", 4, 0), ("Estresse mental", 4, 0)]),
    ("pt-BR", "accelerated"): dict(  # system/data/pt-BR/systems/accelerated.json
        aspects=[("Conceito", "Conceito"), ("Dificuldade", "Dificuldade"), ("Outro aspecto", "Outro"),
                 ("Relacionamento", "Relacionamento")],
        consequences=[("Consequência suave", "Suave", "2", None), ("Consequência moderada", "Moderada", "4", None),
                      ("Consequência severa", "Severa", "6", None)],
        skills=["Cuidadoso", "Esperto", "Estiloso", "Poderoso", "Ágil", "Sorrateiro"],
        stress=[("Estresse", 3, 0)]),
}

# FateX's template.json defaults for each item type (the base template's `description`, `disabled`).
_DEFAULTS = {
    "aspect": {"label": "", "value": "", "corrupted": False},
    "consequence": {"label": "", "value": "", "icon": "", "type": 0, "active": False, "boxAmount": 1, "boxValues": 0},
    "skill": {"rank": 0},
    "stress": {"size": 2, "value": 0, "labelType": 0, "customLabel": ""},
    "stunt": {"shortDescription": "", "collapsed": False},
    "extra": {"shortDescription": "", "collapsed": False},
}


def fatex_item(kind: str, name: str, flags: dict | None = None, **data) -> dict:
    return {"_id": f"fx{next(_ids):014d}", "name": name, "type": kind,
            "system": {"description": "", "disabled": False, **_DEFAULTS[kind], **data},
            "flags": flags or {}, "effects": [], "sort": 0, "img": "icons/svg/item-bag.svg"}


def fatex_actor(lang: str, system: str, *, texts=(), ranks=(), stress=(), consequences=(), name="Ilse") -> dict:
    """A FateX character made from the system data of `lang`, then filled in as a player does in
    FateX: aspect texts in order, skill ranks in order, stress marks (a bit mask per track, in order)
    and consequence texts (index → text, ticked)."""
    data = FATEX[lang, system]
    items = []
    for n, (item_name, label) in enumerate(data["aspects"]):
        items.append(fatex_item("aspect", item_name, label=label, value=texts[n] if n < len(texts) else ""))
    for n, (item_name, label, icon, skills) in enumerate(data["consequences"]):
        flags = {"fatex": {"skillReferenceSettings": {"conjunction": 0}, "skillReferences": [
            {"skill": s, "condition": 4, "operator": 4} for s in skills]}} if skills else None
        text = dict(consequences).get(n, "")
        items.append(fatex_item("consequence", item_name, flags, label=label, icon=icon, value=text,
                                active=bool(text)))
    for n, skill in enumerate(data["skills"]):
        items.append(fatex_item("skill", skill, rank=ranks[n] if n < len(ranks) else 0))
    for n, (track, size, label_type) in enumerate(data["stress"]):
        items.append(fatex_item("stress", track, size=size, labelType=label_type,
                                value=stress[n] if n < len(stress) else 0))
    return {"name": name, "type": "character", "img": "icons/svg/mystery-man.svg",
            "system": {"biography": {"value": ""}, "fatepoints": {"current": 3, "refresh": 3}},
            "items": items, "effects": [], "flags": {"exportSource": {"system": "fatex"}}}


# --- Fate Core Official ------------------------------------------------------------------------

def tob64(name: str) -> str:
    return base64.b64encode(name.encode("utf-8")).decode("ascii").replace("=", "")


def fco_track(name: str, boxes: int, **fields) -> dict:
    track = {"name": name, "category": "Combate", "description": "", "universal": True, "unique": True,
             "recovery_type": "Momentâneo", "aspect": "Não", "when_marked": "", "recovery_conditions": "",
             "boxes": boxes, "label": "none", "harm_can_absorb": 0, "linked_skills": [], "notes": "",
             "box_values": [False] * boxes, "enabled": True}
    track.update(fields)
    return track


def fco_consequence(name: str, harm: int, **fields) -> dict:
    return fco_track(name, 0, recovery_type="Duradouro", harm_can_absorb=harm,
                      aspect={"name": "", "when_marked": True, "as_name": False}, box_values=[], **fields)


# lang/pb.json, baseDefaults "fate-core": tracks and skill names as FCO's Brazilian default gives them.
FCO_PB_CORE_TRACKS = [
    fco_track("Estresse físico", 2, label="escalating", linked_skills=[
        {"linked_skill": "Vigor", "rank": 1, "boxes": 1, "enables": False},
        {"linked_skill": "Vigor", "rank": 3, "boxes": 1, "enables": False}]),
    fco_track("Estresse mental", 2, label="escalating", linked_skills=[
        {"linked_skill": "Vontade", "rank": 1, "boxes": 1, "enables": False},
        {"linked_skill": "Vontade", "rank": 3, "boxes": 1, "enables": False}]),
    fco_consequence("Consequência suave", 2),
    fco_consequence("Consequência física suave", 2, enabled=False, linked_skills=[
        {"linked_skill": "Vigor", "rank": 5, "boxes": 0, "enables": True}]),
    fco_consequence("Consequência moderada", 4),
    fco_consequence("Consequência severa", 6),
]


def fco_actor(tracks: list[dict], skills: dict[str, int], aspects: dict[str, str], name: str = "Rafa",
              refresh: int = 3, stunts: int = 3) -> dict:
    """An FCO actor as its Export Data writes one, with FCO's track and skill entries keyed by the
    base64 of their names (scripts/fcoConstants.js `tob64`)."""
    system = {
        "details": {"description": {"value": ""}, "biography": {"value": ""}, "pronouns": {"value": ""},
                    "notes": {"value": "", "GM": False}, "fatePoints": {"current": refresh, "refresh": refresh,
                                                                        "boosts": 0}, "sheet_mode": "full"},
        "aspects": {tob64(k): {"name": k, "value": v, "description": "", "notes": ""} for k, v in aspects.items()},
        "skills": {tob64(k): {"name": k, "rank": v, "description": "", "overcome": "", "caa": "", "attack": "",
                              "defend": "", "pc": True} for k, v in skills.items()},
        "stunts": {tob64(f"Façanha {n}"): {"name": f"Façanha {n}", "description": "x", "notes": "",
                                           "linked_skill": "None", "refresh_cost": 1, "overcome": False,
                                           "caa": False, "attack": False, "defend": False, "bonus": 0}
                   for n in range(1, stunts + 1)},
        "tracks": {tob64(t["name"]): t for t in tracks},
    }
    return {"name": name, "type": "fate-core-official", "system": system, "items": [], "effects": [],
            "flags": {}, "_stats": {"exportSource": {"systemId": "fate-core-official"}}}
