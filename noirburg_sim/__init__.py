"""Headless tools around the engine: seeded simulations, tournaments and the
speed benchmark. They own the clock and the processes so `engine/` stays pure."""
