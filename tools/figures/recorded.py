"""The recorded sets of data/recorded/: each set.json checked against its folder and against the
provenance of every file it names (data/recorded/README.md describes the fields)."""
import gzip
import json
from pathlib import Path

from formatting import short_commit, when

RECORDED = Path("data/recorded")

SET_KEYS = {"what", "machine", "notes", "files"}
FILE_KEYS = {"file", "what", "command", "commit", "date", "roofs", "sustained", "peer",
             "families", "baselines", "libraries", "energy", "energy_beside", "note",
             "crossovers"}
BASELINE_KEYS = {"variant", "size", "panel"}


class SetError(Exception):
    pass


def read_json(path):
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def is_rooflab_json(name):
    return name.endswith(".json") or name.endswith(".json.gz")


class RecordedFile:
    def __init__(self, set_dir, entry, root):
        self.entry = entry
        self.set_dir = set_dir
        self.root = root
        self.path = set_dir / entry["file"]
        self.rel = self.path.relative_to(root).as_posix()
        self.doc = read_json(self.path) if is_rooflab_json(entry["file"]) else None

    def get(self, key, default=None):
        return self.entry.get(key, default)

    @property
    def provenance(self):
        return self.doc["provenance"]

    def machine(self):
        return self.doc["machine"] if "machine" in self.doc else self.doc

    def device(self, device_id):
        for d in self.machine()["devices"]:
            if d["id"] == device_id:
                return d
        raise SetError(f"{self.rel}: no device {device_id}")

    def source(self):
        """The line that names a figure's file, command, commit and time."""
        p = self.provenance
        return (f"`{self.rel}`: `{p['command']}`, commit {short_commit(p['git_hash'])}, "
                f"{when(p['time'])}.")


def check_set(set_dir, spec, root):
    rel = set_dir.relative_to(root).as_posix()
    unknown = set(spec) - SET_KEYS
    if unknown:
        raise SetError(f"{rel}/set.json: unknown keys {sorted(unknown)}")
    for key in ("what", "machine", "files"):
        if key not in spec:
            raise SetError(f"{rel}/set.json: no '{key}'")
    listed = [e.get("file") for e in spec["files"]]
    present = sorted(p.name for p in set_dir.iterdir() if p.name != "set.json")
    if sorted(listed) != present:
        raise SetError(f"{rel}/set.json lists {sorted(listed)}, the folder holds {present}: "
                       "every recorded file is named in its set, and every name is a file")
    files = []
    for entry in spec["files"]:
        unknown = set(entry) - FILE_KEYS
        if unknown:
            raise SetError(f"{rel}/set.json: {entry['file']}: unknown keys {sorted(unknown)}")
        if "what" not in entry:
            raise SetError(f"{rel}/set.json: {entry['file']}: no 'what'")
        for baseline in entry.get("baselines", {}).values():
            if set(baseline) != BASELINE_KEYS:
                raise SetError(f"{rel}/set.json: {entry['file']}: a baseline names exactly "
                               f"{sorted(BASELINE_KEYS)}")
        f = RecordedFile(set_dir, entry, root)
        if f.doc is not None:
            p = f.provenance
            said = (entry.get("command"), entry.get("commit"), entry.get("date"))
            found = (p["command"], p["git_hash"], p["time"][:10])
            if said != found:
                raise SetError(f"{f.rel}: set.json says command, commit, date {said}; the file's "
                               f"provenance {found}")
        elif ("roofs" in entry or "sustained" in entry or "families" in entry
              or "energy" in entry):
            raise SetError(f"{f.rel}: only a results or machine file gives figures")
        files.append(f)
    return files


def read_sets(root):
    sets = []
    base = root / RECORDED
    for spec_path in sorted(base.glob("*/*/set.json")):
        set_dir = spec_path.parent
        with open(spec_path, encoding="utf-8") as f:
            spec = json.load(f)
        sets.append((set_dir, spec, check_set(set_dir, spec, root)))
    for d in sorted(p for p in base.glob("*/*") if p.is_dir()):
        if not (d / "set.json").exists():
            raise SetError(f"{d.relative_to(root).as_posix()}: a recorded folder without set.json")
    return sets
