"""Table ▸ Open the table to players' devices…: the address, a seat per player character (its QR
code, its link with Copy, its state, a new link), the GM's Allow / Refuse, the table's settings,
the devices connected, and Close the table. The dialog can be closed while the table stays open."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialogButtonBox, QFrame, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QPushButton,
    QRadioButton, QScrollArea, QSpinBox, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, ngettext
from fate_desk.table.addresses import machine_addresses
from fate_desk.table.qr import qr_png
from fate_desk.table.seats import ACT, VIEW, public_origin

from .. import access
from ..dialogs.base import FormDialog
from ..forms import child
from .session import TableSession, link_host

QR_PIXELS = 4  # a module of the code: 150-200 pixels for a link, readable across a table
DEVICE_ROLE = Qt.ItemDataRole.UserRole + 1

# What a browser says it runs on (fate_desk/table/server.py's platform_of), as the GM reads it.
_PLATFORMS = {
    "android": N_("an Android device"), "iphone": N_("an iPhone"), "ipad": N_("an iPad"),
    "windows": N_("a Windows computer"), "mac": N_("a Mac"), "chromebook": N_("a Chromebook"),
    "linux": N_("a Linux computer"), "browser": N_("a web browser"),
}


def device_words(label: str) -> str:
    """"an Android device at 192.168.1.23" for the server's "android 192.168.1.23"."""
    platform, _space, address = label.partition(" ")
    return _("{device} at {address}").format(device=_(_PLATFORMS.get(platform, _PLATFORMS["browser"])),
                                           address=address)


def heard_words(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return ngettext("{count} s ago", "{count} s ago", seconds).format(count=seconds)


class SeatCard(QFrame):
    """One player character's seat: name, QR code, link and Copy, state, New link, Allow / Refuse."""

    def __init__(self, dialog: "TableDialog", character_id: str, name: str):
        super().__init__()
        self.dialog = dialog
        self.character_id = character_id
        self.name = name
        self.request: int | None = None
        self.setObjectName(f"seat_{character_id}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.title.setFont(font)
        self.qr = QLabel()
        self.qr.setObjectName("seatQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.link = QLineEdit()
        self.link.setReadOnly(True)
        self.link.setObjectName("seatLink")
        self.copy = QPushButton(_("Copy"))
        self.copy.setObjectName("seatCopy")
        self.renew = QPushButton(_("New link for this seat"))
        self.renew.setObjectName("seatRenew")
        self.renew.setToolTip(_("Make a new link and code: the old one, and every device that used it, stop at once"))
        self.state = QLabel()
        self.state.setObjectName("seatState")
        self.state.setWordWrap(True)
        self.state.setTextFormat(Qt.TextFormat.PlainText)
        self.asking = QLabel()
        self.asking.setWordWrap(True)
        self.asking.setTextFormat(Qt.TextFormat.PlainText)
        self.allow = QPushButton(_("Allow"))
        self.allow.setObjectName("seatAllow")
        self.refuse = QPushButton(_("Refuse"))
        self.refuse.setObjectName("seatRefuse")
        asking_row = QHBoxLayout()
        asking_row.addWidget(self.asking, 1)
        asking_row.addWidget(self.allow)
        asking_row.addWidget(self.refuse)
        link_row = QHBoxLayout()
        link_row.addWidget(self.link, 1)
        link_row.addWidget(self.copy)
        side = QVBoxLayout()
        side.addWidget(self.title)
        side.addLayout(link_row)
        side.addWidget(self.renew, 0, Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.state)
        side.addLayout(asking_row)
        side.addStretch(1)
        grid.addWidget(self.qr, 0, 0, Qt.AlignmentFlag.AlignTop)
        grid.addLayout(side, 0, 1)
        grid.setColumnStretch(1, 1)
        self.copy.clicked.connect(self._copy)
        self.renew.clicked.connect(lambda: self.dialog.renew(self.character_id))
        self.allow.clicked.connect(lambda: self.request is not None and self.dialog.session.allow(self.request))
        self.refuse.clicked.connect(lambda: self.request is not None and self.dialog.session.refuse(self.request))
        self.set_name(name)
        self.show_asking(None)

    def set_name(self, name: str) -> None:
        self.name = name
        self.title.setText(name)
        self.link.setAccessibleName(_("Link to {name}’s seat").format(name=name))
        self.copy.setAccessibleName(_("Copy the link to {name}’s seat").format(name=name))
        self.renew.setAccessibleName(_("New link for {name}’s seat").format(name=name))
        self.allow.setAccessibleName(_("Allow the device into {name}’s seat").format(name=name))
        self.refuse.setAccessibleName(_("Refuse the device access to {name}’s seat").format(name=name))
        self.qr.setAccessibleName(_("QR code of the link to {name}’s seat").format(name=name))

    def set_link(self, link: str) -> None:
        if link == self.link.text():
            return
        self.link.setText(link)
        self.link.setCursorPosition(0)
        pixmap = QPixmap()
        pixmap.loadFromData(qr_png(link, QR_PIXELS), "PNG")
        self.qr.setPixmap(pixmap)
        self.qr.setToolTip(link)

    def show_asking(self, request) -> None:
        """A device waiting for the GM's word on this seat (the first of them), or none."""
        self.request = request.device if request is not None else None
        self.asking.setText(_("A device wants {name}’s seat: {device}.").format(
            name=self.name, device=device_words(request.label)) if request is not None else "")
        for widget in (self.asking, self.allow, self.refuse):
            widget.setVisible(request is not None)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.link.text())
        self.dialog.say(_("The link to {name}’s seat is copied.").format(name=self.name))


class TableDialog(FormDialog):
    """Not modal: the GM plays on while it is open, and closing it leaves the table open."""

    def __init__(self, session: TableSession, parent=None):
        super().__init__("table_mode", _("Open the table to players' devices"), parent)
        self.setModal(False)
        self.setObjectName("tableDialog")
        self.session = session
        form = self.form
        self.address: QComboBox = child(form, QComboBox, "addressCombo")
        self.port: QSpinBox = child(form, QSpinBox, "portSpin")
        self.open_button: QPushButton = child(form, QPushButton, "openButton")
        self.close_button: QPushButton = child(form, QPushButton, "closeButton")
        self.state: QLabel = child(form, QLabel, "stateLabel")
        self.auto_allow: QCheckBox = child(form, QCheckBox, "autoAllowCheck")
        self.view_only: QRadioButton = child(form, QRadioButton, "viewOnlyRadio")
        self.view_act: QRadioButton = child(form, QRadioButton, "viewActRadio")
        self.nod: QCheckBox = child(form, QCheckBox, "nodCheck")
        self.public: QLineEdit = child(form, QLineEdit, "publicEdit")
        self.seats_area: QScrollArea = child(form, QScrollArea, "seatsArea")
        self.devices: QTreeWidget = child(form, QTreeWidget, "devicesList")
        self.disconnect_button: QPushButton = child(form, QPushButton, "disconnectButton")
        buttons: QDialogButtonBox = child(form, QDialogButtonBox, "buttons")
        buttons.rejected.connect(self.reject)
        # Two seats a row: six players' codes fit the dialog with little scrolling.
        self.seats_layout = QGridLayout(child(form, QWidget, "seatsHolder"))
        self.cards: dict[str, SeatCard] = {}
        self.closed_note = QLabel(_("Open the table to show each seat's link and QR code."))
        self.closed_note.setWordWrap(True)
        self.seats_layout.addWidget(self.closed_note, 0, 0, 1, 2)
        self.no_seats = QLabel(_("This campaign has no player characters yet, so no seats: add one with "
                                 "Edit ▸ Add player character."))
        self.no_seats.setWordWrap(True)
        self.seats_layout.addWidget(self.no_seats, 0, 0, 1, 2)
        self.port_note = QLabel()  # the remembered port was taken: the links changed
        self.port_note.setWordWrap(True)
        self.port_note.hide()
        self.seats_layout.setColumnStretch(0, 1)
        self.seats_layout.setColumnStretch(1, 1)
        self.devices.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Long addresses never widen the dialog; the seats take the height the devices do not need.
        self.address.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.address.setMinimumContentsLength(16)
        form.layout().setStretchFactor(self.seats_area, 4)
        form.layout().setStretchFactor(form.findChild(QHBoxLayout, "devicesRow"), 1)
        self.columns = 2

        book = session.book
        self.addresses = machine_addresses()
        for address in self.addresses:
            self.address.addItem(address.label(), address.host)
        remembered = self.address.findData(book.address) if book.address else -1
        self.address.setCurrentIndex(max(0, remembered))
        self.port.setValue(book.port)
        self.auto_allow.setChecked(book.auto_allow)
        (self.view_act if book.mode == ACT else self.view_only).setChecked(True)
        self.nod.setChecked(book.invoke_nod)
        self.nod.setEnabled(book.mode == ACT)
        self.public.setText(book.public)
        self.public.editingFinished.connect(self._public_given)
        self.public_problem = QLabel()  # under the remote address: what is wrong with it, if anything
        self.public_problem.setWordWrap(True)
        self.public_problem.setTextFormat(Qt.TextFormat.PlainText)
        self.public_problem.hide()
        layout = form.layout()
        row = next(i for i in range(layout.count()) if layout.itemAt(i).layout() is not None
                   and layout.itemAt(i).layout().objectName() == "publicRow")
        layout.insertWidget(row + 1, self.public_problem)
        layout.insertWidget(layout.indexOf(self.state) + 1, self.port_note)

        self.open_button.clicked.connect(self.open_table)
        self.close_button.clicked.connect(self.close_table)
        self.auto_allow.toggled.connect(session.set_auto_allow)
        self.nod.toggled.connect(session.set_invoke_nod)
        self.view_act.toggled.connect(self._mode_switched)
        self.disconnect_button.clicked.connect(self._disconnect)
        self.devices.itemSelectionChanged.connect(self._update_buttons)
        session.changed.connect(self.refresh)
        self.ticker = QTimer(self)  # "last heard 3 s ago" moves on by itself
        self.ticker.setInterval(1000)
        self.ticker.timeout.connect(self.refresh)
        self.refresh()
        # As large as the text needs (View ▸ Zoom), within a 1280x800 screen.
        grow = max(1.0, self.fontMetrics().height() / 17)
        self.resize(min(1260, round(1000 * grow)), min(780, round(720 * grow)))

    # --- the GM's clicks --------------------------------------------------------------------

    def open_table(self) -> bool:
        host, wanted = self.address.currentData(), self.port.value()
        try:
            _host, port = self.session.open(host, wanted)
        except OSError as exc:
            self.state.setText(_("The table could not be opened at {address}: {reason}").format(
                address=host, reason=exc.strerror or str(exc)))
            return False
        self.port.setValue(port)
        self.refresh()
        said = self.state.text()
        if wanted and port != wanted:
            self.port_note.setText(_("Port {wanted} is taken by another program, so the table uses port {port}: "
                                     "the links are new, send them again.").format(wanted=wanted, port=port))
            self.port_note.show()
            said = self.port_note.text()
        self.say(said)
        return True

    def close_table(self) -> None:
        self.session.close()
        self.say(_("The table is closed."))

    def renew(self, character_id: str) -> None:
        self.session.renew(character_id)
        card = self.cards.get(character_id)
        if card is not None:
            self.say(_("{name}’s seat has a new link: the old one no longer works.").format(name=card.name))

    def _public_given(self) -> None:
        origin = public_origin(self.public.text())
        if origin is None:
            self.public_problem.setText(_("“{text}” is not a web address such as https://table.example.org: the "
                                          "links keep this computer's address.").format(text=self.public.text().strip()))
            self.public_problem.show()
            self.say(self.public_problem.text())
            return
        self.public_problem.hide()
        if origin != self.session.book.public:
            self.session.set_public(origin)
        self.public.setText(origin)

    def _mode_switched(self, act: bool) -> None:
        self.session.set_mode(ACT if act else VIEW)
        self.nod.setEnabled(act)

    def _disconnect(self) -> None:
        item = self.devices.currentItem()
        if item is not None:
            self.session.disconnect(item.data(0, DEVICE_ROLE))

    def say(self, text: str) -> None:
        access.announce(self, text)

    # --- showing the table as it is ---------------------------------------------------------

    def refresh(self) -> None:
        session = self.session
        is_open = session.is_open
        self.open_button.setEnabled(not is_open)
        self.close_button.setEnabled(is_open)
        self.address.setEnabled(not is_open)
        self.port.setEnabled(not is_open)
        if is_open:
            book = session.book
            url = f"http://{link_host(book.address)}:{book.port}"
            self.state.setText(_("The table is open at {address}. Each player opens their seat's link or scans "
                                 "its code; the page needs no installing.").format(address=url))
            if not self.ticker.isActive() and self.isVisible():
                self.ticker.start()
        else:
            self.state.setText(_("The table is closed: nothing listens for devices."))
            self.port_note.hide()
            self.ticker.stop()
        self._show_seats(is_open)
        self._show_devices()
        self._update_buttons()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.session.is_open:
            self.ticker.start()

    def hideEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.ticker.stop()
        super().hideEvent(event)

    def _show_seats(self, is_open: bool) -> None:
        session = self.session
        self.closed_note.setVisible(not is_open)
        wanted = [(c.id, c.name.strip() or _("(unnamed)")) for c in session.characters()] if is_open else []
        self.no_seats.setVisible(is_open and not wanted)
        columns = self._columns()
        if [cid for cid, _name in wanted] != list(self.cards) or columns != self.columns:
            self.columns = columns
            for card in self.cards.values():  # laid out again, in the campaign's order
                self.seats_layout.removeWidget(card)
            for character_id in [cid for cid in self.cards if cid not in dict(wanted)]:
                self.cards.pop(character_id).deleteLater()
            cards = {}
            for row in range(self.seats_layout.rowCount()):
                self.seats_layout.setRowStretch(row, 0)
            for index, (character_id, name) in enumerate(wanted):
                card = self.cards.get(character_id) or SeatCard(self, character_id, name)
                cards[character_id] = card
                self.seats_layout.addWidget(card, 1 + index // columns, index % columns)
            self.cards = cards
            self.seats_layout.setColumnStretch(1, 1 if columns == 2 else 0)
            self.seats_layout.setRowStretch(1 + (len(wanted) + columns - 1) // columns, 1)
        devices = session.devices()
        now = time.monotonic()
        for character_id, name in wanted:
            card = self.cards[character_id]
            if card.name != name:
                card.set_name(name)
            card.set_link(session.link(character_id))
            here = [d for d in devices if d.seat == character_id and d.state == "in"]
            if here:
                card.state.setText(ngettext("{count} device connected, last heard {ago}",
                                            "{count} devices connected, last heard {ago}", len(here)).format(
                    count=len(here), ago=heard_words(now - max(d.last_heard for d in here))))
            else:
                card.state.setText(_("No device"))
            asking = next((r for r in session.requests.values() if r.seat == character_id), None)
            card.show_asking(asking)

    def _columns(self) -> int:
        """Two seats a row when two fit side by side (large text or a narrow screen: one)."""
        card = next(iter(self.cards.values()), None)
        if card is None:
            return self.columns
        # A seat needs its code, a link field showing some 24 characters and its Copy button.
        need = (card.qr.sizeHint().width() + card.fontMetrics().averageCharWidth() * 24
                + card.copy.sizeHint().width() + 40)
        return 2 if self.seats_area.viewport().width() >= 2 * need + 24 else 1

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.devices.setMaximumHeight(self.devices.fontMetrics().height() * 5 + self.devices.header().height())
        if self.cards and self._columns() != self.columns:
            self._show_seats(self.session.is_open)

    def _show_devices(self) -> None:
        """The list is updated in place (the selection and the keyboard's place stay put)."""
        names = {c.id: c.name.strip() or _("(unnamed)") for c in self.session.characters()}
        now = time.monotonic()
        shown = [v for v in sorted(self.session.devices(), key=lambda v: (names.get(v.seat, ""), v.device))
                 if v.state != "hello"]
        items = {self.devices.topLevelItem(i).data(0, DEVICE_ROLE): self.devices.topLevelItem(i)
                 for i in range(self.devices.topLevelItemCount())}
        for device in set(items) - {v.device for v in shown}:
            self.devices.takeTopLevelItem(self.devices.indexOfTopLevelItem(items.pop(device)))
        for view in shown:
            texts = [names.get(view.seat, ""), device_words(view.label),
                     _("connected") if view.state == "in" else _("waiting for you"), heard_words(now - view.last_heard)]
            item = items.get(view.device)
            if item is None:
                item = QTreeWidgetItem(texts)
                item.setData(0, DEVICE_ROLE, view.device)
                self.devices.addTopLevelItem(item)
            else:
                for column, text in enumerate(texts):
                    if item.text(column) != text:
                        item.setText(column, text)

    def _update_buttons(self) -> None:
        self.disconnect_button.setEnabled(self.devices.currentItem() is not None)
