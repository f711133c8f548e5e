#!/usr/bin/env python3
"""Check a file of ompadv time --trace-events against the documented fields
of Chrome's trace-event format (the JSON Object Format: {"traceEvents":
[...], "displayTimeUnit": ...}; complete "X" events, metadata "M" events)
and against the known structure of tests/time/trace-events.c.

  trace_events.py FILE --source PROG.c --threads N [--ranks R]
  trace_events.py FILE --format-only [--ranks R]

Format: every event has name, ph, ts, pid, tid; an X event a dur >= 0; on
one thread, two X events are disjoint or one holds the other; every
process and thread with events is named by an M event.  Program (per
process): N threads; a wait at the explicit barrier (@bar) of 20 ms at
least; 4 explicit-task events at @task of 9.5 ms at least each (10 ms
sleeps).  Exit 0, or 1 after printing what is wrong."""
import argparse
import json
import re
import sys
from collections import defaultdict

EPS = 0.0015  # microseconds: ts and dur are written to the nanosecond


def fail(msg):
    print("trace_events.py: " + msg)
    sys.exit(1)


def markers(source):
    lines = {}
    for i, text in enumerate(open(source), 1):
        for m in re.findall(r"// (@\w+)", text):
            lines[m] = i
    return lines


def check_format(doc):
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("not the JSON Object Format: no traceEvents array")
    if doc.get("displayTimeUnit") not in ("ms", "ns"):
        fail("displayTimeUnit is %r, not ms or ns" % doc.get("displayTimeUnit"))
    named_proc, named_thread = set(), set()
    threads = defaultdict(list)
    for e in doc["traceEvents"]:
        for k, t in (("name", str), ("ph", str), ("pid", int), ("tid", int)):
            if not isinstance(e.get(k), t):
                fail("event without a %s %s: %s" % (t.__name__, k, e))
        if not isinstance(e.get("ts"), (int, float)) or e["ts"] < 0:
            fail("event without a ts >= 0: %s" % e)
        if e["ph"] == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail("X event without a dur >= 0: %s" % e)
            if not isinstance(e.get("args", {}).get("location"), str):
                fail("X event without its location in args: %s" % e)
            threads[(e["pid"], e["tid"])].append(e)
        elif e["ph"] == "M":
            if e["name"] == "process_name":
                named_proc.add(e["pid"])
            elif e["name"] == "thread_name":
                named_thread.add((e["pid"], e["tid"]))
            if "args" not in e:
                fail("M event without args: %s" % e)
        else:
            fail("unexpected phase %r: %s" % (e["ph"], e))
    for key, evs in threads.items():
        if key not in named_thread:
            fail("thread %s has events but no thread_name" % (key,))
        if key[0] not in named_proc:
            fail("process %s has events but no process_name" % key[0])
        # nested or disjoint: a stack of the ends of the events holding this one
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []
        for e in evs:
            while stack and stack[-1] <= e["ts"] + EPS:
                stack.pop()
            end = e["ts"] + e["dur"]
            if stack and end > stack[-1] + EPS:
                fail("thread %s: %s overlaps the event before it without being inside it"
                     % (key, e))
            stack.append(end)
    return threads


def check_program(threads, pid, lines, nthreads):
    mine = {tid: evs for (p, tid), evs in threads.items() if p == pid}
    if len(mine) != nthreads:
        fail("process %d: %d threads with events, not %d" % (pid, len(mine), nthreads))
    evs = [e for v in mine.values() for e in v]

    def at(e, marker):
        return e["args"]["location"].endswith("trace-events.c:%d" % lines[marker])

    bar = [e for e in evs if e["args"].get("construct") == "barrier" and at(e, "@bar")]
    if not bar or max(e["dur"] for e in bar) < 20000:
        fail("process %d: no wait of 20 ms at the barrier (line %d): %s"
             % (pid, lines["@bar"], bar))
    if not all(e["cat"] == "wait" and e["name"].startswith("barrier ") for e in bar):
        fail("process %d: barrier events not named as waits: %s" % (pid, bar))
    tasks = [e for e in evs if e.get("cat") == "task" and at(e, "@task")]
    if len(tasks) != 4 or min(e["dur"] for e in tasks) < 9500:
        fail("process %d: not 4 task events of 10 ms at line %d: %s"
             % (pid, lines["@task"], tasks))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--source")
    ap.add_argument("--threads", type=int)
    ap.add_argument("--ranks", type=int, default=0)
    ap.add_argument("--format-only", action="store_true",
                    help="check the format (and --ranks), not the program's structure")
    a = ap.parse_args()
    threads = check_format(json.load(open(a.file)))
    pids = sorted({p for p, _ in threads})
    if a.ranks and pids != list(range(a.ranks)):
        fail("processes %s, not the ranks 0 to %d" % (pids, a.ranks - 1))
    if not a.ranks and len(pids) != 1:
        fail("processes %s, not one" % pids)
    if a.format_only:
        if not threads:
            fail("no X event")
        return
    lines = markers(a.source)
    for p in pids:
        check_program(threads, p, lines, a.threads)


main()
