#!/usr/bin/env python3
"""Tables of a multi-GPU probe (`tools/gpu/check.py multi_gpu`): each GPU's roofs alone and on
every GPU at once with their ratio and the NVML readings, the peer copies, the identical GPUs'
verdict; with --cluster, the nodes and network links of cluster profiles.

usage: multi_gpu_summary.py PROBE.json
       multi_gpu_summary.py --cluster CLUSTER.json..."""
import json
import sys


def si(v, unit):
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1, ""), (1e-6, "u")):
        if abs(v) >= scale:
            return f"{v / scale:.4g} {prefix}{unit}"
    return f"{v:.3g} {unit}"


def probe(path):
    m = json.load(open(path))
    print("| GPU | roof | kernel | alone | at once | ratio | at once / profile roof | "
          "SM clock alone / at once | power alone / at once | cause |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for d in m["devices"]:
        for e in d["facts"].get("concurrent", []):
            a, t = e["nvml_alone"], e["nvml_at_once"]
            print(f'| {d["id"]} | {e["roof"]} | {e["kernel"]} | '
                  f'{si(e["alone"]["median"], e["unit"])} | '
                  f'{si(e["at_once"]["median"], e["unit"])} | {e["ratio"]:.3f} | '
                  f'{e.get("ratio_to_ceiling", float("nan")):.3f} | '
                  f'{a["sm_clock_hz"] / 1e9:.3f} / {t["sm_clock_hz"] / 1e9:.3f} GHz | '
                  f'{a["power_w"]:.0f} / {t["power_w"]:.0f} W | {e.get("cause", "")} |')
    print()
    print("| from | to | peer access | copy engines | SM loads | ceiling | of the link | staged | "
          "4-byte copy |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for d in m["devices"]:
        for p in d["facts"].get("peers", []):
            def rate(k):
                return f'{p[k]["median"] / 1e9:.1f} GB/s' if k in p else "—"
            latency = f'{p["latency_s"]["median"] * 1e6:.2f} us' if "latency_s" in p else "—"
            link = p.get("link", {})
            share = (f'{p["bandwidth_bytes_per_s"]["median"] / link["theoretical_bytes_per_s"]:.3f}'
                     f' of {link["theoretical_bytes_per_s"] / 1e9:.1f} GB/s ({link["kind"]})'
                     if "theoretical_bytes_per_s" in link and "bandwidth_bytes_per_s" in p
                     else link.get("theoretical_unavailable", "—"))
            print(f'| {d["id"]} | {p["device"]} | {p["peer_access"]} | '
                  f'{rate("copy_engine_bandwidth_bytes_per_s")} | '
                  f'{rate("sm_loads_bandwidth_bytes_per_s")} | {rate("bandwidth_bytes_per_s")} '
                  f'({p.get("bandwidth_by", "—")}) | {share} | '
                  f'{rate("staged_bandwidth_bytes_per_s")} | {latency} |')
    print()
    for g in m.get("identical_devices", []):
        verdict = f'{len(g["outliers"])} outlier(s)' if g["verdict"] else "no verdict (too few)"
        print(f'identical: {", ".join(g["devices"])}: {verdict}')
        for o in g["outliers"]:
            print(f'  OUTLIER {o["device"]} {o["roof"]}: {o["ratio"]:.3f} of the median')


def cluster(paths):
    for path in paths:
        c = json.load(open(path))
        print(f"{path}: {c['ranks']} ranks; nodes: " +
              ", ".join(f'{n["name"]} ({", ".join(d["id"] for d in n["machine"]["devices"])})'
                        for n in c["nodes"]))
        for link in c["network"]:
            between = f'{link["pattern"]} {link["from_rank"]}->{link["to_rank"]}'
            if link["error"]:
                print(f'  {between}: {link["error"]}')
            else:
                latency = link["latency_s"]
                print(f'  {between}: latency {si(latency["median"], "s")} '
                      f'(min {si(latency["min"], "s")}), '
                      f'bandwidth {si(link["bandwidth_bytes_per_s"]["median"], "B/s")}')
        for m in c["missing"]:
            print(f'  MISSING rank {m["rank"]}: {m["reason"]}')


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    if sys.argv[1] == "--cluster":
        cluster(sys.argv[2:])
    else:
        probe(sys.argv[1])
