#!/usr/bin/env python3
"""Prints each GPU device's measured memory ceilings of a machine profile (`rooflab probe -o`), L2
first, in TB/s with the working set of the point each comes from, and its launch latencies.

usage: l2_ceilings.py MACHINE.json
"""
import json
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    doc = json.load(open(sys.argv[1]))
    machine = doc.get("machine", doc)
    print("| device | level | kernel | TB/s (median) | working set MiB |\n|---|---|---|---|---|")
    for d in machine["devices"]:
        if d["backend"] == "cpu":
            continue
        memory = d["ceilings"]["memory"]
        for m in sorted(memory, key=lambda m: (m["level"] != "L2", m["level"], m["kernel"])):
            ws = m["working_set"]
            print(f"| {d['id']} | {m['level']} | {m['kernel']} | "
                  f"{m['bytes_per_s']['median'] / 1e12:.3f} | "
                  f"{ws[0] / 2**20:.1f}-{ws[1] / 2**20:.1f} |")
        for lat in d["ceilings"].get("latency", []):
            print(f"  {d['id']} latency {json.dumps(lat)[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
