#!/usr/bin/env python3
"""Places every counted kernel of a `rooflab run --counters` by its measured DRAM bytes and
compares it with its declared position (target: within 5%).

Per kernel: the position by measured DRAM bytes (declared FLOPs over measured DRAM bytes, as a
ratio to the declared arithmetic intensity: declared bytes / measured DRAM bytes), measured /
declared FLOPs, DRAM and L1 bytes, the intensity from measured FLOPs and DRAM bytes (reductions
add FLOPs the model does not declare, shown, not part of the target), and the timed median of the
counted run over that of a run without counters (counters never change the timings). Then the
calibration records. Exits 1 when a kernel has no measured DRAM bytes or its position by them
lies more than 5% from the declared one.

usage: cupti_summary.py COUNTED.json [PLAIN.json]
"""
import json
import sys

TARGET = 0.05


def key(r):
    p = r["params"]
    return (r["family"], r["variant"], r["work"]["precision"], p.get("op", ""), p.get("m", ""))


def name(r):
    family, _, precision, op, m = key(r)
    return " ".join(str(x) for x in (family, precision, op, f"m={m}" if m != "" else "") if x)


def ratio(measured, declared):
    return measured / declared if measured is not None and declared else None


def fmt(x):
    return "n/a" if x is None else f"{x:.4f}"


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    counted = json.load(open(sys.argv[1]))
    plain = json.load(open(sys.argv[2])) if len(sys.argv) > 2 else {"results": []}
    plain_time = {key(r): r["time"]["median"] for r in plain["results"] if r.get("time")}
    failures = []
    print("| kernel | position by DRAM / declared | FLOPs meas/decl | DRAM meas/decl "
          "| L1 meas/decl | AI(meas. FLOPs, DRAM) / declared | time counted/plain |")
    print("|---|---|---|---|---|---|---|")
    for r in counted["results"]:
        work, measured = r["work"], r.get("measured") or {}
        dram = ratio(measured.get("bytes", {}).get("DRAM"), work["bytes"])
        l1 = ratio(measured.get("bytes", {}).get("L1"), work["bytes"])
        flops = ratio(measured.get("flops"), work["flops"])
        ai = ratio(measured.get("ai", {}).get("DRAM"),
                   work["flops"] / work["bytes"] if work["flops"] else None)
        t = plain_time.get(key(r))
        time_ratio = r["time"]["median"] / t if t and r.get("time") else None
        position = 1 / dram if dram else None
        print(f"| {name(r)} | {fmt(position)} | {fmt(flops)} | {fmt(dram)} | {fmt(l1)} "
              f"| {fmt(ai)} | {fmt(time_ratio)} |")
        if position is None or abs(position - 1) > TARGET:
            failures.append(name(r))
    print("\n| calibration | kernel | expected | measured | ratio | agrees |")
    print("|---|---|---|---|---|---|")
    for c in counted.get("calibration", []):
        ok = c["expected"] > 0 and abs(c["measured"] / c["expected"] - 1) <= c["tolerance"]
        print(f"| {c['quantity']} | {c['kernel']} | {c['expected']:.6g} | {c['measured']:.6g} "
              f"| {c['measured'] / c['expected']:.4f} | {'yes' if ok else 'NO'} |")
    print(f"\n{len(counted['results']) - len(failures)} of {len(counted['results'])} kernels "
          f"within {TARGET:.0%} of their declared position by measured DRAM bytes")
    if failures:
        print("outside: " + ", ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
