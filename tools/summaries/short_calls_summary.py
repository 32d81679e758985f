#!/usr/bin/env python3
"""Counts the unstable results (CV > 5%) of `rooflab run --family reduce` per device: all of them,
those of working sets up to 4 MiB (the short calls), the median CV of the short ones, how many were
timed with samples longer than the first (an unstable result is timed again with samples 4x as
long), and each unstable one. Exits 1 when a result failed.

usage: short_calls_summary.py RESULTS.json
"""
import json
import statistics
import sys

SHORT = 4 << 20  # bytes of working set


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    doc = json.load(open(sys.argv[1]))
    records = [r for r in doc["results"] if r["family"] == "reduce"]
    failed = [r for r in records if r["verification"]["status"] != "passed" or r.get("error")]
    print("| device | results | unstable | of them <= 4 MiB | short results | median CV <= 4 MiB "
          "| lengthened (short) |\n|---|---|---|---|---|---|---|")
    unstable_lines = []
    for device in sorted({r["device"] for r in records}):
        ok = [r for r in records if r["device"] == device and r not in failed and r.get("time")]
        short = [r for r in ok if r["work"]["working_set"] <= SHORT]
        unstable = [r for r in ok if r["time"]["cv"] > 0.05]
        short_unstable = [r for r in unstable if r in short]
        cvs = [r["time"]["cv"] for r in short]
        median_cv = f"{statistics.median(cvs):.4f}" if cvs else "n/a"
        first = statistics.mode([r.get("sample_seconds", 0) for r in ok]) if ok else 0
        longer = [r for r in ok if r.get("sample_seconds", 0) > first]
        print(f"| {device} | {len(ok)} | {len(unstable)} | {len(short_unstable)} | {len(short)} | "
              f"{median_cv} | {len(longer)} ({len([r for r in longer if r in short])}) |")
        for r in unstable:
            unstable_lines.append(f"  unstable: {device} {r['variant']} {r['params']['op']} "
                                  f"{r['work']['precision']} n={r['params']['n']} "
                                  f"cv={r['time']['cv']:.3f} "
                                  f"median={r['time']['median'] * 1e6:.2f} us "
                                  f"samples of {r.get('sample_seconds', 0) * 1e3:g} ms, "
                                  f"{r.get('calls_per_sample', 0)} calls")
    print("\n".join(unstable_lines))
    for r in failed:
        print(f"  FAILED {r['device']} {r['variant']}: "
              f"{r.get('error') or r['verification']['message']}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
