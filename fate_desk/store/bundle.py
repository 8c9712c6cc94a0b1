"""A whole campaign as one JSON file for sharing (`*.fate-campaign.json`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from fate_desk.i18n import _
from fate_desk.model import Campaign
from fate_desk.model.campaign import build_parts_first
from fate_desk.model.errors import describe

from .atomic import write_text_atomic
from .interchange import FileFormatError, document_body, parse_json, read_bytes

FORMAT = "fate-desk/campaign"
VERSION = 1
SUFFIX = ".fate-campaign.json"


def campaign_to_dict(campaign: Campaign) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, **campaign.model_dump(mode="json", exclude_none=True)}


def campaign_from_dict(data: Any, source: str = "") -> Campaign:
    body = document_body(data, source, FORMAT, VERSION, _("campaign bundle"))
    build_parts_first()
    try:
        campaign = Campaign.model_validate(body)
    except ValidationError as exc:
        raise FileFormatError(source, describe(exc)) from None
    _refuse_duplicate_ids(campaign, source)
    return campaign


def _refuse_duplicate_ids(campaign: Campaign, source: str) -> None:
    """Two entries with one id would overwrite each other in a campaign file: refuse the bundle."""
    seen: dict[str, str] = {}
    for attr in ("characters", "obstacles", "countdowns", "scenes", "sessions", "arcs"):
        for index, entity in enumerate(getattr(campaign, attr)):
            where = f"{attr}[{index}]"
            if entity.id in seen:
                raise FileFormatError(source, _("{field}.id: {id} is already used by {other}").format(
                    field=where, id=repr(entity.id), other=seen[entity.id]))
            seen[entity.id] = where


def read_bundle(path: Path) -> Campaign:
    return campaign_from_dict(parse_json(read_bytes(path), str(path)), str(path))


def write_bundle(path: Path, campaign: Campaign) -> None:
    write_text_atomic(Path(path), json.dumps(campaign_to_dict(campaign), indent=2, ensure_ascii=False) + "\n")
