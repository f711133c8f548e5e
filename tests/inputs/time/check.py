#!/usr/bin/env python3
"""Check `ompadv time --format json` against known answers.

usage: check.py JSON --source FILE [--actual FILE] [--sum]
                [--row LOC:CONSTRUCT:FIELD=VALUE[~TOL]]...
                [--finding PROPERTY@LOC]... [--no-finding PROPERTY]...
                [--task LOC:FIELD.STAT=VALUE[~TOL]]... [--no-work-total=VALUE[~TOL]]
                [--total FIELD=VALUE[~TOL]]... [--no-row LOC:CONSTRUCT]...
                [--one-finding PROPERTY@LOC:FIELD=VALUE[~TOL]]... [--timeline CSV]

LOC is @NAME, the line of --source with the comment "// @NAME", or "main",
or "idle" (the row of threads between parallel regions).  A VALUE is in
seconds, or LOW..HIGH: the figure lies between them; TOL is relative
(default 0.10), at either end.  With --actual FILE (the program's own
measurements, "KEY SECONDS" a line, written by burn.h), a VALUE is an
expression of its keys (+ - * / parentheses, numbers, min, max, abs):
e.g. "t0+t1~0.03"; a key the file lacks fails the check.  A row's FIELD
may be a sum of fields: "delay+no_work".  --sum: the breakdown adds up to
threads x wall within 2% (the issue's accounting rule); --no-work-total:
the breakdown's no_work; --timeline: the timeline (--timeline CSV) holds
the breakdown's work and lock waiting, within 2%; --total: a breakdown's
class (or a sum of them, as for a row); --no-row: no row of that
construct at LOC; --one-finding: exactly one finding of PROPERTY at LOC,
and its FIELD (count, seconds, severity) is VALUE.  Exits 1 with one
line per failed check ("check failed: ...": not "FAIL: ", which tests/run
counts as a failed test)."""
import argparse
import json
import os
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--source", required=True)
    ap.add_argument("--actual")
    ap.add_argument("--sum", action="store_true")
    ap.add_argument("--row", action="append", default=[])
    ap.add_argument("--finding", action="append", default=[])
    ap.add_argument("--no-finding", action="append", default=[])
    ap.add_argument("--task", action="append", default=[])
    ap.add_argument("--no-work-total")
    ap.add_argument("--timeline")
    ap.add_argument("--total", action="append", default=[])
    ap.add_argument("--no-row", action="append", default=[])
    ap.add_argument("--one-finding", action="append", default=[])
    a = ap.parse_args()
    d = json.load(open(a.json))
    src = open(a.source).read().splitlines()
    base = os.path.basename(a.source)
    bad = []
    actual = {}
    if a.actual:
        for line in open(a.actual):
            if line.strip():
                key, seconds = line.split()
                actual[key] = float(seconds)

    def loc(name):
        if name == "main":
            return "main"
        if name == "idle":
            return "(between parallel regions)"
        pat = re.compile(r"^\s*[^/\s].*//\s*@" + re.escape(name[1:]) + r"\b")
        for i, line in enumerate(src, 1):
            if pat.search(line):
                return "%s:%d" % (base, i)
        sys.exit("check.py: no line of %s has // %s" % (a.source, name))

    def same(location, name):
        """a report's location (its file as the compiler saw it) is name"""
        return location == name or location.endswith("/" + name)

    def value(spec):
        """(low, high, tolerance, text) of VALUE[~TOL]; VALUE is EXPR or
        EXPR..EXPR, a range the figure lies in"""
        want, _, tol = spec.partition("~")
        ends = []
        for e in want.split(".."):
            if not re.fullmatch(r"[\w\s.+\-*/(),]+", e):
                sys.exit("check.py: bad value %r" % spec)
            names = {"min": min, "max": max, "abs": abs}
            names.update(actual)
            try:
                ends.append(float(eval(e, {"__builtins__": {}}, names)))
            except NameError as x:
                sys.exit("check.py: %s (--actual %s has: %s)" % (x, a.actual, " ".join(sorted(actual))))
        if len(ends) == 1:
            ends.append(ends[0])
        text = ("%.6f" % ends[0] if ends[0] == ends[1]
                else "between %.6f and %.6f" % (ends[0], ends[1]))
        if actual and not re.fullmatch(r"[\d.\s]+", want):
            text += " (%s)" % want
        return ends[0], ends[1], float(tol) if tol else 0.10, text

    def near(got, lo, hi, tol):
        return lo - tol * abs(lo) - 1e-9 <= got <= hi + tol * abs(hi) + 1e-9

    if a.sum:
        b = d["breakdown"]
        total, want = sum(b.values()), d["threads"] * d["wall"]
        if not near(total, want, want, 0.02):
            bad.append("breakdown adds up to %.6f s, threads x wall is %.6f s" % (total, want))
    if a.timeline:
        # the timeline's slices, time-weighted, hold the breakdown's work
        # and lock waiting: running x slice length summed is the work
        rows = [l.split(",") for l in open(a.timeline).read().split("\n")[1:] if l]
        step = d["wall"] / len(rows)
        for col, key in ((1, "work"), (3, "lock_wait")):
            got, want = sum(float(r[col]) for r in rows) * step, d["breakdown"][key]
            if not near(got, want, want, 0.02) and abs(got - want) > 1e-4:
                bad.append("timeline holds %.6f s of %s, the breakdown %.6f s" % (got, key, want))
    if a.no_work_total:
        lo, hi, tol, text = value(a.no_work_total)
        got = d["breakdown"]["no_work"]
        if not near(got, lo, hi, tol):
            bad.append("no_work %.6f, expected %s (+-%g%%)" % (got, text, tol * 100))
    for r in a.row:
        where, cons, rest = r.rsplit(":", 2) if r.count(":") >= 2 else (None, None, None)
        field, _, spec = rest.partition("=")
        lo, hi, tol, text = value(spec)
        name = loc(where)
        rows = [x for x in d["regions"] if same(x["location"], name) and x["construct"] == cons]
        got = sum(x[f] for x in rows for f in field.split("+"))
        if not rows or not near(got, lo, hi, tol):
            bad.append("row %s %s: %s %.6f, expected %s (+-%g%%)"
                       % (name, cons, field, got, text, tol * 100))
    for t in a.total:
        field, _, spec = t.partition("=")
        lo, hi, tol, text = value(spec)
        got = sum(d["breakdown"][f] for f in field.split("+"))
        if not near(got, lo, hi, tol):
            bad.append("breakdown %s %.6f, expected %s (+-%g%%)" % (field, got, text, tol * 100))
    for r in a.no_row:
        where, cons = r.rsplit(":", 1)
        name = loc(where)
        if any(same(x["location"], name) and x["construct"] == cons for x in d["regions"]):
            bad.append("a %s row at %s" % (cons, name))
    for f in a.one_finding:
        prop, _, rest = f.partition("@")
        where, rest = rest.split(":", 1)
        field, _, spec = rest.partition("=")
        name = loc(where)
        got = [x for x in d["findings"] if x["property"] == prop and same(x["location"], name)]
        if len(got) != 1:
            bad.append("%d findings %s at %s, expected one" % (len(got), prop, name))
            continue
        lo, hi, tol, text = value(spec)
        if not near(got[0][field], lo, hi, tol):
            bad.append("finding %s at %s: %s %.6f, expected %s (+-%g%%)"
                       % (prop, name, field, got[0][field], text, tol * 100))
    for f in a.finding:
        prop, _, where = f.partition("@")
        props = prop.split("|")
        name = loc(where)
        if not any(x["property"] in props and same(x["location"], name) for x in d["findings"]):
            bad.append("no finding %s at %s (findings: %s)" % (prop, name, ", ".join(
                "%s@%s" % (x["property"], x["location"]) for x in d["findings"])))
    for p in a.no_finding:
        if any(x["property"] == p for x in d["findings"]):
            bad.append("finding %s should not hold" % p)
    for t in a.task:
        where, rest = t.split(":", 1)
        key, _, spec = rest.partition("=")
        field, stat = key.split(".")
        lo, hi, tol, text = value(spec)
        name = loc(where)
        rows = [x for x in d["tasks"] if same(x["location"], name)]
        got = rows[0][field][stat] if len(rows) == 1 else float("nan")
        if not near(got, lo, hi, tol):
            bad.append("tasks at %s: %s.%s %.6f, expected %s (+-%g%%)"
                       % (name, field, stat, got, text, tol * 100))
    for b in bad:
        print("check failed: " + b)
    if bad:
        sys.exit(1)
    print("ok")


main()
