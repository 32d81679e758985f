"""End to end: regions of Python code written by the package, placed by `rooflab report` under
the roofs `rooflab probe` measured on this machine."""

import csv
import json

import numpy as np

import rooflab
from helpers import roofs_of_a_region, run_rooflab


def test_the_report_places_python_regions_under_the_probed_roofs(probed_machine, tmp_path):
    n = 1 << 9  # three vectors of 4 KiB: in L1, the level that the shortest probe measures
    a, b, c = np.zeros(n), np.ones(n), np.full(n, 2.0)
    regions = rooflab.Regions()
    triad = regions.add("numpy_triad", flops=2 * n, bytes=24 * n, precision="fp64",
                        working_set=24 * n)
    for _ in range(9):
        with triad.timed():
            np.add(b, 3.0 * c, out=a)
    regions.write(tmp_path / "regions.json")
    run_rooflab("report", probed_machine, "regions.json", "-o", "report.html", "--csv", "csv",
                cwd=tmp_path)
    assert "numpy_triad" in (tmp_path / "report.html").read_text()
    with open(tmp_path / "csv/results.csv", newline="") as f:
        (row,) = [r for r in csv.DictReader(f) if r["family"] == "region"]
    assert (row["variant"], row["device"], row["status"], row["plotted"]) == (
        "numpy_triad", "cpu", "ok", "true")
    ours = rooflab.read_results(tmp_path / "regions.json").results.iloc[0]
    assert float(row["time_median_s"]) == ours.time_s
    assert float(row["time_ci_low_s"]) == ours.time_s_ci_low
    expected = roofs_of_a_region(probed_machine, row["level"], "fp64")
    assert json.loads(row["params"])["roofs"].startswith(expected or "all cores")
    assert (row["efficiency"] != "") == (expected is not None)
