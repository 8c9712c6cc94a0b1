"""Harm and recovery: absorbing a hit with stress, consequences or conditions, conceding,
marking the sheet's harm by hand, and recovering from consequences."""
