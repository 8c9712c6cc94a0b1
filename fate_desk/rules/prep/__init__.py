"""GM prep: NPC and monster rows, obstacles, quick NPCs, countdowns, scenes and sessions."""
