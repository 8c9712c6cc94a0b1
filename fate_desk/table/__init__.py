"""Table mode: the campaign's player characters, each on its player's own device (issue 37).

No Qt here. The GUI thread owns the campaign: it computes each seat's snapshot (`snapshot`)
and hands it to the server thread (`server`), which serves the player page (`page/`) and its
WebSocket on one port and never edits the campaign. Seats, their secret links and the table's
settings live in the user's data folder (`seats`), never in the campaign file. Nothing here is
imported until the GM opens the table.
"""
