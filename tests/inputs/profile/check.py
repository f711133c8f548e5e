#!/usr/bin/env python3
"""Compare an `ompadv profile --format json` report with known answers.

usage: check.py REPORT.json [--parallelism P] [--span-frac F]
                [--source FILE] [--region LOC:CONSTRUCT:FIELD=VALUE]...
                [--ratio LOC:CONSTRUCT/LOC:CONSTRUCT=VALUE]...
                [--metric M] [--threads N] [--tasks N] [--static-pct P] [--busy-pct P]
                [--tol 0.10]

  --parallelism P   program.parallelism (work / span)
  --span-frac F     program.span / program.work (= 1/P; kept for readability)
  --region SPEC     a row of "regions", found by its location (e.g.
                    "for-dynamic.c:40", matching any directory, or "main")
                    and construct; FIELD is
                    parallelism, work_frac (row work / program work),
                    span_frac (row span / program work), serial_pct (the
                    row's serial%: its share of the critical path, in
                    percent) or instances (exact);
                    LOC may be @NAME: the line of --source FILE that has the
                    marker comment "// @NAME" (e.g. "#pragma omp for // @loop")
  --ratio SPEC      the work of one row divided by another's (LOC and
                    CONSTRUCT as for --region)
  --static-pct P    program.static_loops_span_pct (share of the span in
                    schedule(static) loops, in %)
  --busy-pct P      program.busy_wait_work_pct (share of the work in code
                    that busy-waited with `#pragma omp flush`, in %; 0: none);
                    with --actual, P may be an expression of its keys
  --actual FILE     the program's own measurements, "KEY VALUE" a line (a
                    figure that depends on how busy the machine was)
  --work-at-most X  program.work is at most X (an expression of --actual's
                    keys): a bound, not a known answer
  --metric, --threads, --tasks   exact header / program fields
  --tol             relative tolerance of the numeric checks [0.10]

Work and span are in the metric's unit (TSC ticks, ns), so only ratios are
compared.  Prints one "expected vs got" line per check; exits 1 if any fails.
"""
import argparse
import json
import os
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--parallelism", type=float)
    ap.add_argument("--span-frac", type=float)
    ap.add_argument("--region", action="append", default=[])
    ap.add_argument("--ratio", action="append", default=[])
    ap.add_argument("--source")
    ap.add_argument("--metric")
    ap.add_argument("--threads", type=int)
    ap.add_argument("--tasks", type=int)
    ap.add_argument("--static-pct", type=float)
    ap.add_argument("--busy-pct")
    ap.add_argument("--actual")
    ap.add_argument("--work-at-most")
    ap.add_argument("--tol", type=float, default=0.10)
    a = ap.parse_args()

    with open(a.report) as f:
        r = json.load(f)
    actual = {}
    if a.actual:
        with open(a.actual) as f:
            actual = {k: float(v) for k, v in (line.split() for line in f if line.strip())}

    def expr(text):
        """a number, or an expression of --actual's keys"""
        if not re.fullmatch(r"[\w\s.+\-*/()]+", text):
            sys.exit("check.py: bad value %r" % text)
        try:
            return float(eval(text, {"__builtins__": {}}, actual))
        except NameError as e:
            sys.exit("check.py: %s (--actual %s has: %s)" % (e, a.actual, " ".join(sorted(actual))))
    prog = r["program"]
    fails = 0

    def num(what, expected, got):
        nonlocal fails
        err = abs(got - expected) / abs(expected) if expected else abs(got)
        ok = err <= a.tol
        fails += not ok
        print("%-4s %-40s expected %10.4f  got %10.4f  (%+.1f%%)"
              % ("ok" if ok else "FAIL", what, expected, got,
                 100.0 * (got - expected) / expected if expected else 0.0))

    def exact(what, expected, got):
        nonlocal fails
        ok = expected == got
        fails += not ok
        print("%-4s %-40s expected %10s  got %10s" % ("ok" if ok else "FAIL", what, expected, got))

    if r.get("ompadv") != 1 or r.get("mode") != "profile":
        print("FAIL not a profile report: %r" % {k: r.get(k) for k in ("ompadv", "mode")})
        return 1
    if a.metric is not None:
        exact("metric", a.metric, r["metric"])
    if a.threads is not None:
        exact("threads", a.threads, r["threads"])
    if a.tasks is not None:
        exact("program.tasks", a.tasks, prog["tasks"])
    if a.static_pct is not None:
        num("program.static_loops_span_pct", a.static_pct, prog["static_loops_span_pct"])
    if a.busy_pct is not None:
        num("program.busy_wait_work_pct", expr(a.busy_pct), prog["busy_wait_work_pct"])
    if a.work_at_most is not None:
        bound = expr(a.work_at_most)
        ok = prog["work"] <= bound
        fails += not ok
        print("%-4s %-40s at most   %10.0f  got %10.0f  (%.2fx)"
              % ("ok" if ok else "FAIL", "program.work", bound, prog["work"],
                 prog["work"] / bound if bound else 0.0))
    if a.parallelism is not None:
        num("program.parallelism", a.parallelism, prog["parallelism"])
        # The reported ratio must be the ratio of the reported figures.
        num("program.work/program.span", a.parallelism, prog["work"] / prog["span"])
    if a.span_frac is not None:
        num("program.span/program.work", a.span_frac, prog["span"] / prog["work"])

    def marker(name):
        """FILE:LINE of the line of --source that has the comment // @name
        (or /* @name */, on a line that a backslash continues)."""
        if not a.source:
            return None
        pat = re.compile(r"(//|/\*).*@" + re.escape(name) + r"\b")
        with open(a.source) as f:
            hits = [i + 1 for i, line in enumerate(f)
                    if pat.search(line) and not line.lstrip().startswith("//")]
        if len(hits) != 1:
            return None
        return "%s:%d" % (os.path.basename(a.source), hits[0])

    def find_row(loc, construct):
        """The row of LOC (or @marker) and CONSTRUCT, and its location; None
        (with the failure printed) unless there is exactly one."""
        nonlocal fails
        if loc.startswith("@"):
            name, loc = loc, marker(loc[1:])
            if loc is None:
                print("FAIL marker %s: not on exactly one code line of --source %s" % (name, a.source))
                fails += 1
                return None, None
        rows = [x for x in r["regions"]
                if x["construct"] == construct
                and (x["location"] == loc or x["location"].endswith("/" + loc))]
        if len(rows) != 1:
            print("FAIL %s:%s: %d rows; the report has: %s" % (
                loc, construct, len(rows),
                ", ".join("%s %s" % (x["location"], x["construct"]) for x in r["regions"])))
            fails += 1
            return None, None
        return rows[0], loc

    for spec in a.ratio:
        try:
            key, value = spec.rsplit("=", 1)
            top, bottom = key.split("/")
            value = float(value)
            rows = [find_row(*side.rsplit(":", 1)) for side in (top, bottom)]
        except ValueError:
            print("FAIL bad --ratio %r (want LOC:CONSTRUCT/LOC:CONSTRUCT=VALUE)" % spec)
            fails += 1
            continue
        if rows[0][0] is None or rows[1][0] is None:
            continue
        if rows[1][0]["work"] == 0:
            print("FAIL %s %s: no work" % (rows[1][1], bottom.rsplit(":", 1)[1]))
            fails += 1
            continue
        num("%s %s / %s %s work" % (rows[0][1], top.rsplit(":", 1)[1], rows[1][1],
                                     bottom.rsplit(":", 1)[1]),
            value, rows[0][0]["work"] / rows[1][0]["work"])

    for spec in a.region:
        try:
            key, value = spec.rsplit("=", 1)
            loc, construct, field = key.rsplit(":", 2)
            value = float(value)
        except ValueError:
            print("FAIL bad --region %r (want LOC:CONSTRUCT:FIELD=VALUE)" % spec)
            fails += 1
            continue
        row, loc = find_row(loc, construct)
        if row is None:
            continue
        what = "%s %s %s" % (loc, construct, field)
        if field == "parallelism":
            num(what, value, row["parallelism"])
        elif field == "work_frac":
            num(what, value, row["work"] / prog["work"])
        elif field == "span_frac":
            num(what, value, row["span"] / prog["work"])
        elif field == "serial_pct":
            num(what, value, row["serial_work_pct"])
        elif field == "instances":
            exact(what, int(value), row["instances"])
        else:
            print("FAIL unknown field %r in --region %r" % (field, spec))
            fails += 1

    print("%s: %d check(s) failed" % (a.report, fails) if fails else "%s: all checks passed" % a.report)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
