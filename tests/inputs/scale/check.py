#!/usr/bin/env python3
"""Compare `ompadv scale --format json` with known answers.

usage: check.py REPORT.json [--source FILE] [--tol 0.05] [checks...]

  --parallelism P=X   the point for team size P has parallelism X (within --tol,
                      relative)
  --work P=X          its work, in ms of the cputime metric (within --tol)
  --span P=X          its span, in ms (within --tol)
  --burdened P=X      its burdened parallelism is X (within --tol)
  --speedup P=X, --low P=X, --high P=X
                      its predicted speedup and its bounds (within --tol)
  --limit P=NAME      its limiting location is NAME: "main", or "@MARK" (the
                      line of --source carrying the comment "// @MARK"),
                      matched as FILE:LINE at the start of "limit"
  --recorded T        recorded_threads is T
  --fixed N           fixed_regions is N;  --split N  split_regions is N
  --sane              every point: span <= work, low <= predicted <= high,
                      predicted speedup <= P
Prints one line per check; exits 1 if any fails.
"""
import argparse, json, os, sys

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--source")
    ap.add_argument("--tol", type=float, default=0.05)
    for o in ("parallelism", "work", "span", "limit", "burdened", "speedup", "low", "high"):
        ap.add_argument("--" + o, action="append", default=[])
    ap.add_argument("--recorded", type=int)
    ap.add_argument("--fixed", type=int)
    ap.add_argument("--split", type=int)
    ap.add_argument("--sane", action="store_true")
    a = ap.parse_args()
    with open(a.report) as f:
        r = json.load(f)
    assert r["mode"] == "scale", "not a scale report"
    pts = {p["threads"]: p for p in r["points"]}
    marks = {}
    if a.source:
        for i, line in enumerate(open(a.source), 1):
            if "// @" in line:
                marks["@" + line.split("// @")[1].split()[0]] = i
    ms = 1e6 if r["metric"] == "cputime" else None
    bad = 0

    def say(ok, what):
        nonlocal bad
        print(("ok   " if ok else "FAIL ") + what)
        bad += not ok

    def near(x, want):
        return abs(x - want) <= a.tol * abs(want) + 1e-9

    fields = {"parallelism": "parallelism", "work": "work", "span": "span",
              "burdened": "burdened_parallelism", "speedup": "predicted_speedup",
              "low": "speedup_low", "high": "speedup_high"}
    for key, field in fields.items():
        for c in getattr(a, key):
            p, x = c.split("=")
            p, x = int(p), float(x)
            if p not in pts:
                say(False, f"{key} at {p} threads: no such point")
                continue
            v = pts[p][field]
            if key in ("work", "span"):
                v = v / ms
            say(near(v, x), f"{key} at {p} threads: {v:.3f}, expected {x} (tol {a.tol})")
    for c in a.limit:
        p, name = c.split("=")
        got = pts[int(p)]["limit"]
        if name.startswith("@"):
            want = f"{os.path.basename(a.source)}:{marks[name]}"
            ok = os.path.basename(got.split(" ")[0]) == want
        else:
            ok = got == name
        say(ok, f"limit at {p} threads: {got!r}, expected {name}")
    if a.recorded is not None:
        say(r["recorded_threads"] == a.recorded, f"recorded_threads {r['recorded_threads']}, expected {a.recorded}")
    if a.fixed is not None:
        say(r["fixed_regions"] == a.fixed, f"fixed_regions {r['fixed_regions']}, expected {a.fixed}")
    if a.split is not None:
        say(r["split_regions"] == a.split, f"split_regions {r['split_regions']}, expected {a.split}")
    if a.sane:
        for p in r["points"]:
            P = p["threads"]
            ok = (p["span"] <= p["work"] * (1 + 1e-9)
                  and p["speedup_low"] <= p["predicted_speedup"] * (1 + 1e-9)
                  and p["predicted_speedup"] <= p["speedup_high"] * (1 + 1e-9)
                  and p["speedup_high"] <= P * (1 + 1e-6))
            say(ok, f"point {P}: span <= work, low <= predicted <= high <= P")
    sys.exit(1 if bad else 0)

main()
