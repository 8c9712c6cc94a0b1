"""Foundry VTT's Fate Core Official system (FCO): actors read (`reading`) and written (`writing`)."""
