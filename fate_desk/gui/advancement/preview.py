"""'The sheet after the change': skills by rating, refresh, stunts and problems, before → after."""

from __future__ import annotations

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import AspectRole, CampaignOptions, Character, ladder_label
from fate_desk.rules import RuleSet, check, derive
from fate_desk.rules.creation.history import Refused

from ..widgets import escape, problems_html, refusal_html


# Aspect roles as the preview names them (the model keeps the role's value).
_ROLES = {AspectRole.HIGH_CONCEPT: N_("High Concept"), AspectRole.TROUBLE: N_("Trouble"),
          AspectRole.RELATIONSHIP: N_("Relationship"), AspectRole.FREE: N_("Aspect")}


def _role(role: AspectRole) -> str:
    return _(_ROLES[role]) if role in _ROLES else role.label


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
        shown = ", ".join(f"<b>{escape(rules_text(n))}</b>" if n not in was else escape(rules_text(n)) for n in now)
        rows.append((ladder_label(rating), ", ".join(escape(rules_text(n)) for n in was) or "—", shown or "—"))
    return rows


def preview_html(
    before: Character, after: Character, ruleset: RuleSet, options: CampaignOptions | None = None
) -> str:
    """The sheet after the change next to the sheet now, with any new problems."""
    parts = ["<table cellspacing='0' cellpadding='3' width='100%'>",  # i18n: not shown (markup)
             "<tr><th align='left'>{}</th><th align='left'>{}</th><th align='left'>{}</th></tr>".format(  # i18n: not shown (markup)
                 _("Rating"), _("Now"), _("After"))]
    for label, was, now in skills_rows(before, after):
        parts.append(f"<tr><td>{label}</td><td>{was}</td><td>{now}</td></tr>")
    parts.append("</table>")
    old_refresh, new_refresh = derive(before, ruleset, options).refresh, derive(after, ruleset, options).refresh
    facts = [_("Refresh {before} → <b>{after}</b>").format(before=old_refresh, after=new_refresh)
             if new_refresh != old_refresh else _("Refresh {refresh} (unchanged)").format(refresh=new_refresh)]
    if len(after.stunts) != len(before.stunts):
        facts.append(_("Stunts {before} → <b>{after}</b>").format(before=len(before.stunts), after=len(after.stunts)))
    if after.saved_skill_points != before.saved_skill_points:
        facts.append(_("Saved skill points {before} → <b>{after}</b>").format(before=before.saved_skill_points,
                                                                             after=after.saved_skill_points))
    for old, new in zip(before.aspects, after.aspects):
        if old.text != new.text:
            facts.append(_("{role}: “{before}” → <b>“{after}”</b>").format(
                role=_role(old.role), before=escape(old.text), after=escape(new.text)))
    if len(after.aspects) > len(before.aspects):
        facts += [_("{role}: <b>“{aspect}”</b>").format(role=_role(a.role), aspect=escape(a.text))
                  for a in after.aspects[len(before.aspects):]]
    known = {(p.code, p.path) for p in check(before, ruleset, options).problems}
    fresh = [p for p in check(after, ruleset, options).problems
             if (p.code, p.path) not in known and p.severity.value in ("error", "warning")]
    parts.append("<p>" + "<br>".join(facts) + "</p>")
    parts.append(problems_html(fresh, _("New problems on the sheet"))
                 or "<p>{}</p>".format(_("No new problems on the sheet.")))
    return "".join(parts)


def show_outcome(label, ok_button, before: Character, attempt, ruleset: RuleSet, options: CampaignOptions) -> None:
    """Run `attempt` (a core advancement operation) and show its result, or why it is refused.

    The OK button is enabled only for a choice the rules accept.
    """
    try:
        applied = attempt()
    except Refused as refused:
        label.setText(refusal_html(refused.problems))
        ok_button.setEnabled(False)
        return
    text = preview_html(before, applied.character, ruleset, options)
    label.setText(f"<p><i>{escape(applied.entry.summary)}</i></p>{text}")
    ok_button.setEnabled(True)
