"""Extras, custom tracks and the library on the sheet, driven through the real widgets: add an
extra and see refresh and stress change, take a hit on a custom track, clear it by its rule,
insert from the library, and undo each step (Fate Core SRD, "Extras"; Fate System Toolkit SRD,
"Conditions" and "Wealth")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QDialogButtonBox

from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import CustomTrack, TrackClears

from table_helpers import on_disk, sample_document


def core_rules(campaign):
    campaign.ruleset = "fate-core"
    for c in campaign.characters:
        c.ruleset = "fate-core"
    return campaign


def with_tracks(campaign):
    core_rules(campaign)
    maren = campaign.characters[0]
    maren.tracks = [
        CustomTrack(id="wealth", name="Wealth", boxes=[1, 2], skill="Resources", clears=TrackClears.EVENT,
                    event="you gain a parcel of Wealth"),
        CustomTrack(id="angry", name="Angry", boxes=[1], clears=TrackClears.SCENE, absorbs=["physical", "mental"]),
    ]
    return campaign


def click(qtbot, widget):
    qtbot.waitUntil(widget.isVisible)
    assert widget.isEnabled(), widget
    at = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) else widget.rect().center()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)


def open_sheet(qtbot, document, character_id="pc-maren"):
    sheet = CharacterSheet(document, character_id)
    qtbot.addWidget(sheet)
    sheet.resize(1100, 900)
    sheet.show()
    return sheet


def type_into(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def test_adding_an_extra_changes_refresh_and_stress_and_undoes(qtbot, tmp_path):
    document = sample_document(tmp_path, core_rules)
    sheet = open_sheet(qtbot, document)
    refresh_before = sheet.refresh_value.text()
    click(qtbot, sheet.extras.add_extra_button)
    dialog = sheet.extras.dialog
    qtbot.waitUntil(dialog.isVisible)
    qtbot.keyClicks(dialog.name, "Rocket Pack")
    qtbot.keyClicks(dialog.permission, "Daredevil Test Pilot")
    type_into(qtbot, dialog.refresh.lineEdit(), "1")
    qtbot.keyClicks(dialog.bonuses, "Physique +2")
    qtbot.keyClicks(dialog.stunts, "Boost: +2 to overcome with Athletics while flying.")
    dialog.track_box.setFocus()
    qtbot.keyClick(dialog.track_box, Qt.Key.Key_Space)  # tick "It has a track of its own"
    assert dialog.track_box.isChecked()
    qtbot.keyClicks(dialog.track_fields.name, "Fuel")
    type_into(qtbot, dialog.track_fields.boxes, "1 1 1")
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    maren = on_disk(document).character("pc-maren")
    assert [e.name for e in maren.extras] == ["Rocket Pack"]
    assert maren.advancement[-1].kind == "extra" and "Rocket Pack" in maren.advancement[-1].summary
    assert int(sheet.refresh_value.text()) == int(refresh_before) - 1
    assert "for extras" in sheet.refresh_explanation.text()
    assert len(sheet.stress.boxes("fuel")) == 3
    # Physique Fair (+2) +2 is Great (+4): Fate Core's fourth physical box.
    assert len(sheet.stress.boxes("physical")) == 4
    row = sheet.extras.extra_rows[0]
    assert "Costs 1 refresh" in row.title.text() and "Physique +2" in row.grants.text()
    # Switch it off: refresh comes back, the track goes; one undo step each.
    click(qtbot, row.switch)
    assert sheet.refresh_value.text() == refresh_before and not sheet.stress.boxes("fuel")
    document.undo_stack.undo()
    assert int(sheet.refresh_value.text()) == int(refresh_before) - 1
    document.undo_stack.undo()
    assert sheet.refresh_value.text() == refresh_before and on_disk(document).character("pc-maren").extras == []
    assert len(sheet.stress.boxes("physical")) == 3
    document.close()


def test_a_bad_extra_line_is_explained_in_the_dialog_and_nothing_changes(qtbot, tmp_path):
    document = sample_document(tmp_path, core_rules)
    sheet = open_sheet(qtbot, document)
    click(qtbot, sheet.extras.add_extra_button)
    dialog = sheet.extras.dialog
    qtbot.keyClicks(dialog.name, "Odd")
    qtbot.keyClicks(dialog.bonuses, "plenty of Physique")
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    assert dialog.isVisible() and "Physique +2" in dialog.status.text()
    assert document.undo_stack.count() == 0
    dialog.reject()
    document.close()


def test_a_hit_on_a_custom_track_then_its_event_clears_it_each_step_undone(qtbot, tmp_path):
    document = sample_document(tmp_path, with_tracks)
    sheet = open_sheet(qtbot, document)
    assert len(sheet.stress.boxes("wealth")) == 2
    click(qtbot, sheet.play.hit_button)
    hit = sheet.play.dialog
    assert hit.track.findData("wealth") >= 0  # Take a hit offers the custom tracks
    hit.track.setCurrentIndex(hit.track.findData("wealth"))
    hit.shifts.setValue(2)
    assert hit.option_texts()[0] == "Mark the Wealth box worth 2"
    click(qtbot, hit.take_button)
    assert on_disk(document).character("pc-maren").stress == {"wealth": [1]}
    assert sheet.stress.boxes("wealth")[1].isChecked()
    wealth_row = next(r for r in sheet.extras.track_rows if r.track_id == "wealth")
    assert "you gain a parcel of Wealth" in wealth_row.label.text()
    click(qtbot, wealth_row.clear_button)
    maren = on_disk(document).character("pc-maren")
    assert maren.stress == {} and "you gain a parcel of Wealth" in maren.advancement[-1].summary
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").stress == {"wealth": [1]}
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").stress == {}
    document.close()


def test_a_track_that_absorbs_physical_harm_is_offered_in_take_a_hit(qtbot, tmp_path):
    document = sample_document(tmp_path, with_tracks)
    sheet = open_sheet(qtbot, document)
    click(qtbot, sheet.play.hit_button)
    hit = sheet.play.dialog
    hit.track.setCurrentIndex(hit.track.findData("physical"))
    hit.shifts.setValue(1)
    angry = next(t for t in hit.option_texts() if "Angry" in t)
    hit.choose(angry)
    click(qtbot, hit.take_button)
    assert on_disk(document).character("pc-maren").stress == {"angry": [0]}
    document.close()


def test_a_fleeting_track_clears_when_the_scene_ends_a_sticky_one_stays(qtbot, tmp_path):
    from fate_desk.gui.app import start

    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    try:
        doc = window.document
        tracks = with_tracks(doc.campaign.model_copy(deep=True)).characters[0].tracks
        doc.edit("pc-maren", lambda c: c.model_copy(update={"tracks": tracks, "stress": {"angry": [0], "wealth": [0]}}),
                 "Mark tracks")
        window.actions["end_scene"].trigger()
        dialog = window.table.dialog
        dialog.ok.click()
        maren = on_disk(doc).character("pc-maren")
        assert maren.stress == {"wealth": [0]}
        assert "Angry cleared at the end of the scene." in window.table.summary.text()
        doc.undo_stack.undo()
        assert on_disk(doc).character("pc-maren").stress == {"angry": [0], "wealth": [0]}
    finally:
        window.close()


def test_the_library_finds_a_stunt_by_word_and_inserts_it(qtbot, tmp_path):
    document = sample_document(tmp_path, core_rules)
    sheet = open_sheet(qtbot, document)
    stunts_before = len(document.entity("pc-maren").stunts)
    click(qtbot, sheet.extras.library_button)
    library = sheet.extras.dialog
    qtbot.waitUntil(library.isVisible)
    qtbot.keyClicks(library.words, "lock whisperer")
    assert library.results.count() == 1 and "Lock Whisperer" in library.results.item(0).text()
    assert "Burglary" in library.detail.text()
    click(qtbot, library.insert_button)
    maren = on_disk(document).character("pc-maren")
    assert len(maren.stunts) == stunts_before + 1 and maren.stunts[-1].name == "Lock Whisperer"
    document.undo_stack.undo()
    assert len(on_disk(document).character("pc-maren").stunts) == stunts_before
    document.close()


def test_the_library_inserts_a_packs_extra_with_what_it_includes(qtbot, tmp_path):
    def venture(campaign):
        campaign.ruleset = "venture-city"
        for c in campaign.characters:
            c.ruleset = "venture-city"
        return campaign

    document = sample_document(tmp_path, venture)
    sheet = open_sheet(qtbot, document)
    click(qtbot, sheet.extras.library_button)
    library = sheet.extras.dialog
    qtbot.keyClicks(library.words, "master flight")
    library.kind.setCurrentIndex(library.kind.findData("extra"))
    click(qtbot, library.insert_button)
    assert [e.name for e in on_disk(document).character("pc-maren").extras] == ["Master Flight", "Basic Flight"]
    assert document.undo_stack.count() == 1
    document.close()


def test_the_library_picks_a_pack_by_id_when_two_share_a_name(qtbot, tmp_path):
    """A user's copy of Venture City under an id of its own, keeping the name, whose Master
    Flight costs 2 refresh: choosing the copy's extra inserts the copy's, never the shipped one
    of the same name (issue 45: refresh 0 instead of 2)."""
    import shutil

    from fate_desk.paths import packs_dir
    from fate_desk.rules import load_catalog
    from fate_desk.gui.document import CampaignDocument
    from fate_desk.store.campaign_file import CampaignFile

    from table_helpers import read_bundle, sample_bundle_path

    copy = tmp_path / "packs" / "my-venture"
    shutil.copytree(packs_dir() / "venture-city", copy)
    for path in copy.iterdir():
        path.write_text(path.read_text().replace('"venture-city"', '"my-venture"'))
    toml = copy / "pack.toml"
    toml.write_text(toml.read_text().replace(
        'cost = { stunt_slots = 1 }\nincludes = ["basic-flight"]', "cost = { refresh = 2 }", 1))
    catalog = load_catalog(user_packs=tmp_path / "packs")
    assert catalog.packs["my-venture"].name == catalog.packs["venture-city"].name
    campaign = core_rules(read_bundle(sample_bundle_path()))
    document = CampaignDocument(CampaignFile.create(tmp_path / "c.fatedesk", campaign), catalog)
    sheet = open_sheet(qtbot, document)
    click(qtbot, sheet.extras.library_button)
    library = sheet.extras.dialog
    packs = [library.pack.itemText(i) for i in range(library.pack.count())]
    assert "Venture City (my-venture)" in packs and "Venture City (venture-city)" in packs  # told apart
    library.pack.setCurrentIndex(library.pack.findData("my-venture"))
    library.kind.setCurrentIndex(library.kind.findData("extra"))
    qtbot.keyClicks(library.words, "master flight")
    assert library.results.count() == 1
    click(qtbot, library.insert_button)
    extras = on_disk(document).character("pc-maren").extras
    assert [(e.name, e.cost.refresh) for e in extras] == [("Master Flight", 2)]
    document.close()


# --- installing a pack by dropping or opening it ----------------------------------------------


@pytest.fixture
def window(qtbot, tmp_path):
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings
    from fate_desk.rules import load_catalog

    from gui_helpers import blank_pc, new_document

    win = MainWindow(Settings(), catalog=load_catalog())
    qtbot.addWidget(win)
    win.set_document(new_document(tmp_path, blank_pc("Ash")))
    yield win
    win.close()


def my_pack(tmp_path, pack_id="my-ashes", broken=False):
    """A copy of the War of Ashes pack under an id of its own (what docs/rulesets.md tells a user to do)."""
    import shutil

    from fate_desk.paths import packs_dir

    folder = tmp_path / "incoming" / pack_id
    shutil.copytree(packs_dir() / "war-of-ashes", folder)
    for name in ("pack.toml", "ruleset.toml"):
        path = folder / name
        path.write_text(path.read_text().replace('id = "war-of-ashes"', f'id = "{pack_id}"'))
    sample = folder / "sample.fate.json"
    sample.write_text(sample.read_text().replace('"war-of-ashes"', f'"{pack_id}"'))
    if broken:
        path = folder / "pack.toml"
        path.write_text(path.read_text().replace("cost = { stunt_slots = 1 }", "cost = { refresh = 500 }", 1))
    return folder


def drop(window, path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    target = window.centralWidget()
    enter = QDragEnterEvent(QPoint(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, event)
    QApplication.processEvents()  # the drop returns at once; what was dropped is taken in after it
    return event


def test_dropping_a_pack_folder_installs_it_and_offers_its_rule_set(window, tmp_path, user_data):
    assert drop(window, my_pack(tmp_path)).isAccepted()
    assert (user_data / "packs" / "my-ashes" / "pack.toml").is_file()
    assert window.catalog.get("my-ashes").name == "War of Ashes"
    assert "my-ashes" in window.catalog.packs and window.catalog.is_user("my-ashes")
    assert "Installed the game pack War of Ashes" in window.statusBar().currentMessage()


def test_opening_a_single_file_pack_installs_it(window, tmp_path, user_data):
    from fate_desk.paths import packs_dir

    source = tmp_path / "mine.fatepack.toml"
    source.write_text((packs_dir() / "wealth-hack.fatepack.toml").read_text().replace("wealth-hack", "my-wealth"))
    assert window.campaigns.open_path(source)
    assert (user_data / "packs" / "my-wealth.fatepack.toml").is_file()
    assert "my-wealth" in window.catalog.rulesets


def test_a_broken_pack_dropped_is_refused_with_the_line_that_says_where(window, tmp_path, user_data):
    from PySide6.QtWidgets import QMessageBox

    drop(window, my_pack(tmp_path, broken=True))
    box = next(b for b in window.findChildren(QMessageBox) if b.isVisible())
    assert "extras[0].cost.refresh" in box.text() and "my-ashes/pack.toml" in box.text()
    assert not (user_data / "packs" / "my-ashes").exists() and "my-ashes" not in window.catalog.packs


def test_a_copy_of_a_shipped_pack_under_the_same_id_is_refused(window, tmp_path, user_data):
    from PySide6.QtWidgets import QMessageBox

    drop(window, my_pack(tmp_path, pack_id="war-of-ashes"))
    box = next(b for b in window.findChildren(QMessageBox) if b.isVisible())
    assert "give your copy an id of its own" in box.text()


def test_stunt_slots_an_extra_costs_show_in_the_stunts_box(qtbot, tmp_path):
    from fate_desk.rules import default_catalog
    from fate_desk.store.packs import pack_samples

    from gui_helpers import new_document

    miles = pack_samples(default_catalog().packs["venture-city"])[0]
    document = new_document(tmp_path, miles)
    sheet = open_sheet(qtbot, document, miles.id)
    # Venture City SRD: "We're giving you three bonus stunts on top of what you normally get from
    # Fate Core to use exclusively for building powers": the power takes seven slots, the three
    # bonus ones and Fate Core's three free ones, the seventh paid with refresh.
    summary = sheet.stunts.summary.text()
    assert "all used (four by extras)" in summary and "three more only for extras, all taken" in summary
    assert sheet.refresh_value.text() == "2"
    assert "Costs 7 stunt slots" in sheet.extras.extra_rows[0].title.text()
    document.close()


def test_a_lasting_track_is_treated_then_clears_after_a_full_session(qtbot, tmp_path):
    # Fate System Toolkit SRD, "Conditions": a lasting condition needs an overcome against at
    # least Great (+4) to start recovering, then clears after one more full session.
    from PySide6.QtWidgets import QDialogButtonBox as Buttons, QSpinBox

    from fate_desk.gui.clock.dialogs import EndSessionDialog

    def wounded(campaign):
        core_rules(campaign)
        campaign.characters[0].tracks = [CustomTrack(id="wounded", name="Wounded", boxes=[4],
                                                     clears=TrackClears.RECOVERY, absorbs=["physical"])]
        campaign.characters[0].stress = {"wounded": [0]}
        return campaign

    document = sample_document(tmp_path, wounded)
    sheet = open_sheet(qtbot, document)
    row = next(r for r in sheet.extras.track_rows if r.track_id == "wounded")
    assert "needs treatment" in row.label.text()
    click(qtbot, row.treat_button)
    dialog = sheet.extras.dialog
    qtbot.waitUntil(dialog.isVisible)
    spin = dialog.findChild(QSpinBox)
    type_into(qtbot, spin.lineEdit(), "4")
    click(qtbot, dialog.findChild(Buttons).button(Buttons.StandardButton.Ok))
    maren = on_disk(document).character("pc-maren")
    assert maren.tracks[0].recovering and "Treated Wounded" in maren.advancement[-1].summary
    row = next(r for r in sheet.extras.track_rows if r.track_id == "wounded")
    assert "Recovering" in row.label.text()
    for _ in range(2):  # the session it was treated in does not count; the next one does
        end = EndSessionDialog(document)
        qtbot.addWidget(end)
        end.ok.click()
    maren = on_disk(document).character("pc-maren")
    assert maren.stress == {} and not maren.tracks[0].recovering
    document.undo_stack.undo()
    assert on_disk(document).character("pc-maren").stress == {"wounded": [0]}
    document.close()


def test_an_atomic_robo_sheet_rates_modes_and_its_stress_follows(qtbot, tmp_path):
    # Atomic Robo RPG SRD, "Modes and Stress": a Good (+3) mode holding Athletics or Physique adds
    # two physical boxes.
    from PySide6.QtWidgets import QGroupBox

    from fate_desk.model import Character

    from gui_helpers import new_document

    robo = Character(name="Jenkins", ruleset="atomic-robo")
    document = new_document(tmp_path, robo)
    sheet = open_sheet(qtbot, document, robo.id)
    assert sheet.findChild(QGroupBox, "modesBox").isVisible()
    assert len(sheet.stress.boxes("physical")) == 2
    combo = sheet.modes.combos["Action"]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # Not taken → Good (+3), as a keyboard user picks it
    assert on_disk(document).character(robo.id).modes == {"Action": 3}
    assert len(sheet.stress.boxes("physical")) == 4
    assert "leave 21 of 30 points" in sheet.modes.hint.text()
    document.undo_stack.undo()
    assert on_disk(document).character(robo.id).modes == {} and len(sheet.stress.boxes("physical")) == 2
    document.close()


def test_the_modes_box_is_hidden_for_rule_sets_without_modes(qtbot, tmp_path):
    from PySide6.QtWidgets import QGroupBox

    document = sample_document(tmp_path, core_rules)
    sheet = open_sheet(qtbot, document)
    assert not sheet.findChild(QGroupBox, "modesBox").isVisible()
    document.close()


def test_take_a_hit_fills_in_armor_and_the_attackers_weapon_from_extras(qtbot, tmp_path):
    # Fate Core SRD, Extras, "Weapon And Armor Ratings" (with the campaign's Weapon and Armor option on).
    from fate_desk.model import Extra

    def armed(campaign):
        core_rules(campaign)
        campaign.options.weapon_armor = True
        campaign.characters[0].extras = [Extra(name="Mail Shirt", armor=2)]
        bruiser = next(c for c in campaign.characters if c.id == "npc-bruiser")
        bruiser.extras = [Extra(name="Boarding Axe", weapon=3)]
        return campaign

    document = sample_document(tmp_path, armed)
    sheet = open_sheet(qtbot, document)
    click(qtbot, sheet.play.hit_button)
    hit = sheet.play.dialog
    assert hit.armor.value() == 2 and hit.weapon.value() == 0
    hit.attacker.setCurrentIndex(hit.attacker.findData("npc-bruiser"))
    assert hit.weapon.value() == 3
    hit.shifts.setValue(1)
    assert "A hit of one shift + Weapon:3 − Armor:2 = 2 shifts." in hit.hit_label.text()
    document.close()


def test_a_switched_on_extras_skill_bonus_is_what_the_roll_uses(qtbot, tmp_path):
    """Fate Core SRD, "Extras": an extra that gives a bonus to a skill changes what the character
    rolls with it; switched off, the sheet's own rating is rolled again."""
    from fate_desk.model import Extra, ExtraCost
    from fate_desk.model.ladder import ladder_label

    def strong(campaign):
        maren = campaign.character("pc-maren")
        maren.extras = [Extra(name="Harbour-Crane Arms", cost=ExtraCost(refresh=1), skill_bonuses={"Physique": 2})]
        return campaign

    document = sample_document(tmp_path, strong)
    sheet = open_sheet(qtbot, document)
    base = document.campaign.character("pc-maren").rating("Physique")
    click(qtbot, sheet.play.roll_button)
    panel = sheet.play.dialog.panel
    panel.select_character("pc-maren")
    panel.select_skill("Physique")
    assert panel.skill.currentText() == f"Physique — {ladder_label(base + 2)}"
    assert panel.setup().rating == base + 2
    sheet.play.dialog.reject()
    document.edit("pc-maren", lambda c: c.model_copy(update={"extras": [
        c.extras[0].model_copy(update={"active": False})]}), "Switch the extra off")
    click(qtbot, sheet.play.roll_button)
    panel = sheet.play.dialog.panel
    panel.select_character("pc-maren")
    panel.select_skill("Physique")
    assert panel.setup().rating == base
    sheet.play.dialog.reject()
    document.close()


def test_a_characters_own_track_is_changed_in_place_its_marks_kept_and_undone(qtbot, tmp_path):
    """Edit… on a custom track opens it as it stands; OK changes it in place (same track, so a
    marked box stays marked where the track still has it), as one undo step."""
    def marked(campaign):
        with_tracks(campaign)
        campaign.characters[0].stress = {"wealth": [0, 1]}
        return campaign

    document = sample_document(tmp_path, marked)
    sheet = open_sheet(qtbot, document)
    row = next(r for r in sheet.extras.track_rows if r.track_id == "wealth")
    click(qtbot, row.edit_button)
    dialog = sheet.extras.dialog
    assert dialog.fields.name.text() == "Wealth" and dialog.fields.boxes.text() == "1 2"
    dialog.fields.name.setText("Fortune")
    dialog.fields.boxes.setText("1")
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    maren = on_disk(document).character("pc-maren")
    track = next(t for t in maren.tracks if t.id == "wealth")
    assert (track.name, track.boxes) == ("Fortune", [1])
    assert maren.stress["wealth"] == [0]  # the second box is gone, the first stays marked
    assert "Changed the track Wealth (now Fortune)" in maren.advancement[-1].summary
    document.undo_stack.undo()
    maren = on_disk(document).character("pc-maren")
    assert next(t for t in maren.tracks if t.id == "wealth").name == "Wealth" and maren.stress["wealth"] == [0, 1]
    document.close()


# --- sheets that show what the dice use --------------------------------------------------------


def _robo(tmp_path):
    """Jenkins, an Atomic Robo Action Scientist: Science Good (+3), Action Fair (+2), Intrigue
    Average (+1), no skill improved on the sheet."""
    from fate_desk.model import Character

    from gui_helpers import new_document

    robo = Character(name="Jenkins", ruleset="atomic-robo", modes={"Science": 3, "Action": 2, "Intrigue": 1})
    return robo, new_document(tmp_path, robo)


def test_an_atomic_robo_sheet_shows_each_skill_at_its_modes_rating_as_the_roll_dialog_rolls_it(qtbot, tmp_path):
    """Atomic Robo RPG SRD, "Modes": a mode's skills are trained at the mode's rating; one in two of
    the character's modes is focused (+1) under the higher, in three specialized (+2). The pyramid,
    the list, the roll dialog and the stress label all say the same."""
    robo, document = _robo(tmp_path)
    sheet = open_sheet(qtbot, document, robo.id)
    skills = sheet.skills
    notice = next(r for r in skills.pyramid.rows if "Notice" in r.names).rating
    assert notice == 5  # Science, Action and Intrigue all hold Notice: Good (+3) specialized
    assert next(r for r in skills.pyramid.rows if "Biology" in r.names).rating == 3
    assert next(r for r in skills.pyramid.rows if "Rapport" in r.names).rating == 0  # in none of them
    assert all(r.expected is None for r in skills.pyramid.rows)  # no pyramid or column slots
    assert "rated through your modes" in skills.shape_label.text() and "column" not in skills.shape_label.text()
    row = skills.model.row_of("Biology")
    assert skills.model.index(row, 1).data() == "Good (+3)"
    assert "trained by the Science mode" in skills.model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
    will = next(r for r in skills.pyramid.rows if "Will" in r.names).rating
    assert f"Will {ladder(will)}" in sheet.stress.rows["mental"][0].text()
    skills.pyramid.setFocus()
    skills.pyramid.select("Notice")
    qtbot.keyClick(skills.pyramid, Qt.Key.Key_Return)  # Enter on Notice rolls it
    dialog = sheet.play.dialog
    assert dialog.panel.rating.value() == notice
    assert not [p for p in document.check(robo.id).errors if p.code.startswith(("skills.pyramid", "skills.column"))]
    dialog.reject()
    document.close()


def ladder(rating: int) -> str:
    from fate_desk.model import ladder_label

    return ladder_label(rating)


def test_a_skill_bonus_from_an_extra_shows_on_the_sheet_with_its_source(qtbot, tmp_path):
    """Venture City: Doctor Volt's Arc Gauntlets add +1 to Shoot. The pyramid keeps Shoot in its
    Great (+4) row, marked +1; the list says it is rolled at Superb (+5) and why, as the dice do."""
    from fate_desk.model import Extra

    def volt(campaign):
        maren = campaign.characters[0]
        maren.extras = [Extra(name="Arc Gauntlets", skill_bonuses={"Shoot": 1}, skills={"Lore": 2})]
        return campaign

    document = sample_document(tmp_path, volt)
    maren = document.campaign.character("pc-maren")
    shoot = maren.rating("Shoot")
    sheet = open_sheet(qtbot, document)
    skills = sheet.skills
    row = next(r for r in skills.pyramid.rows if "Shoot" in r.names)
    assert row.rating == shoot and skills.pyramid.chip_text("Shoot") == "Shoot +1"
    listed = skills.model.index(skills.model.row_of("Shoot"), 1).data()
    assert listed == f"{ladder(shoot)}, rolled at {ladder(shoot + 1)}: +1 from Arc Gauntlets"
    lore = skills.model.index(skills.model.row_of("Lore"), 1).data()
    assert f"rolled at {ladder(max(2, maren.rating('Lore')))}" in lore or maren.rating("Lore") >= 2
    sheet.play.roll("Shoot")
    assert sheet.play.dialog.panel.rating.value() == shoot + 1 == document.rating_of(maren, "Shoot")
    sheet.play.dialog.reject()
    document.close()
