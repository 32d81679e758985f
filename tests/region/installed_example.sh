#!/bin/sh
# installed_example.sh BUILD_DIR SOURCE_DIR ROOFLAB WORK_DIR PYTHON CXX WRITE_SAMPLE_FILES
# (tests/region/CMakeLists.txt)
set -eu
build=$1 source=$2 rooflab=$3 work=$4 python=$5 cxx=$6 sample_files=$7
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
cmake -S "$source/docs/examples/region" -B "$work/example" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log"
cmake --build "$work/example" >"$work/build.log"
cd "$work"
./example/region_example regions.json
"$python" "$source/tests/schema/validate.py" "$source/data/schema" regions.json
# A profile probed with 1 and 2 threads (no DRAM roof) and one of 2 threads alone (with DRAM).
"$sample_files" samples
check() {  # PROFILE EXPECTED: each region's roofs ("-" where it is left unplaced)
  rm -rf csv
  "$rooflab" report "$1" regions.json -o report.html --csv csv
  "$python" - "$2" <<'PY'
import csv, json, sys
expected = json.loads(sys.argv[1])
rows = {r["variant"]: r for r in csv.DictReader(open("csv/results.csv")) if r["family"] == "region"}
assert set(rows) == set(expected), rows
for name, (roofs, placed) in expected.items():
    assert json.loads(rows[name]["params"])["roofs"] == roofs, (name, rows[name]["params"])
    assert (rows[name]["efficiency"] != "") == placed, (name, rows[name])
print("regions:", {n: (r["level"], r["efficiency"]) for n, r in rows.items()})
PY
}
# One-thread roofs of L1 and fp64 but of no DRAM at any count: the triad is not placed.
check "$source/tests/fuzz/corpus/machine/probed_machine.json" '{
  "fma_chain": ["measured with 1 thread", true],
  "triad": ["all cores (2 threads): the profile has no DRAM or fp64 roof measured with 1 thread",
            false]}'
# Two-thread roofs alone: both under them.
check samples/machine.json '{
  "fma_chain": ["all cores (2 threads): the profile has no L1 or fp64 roof measured with 1 thread",
                true],
  "triad": ["all cores (2 threads): the profile has no DRAM or fp64 roof measured with 1 thread",
            true]}'
