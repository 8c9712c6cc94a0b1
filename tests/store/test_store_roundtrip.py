"""Round trips lose nothing: campaign -> bundle -> campaign, character -> interchange -> character,
campaign -> campaign file -> campaign, with hypothesis-made characters as well as the sample."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.model import Aspect, AspectRole, Campaign, Character, CharacterKind, Consequence, Stunt
from fate_desk.store.bundle import read_bundle, write_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.interop.importing import import_characters
from fate_desk.store.interchange import read_character_file, write_character_file

SAMPLE = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
RUTH = Path(__file__).parents[2] / "docs" / "examples" / "ruth.fate.json"


def test_the_sample_uses_every_kind_of_entity():
    campaign = read_bundle(SAMPLE)
    assert {c.kind for c in campaign.characters} == set(CharacterKind)
    assert {o.kind for o in campaign.obstacles} == {"hazard", "block", "distraction"}
    assert campaign.countdowns and campaign.scenes and campaign.sessions and campaign.arcs
    assert campaign.scenes[0].zones and campaign.characters[0].advancement


def test_campaign_to_bundle_to_campaign_loses_nothing(tmp_path):
    campaign = read_bundle(SAMPLE)
    out = tmp_path / "again.fate-campaign.json"
    write_bundle(out, campaign)
    assert read_bundle(out).model_dump() == campaign.model_dump()


def test_campaign_to_file_to_bundle_and_back(tmp_path):
    campaign = read_bundle(SAMPLE)
    CampaignFile.create(tmp_path / "c.fatedesk", campaign).close()
    write_bundle(tmp_path / "c.fate-campaign.json", load_campaign(tmp_path / "c.fatedesk"))
    CampaignFile.create(tmp_path / "d.fatedesk", read_bundle(tmp_path / "c.fate-campaign.json")).close()
    assert load_campaign(tmp_path / "d.fatedesk").model_dump() == campaign.model_dump()


def test_every_character_of_the_sample_survives_the_interchange_file(tmp_path):
    for character in read_bundle(SAMPLE).characters:
        out = tmp_path / f"{character.id}.fate.json"
        write_character_file(out, character)
        assert read_character_file(out).model_dump() == character.model_dump()
        assert import_characters(out).characters[0].model_dump() == character.model_dump()


def test_the_documented_example_reads_and_writes_back(tmp_path):
    ruth = read_character_file(RUTH)
    write_character_file(tmp_path / "ruth.fate.json", ruth)
    assert read_character_file(tmp_path / "ruth.fate.json") == ruth


# Text that is hard on serialisers: quotes, backslashes, markup, emoji, other scripts, newlines.
texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
characters = st.builds(
    Character,
    kind=st.sampled_from(list(CharacterKind)),
    name=texts,
    description=texts,
    aspects=st.lists(st.builds(Aspect, role=st.sampled_from(list(AspectRole)), text=texts,
                               free_invokes=st.integers(0, 99)), max_size=6),
    skills=st.dictionaries(texts.map(str.strip).filter(bool), st.integers(-10, 20), max_size=8),
    stunts=st.lists(st.builds(Stunt, name=texts, text=texts), max_size=5),
    refresh=st.integers(0, 99),
    fate_points=st.integers(0, 999),
    stress=st.dictionaries(st.sampled_from(["physical", "mental", "stress"]),
                           st.lists(st.integers(0, 9), max_size=6), max_size=3),
    consequences=st.lists(st.builds(Consequence, slot=st.sampled_from(["mild", "moderate", "severe"]), text=texts,
                                    recovering=st.booleans()), max_size=3),
    notes=texts,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(character=characters)
def test_any_character_survives_interchange_and_campaign_file(tmp_path_factory, character):
    folder = tmp_path_factory.mktemp("rt")
    write_character_file(folder / "c.fate.json", character)
    assert read_character_file(folder / "c.fate.json").model_dump() == character.model_dump()
    CampaignFile.create(folder / "c.fatedesk", Campaign(characters=[character])).close()
    assert load_campaign(folder / "c.fatedesk").characters[0].model_dump() == character.model_dump()
