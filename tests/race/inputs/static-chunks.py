#!/usr/bin/env python3
"""A loop of 64 iterations with ten races between two iterations each:
iteration 10 writes x_d, iteration 10 + d reads it, for d in DISTANCES.

usage: static-chunks.py SCHEDULE   (static or runtime) -> C program on stdout

With schedule(static) and T threads each thread's share is one chunk of
64 / T iterations, which the detector sees as one serial piece of code:
the race at distance d is found only when iterations 10 and 10 + d fall
into different threads' chunks, i.e. floor(10 / c) != floor((10 + d) / c)
for c = 64 / T.  With schedule(runtime) and OMP_SCHEDULE=dynamic,1 (race
mode's default) every iteration is a chunk: all ten are found.  Build it
with -O0: at -O1 the compiler loads every x_d once at the start of each
thread's chunk, which is a different (and real) race."""
import sys

DISTANCES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32]


def expected(threads):
    c = 64 // threads
    return sum(1 for d in DISTANCES if 10 // c != (10 + d) // c)


if __name__ == "__main__":
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
