"""What each standard skill and approach does for each of the four actions, in our own short
words, for the skill card. No reportlab here.

Each entry: (what it covers, overcome, create an advantage, attack, defend); "" means the
skill is not normally used for that action.
"""

from __future__ import annotations

from fate_desk.i18n import N_

SKILLS: dict[str, tuple[str, str, str, str, str]] = {
    "Academics": (N_("book learning, history, science"), N_("recall or research a fact"),
                  N_("find a useful detail in what you know"), "", ""),
    "Athletics": (N_("running, jumping, climbing, dodging"), N_("cross hard ground, chase, climb"),
                  N_("take the high ground, a quick feint"), "", N_("dodge physical attacks")),
    "Burglary": (N_("locks, alarms, breaking in"), N_("pick a lock, beat an alarm"), N_("case a place for weak spots"),
                 "", ""),
    "Contacts": (N_("knowing people, hearing rumours"), N_("find the right person"), N_("plant or learn a rumour"),
                 "", N_("see through false rumours about you")),
    "Crafts": (N_("making, fixing and breaking machines"), N_("build, repair or sabotage"),
               N_("rig something to help you"), "", ""),
    "Deceive": (N_("lies, disguise, misdirection"), N_("bluff past someone"), N_("plant a false belief"),
                "", N_("see through a con aimed at you")),
    "Drive": (N_("vehicles of every kind"), N_("steer through danger, win a chase"), N_("position a vehicle well"),
              "", N_("dodge in a vehicle")),
    "Empathy": (N_("reading people and moods"), N_("calm someone, read the room"), N_("discover how someone feels"),
                "", N_("spot a lie; defend against Deceive")),
    "Fight": (N_("close combat, armed or not"), "", "a disarm, a feint, a grapple", N_("hit someone within reach"),
              N_("parry or block in close combat")),
    "Investigate": (N_("deliberate searching and study"), N_("find the clue"), N_("uncover a hidden detail"), "", ""),
    "Lore": (N_("the occult and the arcane"), N_("know the ritual or the creature"), "reveal a weakness",
             "", ""),
    "Notice": (N_("awareness, spotting danger"), N_("spot something in time"), N_("pick out a useful detail"), "",
               N_("avoid an ambush; oppose Stealth")),
    "Physique": (N_("strength and endurance"), N_("lift, push, break, endure"), N_("wrestle into a hold"), "",
                 N_("oppose physical effort; adds stress boxes")),
    "Provoke": (N_("intimidation, taunts, getting a rise"), N_("bully past someone"), N_("make someone afraid or angry"),
                N_("a mental attack"), ""),
    "Rapport": (N_("charm, trust, friendship"), N_("talk someone round"), N_("put someone at ease"), "",
                N_("resist Provoke aimed at your reputation")),
    "Resources": (N_("money and property"), N_("buy your way through"), N_("bring in a useful thing"), "", ""),
    "Shoot": (N_("ranged weapons"), N_("trick shots, shooting something"), N_("pin someone down, covering fire"),
              N_("hit someone at range"), ""),
    "Stealth": (N_("not being seen or heard"), N_("slip past unseen"), N_("hide, set up an ambush"), "",
                N_("stay hidden; oppose Notice")),
    "Will": (N_("nerve, concentration, mental endurance"), N_("resist temptation, solve a puzzle"),
             N_("steel yourself"), "", N_("resist mental attacks; adds mental stress boxes")),
}

APPROACHES: dict[str, str] = {
    "Careful": N_("close attention to detail, taking your time to do it right"),
    "Clever": N_("thinking fast, solving problems, seeing the angles"),
    "Flashy": N_("style, panache, drawing attention"),
    "Forceful": N_("brute power, no subtlety"),
    "Quick": N_("moving fast, acting first, reflexes"),
    "Sneaky": N_("misdirection, stealth, deceit"),
}

ACTIONS = (N_("Overcome"), N_("Advantage"), N_("Attack"), N_("Defend"))
