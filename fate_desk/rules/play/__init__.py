"""Play at the table: dice and odds, rolls and invokes, fate points, taking a hit, the GM's
pool and the scene's shared state."""
