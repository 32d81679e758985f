#!/usr/bin/env bash
# Builds the readers' libFuzzer targets (the `fuzz` preset: clang 14, ASan and UBSan) and runs
# each for SECONDS (default 60) from its seed corpus (tests/fuzz/corpus/<reader>/, copied so the
# committed one stays as it is). A crash stops the run with its input saved as
# build/fuzz/crashes/<reader>-crash-*: commit it to tests/fuzz/regressions/<reader>/ with the fix,
# where every build's ctest replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)" --target fuzz_results fuzz_machine fuzz_gbench fuzz_cluster
mkdir -p build/fuzz/crashes
for reader in results machine gbench cluster; do
  work=build/fuzz/corpus/$reader
  log=build/fuzz/$reader.log
  mkdir -p "$work"
  if ! build/fuzz/tests/fuzz/fuzz_$reader "$work" "tests/fuzz/corpus/$reader" \
      -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="build/fuzz/crashes/$reader-" 2>"$log"; then
    tail -n 60 "$log" >&2
    echo "fuzz_$reader found a crash: see build/fuzz/crashes/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$reader: ${runs:-?} executions in ${seconds} s, no crash"
done
