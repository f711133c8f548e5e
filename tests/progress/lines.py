#!/usr/bin/env python3
"""lines.py TYPESCRIPT WHAT... : each WHAT (a pattern, {{.*}} any text) is a
progress line of the typescript, drawn ("\\rompadv: WHAT...\\x1b[K") and then
erased ("\\r\\x1b[K"), in that order.  lines.py TYPESCRIPT --none: no
progress line at all."""
import re
import sys

ts = open(sys.argv[1], "rb").read().decode("utf-8", "replace")
drawn = re.findall(r"\rompadv: ([^\r\n]*?)\x1b\[K", ts)
if sys.argv[2:] == ["--none"]:
    if drawn or "\x1b[K" in ts:
        sys.exit("progress lines where none should be: %r" % drawn)
    sys.exit(0)
at = 0
for want in sys.argv[2:]:
    pat = ".*".join(re.escape(p) for p in want.split("{{.*}}"))
    m = re.compile(r"\rompadv: " + pat + r"[^\r\n]*?\x1b\[K").search(ts, at)
    if not m:
        sys.exit("no progress line %r after offset %d in: %r" % (want, at, drawn))
    at = m.end()
if not ts[at:].startswith("\r\x1b[K") and "\r\x1b[K" not in ts[at:]:
    sys.exit("the last progress line is not erased")
