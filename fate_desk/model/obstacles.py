"""Obstacles (hazards, blocks, distractions) and countdowns."""

# Annotations are evaluated as the classes are made (no `from __future__ import annotations`):
# pydantic would otherwise evaluate each field's annotation from its text, which costs the
# app's start and every command a few milliseconds.

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from fate_desk.i18n import _

from .base import FateModel, empty_list, id_field


class Hazard(FateModel):
    """Acts in turn order and attacks or creates advantages; its name is skill and aspect."""

    id: str = id_field()
    kind: Literal["hazard"] = "hazard"
    name: str = ""
    rating: int = Field(2, ge=-2, le=12, strict=True)  # text refused, as for skills
    weapon: int = Field(1, ge=1, le=4)
    notes: str = ""


class Block(FateModel):
    """Never acts; stands in the way until overcome."""

    id: str = id_field()
    kind: Literal["block"] = "block"
    name: str = ""
    rating: int = Field(2, ge=-2, le=12, strict=True)  # text refused, as for skills
    weapon: int = Field(0, ge=0, le=4)
    notes: str = ""


class Distraction(FateModel):
    """A choice the characters must make, with repercussions."""

    id: str = id_field()
    kind: Literal["distraction"] = "distraction"
    name: str = ""
    choice: str = ""
    repercussions: list[str] = Field(default_factory=empty_list)
    opposition: int | None = Field(None, ge=-2, le=12, strict=True)
    notes: str = ""


Obstacle = Annotated[Union[Hazard, Block, Distraction], Field(discriminator="kind")]


class Countdown(FateModel):
    id: str = id_field()
    name: str = ""
    boxes: int = Field(4, ge=1, le=20)
    marked: int = Field(0, ge=0, le=20)
    trigger: str = ""  # what marks a box, for the whole track
    box_triggers: list[str] = Field(default_factory=empty_list)  # per box, where they differ
    outcome: str = ""
    players_see_boxes_only: bool = False
    notes: str = ""

    @model_validator(mode="after")
    def _marked_fits(self) -> "Countdown":
        if self.marked > self.boxes:
            raise ValueError(_("marked ({marked}) is more than the {boxes} boxes").format(marked=self.marked, boxes=self.boxes))
        return self
