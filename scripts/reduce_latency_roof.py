#!/usr/bin/env python3
"""Each reduce result's latency-aware roof (Roofline::least_seconds: the call latency of its thread
count plus its work at its level's fastest ceiling and the precision's peak, as the report's size
study draws it) over its median time; per op, precision and length the best own variant's ratio
(OpenBLAS, the baseline, left out) and the level it was placed in.
usage: reduce_latency_roof.py MACHINE.json RESULTS.json"""
import json, sys, collections
m = json.load(open(sys.argv[1])); r = json.load(open(sys.argv[2]))
dev = next(d for d in m['devices'] if d['id'] == 'cpu'); c = dict(dev['ceilings'])
def latency(t):
    v = [l['seconds']['median'] for l in c.get('latency', []) if l['kind'] in ('fork_join', 'team_wake', 'launch_gap') and l['threads'] == t]
    return min(v) if v else None
def bw(level, t):
    v = [x['bytes_per_s']['median'] for x in c['memory'] if x['level'] == level and x['threads'] == t]
    return max(v) if v else None
def peak(p, t):
    v = [x['flops_per_s']['median'] for x in c['compute'] if x['precision'] == p and x['threads'] == t]
    return max(v) if v else None
best = collections.defaultdict(lambda: (0, ''))
for x in r['results']:
    if x['family'] != 'reduce' or x['backend'] != 'cpu' or x['variant'].startswith('openblas') or not x.get('time') or x['verification']['status'] != 'passed':
        continue
    t = x['params']['threads']; w = x['work']; lat = latency(t); b = bw(x['level'], t)
    if lat is None or b is None: continue
    busy = w['bytes'] / b
    pk = peak(w['precision'], t)
    if pk: busy = max(busy, w['flops'] / pk)
    ratio = (lat + busy) / x['time']['median']
    key = (x['params']['op'], w['precision'], x['params']['n'])
    if ratio > best[key][0]: best[key] = (ratio, x['variant'] + ' in ' + x['level'])
print('op precision n | best variant | latency-aware roof / time')
worst = 9
for k in sorted(best, key=lambda k: (k[0], k[1], k[2])):
    print(*k, '|', best[k][1], '|', f'{best[k][0]:.3f}'); worst = min(worst, best[k][0])
print('lowest', f'{worst:.3f}')
