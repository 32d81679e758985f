#!/usr/bin/env python3
"""Each reduce result's latency-aware roof (Roofline::least_seconds: the call latency of its thread
count plus its work at its level's fastest ceiling and the precision's peak, as the report's size
study draws it) over its median time; per op, precision and length the best own variant's ratio
(OpenBLAS, the baseline, left out) and the level it was placed in; beside it the same ratio with
the level's fastest read-only ceiling (read, dot) as the bandwidth (a reduction only reads), to tell a slow
kernel from a level whose fastest kernel writes.
usage: reduce_latency_roof.py MACHINE.json RESULTS.json"""
import json, sys, collections
m = json.load(open(sys.argv[1])); r = json.load(open(sys.argv[2]))
dev = next(d for d in m['devices'] if d['id'] == 'cpu'); c = dict(dev['ceilings'])
def latency(t):
    v = [l['seconds']['median'] for l in c.get('latency', []) if l['kind'] in ('fork_join', 'team_wake', 'launch_gap') and l['threads'] == t]
    return min(v) if v else None
def bw(level, t, kernels=None):
    v = [x['bytes_per_s']['median'] for x in c['memory'] if x['level'] == level and x['threads'] == t and (kernels is None or x['kernel'] in kernels)]
    return max(v) if v else None
def peak(p, t):
    v = [x['flops_per_s']['median'] for x in c['compute'] if x['precision'] == p and x['threads'] == t]
    return max(v) if v else None
best = collections.defaultdict(lambda: (0, '', 0))
for x in r['results']:
    if x['family'] != 'reduce' or x['backend'] != 'cpu' or x['variant'].startswith('openblas') or not x.get('time') or x['verification']['status'] != 'passed':
        continue
    t = x['params']['threads']; w = x['work']; lat = latency(t); b = bw(x['level'], t)
    if lat is None or b is None: continue
    pk = peak(w['precision'], t)
    def ratio(bandwidth):
        busy = w['bytes'] / bandwidth
        if pk: busy = max(busy, w['flops'] / pk)
        return (lat + busy) / x['time']['median']
    read = bw(x['level'], t, ('read', 'dot'))
    key = (x['params']['op'], w['precision'], x['params']['n'])
    if ratio(b) > best[key][0]: best[key] = (ratio(b), x['variant'] + ' in ' + x['level'], ratio(read) if read else float('nan'))
print('op precision n | best variant | latency-aware roof / time | with the read ceiling')
worst = 9
for k in sorted(best, key=lambda k: (k[0], k[1], k[2])):
    print(*k, '|', best[k][1], '|', f'{best[k][0]:.3f}', '|', f'{best[k][2]:.3f}'); worst = min(worst, best[k][0])
print('lowest', f'{worst:.3f}')
