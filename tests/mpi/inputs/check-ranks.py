#!/usr/bin/env python3
"""Known answer of tests/mpi/inputs/ranks.c (its comment derives it), checked
against `ompadv report -i 'app.*.data' --format json` (--metric cputime):
each figure within 10% of the hand-computed one, counts exact."""
import json
import sys

MS = 1e6  # cputime: nanoseconds
m = json.load(open(sys.argv[1]))
failed = 0


def check(what, got, want, tol=0.10):
    global failed
    if isinstance(want, float):
        ok = got is not None and abs(got - want) <= tol * want
    else:
        ok = got == want
    failed += not ok
    print("%-4s %-34s expected %12s  got %12s" % ("ok" if ok else "FAIL", what, want, got))


check("metric", m["metric"], "cputime")
check("ranks", [r["rank"] for r in m["ranks"]], [0, 1])
check("slowest rank", m["slowest"], 1)
for r, (work, span) in enumerate([(32 * MS, 16 * MS), (64 * MS, 32 * MS)]):
    x = m["ranks"][r]
    check("rank %d work" % r, x["work"], work)
    check("rank %d span" % r, x["span"], span)
    check("rank %d MPI calls seen" % r, x["mpi_calls"], 4)
    check("rank %d time in MPI known" % r, x["mpi_ns"] is not None and x["mpi_ns"] > 0, True)
loops = [x for x in m["regions"] if x["construct"] == "for"]
check("merged for rows", len(loops), 1)
if loops:
    f = loops[0]
    check("for work (all ranks)", f["work"], 96 * MS)
    check("for ranks", f["ranks"], 2)
    check("for worst rank", f["worst_rank"], 1)
    check("for worst serial", f["worst_serial"], 32 * MS)
    check("for parallelism (worst rank)", f["worst_parallelism"], 2.0)
sys.exit(1 if failed else 0)
