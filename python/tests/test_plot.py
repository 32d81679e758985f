"""The roofline in matplotlib: the report's geometry, drawn on log-log axes in GFLOP/s."""

import pandas as pd
import pytest

import rooflab
from helpers import RECORDED_PROFILE
from rooflab import plot


def roofs(compute, memory, device="gpu:0"):
    """A roofs frame (Machine.roofs) of {name: FLOP/s} compute and {level: B/s} memory roofs."""
    rows = [{"device": device, "kind": "compute", "name": name, "precision": name.split()[0],
             "flops_per_s": f} for name, f in compute.items()]
    rows += [{"device": device, "kind": "memory", "name": level, "level": level,
              "bytes_per_s": b} for level, b in memory.items()]
    return pd.DataFrame(rows)


NO_POINTS = pd.DataFrame(columns=["ai", "flops", "time_s_ci_low", "time_s_ci_high"])


def test_memory_roofs_rise_to_the_highest_peak_and_compute_roofs_start_at_the_fastest_memory():
    r = roofs({"fp64 dfma": 1e12, "fp32 ffma": 4e12}, {"DRAM": 1e11, "L2": 1e12})
    bounds = plot.extent(r, NO_POINTS)
    # Ridges at 1e12/1e11 = 10, 4e12/1e11 = 40, 1 and 4 FLOP/byte: from half the lowest to four
    # times the highest (0.5 to 160), widened to three decades about its centre.
    centre = (0.5 * 160) ** 0.5
    assert bounds.x_lo == pytest.approx(centre / 1e3**0.5)
    assert bounds.x_hi == pytest.approx(centre * 1e3**0.5)
    assert bounds.y_hi == pytest.approx(4e12 * 1.5)
    segments = {s.name: s for s in plot.segments(r, bounds)}
    assert segments["DRAM"].x1 == pytest.approx(40) and segments["DRAM"].y1 == pytest.approx(4e12)
    assert segments["L2"].x1 == pytest.approx(4)
    assert segments["fp64 dfma"].x0 == pytest.approx(1) and segments["fp64 dfma"].y0 == 1e12
    assert segments["fp32 ffma"].x1 == bounds.x_hi
    assert segments["L2"].label == "L2 1 TB/s"
    assert segments["fp32 ffma"].label == "fp32 ffma 4 TFLOP/s"


def test_a_roof_below_six_decades_under_the_highest_is_left_out():
    r = roofs({"fp64 dfma": 1e12, "fp16 slow": 1e5}, {"DRAM": 1e11})
    bounds = plot.extent(r, NO_POINTS)
    assert bounds.y_lo == pytest.approx(1e12 * 1.5 / 1e6)
    assert [s.name for s in plot.segments(r, bounds)] == ["DRAM", "fp64 dfma"]


def test_the_recorded_profile_is_drawn_with_a_line_per_roof_and_a_point_per_kernel(tmp_path):
    profile = rooflab.read_results(RECORDED_PROFILE)
    ax = rooflab.plot_roofline(profile)
    image = tmp_path / "roofline.png"
    ax.figure.savefig(image)
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    roof_frame = profile.machine.roofs()
    points = profile.results[profile.results["plotted"]]
    bounds = plot.extent(roof_frame, points)
    assert ax.get_xlim() == pytest.approx((bounds.x_lo, bounds.x_hi))
    assert ax.get_ylim() == pytest.approx((bounds.y_lo / 1e9, bounds.y_hi / 1e9))
    assert ax.get_xscale() == ax.get_yscale() == "log"
    drawn = plot.segments(roof_frame, bounds)
    assert len(ax.lines) == len(drawn) > 0
    assert {line.get_label() for line in ax.lines} == {s.label for s in drawn}
    dots = [c for c in ax.collections if c.get_label().startswith("program")]
    assert sum(len(c.get_offsets()) for c in dots) == len(points) > 0
    assert ax.get_ylabel() == "Performance (GFLOP/s)"


def test_points_are_drawn_in_gflops_at_their_intensity():
    profile = rooflab.read_results(RECORDED_PROFILE)
    ax = rooflab.plot_roofline(profile.machine, profile.results.head(1))
    (dots,) = [c for c in ax.collections if c.get_label().startswith("program")]
    first = profile.results.iloc[0]
    assert tuple(dots.get_offsets()[0]) == pytest.approx((first.ai, first.flops_per_s / 1e9))


def test_a_device_without_roofs_is_refused_by_name():
    profile = rooflab.read_results(RECORDED_PROFILE)
    with pytest.raises(ValueError, match="device 'cuda:1' has no roofs in this profile "
                       r"\(devices with roofs: cuda:0\)"):
        rooflab.plot_roofline(profile, device="cuda:1")
