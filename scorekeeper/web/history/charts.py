"""Line charts drawn on the server as SVG: readable without colour, without JavaScript, on paper."""

from __future__ import annotations

import math
from collections.abc import Callable

from markupsafe import Markup, escape

WIDTH, HEIGHT = 360, 240
LEFT, RIGHT, TOP, BOTTOM = 46, 72, 10, 46
# Each line has its own dash and marker, so lines stay apart in black and white.
DASHES = ["", "7 4", "2 3", "10 3 2 3", "5 2", "1 4"]
MARKERS = ["circle", "square", "triangle", "diamond", "cross", "plus"]
LABEL_GAP = 14


def nice_ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values from below low to above high, about count of them."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    stop = math.ceil(high / step) * step
    return list(range(start, stop + step, step))


def marker(kind: str, x: float, y: float, r: float = 4) -> str:
    """The SVG of one point's marker."""
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}"/>'
    if kind == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"/>'
    if kind == "triangle":
        return (
            f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y + r:.1f}'
            f'L{x - r - 1:.1f} {y + r:.1f}Z"/>'
        )
    if kind == "diamond":
        return (
            f'<path d="M{x:.1f} {y - r - 1:.1f}L{x + r + 1:.1f} {y:.1f}L{x:.1f} '
            f'{y + r + 1:.1f}L{x - r - 1:.1f} {y:.1f}Z"/>'
        )
    if kind == "cross":
        return (
            f'<path class="stroke" d="M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}'
            f'M{x - r:.1f} {y + r:.1f}L{x + r:.1f} {y - r:.1f}"/>'
        )
    return (
        f'<path class="stroke" d="M{x - r - 1:.1f} {y:.1f}H{x + r + 1:.1f}'
        f'M{x:.1f} {y - r - 1:.1f}V{y + r + 1:.1f}"/>'
    )


def spread(positions: list[float], low: float, high: float, gap: float) -> list[float]:
    """Move label positions apart by at least gap, keeping them between low and high."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    placed = list(positions)
    previous = low - gap
    for i in order:
        placed[i] = max(placed[i], previous + gap)
        previous = placed[i]
    # Then back down from the top, so that only the labels near the top move down.
    following = high + gap
    for i in reversed(order):
        placed[i] = min(placed[i], following - gap)
        following = placed[i]
    return placed


def line_chart(
    chart_id: str,
    title: str,
    description: str,
    x_label: str,
    y_label: str,
    x_ticks: list[str],
    lines: list[tuple[str, list[int]]],
    number: Callable[[int], str] = str,
) -> Markup:
    """An accessible SVG line chart: one line per name, each with its own dash and marker;
    `number` writes the points on the axis (in the page's language)."""
    values = [v for _, vs in lines for v in vs] or [0]
    ticks = nice_ticks(min(values), max(values))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    points = max(len(x_ticks), 1)

    def x_at(i: int) -> float:
        return LEFT + (plot_w * i / (points - 1) if points > 1 else plot_w / 2)

    def y_at(v: float) -> float:
        return TOP + plot_h * (ticks[-1] - v) / (ticks[-1] - ticks[0])

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>',
        '<g class="grid" aria-hidden="true">',
    ]
    for tick in ticks:
        y = y_at(tick)
        zero = ' class="zero"' if tick == 0 else ""
        out.append(f'<line{zero} x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(
            f'<text class="tick" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{escape(number(tick))}</text>"
        )
    every = max(1, math.ceil(points / 8))
    for i, label in enumerate(x_ticks):
        if i % every == 0 or i == points - 1:
            out.append(
                f'<text class="tick" x="{x_at(i):.1f}" y="{TOP + plot_h + 16}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
    out.append(
        f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" '
        f'text-anchor="middle">{escape(x_label)}</text>'
    )
    out.append(
        f'<text class="axis" transform="translate(12 {TOP + plot_h / 2:.1f}) rotate(-90)"'
        f' text-anchor="middle">{escape(y_label)}</text></g>'
    )
    ends = []
    mark_every = max(1, math.ceil(points / 15))
    for n, (name, vs) in enumerate(lines):
        style = n % len(DASHES)
        coords = [(x_at(i), y_at(v)) for i, v in enumerate(vs)]
        path = " ".join(
            f"{'M' if i == 0 else 'L'}{x:.1f} {y:.1f}" for i, (x, y) in enumerate(coords)
        )
        dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
        out.append(
            f'<g class="series series-{style}" aria-hidden="true">'
            f'<path class="line" d="{path}"{dash}/>'
        )
        out.extend(
            marker(MARKERS[style], x, y)
            for i, (x, y) in enumerate(coords)
            if i % mark_every == 0 or i == len(coords) - 1
        )
        out.append("</g>")
        if coords:
            ends.append((n, name, coords[-1][1]))
    placed = spread([y for _, _, y in ends], TOP + 4, TOP + plot_h + 4, LABEL_GAP)
    for (n, name, _), y in zip(ends, placed, strict=True):
        out.append(
            f'<text class="end-label series-{n % len(DASHES)}" x="{LEFT + plot_w + 6}" '
            f'y="{y + 4:.1f}" aria-hidden="true">{escape(short(name))}</text>'
        )
    out.append("</svg>")
    return Markup("".join(out))


def short(name: str, room: int = 9) -> str:
    """A name cut to fit beside the end of its line."""
    return name if len(name) <= room else name[: room - 1] + "\u2026"


def running_totals(
    names: list[str], hand_scores: list[dict[str, int]], before: list[int] | None = None
) -> list[list[int]]:
    """Each player's total after 0, 1, 2 ... of these hands, in the order of names; `before`
    are the totals before the first of them, in the same order (nought without)."""
    totals = []
    for seat, name in enumerate(names):
        start = before[seat] if before is not None else 0
        running, line = start, [start]
        for scores in hand_scores:
            running += scores.get(name, 0)
            line.append(running)
        totals.append(line)
    return totals
