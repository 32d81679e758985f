#!/usr/bin/env python3
"""The tensor-core roofs of one CUDA device in a machine profile: each roof's median rate, the SM
clock NVML read while it ran, the fraction of the dense theoretical rate at that clock (SMs x clock
x FLOP/clock/SM, as the probe's method says), and cuBLAS's GEMM of that type timed in the same probe
(facts.tensor_gemm_reference) with the roof's ratio to it.

usage: tensor_roofs.py MACHINE.json [DEVICE=cuda:0]
"""
import json
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    doc = json.load(open(sys.argv[1]))
    device_id = sys.argv[2] if len(sys.argv) > 2 else "cuda:0"
    devices = doc["machine"]["devices"] if "machine" in doc else doc["devices"]
    dev = next(d for d in devices if d["id"] == device_id)
    theo = {(t["precision"], t["path"]): t["flops_per_s"] for t in dev["theoretical"]["compute"]}
    refs = dev["facts"].get("tensor_gemm_reference", {})
    print(f"{dev['name']} ({device_id}), {dev['compute_units']} SMs, "
          f"{dev['clock_hz'] / 1e6:.0f} MHz reported; {dev['driver']}\n")
    print("| roof | measured (T/s) | clock | x theoretical at clock | cuBLAS (T/s, clock) "
          "| x cuBLAS |")
    print("|---|---|---|---|---|---|")
    for c in dev["ceilings"]["compute"]:
        if not c["precision"].endswith("_tensor"):
            continue
        rate, clock = c["flops_per_s"]["median"], c["clock_hz"]
        peak = theo[(c["precision"], c["path"])] * (clock / dev["clock_hz"] if clock else 1)
        ref = refs.get(c["precision"])
        ref_text = f"{ref['flops_per_s'] / 1e12:.1f} ({ref['clock_hz'] / 1e6:.0f} MHz)" if ref \
            else "-"
        ratio = f"{rate / ref['flops_per_s']:.3f}" if ref else "-"
        print(f"| {c['precision']} {c['path']} | {rate / 1e12:.1f} | {clock / 1e6:.0f} MHz "
              f"| {rate / peak:.3f} | {ref_text} | {ratio} |")


if __name__ == "__main__":
    main()
