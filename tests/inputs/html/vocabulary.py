#!/usr/bin/env python3
"""Check that an ompadv page speaks the text reports' vocabulary (issue 32).

  vocabulary.py PAGE --text TEXT [--whatif-text TEXT] --source FILE.c
                [--min-path-items N] [--row LOC:CONSTRUCT:COLUMN=VALUE ...]
                [--reached] [--steps N] [--step-region @TAG] [--step-after P]

The directives table's headings are the text report's columns (its header
line, read from TEXT), in its order; none is the other names the page once
used (span for serial, serial work for serial%, tasking overhead for
tasking%).  --row: the figure the page shows in that row and column is VALUE
(LOC: main, or @TAG, the line of FILE.c holding "// @TAG"; a percentage
within 2.5 points, anything else within 10%).  The critical path lists at
least N directives, their share as serial%, the first 10 shown and the rest
behind a "show all".  With --whatif-text: the what-if section, its answer
first, comes before the directives, the critical path and its own list of
regions; its table's headings are whatif's text columns; --reached, --steps,
--step-region (the first step's region runs from line 1 to @TAG's line) and
--step-after (its parallelism, within 5%) check the answer.
Exit 0 ok, 1 failures."""
import argparse
import html.parser
import os
import re
import sys

SHOWN = 10
OLD_NAMES = {"span", "serial work", "tasking overhead"}
SUFFIX = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
failures = []


def fail(msg):
    failures.append(msg)
    print("vocabulary.py: FAIL: " + msg, file=sys.stderr)


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.kids = tag, dict(attrs), parent, []

    def text(self):
        return "".join(k if isinstance(k, str) else k.text() for k in self.kids)

    def all(self, tag=None, cls=None):
        for k in self.kids:
            if isinstance(k, Node):
                if (tag is None or k.tag == tag) and \
                   (cls is None or cls in k.attrs.get("class", "").split()):
                    yield k
                yield from k.all(tag, cls)

    def inside(self, tag):
        p = self.parent
        while p is not None and p.tag != tag:
            p = p.parent
        return p is not None


VOID = {"meta", "br", "wbr", "img", "input", "link", "hr"}


class Tree(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.root = self.at = Node("#root", [], None)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, attrs, self.at)
        self.at.kids.append(n)
        if tag not in VOID:
            self.at = n

    def handle_endtag(self, tag):
        p = self.at
        while p is not None and p.tag != tag:
            p = p.parent
        if p is not None:
            self.at = p.parent

    def handle_data(self, data):
        self.at.kids.append(data)


def section(root, sid):
    for s in root.all("section"):
        if s.attrs.get("id") == sid:
            return s
    fail("no section#%s" % sid)
    return None


def table_of(sec):
    """(headings, rows of cell texts) of the section's first table."""
    t = next(sec.all("table"), None) if sec else None
    if t is None:
        fail("no table in section#%s" % (sec.attrs.get("id") if sec else "?"))
        return [], []
    heads = [th.text().strip() for th in t.all("th")]
    rows = [[td.text().strip() for td in tr.all("td")] for tr in next(t.all("tbody")).all("tr")]
    return heads, rows


def number(text):
    m = re.search(r"([-+]?\d+(?:\.\d+)?)\s*([KMGTP%]?)", text)
    if not m:
        return None
    return float(m.group(1)) * SUFFIX.get(m.group(2), 1)


def tag_line(source, tag):
    with open(source) as f:
        for i, line in enumerate(f, 1):
            if re.search(r"//\s*@" + re.escape(tag) + r"\b", line):
                return i
    sys.exit("vocabulary.py: no line with // %s in %s" % (tag, source))


def text_columns(path, first):
    """The header line of a text report: the line whose first word is first,
    split at runs of two or more blanks."""
    with open(path) as f:
        for line in f:
            if line.split() and line.split()[0] == first:
                return re.split(r"\s{2,}", line.strip())
    sys.exit("vocabulary.py: no header line starting with %r in %s" % (first, path))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--text", required=True)
    ap.add_argument("--whatif-text")
    ap.add_argument("--source", required=True)
    ap.add_argument("--min-path-items", type=int, default=0)
    ap.add_argument("--row", action="append", default=[])
    ap.add_argument("--reached", action="store_true")
    ap.add_argument("--steps", type=int)
    ap.add_argument("--step-region")
    ap.add_argument("--step-after", type=float)
    o = ap.parse_args()
    src = os.path.basename(o.source)
    raw = open(o.page, encoding="utf-8").read()
    tree = Tree()
    tree.feed(raw)
    root = tree.root

    # the directives: the text's columns, in its order, and nothing else's
    want = text_columns(o.text, "location")
    sec = section(root, "directives")
    heads, rows = table_of(sec)
    if heads[:len(want)] != want:
        fail("directives headings %r, the text report's are %r" % (heads, want))
    for h in heads:
        if h in OLD_NAMES:
            fail("directives heading %r is not the text report's name" % h)
    for spec in o.row:
        m = re.fullmatch(r"(main|@[\w-]+):(\w+):([\w%]+)=([\d.]+)([KMGTP%]?)", spec)
        if not m:
            sys.exit("vocabulary.py: bad --row %r" % spec)
        loc, construct, col, value = m.group(1), m.group(2), m.group(3), float(m.group(4))
        value *= SUFFIX.get(m.group(5), 1)
        if col not in heads:
            fail("no column %r in the directives table" % col)
            continue
        c = heads.index(col)
        where = "main" if loc == "main" else "%s:%d" % (src, tag_line(o.source, loc[1:]))
        row = [r for r in rows if r and (r[0] == where or r[0].endswith("/" + where))
               and r[1] == construct]
        if len(row) != 1:
            fail("%d rows for %s %s" % (len(row), where, construct))
            continue
        got = number(row[0][c])
        ok = got is not None and (abs(got - value) <= 2.5 if col.endswith("%")
                                  else abs(got - value) <= 0.10 * value)
        if not ok:
            fail("%s %s %s: the page shows %r, expected %g" % (where, construct, col,
                                                              row[0][c], value))

    # the critical path: serial% per directive, the first SHOWN in view
    cp = section(root, "critical-path")
    if cp is not None:
        items = list(cp.all("div", "brow"))
        hidden = [b for b in items if b.inside("details")]
        if len(items) < o.min_path_items:
            fail("the critical path lists %d directives, expected at least %d"
                 % (len(items), o.min_path_items))
        if len(items) > SHOWN and len(items) - len(hidden) != SHOWN:
            fail("the critical path shows %d of its %d items before \"show all\", expected %d"
                 % (len(items) - len(hidden), len(items), SHOWN))
        summ = [s.text() for s in cp.all("summary")]
        if len(items) > SHOWN and not any(re.search(r"show all %d\b" % len(items), s)
                                          for s in summ):
            fail("no \"show all %d\" in the critical path (summaries: %r)" % (len(items), summ))
        for b in items:
            v = next(b.all("div", "bval"), None)
            if v is None or not v.text().strip().endswith("%"):
                fail("a critical path bar shows %r, not a serial%%"
                     % (v.text() if v else None))
                break

    if not o.whatif_text:
        return
    # what-if: the answer first, in whatif's own words
    pos = {k: raw.find('id="%s"' % k) for k in ("whatif", "whatif-answer", "path-regions",
                                                "directives", "critical-path")}
    for k, v in pos.items():
        if v < 0:
            fail("no id=%s on the page" % k)
    for first, later in (("whatif", "directives"), ("whatif", "critical-path"),
                         ("whatif-answer", "path-regions"), ("whatif-answer", "directives"),
                         ("whatif-answer", "critical-path")):
        if pos[first] >= 0 and pos[later] >= 0 and pos[later] < pos[first]:
            fail("#%s comes before #%s" % (later, first))
    ans = next((p for p in root.all("p") if p.attrs.get("id") == "whatif-answer"), None)
    text = ans.text() if ans else ""
    reached = "NOT reachable" not in text and "reached" in text
    if o.reached != reached:
        fail("the answer reads %r" % text)
    wsec = section(root, "whatif")
    wheads, wrows = table_of(wsec)
    wwant = text_columns(o.whatif_text, "step")
    if wheads != wwant:
        fail("what-if headings %r, whatif's text has %r" % (wheads, wwant))
    if o.steps is not None and len(wrows) != o.steps:
        fail("%d steps on the page, expected %d" % (len(wrows), o.steps))
    if wheads != wwant:
        return
    if wrows and o.step_region:
        want_r = ":1-%d" % tag_line(o.source, o.step_region[1:])
        if not wrows[0][wheads.index("region")].endswith(src + want_r):
            fail("step 1's region is %r, expected %s%s" % (wrows[0][1], src, want_r))
    if wrows and o.step_after is not None:
        got = number(wrows[0][wheads.index("parallelism")])
        if got is None or abs(got - o.step_after) > 0.05 * o.step_after:
            fail("step 1's parallelism is %r, expected %g" % (got, o.step_after))


if __name__ == "__main__":
    main()
    sys.exit(1 if failures else 0)
