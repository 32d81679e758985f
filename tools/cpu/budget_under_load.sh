#!/usr/bin/env bash
# Whether Rooflab's time budgets hold on a quiet and on a loaded machine: the CPU probe, a run of
# the scan family and the bare command (every device: probe, default suite, report) run once quiet
# and once beside CPU-bound load (two busy loops per CPU), and each wall time is set against the
# budget. Writes OUT/budgets.csv (command, budget, load, seconds, ratio) and the
# commands' stderr beside it; prints the table.
#   tools/cpu/budget_under_load.sh ROOFLAB OUT
set -euo pipefail
rooflab=$(realpath "$1")
out=$2
mkdir -p "$out"
cd "$out"
cpus=$(nproc)
# name | budget (s) | arguments
commands=(
  "probe|60|probe -d cpu --quick -o probe.json"
  "run-scan|120|run -d cpu --family scan --quick --machine probe-quiet.json -o scan.json"
  "bare|180|--quick -o bare"
)
busy=()
start_load() {
  for ((i = 0; i < 2 * cpus; ++i)); do
    (while :; do :; done) &
    busy+=($!)
  done
}
stop_load() {
  ((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null
  wait "${busy[@]}" 2>/dev/null || true
  busy=()
}
trap stop_load EXIT
echo "command,budget_s,load,seconds,ratio,load_average_at_start" >budgets.csv
for load in quiet loaded; do
  [[ $load == loaded ]] && start_load && sleep 5
  for entry in "${commands[@]}"; do
    IFS='|' read -r name budget args <<<"$entry"
    [[ $name == probe ]] || [[ -f probe-quiet.json ]] || continue
    average=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$rooflab" $args --budget "$budget" >"$name-$load.out" 2>"$name-$load.err" || true
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    [[ $name == probe ]] && cp probe.json "probe-$load.json"
    printf '%s,%s,%s,%.1f,%.2f,%s\n' "$name" "$budget" "$load" "$seconds" \
      "$(echo "$seconds / $budget" | bc -l)" "$average" >>budgets.csv
  done
  stop_load
done
column -t -s, budgets.csv
