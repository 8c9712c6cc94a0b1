"""Encounters: conflicts, contests and challenges, and the players' view of a scene."""
