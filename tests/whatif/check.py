#!/usr/bin/env python3
"""Compare what-if JSON reports with known answers.

usage: check.py REPORT.json [--source FILE] [--tol 0.10] [checks...]
       check.py --name FILE SPAN        print the region name of SPAN in FILE

REPORT.json is either `ompadv report --format json` of a recording with
what-if regions (annotations or --region; mode "profile" with a "whatif"
object) or `ompadv whatif --format json` (mode "whatif").

A region is named as ompadv names it, FILE:FIRST-LAST, where FILE is the
base name of --source and FIRST / LAST are line numbers, "@NAME" (the line of
--source carrying the marker comment "// @NAME"), "start" (line 1: main's
code before its first construct) or "end" (after the last construct).  E.g.
"start-@par1", "@par1-@par2", "@par2-end", "@task-@task".

report (mode profile) checks:
  --before P          whatif.parallelism_before
  --after P           whatif.parallelism_after (also program.parallelism and
                      program.work / program.span: the what-if profile)
  --unchanged TOL     parallelism_after within TOL (relative) of _before
  --applied SPAN=F    whatif.regions lists the region, with factor F
  --napplied N        whatif.regions has exactly N entries
  --fragments N       whatif.fragments, exact
  --after-vs FILE     parallelism_after within --tol of FILE's
                      program.parallelism (FILE: a plain profile report)
whatif (mode whatif) checks:
  --before P          parallelism_before
  --reached yes|no
  --nsteps N          exactly N steps
  --step I:SPAN[:P]   step I (from 1) chose the region, and the parallelism
                      after it is P
  --final P           the parallelism after the last step
  --no-step SPAN      no step chose the region
  --same-steps FILE   FILE (another whatif report) chose the same regions in
                      the same order, with parallelisms within --tol
  and always: no region chosen twice, no step lowering the parallelism
Prints one line per check; exits 1 if any fails.
"""
import argparse
import json
import os
import sys


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "inputs"))
from regions import base, region_name  # noqa: E402


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--name":
        print(region_name(sys.argv[2], sys.argv[3]))
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--source")
    ap.add_argument("--tol", type=float, default=0.10)
    ap.add_argument("--before", type=float)
    ap.add_argument("--after", type=float)
    ap.add_argument("--unchanged", type=float)
    ap.add_argument("--applied", action="append", default=[])
    ap.add_argument("--napplied", type=int)
    ap.add_argument("--fragments", type=int)
    ap.add_argument("--after-vs")
    ap.add_argument("--reached", choices=["yes", "no"])
    ap.add_argument("--nsteps", type=int)
    ap.add_argument("--step", action="append", default=[])
    ap.add_argument("--final", type=float)
    ap.add_argument("--no-step", action="append", default=[])
    ap.add_argument("--same-steps")
    a = ap.parse_args()

    with open(a.report) as f:
        r = json.load(f)
    fails = 0

    def result(ok, what, expected, got):
        nonlocal fails
        fails += not ok
        print("%-4s %-44s expected %12s  got %12s" % ("ok" if ok else "FAIL", what, expected, got))

    def num(what, expected, got, tol=None):
        tol = a.tol if tol is None else tol
        err = abs(got - expected) / abs(expected) if expected else abs(got)
        result(err <= tol, what + " (%+.1f%%)" % (100.0 * (got - expected) / expected if expected else 0),
               "%.4f" % expected, "%.4f" % got)

    def exact(what, expected, got):
        result(expected == got, what, expected, got)

    mode = r.get("mode")
    if r.get("ompadv") != 1 or mode not in ("profile", "whatif"):
        print("FAIL not an ompadv profile or whatif report: %r" % {k: r.get(k) for k in ("ompadv", "mode")})
        return 1

    if mode == "profile":
        if a.reached or a.nsteps is not None or a.step or a.final is not None or a.no_step or a.same_steps:
            print("FAIL whatif checks given for a report of mode profile")
            return 1
        w = r.get("whatif")
        if w is None:
            print("FAIL the report has no \"whatif\" object (no what-if region applied)")
            return 1
        prog = r["program"]
        if a.before is not None:
            num("whatif.parallelism_before", a.before, w["parallelism_before"])
            num("program.work/whatif.span_before", a.before, prog["work"] / w["span_before"])
        if a.after is not None:
            num("whatif.parallelism_after", a.after, w["parallelism_after"])
            num("program.parallelism", a.after, prog["parallelism"])
            num("program.work/program.span", a.after, prog["work"] / prog["span"])
        if a.unchanged is not None:
            num("parallelism_after vs _before", w["parallelism_before"], w["parallelism_after"], a.unchanged)
        for spec in a.applied:
            span, _, factor = spec.rpartition("=")
            name = region_name(a.source, span)
            got = [x["factor"] for x in w["regions"] if base(x["region"]) == name]
            result(got == [float(factor)], "applied " + name, "x%g" % float(factor),
                   ",".join("x%g" % g for g in got) if got else
                   "none of: %s" % (", ".join(base(x["region"]) for x in w["regions"]) or "-"))
        if a.napplied is not None:
            exact("len(whatif.regions)", a.napplied, len(w["regions"]))
        if a.fragments is not None:
            exact("whatif.fragments", a.fragments, w["fragments"])
        if a.after_vs is not None:
            with open(a.after_vs) as f:
                other = json.load(f)
            num("parallelism_after vs %s" % os.path.basename(a.after_vs),
                other["program"]["parallelism"], w["parallelism_after"])
    else:
        if a.after is not None or a.unchanged is not None or a.applied or a.napplied is not None \
                or a.fragments is not None or a.after_vs:
            print("FAIL report checks given for a whatif report")
            return 1
        steps = r["steps"]
        names = [base(s["region"]) for s in steps]
        print("     steps: %s" % ", ".join("%s -> %.2f" % (n, s["parallelism"]) for n, s in zip(names, steps)))
        # Always: a region is chosen at most once, and each step raises the
        # parallelism or keeps it.
        exact("steps choosing a region again", 0, len(names) - len(set(names)))
        prev = r["parallelism_before"]
        for i, s in enumerate(steps):
            if s["parallelism"] < prev * 0.999:
                result(False, "step %d does not lower the parallelism" % (i + 1), ">= %.4f" % prev,
                       "%.4f" % s["parallelism"])
            prev = s["parallelism"]
        if a.before is not None:
            num("parallelism_before", a.before, r["parallelism_before"])
        if a.reached is not None:
            exact("reached", a.reached == "yes", r["reached"])
        if a.nsteps is not None:
            exact("len(steps)", a.nsteps, len(steps))
        for spec in a.step:
            parts = spec.split(":")
            if len(parts) not in (2, 3) or not parts[0].isdigit():
                print("FAIL bad --step %r (want I:SPAN[:P])" % spec)
                fails += 1
                continue
            i, name = int(parts[0]), region_name(a.source, parts[1])
            if not 1 <= i <= len(steps):
                result(False, "step %d" % i, name, "only %d steps" % len(steps))
                continue
            exact("step %d region" % i, name, names[i - 1])
            if len(parts) == 3:
                num("step %d parallelism" % i, float(parts[2]), steps[i - 1]["parallelism"])
        if a.final is not None:
            if steps:
                num("parallelism after the last step", a.final, steps[-1]["parallelism"])
            else:
                result(False, "parallelism after the last step", a.final, "no steps")
        for span in a.no_step:
            name = region_name(a.source, span)
            exact("no step chose " + name, 0, names.count(name))
        if a.same_steps is not None:
            with open(a.same_steps) as f:
                other = json.load(f)
            onames = [base(s["region"]) for s in other["steps"]]
            exact("steps' regions vs %s" % os.path.basename(a.same_steps), " ".join(onames) or "(none)",
                  " ".join(names) or "(none)")
            for i, (s, o) in enumerate(zip(steps, other["steps"])):
                num("step %d parallelism vs %s" % (i + 1, os.path.basename(a.same_steps)),
                    o["parallelism"], s["parallelism"])

    print("%s: %d check(s) failed" % (a.report, fails) if fails else "%s: all checks passed" % a.report)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
