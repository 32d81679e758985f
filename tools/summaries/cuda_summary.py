#!/usr/bin/env python3
"""Summarizes one `rooflab probe` + `rooflab run` on a CUDA device: every ceiling against its
theoretical peak (at the device's reported clock), the memory ceilings per level and kernel, the
nested SAXPY sweep against its attainable roof, and our kernels against the cuBLAS baselines of the
same run.

With REFERENCE (e.g. cuda:0 for the same GPU seen through OpenCL), every ceiling of DEVICE is also
given as a ratio to REFERENCE's ceiling of the same precision, or of the same level and kernel.

usage: cuda_summary.py MACHINE.json RESULTS.json [DEVICE=cuda:0 [REFERENCE]]
"""
import json
import sys


def device_of(doc, device_id):
    devices = doc["machine"]["devices"] if "machine" in doc else doc["devices"]
    return next(d for d in devices if d["id"] == device_id)


def reference_table(dev, ref):
    """Each ceiling of `dev` over the same ceiling of `ref` (one physical device, two backends)."""
    print(f"\n| {dev['id']} / {ref['id']} | {dev['id']} | {ref['id']} | ratio |")
    print("|---|---|---|---|")
    ref_compute = {c["precision"]: c["flops_per_s"]["median"] for c in ref["ceilings"]["compute"]}
    for c in dev["ceilings"]["compute"]:
        theirs = ref_compute.get(c["precision"])
        if theirs:
            ours = c["flops_per_s"]["median"]
            print(f"| {c['precision']} FMA (TFLOP/s) | {ours / 1e12:.2f} | {theirs / 1e12:.2f} "
                  f"| {ours / theirs:.3f} |")
    ref_memory = {(m["level"], m["kernel"]): m["bytes_per_s"]["median"]
                  for m in ref["ceilings"]["memory"]}
    for m in dev["ceilings"]["memory"]:
        theirs = ref_memory.get((m["level"], m["kernel"]))
        if theirs:
            ours = m["bytes_per_s"]["median"]
            print(f"| {m['level']} {m['kernel']} (TB/s) | {ours / 1e12:.3f} | {theirs / 1e12:.3f} "
                  f"| {ours / theirs:.3f} |")


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    machine = json.load(open(sys.argv[1]))
    results = json.load(open(sys.argv[2]))
    device_id = sys.argv[3] if len(sys.argv) > 3 else "cuda:0"
    dev = device_of(machine, device_id)
    print(f"{dev['name']} ({device_id}), {dev['compute_units']} SMs, "
          f"{dev['clock_hz'] / 1e9:.3f} GHz reported; {dev['driver']}\n")

    theo = {t["precision"]: t for t in dev["theoretical"]["compute"]}
    theo_mem = {t["level"]: t["bytes_per_s"] for t in dev["theoretical"]["memory"]}
    print("| compute ceiling | measured TFLOP/s | theoretical | ratio | SM clock during probe |")
    print("|---|---|---|---|---|")
    for c in dev["ceilings"]["compute"]:
        t = theo.get(c["precision"])
        peak = t["flops_per_s"] if t else float("nan")
        print(f"| {c['precision']} {c['path']} | {c['flops_per_s']['median'] / 1e12:.2f} "
              f"| {peak / 1e12:.2f} | {c['flops_per_s']['median'] / peak:.3f} "
              f"| {c['clock_hz'] / 1e9:.3f} GHz |")

    print("\n| memory ceiling | kernel | measured TB/s | theoretical | ratio | method |")
    print("|---|---|---|---|---|---|")
    for m in dev["ceilings"]["memory"]:
        peak = theo_mem.get(m["level"])
        ratio = f"{m['bytes_per_s']['median'] / peak:.3f}" if peak else "-"
        peak_text = f"{peak / 1e12:.2f}" if peak else "-"
        method = m["method"].split("; ")[-1]
        print(f"| {m['level']} | {m['kernel']} | {m['bytes_per_s']['median'] / 1e12:.3f} "
              f"| {peak_text} | {ratio} | {method} |")

    if len(sys.argv) > 4:
        reference_table(dev, device_of(machine, sys.argv[4]))

    rows = [r for r in results["results"] if r["device"] == device_id]
    failed = [r for r in rows if r["placement"] is None]
    print(f"\n{len(rows)} results, {len(failed)} without placement (failed or unplaced)")
    for r in failed:
        print(f"  FAILED {r['family']} {r['variant']} {json.dumps(r['params'])}: "
              f"{r['error'] or r['verification'].get('message', '')}")

    print("\n| nested SAXPY | precision | m | AI | GFLOP/s | attainable | efficiency | bound |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        if r["family"] != "nested_saxpy" or r["placement"] is None:
            continue
        p = r["placement"]
        print(f"| {r['variant']} | {r['work']['precision']} | {r['params']['m']} | {p['ai']:.3g} "
              f"| {p['flops_per_s'] / 1e9:.0f} | {p['attainable_flops_per_s'] / 1e9:.0f} "
              f"| {p['efficiency']:.3f} | {p['bound']} |")

    def time_of(family, variant, precision, **params):
        for r in rows:
            if (r["family"], r["variant"], r["work"]["precision"]) == (family, variant, precision) \
                    and all(r["params"].get(k) == v for k, v in params.items()) and r["time"]:
                return r["time"]["median"]
        return None

    print("\n| ours vs cuBLAS (same run) | precision | ours GB/s | cuBLAS GB/s | ours / cuBLAS |")
    print("|---|---|---|---|---|")
    for precision in ("fp32", "fp64"):
        for label, ours, theirs in (
                ("axpy = nested SAXPY m=1", ("nested_saxpy", "grid_stride_v16", {"m": 1}),
                 ("nested_saxpy", "cublas_axpy", {"m": 1})),
                ("dot", ("stream", "grid_stride_v16", {"op": "dot"}),
                 ("stream", "cublas", {"op": "dot"}))):
            t_ours = time_of(ours[0], ours[1], precision, **ours[2])
            t_theirs = time_of(theirs[0], theirs[1], precision, **theirs[2])
            r = next((r for r in rows if r["family"] == ours[0] and r["variant"] == ours[1]
                      and r["work"]["precision"] == precision
                      and all(r["params"].get(k) == v for k, v in ours[2].items())), None)
            if not (t_ours and t_theirs and r):
                print(f"| {label} | {precision} | - | - | - |")
                continue
            b = r["work"]["bytes"]
            print(f"| {label} | {precision} | {b / t_ours / 1e9:.0f} | {b / t_theirs / 1e9:.0f} "
                  f"| {t_theirs / t_ours:.3f} |")


if __name__ == "__main__":
    main()
