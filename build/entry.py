"""PyInstaller entry point: the frozen executable starts here."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from noirburg_desktop.__main__ import main  # noqa: E402  (after the environment is set)

if __name__ == "__main__":
    sys.exit(main())
