#!/usr/bin/env python3
"""Check the speedup chart and table of an `ompadv scale` page: the chart is
one well-formed SVG element with a title and a description; its predicted
points come in order of team size, left to right, and its y axis is log2
(equal ratios, equal steps); the band between the bounds and the measured
markers are drawn, and named in the legend, only when the prediction has
them; the table has one row per team size, in order.  Exit 0 ok, 1 failures,
2 usage."""
import argparse
import math
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
failures = []


def fail(msg):
    failures.append(msg)
    print("scale.py: FAIL: " + msg, file=sys.stderr)


def numbers(arg):
    return [int(x) for x in arg.split(",") if x] if arg else []


def classes(e):
    return (e.get("class") or "").split()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("page")
    ap.add_argument("--points", required=True, help="the team sizes, in order: 1,2,4")
    ap.add_argument("--band", action="store_true", help="the bounds are known")
    ap.add_argument("--measured", default="", help="the team sizes measured: 1,2")
    ap.add_argument("--absent", action="append", default=[],
                    help="a string the page must not hold (raw, unescaped)")
    opts = ap.parse_args()
    points, measured = numbers(opts.points), numbers(opts.measured)
    html = open(opts.page, encoding="utf-8").read()

    found = re.findall(r'<svg class="sc".*?</svg>', html, re.S)
    if len(found) != 1:
        fail("%d scale charts on the page, not 1" % len(found))
        return 1
    try:
        svg = ET.fromstring(found[0])
    except ET.ParseError as e:
        fail("the chart is not well-formed XML: %s" % e)
        return 1
    if svg.tag != SVG + "svg":
        fail("the chart's root is %s" % svg.tag)
    title, desc = svg.find(SVG + "title"), svg.find(SVG + "desc")
    if title is None or not (title.text or "").strip():
        fail("no <title> in the chart")
    if desc is None or not (desc.text or "").strip():
        fail("no <desc> in the chart")
    elif points and "%d thread" % points[-1] not in desc.text:
        fail("the description does not name the last team size: %r" % desc.text)
    if svg.get("role") != "img" or not svg.get("aria-labelledby"):
        fail("the chart is not labelled as an image")

    legend = svg.find(SVG + "g[@class='legend']")
    if legend is None:
        fail("no legend")
        return 1
    inlegend = set(legend.iter())
    drawn = [e for e in svg.iter() if e not in inlegend]

    def of(cls, where):
        return [e for e in where if cls in classes(e)]

    # the predicted points: in order of team size, x increasing
    pts = of("pt", drawn)
    got = [int(e.get("data-threads")) for e in pts]
    if got != points:
        fail("predicted points for team sizes %s, not %s" % (got, points))
    xs = [float(e.get("cx")) for e in pts]
    if any(b <= a for a, b in zip(xs, xs[1:])):
        fail("the points' x does not increase: %s" % xs)
    for e in pts:
        if e.find(SVG + "title") is None:
            fail("point %s has no <title>" % e.get("data-threads"))
    if len(points) > 1 and not of("pred", drawn):
        fail("no line through the predicted points")
    if not of("ideal", drawn):
        fail("no ideal line")

    # log2 y axis: the tick labels 2^k, equally spaced
    ticks = [(e.text, float(e.get("y"))) for e in of("ya", drawn)]
    ks = []
    for text, y in ticks:
        v = 1 / float(text[2:]) if text.startswith("1/") else float(text)
        ks.append((math.log2(v), y))
    if len(ks) < 2:
        fail("fewer than 2 labelled speedups on the y axis")
    else:
        per = [(ya - yb) / (kb - ka) for (ka, ya), (kb, yb) in zip(ks, ks[1:])]
        if any(abs(d - per[0]) > 0.2 for d in per) or per[0] <= 0:
            fail("the y axis is not log2 with speedup upwards: %s" % ticks)

    # the band and the measured markers: there, and in the legend, only when known
    for name, want, cls in (("band", opts.band, "band"), ("measured", bool(measured), "meas")):
        if bool(of(cls, drawn)) != want:
            fail("%s drawn: %s, expected %s" % (name, bool(of(cls, drawn)), want))
        if bool(of(cls, legend.iter())) != want:
            fail("%s in the legend: %s, expected %s" % (name, bool(of(cls, legend.iter())), want))
    got = [int(e.get("data-threads")) for e in of("meas", drawn)]
    if got != measured:
        fail("measured markers for team sizes %s, not %s" % (got, measured))
    if opts.band and points:
        # the band spans every point's x
        bx = [float(v) for e in of("band", drawn)
              for v in re.findall(r"[ML]([-\d.]+),", e.get("d"))]
        if bx and (min(bx) > xs[0] or max(bx) < xs[-1]):
            fail("the band runs from x %g to %g, the points from %g to %g"
                 % (min(bx), max(bx), xs[0], xs[-1]))

    # the table: one row per team size, in order
    sec = re.search(r'<section id="scale">.*?</section>', html, re.S)
    rows = re.findall(r"<tr[^>]*><td class=\"n\"[^>]* data-v=\"(\d+)\"", sec.group(0)) if sec else []
    if [int(x) for x in rows] != points:
        fail("table rows for team sizes %s, not %s" % (rows, points))
    if bool(measured) != ("<th>measured</th>" in (sec.group(0) if sec else "")):
        fail("a measured column where nothing was measured, or none where something was")

    for s in opts.absent:
        if s in html:
            fail("the page holds %r" % s)
    print("points: %d, band: %s, measured: %d" % (len(pts), opts.band, len(measured)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
