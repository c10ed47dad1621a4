"""Noirburg desktop app: a pygame-ce card table for NOIR.

Nothing here runs at import time; `noirburg_desktop.__main__.main()` starts the app.
"""

__version__ = "0.1.0"
