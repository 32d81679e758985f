#!/usr/bin/env python3
"""OpenCL's stream kernels against CUDA's on one GPU, from one results file of a run over both
devices: per operation and precision, each backend's fastest verified DRAM result (bytes as
referenced over the median time), its array length, and OpenCL over CUDA.

usage: stream_backends_summary.py RESULTS.json
"""
import json
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        run = json.load(f)
    best = {}
    for r in run["results"]:
        if (r["family"] != "stream" or not r.get("time") or r["verification"]["status"] != "passed"
                or r.get("level") != "DRAM"):
            continue
        key = (r["params"]["op"], r["work"]["precision"], r["backend"])
        gbs = r["work"]["bytes"] / r["time"]["median"] / 1e9
        if gbs > best.get(key, (0,))[0]:
            best[key] = (gbs, r["params"]["n"], r["variant"])
    print("op precision | CUDA GB/s (n) | OpenCL GB/s (n, variant) | OpenCL / CUDA")
    ratios = []
    for op, precision in sorted({(k[0], k[1]) for k in best}):
        cuda, ocl = best.get((op, precision, "cuda")), best.get((op, precision, "opencl"))
        if not cuda or not ocl:
            continue
        ratios.append(ocl[0] / cuda[0])
        print(f"{op} {precision} | {cuda[0]:.0f} ({cuda[1]}) | {ocl[0]:.0f} ({ocl[1]}, {ocl[2]}) | "
              f"{ocl[0] / cuda[0]:.3f}")
    if ratios:
        print(f"lowest {min(ratios):.3f}, "
              f"{sum(r >= 0.95 for r in ratios)} of {len(ratios)} >= 0.95")


if __name__ == "__main__":
    main()
