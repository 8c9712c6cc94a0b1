"""The campaign clock: ending scenes, sessions and arcs, and what each end brings
(refresh, recovery, milestones)."""
