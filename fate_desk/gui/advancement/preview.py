"""'The sheet after the change': skills by rating, refresh, stunts and problems, before → after."""

from __future__ import annotations

from fate_desk.model import CampaignOptions, Character, ladder_label
from fate_desk.rules import RuleSet, check, derive

from ..widgets import escape, problems_html


def _by_rating(character: Character) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for name, rating in character.skills.items():
        out.setdefault(rating, []).append(name)
    return {r: sorted(names) for r, names in out.items()}


def skills_rows(before: Character, after: Character) -> list[tuple[str, str, str]]:
    """(rating label, skills before, skills after) from the top rating down, changed names in bold."""
    old, new = _by_rating(before), _by_rating(after)
    rows = []
    for rating in sorted(set(old) | set(new), reverse=True):
        was, now = old.get(rating, []), new.get(rating, [])
        shown = ", ".join(f"<b>{escape(n)}</b>" if n not in was else escape(n) for n in now)
        rows.append((ladder_label(rating), ", ".join(escape(n) for n in was) or "—", shown or "—"))
    return rows


def preview_html(
    before: Character, after: Character, ruleset: RuleSet, options: CampaignOptions | None = None
) -> str:
    """The sheet after the change next to the sheet now, with any new problems."""
    parts = ["<table cellspacing='0' cellpadding='3' width='100%'>",
             "<tr><th align='left'>Rating</th><th align='left'>Now</th><th align='left'>After</th></tr>"]
    for label, was, now in skills_rows(before, after):
        parts.append(f"<tr><td>{label}</td><td>{was}</td><td>{now}</td></tr>")
    parts.append("</table>")
    old_refresh, new_refresh = derive(before, ruleset, options).refresh, derive(after, ruleset, options).refresh
    facts = [f"Refresh {old_refresh} → <b>{new_refresh}</b>" if new_refresh != old_refresh
             else f"Refresh {new_refresh} (unchanged)"]
    if len(after.stunts) != len(before.stunts):
        facts.append(f"Stunts {len(before.stunts)} → <b>{len(after.stunts)}</b>")
    if after.saved_skill_points != before.saved_skill_points:
        facts.append(f"Saved skill points {before.saved_skill_points} → <b>{after.saved_skill_points}</b>")
    for old, new in zip(before.aspects, after.aspects):
        if old.text != new.text:
            facts.append(f"{old.role.label}: “{escape(old.text)}” → <b>“{escape(new.text)}”</b>")
    if len(after.aspects) > len(before.aspects):
        facts += [f"{a.role.label}: <b>“{escape(a.text)}”</b>" for a in after.aspects[len(before.aspects):]]
    known = {(p.code, p.path) for p in check(before, ruleset, options).problems}
    fresh = [p for p in check(after, ruleset, options).problems
             if (p.code, p.path) not in known and p.severity.value in ("error", "warning")]
    parts.append("<p>" + "<br>".join(facts) + "</p>")
    parts.append(problems_html(fresh, "New problems on the sheet") or "<p>No new problems on the sheet.</p>")
    return "".join(parts)


def show_outcome(label, ok_button, before: Character, attempt, ruleset: RuleSet, options: CampaignOptions) -> None:
    """Run `attempt` (a core advancement operation) and show its result, or why it is refused.

    The OK button is enabled only for a choice the rules accept.
    """
    from fate_desk.rules.creation.history import Refused

    from ..widgets import refusal_html

    try:
        applied = attempt()
    except Refused as refused:
        label.setText(refusal_html(refused.problems))
        ok_button.setEnabled(False)
        return
    text = preview_html(before, applied.character, ruleset, options)
    label.setText(f"<p><i>{escape(applied.entry.summary)}</i></p>{text}")
    ok_button.setEnabled(True)
