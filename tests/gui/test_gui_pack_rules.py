"""Game packs by their own SRDs on the sheet, driven through the real widgets: a second Master
Flight from the library never buys Basic Flight again, a parcel of loot clears the Wealth boxes the
player picks, an Atomic Robo mode's stress boxes go where the player puts them and a signature
aspect's compel is worth two, and the aspects extras and conditions bring are offered at the table.
The SRDs are in fate-srd/fate-srd-content, docs/markdown/."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.play.fate_dialogs import CompelDialog
from fate_desk.gui.play.roll_dialog import RollDialog
from fate_desk.model import Campaign
from fate_desk.rules import load_catalog
from fate_desk.store.campaign_file import CampaignFile
from fate_desk.store.packs import pack_samples

from table_helpers import on_disk, sample_document
from test_gui_extras import click, open_sheet


def pack_document(folder, pack_id: str, **changes) -> tuple[CampaignDocument, str]:
    """A campaign of the pack's rule set holding its sample character (changed as asked)."""
    sample = pack_samples(load_catalog().packs[pack_id])[0].model_copy(update={"id": "pc-sample", **changes})
    campaign = Campaign(name=pack_id, ruleset=pack_id, characters=[sample])
    return CampaignDocument(CampaignFile.create(folder / "pack.fatedesk", campaign)), "pc-sample"


def test_a_second_master_flight_never_buys_basic_flight_again(qtbot, tmp_path):
    """Venture City SRD, "Enhancements": "Miles ... invests in Master Flight, purchasing the
    enhancement twice ... He's now used the three stunts that must be spent on powers"."""
    def venture(campaign):
        campaign.ruleset = "venture-city"
        for c in campaign.characters:
            c.ruleset = "venture-city"
        return campaign

    document = sample_document(tmp_path, venture)
    sheet = open_sheet(qtbot, document)
    for _time in range(2):
        click(qtbot, sheet.extras.library_button)
        library = sheet.extras.dialog
        qtbot.keyClicks(library.words, "master flight")
        library.kind.setCurrentIndex(library.kind.findData("extra"))
        click(qtbot, library.insert_button)
    extras = [e.name for e in on_disk(document).character("pc-maren").extras]
    assert extras == ["Master Flight", "Basic Flight", "Master Flight"]
    assert "three more only for extras, all taken" in sheet.stunts.summary.text()
    document.close()


def test_a_parcel_of_loot_clears_the_wealth_boxes_the_player_picks(qtbot, tmp_path):
    """Fate System Toolkit, "Wealth": "Acquiring a parcel of Wealth lets you clear any number of stress
    boxes whose total values don't exceed the parcel's value"."""
    document, cid = pack_document(tmp_path, "wealth-hack", stress={"wealth": [0, 1, 2, 3]})
    sheet = open_sheet(qtbot, document, cid)
    row = next(r for r in sheet.extras.track_rows if r.track_id == "wealth")
    assert row.clear_button.text() == "Loot…"
    click(qtbot, row.clear_button)
    loot = sheet.extras.dialog
    loot.parcel.setValue(3)
    boxes = list(loot.boxes.values())
    assert [b.isEnabled() for b in boxes] == [True, True, True, False]  # the 4 box is worth more than 3
    boxes[0].setChecked(True)
    boxes[1].setChecked(True)
    ok = loot.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    boxes[2].setChecked(True)  # 1 + 2 + 3 = 6: more than the parcel
    assert not ok.isEnabled() and "worth 6" in loot.total.text()
    boxes[2].setChecked(False)
    ok.click()
    assert on_disk(document).character(cid).stress["wealth"] == [2, 3]
    document.undo_stack.undo()
    assert on_disk(document).character(cid).stress["wealth"] == [0, 1, 2, 3]
    document.close()


def test_an_atomic_robo_modes_boxes_go_where_the_player_puts_them(qtbot, tmp_path):
    """Atomic Robo RPG SRD, "Modes and Stress": "you could have two more physical stress boxes, two more
    mental stress boxes, or one in each"."""
    document, cid = pack_document(tmp_path, "atomic-robo")
    sheet = open_sheet(qtbot, document, cid)
    split = sheet.modes.splits["Action"]  # the sample's Good (+3) Action: Athletics, Physique and Provoke
    assert split.isVisibleTo(sheet) and split.count() == 3
    split.setCurrentIndex(1)  # one each
    split.activated.emit(1)
    assert on_disk(document).character(cid).mode_stress == {"Action": {"physical": 1, "mental": 1}}
    document.close()


def test_a_signature_aspect_is_ticked_on_the_sheet_and_its_compel_is_worth_two(qtbot, tmp_path):
    """Atomic Robo RPG SRD, "Have a Signature Aspect": "when the GM compels that aspect, she must offer
    you two fate points instead of one"."""
    document, cid = pack_document(tmp_path, "atomic-robo")
    sheet = open_sheet(qtbot, document, cid)
    signature = sheet.modes.signature
    assert signature is not None and signature.isVisibleTo(sheet)
    concept = document.campaign.character(cid).aspects[0].text
    next(a for a in signature.menu().actions() if a.text() == concept).trigger()
    assert on_disk(document).character(cid).aspects[0].signature
    assert signature.text() == concept
    dialog = CompelDialog(document, cid, sheet)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.aspect.setCurrentIndex(dialog.aspect.findData(concept))
    assert dialog.accept_button.text() == "A&ccept (+2)" and dialog.refuse_button.text() == "&Refuse (−2)"
    points = document.campaign.character(cid).fate_points
    click(qtbot, dialog.accept_button)
    assert on_disk(document).character(cid).fate_points == points + 2
    document.close()


def test_an_extras_aspect_and_a_condition_are_offered_to_invoke(qtbot, tmp_path):
    """Frontier Spirit SRD, "High Technology": "Your gear has an aspect as well, which can be invoked or
    compelled"; Fate System Toolkit, "Conditions": a condition "is an aspect on your character sheet
    like any other"."""
    document, cid = pack_document(tmp_path, "frontier-spirit")
    dialog = RollDialog(document, cid)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.panel.roll_button)
    offered = [dialog.panel.aspect.itemText(i) for i in range(dialog.panel.aspect.count())]
    assert any("My Sonic Excavator" in text for text in offered)
    dialog.reject()
    document.close()
    (tmp_path / "toolkit").mkdir()
    document, cid = pack_document(tmp_path / "toolkit", "toolkit-conditions", stress={"angry": [0]})
    compel = CompelDialog(document, cid)
    qtbot.addWidget(compel)
    assert compel.aspect.findData("Angry") >= 0 and compel.aspect.findData("Wounded") < 0  # only those suffered
    document.close()
