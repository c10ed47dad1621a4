"""PyInstaller entry point: the frozen executable starts here."""

import sys

from noirburg_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
