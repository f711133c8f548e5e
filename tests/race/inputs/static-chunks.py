#!/usr/bin/env python3
"""A loop of 64 iterations with ten races between two iterations each:
iteration 10 writes x_d, iteration 10 + d reads it, for d in DISTANCES.

usage: static-chunks.py SCHEDULE   (static or runtime) -> C program on stdout
       static-chunks.py --expected T   races a team of T finds in its own threads
       static-chunks.py --check T FILE races FILE (ompadv race --format json, a team
                                       of T) reports at other team sizes, checked

With schedule(static) and T threads each thread's share is one chunk of
64 / T iterations, which OMPT reports as one serial piece of code: the
race at distance d is between two threads of this team only when
iterations 10 and 10 + d fall into different threads' chunks, i.e.
floor(10 / c) != floor((10 + d) / c) for c = 64 / T; the others race at
the team sizes whose split separates them, which race mode reports too
(doc/SEMANTICS.md rule 21): --check compares their team sizes with
libomp's balanced split (the first 64 % T threads take one iteration
more), computed here.  With schedule(runtime) and OMP_SCHEDULE=dynamic,1
(race mode's default) every iteration is a chunk: all ten are found.
Build it with -O0: at -O1 the compiler loads every x_d once at the start
of each thread's chunk, which is a different (and real) race."""
import sys

DISTANCES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32]


def expected(threads):
    c = 64 // threads
    return sum(1 for d in DISTANCES if 10 // c != (10 + d) // c)


def owner(k, team, trip=64):
    small, extras = divmod(trip, team)
    if small == 0:
        return k
    wide = extras * (small + 1)
    return k // (small + 1) if k < wide else extras + (k - wide) // small


def apart(a, b, top=256):
    """team sizes 2..top splitting iterations a and b, as [lo, hi] ranges"""
    ranges = []
    for team in range(2, top + 1):
        if owner(a, team) != owner(b, team):
            if ranges and ranges[-1][1] == team - 1:
                ranges[-1][1] = team
            else:
                ranges.append([team, team])
    return ranges


def check(team, path):
    import json
    races = json.load(open(path))["races"]
    bad = 0
    seen = set()
    for r in races:
        var = r["variable"]
        d = int(var[1:])
        seen.add(d)
        if r["team_sizes"] is None:
            if owner(10, team) == owner(10 + d, team):
                print("FAIL %s: reported at this team size, where one thread runs both" % var)
                bad = 1
            continue
        want = apart(10, 10 + d)
        if r["team_sizes"] != want or r["iterations"] != [10, 10 + d] or r["trips"] != 64:
            print("FAIL %s: team sizes %s, iterations %s; expected %s, [10, %d]"
                  % (var, r["team_sizes"], r["iterations"], want, 10 + d))
            bad = 1
    if seen != set(DISTANCES):
        print("FAIL: races at distances %s, expected %s" % (sorted(seen), DISTANCES))
        bad = 1
    print("FAIL" if bad else "ok")


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        check(int(sys.argv[2]), sys.argv[3])
        sys.exit(0)
    if sys.argv[1] == "--expected":
        print(expected(int(sys.argv[2])))
        sys.exit(0)
    print("#include <stdio.h>")
    for d in DISTANCES:
        print("int x%d;" % d)
    print("int main(void) {\n  int s = 0;")
    print("#pragma omp parallel for schedule(%s) reduction(+:s)" % sys.argv[1])
    print("  for (int i = 0; i < 64; i++) {")
    for d in DISTANCES:
        print("    if (i == 10) x%d = i;" % d)
        print("    if (i == %d) s += x%d;" % (10 + d, d))
    print("  }\n  printf(\"%d\\n\", s);\n  return 0;\n}")
