#!/bin/sh
# installed_example.sh BUILD_DIR SOURCE_DIR ROOFLAB WORK_DIR PYTHON CXX (tests/region/CMakeLists.txt)
set -eu
build=$1 source=$2 rooflab=$3 work=$4 python=$5 cxx=$6
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
cmake -S "$source/docs/examples/region" -B "$work/example" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log"
cmake --build "$work/example" >"$work/build.log"
cd "$work"
./example/region_example regions.json
"$python" "$source/tests/schema/validate.py" "$source/data/schema" regions.json
"$rooflab" report "$source/tests/fuzz/corpus/machine/probed_machine.json" regions.json \
  -o report.html --csv csv | tee summary.txt
# Both regions placed (a row each with a roof), under the one-thread roofs the profile has.
"$python" - <<'PY'
import csv, json
rows = {r["variant"]: r for r in csv.DictReader(open("csv/results.csv")) if r["family"] == "region"}
assert set(rows) == {"triad", "fma_chain"}, rows
for name, row in rows.items():
    assert float(row["efficiency"]) > 0, (name, row)
    assert json.loads(row["params"])["roofs"] == "measured with 1 thread", (name, row["params"])
print("placed:", {n: (r["level"], r["efficiency"]) for n, r in rows.items()})
PY
