"""Vision-only input (MMMU-Pro): an item's whole prompt rendered into an image, as a
screenshot or a photo would show it.

Each (item, repeat) gets a seeded random look, so a model cannot learn fixed positions or
fonts: the font family (five the project installs from PyPI) and size, the line width,
alignment and margins, the text and background colours (always dark on light) and a
background texture. Stress variants add what photos suffer: `low-resolution` (rendered at
40% and scaled back up), `occlusion` (a grey band over part of one line), `tilt` (rotated
3-8 degrees) and `busy-background` (random shapes behind the text). The choices are
recorded on the sample."""

from __future__ import annotations

import io
import random
import textwrap
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont
from pydantic import JsonValue

from app.records import Stress
from app.scoring import seeded_rng

FONTS = {"roboto": ("font_roboto", "Roboto-Regular.ttf"),
         "source-sans": ("font_source_sans_pro", "SourceSansPro-Regular.ttf"),
         "source-serif": ("font_source_serif_pro", "SourceSerifPro-Regular.ttf"),
         "lato": ("font_lato", "Lato-Regular.ttf"),
         "caladea": ("font_caladea", "Caladea-Regular.ttf")}
TEXTURES = ("plain", "noise", "gradient", "ruled")
MAX_SIDE = 2048


@dataclass(frozen=True)
class Look:
    font: str
    size: int
    width_chars: int
    align: str
    margin: int
    ink: tuple[int, int, int]
    paper: tuple[int, int, int]
    texture: str
    stress: list[str] = field(default_factory=list)
    tilt_degrees: float = 0.0

    def record(self) -> dict[str, JsonValue]:
        """As stored on the sample (JSON: colours as lists)."""
        return {**asdict(self), "ink": list[JsonValue](self.ink),
                "paper": list[JsonValue](self.paper)}


@cache
def _font(name: str, size: int) -> ImageFont.FreeTypeFont:
    package, filename = FONTS[name]
    with resources.as_file(resources.files(package) / "files" / filename) as path:
        return ImageFont.truetype(str(path), size)


def _rng(seed: int, external_id: str, repeat: int, salt: str) -> random.Random:
    return seeded_rng(f"render:{seed}:{external_id}:{repeat}:{salt}")


def look_for(seed: int, external_id: str, repeat: int, stress: list[Stress]) -> Look:
    rng = _rng(seed, external_id, repeat, "look")
    dark, light = rng.randrange(0, 70), rng.randrange(215, 256)
    ink = (dark, dark, min(255, dark + rng.randrange(0, 40)))
    r, g, b = (max(0, min(255, light + rng.randrange(-12, 13))) for _ in range(3))
    return Look(font=rng.choice(sorted(FONTS)), size=rng.randrange(16, 29),
                width_chars=rng.randrange(40, 81), align=rng.choice(["left", "center"]),
                margin=rng.randrange(12, 61), ink=ink, paper=(r, g, b),
                texture=rng.choice(TEXTURES), stress=[str(s) for s in stress],
                tilt_degrees=rng.uniform(3, 8) * rng.choice([-1, 1])
                if Stress.TILT in stress else 0.0)


def _background(image: Image.Image, look: Look, rng: random.Random, busy: bool) -> None:
    draw = ImageDraw.Draw(image)
    w, h = image.size
    if look.texture == "gradient":
        for y in range(h):
            shade = int(18 * y / max(h, 1))
            draw.line([(0, y), (w, y)], fill=tuple(max(0, c - shade) for c in look.paper))
    elif look.texture == "ruled":
        for y in range(look.margin, h, look.size + 8):
            draw.line([(0, y), (w, y)], fill=tuple(max(0, c - 30) for c in look.paper))
    elif look.texture == "noise":
        for _ in range(w * h // 40):
            x, y = rng.randrange(w), rng.randrange(h)
            draw.point((x, y), fill=tuple(max(0, c - rng.randrange(10, 40)) for c in look.paper))
    if busy:
        for _ in range(40):
            x, y = rng.randrange(w), rng.randrange(h)
            r = rng.randrange(10, 80)
            colour = tuple(max(0, c - rng.randrange(20, 60)) for c in look.paper)
            draw.ellipse([x - r, y - r, x + r, y + r], outline=colour, width=2)


def render(text: str, look: Look, rng_seed: random.Random | None = None) -> Image.Image:
    rng = rng_seed or random.Random(0)
    font = _font(look.font, look.size)
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines += textwrap.wrap(paragraph, look.width_chars) or [""]
    spacing = look.size // 3
    widths = [font.getlength(line) for line in lines]
    width = int(min(MAX_SIDE, max(widths, default=0) + 2 * look.margin))
    height = int(min(MAX_SIDE, len(lines) * (look.size + spacing) + 2 * look.margin))
    image = Image.new("RGB", (width, height), look.paper)
    _background(image, look, rng, Stress.BUSY_BACKGROUND in look.stress)
    draw = ImageDraw.Draw(image)
    y = look.margin
    for line, line_width in zip(lines, widths, strict=True):
        x = look.margin if look.align == "left" else int((width - line_width) / 2)
        draw.text((x, y), line, font=font, fill=look.ink)
        y += look.size + spacing
    if Stress.OCCLUSION in look.stress and lines:
        row = rng.randrange(len(lines))
        top = look.margin + row * (look.size + spacing)
        left = rng.randrange(0, max(1, width // 2))
        draw.rectangle([left, top, left + width // 4, top + look.size // 2], fill=(128, 128, 128))
    if Stress.LOW_RESOLUTION in look.stress:
        small = image.resize((max(1, int(width * 0.4)), max(1, int(height * 0.4))),
                             Image.Resampling.BILINEAR)
        image = small.resize((width, height), Image.Resampling.BILINEAR)
    if look.tilt_degrees:
        image = image.rotate(look.tilt_degrees, expand=True, fillcolor=look.paper,
                             resample=Image.Resampling.BICUBIC)
    return image


def render_prompt(text: str, seed: int, external_id: str, repeat: int,
                  stress: list[Stress]) -> tuple[dict[str, str], Look]:
    """The prompt as a PNG image {media_type, data (base64)}, with the look it got."""
    import base64

    look = look_for(seed, external_id, repeat, stress)
    image = render(text, look, _rng(seed, external_id, repeat, "stress"))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return {"media_type": "image/png",
            "data": base64.b64encode(buffer.getvalue()).decode()}, look
