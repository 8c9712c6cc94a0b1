"""The scales' names, from Mundane to Godlike (Fate Condensed, Optional Rules, "Scale").

Stored in English (the key, as a character keeps it); shown with _() where offered. Kept apart
from the roll's rules so that the sheet's play bar, which lists them, does not import those.
"""

from fate_desk.i18n import N_

SCALES: tuple[str, ...] = (N_("Mundane"), N_("Supernatural"), N_("Otherworldly"), N_("Legendary"), N_("Godlike"))
