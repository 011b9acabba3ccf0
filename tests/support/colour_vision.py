"""Colours as colour-blind players see them, to check that seat colours stay apart.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes (2009,
severity 1.0) applied in linear RGB; distances are CIELAB Delta E (1976) under D65.
"""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]

NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
TRITANOPIA: Matrix = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)
VISIONS = {"normal": NORMAL, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA, "tritanopia": TRITANOPIA}


def linear(v: int) -> float:
    x = v / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def seen(rgb: tuple[int, int, int], m: Matrix) -> tuple[float, float, float]:
    """The colour as a viewer with this vision sees it, in linear RGB."""
    lin = [linear(v) for v in rgb]
    out = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return tuple(min(1.0, max(0.0, v)) for v in out)  # type: ignore[return-value]


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: tuple[int, int, int], b: tuple[int, int, int], vision: Matrix) -> float:
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))
