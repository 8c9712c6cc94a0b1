"""Views that show one campaign entry and hear when that entry changes."""

from __future__ import annotations


class HearsOwnEntry:
    """Mixin for a widget that shows the entry `entity_id`: `own_entry_changed()` runs once when
    that entry changes, whether alone (entityChanged) or among the many a step changed at once
    (entriesChanged, one signal with their ids)."""

    entity_id: str | None = None

    def hear_own_entry(self, document, hear: bool = True) -> None:
        """Hear `document`'s changes to this widget's entry (or stop hearing them)."""
        for signal, slot in ((document.entityChanged, self._one_changed),
                             (document.entriesChanged, self._many_changed)):
            if hear:
                signal.connect(slot)
            else:
                signal.disconnect(slot)

    def _one_changed(self, entity_id: str) -> None:
        if entity_id == self.entity_id:
            self.own_entry_changed()

    def _many_changed(self, entity_ids: list[str]) -> None:
        if self.entity_id is not None and self.entity_id in entity_ids:
            self.own_entry_changed()

    def own_entry_changed(self) -> None:
        raise NotImplementedError


class FollowsEntry(HearsOwnEntry):
    """Mixin for a panel that shows `entity_id` of `document` and defines `refresh()`. While the
    panel is hidden (a dock closed or tabbed behind another), the entry's changes mark it stale
    and it refreshes when it shows again: typing in a sheet never redraws a panel no one sees."""

    document = None
    _stale = False

    def show_for(self, document, entity_id: str | None) -> None:
        if document is not self.document:
            if self.document is not None:
                self.hear_own_entry(self.document, hear=False)
            self.document = document
            if document is not None:
                self.hear_own_entry(document)
        self.entity_id = entity_id
        if self.isVisible() or document is None:
            self.refresh()
        else:
            self._stale = True

    def own_entry_changed(self) -> None:
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.refresh()
