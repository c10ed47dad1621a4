"""What the player reads: the catalogues, the keyed strings, log lines and refusals,
one style row per event kind, Turkish suffixes (docs/architecture.md)."""
