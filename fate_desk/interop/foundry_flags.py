"""What the Foundry actor readers (FCO, FateX) share about Fate Desk's own flags.

Fate Desk's exports for Foundry carry `flags["fate-desk"]`: what the other system has no field
for (the character's id and kind, an NPC's own slots and box values, history, saved points,
the stunt names as typed). Foundry keeps every document's flags, so they come back when the
actor is exported again; when they are missing or edited into nonsense, the system's own
fields alone carry the character.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from fate_desk.model import Character, CharacterKind, CustomTrack, Extra, Severity, SlotSpec, Stunt, new_id
from fate_desk.model.character import HistoryEntry, RuleBreak
from fate_desk.model.errors import describe
from fate_desk.i18n import ngettext
from fate_desk.rules.creation.derive import derive

from fate_desk.store.interchange import FileFormatError
from fate_desk.interop.common import (
    ForeignActor,
    Reader,
    consequence_slot,
    match_track,
    norm,
    restore_repeated,
    unique_labels,
)

FLAG_SCOPE = "fate-desk"  # our own flags: what the other system has no field for, for the way back


class FlaggedActor(ForeignActor):
    """A foreign actor that may carry Fate Desk's flags (`self.ours`)."""

    rules = None  # the rule set, chosen by the reader

    def __init__(self, data: dict, r: Reader):
        super().__init__(data, r)
        flags = r.obj(data.get("flags"), "flags")
        ours = flags.get(FLAG_SCOPE)
        self.ours: dict = ours if isinstance(ours, dict) else {}
        self.slot_specs = self._slot_specs()

    def _slot_specs(self) -> list[SlotSpec] | None:
        """An NPC's own consequence slots, from our flags (FCO only has the tracks)."""
        slots = self.ours.get("consequence_slots")
        if not isinstance(slots, list):
            return None
        try:
            return [SlotSpec.model_validate(s) for s in slots]
        except (ValidationError, TypeError):
            return None

    def _slot(self, severity: Severity, name: str, used: set[str]) -> str | None:
        if self.slot_specs is None:
            return consequence_slot(self.rules, severity, name, used)
        # The n-th track of a severity ('Mild Consequence 2') is the n-th slot of that severity.
        number = re.search(r" (\d{1,2})$", name)
        same = [spec for spec in self.slot_specs if spec.severity == severity]
        if number and 0 < int(number.group(1)) <= len(same) and same[int(number.group(1)) - 1].id not in used:
            return same[int(number.group(1)) - 1].id
        track = match_track(self.rules, name)
        for only in (track, None):
            for spec in same:
                if spec.id not in used and spec.only == only:
                    return spec.id
        return None


    def _stunt_names(self, stunts: list[Stunt]) -> list[Stunt]:
        """FCO keys stunts by name, so Fate Desk numbered repeated names ("Quick Hands 2"): our
        flags give the names back when they still fit, else the numbering does."""
        names = [s.name for s in stunts]
        flagged = self.ours.get("stunt_names")
        if (isinstance(flagged, list) and len(flagged) == len(names) and all(isinstance(n, str) for n in flagged)
                and all(n == "" or n == label for n, label in zip(names, unique_labels(
                    [f.strip() or f"Stunt {i}" for i, f in enumerate(flagged, 1)])))):  # i18n: file format
            restored = [f if n else n for n, f in zip(names, flagged)]
        else:
            restored = restore_repeated(names)
        return [Stunt(name=n, text=s.text) for n, s in zip(restored, stunts)]

    def _custom_track(self, name: str) -> str | None:
        """The id of the custom track (the character's or a switched-on extra's) our flags name so."""
        kept = self.ours.get("kept")
        if not isinstance(kept, dict):
            return None
        tracks = list(kept.get("tracks") or [])
        for extra in kept.get("extras") or []:
            if isinstance(extra, dict) and extra.get("active", True):
                tracks += extra.get("tracks") or []
        wanted = name.strip().casefold()
        return next((t["id"] for t in tracks if isinstance(t, dict) and isinstance(t.get("id"), str)
                     and str(t.get("name", "")).strip().casefold() == wanted), None)

    def _own_track(self, name: str, kind: CharacterKind, taken: dict) -> str | None:
        """An NPC's own stress track ("Guard", "Morale"): the key our flags name, else (for an
        NPC) the track's name itself."""
        flagged = self.ours.get("stress_boxes")
        if isinstance(flagged, dict):
            for key in flagged:
                if isinstance(key, str) and key not in taken and norm(key) == norm(name):
                    return key
        if kind != CharacterKind.PC and name and name not in taken:
            return name
        return None


    def _kind(self, default: CharacterKind = CharacterKind.PC) -> CharacterKind:
        try:
            return CharacterKind(self.ours.get("kind"))
        except ValueError:
            return default


    def _id(self) -> str:
        found = self.ours.get("id")
        return found if isinstance(found, str) and 0 < len(found) <= 64 else new_id()

    def _restore_kept(self, body: dict) -> None:
        """Fields only Fate Desk has (history, saved points...), from our own flags if intact."""
        kept = self.ours.get("kept")
        if not isinstance(kept, dict):
            return
        for key, model in (("advancement", HistoryEntry), ("rule_breaks", RuleBreak), ("extras", Extra),
                           ("tracks", CustomTrack)):
            try:
                body[key] = [model.model_validate(v) for v in kept.get(key, [])]
            except (ValidationError, TypeError):
                pass
        for key in ("saved_skill_points", "carried_fate_points", "scale", "modes"):
            if key in kept:
                body[key] = kept[key]
        extras = kept.get("aspect_extras")
        if isinstance(extras, list) and len(extras) == len(body["aspects"]):
            body["aspects"] = [_merged(a, e) for a, e in zip(body["aspects"], extras)]
        extras = kept.get("consequence_extras")
        if isinstance(extras, list):
            matched = {(e.get("slot"), e.get("text")): e for e in extras if isinstance(e, dict)}
            body["consequences"] = [_merged(c, matched.get((c.slot, c.text))) for c in body["consequences"]]
        if self.slot_specs is not None:
            body["consequence_slots"] = self.slot_specs

    def _validate(self, body: dict) -> Character:
        try:
            return Character.model_validate(body)
        except ValidationError:
            for key in ("advancement", "rule_breaks", "saved_skill_points", "carried_fate_points", "scale",
                        "consequence_slots", "extras", "tracks", "modes"):
                body.pop(key, None)  # our flags were edited into nonsense: leave them out
        try:
            return Character.model_validate(body)
        except ValidationError as exc:
            raise FileFormatError(self.r.source, describe(exc)) from None

    own_notes = ""  # the character's own notes, before what the import kept there

    def _marks_beyond(self, character: Character) -> Character:
        """Marks on boxes the character does not have in Fate Desk (FateX gives every Fate Core
        character four boxes a track; the rule set gives two to a Mediocre Physique): kept in the
        notes and said in the summary, never dropped without a word."""
        if character.stress_boxes is not None:
            return character
        derived = derive(character, self.rules).stress
        stress, lines = {}, []
        for track_id, marks in character.stress.items():
            count = len(derived.get(track_id, []))
            beyond = [i for i in marks if i >= count]
            if beyond:
                name = derived_name(self.rules, character, track_id)
                boxes = ", ".join(str(i + 1) for i in beyond)
                self.log.keep(f"Stress {name}", f"box {boxes} marked; Fate Desk gives this character {count}")  # i18n: stored
                lines.append(ngettext(
                    "stress track {track}: box {boxes} was marked, but the character has only {count} box "
                    "here; kept in the notes",
                    "stress track {track}: box {boxes} was marked, but the character has only {count} boxes "
                    "here; kept in the notes", count).format(track=name, boxes=boxes, count=count))
            kept = [i for i in marks if i < count]
            if kept:
                stress[track_id] = kept
        if not lines:
            return character
        for line in lines:
            self.log.note(line)
        notes = "\n\n".join(p for p in (self.own_notes, self.log.kept_block()) if p)
        try:
            return Character.model_validate({**character.model_dump(), "stress": stress, "notes": notes})
        except ValidationError:
            return character

    def _own_boxes(self, character: Character, values: dict[str, list[int]]) -> Character:
        """NPCs and monsters keep stress boxes the rule set would not give them."""
        if not values or character.kind == CharacterKind.PC:
            return character
        flagged = self.ours.get("stress_boxes")
        if isinstance(flagged, dict) and set(flagged) == set(values) and all(
                isinstance(v, list) and len(v) == len(values[k]) and all(isinstance(x, int) for x in v)
                for k, v in flagged.items()):
            values = flagged  # the box values FCO's labels cannot say (1, 2, 2...)
        derived = derive(character, self.rules).stress
        if all(derived.get(k) == v for k, v in values.items()) and set(derived) == set(values):
            return character
        try:
            return Character.model_validate({**character.model_dump(), "stress_boxes": values})
        except ValidationError:
            return character


def derived_name(rules, character: Character, track_id: str) -> str:
    """A track's name as the sheet shows it (the rule set's, or the custom track's)."""
    for track in rules.stress.tracks:
        if track.id == track_id:
            return track.name
    return next((t.name for t in character.all_tracks() if t.id == track_id), track_id)


def _merged(model, extra: dict | None):
    if not isinstance(extra, dict):
        return model
    try:
        return type(model).model_validate({**extra, **model.model_dump(exclude_defaults=True)})
    except ValidationError:
        return model
