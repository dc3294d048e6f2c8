"""The loss curves of a fit as a small SVG picture (no plotting library needed).

Three lines over the epochs: the training loss, the validation loss, and the baseline (the
validation loss of the hand-written evaluation alone, a network answering 0). The y axis starts
at the lowest value drawn, so the gap between the lines is what fills the picture.
"""

from __future__ import annotations

from collections.abc import Sequence

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 150, 20, 44
SERIES = (("training", "#1f77b4", ""), ("validation", "#d62728", ""), ("baseline", "#555", "6 4"))


def loss_svg(history: Sequence[tuple[int, float, float, float]]) -> str:
    """An SVG document of ``(epoch, training, validation, baseline)`` rows."""
    epochs = [row[0] for row in history]
    values = [value for row in history for value in row[1:]]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        high = low + 1.0
    span = max(epochs[-1] - epochs[0], 1)
    inner_w = WIDTH - LEFT - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM

    def x(epoch: int) -> float:
        return LEFT + (epoch - epochs[0]) / span * inner_w

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * inner_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<line x1="{LEFT}" y1="{TOP + inner_h}" x2="{LEFT + inner_w}" y2="{TOP + inner_h}" '
        'stroke="black"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + inner_h}" stroke="black"/>',
        f'<text x="{LEFT + inner_w / 2}" y="{HEIGHT - 8}" text-anchor="middle">epoch</text>',
        f'<text x="14" y="{TOP + inner_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + inner_h / 2})">mean squared error (points²)</text>',
    ]
    ticks = (low + (high - low) * step / 4 for step in range(5))
    parts.extend(
        f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:.2f}</text>'
        for value in ticks
    )
    parts.extend(
        f'<text x="{x(epoch):.1f}" y="{TOP + inner_h + 16}" text-anchor="middle">{epoch}</text>'
        for epoch in (epochs[0], epochs[-1])
    )
    for column, (name, colour, dashes) in enumerate(SERIES, start=1):
        points = " ".join(f"{x(row[0]):.1f},{y(row[column]):.1f}" for row in history)
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        label_y = TOP + 16 * column
        parts.append(
            f'<line x1="{WIDTH - RIGHT + 12}" y1="{label_y - 4}" x2="{WIDTH - RIGHT + 36}" '
            f'y2="{label_y - 4}" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        parts.append(f'<text x="{WIDTH - RIGHT + 42}" y="{label_y}">{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
