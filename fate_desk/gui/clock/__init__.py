"""The campaign clock in the window: ending a scene, a session or an arc, and the summary of
what each end changed."""
