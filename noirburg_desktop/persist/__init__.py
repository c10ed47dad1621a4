"""What the app keeps on disk: saves, settings, the autosave, the data-folder lock and
the hostile-file reader every load goes through (docs/architecture.md)."""
