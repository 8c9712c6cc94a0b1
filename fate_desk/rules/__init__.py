"""Pure rules functions: load rule sets, derive values, check characters."""

from .checker import CheckResult, Level, Problem, check
from .derive import Derived, SlotInfo, derive
from .loader import DEFAULT_RULESET, RuleSetCatalog, RuleSetError, default_catalog, get_ruleset, load_catalog
from .ruleset import RuleSet, Shape, ShapeKind

__all__ = [
    "CheckResult", "DEFAULT_RULESET", "Derived", "Level", "Problem", "RuleSet", "RuleSetCatalog",
    "RuleSetError", "Shape", "ShapeKind", "SlotInfo", "check", "default_catalog", "derive",
    "get_ruleset", "load_catalog",
]
