"""How Fate Desk's campaign files are named and how they begin, apart from the code that reads
them: the command line checks every --out against them without loading SQLite and the
campaign file's machinery (6-10 ms of every `fate-desk export`)."""

from __future__ import annotations

CAMPAIGN_SUFFIX = ".fatedesk"
SQLITE_HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite database, a campaign file's too
