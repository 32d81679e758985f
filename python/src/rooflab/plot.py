"""The roofline of one device in matplotlib, drawn as the report draws it: log-log, arithmetic
intensity (FLOP/byte) against GFLOP/s, a dashed diagonal per memory level up to the highest
compute roof, a horizontal line per compute ceiling from where the fastest memory roof meets it,
and the results as points with their 95% confidence interval."""

import dataclasses
import math

import pandas as pd

from .machine import Machine
from .results import RESULT_COLUMNS, Results

# reports/roofline_chart.cpp: the colours of the report's roofs.
PRECISION_COLOURS = {
    "fp64": "#1f77b4", "fp32": "#d62728", "fp16": "#2ca02c", "bf16": "#9467bd",
    "int32": "#8c564b", "fp16_tensor": "#1a6b1a", "bf16_tensor": "#5e3a7e",
    "fp64_tensor": "#10466e", "tf32_tensor": "#e377c2", "int8_tensor": "#bcbd22",
    "fp8_tensor": "#17becf",
}
MEMORY_COLOUR = "#555555"
# The memory roofs share the report's colour and dashes; here, without its labels on the lines,
# each level has its own dashes for the legend to tell them apart.
MEMORY_DASHES = [(7, 4), (2, 2), (7, 2, 2, 2), (12, 3), (1, 4), (7, 2, 1, 2, 1, 2)]
# A backend's marker; results measured outside Rooflab (imported, regions, a profiled program's
# kernels) are stars whatever their backend.
BACKEND_MARKERS = {"cpu": "o", "opencl": "s", "cuda": "^"}
IMPORTED_FAMILIES = {"gbench", "region", "program"}
MOST_DECADES = 6  # of FLOP/s below the highest roof


@dataclasses.dataclass(frozen=True)
class Extent:
    """What the axes show, in FLOP/byte (x) and FLOP/s (y)."""

    x_lo: float
    x_hi: float
    y_lo: float
    y_hi: float


@dataclasses.dataclass(frozen=True)
class Segment:
    """A roof as a segment from (x0, y0) to (x1, y1), in FLOP/byte and FLOP/s."""

    kind: str  # "compute" or "memory"
    name: str  # "fp64 avx2", "L1"
    precision: str  # of a compute roof; "" for a memory roof
    label: str  # "fp64 avx2 120 GFLOP/s", "L1 1.2 TB/s"
    x0: float
    y0: float
    x1: float
    y1: float


def extent(roofs, points):
    """The extent that holds every ridge point (where a memory roof meets a precision's highest
    compute roof) and every point with its interval, with room around them: at least three decades
    of intensity, at most six of FLOP/s below the highest roof (reports::roofline_extent)."""
    compute, memory = _split(roofs)
    peaks = compute.groupby("precision")["flops_per_s"].max()
    xs = [peak / bw for bw in memory["bytes_per_s"] for peak in peaks]
    xs += list(points["ai"])
    ys = list(compute["flops_per_s"]) + list(_low(points)) + list(_high(points))
    x_lo, x_hi, y_lo, y_hi = 0.01, 100.0, 1.0, 1000.0
    if xs:
        x_lo, x_hi = min(xs) / 2, max(xs) * 4
    if x_hi / x_lo < 1e3:
        centre = math.sqrt(x_lo * x_hi)
        x_lo, x_hi = centre / math.sqrt(1e3), centre * math.sqrt(1e3)
    if compute.empty:  # nothing caps the memory roofs: they rise to the right edge
        ys += [bw * x_hi for bw in memory["bytes_per_s"]]
    if ys:
        y_lo, y_hi = min(ys) / 1.5, max(ys) * 1.5
    y_lo = min([y_lo, *(bw * x_lo for bw in memory["bytes_per_s"])])
    return Extent(x_lo, x_hi, max(y_lo, y_hi / 10**MOST_DECADES), y_hi)


def segments(roofs, bounds):
    """The roofs as segments clipped to `bounds`; a roof wholly outside is left out
    (reports::roof_segments)."""
    compute, memory = _split(roofs)
    fastest = memory["bytes_per_s"].max() if not memory.empty else 0
    highest = compute["flops_per_s"].max() if not compute.empty else 0
    out = []
    for m in memory.itertuples():
        bw = m.bytes_per_s
        cap = highest / bw if highest > 0 else bounds.x_hi
        x0 = max(bounds.x_lo, bounds.y_lo / bw)
        x1 = min(cap, bounds.x_hi, bounds.y_hi / bw)
        if x0 < x1:
            out.append(Segment("memory", m.level, "", f"{m.level} {si(bw, 'B/s')}",
                               x0, bw * x0, x1, bw * x1))
    for c in compute.itertuples():
        f = c.flops_per_s
        if not bounds.y_lo <= f <= bounds.y_hi:
            continue
        x0 = min(max(f / fastest if fastest > 0 else bounds.x_lo, bounds.x_lo), bounds.x_hi)
        if x0 < bounds.x_hi:
            out.append(Segment("compute", c.name, c.precision, f"{c.name} {si(f, 'FLOP/s')}",
                               x0, f, bounds.x_hi, f))
    return out


def plot_roofline(profile, results=None, *, device=None, threads=None, ax=None, title=None):
    """Draws one device's roofs and results; returns the matplotlib Axes (ax.figure: its Figure).

    profile: a Machine (read_machine) or Results (read_results: the profile it embeds).
    results: Results, or a DataFrame of results rows (Results.results, filtered as you like);
        by default the results of `profile` when it is Results. Only rows that the report would
        draw (`plotted`) on `device` are drawn.
    device: the device id ("cpu", "cuda:0"); may be left out where one device has roofs.
    threads: whose roofs (Machine.roofs); by default those of the highest thread count measured.
    ax: the Axes to draw on; a new figure by default.
    """
    machine = profile.machine if isinstance(profile, Results) else profile
    if not isinstance(machine, Machine):
        raise TypeError(f"profile is a {type(profile).__name__}, not rooflab Machine or Results")
    if results is None and isinstance(profile, Results):
        results = profile
    rows = results.results if isinstance(results, Results) else results
    rows = rows if rows is not None else pd.DataFrame(columns=RESULT_COLUMNS)
    all_roofs = machine.roofs(threads)
    device = _device(all_roofs, rows, device, machine.source)
    roofs = all_roofs[all_roofs["device"] == device]
    points = rows[(rows["device"] == device) & rows["plotted"].astype(bool)]
    bounds = extent(roofs, points)
    if ax is None:
        import matplotlib.pyplot as plt  # only where no Axes is given: pyplot picks a backend

        _, ax = plt.subplots(figsize=(11, 6), layout="constrained")
    levels = 0
    for s in segments(roofs, bounds):
        if s.kind == "memory":
            colour, style = MEMORY_COLOUR, (0, MEMORY_DASHES[levels % len(MEMORY_DASHES)])
            levels += 1
        else:
            colour, style = PRECISION_COLOURS.get(s.precision, "black"), "-"
        ax.plot([s.x0, s.x1], [s.y0 / 1e9, s.y1 / 1e9], label=s.label, linewidth=2,
                color=colour, linestyle=style)
    _draw_points(ax, points)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(bounds.x_lo, bounds.x_hi)
    ax.set_ylim(bounds.y_lo / 1e9, bounds.y_hi / 1e9)
    ax.set_xlabel("Arithmetic intensity (FLOP/byte)")
    ax.set_ylabel("Performance (GFLOP/s)")
    ax.set_title(title if title is not None else f"{device}: roofline")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))  # beside the plot
    return ax


def _draw_points(ax, points):
    """The results, coloured by family, one marker per backend, each with a vertical bar over
    the 95% CI of its rate. Roofs are the Axes' only lines: points are collections."""
    families = list(dict.fromkeys(points["family"]))
    for i, family in enumerate(families):
        colour = f"C{i % 10}"
        for backend, group in points[points["family"] == family].groupby("backend", sort=False):
            imported = family in IMPORTED_FAMILIES
            ax.vlines(group["ai"], _low(group) / 1e9, _high(group) / 1e9, color=colour,
                      linewidth=1)
            ax.scatter(group["ai"], group["flops_per_s"] / 1e9, color=colour, zorder=3,
                       marker="*" if imported else BACKEND_MARKERS.get(backend, "o"),
                       s=80 if imported else 25, label=f"{family} ({backend})")


def _low(points):
    """The lower end of each point's rate: its FLOPs over the upper end of its time interval."""
    return points["flops"] / points["time_s_ci_high"]


def _high(points):
    return points["flops"] / points["time_s_ci_low"]


def _split(roofs):
    return roofs[roofs["kind"] == "compute"], roofs[roofs["kind"] == "memory"]


def _device(roofs, rows, wanted, source):
    """The device to draw: `wanted`, else the one device with roofs (of those the results name,
    where there are results)."""
    with_roofs = list(dict.fromkeys(roofs["device"]))
    if wanted is not None:
        if wanted not in with_roofs:
            raise ValueError(f"{source}: device '{wanted}' has no roofs in this profile "
                             f"(devices with roofs: {', '.join(with_roofs) or 'none'})")
        return wanted
    named = [d for d in with_roofs if d in set(rows["device"])] or with_roofs
    if len(named) != 1:
        raise ValueError(f"{source}: {len(named)} devices have roofs "
                         f"({', '.join(named) or 'none'}): name one with device=")
    return named[0]


def si(value, unit):
    """ "1.2 TB/s": three significant digits and an SI prefix, as the report labels roofs."""
    prefixes = ["", "k", "M", "G", "T", "P"]
    rounded = float(f"{value:.3g}")  # 999.9e9 is 1 T, not 1e+03 G
    power = math.floor(math.log10(rounded) / 3) if rounded > 0 else 0
    power = min(max(power, 0), len(prefixes) - 1)
    return f"{rounded / 1000**power:.3g} {prefixes[power]}{unit}"
