"""Play at the table from the sheet: rolls and the dice dock, invokes, harm and treatment, fate
points, compels and the GM's pool.

Every dialog here hands a finished decision to a core operation (`rules.play.actions`,
`rules.play.hits`, `rules.play.fate_points`) through `CampaignDocument.edit_campaign`: one undo step per action.
"""
