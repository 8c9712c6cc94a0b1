"""What each standard skill and approach does for each of the four actions, in our own short
words, for the skill card. No reportlab here.

Each entry: (what it covers, overcome, create an advantage, attack, defend); "" means the
skill is not normally used for that action.
"""

from __future__ import annotations

SKILLS: dict[str, tuple[str, str, str, str, str]] = {
    "Academics": ("book learning, history, science", "recall or research a fact",
                  "find a useful detail in what you know", "", ""),
    "Athletics": ("running, jumping, climbing, dodging", "cross hard ground, chase, climb",
                  "take the high ground, a quick feint", "", "dodge physical attacks"),
    "Burglary": ("locks, alarms, breaking in", "pick a lock, beat an alarm", "case a place for weak spots",
                 "", ""),
    "Contacts": ("knowing people, hearing rumours", "find the right person", "plant or learn a rumour",
                 "", "see through false rumours about you"),
    "Crafts": ("making, fixing and breaking machines", "build, repair or sabotage",
               "rig something to help you", "", ""),
    "Deceive": ("lies, disguise, misdirection", "bluff past someone", "plant a false belief",
                "", "see through a con aimed at you"),
    "Drive": ("vehicles of every kind", "steer through danger, win a chase", "position a vehicle well",
              "", "dodge in a vehicle"),
    "Empathy": ("reading people and moods", "calm someone, read the room", "discover how someone feels",
                "", "spot a lie; defend against Deceive"),
    "Fight": ("close combat, armed or not", "", "a disarm, a feint, a grapple", "hit someone within reach",
              "parry or block in close combat"),
    "Investigate": ("deliberate searching and study", "find the clue", "uncover a hidden detail", "", ""),
    "Lore": ("the occult and the arcane", "know the ritual or the creature", "reveal a weakness",
             "", ""),
    "Notice": ("awareness, spotting danger", "spot something in time", "pick out a useful detail", "",
               "avoid an ambush; oppose Stealth"),
    "Physique": ("strength and endurance", "lift, push, break, endure", "wrestle into a hold", "",
                 "oppose physical effort; adds stress boxes"),
    "Provoke": ("intimidation, taunts, getting a rise", "bully past someone", "make someone afraid or angry",
                "a mental attack", ""),
    "Rapport": ("charm, trust, friendship", "talk someone round", "put someone at ease", "",
                "resist Provoke aimed at your reputation"),
    "Resources": ("money and property", "buy your way through", "bring in a useful thing", "", ""),
    "Shoot": ("ranged weapons", "trick shots, shooting something", "pin someone down, covering fire",
              "hit someone at range", ""),
    "Stealth": ("not being seen or heard", "slip past unseen", "hide, set up an ambush", "",
                "stay hidden; oppose Notice"),
    "Will": ("nerve, concentration, mental endurance", "resist temptation, solve a puzzle",
             "steel yourself", "", "resist mental attacks; adds mental stress boxes"),
}

APPROACHES: dict[str, str] = {
    "Careful": "close attention to detail, taking your time to do it right",
    "Clever": "thinking fast, solving problems, seeing the angles",
    "Flashy": "style, panache, drawing attention",
    "Forceful": "brute power, no subtlety",
    "Quick": "moving fast, acting first, reflexes",
    "Sneaky": "misdirection, stealth, deceit",
}

ACTIONS = ("Overcome", "Advantage", "Attack", "Defend")
