#!/usr/bin/env python3
"""Judge `ompadv race` (and LLVM Archer) on the labelled race suite (issue 8).

usage: check.py options PROG.c
       check.py summary --work DIR [--archer] PROG.c...

A program of tests/race/suite is labelled in its first comment lines:

  // RACE: yes|no
  // PAIR: A B          one line per expected racing pair of access sites
  // WHY: what the program tests
  // THREADS: N         optional: ompadv race --threads N (Archer: OMP_NUM_THREADS)
  // MODE: fast|precise optional: ompadv race --mode M
  // GRAIN: 1|4         optional: ompadv race --grain N
  // ARGS: ...          optional: the program's arguments
  // EXPECT-MISS: why   optional: a documented known difference of ompadv from
  //                    the label; counted apart, never as a pass
  // EXPECT-MISS-AT: N why  optional: the same, only when run with N threads
  // TEAM: N            optional: the label holds for teams of N threads or
  //                    more (the race, or its absence, needs N implicit
  //                    tasks, thread numbers or a static schedule's split:
  //                    doc/SEMANTICS.md rules 2, 4); a run with fewer threads is
  //                    SKIPped, counted nowhere

and its access sites carry markers as trailing comments, `// @A` (a line may
carry several: `// @A @B`; a marker may be on several lines).  A reported
race is a pair of source lines of the program, unordered; it matches the
expected pair A B when one line carries A and the other B.

`options` prints the program's run options as shell assignments
(threads=, mode=, grain=, args=) for scripts/race-suite.

`summary` reads what scripts/race-suite left in DIR/NAME/ for each program
(status: the build and run outcome; race.json: ompadv race --format json;
archer.txt: the stderr of the run under Archer) and prints one line per
program, PASS, FAIL or MISS-EXPECTED (XPASS when an EXPECT-MISS program
matches its label anyway) with the differences, then the precision, recall
and accuracy of ompadv (and Archer) at program and pair level, and last
"N passed, N failed".  Exit status 1 when a program failed, 0 otherwise.

Program level (programs without EXPECT-MISS):
  TP  RACE: yes, every PAIR reported and nothing else
  FN  RACE: yes, some PAIR not reported
  FP  RACE: no and something reported, or RACE: yes with every PAIR
      reported and something else too
  TN  RACE: no, nothing reported
  precision = TP/(TP+FP), recall = TP/(TP+FN), accuracy = (TP+TN)/all.
Pair level: TP = expected pairs reported, FN = expected pairs not reported,
FP = distinct reported line pairs that match no expected pair (in any
program); precision and recall as above, and since there are no true
negatives among pairs, accuracy = TP/(TP+FP+FN).  A program whose build or
run failed counts as reporting nothing when RACE: yes, and as one false
report when RACE: no.
"""
import json
import os
import re
import shlex
import sys

HEADER_RE = re.compile(r"^//\s*([A-Z][A-Z-]*):\s*(.*?)\s*$")
MARK_RE = re.compile(r"//.*?((?:@[A-Za-z0-9_]+\s*)+)\s*$")
KNOWN = {"RACE", "PAIR", "WHY", "THREADS", "MODE", "GRAIN", "ARGS", "EXPECT-MISS", "EXPECT-MISS-AT",
         "TEAM"}


class LabelError(Exception):
    pass


def parse_program(path):
    """The labels and markers of one suite program."""
    p = dict(path=path, name=os.path.splitext(os.path.basename(path))[0],
             base=os.path.basename(path), race=None, pairs=[], why="", threads=None,
             mode=None, grain=None, args="", expect_miss=None, expect_miss_at={}, team=1, marks={})
    with open(path) as f:
        lines = f.read().split("\n")
    in_header = True
    for no, text in enumerate(lines, 1):
        if in_header:
            m = HEADER_RE.match(text)
            if m and m.group(1) in KNOWN:
                key, val = m.group(1), m.group(2)
                if key == "RACE":
                    if val not in ("yes", "no"):
                        raise LabelError("%s:%d: RACE must be yes or no" % (path, no))
                    p["race"] = val == "yes"
                elif key == "PAIR":
                    ab = val.split()
                    if len(ab) != 2:
                        raise LabelError("%s:%d: PAIR needs two markers" % (path, no))
                    p["pairs"].append(tuple(ab))
                elif key == "WHY":
                    p["why"] = val
                elif key == "THREADS":
                    p["threads"] = int(val)
                elif key == "MODE":
                    if val not in ("fast", "precise"):
                        raise LabelError("%s:%d: MODE must be fast or precise" % (path, no))
                    p["mode"] = val
                elif key == "GRAIN":
                    p["grain"] = int(val)
                elif key == "ARGS":
                    p["args"] = val
                elif key == "EXPECT-MISS":
                    p["expect_miss"] = val
                elif key == "EXPECT-MISS-AT":
                    n, _, why = val.partition(" ")
                    p["expect_miss_at"][int(n)] = why
                elif key == "TEAM":
                    p["team"] = int(val)
                continue
            if text.startswith("//"):
                continue
            in_header = False
        m = MARK_RE.search(text)
        if m:
            for mark in m.group(1).split():
                p["marks"].setdefault(mark[1:], set()).add(no)
    if p["race"] is None:
        raise LabelError("%s: no RACE: label" % path)
    if not p["why"]:
        raise LabelError("%s: no WHY: label" % path)
    if p["race"] and not p["pairs"]:
        raise LabelError("%s: RACE: yes without PAIR" % path)
    if not p["race"] and p["pairs"]:
        raise LabelError("%s: RACE: no with PAIR" % path)
    for a, b in p["pairs"]:
        for x in (a, b):
            if x not in p["marks"]:
                raise LabelError("%s: PAIR %s %s: no line carries @%s" % (path, a, b, x))
    return p


def loc_line(loc, base):
    """The line of a "file.c:LINE:COL" location in the program's file, else None."""
    if not isinstance(loc, str):
        return None
    m = re.match(r"^(.*?):(\d+)(?::\d+)?$", loc)
    if not m or os.path.basename(m.group(1)) != base:
        return None
    return int(m.group(2))


def ompadv_pairs(report, base):
    """The reported races as a set of (line, line) pairs, sorted within each pair;
    a location outside the program's file keeps its text instead of a line."""
    out = set()
    for race in report.get("races", []):
        ends = []
        for side in ("first", "second"):
            loc = (race.get(side) or {}).get("location")
            line = loc_line(loc, base)
            if line is None:
                # no source line (an address: -O1 moved the access off its
                # line) or another file
                line = "?" if not isinstance(loc, str) or loc.startswith("0x") else loc
            ends.append(line)
        out.add(tuple(sorted(ends, key=str)))
    return out


ACCESS_RE = re.compile(r"^\s+(Previous )?(atomic )?(write|read)\b", re.I)
FRAME_RE = re.compile(r"^\s+#\d+ \S+ (\S+?)(?::(\d+))?(?::\d+)? ")


def archer_pairs(text, base):
    """The races of ThreadSanitizer's "WARNING: ThreadSanitizer: data race"
    blocks, as (line, line) pairs: for each of the two accesses, the first
    stack frame in the program's file."""
    out = set()
    blocks = text.split("WARNING: ThreadSanitizer: data race")[1:]
    for block in blocks:
        block = block.split("==================")[0]
        ends, cur = [], None
        for line in block.split("\n"):
            if ACCESS_RE.match(line):
                if len(ends) == 2:
                    break
                ends.append(None)
                cur = len(ends) - 1
                continue
            if cur is None:
                continue
            m = FRAME_RE.match(line + " ")
            if m and ends[cur] is None and os.path.basename(m.group(1)) == base:
                # the first frame in the program's file; no line: "?"
                ends[cur] = int(m.group(2)) if m.group(2) and m.group(2) != "0" else "?"
            elif not line.startswith("    "):
                cur = None
        ends = [e if e is not None else "?" for e in ends]
        if len(ends) == 2:
            out.add(tuple(sorted(ends, key=str)))
    return out


def judge(p, got):
    """Compare a set of reported line pairs with the program's labels:
    (found pairs, missing pairs, extra line pairs)."""
    marks = p["marks"]

    def matches(lp, pair):
        a, b = (marks[pair[0]], marks[pair[1]])
        x, y = lp
        return (x in a and y in b) or (y in a and x in b)

    found = [pr for pr in p["pairs"] if any(matches(lp, pr) for lp in got)]
    missing = [pr for pr in p["pairs"] if pr not in found]
    extra = sorted((lp for lp in got if not any(matches(lp, pr) for pr in p["pairs"])), key=str)
    return found, missing, extra


def outcome(p, missing, extra):
    if p["race"]:
        if missing:
            return "FN"
        return "FP" if extra else "TP"
    return "FP" if extra else "TN"


def describe(p, missing, extra):
    marks_of = {}
    for m, lines in p["marks"].items():
        for line in lines:
            marks_of.setdefault(line, []).append(m)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(
            "%s-%s (lines %s-%s)" % (a, b, "/".join(map(str, sorted(p["marks"][a]))),
                                     "/".join(map(str, sorted(p["marks"][b])))) for a, b in missing))
    if extra:
        def end(x):
            return "%s%s" % (x, "@" + "@".join(marks_of[x]) if x in marks_of else "")
        parts.append("extra " + ", ".join("%s-%s" % (end(x), end(y)) for x, y in extra))
    return "; ".join(parts)


class Tally:
    def __init__(self):
        self.prog = dict(TP=0, FP=0, FN=0, TN=0)
        self.pair = dict(TP=0, FP=0, FN=0)

    def add(self, p, found, missing, extra):
        self.prog[outcome(p, missing, extra)] += 1
        self.pair["TP"] += len(found)
        self.pair["FN"] += len(missing)
        self.pair["FP"] += len(extra)

    def lines(self, who):
        def ratio(a, b):
            return "%.3f" % (a / b) if b else "n/a"
        g, q = self.prog, self.pair
        n = sum(g.values())
        return [
            "%s programs: TP %d FP %d FN %d TN %d  precision %s recall %s accuracy %s"
            % (who, g["TP"], g["FP"], g["FN"], g["TN"], ratio(g["TP"], g["TP"] + g["FP"]),
               ratio(g["TP"], g["TP"] + g["FN"]), ratio(g["TP"] + g["TN"], n)),
            "%s pairs:    TP %d FP %d FN %d  precision %s recall %s accuracy %s"
            % (who, q["TP"], q["FP"], q["FN"], ratio(q["TP"], q["TP"] + q["FP"]),
               ratio(q["TP"], q["TP"] + q["FN"]), ratio(q["TP"], q["TP"] + q["FP"] + q["FN"])),
        ]


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def summary(argv):
    work, archer, progs = None, False, []
    i = 0
    while i < len(argv):
        if argv[i] == "--work":
            work = argv[i + 1]
            i += 2
        elif argv[i] == "--archer":
            archer = True
            i += 1
        else:
            progs.append(argv[i])
            i += 1
    if not work:
        print("check.py summary: --work DIR is required", file=sys.stderr)
        return 2
    tal, tal_archer = Tally(), Tally()
    tal_all, tal_archer_all = Tally(), Tally()
    passed = failed = known = 0
    width = max([len(os.path.splitext(os.path.basename(x))[0]) for x in progs] + [4])
    for path in progs:
        try:
            p = parse_program(path)
        except (LabelError, ValueError, OSError) as e:
            print("FAIL %-*s bad labels: %s" % (width, os.path.basename(path), e))
            failed += 1
            continue
        d = os.path.join(work, p["name"])
        status = (read(os.path.join(d, "status")) or "not run").strip()
        err = None
        got = None
        report = None
        if status != "ok":
            err = status
        else:
            text = read(os.path.join(d, "race.json"))
            try:
                report = json.loads(text)
                got = ompadv_pairs(report, p["base"])
                if not report.get("summary", {}).get("complete", True):
                    err = "the report is incomplete (the program died)"
            except (TypeError, ValueError, AttributeError) as e:
                err = "unreadable race.json: %s" % e
        line = ""
        if err:
            # a failed run reports nothing on a racy program and counts as
            # one false report on a race-free one
            found, missing = [], list(p["pairs"])
            extra = [] if p["race"] else [("error", "error")]
            verdict, detail = "FAIL", err
        else:
            found, missing, extra = judge(p, got)
            ok = not missing and not extra
            verdict = "PASS" if ok else "FAIL"
            detail = describe(p, missing, extra)
        threads = report.get("threads") if isinstance(report, dict) else None
        if threads is not None and threads < p["team"]:
            print("%-13s %-*s (needs a team of %d, ran with %d)"
                  % ("SKIP", width, p["name"], p["team"], threads))
            continue
        if threads in p["expect_miss_at"]:
            p["expect_miss"] = "with %d thread%s: %s" % (threads, "" if threads == 1 else "s",
                                                         p["expect_miss_at"][threads])
        if p["expect_miss"]:
            verdict = "XPASS" if verdict == "PASS" else "MISS-EXPECTED"
            detail = (detail + " " if detail else "") + "(%s)" % p["expect_miss"]
            known += 1
        elif verdict == "PASS":
            passed += 1
        else:
            failed += 1
        tal_all.add(p, found, missing, extra)
        if not p["expect_miss"]:
            tal.add(p, found, missing, extra)
        line = "%-13s %-*s %s" % (verdict, width, p["name"], detail)
        if archer:
            text = read(os.path.join(d, "archer.txt"))
            astatus = (read(os.path.join(d, "archer.status")) or "not run").strip()
            if text is None or astatus != "ok":
                line += "  | archer: %s" % astatus
            else:
                af, am, ae = judge(p, archer_pairs(text, p["base"]))
                if not p["expect_miss"]:
                    tal_archer.add(p, af, am, ae)
                tal_archer_all.add(p, af, am, ae)
                line += "  | archer: %s" % ("ok" if not am and not ae else describe(p, am, ae))
        print(line.rstrip())
    print()
    print("without the EXPECT-MISS programs:")
    for x in tal.lines("ompadv"):
        print("  " + x)
    if archer:
        for x in tal_archer.lines("archer"):
            print("  " + x)
    print("all programs (EXPECT-MISS included, judged by their labels):")
    for x in tal_all.lines("ompadv"):
        print("  " + x)
    if archer:
        for x in tal_archer_all.lines("archer"):
            print("  " + x)
    if known:
        print("%d expected misses (EXPECT-MISS), counted apart" % known)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def options(path):
    p = parse_program(path)
    print("threads=%s" % shlex.quote(str(p["threads"] or "")))
    print("mode=%s" % shlex.quote(p["mode"] or ""))
    print("grain=%s" % shlex.quote(str(p["grain"] or "")))
    print("args=%s" % shlex.quote(p["args"]))
    return 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "options":
        try:
            return options(sys.argv[2])
        except (LabelError, ValueError, OSError) as e:
            print("check.py: %s" % e, file=sys.stderr)
            return 2
    if len(sys.argv) >= 2 and sys.argv[1] == "summary":
        return summary(sys.argv[2:])
    print(__doc__.split("\n\n")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
