"""At the table: the end of scenes, sessions and arcs, advancement, recovery, the GM's pool, dice."""
