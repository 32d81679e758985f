#!/usr/bin/env python3
"""Summarizes a CUDA nested SAXPY run and its offload study.

NESTED.json (`rooflab run --family nested_saxpy --variant grid_stride_v16 ... thrust_transform`):
per precision and depth every own kernel's and Thrust's median times, Thrust's over the fastest
own kernel's (the speed-up; the target is >= 1.00), that kernel and its efficiency under its roof.
OFFLOAD.json (`rooflab run --family nested_saxpy_offload`), optional: per host memory,
precision and depth the medians of the call, its link and its kernel, the call's rate over the
link, and the call's and kernel's efficiency under their roofs (host_link and HBM).

usage: nested_saxpy_summary.py NESTED.json [OFFLOAD.json]
"""
import json
import sys


def ok(r):
    return r["verification"]["status"] == "passed" and not r["error"] and r["time"]


def median(r):
    return r["time"]["median"]


def efficiency(r):
    p = r.get("placement")
    return f"{p['efficiency']:.3f}" if p else "n/a"


def ms(r):
    return f"{median(r) * 1e3:.4f}" if r else "—"


BASELINES = ("thrust_transform", "cublas_axpy")


def nested(doc):
    runs = {}
    for r in doc["results"]:
        if r["family"] == "nested_saxpy" and ok(r):
            runs[(r["work"]["precision"], r["params"]["m"], r["variant"])] = r
    own_variants = sorted({k[2] for k in runs} - set(BASELINES))
    print("| precision | m | " + " | ".join(f"{v} (ms)" for v in own_variants)
          + " | Thrust (ms) | Thrust / best own | best own | its efficiency under its roof |")
    print("|---|---|" + "---|" * len(own_variants) + "---|---|---|---|")
    misses = []
    for p in ("fp32", "fp64", "fp16", "bf16"):
        for m in sorted({k[1] for k in runs if k[0] == p}):
            own = {v: runs.get((p, m, v)) for v in own_variants}
            thrust = runs.get((p, m, "thrust_transform"))
            timed = [v for v in own_variants if own[v]]
            if not timed or not thrust:
                continue
            best = min(timed, key=lambda v: median(own[v]))
            ratio = median(thrust) / median(own[best])
            if ratio < 1:
                misses.append(f"{p} m={m} {ratio:.3f}")
            print(f"| {p} | {m} | " + " | ".join(ms(own[v]) for v in own_variants)
                  + f" | {ms(thrust)} | {ratio:.3f} | {best} | {efficiency(own[best])} |")
    failed = [f"{r['variant']} {r['work']['precision']} m={r['params'].get('m')}"
              for r in doc["results"] if r["family"] == "nested_saxpy" and not ok(r)]
    print(f"\nunder Thrust: {', '.join(misses) or 'none'}; failed: {', '.join(failed) or 'none'}")


def offload(doc):
    runs = {}
    for r in doc["results"]:
        if r["family"] == "nested_saxpy_offload" and ok(r):
            runs[(r["variant"], r["work"]["precision"], r["params"]["m"], r["params"]["part"])] = r
    print("\n| host memory | precision | m | call (ms) | link (ms) | kernel (ms) | kernel share "
          "| call GB/s over the link | call under host_link | kernel under HBM |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for v in ("pinned_copy", "managed_prefetch"):
        for p in ("fp32", "fp64"):
            for m in sorted({k[2] for k in runs if k[0] == v and k[1] == p}):
                parts = {part: runs.get((v, p, m, part)) for part in ("call", "link", "kernel")}
                if not all(parts.values()):
                    continue
                call, link, kernel = (median(parts[x]) for x in ("call", "link", "kernel"))
                rate = parts["call"]["work"]["bytes"] / call / 1e9
                print(f"| {v} | {p} | {m} | {call * 1e3:.2f} | {link * 1e3:.2f} "
                      f"| {kernel * 1e3:.3f} | {kernel / call:.3f} | {rate:.1f} "
                      f"| {efficiency(parts['call'])} | {efficiency(parts['kernel'])} |")
    failed = [f"{r['variant']} {r['work']['precision']} m={r['params'].get('m')} "
              f"{r['params'].get('part')}: {r['error'] or r['verification']['message']}"
              for r in doc["results"] if r["family"] == "nested_saxpy_offload" and not ok(r)]
    print(f"\noffload failed: {', '.join(failed) or 'none'}")


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    nested(json.load(open(sys.argv[1])))
    if len(sys.argv) > 2:
        offload(json.load(open(sys.argv[2])))


if __name__ == "__main__":
    main()
