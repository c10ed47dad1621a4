"""Settings: fullscreen, AI speed, reaction window, auto-pass, language, sound.

Saved on every change, and always showing the true state: a change made
elsewhere (F11 toggles fullscreen from any screen) rebuilds the rows.
"""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop import resources, strings, theme
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.storage import AI_SPEEDS, REACTION_SECONDS
from noirburg_desktop.strings import t

ROWS = (
    "fullscreen",
    "ai_speed",
    "reaction_window_s",
    "auto_pass_reactions",
    "tips_off",
    "language",
    "sound",
)
TOGGLES = ("fullscreen", "auto_pass_reactions", "tips_off", "sound")
LABELS = {
    "fullscreen": "settings.fullscreen",
    "ai_speed": "settings.ai_speed",
    "reaction_window_s": "settings.reaction_window",
    "auto_pass_reactions": "settings.auto_pass",
    "tips_off": "settings.tips_off",
    "language": "settings.language",
    "sound": "settings.sound",
}


class SettingsScene(MenuScene):
    def build(self) -> None:
        s, r = self.app.settings, self.rects
        self.shown = self.true_state()
        self.toggle("fullscreen", s.fullscreen, r["fullscreen"], self.app.set_fullscreen)
        speeds = [(v, t(f"speed.{v}")) for v in AI_SPEEDS]
        self.picker("ai_speed", speeds, s.ai_speed, r["ai_speed"], self._set("ai_speed"))
        secs = [(v, t("settings.reaction_seconds", s=v)) for v in REACTION_SECONDS]
        self.picker(
            "reaction_window_s",
            secs,
            s.reaction_window_s,
            r["reaction_window_s"],
            self._set("reaction_window_s"),
        )
        self.toggle(
            "auto_pass_reactions",
            s.auto_pass_reactions,
            r["auto_pass_reactions"],
            self._set("auto_pass_reactions"),
        )
        self.toggle("tips_off", s.tips_off, r["tips_off"], self._set("tips_off"))
        langs = list(strings.LANGUAGES.items())
        self.picker("language", langs, s.language, r["language"], self.set_language)
        self.toggle(
            "sound", s.sound and self.app.audio, r["sound"], self.set_sound, enabled=self.app.audio
        )
        self.button("back", t("settings.back"), r["back"], self.back)

    def true_state(self) -> tuple[object, ...]:
        s = self.app.settings
        return (
            s.fullscreen,
            s.ai_speed,
            s.reaction_window_s,
            s.auto_pass_reactions,
            s.tips_off,
            s.sound,
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        if getattr(self, "shown", None) is not None and self.shown != self.true_state():
            self.rebuild()  # e.g. F11 pressed while this screen is open

    def _set(self, name: str) -> Any:
        def set_(value: Any) -> None:
            setattr(self.app.settings, name, value)
            self.app.storage.save_settings(self.app.settings)

        return set_

    def set_language(self, lang: str) -> None:
        self._set("language")(lang)
        strings.set_language(lang)
        pygame.display.set_caption(t("app.title"))
        self.rebuild()  # every label again, in the new language

    def set_sound(self, on: bool) -> None:
        self._set("sound")(on)
        resources.set_sound_enabled(on and self.app.audio)

    def layout(self, w: int, h: int) -> None:
        width = min(760, w - 120)
        row = max(54, min(80, (h - 270) // len(ROWS)))
        self.row_h = row
        self.panel_rect = pygame.Rect((w - width) // 2, 140, width, row * len(ROWS) + 30)
        self.rects: dict[str, pygame.Rect] = {}
        for i, key in enumerate(ROWS):
            y = self.panel_rect.top + 25 + i * row
            rect = pygame.Rect(self.panel_rect.right - 330, y + 5, 300, 42)
            if key in TOGGLES:
                rect = pygame.Rect(self.panel_rect.right - 330, y + 12, 28, 28)
            self.rects[key] = rect
        back_y = min(self.panel_rect.bottom + 24, h - 52 - 16)
        self.rects["back"] = pygame.Rect(w // 2 - 110, back_y, 220, 52)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("settings.heading"), 70)
        p = self.panel_rect
        theme.panel(surface, p)
        for i, key in enumerate(ROWS):
            y = p.top + 25 + i * self.row_h
            theme.text(
                surface,
                t(LABELS[key]),
                (p.left + 36, y + 26),
                size=20,
                serif=True,
                colour=theme.IVORY,
                anchor="midleft",
            )
            if key == "sound" and not self.app.audio:
                theme.text(
                    surface,
                    t("settings.no_audio"),
                    (p.right - 190, y + 26),
                    size=13,
                    colour=theme.FAINT,
                    anchor="midleft",
                )
            if i:
                pygame.draw.line(
                    surface, (48, 44, 36), (p.left + 30, y - 14), (p.right - 30, y - 14)
                )
