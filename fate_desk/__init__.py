"""Fate Desk: character sheets and campaign prep for the Fate roleplaying game."""

__version__ = "0.1.0"

ATTRIBUTION = (
    "This work is based on Fate Core System and Fate Accelerated Edition "  # i18n: the licence's own words
    "(found at https://www.faterpg.com/), products of Evil Hat Productions, LLC, "
    "developed, authored, and edited by Leonard Balsera, Brian Engard, Jeremy Keller, "
    "Ryan Macklin, Mike Olson, Clark Valentine, Amanda Valentine, Fred Hicks, and Rob "
    "Donoghue, and licensed for our use under the Creative Commons Attribution 3.0 "
    "Unported license (http://creativecommons.org/licenses/by/3.0/). It is also based "
    "on Fate Condensed (found at https://www.faterpg.com/), a product of Evil Hat "
    "Productions, LLC, developed, authored, and edited by PK Sullivan, Lara Turner, "
    "Leonard Balsera, Fred Hicks, Richard Bellingham, Robert Hanz, Ryan Macklin, and "
    "Sophie Lagacé, and licensed for our use under the Creative Commons Attribution 3.0 "
    "Unported license."
)
# One line for page footers where the full notice does not fit.
ATTRIBUTION_SHORT = (
    "Based on Fate Core, Fate Accelerated and Fate Condensed by Evil Hat Productions, LLC, "  # i18n: licence
    "licensed under CC BY 3.0 (faterpg.com/licensing)."
)
