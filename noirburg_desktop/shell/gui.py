"""pygame_gui for the menus: the noir theme as a dict, the shipped fonts, and two small helpers.

The menus' interactive parts (buttons, text entry, pickers, lists) are pygame_gui
elements so typing, IME text, focus, scrolling and clicking come from a maintained
library. The look stays ours: the theme below is built from `theme`'s palette and
points at the DejaVu files through `resources.asset_path`, so it works from a
source checkout and from a PyInstaller bundle alike (no theme file to ship).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from noirburg_desktop.look import resources, theme
from noirburg_desktop.shell import uiscale

SANS = "dejavu_sans"
SERIF = "dejavu_serif"


def hexc(rgb: tuple[int, ...], alpha: int | None = None) -> str:
    """pygame_gui wants colours as '#rrggbb' or '#rrggbbaa' strings."""
    s = "#" + "".join(f"{v:02x}" for v in rgb[:3])
    return s + f"{alpha:02x}" if alpha is not None else s


def _font_paths(name: str) -> tuple[str, str]:
    """(regular, bold) file paths of the face `name` (SANS or SERIF), from resources' set."""
    serif = name == SERIF
    return (
        str(resources.asset_path("fonts", resources.FONT_FILES[(False, serif)])),
        str(resources.asset_path("fonts", resources.FONT_FILES[(True, serif)])),
    )


def _font(name: str, size: int, bold: bool = False) -> dict[str, str]:
    regular, bold_file = _font_paths(name)
    return {
        "name": name,
        "size": str(size),
        "bold": "1" if bold else "0",
        "regular_path": regular,
        "bold_path": bold_file,
    }


def _states(
    bg: tuple[int, ...],
    text: tuple[int, ...],
    border: tuple[int, ...],
    hot_bg: tuple[int, ...],
    hot_text: tuple[int, ...],
    hot_border: tuple[int, ...],
) -> dict[str, str]:
    """Normal / hovered / selected (= keyboard focus) / active / disabled colours."""
    c = {
        "normal_bg": hexc(bg),
        "normal_text": hexc(text),
        "normal_border": hexc(border),
        "disabled_bg": hexc(theme.PANEL),
        "disabled_text": hexc(theme.FAINT),
        "disabled_border": hexc(theme.FAINT),
    }
    for state in ("hovered", "selected", "active"):
        c[f"{state}_bg"] = hexc(hot_bg)
        c[f"{state}_text"] = hexc(hot_text)
        c[f"{state}_border"] = hexc(hot_border)
    return c


def _flat(border: int = 1, **extra: str) -> dict[str, str]:
    return {"shape": "rectangle", "border_width": str(border), "shadow_width": "0", **extra}


def theme_dict() -> dict[str, Any]:
    """The noir/art-deco theme: dark fills, brass borders, gold when hot."""
    g, gl, gd = theme.GOLD, theme.GOLD_LIGHT, theme.GOLD_DIM
    ivory, ink, panel = theme.IVORY, theme.INK, theme.PANEL
    field = (12, 12, 15)
    sel_row = (44, 37, 18)
    transparent = "#00000000"
    scrollbar = {
        "colours": {
            "dark_bg": transparent,
            "disabled_dark_bg": transparent,
            **_states(gd, ivory, gd, g, ink, gl),
        },
        "misc": _flat(0, enable_arrow_buttons="0"),
    }
    return {
        "defaults": {
            "colours": {
                **_states(panel, ivory, gd, g, ink, gl),
                "dark_bg": hexc(panel),
                "disabled_dark_bg": hexc(panel),
                "text_cursor": hexc(gl),
                "normal_text_shadow": transparent,
                "link_text": hexc(gl),
                "link_hover": hexc(g),
                "link_selected": hexc(g),
            },
            "font": _font(SANS, 16),
            "misc": _flat(),
        },
        "button": {
            "colours": _states(panel, ivory, gd, g, ink, gl),
            "font": _font(SERIF, 22, True),
            "misc": _flat(1),
        },
        "@primary": {
            "colours": _states((46, 38, 16), gl, g, g, ink, gl),
            "misc": _flat(2),
        },
        "@danger": {"colours": _states(panel, ivory, gd, theme.RED_LIGHT, ink, gl)},
        "#continue": {"misc": _flat(2, text_vert_alignment="top", text_vert_alignment_padding="9")},
        # ‹ value › pickers: a dark bar with a gold ▼, the options below it
        "drop_down_menu": {
            "colours": {
                **_states(panel, ivory, gd, theme.PANEL_HI, ivory, g),
                "dark_bg": "#101014",
            },
            "font": _font(SANS, 17),
            "misc": _flat(0, expand_direction="down"),
        },
        "@pick_up": {"misc": _flat(0, expand_direction="up")},
        "drop_down_menu.button": {
            "colours": _states(panel, ivory, gd, theme.PANEL_HI, gl, g),
            "font": _font(SANS, 17),
            "misc": _flat(1),
        },
        "drop_down_menu.#expand_button": {
            "colours": _states(panel, g, gd, theme.PANEL_HI, gl, g),
        },
        "drop_down_menu.selection_list.button": {
            # the current option: gold on the dark row (ink on it was unreadable)
            "colours": {
                **_states(field, ivory, field, g, ink, g),
                "selected_bg": hexc(sel_row),
                "selected_text": hexc(gl),
            },
            "font": _font(SANS, 16),
            "misc": _flat(0, text_horiz_alignment="center"),  # as the closed box shows it
        },
        "drop_down_menu.selection_list": {
            "colours": {"dark_bg": "#101014", "normal_border": hexc(g)},
            "misc": _flat(1),
        },
        "text_entry_line": {
            "colours": {
                "dark_bg": hexc(field),
                "normal_text": hexc(ivory),
                "selected_text": hexc(ink),
                "selected_bg": hexc(gd),
                "normal_border": hexc(theme.FAINT),
                "hovered_border": hexc(gd),
                "selected_border": hexc(g),
                "text_cursor": hexc(gl),
                "disabled_text": hexc(theme.FAINT),
                "placeholder_text": hexc(theme.FAINT),
            },
            "font": _font(SANS, 17),
            "misc": _flat(1, padding="10,6"),
        },
        "check_box": {
            "colours": {
                **_states((40, 34, 18), g, gd, (40, 34, 18), gl, gl),
                "normal_text": hexc(ivory),
                "hovered_text": hexc(ivory),
                "disabled_text": hexc(theme.FAINT),
                "selected_text": hexc(ivory),
                "normal_bg": hexc(panel),
            },
            "font": _font(SANS, 16),
            "misc": _flat(1),
        },
        "label": {
            "colours": {"dark_bg": transparent, "normal_text": hexc(ivory)},
            "font": _font(SANS, 15),
            "misc": {"text_horiz_alignment": "left"},
        },
        "@error": {"colours": {"normal_text": hexc((150, 96, 90))}, "font": _font(SANS, 14)},
        "@right": {"misc": {"text_horiz_alignment": "right"}},
        "@detail_right": {
            "colours": {"normal_text": hexc(theme.MUTED)},
            "font": _font(SANS, 13),
            "misc": {"text_horiz_alignment": "right"},
        },
        "@faint_right": {
            "colours": {"normal_text": hexc(theme.FAINT)},
            "font": _font(SANS, 13),
            "misc": {"text_horiz_alignment": "right"},
        },
        "@row_title": {"font": _font(SERIF, 19, True)},
        "@row_title_gold": {"font": _font(SERIF, 19, True), "colours": {"normal_text": hexc(gl)}},
        "@row_title_bad": {
            "font": _font(SANS, 16, True),
            "colours": {"normal_text": hexc(theme.FAINT)},
        },
        "@detail": {"colours": {"normal_text": hexc(theme.MUTED)}, "font": _font(SANS, 13)},
        # list rows (Load) and sections (Rules): quiet until chosen
        "@row": {
            "colours": {
                **_states((22, 22, 26), ivory, gd, theme.PANEL_HI, ivory, g),
                "selected_bg": hexc(sel_row),
                "selected_border": hexc(g),
                "disabled_bg": hexc((22, 22, 26)),
                "disabled_border": hexc(theme.FAINT),
            },
            "misc": _flat(1),
        },
        "scrolling_container": {"colours": {"dark_bg": transparent, "normal_border": transparent}},
        "selection_list": {
            "colours": {"dark_bg": transparent, "normal_border": transparent},
            "misc": _flat(0, list_item_height="32"),
        },
        "selection_list.button": {
            "colours": {
                **_states(panel, ivory, panel, theme.PANEL_HI, ivory, gd),
                "normal_bg": transparent,
                "normal_border": transparent,
                "selected_bg": hexc(sel_row),
                "selected_text": hexc(gl),
                "selected_border": hexc(g),
            },
            "font": _font(SANS, 15),
            "misc": _flat(1, text_horiz_alignment="left", text_horiz_alignment_padding="12"),
        },
        "text_box": {
            "colours": {
                "dark_bg": transparent,
                "normal_border": transparent,
                "normal_text": hexc((200, 194, 178)),
            },
            "font": _font(SANS, 16),
            "misc": _flat(0, padding="0,0", line_spacing="1.35"),
        },
        "vertical_scroll_bar": scrollbar,
        "vertical_scroll_bar.button": {"colours": _states(gd, ivory, gd, g, ink, gl)},
        "vertical_scroll_bar.#sliding_button": {"colours": _states(gd, ivory, gd, g, ink, gl)},
        "tool_tip": {"colours": {"dark_bg": hexc(ink), "normal_text": hexc(ivory)}},
    }


class ScaledManager(pygame_gui.UIManager):
    """A UIManager that reads the pointer on the UI-scale canvas (see uiscale).

    The app already maps events' positions to the canvas; only the hover
    position, which pygame_gui reads from the mouse state, needs mapping here.
    """

    def _update_mouse_position(self) -> None:
        self.mouse_position = uiscale.mouse_pos()


def make_manager(
    size: tuple[int, int], extra: dict[str, Any] | None = None
) -> pygame_gui.UIManager:
    """A UIManager dressed in the noir theme, with the DejaVu faces (Turkish ğ ş ı İ).

    The theme's font blocks carry the file paths, so loading the theme loads the
    fonts; the named paths are for HTML `<font face=...>` in text boxes.
    """
    manager = ScaledManager(
        size, {**theme_dict(), **(extra or {})}, enable_live_theme_updates=False
    )
    for name in (SANS, SERIF):
        manager.add_font_paths(name, *_font_paths(name))
    # the rule IDs in the Rules page's HTML; every other face is loaded by the theme
    manager.preload_fonts([{"name": SANS, "point_size": 15, "style": "bold"}])
    return manager


def oid(object_id: str | None = None, class_id: str | None = None) -> ObjectID:
    """An ObjectID: `#id` picks one element's theme block, `@class` a shared one."""
    return ObjectID(object_id=object_id, class_id=class_id)


def fit_text(font: Any, text: str, width: int) -> str:
    """`text` as it fits `width` pixels in `font` (a pygame_gui font): whole, or cut with
    "…" (only for what the player wrote or a file says: names, save titles, errors)."""
    if font is None or font.size(text)[0] <= width:
        return text
    while len(text) > 1 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


class PassiveLabel(UILabel):
    """A label that never takes the mouse, so the button under it still hovers and clicks.

    pygame_gui gives hover to the topmost element under the pointer; a plain
    label drawn on a list row would swallow the row's clicks.
    """

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False


def chevrons(surface: pygame.Surface, button: UIButton) -> None:
    """The deco ‹ › marks at both ends of a menu button, coloured by its state."""
    if not button.visible:
        return
    r = button.rect
    hot = button.is_enabled and (button.hovered or button.is_selected)
    if not button.is_enabled:
        colour = theme.FAINT
    elif hot:
        colour = theme.INK
    else:
        colour = theme.GOLD if "@primary" in button.get_class_ids() else theme.GOLD_DIM
    cy = r.centery
    for x, d in ((r.left + 12, 1), (r.right - 12, -1)):
        pygame.draw.lines(surface, colour, False, [(x, cy - 5), (x + 5 * d, cy), (x, cy + 5)], 2)
