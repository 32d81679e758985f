#!/usr/bin/env bash
# Cluster mode end to end under Open MPI, two ranks on this machine: the gathered profile (ranks
# as simulated nodes, then as the one node they share, then one node per rank's own device), its
# report, `run` under mpirun on each rank's own node's roofs, and a rank killed while it probes:
# rank 0 still writes, names it and exits 1.
# usage: cluster_cli_test.sh ROOFLAB MPIEXEC VALIDATE...
set -euo pipefail
rooflab=$1 mpiexec=$2
shift 2
validate=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
check() { python3 -c "import json, sys; c = json.load(open(sys.argv[1])); $2" "$1" || fail "$3"; }
mpi=("$mpiexec" --allow-run-as-root --oversubscribe --bind-to none -n 2)
quick=(probe -d cpu --threads 1 --max-working-set 256K --budget 1 --repetitions 3
  --min-sample-time 0.001)

# Refused outside mpirun.
set +e
"$rooflab" probe --distinct-nodes -o x.json 2>err.txt
code=$?
set -e
[[ $code == 2 ]] && grep -q "under mpirun only" err.txt || fail "--distinct-nodes outside mpirun"
set +e
"$rooflab" run -d cpu --rank-timeout 5 -o x.json 2>err.txt
code=$?
set -e
[[ $code == 2 ]] && grep -q "under mpirun only" err.txt || fail "run --rank-timeout outside mpirun"

# Two simulated nodes: each probed, both pairs measured.
"${mpi[@]}" "$rooflab" "${quick[@]}" --distinct-nodes -o cluster.json >out.txt 2>err.txt ||
  fail "two ranks: $(tail -5 err.txt)"
"${validate[@]}" cluster.json >/dev/null || fail "cluster.json does not validate"
check cluster.json '
assert c["ranks"] == 2 and c["simulated_nodes"] and c["missing"] == []
assert [n["ranks"] for n in c["nodes"]] == [[0], [1]]
assert all(n["machine"]["devices"][0]["ceilings"] for n in c["nodes"])
assert sorted(l["pattern"] for l in c["network"]) == ["all_to_one", "ring"]
for l in c["network"]:
    assert l["error"] == "" and l["same_host"] and l["latency_s"]["median"] > 0
    assert l["bandwidth_bytes_per_s"]["median"] > 1e6
' "gathered profile"
grep -q "no outliers (rule: k = 3" out.txt || fail "the outlier verdict is not printed"

"$rooflab" report cluster.json -o report/cluster.html >/dev/null || fail "cluster report"
[[ $(ls report/cluster-nodes | wc -l) == 2 ]] || fail "one roofline report per node"
[[ $(grep -o 'href="cluster-nodes/' report/cluster.html | wc -l) == 2 ]] ||
  fail "the heat map links each node's report"

# run under mpirun: each rank's results under its own node's roofs, in its own file. 1K elements
# (12 KiB for three arrays) stay in L1, the one level a 1 s probe on a busy machine is sure to
# measure (its sweep may not reach the L2 in time).
"${mpi[@]}" "$rooflab" run -d cpu --family stream --variant omp_plain --size 1K --repetitions 3 \
  --min-sample-time 0.001 --no-roof-check --machine cluster.json -o results.json >/dev/null \
  2>err.txt || fail "run under mpirun: $(tail -5 err.txt)"
"${validate[@]}" results.rank0.json results.rank1.json >/dev/null || fail "rank results validate"
for rank in 0 1; do
  python3 -c '
import json, sys
c, r, rank = json.load(open("cluster.json")), json.load(open(sys.argv[1])), int(sys.argv[2])
node = c["nodes"][rank]["machine"]["devices"][0]["ceilings"]
assert r["machine"]["devices"][0]["ceilings"] == node
assert r["results"] and all(x["placement"] is not None for x in r["results"])
' results.rank$rank.json $rank || fail "rank $rank placed under its own node's roofs"
done

# The ranks share this host: one probes, the other waits and is listed with it.
"${mpi[@]}" "$rooflab" "${quick[@]}" -o shared.json >/dev/null 2>err.txt ||
  fail "shared node: $(tail -5 err.txt)"
check shared.json '
assert not c["simulated_nodes"] and len(c["nodes"]) == 1
assert c["nodes"][0]["ranks"] == [0, 1] and c["nodes"][0]["probing_rank"] == 0
' "ranks of one host grouped as one node"

# One rank per device: -d 'opencl:0:{local_rank}' gives each rank its own PoCL device (PoCL lists
# two when POCL_DEVICES names two), each probed at once and a node of its own; outside mpirun the
# placeholder is refused.
set +e
"$rooflab" probe -d 'opencl:0:{local_rank}' -o x.json 2>err.txt
code=$?
set -e
[[ $code == 2 ]] && grep -q "known only under Open MPI's mpirun" err.txt ||
  fail "{local_rank} outside mpirun"
export POCL_DEVICES="pthread pthread"
listed=$("$rooflab" devices)
if grep -q '^opencl:0:1 ' <<<"$listed"; then
  "${mpi[@]}" -x POCL_DEVICES "$rooflab" probe -d 'opencl:0:{local_rank}' --max-working-set 256K \
    --budget 2 --repetitions 3 --min-sample-time 0.001 -o per_device.json >/dev/null 2>err.txt ||
    fail "one rank per device: $(tail -5 err.txt)"
  "${validate[@]}" per_device.json >/dev/null || fail "per_device.json does not validate"
  check per_device.json '
host = c["nodes"][0]["host"]
assert [n["name"] for n in c["nodes"]] == [host + "/opencl:0:0", host + "/opencl:0:1"]
assert [n["ranks"] for n in c["nodes"]] == [[0], [1]]
assert [[d["id"] for d in n["machine"]["devices"]] for n in c["nodes"]] == [["opencl:0:0"], ["opencl:0:1"]]
' "one node per rank's device"
fi
unset POCL_DEVICES

# The wrappers below stop rank 1 midway: once its first line of progress is out and rank 0's too
# (in mpirun's stderr, err.txt), so that rank 0 is past MPI's initialization, which under load took
# as long as the 4 s rank timeout. Rank 1 runs as long.sh, its budget 30 s and every sample at
# least 0.2 s long: the quick probe ends 0.1 s after its sweep begins, a window a wrapper under
# load misses (rank 1 then sends its profile first).
cat >long.sh <<'LONG'
#!/bin/sh
previous=
for arg; do
  shift
  case $previous in
    --budget) set -- "$@" 30 ;;
    --min-sample-time) set -- "$@" 0.2 ;;
    *) set -- "$@" "$arg" ;;
  esac
  previous=$arg
done
exec "$@"
LONG
chmod +x long.sh

# Rank 1 killed while it probes. Open MPI's mpirun ends the whole job when a rank dies unless
# recovery is on; rank 0 then waits out --rank-timeout and writes what it has.
cat >wrap.sh <<'WRAP'
#!/bin/sh
if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then
  ./long.sh "$@" 2>rank1.err & pid=$!
  until grep -qs "peak FLOP/s" rank1.err && grep -qs "peak FLOP/s" err.txt; do sleep 0.05; done
  kill -9 $pid
  exit 0
fi
"$@"
echo $? >rank0.code
WRAP
chmod +x wrap.sh
"${mpi[@]}" --enable-recovery ./wrap.sh "$rooflab" "${quick[@]}" --distinct-nodes \
  --rank-timeout 4 -o killed.json >out.txt 2>err.txt || true
[[ $(cat rank0.code) == 1 ]] || fail "rank 0 exits 1 when a rank is missing"
grep -q "MISSING rank 1: sent no profile within 4 s" out.txt || fail "the missing rank is named"
check killed.json '
assert [n["ranks"] for n in c["nodes"]] == [[0]]
assert [m["rank"] for m in c["missing"]] == [1] and "died or hangs" in c["missing"][0]["reason"]
' "rank 0 wrote what it had"

# Every wait is bounded by --rank-timeout from when it starts, also where MPI itself waits: rank 1
# stops before it joins the job (rank 0 would wait in MPI's initialization for ever), then rank 1
# stops after its probe began (rank 0 writes what arrived, 4 s after its own probe, and ends the
# job: mpirun exits 1). `timeout` ends the test, not the job, should a wait not end.
cat >stop_before_joining.sh <<'WRAP'
#!/bin/sh
[ "$OMPI_COMM_WORLD_RANK" = 1 ] && kill -STOP $$
exec "$@"
WRAP
cat >stop_while_probing.sh <<'WRAP'
#!/bin/sh
if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then
  ./long.sh "$@" 2>rank1.err & pid=$!
  until grep -qs "peak FLOP/s" rank1.err && grep -qs "peak FLOP/s" err.txt; do sleep 0.05; done
  kill -STOP $pid
  wait $pid
  exit
fi
exec "$@"
WRAP
chmod +x stop_before_joining.sh stop_while_probing.sh
for wrapper in stop_before_joining stop_while_probing; do
  start=$SECONDS
  set +e
  timeout -s KILL 100 "${mpi[@]}" "./$wrapper.sh" "$rooflab" "${quick[@]}" --distinct-nodes \
    --rank-timeout 4 -o "$wrapper.json" >out.txt 2>err.txt
  code=$?
  set -e
  pkill -KILL -f "$work/stop_" || true
  ((SECONDS - start < 90)) || fail "$wrapper: the job did not end within its rank timeout"
  [[ $code == 1 ]] || fail "$wrapper: mpirun exits 1 when a rank stops (got $code)"
  case $wrapper in
    stop_before_joining)
      grep -q "MPI initialization did not complete within 4 s (--rank-timeout)" err.txt ||
        fail "a rank that never joined is named as the cause: $(tail -5 err.txt)"
      [[ ! -e $wrapper.json ]] || fail "nothing is written before the job is joined" ;;
    stop_while_probing)
      grep -q "MISSING rank 1: sent no profile within 4 s" out.txt ||
        fail "the stopped rank is named: $(cat out.txt; grep -v "^\(peak\|bandwidth\|synchron\|time budget\|note\)" err.txt)"
      check "$wrapper.json" 'assert [m["rank"] for m in c["missing"]] == [1]' \
        "rank 0 wrote what arrived before ending the job" ;;
  esac
done

# Leaving the job waits for every rank too: under `run`, rank 1 stops after its first case; rank 0
# writes its results, waits 4 s in MPI's finalization and ends with exit 1.
sed 's|peak FLOP/s|stream|g' stop_while_probing.sh >stop_while_running.sh
chmod +x stop_while_running.sh
set +e
timeout -s KILL 100 "${mpi[@]}" ./stop_while_running.sh "$rooflab" run -d cpu --family stream \
  --variant omp_plain --size 4K --repetitions 3 --min-sample-time 0.001 --no-roof-check \
  --machine cluster.json --rank-timeout 4 -o stopped.json >out.txt 2>err.txt
code=$?
set -e
pkill -KILL -f "$work/stop_" || true
[[ $code == 1 ]] || fail "mpirun exits 1 when a rank does not leave the job (got $code)"
grep -q "rank 0: the other ranks did not end within 4 s" err.txt ||
  fail "a rank that does not leave is named as the cause: $(tail -5 err.txt)"
"${validate[@]}" stopped.rank0.json >/dev/null || fail "rank 0 wrote its results first"

# A rank timeout counts from the end of a rank's own probe: shorter than the probes (about 5 s of
# work each), it declares no rank missing that probes about as long as rank 0.
"${mpi[@]}" "$rooflab" probe -d cpu --threads 1 --max-working-set 256K --repetitions 3 \
  --min-sample-time 0.001 --distinct-nodes --rank-timeout 3 -o slow.json >/dev/null 2>err.txt ||
  fail "a rank timeout shorter than the probes: $(tail -5 err.txt)"
check slow.json 'assert c["missing"] == [] and len(c["nodes"]) == 2' "no healthy rank missing"
echo "cluster mode: gathered, grouped, reported, a killed rank named, every wait bounded"
