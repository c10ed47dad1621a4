"""The app shell around the scenes: the screens by name, signals, logs, the self-test,
the UI scale and the pygame_gui bridge (docs/architecture.md)."""
