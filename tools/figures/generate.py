#!/usr/bin/env python3
"""Writes docs/figures.md, the page of current figures, from the recorded sets in data/recorded/.

A set is a folder data/recorded/<device class>/<set>/ whose set.json names every file in it, with
the command that wrote it, the commit of the binaries and the date, and says which figures a file
gives (data/recorded/README.md describes the fields):
- "roofs": the devices whose roofs the page shows from this machine profile or results file: per
  memory level its fastest kernel's ceiling, per precision its fastest path's, each beside the
  theoretical limit the file holds and the GEMM reference the probe measured with the vendor's
  library in the same call;
- "sustained": the devices whose sustained rates it shows, beside a peer's log from the same call;
- "families": per family, the devices whose best own variant it shows against the family's
  baseline in the same run, at the largest size where both ran;
- "energy": the devices whose energy ceilings it shows (pJ per FLOP or byte beyond the idle power
  and in all, the power while each ran, whether its window was disturbed), each against the same
  ceiling of the profile "energy_beside" names in the same set (an earlier probe of the call);
- "crossovers": true on a crossovers.csv that `rooflab report --csv` wrote from the set's results:
  the sizes where the devices' best variants cross in each size study panel, and how many
  crossings between ladder steps each panel has.
Every figure comes from a file; nothing here but the rules that read them. For a results or
machine file the command, commit and date in set.json must be those of its provenance.

usage: generate.py [--check] [--root DIR]
  writes docs/figures.md; with --check, writes nothing and exits 1 with a diff when the page is
  not what the recorded files give (ctest runs it so). A set that breaks these rules (a file it
  does not name, a command or commit its file's provenance contradicts, a family without a
  baseline) is an error: exit 2, naming it.
"""
import argparse
import csv
import difflib
import re
import sys
from pathlib import Path

from formatting import data_precision, ratio, short_commit, si, size_text, table, when
from recorded import RECORDED, SetError, read_sets

PAGE = Path("docs/figures.md")


# --- roofs -----------------------------------------------------------------------------------

def first_seen(items):
    seen = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def best(ceilings, key, value, threads):
    """Per `key` (level, precision), the fastest ceiling measured with `threads`."""
    out = {}
    for c in ceilings:
        if c["threads"] == threads:
            k = c[key]
            if k not in out or value(c) > value(out[k]):
                out[k] = c
    return out


def thread_counts(device):
    ceilings = device["ceilings"]
    measured = {c["threads"] for c in ceilings.get("memory", []) + ceilings.get("compute", [])}
    top = max(measured)
    return [top] + ([1] if 1 in measured and top != 1 else [])


def threads_text(n):
    return f"{n} thread" + ("" if n == 1 else "s")


def roof_lines(f, device_id, machine):
    device = f.device(device_id)
    ceilings = device["ceilings"]
    theoretical = device.get("theoretical", {})
    theo_memory = {t["level"]: t["bytes_per_s"] for t in theoretical.get("memory", [])}
    theo_compute = {(t["precision"], t["path"], t["threads"]): t["flops_per_s"]
                    for t in theoretical.get("compute", [])}
    references = device.get("facts", {}).get("tensor_gemm_reference", {})
    counts = thread_counts(device)
    rows = []
    for threads in counts:
        whole = threads == counts[0]
        memory = best(ceilings.get("memory", []), "level",
                      lambda c: c["bytes_per_s"]["median"], threads)
        for level in first_seen(c["level"] for c in ceilings.get("memory", [])):
            if level not in memory:
                continue
            c = memory[level]
            value = c["bytes_per_s"]["median"]
            limit = theo_memory.get(level) if whole else None
            rows.append([level, threads_text(threads), si(value, "B/s"), c["kernel"],
                         si(limit, "B/s"), ratio(value, limit), "—"])
        compute = best(ceilings.get("compute", []), "precision",
                       lambda c: c["flops_per_s"]["median"], threads)
        for precision in first_seen(c["precision"] for c in ceilings.get("compute", [])):
            if precision not in compute:
                continue
            c = compute[precision]
            value = c["flops_per_s"]["median"]
            limit = theo_compute.get((precision, c["path"], threads))
            reference = references.get(precision) if whole else None
            peer = "—"
            if reference:
                peer = (f"{si(reference['flops_per_s'], 'FLOP/s')} "
                        f"(`{reference['call'].split()[0]}`, n = {reference['n']})")
            rows.append([precision, threads_text(threads), si(value, "FLOP/s"), c["path"],
                         si(limit, "FLOP/s"), ratio(value, limit), peer])
    lines = [f"### {device['name']}, `{device_id}` ({device['backend']})", "",
             f"{f.source()} {machine}.", ""]
    lines += table(["Roof", "Threads", "Measured:", "Kernel or path", "Theoretical:",
                    "Measured / theoretical:", "Vendor GEMM, same call:"], rows, keep_empty=False)
    latency = []
    for kind in first_seen(x["kind"] for x in ceilings.get("latency", [])):
        at = {x["threads"]: x["seconds"]["median"] for x in ceilings["latency"]
              if x["kind"] == kind}
        shown = [t for t in sorted(at, reverse=True) if t in (1, max(at))]
        latency.append(f"{kind} " + ", ".join(
            (si(at[t], "s") if len(at) == 1 else f"{si(at[t], 's')} ({threads_text(t)})")
            for t in shown))
    if latency:
        lines += ["", "Latency: " + "; ".join(latency) + "."]
    for r in ceilings.get("refused", []):
        lines += ["", f"Refused: {r['roof']} at {si(r['value'], 'B/s')}, {r['reason']}."]
    if f.get("note"):
        lines += ["", f.get("note")]
    return lines


# --- energy ceilings ------------------------------------------------------------------------

def energy_rows(device):
    """Per energy ceiling its name, J per unit beyond idle and in all, watts and disturbed."""
    energy = device.get("energy", {})
    rows = {}
    for c in energy.get("compute", []):
        rows[f"{c['precision']} {c['path']}"] = (c["joules_per_flop"],
                                                 c.get("whole_joules_per_flop"), "FLOP",
                                                 c["watts"], c.get("disturbed", ""))
    for m in energy.get("memory", []):
        rows[f"{m['level']} {m['kernel']}"] = (m["joules_per_byte"],
                                               m.get("whole_joules_per_byte"), "B", m["watts"],
                                               m.get("disturbed", ""))
    return rows


def energy_lines(f, device_id, machine, files):
    device = f.device(device_id)
    energy = device.get("energy")
    if not energy or not energy["idle_w"].get("value"):
        raise SetError(f"{f.rel}: {device_id} has no energy ceilings")
    beside = None
    if f.get("energy_beside"):
        named = [g for g in files if g.entry["file"] == f.get("energy_beside")]
        if not named:
            raise SetError(f"{f.rel}: energy_beside names no file of its set")
        beside = energy_rows(named[0].device(device_id))
    rows = []
    for name, (joules, whole, unit, watts, disturbed) in energy_rows(device).items():
        row = [name, si(joules, "J/" + unit), si(whole, "J/" + unit), f"{watts:.0f} W",
               "disturbed" if disturbed else "—"]
        if beside is not None:
            other = beside.get(name)
            row += [ratio(joules, other[0]) if other else "—",
                    ratio(whole, other[1]) if other else "—"]
        rows.append(row)
    cap = energy["power_cap_w"].get("value")
    lines = [f"### Energy: {device['name']}, `{device_id}` ({device['backend']})", "",
             f"{f.source()} {machine}. Idle {energy['idle_w']['value']:.1f} W"
             + (f", cap {cap:.0f} W." if cap else "."), ""]
    header = ["Ceiling", "Beyond idle:", "In all:", "Power while it ran:", "Clocks"]
    if beside is not None:
        header += [f"Beyond idle / `{f.get('energy_beside')}`'s:", "In all / its:"]
    lines += table(header, rows)
    if f.get("note"):
        lines += ["", f.get("note")]
    return lines


# --- sustained rates -------------------------------------------------------------------------

PEER_LINE = re.compile(r"^(?P<name>\S+) (?P<precision>\S+)\s+n=(?P<n>\d+): sustained\s+"
                       r"(?P<value>[\d.]+) (?P<prefix>[TGP])FLOP/s .*SM clock (?P<clock>\d+) MHz")


def read_peer(path):
    """A peer's sustained rates per precision from its log: `<peer> <precision> n=<n>: sustained
    <value> TFLOP/s (...), SM clock <MHz> MHz, ...`, the lines torch_sustained.py prints."""
    scale = {"G": 1e9, "T": 1e12, "P": 1e15}
    rates = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = PEER_LINE.match(line)
            if m:
                rates[m["precision"]] = (float(m["value"]) * scale[m["prefix"]],
                                         float(m["clock"]) * 1e6, m["name"], int(m["n"]))
    return rates


def sustained_lines(f, device_id, machine):
    device = f.device(device_id)
    ceilings = device["ceilings"]
    top = thread_counts(device)[0]
    roofs = best(ceilings["compute"], "precision", lambda c: c["flops_per_s"]["median"], top)
    peer_file = f.get("peer")
    peer = read_peer(f.set_dir / peer_file) if peer_file else {}
    rows = []
    for s in ceilings.get("sustained", []):
        value = s["flops_per_s"]["median"]
        roof = roofs.get(s["precision"])
        roof_value = roof["flops_per_s"]["median"] if roof else None
        theirs = peer.get(s["precision"])
        peer_text = (f"{si(theirs[0], 'FLOP/s')} at {theirs[1] / 1e6:.0f} MHz"
                     if theirs else "not run")
        rows.append([s["precision"], si(value, "FLOP/s"), f"{s['clock_hz'] / 1e6:.0f} MHz",
                     f"{s['power_w']:.0f} W of {s['power_limit_w']:.0f} W", s["limiters"],
                     si(s["burst_flops_per_s"], "FLOP/s"), si(roof_value, "FLOP/s"),
                     ratio(value, roof_value), peer_text,
                     ratio(value, theirs[0]) if theirs else "—"])
    names = sorted({p[2] for p in peer.values()})
    lines = [f"### {device['name']}, `{device_id}` ({device['backend']}): sustained rates", "",
             f"{f.source()} {machine}."]
    if peer_file:
        peer_path = (f.set_dir / peer_file).relative_to(f.root).as_posix()
        lines[-1] += f" Peer: `{peer_path}` ({', '.join(names)}), the same call."
    lines += [""] + table(["Precision", "Sustained:", "Clock:", "Power:", "Limited by",
                           "Burst, same call:", "Roof, same call:", "Sustained / roof:",
                           "Peer, sustained:", "Rooflab / peer:"], rows)
    if f.get("note"):
        lines += ["", f.get("note")]
    return lines


# --- families --------------------------------------------------------------------------------

def sort_key(value):
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def rate(result):
    """A result's rate in what bounds it: FLOP/s when placed as compute-bound or when it declares
    no bytes (a call that moves none, as one_buffer's `separate`), else bytes as referenced per
    second."""
    seconds = result["time"]["median"]
    if ((result.get("placement") or {}).get("bound") == "compute"
            or not result["work"]["bytes"]):
        return si(result["work"]["flops"] / seconds, "FLOP/s")
    return si(result["work"]["bytes"] / seconds, "B/s")


def family_rows(f, family, device_id):
    """Per panel and type, the best own variant against the baseline at the largest size where
    both ran: (device, type, panel, size, best, its rate, baseline, its rate, ratio)."""
    declared = f.get("baselines", {}).get(family)
    libraries = set(f.get("libraries", []))
    groups = {}
    for r in f.doc["results"]:
        if r["family"] != family or r["device"] != device_id:
            continue
        if r["verification"]["status"] != "passed":
            continue
        study = r.get("study")
        if study:
            size_param, panel_param = study["param"], study["panel"]
            is_baseline = study["baseline"]
        elif declared:
            size_param, panel_param = declared["size"], declared["panel"]
            is_baseline = r["variant"] == declared["variant"]
        else:
            raise SetError(f"{f.rel}: {family} results say no baseline (no size study): name it "
                           "in the set's 'baselines'")
        if not is_baseline and (r["variant"] in libraries or "library" in r["params"]):
            continue  # a library's other mode: neither the baseline nor own
        panel = r["params"].get(panel_param) if panel_param else None
        key = (panel_param, panel, data_precision(r["work"]["precision"]))
        size = r["params"][size_param]
        side = groups.setdefault(key, {}).setdefault((size_param, size), ([], []))
        side[0 if is_baseline else 1].append(r)
    rows = []
    for (panel_param, panel, precision) in sorted(
            groups, key=lambda k: (k[2], sort_key(k[1]))):
        sizes = [s for s, (base, own) in groups[(panel_param, panel, precision)].items()
                 if base and own]
        if not sizes:
            continue
        size = max(sizes, key=lambda s: s[1])
        base, own = groups[(panel_param, panel, precision)][size]
        b = min(base, key=lambda r: r["time"]["median"])
        o = min(own, key=lambda r: r["time"]["median"])
        rows.append([f"`{device_id}`", precision,
                     f"{panel_param} = {panel}" if panel_param else "—", size_text(*size),
                     f"`{o['variant']}`", rate(o), f"`{b['variant']}`", rate(b),
                     ratio(b["time"]["median"], o["time"]["median"])])
    return rows


def family_lines(family, sources):
    files = first_seen(f for f, _ in sources)
    rows = []
    for f, device_id in sources:
        found = family_rows(f, family, device_id)
        if not found:
            raise SetError(f"{f.rel}: no verified {family} result of an own variant beside its "
                           f"baseline on {device_id}")
        rows += [row + [f"[{files.index(f) + 1}]"] for row in found]
    lines = [f"### {family}", ""]
    lines += table(["Device", "Type", "Case", "Size", "Best own", "Rate:", "Baseline", "Rate:",
                    "Own / baseline:", "Run"], rows)
    lines += [""] + [f"{i}. `{f.rel}`: `{f.provenance['command']}`, commit "
                     f"{short_commit(f.provenance['git_hash'])}, {when(f.provenance['time'])}."
                     for i, f in enumerate(files, 1)]
    return lines


# --- crossovers ------------------------------------------------------------------------------

def crossover_lines(f, machine):
    """The devices' crossings of a crossovers.csv, and each panel's count of ladder crossings."""
    with open(f.path, encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    lines = [f"### {machine}", "", f"`{f.rel}`: `{f.get('command')}`, commit {f.get('commit')}, "
             f"{f.get('date')}.", ""]
    devices = [r for r in rows if r["kind"] == "devices"]
    if devices:
        lines += ["| Panel | Faster below | Faster from | Size (interpolated) | Between | Clear of "
                  "the 95% intervals |", "| --- | --- | --- | ---: | --- | --- |"]
        for r in devices:
            lines.append(f"| {r['panel']} | {r['leads_below']} | {r['leads_from']} | "
                         f"{float(r['size']):.4g} | {float(r['between_low']):.4g} to "
                         f"{float(r['between_high']):.4g} | {r['clear']} |")
        lines.append("")
    ladder = {}
    for r in rows:
        if r["kind"] == "ladder":
            ladder[r["panel"]] = ladder.get(r["panel"], 0) + 1
    if ladder:
        lines.append("Crossings between consecutive ladder steps: " + ", ".join(
            f"{panel} {n}" for panel, n in ladder.items()) + ".")
    return lines


# --- the page --------------------------------------------------------------------------------

def page(root):
    sets = read_sets(root)
    lines = [
        "# Current figures",
        "",
        "<!-- Generated by tools/figures/generate.py from data/recorded/: do not edit; run it"
        " after changing a recorded set. ctest checks this page against the files"
        " (docs.figures). -->",
        "",
        "Every figure below is read from a recorded file under `data/recorded/`, named with the",
        "command that wrote it, the commit of the binaries and the time of the run; the sets and",
        "their fields are described in `data/recorded/README.md`. How each figure is measured is",
        "in [methodology.md](methodology.md); the claims that need words (profiler evidence,",
        "ratios to peers measured outside Rooflab) are in [performance.md](performance.md).",
        "",
        "A level's roof is its fastest kernel's ceiling and a precision's roof its fastest path's,",
        "as the report's headline gives them; \"Theoretical\" is the limit the file holds for",
        "that level, or for that precision and path (memory limits for all threads only);",
        "\"Vendor GEMM\" is the probe's own call of the vendor library's GEMM of that type in the",
        "same call. A family's row is its best own variant against the family's baseline in the",
        "same run, at the largest size where both ran; own / baseline is the baseline's median",
        "time over the own variant's (above 1: the own variant is faster).",
    ]
    classes = {}
    families = {}
    crossovers = []
    for set_dir, spec, files in sets:
        sections = classes.setdefault(set_dir.parent.name, [])
        for f in files:
            for device_id in f.get("roofs", []):
                sections.append(roof_lines(f, device_id, spec["machine"]))
            for device_id in f.get("sustained", []):
                sections.append(sustained_lines(f, device_id, spec["machine"]))
            for device_id in f.get("energy", []):
                sections.append(energy_lines(f, device_id, spec["machine"], files))
            for family, devices in f.get("families", {}).items():
                for device_id in devices:
                    families.setdefault(family, []).append((f, device_id))
            if f.get("crossovers"):
                crossovers.append(crossover_lines(f, spec["machine"]))
    for cls, sections in classes.items():
        if sections:
            lines += ["", f"## Roofs: `{cls}`"]
            for section in sections:
                lines += [""] + section
    lines += ["", "## Families against their baselines"]
    for family in sorted(families):
        lines += [""] + family_lines(family, families[family])
    if crossovers:
        lines += ["", "## Where size studies cross", "",
                  "The sizes at which one device's best variant overtakes another's, interpolated "
                  "log-log", "between the two sizes around the change (`rooflab report --csv`'s "
                  "crossovers.csv)."]
        for section in crossovers:
            lines += [""] + section
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 with a diff when docs/figures.md is not what the files give")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the repository's root (default: the one this file is in)")
    args = parser.parse_args()
    try:
        text = page(args.root)
    except SetError as e:
        print(f"generate.py: {e}", file=sys.stderr)
        return 2
    target = args.root / PAGE
    if not args.check:
        target.write_text(text, encoding="utf-8")
        return 0
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    if current == text:
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        current.splitlines(keepends=True), text.splitlines(keepends=True),
        f"{PAGE} (committed)", f"{PAGE} (from {RECORDED})"))
    print(f"{PAGE} is not what {RECORDED} gives: run tools/figures/generate.py and commit it",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
