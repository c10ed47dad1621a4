"""Settings: fullscreen, UI size, AI speed, reaction window, when to be asked to
react, language, sound, volume and reduced motion.

Saved on every change, and always showing the true state: a change made
elsewhere (F11 toggles fullscreen from any screen) rebuilds the rows.
"""

from __future__ import annotations

from typing import Any

import pygame

from noirburg_desktop.look import resources, theme
from noirburg_desktop.persist.storage import (
    AI_SPEEDS,
    REACTION_POLICIES,
    REACTION_SECONDS,
    WAIT_FOR_ME,
)
from noirburg_desktop.scenes.base import MenuScene
from noirburg_desktop.shell import uiscale
from noirburg_desktop.words import strings
from noirburg_desktop.words.strings import t

ROWS = (
    "fullscreen",
    "ui_scale",
    "ai_speed",
    "reactions",
    "reaction_window_s",
    "tips_off",
    "language",
    "sound",
    "volume",
    "reduced_motion",
)
TOGGLES = ("fullscreen", "tips_off", "sound", "reduced_motion")
LABELS = {
    "fullscreen": "settings.fullscreen",
    "ui_scale": "settings.ui_scale",
    "volume": "settings.volume",
    "reduced_motion": "settings.reduced_motion",
    "ai_speed": "settings.ai_speed",
    "reaction_window_s": "settings.reaction_window",
    "reactions": "settings.reactions",
    "tips_off": "settings.tips_off",
    "language": "settings.language",
    "sound": "settings.sound",
}


KEYS_ROOM = 26  # the keys' line under Back (drawn from 720 px high)


def _seconds_label(seconds: int) -> str:
    if seconds == WAIT_FOR_ME:
        return t("settings.wait_for_me")
    return t("settings.reaction_seconds", s=seconds)


class SettingsScene(MenuScene[None]):
    def build(self) -> None:
        s, r = self.app.settings, self.rects
        self.shown = self.true_state()
        self.toggle("fullscreen", s.fullscreen, r["fullscreen"], self.app.set_fullscreen)
        scales = [(v, t("settings.scale_value", n=v)) for v in uiscale.SCALES]
        if s.ui_scale not in uiscale.SCALES:  # a hand-edited value in range: offer it too
            scales = sorted([*scales, (s.ui_scale, t("settings.scale_value", n=s.ui_scale))])
        self.picker("ui_scale", scales, s.ui_scale, r["ui_scale"], self.app.set_ui_scale)
        speeds = [(v, t(f"speed.{v}")) for v in AI_SPEEDS]
        self.picker("ai_speed", speeds, s.ai_speed, r["ai_speed"], self._set("ai_speed"))
        policies = [(v, t(f"settings.reactions.{v}")) for v in REACTION_POLICIES]
        self.picker("reactions", policies, s.reactions, r["reactions"], self._set("reactions"))
        secs = [(v, _seconds_label(v)) for v in REACTION_SECONDS]
        if s.reaction_window_s not in REACTION_SECONDS:  # a hand-edited value: offer it too
            secs.append((s.reaction_window_s, _seconds_label(s.reaction_window_s)))
        self.picker(
            "reaction_window_s",
            secs,
            s.reaction_window_s,
            r["reaction_window_s"],
            self._set("reaction_window_s"),
        )
        self.toggle("tips_off", s.tips_off, r["tips_off"], self._set("tips_off"))
        langs = list(strings.LANGUAGES.items())
        self.picker("language", langs, s.language, r["language"], self.set_language)
        self.toggle(
            "sound", s.sound and self.app.audio, r["sound"], self.set_sound, enabled=self.app.audio
        )
        volume = self.slider("volume", s.volume, (0, 100), r["volume"], self.set_volume)
        if not self.app.audio:
            volume.disable()  # nothing to set: the row says why, on the Sound row above
        self.toggle(
            "reduced_motion", s.reduced_motion, r["reduced_motion"], self._set("reduced_motion")
        )
        self.button("back", t("settings.back"), r["back"], self.back)

    def true_state(self) -> tuple[object, ...]:
        s = self.app.settings
        return (
            s.fullscreen,
            s.ai_speed,
            s.reaction_window_s,
            s.reactions,
            s.tips_off,
            s.sound,
            s.ui_scale,
            round(self.app.scale, 3),
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

    def set_volume(self, value: int) -> None:
        self._set("volume")(value)
        resources.set_volume(value / 100)
        resources.play_sound("click")  # hear the new level

    def layout(self, w: int, h: int) -> None:
        width = min(760, w - 120)
        top = 140 if h >= 760 else 118
        row = max(42, min(72, (h - top - 130) // len(ROWS)))
        self.row_h = row
        self.panel_rect = pygame.Rect((w - width) // 2, top, width, row * len(ROWS) + 20)
        self.rects: dict[str, pygame.Rect] = {}
        ph = min(42, row - 4)
        for i, key in enumerate(ROWS):
            y = self.panel_rect.top + 10 + i * row
            rect = pygame.Rect(self.panel_rect.right - 330, y + (row - ph) // 2, 300, ph)
            if key in TOGGLES:
                rect = pygame.Rect(self.panel_rect.right - 330, y + (row - 28) // 2, 28, 28)
            if key == "volume":
                rect = pygame.Rect(self.panel_rect.right - 330, y + (row - 26) // 2, 300, 26)
            self.rects[key] = rect
        # the keys' line sits inside the frame, under Back (playtest 3: on the frame)
        footer = KEYS_ROOM if h >= 720 else 0
        back_y = min(self.panel_rect.bottom + 20, h - 52 - 22 - footer)
        self.rects["back"] = pygame.Rect(w // 2 - 110, back_y, 220, 52)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.heading(surface, t("settings.heading"), 70)
        p = self.panel_rect
        theme.panel(surface, p)
        for i, key in enumerate(ROWS):
            y = p.top + 10 + i * self.row_h
            mid = y + self.row_h // 2
            theme.text(
                surface,
                t(LABELS[key]),
                (p.left + 36, mid),
                size=20 if self.row_h >= 50 else 18,
                serif=True,
                colour=theme.IVORY,
                anchor="midleft",
            )
            note = ""
            if key == "sound" and not self.app.audio:
                note = t("settings.no_audio")
            elif key == "ui_scale" and round(self.app.scale * 100) < self.app.settings.ui_scale:
                note = t("settings.scale_limited", n=round(self.app.scale * 100))
            if note:
                theme.text(
                    surface,
                    note,
                    (p.right - 30, y + self.row_h - 2),
                    size=13,
                    colour=theme.MUTED,
                    anchor="bottomright",
                )
            if key == "volume":
                theme.text(
                    surface,
                    t("settings.volume_value", n=self.app.settings.volume),
                    (p.right - 340, mid),
                    size=15,
                    colour=theme.MUTED,
                    anchor="midright",
                )
            if i:
                pygame.draw.line(surface, (48, 44, 36), (p.left + 30, y), (p.right - 30, y))
        if self.size[1] >= 720:  # the keys, where there is room under the Back button
            back = self.ui["back"].rect
            theme.text(
                surface,
                t("settings.keys"),
                (self.size[0] // 2, back.bottom + 8),
                size=13,
                colour=theme.FAINT,
                anchor="midtop",
            )
