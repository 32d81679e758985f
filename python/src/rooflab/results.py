"""Results files (rooflab.results/1, written by `rooflab run`, `rooflab profile` and region
writers) as pandas DataFrames."""

import dataclasses
import math
import os

import pandas as pd

from . import _files, _stats
from ._frames import frame, summary, summary_columns
from .machine import Machine, machine_of

SCHEMA = "rooflab.results/1"


@dataclasses.dataclass(frozen=True)
class Results:
    """A results file: the machine profile it embeds, one row per result (`results`), the roof
    checks repeated before and after a run's cases (`roof_checks`, the same columns), each
    result's hardware counters (`counters`, one row per result and event) and the counters'
    calibration. A profile (`rooflab profile`) also has its `program`."""

    source: str
    provenance: dict
    incomplete: str | None  # why the run stopped before its last case; None when complete
    machine: Machine
    results: pd.DataFrame
    roof_checks: pd.DataFrame
    counters: pd.DataFrame  # result (index into `results`), event, value, source, verdict, note
    calibration: pd.DataFrame  # device, quantity, events, kernel, expected, measured, ratio, ...
    # A profile's program, as the file has it: command, exit_code, seconds (profiled),
    # plain_seconds, kernel_seconds, launches, counted, sample, kernels (the filter), notes.
    program: dict | None


def read_results(path):
    """The results file at `path` (plain or gzip-compressed JSON). Raises rooflab.FormatError
    naming the file where its schema, or its machine's, is not of major version 1, or a field is
    missing."""
    where = f"'{os.fspath(path)}'"
    return results_of(_files.load(path), where)


def results_of(doc, where):
    """A parsed results document; `where` names it in errors."""
    _files.check_schema(doc, SCHEMA, where)
    machine = _files.fields(where, lambda: machine_of(doc["machine"], f"{where}: machine"))
    return _files.fields(where, _convert, doc, where, machine)


def _convert(doc, where, machine):
    results = doc["results"]
    counters = _files.each(where, "results", results,
                           lambda r: [_counter(e, c) for e, c in r.get("counters", {}).items()])
    return Results(
        source=where,
        provenance=doc["provenance"],
        incomplete=doc.get("incomplete"),
        machine=machine,
        results=frame(_files.each(where, "results", results, _result), RESULT_COLUMNS),
        # Roof checks, counters and calibration came later within results/1.
        roof_checks=frame(
            _files.each(where, "roof_checks", doc.get("roof_checks", []), _result),
            RESULT_COLUMNS),
        counters=frame([{"result": i, **c} for i, cs in enumerate(counters) for c in cs],
                       COUNTER_COLUMNS),
        calibration=pd.DataFrame(doc.get("calibration", []), columns=CALIBRATION_COLUMNS),
        program=doc.get("program"),
    )


RESULT_COLUMNS = [
    "family", "variant", "backend", "device", "precision", "params", "level",
    "verified", "verification", "error", "ok",
    "flops", "bytes", "bytes_write_allocate", "algorithm_bytes", "working_set_bytes", "ai",
    *summary_columns("time_s"), "samples_s", "flops_per_s", "bytes_per_s", "plotted",
    "bound", "roof_level", "attainable_flops_per_s", "efficiency", "efficiency_now", "note",
    "roof_now_bytes_per_s", "sample_time_s", "calls_per_sample",
    "launches", "launches_counted", "launches_total_s", "share", "counting",
    "measured_flops", "measured_bytes", "measured_ai",
]


def _result(r):
    work, placement = r["work"], r["placement"]
    launches, measured = r.get("launches"), r.get("measured")  # a profiled program's kernels
    samples = r["samples"]
    # Rooflab's readers compute the summary a writer of samples alone left out (a marked region).
    time = r["time"] if r["time"] is not None or not samples else _stats.summarize(samples)
    verified = r["verification"]["status"] == "passed"
    ok = verified and r["error"] == "" and time is not None  # roofline::Result::ok()
    median = time["median"] if ok else math.nan
    ai = placement["ai"] if placement else _ratio(work["flops"], work["bytes"])
    nan = math.nan
    return {
        "family": r["family"], "variant": r["variant"], "backend": r["backend"],
        "device": r["device"], "precision": work["precision"], "params": r["params"],
        "level": r["level"],
        "verified": verified, "verification": r["verification"]["message"],
        "error": r["error"], "ok": ok,
        "flops": work["flops"], "bytes": work["bytes"],
        "bytes_write_allocate": work["bytes_write_allocate"],
        # Written where an algorithm moves more than `bytes` (a multi-pass scan).
        "algorithm_bytes": work.get("algorithm_bytes", work["bytes"]),
        "working_set_bytes": work["working_set"], "ai": ai,
        **summary("time_s", time), "samples_s": samples,
        "flops_per_s": _ratio(work["flops"], median), "bytes_per_s": _ratio(work["bytes"], median),
        # What the report draws: a verified, timed result with FLOPs and an intensity.
        "plotted": ok and work["flops"] > 0 and median > 0 and ai > 0,
        "bound": placement["bound"] if placement else "",
        "roof_level": placement["level"] if placement else "",
        "attainable_flops_per_s": placement["attainable_flops_per_s"] if placement else nan,
        "efficiency": placement["efficiency"] if placement else nan,
        "efficiency_now": _number(placement.get("efficiency_now")) if placement else nan,
        "note": placement.get("note", "") if placement else "",
        "roof_now_bytes_per_s": r["roof_now"]["median"] if r.get("roof_now") else nan,
        "sample_time_s": r.get("sample_seconds", nan),
        "calls_per_sample": r.get("calls_per_sample", 0),
        "launches": launches["launches"] if launches else 0,
        "launches_counted": launches["counted"] if launches else 0,
        "launches_total_s": launches["total_seconds"] if launches else nan,
        "share": launches["share"] if launches else nan,
        "counting": launches["counting"] if launches else "",
        "measured_flops": _number(measured["flops"]) if measured else nan,
        "measured_bytes": measured["bytes"] if measured else {},
        "measured_ai": measured["ai"] if measured else {},
    }


def _ratio(a, b):
    """a / b, NaN where b is not above zero (nothing to divide by)."""
    return a / b if b > 0 else math.nan


def _number(value):
    return math.nan if value is None else value


COUNTER_COLUMNS = ["result", "event", "value", "source", "verdict", "note"]


def _counter(event, c):
    return {"event": event, "value": _number(c["value"]), "source": c["source"],
            "verdict": c["verdict"], "note": c["note"]}


CALIBRATION_COLUMNS = ["device", "quantity", "events", "kernel", "expected", "measured", "ratio",
                       "tolerance", "agrees"]
