"""The guided first game ("Learn to play"): a scripted 3-player game, its coach,
the opponents' fixed moves and the saved progress."""
