"""The adjective ladder: every rating the user sees is written with its name."""

from __future__ import annotations

LADDER: dict[int, str] = {
    8: "Legendary",
    7: "Epic",
    6: "Fantastic",
    5: "Superb",
    4: "Great",
    3: "Good",
    2: "Fair",
    1: "Average",
    0: "Mediocre",
    -1: "Poor",
    -2: "Terrible",
}


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def ladder_name(value: int) -> str | None:
    return LADDER.get(value)


def ladder_label(value: int) -> str:
    """'Great (+4)'; off the ladder just the signed number, e.g. '+9'."""
    name = LADDER.get(value)
    return f"{name} ({signed(value)})" if name else signed(value)
