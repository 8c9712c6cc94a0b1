"""Making a character: rule sets and their loading, derived values, what the history grants,
the checker, direct edits to a sheet, and the history record every rule writes to."""
