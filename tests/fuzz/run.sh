#!/usr/bin/env bash
# Builds the readers' libFuzzer targets (the `fuzz` preset: clang 14, ASan and UBSan) and runs
# each for SECONDS (default 60) from its seed corpus (tests/fuzz/corpus/<reader>/, copied so the
# committed one stays as it is), as many at once as there are cores. A crash fails the run with
# its input saved as build/fuzz/crashes/<reader>-crash-*: commit it to
# tests/fuzz/regressions/<reader>/ with the fix, where every build's ctest replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)" --target fuzz_results fuzz_machine fuzz_gbench fuzz_cluster
mkdir -p build/fuzz/crashes
# One reader's fuzzing; its summary line, or its log's tail and a non-zero status on a crash.
fuzz() {
  local reader=$1 work=build/fuzz/corpus/$1 log=build/fuzz/$1.log
  mkdir -p "$work"
  if ! build/fuzz/tests/fuzz/fuzz_$reader "$work" "tests/fuzz/corpus/$reader" \
      -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="build/fuzz/crashes/$reader-" 2>"$log"; then
    tail -n 60 "$log" >&2
    echo "fuzz_$reader found a crash: see build/fuzz/crashes/" >&2
    return 1
  fi
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$reader: ${runs:-?} executions in ${seconds} s, no crash"
}
# As many readers at once as there are cores, each fuzzed for the whole time on one of them.
failed=0
running=0
for reader in results machine gbench cluster; do
  if ((running >= $(nproc))); then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz "$reader" &
  running=$((running + 1))
done
while ((running > 0)); do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
