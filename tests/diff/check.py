#!/usr/bin/env python3
"""Compare `ompadv diff --format json` reports with known answers.

usage: check.py REPORT.json --source FILE [checks...]
       check.py --name FILE SPAN        print the region name of SPAN in FILE

A region is named as ompadv names it, FILE:FIRST-LAST, where FILE is the base
name of --source and FIRST / LAST are line numbers, "@NAME" (the line of
--source carrying the marker comment "// @NAME"), "start" (line 1: main's
code before its first construct) or "end" (after the last construct).  E.g.
"@loop-@loop" (a static loop's share of a thread), "@par-@loop" (code
directly in the parallel region before the loop), "start-@par".

checks:
  --threads B,O       the report's "threads" is [B, O]
  --row SPAN:FIELD=V[~T]
                      a matched region (in "regions") has FIELD equal to V:
                      true / false / an integer exactly, a number with ~T
                      within V +- T (absolute); also SPAN:FIELD>V, SPAN:FIELD<V
  --spmd-fragments SPAN=K
                      fragments_other == K * fragments_base (SPMD code runs
                      once per thread) and fragments_base > 0
  --none-flagged      no region is flagged
  --flagged-only SPAN the region is the only one flagged
  --unmatched SPAN=IN the region is in "unmatched" with "in" IN (base|other),
                      and not in "regions"
  --unmatched-ratio SPAN/REF=V~T
                      the unmatched region's work over the matched region
                      REF's work_base is V +- T
  --same-regions FILE FILE (another diff report) has the same region names,
                      matched and unmatched (with the same "in")
  --unmatched-warning ERR
                      ERR (the same run's stderr) has the warning "N region(s)
                      ran in one recording only" exactly when N > 0, where N
                      is the number of unmatched regions holding at least
                      0.1% of their own run's work (work_base or work_other),
                      the rule of ompadv-diff(1): the count is checked against
                      the report's own figures, so whether a region of a few
                      microseconds is counted (it is not, unless the machine
                      charged it hundreds of microseconds) cannot fail it
Prints one line per check; exits 1 if any fails.
"""
import argparse
import json
import os
import re
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "inputs"))
from regions import base, region_name  # noqa: E402


def names(report):
    return sorted([(base(r["region"]), "both") for r in report["regions"]]
                  + [(base(u["region"]), u["in"]) for u in report["unmatched"]])


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--name":
        print(region_name(sys.argv[2], sys.argv[3]))
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--source")
    ap.add_argument("--threads")
    ap.add_argument("--row", action="append", default=[])
    ap.add_argument("--spmd-fragments", action="append", default=[])
    ap.add_argument("--none-flagged", action="store_true")
    ap.add_argument("--flagged-only")
    ap.add_argument("--unmatched", action="append", default=[])
    ap.add_argument("--unmatched-ratio", action="append", default=[])
    ap.add_argument("--same-regions")
    ap.add_argument("--unmatched-warning")
    a = ap.parse_args()

    with open(a.report) as f:
        r = json.load(f)
    fails = 0

    def result(ok, what, expected, got):
        nonlocal fails
        fails += not ok
        print("%-4s %-58s expected %14s  got %s" % ("ok" if ok else "FAIL", what, expected, got))

    if r.get("ompadv") != 1 or r.get("mode") != "diff":
        print("FAIL not an ompadv diff report: %r" % {k: r.get(k) for k in ("ompadv", "mode")})
        return 1
    rows = {base(x["region"]): x for x in r["regions"]}
    unmatched = {base(x["region"]): x for x in r["unmatched"]}
    print("     regions: %s" % ", ".join(
        "%s %.2fx/%.2fx%s%s" % (n, x["work_inflation"], x["span_inflation"],
                                " spmd" if x["spmd"] else "", " FLAGGED" if x["flagged"] else "")
        for n, x in rows.items()))
    print("     unmatched: %s" % (", ".join("%s (%s)" % (n, x["in"]) for n, x in unmatched.items()) or "-"))

    def row(span, what):
        name = region_name(a.source, span)
        if name not in rows:
            result(False, "%s: %s" % (name, what), "a matched region",
                   "none of: %s" % ", ".join(rows) if name not in unmatched
                   else "unmatched (in %s)" % unmatched[name]["in"])
            return name, None
        return name, rows[name]

    if a.threads is not None:
        want = [int(x) for x in a.threads.split(",")]
        result(r["threads"] == want, "threads", want, r["threads"])

    for spec in a.row:
        m = re.fullmatch(r"(.+):(\w+)(=|<|>)([^~]+)(?:~(.+))?", spec)
        if not m:
            print("FAIL bad --row %r (want SPAN:FIELD=V[~T], SPAN:FIELD<V or SPAN:FIELD>V)" % spec)
            fails += 1
            continue
        span, field, op, v, tol = m.groups()
        name, x = row(span, field)
        if x is None:
            continue
        if field not in x:
            result(False, "%s: %s" % (name, field), "a field", "no such field")
            continue
        got = x[field]
        what = "%s: %s %s" % (name, field, op)
        if v in ("true", "false"):
            result(op == "=" and got == (v == "true"), what, v, json.dumps(got))
        elif op == "=" and tol is None:
            result(got == int(v), what, int(v), got)
        elif op == "=":
            result(abs(got - float(v)) <= float(tol), what, "%s +- %s" % (v, tol), "%.4f" % got)
        elif op == "<":
            result(got < float(v), what, "< %s" % v, "%.4f" % got)
        else:
            result(got > float(v), what, "> %s" % v, "%.4f" % got)

    for spec in a.spmd_fragments:
        span, _, k = spec.rpartition("=")
        name, x = row(span, "fragments")
        if x is not None:
            result(x["fragments_base"] > 0 and x["fragments_other"] == int(k) * x["fragments_base"],
                   "%s: fragments_other == %s * fragments_base" % (name, k),
                   "%s * %d" % (k, x["fragments_base"]), x["fragments_other"])

    if a.none_flagged:
        flagged = [n for n, x in rows.items() if x["flagged"]]
        result(not flagged, "regions flagged", "none", ", ".join(flagged) or "none")

    if a.flagged_only is not None:
        name = region_name(a.source, a.flagged_only)
        flagged = [n for n, x in rows.items() if x["flagged"]]
        result(flagged == [name], "regions flagged", name, ", ".join(flagged) or "none")

    for spec in a.unmatched:
        span, _, where = spec.rpartition("=")
        name = region_name(a.source, span)
        got = unmatched[name]["in"] if name in unmatched else "not unmatched"
        result(got == where, "%s: unmatched, in" % name, where, got)
        result(name not in rows, "%s: not in regions" % name, "absent",
               "present" if name in rows else "absent")

    for spec in a.unmatched_ratio:
        m = re.fullmatch(r"(.+)/(.+)=([^~]+)~(.+)", spec)
        if not m:
            print("FAIL bad --unmatched-ratio %r (want SPAN/REF=V~T)" % spec)
            fails += 1
            continue
        span, ref, v, tol = m.groups()
        name = region_name(a.source, span)
        refname, x = row(ref, "work_base (reference)")
        if x is None:
            continue
        if name not in unmatched:
            result(False, "%s: unmatched work" % name, "unmatched", "not unmatched")
            continue
        got = unmatched[name]["work"] / x["work_base"]
        result(abs(got - float(v)) <= float(tol), "%s: work / %s work_base" % (name, refname),
               "%s +- %s" % (v, tol), "%.4f" % got)

    if a.same_regions is not None:
        with open(a.same_regions) as f:
            other = json.load(f)
        mine, theirs = names(r), names(other)
        result(mine == theirs, "region names vs %s" % os.path.basename(a.same_regions),
               "%d regions" % len(theirs),
               "%d, the same" % len(mine) if mine == theirs else
               "differ: only here %s, only there %s" % (sorted(set(mine) - set(theirs)),
                                                        sorted(set(theirs) - set(mine))))

    if a.unmatched_warning is not None:
        prog = r["program"]
        run_work = {"base": prog["work_base"], "other": prog["work_other"]}
        counted = [base(x["region"]) for x in r["unmatched"]
                   if x["work"] * 1000 >= run_work[x["in"]]]
        with open(a.unmatched_warning) as f:
            said = re.findall(r"warning: (\d+) regions? ran in one recording only", f.read())
        got = [int(n) for n in said]
        result(got == ([len(counted)] if counted else []),
               "warning counts unmatched regions >= 0.1% of their run",
               "%d (%s)" % (len(counted), ", ".join(counted) or "none"),
               "no warning" if not got else ", ".join(str(n) for n in got))

    print("%s: %d check(s) failed" % (a.report, fails) if fails else "%s: all checks passed" % a.report)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
