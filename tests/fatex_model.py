"""FateX's data model, for checking what Fate Desk exports for FateX.

Transcribed from anvil-vtt/FateX `system/template.json` at commit 8f5ce444820775088723ffb4b71ddda681d8b90e:
one actor type (`character`) with `biography.value` and `fatepoints` {current, refresh}; the item
types with the base template's fields (`disabled`, `description`) and each type's own. The
meaning of `stress.value` (a bit mask), `labelType` and `consequence.type` is FateX's
`system/module/item/stress/StressItem.js` and `system/module/item/consequence/ConsequenceItem.js`.
"""

from __future__ import annotations

STR, INT, BOOL = str, int, bool

ACTOR_TYPES = {"character"}
ACTOR = {"biography": dict, "fatepoints": dict}
BASE = {"disabled": BOOL, "description": STR}
ITEMS = {
    "stress": {"size": INT, "value": INT, "labelType": INT, "customLabel": STR},
    "aspect": {"label": STR, "value": STR, "corrupted": BOOL},
    "consequence": {"label": STR, "value": STR, "icon": STR, "type": INT, "active": BOOL, "boxAmount": INT,
                    "boxValues": INT},
    "skill": {"rank": INT},
    "stunt": {"shortDescription": STR, "collapsed": BOOL},
    "extra": {"shortDescription": STR, "collapsed": BOOL},
}
LABEL_TYPES = {0, 1, 2}  # 1, 2, 3…; all ones; custom (customLabel, one label per box)
CONSEQUENCE_TYPES = {0, 1}  # consequence, condition


def _typed(value, kind) -> bool:
    if kind is INT:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def problems(actor: dict) -> list[str]:
    """Every way `actor` departs from FateX's template; empty when FateX would take it as is."""
    found = []
    if actor.get("type") not in ACTOR_TYPES:
        found.append(f"type {actor.get('type')!r}")
    system = actor.get("system", {})
    for key, kind in ACTOR.items():
        if not isinstance(system.get(key), kind):
            found.append(f"system.{key}")
    points = system.get("fatepoints", {})
    for key in ("current", "refresh"):
        if not _typed(points.get(key), INT):
            found.append(f"system.fatepoints.{key}")
    if not isinstance(system.get("biography", {}).get("value"), str):
        found.append("system.biography.value")
    for i, item in enumerate(actor.get("items", [])):
        kind = item.get("type")
        if kind not in ITEMS:
            found.append(f"items[{i}].type {kind!r}")
            continue
        if not isinstance(item.get("name"), str):
            found.append(f"items[{i}].name")
        fields = {**BASE, **ITEMS[kind]}
        for key, want in fields.items():
            if not _typed(item["system"].get(key), want):
                found.append(f"items[{i}].system.{key}")
        if kind == "stress":
            data = item["system"]
            if data["labelType"] not in LABEL_TYPES:
                found.append(f"items[{i}].system.labelType")
            if data["value"] >= 1 << max(data["size"], 0) + 20 or data["value"] < 0:
                found.append(f"items[{i}].system.value")
            if data["labelType"] == 2 and len(data["customLabel"].split()) != data["size"]:
                found.append(f"items[{i}].system.customLabel")
        if kind == "consequence" and item["system"]["type"] not in CONSEQUENCE_TYPES:
            found.append(f"items[{i}].system.type")
    return found


# How FateX draws a stress track (src/module/item/stress/StressItem.ts, `prepareItemData`): its
# `size` plus what its automation adds (src/module/components/Automation/Automation.ts,
# `getBoxAmountModifier`): each reference of type 1 adds `argument` boxes when the actor's first
# skill item of that name meets `condition` under `operator` (0 =, 1 ≠, 2 >, 3 <, 4 ≥, 5 ≤);
# never fewer than none.
_OPERATORS = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a > b, 3: lambda a, b: a < b,
              4: lambda a, b: a >= b, 5: lambda a, b: a <= b}


def boxes_fatex_draws(actor: dict, item: dict) -> int:
    skills = {}
    for other in actor.get("items", []):
        if other.get("type") == "skill":
            skills.setdefault(other["name"], other["system"]["rank"])
    added = 0
    for ref in item.get("flags", {}).get("fatex", {}).get("skillReferences", []):
        if ref.get("type") != 1 or ref.get("skill") not in skills:
            continue
        if _OPERATORS[ref.get("operator", 4)](skills[ref["skill"]], ref["condition"]):
            added += ref["argument"]
    return max(0, int(item["system"]["size"]) + added)
