"""What the GM prep actions in the registry do, kept out of the main window."""

from __future__ import annotations

from fate_desk.i18n import _

from .quick_npc import QuickNpcDialog


def quick_npc(window):
    """Ask for one line; on Create add the minor NPC, select it and open its card."""
    document = window.document
    if document is None:
        return None
    ruleset = document.ruleset_for()
    track = ruleset.stress.tracks[0].id if ruleset.stress.tracks else "stress"
    dialog = QuickNpcDialog(track, ruleset.id, window)
    window.quick_npc_dialog = dialog  # tests and screenshots reach the open dialog here
    dialog.accepted.connect(lambda: _add(window, dialog))
    dialog.open()  # not exec(): the event loop keeps running (tests drive the open dialog)
    return dialog


def _add(window, dialog: QuickNpcDialog) -> None:
    character = dialog.character()
    if character is None or window.document is None:
        return
    window.document.add(character, _("Add {name}").format(name=character.name))
    if window.navigator is not None:  # it fills in just after the first sheet at start-up
        window.navigator.select(character.id)
    window.sheets.open_entity(character.id)
    window.statusBar().showMessage(_("Added the minor NPC {name}").format(name=character.name), 4000)
