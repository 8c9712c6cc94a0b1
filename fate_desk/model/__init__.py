"""Pydantic models of the game. No Qt, no I/O."""

from .base import FateModel, new_id
from .campaign import (
    Arc,
    Campaign,
    CampaignOptions,
    ConditionsMode,
    Scene,
    SessionLog,
    SituationAspect,
    Zone,
    revalidated,
)
from .character import (
    Aspect,
    AspectRole,
    Character,
    CharacterKind,
    ClockStamp,
    Consequence,
    FieldChange,
    HistoryEntry,
    RuleBreak,
    Severity,
    SlotSpec,
    Stunt,
)
from .ladder import LADDER, ladder_label, ladder_name, signed
from .obstacles import Block, Countdown, Distraction, Hazard, Obstacle

__all__ = [
    "Arc", "Aspect", "AspectRole", "Block", "Campaign", "CampaignOptions", "Character",
    "CharacterKind", "ClockStamp", "ConditionsMode", "Consequence", "Countdown",
    "Distraction", "FateModel", "FieldChange", "Hazard", "HistoryEntry", "LADDER",
    "Obstacle", "RuleBreak", "Scene", "SessionLog", "Severity", "SituationAspect",
    "SlotSpec", "Stunt", "Zone", "ladder_label", "ladder_name", "new_id", "revalidated", "signed",
]
