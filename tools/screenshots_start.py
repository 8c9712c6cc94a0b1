"""Screenshots of the start pages, the backups dialog, About, the guide and the delete notice."""

from __future__ import annotations

from pathlib import Path


def grab_start_and_files(window, grab, theme: str, scratch: Path) -> None:
    from fate_desk.gui.about import open_user_guide, show_about
    from fate_desk.gui.dialogs.restore_backup import RestoreBackupDialog
    from fate_desk.model import Campaign

    window.resize(1280, 800)
    sample = window.document.path
    window.show_welcome()
    grab(window, f"main-welcome-{theme}")
    window.welcome.hide()
    restore = RestoreBackupDialog(sample, parent=window)
    restore.show()
    grab(restore, f"dialog-restore-backup-{theme}")
    restore.close()
    about = show_about(window)
    grab(about, f"dialog-about-{theme}")
    guide = open_user_guide(window)
    grab(guide, f"window-user-guide-{theme}")
    guide.close()
    about.close()
    selected = window.tabs.current_entity_id()
    window.edits.delete_entity(selected)
    grab(window, f"main-deleted-undo-{theme}")
    window.document.undo_stack.undo()
    empty = scratch / f"empty-{theme}.fatedesk"
    window.files.create(Campaign(name="Skyships"), empty)
    grab(window, f"main-empty-campaign-{theme}")
    for size in ((1024, 700), (1280, 800)):
        window.resize(*size)
        window.edits.add_entry("pc")
        grab(window, f"main-new-pc-{size[0]}x{size[1]}-{theme}")
    window.resize(1280, 800)
    window.campaigns.open_path(sample)
