"""Region names of what-if and diff reports from `// @marker` comments in a
test's source (shared by tests/whatif/check.py and tests/diff/check.py)."""
import os
import re
import sys


def marker_line(source, name):
    pat = re.compile(r"//.*@" + re.escape(name) + r"\b")
    with open(source) as f:
        hits = [i + 1 for i, line in enumerate(f)
                if pat.search(line) and not line.lstrip().startswith("//")]
    if len(hits) != 1:
        sys.exit("check.py: marker @%s is on %d code lines of %s, not 1" % (name, len(hits), source))
    return hits[0]


def region_name(source, span):
    """FILE:FIRST-LAST of a SPAN like "@a-@b", "start-@a", "@a-end", "3-7"."""
    if source is None:
        sys.exit("check.py: region %r needs --source" % span)
    parts = span.split("-")
    if len(parts) != 2:
        sys.exit("check.py: bad region %r (want FIRST-LAST)" % span)

    def line(p, last):
        if p.startswith("@"):
            return str(marker_line(source, p[1:]))
        if p == "start" and not last:
            return "1"
        if p == "end" and last:
            return "end"
        if p.isdigit():
            return p
        sys.exit("check.py: bad region bound %r in %r" % (p, span))
    return "%s:%s-%s" % (os.path.basename(source), line(parts[0], False), line(parts[1], True))


def base(name):
    """The region name with its file's directory dropped."""
    f, sep, lines = name.rpartition(":")
    return "%s:%s" % (os.path.basename(f), lines) if sep else name
