"""The character sheet: identity, aspects, skills, stunts, stress, consequences, notes."""

from .sheet import CharacterSheet

__all__ = ["CharacterSheet"]
