"""Play across machines: one authoritative host, clients that send intents.

The host (`host.py`) holds the only GameState, rolls the only dice and sends each
seat what `engine.view` shows it; a client (`client.py`) runs its socket in a
thread beside the pygame loop and hands the UI whole messages through a queue.
The wire format is `protocol.py`; docs/network.md is the contract.
"""
