"""The roll log keeps every throw: undo and redo change the campaign back and forth, but a roll
the dice threw stays in the session's roll log. A roll whose step is undone is marked set aside,
never erased, so cancel, undo and roll again always leave the first dice to see.

Pure functions over campaigns: the document calls `kept_throws` with the campaign it holds and
the one undo or redo goes to.
"""

from __future__ import annotations

from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, SessionLog

UNDONE = N_("Undone, set aside — {roll}")
# The set-aside lines (rules/play/actions.py, set_aside) are set aside already: undo leaves them be.
_SET_ASIDE = (N_("Set aside, not applied — {roll}"),)
_SET_ASIDE_PLURAL = (("Set aside, not applied; {count} invoke dropped — {roll}",  # i18n: marked in actions.py
                      "Set aside, not applied; {count} invokes dropped — {roll}"),)  # i18n: marked in actions.py


def _starts() -> tuple[str, ...]:
    """How a line that is already set aside begins, in English and in the language shown now."""
    forms = [*_SET_ASIDE, UNDONE, _(UNDONE), *(_(t) for t in _SET_ASIDE)]
    for one, many in _SET_ASIDE_PLURAL:
        forms += [one, many, ngettext(one, many, 1), ngettext(one, many, 2)]
    return tuple(start for start in (f.split("{", 1)[0] for f in forms) if start.strip())


def marked(line: str, starts: tuple[str, ...] | None = None) -> str:
    """The line of a roll whose step was undone: said to be set aside (once)."""
    if line.startswith(starts if starts is not None else _starts()):
        return line
    return _(UNDONE).format(roll=line)


def kept_lines(now: list[str], target: list[str]) -> list[str]:
    """`target`'s roll log with every line `now` holds beyond it, marked set aside. Where both
    have a line, `target` decides (a redo puts an undone roll back as applied); a line of `now`
    that `target` does not account for is never dropped."""
    starts = _starts()
    same = len(now) >= len(target) and all(
        n == t or n == marked(t, starts) for n, t in zip(now, target))
    if same:
        return [*target, *(marked(line, starts) for line in now[len(target):])]
    # The logs went apart some other way: keep every line of `now` that `target` lacks.
    left = list(target)
    extra = []
    for line in now:
        for candidate in (line, marked(line, starts)):
            if candidate in left:
                left.remove(candidate)
                break
        else:
            extra.append(marked(line, starts))
    return [*target, *extra]


def kept_in_session(now: SessionLog | None, target: SessionLog | None) -> SessionLog | None:
    """`target` (a session's log undo or redo goes to) keeping the throws `now` holds; a session
    log undo would take away keeps its rolls alone (nothing else of it), marked set aside."""
    if now is None or not now.rolls:
        return target
    if target is None:
        return SessionLog(id=now.id, number=now.number, arc=now.arc, date=now.date, title=now.title,
                          rolls=kept_lines(now.rolls, []))
    rolls = kept_lines(now.rolls, target.rolls)
    return target if rolls == target.rolls else target.model_copy(update={"rolls": rolls})


def kept_throws(now: Campaign, target: Campaign) -> Campaign:
    """`target` (the campaign undo or redo goes to) with every roll `now`'s logs hold: a roll
    whose step is undone stays in its session's roll log, marked set aside."""
    by_number = {s.number: s for s in target.sessions}
    changed = False
    for log in now.sessions:
        there = by_number.get(log.number)
        kept = kept_in_session(log, there)
        if kept is not there:
            by_number[log.number] = kept
            changed = True
    if not changed:
        return target
    return target.model_copy(update={"sessions": sorted(by_number.values(), key=lambda s: s.number)})


__all__ = ["UNDONE", "kept_in_session", "kept_lines", "kept_throws", "marked"]
