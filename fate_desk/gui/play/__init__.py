"""Play at the table from the sheet: rolls, invokes, harm, fate points and compels.

Every dialog here hands a finished decision to a core operation (`rules.play`, `rules.hits`,
`rules.fate_points`) through `CampaignDocument.edit_campaign`: one undo step per action.
"""
