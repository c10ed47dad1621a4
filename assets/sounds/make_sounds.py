"""Synthesise the game's short sound effects as 16-bit mono WAVs (stdlib only).

Run from anywhere:  python assets/sounds/make_sounds.py
Every effect is seeded noise and sine partials shaped by envelopes, so the
files are reproducible and free of licensing questions.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def _env(t: float, attack: float, decay: float) -> float:
    """Fast attack, exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _lowpass(samples: list[float], k: float) -> list[float]:
    out, y = [], 0.0
    for s in samples:
        y += k * (s - y)
        out.append(y)
    return out


def card(rng: random.Random) -> list[float]:
    """A card flicked onto felt: a short filtered noise burst with a papery tick."""
    n = int(RATE * 0.12)
    noise = [rng.uniform(-1, 1) for _ in range(n)]
    hp = [noise[i] - noise[i - 1] if i else 0.0 for i in range(n)]
    return [0.55 * hp[i] * _env(i / RATE, 0.002, 0.025) for i in range(n)]


def coin(rng: random.Random) -> list[float]:
    """Two coins touching: bright inharmonic partials, a second strike after 60 ms."""
    n = int(RATE * 0.45)
    partials = [(2637, 1.0), (3520, 0.6), (5274, 0.35), (7040, 0.2)]
    out = []
    for i in range(n):
        t = i / RATE
        s = 0.0
        for start, amp in ((0.0, 1.0), (0.06, 0.6)):
            if t >= start:
                tt = t - start
                ring = sum(a * math.sin(2 * math.pi * f * tt) for f, a in partials)
                s += amp * ring * _env(tt, 0.001, 0.12)
        out.append(0.18 * s)
    return out


def dice(rng: random.Random) -> list[float]:
    """Dice rattling and tumbling: a train of short clicks that thins out."""
    n = int(RATE * 0.6)
    out = [0.0] * n
    t = 0.0
    gap = 0.018
    while t < 0.55:
        start = int(t * RATE)
        pitch = rng.uniform(1800, 3200)
        amp = rng.uniform(0.4, 0.9) * (1 - t / 0.7)
        for j in range(int(RATE * 0.012)):
            if start + j < n:
                tt = j / RATE
                click = math.sin(2 * math.pi * pitch * tt) + 0.5 * rng.uniform(-1, 1)
                out[start + j] += amp * click * math.exp(-tt / 0.003)
        t += gap * rng.uniform(0.7, 1.6)
        gap *= 1.09
    return [0.45 * s for s in out]


def gunshot(rng: random.Random) -> list[float]:
    """A pistol shot: a loud crack, a low thump and a short room tail."""
    n = int(RATE * 0.7)
    noise = _lowpass([rng.uniform(-1, 1) for _ in range(n)], 0.35)
    out = []
    for i in range(n):
        t = i / RATE
        crack = noise[i] * _env(t, 0.0005, 0.03)
        thump = math.sin(2 * math.pi * (90 - 40 * t) * t) * _env(t, 0.001, 0.08)
        tail = noise[i] * 0.25 * _env(t, 0.02, 0.22)
        out.append(0.9 * crack + 0.6 * thump + tail)
    return out


def siren(rng: random.Random) -> list[float]:
    """A distant police siren: a wailing two-tone square-ish wave, faded in and out."""
    dur = 1.4
    n = int(RATE * dur)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = 700 + 260 * math.sin(2 * math.pi * 1.3 * t)
        phase += 2 * math.pi * f / RATE
        s = math.sin(phase) + 0.3 * math.sin(3 * phase) + 0.12 * math.sin(5 * phase)
        fade = min(1.0, t / 0.25, (dur - t) / 0.35)
        out.append(0.22 * s * fade)
    return _lowpass(out, 0.45)


def click(rng: random.Random) -> list[float]:
    """A soft UI click: a tiny damped wooden tick."""
    n = int(RATE * 0.05)
    return [
        0.5 * math.sin(2 * math.pi * 1400 * (i / RATE)) * math.exp(-(i / RATE) / 0.006)
        for i in range(n)
    ]


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "card": card,
    "coin": coin,
    "dice": dice,
    "gunshot": gunshot,
    "siren": siren,
    "click": click,
}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = min(1.0, 0.89 / peak)
    frames = b"".join(
        struct.pack("<h", int(max(-1.0, min(1.0, s * gain)) * 32767)) for s in samples
    )
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> None:
    total = 0
    for name, make in EFFECTS.items():
        path = HERE / f"{name}.wav"
        write(path, make(random.Random(name)))
        total += path.stat().st_size
        print(f"{path.name:12} {path.stat().st_size // 1024:4d} KB")
    print(f"total {total // 1024} KB")


if __name__ == "__main__":
    main()
