"""The files the rooflab binary (ROOFLAB) writes for the tests, once per session."""

import matplotlib
import pytest

from helpers import run_rooflab

matplotlib.use("Agg")  # no display: figures are written to files
# Short budgets: the files need real ceilings and results, not good ones.
BUDGET_S = "10"


@pytest.fixture(scope="session")
def probed_machine(tmp_path_factory):
    """A machine profile of this machine's CPU, by `rooflab probe`."""
    folder = tmp_path_factory.mktemp("probe")
    run_rooflab("probe", "-d", "cpu", "--budget", BUDGET_S, "-o", "m.json", cwd=folder)
    return folder / "m.json"


@pytest.fixture(scope="session")
def stream_results(probed_machine):
    """The stream family's results on this CPU, placed under probed_machine's roofs, and the
    report's CSV of them beside (csv/results.csv), to check the readers against. Sized into L1,
    the level that even the shortest probe measures, so that they are placed."""
    folder = probed_machine.parent
    run_rooflab("run", "-d", "cpu", "--family", "stream", "--size", "1K", "--budget", BUDGET_S,
                "--machine", probed_machine, "-o", "r.json", cwd=folder)
    run_rooflab("report", "r.json", "-o", "r.html", "--csv", "csv", cwd=folder)
    return folder / "r.json"
