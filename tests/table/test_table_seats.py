"""Seats' secret links: 128 bits each, kept per campaign in the user's data folder (never in the
campaign file, which travels), the same after a restart, and replaced at the GM's word."""

from __future__ import annotations

import base64
import os
import stat

from fate_desk.table.seats import ACT, DEFAULT_PORT, SeatBook, table_dir

from table_helpers import sample_document


def test_a_seat_link_carries_128_random_bits_and_outlives_a_restart(user_data):
    book = SeatBook.load("campaign-1")
    token = book.seat("pc-maren").token
    assert len(base64.urlsafe_b64decode(token + "==")) == 16
    assert book.seat("pc-tobias").token != token
    book.auto_allow, book.mode, book.port = True, ACT, 9000
    book.allow("pc-maren", "a-phone-of-maren-0001")
    book.save()
    again = SeatBook.load("campaign-1")  # the app started again
    assert again.seat("pc-maren").token == token
    assert again.seat_for_token(token) == "pc-maren"
    assert again.allowed("pc-maren", "a-phone-of-maren-0001") and not again.allowed("pc-maren", "another-device-0001")
    assert (again.auto_allow, again.mode, again.port) == (True, ACT, 9000)
    assert SeatBook.load("campaign-2").seats == {}  # another campaign has seats of its own
    assert SeatBook.load("campaign-2").port == DEFAULT_PORT


def test_the_seats_live_in_the_user_folder_readable_by_the_user_alone_never_in_the_campaign(user_data, tmp_path):
    document = sample_document(tmp_path)
    book = SeatBook.load(document.campaign.id)
    token = book.seat("pc-maren").token
    book.save()
    [saved] = list(table_dir().iterdir())
    assert saved.is_relative_to(user_data)
    assert token in saved.read_text()
    assert token.encode() not in document.path.read_bytes()
    if os.name == "posix":
        assert stat.S_IMODE(saved.stat().st_mode) == 0o600
        assert stat.S_IMODE(table_dir().stat().st_mode) == 0o700


def test_a_new_link_stops_the_old_one_and_forgets_the_devices_let_in_with_it(user_data):
    book = SeatBook.load("campaign-1")
    old = book.seat("pc-ines").token
    book.allow("pc-ines", "ines-phone-00000001")
    book.renew("pc-ines")
    assert book.seat_for_token(old) is None
    assert book.seat_for_token(book.seat("pc-ines").token) == "pc-ines"
    assert not book.allowed("pc-ines", "ines-phone-00000001")


def test_a_damaged_seats_file_gives_new_links_and_never_an_exception(user_data):
    table_dir().mkdir(parents=True)
    for content in ("{not json", "[1, 2]", '{"format": "fate-desk-table", "seats": {"pc": {"token": "<script>"}}}',
                    '{"format": "fate-desk-table", "port": "x", "seats": []}'):
        (table_dir() / "campaign-1.json").write_text(content)
        book = SeatBook.load("campaign-1")
        assert book.seats == {} and book.port == DEFAULT_PORT
        assert book.seat("pc").token
