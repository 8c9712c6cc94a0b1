"""Panels that show one campaign entry and refresh whenever that entry changes."""

from __future__ import annotations


class FollowsEntry:
    """Mixin for a widget that shows `entity_id` of `document` and defines `refresh()`. While the
    widget is hidden (a dock closed or tabbed behind another), the entry's changes mark it stale
    and it refreshes when it shows again: typing in a sheet never redraws a panel no one sees."""

    document = None
    entity_id: str | None = None
    _stale = False

    def show_for(self, document, entity_id: str | None) -> None:
        if document is not self.document:
            if self.document is not None:
                self.document.entityChanged.disconnect(self._changed)
                self.document.entriesChanged.disconnect(self._changed_many)
            self.document = document
            if document is not None:
                document.entityChanged.connect(self._changed)
                document.entriesChanged.connect(self._changed_many)
        self.entity_id = entity_id
        if self.isVisible() or document is None:
            self.refresh()
        else:
            self._stale = True

    def _changed_many(self, entity_ids: list[str]) -> None:
        if self.entity_id is not None and self.entity_id in entity_ids:
            self._changed(self.entity_id)

    def _changed(self, entity_id: str) -> None:
        if entity_id != self.entity_id:
            return
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.refresh()
