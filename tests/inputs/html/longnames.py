#!/usr/bin/env python3
"""Print a C program with K races, each on its own variable and reached
through W wrappers; every function's name is L characters long.
usage: longnames.py K W L"""
import sys

k_n, w_n, l_n = (int(x) for x in sys.argv[1:4])
out = ["#include <stdio.h>", "int b[%d];" % k_n]
calls = []
for k in range(k_n):
    prev = "leaf%d_%s" % (k, "y" * l_n)
    out.append("__attribute__((noinline)) void %s(void) { b[%d]++; }" % (prev, k))
    for w in range(w_n):
        name = "wrap%d_%d_%s" % (k, w, "z" * l_n)
        out.append("__attribute__((noinline)) void %s(void) { %s(); }" % (name, prev))
        prev = name
    calls.append("    %s();" % prev)
out.append("int main(void)\n{\n#pragma omp parallel num_threads(2)\n  {\n%s\n  }\n"
           "  printf(\"%%d\\n\", b[0] > 0);\n  return 0;\n}" % "\n".join(calls))
print("\n".join(out))
