"""Time shifts (Fate Condensed's optional rule): each shift of a roll makes a task one step faster,
each shift it misses by one step slower.

The book's ladder: a quantity (half, about one, a few, several) of a unit of time. "Each shift is
worth one quantity-step from wherever your starting point is ... Going faster than 'half' drops the
unit down to the next smaller (hours to minutes, etc) and quantity up to 'several'." Slower runs
the other way: past "several", the next larger unit at "half".
"""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.i18n import N_, _

from fate_desk.rules.harm.absorb import shifts_text

# The quantity steps, smallest first, and the units, shortest first (stored by index).
QUANTITIES = (N_("half"), N_("about one"), N_("a few"), N_("several"))
UNITS = (N_("seconds"), N_("minutes"), N_("hours"), N_("days"), N_("weeks"), N_("months"), N_("years"), N_("decades"))

# Each time as a whole phrase, so a language can inflect it: (unit, quantity) -> words.
_PHRASES = {
    (0, 0): N_("half a second"), (0, 1): N_("about one second"), (0, 2): N_("a few seconds"), (0, 3): N_("several seconds"),
    (1, 0): N_("half a minute"), (1, 1): N_("about one minute"), (1, 2): N_("a few minutes"), (1, 3): N_("several minutes"),
    (2, 0): N_("half an hour"), (2, 1): N_("about one hour"), (2, 2): N_("a few hours"), (2, 3): N_("several hours"),
    (3, 0): N_("half a day"), (3, 1): N_("about one day"), (3, 2): N_("a few days"), (3, 3): N_("several days"),
    (4, 0): N_("half a week"), (4, 1): N_("about one week"), (4, 2): N_("a few weeks"), (4, 3): N_("several weeks"),
    (5, 0): N_("half a month"), (5, 1): N_("about one month"), (5, 2): N_("a few months"), (5, 3): N_("several months"),
    (6, 0): N_("half a year"), (6, 1): N_("about one year"), (6, 2): N_("a few years"), (6, 3): N_("several years"),
    (7, 0): N_("half a decade"), (7, 1): N_("about one decade"), (7, 2): N_("a few decades"), (7, 3): N_("several decades"),
}


@dataclass(frozen=True)
class TaskTime:
    """How long a task takes: a quantity step (0 half .. 3 several) of a unit (0 seconds .. 7 decades)."""

    quantity: int
    unit: int

    def __post_init__(self) -> None:
        if not (0 <= self.quantity < len(QUANTITIES) and 0 <= self.unit < len(UNITS)):
            raise ValueError(_("a time is a quantity of 0 to 3 and a unit of 0 to 7"))

    @property
    def step(self) -> int:
        """The time as one number on the ladder (4 steps a unit)."""
        return self.unit * len(QUANTITIES) + self.quantity

    def text(self) -> str:
        return _(_PHRASES[(self.unit, self.quantity)])


LONGEST = TaskTime(len(QUANTITIES) - 1, len(UNITS) - 1)


def shifted(base: TaskTime, shifts: int) -> tuple[TaskTime, bool]:
    """The time a roll's shifts give: `shifts` steps faster (negative: slower), from `base`, the
    time a simple success takes. The second value is True when the ladder ran out (no shorter than
    half a second, no longer than several decades)."""
    step = base.step - shifts
    clamped = min(max(step, 0), LONGEST.step)
    return TaskTime(clamped % len(QUANTITIES), clamped // len(QUANTITIES)), clamped != step


def time_line(base: TaskTime, shifts: int) -> str:
    """The roll log's words: how long the task took, from its base time and the roll's shifts."""
    took, _ran_out = shifted(base, shifts)
    if shifts > 0:
        message = _("Time shifts: {base} at a simple success; {shifts} faster, it takes {took}.")
    elif shifts < 0:
        message = _("Time shifts: {base} at a simple success; {shifts} slower, it takes {took}.")
    else:
        message = _("Time shifts: it takes {took}, as a simple success would.")
    return message.format(base=base.text(), shifts=shifts_text(abs(shifts)), took=took.text())
