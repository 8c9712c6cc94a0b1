"""Foundry VTT's FateX system: actors read (`reading`) and written (`writing`)."""
