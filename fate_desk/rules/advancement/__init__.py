"""Advancement: milestones, breakthroughs and the skill raises they allow."""
