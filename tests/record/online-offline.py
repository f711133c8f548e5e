#!/usr/bin/env python3
"""Online == offline: for each program, `ompadv record` it, then check that
`ompadv report -i REC --format json` (the profile replayed offline from the
recorded OSPG construction) is byte for byte the JSON of
`ompadv report -i REC --online --format json` (the profile the tool computed
during the run).  The same code computes both from the same measured numbers,
so any difference is a bug in the recording or in the replay.  So that the
check cannot pass vacuously, `report -v` must say it replayed records (the
offline report is not the stored online profile), and both reports must hold
measured work, main and at least one OpenMP construct.

usage:
  online-offline.py --ompadv PATH --work DIR [OPTIONS] --dir DIR
      every DIR/*.c except those marked XFAIL (tests/profile)
  online-offline.py --ompadv PATH --work DIR [OPTIONS] --seeds A-B --gen GEN.py
      the programs `GEN.py --seed S` prints (tests/oracle/gen.py)
  online-offline.py --ompadv PATH --work DIR [OPTIONS] FILE.c...

OPTIONS: --threads N [2], --metric M [tsc], --cflags "FLAGS" (for
`ompadv cc -O1`), --env NAME=VALUE (repeatable, for the recorded program),
--jobs J [1], --at-least N (fail unless at least N programs were checked).

Prints one line per program, "same: LABEL" or "DIFFER: LABEL" followed by a
unified diff of the two reports, or "FAIL: LABEL: why"; then
"N programs: N same, N differ, N failed".  Exit status 0 only if every
program was checked and the two reports were identical.
"""
import argparse
import concurrent.futures
import difflib
import glob
import json
import os
import re
import shlex
import subprocess
import sys

TIMEOUT = 180


def run(cmd, env=None, cwd=None):
    """(status, stderr+stdout text) of cmd; status None on a timeout."""
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % TIMEOUT


def check_report(path):
    """None if path holds a plausible profile, else why not."""
    try:
        with open(path) as f:
            j = json.load(f)
    except (OSError, ValueError) as e:
        return "%s is not a JSON report: %s" % (os.path.basename(path), e)
    prog = j.get("program") or {}
    if not prog.get("work", 0) > 0:
        return "%s: no work measured" % os.path.basename(path)
    kinds = {r.get("construct") for r in j.get("regions", [])}
    if "main" not in kinds or len(kinds) < 2:
        return "%s: regions %s: no OpenMP construct" % (
            os.path.basename(path), sorted(k or "?" for k in kinds))
    return None


def check_path(j):
    """None if the offline report's critical_path adds up: its pieces' serial
    work sums to the span, each is its directive's share of the span
    (serial_work_pct), and they come in order along the path from 0."""
    path, span = j.get("critical_path"), j["program"]["span"]
    if path is None:
        return "missing" if span else None
    if sum(e["serial_work"] for e in path) != span:
        return "serial work sums to %d, the span is %d" % (
            sum(e["serial_work"] for e in path), span)
    froms = [e["from"] for e in path]
    if froms != sorted(froms) or froms[0] != 0 or froms[-1] >= span:
        return "not in order along the path from 0: %s" % froms
    rows = {(r["location"], r["construct"]): r for r in j["regions"]}
    for e in path:
        r = rows.get((e["location"], e["construct"]))
        if not r or abs(100.0 * e["serial_work"] / span - r["serial_work_pct"]) > 1e-4:
            return "%s %s: %d of the span, its row says %s%%" % (
                e["location"], e["construct"], e["serial_work"], r and r["serial_work_pct"])
    return None


def check_one(item, a):
    try:
        return check(item, a)
    except Exception as e:  # a bug here must fail the test, not hide
        return "FAIL: %s: %s: %s" % (item[0], type(e).__name__, e), "fail"


def check(item, a):
    label, make_source = item
    d = os.path.join(a.work, re.sub(r"[^A-Za-z0-9_.-]+", "-", label))
    os.makedirs(d, exist_ok=True)
    src, why = make_source(d)
    if why:
        return "FAIL: %s: %s" % (label, why), "fail"
    prog = os.path.join(d, "prog")
    rc, out = run([a.ompadv, "cc", "-O1"] + shlex.split(a.cflags) + [src, "-o", prog])
    if rc != 0:
        return "FAIL: %s: ompadv cc failed (%s):\n%s" % (label, rc, out), "fail"
    env = dict(os.environ)
    env.setdefault("OMPADV_TASK_COST", "100,50")
    for e in a.env:
        k, _, v = e.partition("=")
        env[k] = v
    rec = os.path.join(d, "prog.data")
    for f in (rec, rec + ".offline.json", rec + ".online.json"):
        if os.path.exists(f):
            os.remove(f)
    rc, out = run([a.ompadv, "record", "-q", "--threads", str(a.threads), "--metric", a.metric,
                   "-o", rec, prog], env=env, cwd=d)
    if rc != 0:
        return "FAIL: %s: ompadv record exited %s:\n%s" % (label, rc, out), "fail"
    offline, online = rec + ".offline.json", rec + ".online.json"
    rc, out = run([a.ompadv, "report", "-v", "-i", rec, "--format", "json", "--output", offline])
    if rc != 0:
        return "FAIL: %s: ompadv report exited %s:\n%s" % (label, rc, out), "fail"
    # The offline report must come from the replay, not from the stored
    # online profile.
    m = re.search(r"report: (\d+) records replayed", out)
    if not m or int(m.group(1)) == 0:
        return "FAIL: %s: ompadv report -v does not say it replayed records:\n%s" % (label, out), "fail"
    rc, out = run([a.ompadv, "report", "-i", rec, "--online", "--format", "json", "--output", online])
    if rc != 0:
        return "FAIL: %s: ompadv report --online exited %s:\n%s" % (label, rc, out), "fail"
    for f in (offline, online):
        why = check_report(f)
        if why:
            return "FAIL: %s: %s" % (label, why), "fail"
    with open(offline, "rb") as f:
        x = f.read()
    with open(online, "rb") as f:
        y = f.read()
    # The offline report also lists the critical path in order (the online
    # profile keeps each directive's share of it, not the order): checked on
    # its own, then left out of the comparison.
    why = check_path(json.loads(x))
    if why:
        return "FAIL: %s: critical_path: %s (kept in %s)" % (label, why, d), "fail"
    x = re.sub(rb',\n  "critical_path": \[.*\n  \]\}\n$', b"}\n", x, flags=re.S)
    if x != y:
        diff = difflib.unified_diff(y.decode().splitlines(), x.decode().splitlines(),
                                    "online (report --online)", "offline (report)", lineterm="")
        return "DIFFER: %s (kept in %s)\n%s" % (label, d, "\n".join(diff)), "differ"
    return "same: %s" % label, "same"


def from_file(path):
    """Compile the program where it is, so that the reports name it."""
    path = os.path.abspath(path)
    return lambda d: (path, None)


def from_gen(gen, seed):
    def make(d):
        dst = os.path.join(d, "prog.c")
        with open(dst, "w") as g:
            p = subprocess.run([sys.executable, gen, "--seed", str(seed)], stdout=g,
                               stderr=subprocess.PIPE)
        if p.returncode != 0:
            return dst, "gen.py failed (%s): %s" % (p.returncode, p.stderr.decode(errors="replace"))
        return dst, None
    return make


def main():
    ap = argparse.ArgumentParser(description="online == offline profiles of recordings")
    ap.add_argument("--ompadv", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--metric", default="tsc")
    ap.add_argument("--cflags", default="")
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--at-least", type=int, default=1)
    ap.add_argument("--dir")
    ap.add_argument("--seeds")
    ap.add_argument("--gen")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    a.ompadv = os.path.abspath(a.ompadv)
    a.work = os.path.abspath(a.work)
    items = []
    if a.dir:
        for path in sorted(glob.glob(os.path.join(a.dir, "*.c"))):
            with open(path) as f:
                if re.search(r"^\s*//\s*XFAIL:", f.read(), re.M):
                    print("skipped (XFAIL): %s" % os.path.basename(path))
                    continue
            items.append((os.path.basename(path), from_file(path)))
    if a.seeds:
        if not a.gen:
            ap.error("--seeds needs --gen")
        lo, _, hi = a.seeds.partition("-")
        for s in range(int(lo), int(hi or lo) + 1):
            items.append(("seed %d" % s, from_gen(a.gen, s)))
    for path in a.files:
        items.append((os.path.basename(path), from_file(path)))
    os.makedirs(a.work, exist_ok=True)
    counts = {"same": 0, "differ": 0, "fail": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for text, kind in ex.map(lambda it: check_one(it, a), items):
            print(text, flush=True)
            counts[kind] += 1
    n = len(items)
    print("%d programs: %d same, %d differ, %d failed" % (n, counts["same"], counts["differ"],
                                                          counts["fail"]))
    if n < a.at_least:
        print("online-offline.py: only %d programs checked, expected at least %d" % (n, a.at_least))
        return 1
    return 0 if counts["same"] == n else 1


if __name__ == "__main__":
    sys.exit(main())
