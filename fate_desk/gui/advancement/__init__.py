"""Advancement at the table: milestones, breakthroughs, skill raises, and the history dock
that shows and reverts what changed."""
