#!/usr/bin/env python3
"""The nested SAXPY's efficiency under its attainable roof, per variant, precision and depth,
against the target (>= 0.80 within half to twice the ridge, marked "n", >= 0.90 elsewhere).

RESULTS.json: `rooflab run --family nested_saxpy --machine M.json` (the roofs of M's probe; any
backend, several files may be given). The ridge of each precision is the FMA roof over the DRAM
roof, both read back from the placements (attainable = roof × AI below the ridge, peak above it).

usage: nested_saxpy_efficiency.py RESULTS.json...
"""
import json
import sys


def low(xs):
    return f"{min(xs):.3f}" if xs else "—"


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    rows, peak, bandwidth, failed = {}, {}, {}, []
    for path in sys.argv[1:]:
        for r in json.load(open(path))["results"]:
            if r["family"] != "nested_saxpy":
                continue
            p, m = r["work"]["precision"], r["params"]["m"]
            if r["verification"]["status"] != "passed" or r["error"] or not r.get("placement"):
                failed.append(f"{r['variant']} {p} m={m}")
                continue
            place = r["placement"]
            rows.setdefault((r["device"], r["variant"], p), {})[m] = place
            if place["bound"] == "compute":
                peak[p] = max(peak.get(p, 0), place["attainable_flops_per_s"])
            else:
                roof = place["attainable_flops_per_s"] / place["ai"]
                bandwidth[p] = max(bandwidth.get(p, 0), roof)
    depths = sorted({m for v in rows.values() for m in v})
    print("| device | variant | precision | " + " | ".join(map(str, depths)) + " | away / near |")
    print("|---|---|---|" + "---|" * len(depths) + "---|")
    for (device, variant, p), by_m in sorted(rows.items()):
        ridge = peak.get(p, 0) / bandwidth[p] if bandwidth.get(p) else None
        cells, away, near = [], [], []
        for m in depths:
            place = by_m.get(m)
            if not place:
                cells.append("—")
                continue
            n = ridge is not None and ridge / 2 <= place["ai"] <= 2 * ridge
            (near if n else away).append(place["efficiency"])
            cells.append(f"{place['efficiency']:.3f}{' n' if n else ''}")
        print(f"| {device} | {variant} | {p} | " + " | ".join(cells) +
              f" | {low(away)} / {low(near)} |")
    print(f"\nfailed: {', '.join(failed) or 'none'}")


if __name__ == "__main__":
    main()
