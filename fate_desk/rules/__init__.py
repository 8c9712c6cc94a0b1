"""Pure rules functions: load rule sets, derive values, check characters."""

from fate_desk.rules.creation.checker import CheckResult, Level, Problem, check
from fate_desk.rules.creation.derive import Derived, SlotInfo, derive
from fate_desk.rules.creation.loader import DEFAULT_RULESET, RuleSetCatalog, RuleSetError, default_catalog, get_ruleset, load_catalog
from fate_desk.rules.creation.ruleset import RuleSet, Shape, ShapeKind

__all__ = [
    "CheckResult", "DEFAULT_RULESET", "Derived", "Level", "Problem", "RuleSet", "RuleSetCatalog",
    "RuleSetError", "Shape", "ShapeKind", "SlotInfo", "check", "default_catalog", "derive",
    "get_ruleset", "load_catalog",
]
