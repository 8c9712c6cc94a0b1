"""When a consequence that has begun recovery clears, in the player's words."""

from __future__ import annotations

from fate_desk.model import Severity

_CLEARS = {
    Severity.MILD: "clears after one full scene",
    Severity.MODERATE: "clears after one full session",
    Severity.SEVERE: "clears at the next breakthrough",
    Severity.EXTREME: "permanent: it replaces an aspect",
}

_TREATMENT = {Severity.MILD: 2, Severity.MODERATE: 4, Severity.SEVERE: 6}


def clears_when(severity: Severity) -> str:
    return _CLEARS[severity]


def treatment_difficulty(severity: Severity) -> int | None:
    """The overcome difficulty to begin recovery (+2 more when treating yourself)."""
    return _TREATMENT.get(severity)
