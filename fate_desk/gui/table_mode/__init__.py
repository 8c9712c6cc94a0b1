"""Table mode's side of the window: the Table menu's "Open the table to players' devices…", its
dialog, and the open table following the campaign (issue 37). The server, the seats and the
snapshots are Qt-free, in fate_desk/table; none of it is imported until the GM opens the table."""
