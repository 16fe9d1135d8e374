"""The six Green Box symbols (drop, hammers, circles, bricks, wheel, arrow), drawn with shapes.

Zap That Ghost and Eye of the Tiger use the same physical tiles and cards, so they draw the
symbols the same way; the built-in font has no glyphs for them.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from PIL import ImageDraw

Point = tuple[float, float]


def _rotate(points: Sequence[Point], angle: float, cx: float, cy: float, s: float) -> list[Point]:
    """Scale unit-square points by `s`, rotate by `angle` degrees, move to (cx, cy)."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + s * (x * ca - y * sa), cy + s * (x * sa + y * ca)) for x, y in points]


def draw_symbol(d: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, s: float,
                fill: Any) -> None:
    """Draw `symbol` centred at (cx, cy) in a square of side `s`."""
    w = max(2, round(s * 0.07))
    if symbol == "drop":
        r = 0.29 * s
        ccy = cy + 0.12 * s
        tip = cy - 0.44 * s
        sin_t = r / (ccy - tip)
        cos_t = math.sqrt(1 - sin_t * sin_t)
        d.polygon([(cx, tip), (cx - r * cos_t, ccy - r * sin_t), (cx + r * cos_t, ccy - r * sin_t)],
                  fill=fill)
        d.ellipse((cx - r, ccy - r, cx + r, ccy + r), fill=fill)
    elif symbol == "hammers":
        handle = [(-0.045, -0.26), (0.045, -0.26), (0.045, 0.46), (-0.045, 0.46)]
        head = [(-0.2, -0.42), (0.2, -0.42), (0.2, -0.24), (-0.2, -0.24)]
        for angle in (-38, 38):
            d.polygon(_rotate(handle, angle, cx, cy + 0.02 * s, s), fill=fill)
            d.polygon(_rotate(head, angle, cx, cy + 0.02 * s, s), fill=fill)
    elif symbol == "circles":
        for k in (0.44, 0.29):
            r = k * s
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=w)
        r = 0.12 * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif symbol == "bricks":
        x0, x1 = cx - 0.44 * s, cx + 0.44 * s
        y0, y1 = cy - 0.36 * s, cy + 0.36 * s
        gap = max(2, s * 0.06)
        row_h = (y1 - y0 + gap) / 3
        full = x1 - x0
        for row in range(3):
            top = y0 + row * row_h
            bottom = top + row_h - gap
            cuts = [x0, x0 + full / 2, x1] if row != 1 else [x0, x0 + full / 4, x0 + 3 * full / 4, x1]
            for a, b in pairwise(cuts):
                d.rectangle((a + (gap / 2 if a > x0 else 0), top, b - (gap / 2 if b < x1 else 0), bottom),
                            fill=fill)
    elif symbol == "wheel":
        r = 0.43 * s
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=w + 1)
        for k in range(6):
            a = math.radians(60 * k + 30)
            d.line((cx, cy, cx + r * math.cos(a), cy + r * math.sin(a)), fill=fill, width=max(2, w - 1))
        h = 0.11 * s
        d.ellipse((cx - h, cy - h, cx + h, cy + h), fill=fill)
    elif symbol == "arrow":
        shaft = [(-0.46, -0.075), (0.08, -0.075), (0.08, 0.075), (-0.46, 0.075)]
        head = [(0.04, -0.27), (0.48, 0.0), (0.04, 0.27)]
        d.polygon(_rotate(shaft, -45, cx, cy, s), fill=fill)
        d.polygon(_rotate(head, -45, cx, cy, s), fill=fill)
    else:
        raise ValueError(f"unknown symbol {symbol!r}")
