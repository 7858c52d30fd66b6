#!/usr/bin/env python3
"""Draws the app icons the web app manifest and home screens use, from Folio's own icon design.

    python3 scripts/make-icons.py     (needs Pillow: python3 -m pip install pillow==13.0.0)

Reads Sources/FolioServer/Resources/public/icon.svg, the one source of the design, and writes the
PNGs beside it in public/icons/. The PNGs are committed, so neither the server nor its tests need
Pillow; run this again after changing icon.svg.

Only what icon.svg uses is understood: <rect> with rx, and <path> with M, L, H, V, C, Z (absolute
or relative), filled or stroked with round caps. Shapes are drawn four times too large and scaled
down, which smooths their edges.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image, ImageDraw

PUBLIC = Path(__file__).resolve().parents[1] / "Sources" / "FolioServer" / "Resources" / "public"
SOURCE = PUBLIC / "icon.svg"
OUT = PUBLIC / "icons"
SUPERSAMPLE = 4
CURVE_STEPS = 32

# name: (size in px, how much of the icon the drawing fills, full-bleed background)
# "any" icons keep the rounded square. A maskable icon and Apple's touch icon are cut to shape by
# the system, so their background fills the square and the drawing stays inside the middle 80%
# that every mask keeps.
ICONS = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    "icon-maskable-512.png": (512, 0.72, True),
    "apple-touch-icon.png": (180, 0.86, True),
}

TOKEN = re.compile(r"[MmLlHhVvCcZz]|-?(?:\d+\.?\d*|\.\d+)")


def parse_path(d: str) -> list[list[tuple[float, float]]]:
    """Subpaths of `d` as point lists, curves flattened."""
    tokens = TOKEN.findall(d)
    subpaths: list[list[tuple[float, float]]] = []
    x = y = start_x = start_y = 0.0
    command = ""
    i = 0

    def number() -> float:
        nonlocal i
        value = float(tokens[i])
        i += 1
        return value

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if subpaths:
                    subpaths[-1].append((start_x, start_y))
                x, y = start_x, start_y
                continue
        relative = command.islower()
        kind = command.upper()
        if kind == "M":
            dx, dy = number(), number()
            x, y = (x + dx, y + dy) if relative else (dx, dy)
            start_x, start_y = x, y
            subpaths.append([(x, y)])
            # Further pairs after a moveto are linetos.
            command = "l" if relative else "L"
        elif kind == "L":
            dx, dy = number(), number()
            x, y = (x + dx, y + dy) if relative else (dx, dy)
            subpaths[-1].append((x, y))
        elif kind == "H":
            value = number()
            x = x + value if relative else value
            subpaths[-1].append((x, y))
        elif kind == "V":
            value = number()
            y = y + value if relative else value
            subpaths[-1].append((x, y))
        elif kind == "C":
            points = [number() for _ in range(6)]
            if relative:
                points = [p + (x if k % 2 == 0 else y) for k, p in enumerate(points)]
            x1, y1, x2, y2, x3, y3 = points
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                u = 1 - t
                subpaths[-1].append((
                    u ** 3 * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                    u ** 3 * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3,
                ))
            x, y = x3, y3
        else:
            raise SystemExit(f"make-icons: icon.svg uses path command {command!r}, which this script does not draw")
    return subpaths


def render(svg: ET.Element, size: int, fill: float, full_bleed: bool) -> Image.Image:
    ns = "{http://www.w3.org/2000/svg}"
    _, _, view_w, view_h = (float(v) for v in svg.get("viewBox").split())
    big = size * SUPERSAMPLE
    scale = big / view_w * fill
    offset_x = (big - view_w * scale) / 2
    offset_y = (big - view_h * scale) / 2

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return offset_x + point[0] * scale, offset_y + point[1] * scale

    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for element in svg:
        tag = element.tag.removeprefix(ns)
        if tag == "rect":
            colour = element.get("fill")
            if full_bleed:
                # The system's mask gives the shape; the square is filled edge to edge.
                draw.rectangle((0, 0, big, big), fill=colour)
            else:
                radius = float(element.get("rx", 0)) * scale
                left, top = at((float(element.get("x", 0)), float(element.get("y", 0))))
                right, bottom = at((float(element.get("x", 0)) + float(element.get("width")),
                                    float(element.get("y", 0)) + float(element.get("height"))))
                draw.rounded_rectangle((left, top, right, bottom), radius=radius, fill=colour)
        elif tag == "path":
            subpaths = [[at(p) for p in sub] for sub in parse_path(element.get("d"))]
            if element.get("fill") and element.get("fill") != "none":
                for sub in subpaths:
                    draw.polygon(sub, fill=element.get("fill"))
            if element.get("stroke"):
                width = float(element.get("stroke-width", 1)) * scale
                colour = element.get("stroke")
                for sub in subpaths:
                    draw.line(sub, fill=colour, width=round(width))
                    # Round caps and joins: a disc at every point of the line.
                    for x, y in sub:
                        draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)
        else:
            raise SystemExit(f"make-icons: icon.svg has a <{tag}>, which this script does not draw")
    return image.resize((size, size), Image.LANCZOS)


def main() -> int:
    svg = ET.parse(SOURCE).getroot()
    OUT.mkdir(exist_ok=True)
    for name, (size, fill, full_bleed) in ICONS.items():
        image = render(svg, size, fill, full_bleed)
        if full_bleed:
            # Apple shows transparency as black; these two are opaque anyway.
            image = image.convert("RGB")
        image.save(OUT / name, optimize=True)
        print(f"make-icons: {OUT / name} ({size}x{size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
