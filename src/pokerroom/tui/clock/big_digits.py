"""The time left as large as the terminal allows: Textual's Digits, or a block font scaled up.

At 80×24 the time shows in Textual's three-row Digits; a bigger terminal (a TV, a
projector) gets a block font of five rows scaled by the largest whole factor that still
leaves the other lines their room.

>>> print("\\n".join(block_lines("1:05", 1)))
  ██        ██████  ██████
████    ██  ██  ██  ██
  ██        ██  ██  ██████
  ██    ██  ██  ██      ██
██████      ██████  ██████
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.renderables.digits import Digits as DigitsRenderable
from textual.widget import Widget

GLYPHS = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", "..#", "..#"),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    ":": (".", "#", ".", "#", "."),
    "-": ("...", "...", "###", "...", "..."),
}
"""Five rows of pixels per character; ``#`` is lit."""
GLYPH_ROWS = 5
ROWS_AROUND = 19
"""Screen rows the other lines of the clock screen need besides the digits."""
COLUMNS_AROUND = 4


def _pixels(text: str) -> list[str]:
    """The text's pixel rows, one dark pixel between characters."""
    glyphs = [GLYPHS[char] for char in text if char in GLYPHS]
    return [".".join(glyph[row] for glyph in glyphs) for row in range(GLYPH_ROWS)]


def block_lines(text: str, scale: int) -> list[str]:
    """``text`` in the block font, each pixel ``2 * scale`` columns wide and ``scale`` rows high."""
    lines: list[str] = []
    for row in _pixels(text):
        line = "".join(("█" if pixel == "#" else " ") * 2 * scale for pixel in row).rstrip()
        lines.extend([line] * scale)
    return lines


def block_scale(text: str, width: int, height: int) -> int:
    """The largest block-font scale of ``text`` on a ``width`` × ``height`` screen; 1 means
    there is no room for a block font of scale 2: Textual's Digits are used."""
    columns = max(len(_pixels(text)[0]), 1) * 2
    across = (width - COLUMNS_AROUND) // columns
    down = (height - ROWS_AROUND) // GLYPH_ROWS
    return max(1, min(across, down))


class BigTime(Widget):
    """The countdown in the largest digits the screen has room for."""

    DEFAULT_CSS = "BigTime { width: auto; height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.value = ""

    def update(self, value: str) -> None:
        if value != self.value:
            resized = len(value) != len(self.value)
            self.value = value
            self.refresh(layout=resized)

    @property
    def scale(self) -> int:
        """The block font's scale on the current screen (1: Textual's Digits)."""
        size = self.app.size
        return block_scale(self.value, size.width, size.height)

    def render(self) -> RenderableType:
        scale = self.scale
        if scale == 1:
            return DigitsRenderable(self.value, self.rich_style)
        return Text("\n".join(block_lines(self.value, scale)), style=self.rich_style)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        scale = self.scale
        if scale == 1:
            return DigitsRenderable.get_width(self.value)
        return max((len(line) for line in block_lines(self.value, scale)), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        scale = self.scale
        return 3 if scale == 1 else GLYPH_ROWS * scale
