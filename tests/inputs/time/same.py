#!/usr/bin/env python3
"""usage: same.py A.json B.json [A.csv B.csv]

Two reports of one recording (ompadv report --time --format json, and the
timelines of --timeline) must say the same: every key and count equal, every
number within 1e-9 of the larger (sums made in another order differ in the
last bits).  Prints the first differences and exits 1 when there are any."""
import csv
import json
import sys


def diff(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in one")
            else:
                diff(a[k], b[k], f"{path}.{k}", out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} items against {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out)
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and not isinstance(a, bool):
        if abs(a - b) > 1e-9 * max(abs(a), abs(b)) + 1e-15:
            out.append(f"{path}: {a!r} against {b!r}")
    elif a != b:
        out.append(f"{path}: {a!r} against {b!r}")


def rows(path):
    with open(path, newline="") as f:
        return [[float(x) if i else x for i, x in enumerate(r)] if n else r
                for n, r in enumerate(csv.reader(f))]


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    out = []
    with open(sys.argv[1]) as fa, open(sys.argv[2]) as fb:
        diff(json.load(fa), json.load(fb), "", out)
    if len(sys.argv) == 5:
        diff(rows(sys.argv[3]), rows(sys.argv[4]), "timeline", out)
    for line in out[:20]:
        print(line)
    print(f"{sys.argv[1]} against {sys.argv[2]}: {len(out)} difference(s)")
    sys.exit(1 if out else 0)


if __name__ == "__main__":
    main()
