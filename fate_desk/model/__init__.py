"""Pydantic models of the game. No Qt, no I/O."""

from .base import FateModel, new_id
from .campaign import (
    Arc,
    Campaign,
    CampaignOptions,
    ConditionsMode,
    FatePointEntry,
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
    CustomTrack,
    Extra,
    ExtraCost,
    FieldChange,
    HistoryEntry,
    RuleBreak,
    Severity,
    SlotSpec,
    Stunt,
    TrackClears,
    TrackLevel,
)
from .encounter import (
    Challenge, ChallengeTask, Conflict, ConflictKind, Contest, ContestSide, Participant, ScenePlay, TurnOrder,
    ZonePlace,
)
from .ladder import LADDER, ladder_label, ladder_name, signed
from .obstacles import Block, Countdown, Distraction, Hazard, Obstacle

__all__ = [
    "Arc", "Aspect", "Challenge", "ChallengeTask", "Conflict", "ConflictKind", "Contest", "ContestSide",
    "Participant", "ScenePlay", "TurnOrder", "ZonePlace", "AspectRole", "Block", "Campaign", "CampaignOptions", "Character",
    "CharacterKind", "ClockStamp", "ConditionsMode", "Consequence", "Countdown", "CustomTrack", "Extra", "ExtraCost",
    "Distraction", "FateModel", "FatePointEntry", "FieldChange", "Hazard", "HistoryEntry", "LADDER",
    "Obstacle", "RuleBreak", "Scene", "SessionLog", "Severity", "SituationAspect",
    "SlotSpec", "Stunt", "TrackClears", "TrackLevel", "Zone", "ladder_label", "ladder_name", "new_id", "revalidated", "signed",
]
