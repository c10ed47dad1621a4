"""Issue 14 (access): seat colours stay apart for colour-blind players, and every seat
has its own symbol, so colour is never the only cue."""

from __future__ import annotations

import itertools

import pygame
import pytest

from noirburg_desktop.look import theme
from noirburg_desktop.look.colourvision import VISIONS, delta_e2000, distance, to_lab, worst_pair
from noirburg_desktop.session import SEAT_COLOURS

# Threshold, in CIEDE2000 units. ΔE00 = 1 is about one just-noticeable difference for
# large patches side by side; seat colours are small marks (a 6-px dot, a panel edge)
# seen apart on a dark table, on uncalibrated screens, by a simulation that is only a
# model of the viewer. We ask for 15 ΔE00 (fifteen JNDs: colours a viewer names
# differently, not merely tells apart side by side) under normal vision and each
# simulated dichromacy. The old palette fails it badly: steel blue vs violet is 5.7
# under protanopia and 4.5 under deuteranopia, gold vs amber 3.8 under deuteranopia.
MIN_DELTA_E = 15.0
TABLE_FELT = "#161e1c"  # widgets.FELT: the colour the seat marks sit on


def test_delta_e2000_matches_the_published_test_data() -> None:
    """Sharma, Wu & Dalal (2005) test pairs 1, 7 and 17: the metric itself is right."""
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, 1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, 1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, 1e-4)


def test_simulation_merges_what_a_dichromat_cannot_see() -> None:
    """The Machado matrices do their job: pure red and green, far apart for trichromats,
    come close under deuteranopia; white stays white under every vision."""
    red, green = "#ff0000", "#00ff00"
    assert distance(red, green) > 70
    assert distance(red, green, "deuteranopia") < distance(red, green) / 2
    for vision in VISIONS:
        lab = to_lab((255.0, 255.0, 255.0))
        assert distance("#ffffff", "#ffffff", vision) == pytest.approx(0.0, abs=1e-6)
        assert lab[0] == pytest.approx(100.0, abs=0.01)


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_palette_pairs_are_far_apart_under_every_vision(vision: str) -> None:
    """Every pair of seat colours at least MIN_DELTA_E apart, for every vision."""
    d, a, b = worst_pair(SEAT_COLOURS, vision)
    assert d >= MIN_DELTA_E, f"{a} and {b} are only ΔE00 {d:.1f} apart under {vision}"


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_stand_out_from_the_table(vision: str) -> None:
    """A seat mark must not vanish into the felt it is drawn on (blood red is the
    darkest under protanopia, at ΔE00 22)."""
    for colour in SEAT_COLOURS:
        assert distance(colour, TABLE_FELT, vision) >= MIN_DELTA_E


def test_enough_colours_and_symbols_for_six_seats() -> None:
    assert len(set(SEAT_COLOURS)) >= 6
    assert len(set(theme.SEAT_SYMBOLS)) >= 6


def test_seat_symbols_differ_in_shape() -> None:
    """The six symbols drawn the same size in the same colour are different pictures."""
    pygame.init()
    shots = []
    for seat in range(6):
        surf = pygame.Surface((40, 40))
        theme.seat_symbol(surf, seat, (20, 20), 14, (255, 255, 255), edge=(0, 0, 0))
        shots.append(pygame.image.tobytes(surf, "RGB"))
    for a, b in itertools.combinations(range(6), 2):
        assert shots[a] != shots[b], (theme.SEAT_SYMBOLS[a], theme.SEAT_SYMBOLS[b])
