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

# run under mpirun: each rank's results under its own node's roofs, in its own file.
"${mpi[@]}" "$rooflab" run -d cpu --family stream --variant omp_plain --size 4K --repetitions 3 \
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

# Rank 1 killed while it probes. Open MPI's mpirun ends the whole job when a rank dies unless
# recovery is on; rank 0 then waits out --rank-timeout and writes what it has.
cat >wrap.sh <<'WRAP'
#!/bin/sh
if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then
  "$@" 2>rank1.err & pid=$!
  while ! grep -q "bandwidth sweep" rank1.err 2>/dev/null; do sleep 0.05; done
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
echo "cluster mode: gathered, grouped, reported, and a killed rank named"
