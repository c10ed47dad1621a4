"""The named bot levels (filled in by the AI work: easy, normal, hard)."""

from __future__ import annotations

LEVELS: dict[str, type] = {}
