"""Picker: a pygame_gui drop-down that reports the values it offers, not their labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pygame_gui.elements import UIButton, UIDropDownMenu

from noirburg_desktop.look import resources


class Picker:
    """A UIDropDownMenu over (value, label) pairs; reports values, not label strings.

    Option ids carry the index, so two seats both named "Ayşe" stay distinct.
    """

    def __init__(
        self,
        element: UIDropDownMenu,
        options: Sequence[tuple[Any, str]],
        on_change: Callable[[Any], Any] | None,
    ) -> None:
        self.element = element
        self.options = list(options)
        self.on_change = on_change

    @staticmethod
    def option_pairs(options: Sequence[tuple[Any, str]]) -> list[tuple[str, str]]:
        """(shown label, option id) for each option."""
        return [(label, f"#opt_{i}") for i, (_, label) in enumerate(options)]

    @staticmethod
    def option_ids(options: Sequence[tuple[Any, str]]) -> list[str | tuple[str, str]]:
        """The same pairs, typed as pygame_gui's drop-down takes them."""
        return list(Picker.option_pairs(options))

    def chosen(self, option_id: str) -> None:
        value = self.options[int(option_id.rsplit("_", 1)[-1])][0]
        resources.play_sound("click")
        if self.on_change:
            self.on_change(value)

    def index(self) -> int:
        shown = self.element.selected_option
        option_id = shown[1] if isinstance(shown, tuple) else str(shown)
        try:
            return int(option_id.rsplit("_", 1)[-1])
        except ValueError:
            return 0

    def step(self, delta: int) -> None:
        """The keyboard's ←/→: show and report the previous / next option (no wrap)."""
        k = min(len(self.options) - 1, max(0, self.index() + delta))
        if k == self.index():
            return
        ids = self.option_pairs(self.options)
        menu = self.element
        menu.selected_option = ids[k]
        state = menu.current_state
        if state is not None:
            state.selected_option = ids[k]
            shown = getattr(state, "selected_option_button", None)  # the closed bar's label
            if isinstance(shown, UIButton):
                shown.set_text(ids[k][0])
        self.chosen(ids[k][1])
