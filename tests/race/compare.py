#!/usr/bin/env python3
"""Compare `ompadv race` with the race oracle (issue 8).

usage: compare.py ORACLE.json REPORT.json [--mode NAME] [--pairs]

ORACLE.json is what tests/oracle/oracle.py --races printed for a program of
tests/oracle/gen.py --accesses (its site lines, and the racy variables and
site pairs the happens-before graph implies); REPORT.json is what `ompadv
race --format json` printed for another run of the same program (file
name prog.c).  Every reported race is mapped to a variable by the source
lines of its two accesses ("first" and "second", "location" FILE:LINE:COL):
each site line belongs to one variable.  Failures, one line each:
 - a race the oracle implies (racy variable) that the report misses;
 - a reported race on a variable the oracle finds race-free;
 - a reported race at a line that is no site (or outside prog.c), between
   sites of two different variables, between two reads, or that names
   another variable than the one of its sites;
 - with --pairs, also the site pairs (line pairs) that differ on a variable
   both call racy.
Exit status 0 when they agree, 1 on a difference, 2 on unusable input.
"""
import argparse
import json
import re
import sys

PROGRAM = "prog.c"                  # the program's file name, as the report gives it


def race_lines(race):
    """The source lines of the two accesses of one reported race: their
    "location" is FILE:LINE:COLUMN (or FILE:LINE); None for an access whose
    location is unknown or in another file."""
    out = []
    for side in ("first", "second"):
        loc = race.get(side, {}).get("location") if isinstance(race.get(side), dict) else None
        m = re.match(r"^(.*?):(\d+)(?::\d+)?$", loc or "")
        out.append(int(m.group(2)) if m and m.group(1).endswith(PROGRAM) else None)
    return out


def reported(report):
    races = report.get("races") if isinstance(report, dict) else report
    if not isinstance(races, list):
        raise ValueError("no 'races' list")
    return races


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("oracle")
    ap.add_argument("report")
    ap.add_argument("--mode", default="", help="the detector mode, named in failures")
    ap.add_argument("--pairs", action="store_true", help="also compare the racy site pairs")
    args = ap.parse_args()
    try:
        with open(args.oracle) as f:
            o = json.load(f)
        with open(args.report) as f:
            races = reported(json.load(f))
    except (OSError, ValueError) as e:
        print("unusable input: %s" % e)
        return 2
    who = "ompadv race" + (" --mode " + args.mode if args.mode else "")
    line_var, line_kind = {}, {}
    for sid, (var, kind, line, runs) in o["sites"].items():
        line_var[line] = var
        line_kind[line] = kind
    sites_of = {}
    for line, var in sorted(line_var.items()):
        sites_of.setdefault(var, []).append("%d %s" % (line, line_kind[line]))
    problems = []
    got = {}                        # variable -> set of line pairs
    for race in races:
        lines = race_lines(race)
        brief = "%s %s / %s %s on %s" % (race.get("first", {}).get("access"), race.get("first", {}).get("location"),
                                         race.get("second", {}).get("access"), race.get("second", {}).get("location"),
                                         race.get("variable"))
        if None in lines:
            problems.append("%s reports a race with an access outside %s: %s" % (who, PROGRAM, brief))
            continue
        vars_ = {line_var.get(l) for l in lines}
        if None in vars_:
            problems.append("%s reports a race at line(s) %s, not an access site: %s"
                            % (who, ",".join(str(l) for l in lines if l not in line_var), brief))
            continue
        if len(vars_) > 1:
            problems.append("%s reports a race between sites of different variables %s: %s"
                            % (who, " and ".join(sorted(vars_)), brief))
            continue
        var = vars_.pop()
        if race.get("variable") not in (None, var):
            problems.append("%s reports a race at the sites of %s as one on variable %s: %s"
                            % (who, var, race.get("variable"), brief))
        if all(line_kind[l] == "read" for l in lines):
            problems.append("%s reports a race between two reads: %s" % (who, brief))
        got.setdefault(var, set()).add((min(lines), max(lines)))
    want = {v: {tuple(p) for p in ps} for v, ps in o["racy"].items()}
    for var in sorted(set(want) | set(got)):
        where = "%s (sites %s)" % (var, ", ".join(sites_of.get(var, [])))
        if var in want and var not in got:
            w = o["witness"][var][0]
            problems.append("%s: the oracle finds a race (lines %s; e.g. line %d in W%d || line %d in W%d), "
                            "%s reports none"
                            % (where, " ".join("%d-%d" % p for p in sorted(want[var])), w[0], w[1], w[2], w[3], who))
        elif var in got and var not in want:
            problems.append("%s: %s reports a race (lines %s), the oracle finds none"
                            % (where, who, " ".join("%d-%d" % p for p in sorted(got[var]))))
        elif args.pairs and want[var] != got[var]:
            problems.append("%s: racy site pairs differ: oracle %s, %s %s"
                            % (where, " ".join("%d-%d" % p for p in sorted(want[var])), who,
                               " ".join("%d-%d" % p for p in sorted(got[var]))))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
