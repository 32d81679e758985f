#!/usr/bin/env python3
"""Each GPU's roofs probed alone against the same roofs probed while every GPU of the host was
probed at once, and the peer copies between them (scripts/cuda_multi_gpu_check.sh).

usage: multi_gpu_summary.py SOLO.json CONCURRENT-0.json [CONCURRENT-1.json ...]
SOLO.json holds cuda:0..N-1; CONCURRENT-g.json holds GPU g alone as its cuda:0."""
import json
import sys


def roofs(device):
    """Best memory ceiling per level and best compute ceiling per precision, medians."""
    out = {}
    for m in device["ceilings"]["memory"]:
        key = "memory " + m["level"]
        out[key] = max(out.get(key, 0), m["bytes_per_s"]["median"])
    for c in device["ceilings"]["compute"]:
        key = "fma " + c["precision"]
        out[key] = max(out.get(key, 0), c["flops_per_s"]["median"])
    return out


def main():
    solo = {d["id"]: d for d in json.load(open(sys.argv[1]))["devices"]}
    print("| GPU | roof | solo | all at once | ratio |")
    print("| --- | --- | ---: | ---: | ---: |")
    for g, path in enumerate(sys.argv[2:]):
        alone = roofs(solo[f"cuda:{g}"])
        loaded = roofs(json.load(open(path))["devices"][0])
        for key in sorted(alone):
            if key in loaded:
                ratio = loaded[key] / alone[key]
                flag = "" if abs(ratio - 1) <= 0.03 else " (beyond 3%)"
                print(f"| cuda:{g} | {key} | {alone[key]:.4g} | {loaded[key]:.4g} | "
                      f"{ratio:.3f}{flag} |")
    print()
    print("| from | to | peer access | with peer access | disabled (staged) | 4-byte copy |")
    print("| --- | --- | --- | ---: | ---: | ---: |")
    for device_id, d in sorted(solo.items()):
        for p in d["facts"].get("peers", []):
            def rate(k):
                return f'{p[k]["median"] / 1e9:.1f} GB/s' if k in p else "—"
            latency = f'{p["latency_s"]["median"] * 1e6:.2f} us' if "latency_s" in p else "—"
            print(f'| {device_id} | {p["device"]} | {p["peer_access"]} | '
                  f'{rate("bandwidth_bytes_per_s")} | {rate("staged_bandwidth_bytes_per_s")} | '
                  f'{latency} |')


if __name__ == "__main__":
    main()
