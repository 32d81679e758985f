"""Machine profiles (rooflab.machine/1, written by `rooflab probe`) as pandas DataFrames."""

import dataclasses
import itertools
import os
import statistics

import pandas as pd

from . import _files
from ._frames import frame, summary, summary_columns

SCHEMA = "rooflab.machine/1"


@dataclasses.dataclass(frozen=True)
class Machine:
    """A machine profile: one frame per kind of record, one row per record, with a `device`
    column ("cpu", "opencl:P:D", "cuda:N"). Units are in the column names (README.md, Python)."""

    source: str  # the file as messages name it, and where in it ("'c.json': nodes[0].machine")
    provenance: dict  # what ran where: version, host, compiler, time, command...
    incomplete: str | None  # why the probe stopped early; None when it is complete
    devices: pd.DataFrame  # device, backend, name, vendor, driver, compute_units, clock_hz, ...
    caches: pd.DataFrame  # device, level, size_bytes, instances, cpus_per_instance
    compute: pd.DataFrame  # measured compute ceilings: precision, path, threads, flops_per_s, ...
    memory: pd.DataFrame  # measured memory ceilings: level, kernel, threads, bytes_per_s, ...
    theoretical_compute: pd.DataFrame  # precision, path, threads, flops_per_s, basis
    theoretical_memory: pd.DataFrame  # level, bytes_per_s, basis
    latency: pd.DataFrame  # kind, threads, latency_s (median of its repetitions), ...
    sweep: pd.DataFrame  # the bandwidth sweep: kernel, threads, store, working_set_bytes, ...
    link: pd.DataFrame  # the host link sweep: direction, host_memory, bytes, bytes_per_s

    def roofs(self, threads=None):
        """The roofs the report draws, one row per roof: per device, at the highest thread count
        it measured (or `threads`), every compute ceiling (kind "compute": precision, path,
        flops_per_s) and per memory level its fastest kernel's (kind "memory": level, kernel,
        bytes_per_s); the medians of their repetitions."""
        rows = []
        for device in self.devices["device"]:
            compute = self.compute[self.compute["device"] == device]
            memory = self.memory[self.memory["device"] == device]
            measured = pd.concat([compute["threads"], memory["threads"]])
            if measured.empty:
                continue
            t = threads if threads is not None else int(measured.max())
            for c in compute[compute["threads"] == t].itertuples():
                rows.append(_roof(device, "compute", f"{c.precision} {c.path}", t, c.flops_per_s,
                                  precision=c.precision, path=c.path))
            at_t = memory[memory["threads"] == t]
            for level, kernels in at_t.groupby("level", sort=False):
                best = kernels.loc[kernels["bytes_per_s"].idxmax()]
                rows.append(_roof(device, "memory", level, t, best["bytes_per_s"], level=level,
                                  kernel=best["kernel"]))
        return frame(rows, ROOF_COLUMNS)


ROOF_COLUMNS = ["device", "kind", "name", "precision", "path", "level", "kernel", "threads",
                "flops_per_s", "bytes_per_s"]


def _roof(device, kind, name, threads, rate, precision="", path="", level="", kernel=""):
    compute = kind == "compute"
    return {"device": device, "kind": kind, "name": name, "precision": precision, "path": path,
            "level": level, "kernel": kernel, "threads": threads,
            "flops_per_s": rate if compute else float("nan"),
            "bytes_per_s": float("nan") if compute else rate}


def read_machine(path):
    """The machine profile at `path` (plain or gzip-compressed JSON). Raises rooflab.FormatError
    naming the file where its schema is not rooflab.machine/1 (or a later 1.x) or a field is
    missing."""
    where = f"'{os.fspath(path)}'"
    return machine_of(_files.load(path), where)


def machine_of(doc, where):
    """A parsed machine profile; `where` names it in errors."""
    _files.check_schema(doc, SCHEMA, where)
    return _files.fields(where, _convert, doc, where)


def _convert(doc, where):
    devices = doc["devices"]

    def rows(records, row):
        """row(device id, record) for every record of every device."""
        per_device = _files.each(where, "devices", devices,
                                 lambda d: [row(d["id"], r) for r in records(d)])
        return list(itertools.chain.from_iterable(per_device))

    return Machine(
        source=where,
        provenance=doc["provenance"],
        incomplete=doc.get("incomplete"),
        devices=frame(_files.each(where, "devices", devices, _device), DEVICE_COLUMNS),
        caches=frame(rows(lambda d: d["caches"], _cache), CACHE_COLUMNS),
        compute=frame(rows(lambda d: d["ceilings"]["compute"], _compute), COMPUTE_COLUMNS),
        memory=frame(rows(lambda d: d["ceilings"]["memory"], _memory), MEMORY_COLUMNS),
        theoretical_compute=frame(rows(lambda d: d["theoretical"]["compute"],
                                       _theoretical_compute), THEORETICAL_COMPUTE_COLUMNS),
        theoretical_memory=frame(rows(lambda d: d["theoretical"]["memory"],
                                      _theoretical_memory), THEORETICAL_MEMORY_COLUMNS),
        # Latency and the link came later within machine/1: older files have neither.
        latency=frame(rows(lambda d: d["ceilings"].get("latency", []), _latency),
                      LATENCY_COLUMNS),
        sweep=frame(rows(lambda d: d["sweep"], _sweep), SWEEP_COLUMNS),
        link=frame(rows(lambda d: d.get("link", []), _link), LINK_COLUMNS),
    )


DEVICE_COLUMNS = ["device", "backend", "name", "vendor", "driver", "compute_units", "clock_hz",
                  "memory_bytes", "facts"]


def _device(d):
    return {"device": d["id"], "backend": d["backend"], "name": d["name"], "vendor": d["vendor"],
            "driver": d["driver"], "compute_units": d["compute_units"], "clock_hz": d["clock_hz"],
            "memory_bytes": d["memory_bytes"], "facts": d["facts"]}


CACHE_COLUMNS = ["device", "level", "size_bytes", "instances", "cpus_per_instance"]


def _cache(device, c):
    return {"device": device, "level": c["level"], "size_bytes": c["size_bytes"],
            "instances": c["instances"], "cpus_per_instance": c["cpus_per_instance"]}


COMPUTE_COLUMNS = ["device", "precision", "path", "threads", *summary_columns("flops_per_s"),
                   "clock_hz", "method"]


def _compute(device, c):
    return {"device": device, "precision": c["precision"], "path": c["path"],
            "threads": c["threads"], **summary("flops_per_s", c["flops_per_s"]),
            "clock_hz": c["clock_hz"], "method": c["method"]}


MEMORY_COLUMNS = ["device", "level", "kernel", "threads", *summary_columns("bytes_per_s"),
                  "working_set_min_bytes", "working_set_max_bytes", "method"]


def _memory(device, m):
    low, high = m["working_set"]
    return {"device": device, "level": m["level"], "kernel": m["kernel"], "threads": m["threads"],
            **summary("bytes_per_s", m["bytes_per_s"]), "working_set_min_bytes": low,
            "working_set_max_bytes": high, "method": m["method"]}


THEORETICAL_COMPUTE_COLUMNS = ["device", "precision", "path", "threads", "flops_per_s", "basis"]


def _theoretical_compute(device, t):
    return {"device": device, "precision": t["precision"], "path": t["path"],
            "threads": t["threads"], "flops_per_s": t["flops_per_s"], "basis": t["basis"]}


THEORETICAL_MEMORY_COLUMNS = ["device", "level", "bytes_per_s", "basis"]


def _theoretical_memory(device, t):
    return {"device": device, "level": t["level"], "bytes_per_s": t["bytes_per_s"],
            "basis": t["basis"]}


LATENCY_COLUMNS = ["device", "kind", "threads", *summary_columns("latency_s"), "method"]


def _latency(device, entry):
    return {"device": device, "kind": entry["kind"], "threads": entry["threads"],
            **summary("latency_s", entry["seconds"]), "method": entry["method"]}


SWEEP_COLUMNS = ["device", "kernel", "threads", "store", "working_set_bytes", "bytes_per_s",
                 "bytes_per_s_samples"]


def _sweep(device, p):
    return {"device": device, "kernel": p["kernel"], "threads": p["threads"], "store": p["store"],
            "working_set_bytes": p["working_set"],
            "bytes_per_s": statistics.median(p["bytes_per_s"]),
            "bytes_per_s_samples": p["bytes_per_s"]}


LINK_COLUMNS = ["device", "direction", "host_memory", "bytes", "bytes_per_s",
                "bytes_per_s_samples"]


def _link(device, p):
    return {"device": device, "direction": p["direction"], "host_memory": p["host_memory"],
            "bytes": p["bytes"], "bytes_per_s": statistics.median(p["bytes_per_s"]),
            "bytes_per_s_samples": p["bytes_per_s"]}
