#!/usr/bin/env python3
"""Happens-before oracle for ompadv's OSPG (issue 4).

usage: oracle.py DUMPFILE [--program PATH] [--label TEXT] [--quiet]
       oracle.py --races PROGRAM.c DUMPFILE [--label TEXT]

DUMPFILE is the output of build/tests/oracle/ospg-dump: 'R seq thread NAME
field=value ...' lines, the raw records of one run in global arrival order
(fields named as in their structs, contract.h: struct oa_raw_*), then the OSPG's answers
(OSPG_W, OSPG_PAR, OSPG_WORK, OSPG_SPAN) and the profile's flags (OSPG_FLAGS).

The oracle shares nothing with the OSPG.  It reads only the R lines of the
synchronization and fragment records (never NODE, EDGE or WAIT) and builds, from
OpenMP's semantics, an explicit DAG: one vertex per fragment (weighted by its
measured work) and weightless vertices for the points where tasks meet (a
task's start and completion, a region's fork and join, a barrier).  Two
fragments are logically parallel iff neither reaches the other; work is the
sum of the weights, span the heaviest path.  It then compares the set of
parallel pairs, the work and the span with the OSPG's (when the profile
is flagged OA_PROF_APPROX_SPAN or OA_PROF_APPROX_ORDERED, the OSPG's span
must only not exceed the oracle's) and exits 1 on any difference (or on records that break the model, 'anomalies'), 0 when all
agree, 2 on unusable input.

The rules (doc/SEMANTICS.md numbers; one handler per kind of record):
 - rule 1, program order: a task's fragments follow one another (a
   thread's share of a schedule(static) loop included: rule 4, it comes as
   no chunk), except the chunks of a dynamic loop, the sections of a
   sections construct and (in a team of two or more) a single body, which
   start from the fragment before the first chunk and are mutually
   parallel (rules 5-6); in a team of two or more they join only at the
   next barrier (or the end of the implicit task), in a team of one at the
   construct's end (WS_END: the only thread runs every chunk first);
 - rule 2: a parallel region's implicit tasks start after the encountering
   task's last fragment; its end follows every fragment of every task in
   the region (implicit tasks, the explicit tasks created in them,
   transitively);
 - rule 3: the k-th barrier of each implicit task of a region is one
   barrier: it follows everything each implicit task did before it and
   every explicit task created in that phase (transitively), and precedes
   what follows;
 - rules 9-10: a task starts after its creator's last fragment; an
   undeferred task (if(0), included in a final task, merged: from the
   TASK_CREATE facts, not from libomp's flag) completes before the
   creator's next fragment; a task's completion covers its own fragments
   and what it waited for, not the children it left;
 - rule 11, taskwait: the completion of each child created before it,
   wherever (inside a taskgroup too); in a team of two or more only those
   created in the same chunk, section or single body as the taskwait, or
   like it outside any (rules 5-6); in a team of one not those of the
   construct's other chunks (either may run first);
 - rule 12, taskgroup: the completion of every task created in it,
   descendants included;
 - rule 13, depend: among siblings (in a team of two or more, created in
   the same piece, as for taskwait; in a team of one, a chunk sees the tasks
   created before its construct and its own, and the construct's end
   merges every chunk's), per address, a history of groups: one out/inout,
   or a run of in, of inoutset or of mutexinoutset; each task follows the
   group before its own (so every earlier one): in after the last group
   that is not ins; out/inout after the ins since it (or it, with none);
   inoutset and mutexinoutset the same, unless the last group is a run of
   their own kind with no in since, which they join (following what the
   run followed); mutexinoutset tasks exclude each other, which orders
   nothing; a taskwait that leaves no child unwaited clears the creator's
   map;
 - rule 14: a taskloop's tasks are TASK_CREATE records like any other,
   with the creator they name: a helper task libomp made to split a large
   taskloop names itself (rule 14 would make them the encountering task's
   children: with nogroup a later taskwait waits for them; not modelled);
 - rule 7, ordered: the ordered regions of one loop instance (ORD records)
   form a chain in the order they began: each one's end precedes the
   next one's first fragment;
 - critical sections and locks: nothing.

--races PROGRAM.c (issue 8) instead prints, as JSON, the data races the
graph implies among the access sites of a program from gen.py --accesses K:
PROGRAM.c ends with its site map ('// oa-site ID VARIABLE read|write LINE'),
and each execution of a site left a MARK record (mark = the site id) naming the
fragment that ran it.  Two executions of sites of one variable race iff at
least one writes, they ran in different fragments, neither fragment
reaches the other in the graph (the OSPG's answers are not used; locks are
not modelled, gen.py puts no site in a critical section), and they may run
on two threads: not both in tasks bound to the program's implicit parallel
region (the initial task and the explicit tasks created outside every
parallel construct, and theirs), whose team is the initial thread alone in
every execution (OpenMP 5.2, 1.4.1: a data race is between threads).  A site that runs
several times (in a loop, a replicated region body, a repeated task) can race
with itself.  Output:
  {"label": ..., "racy": {VARIABLE: [[LINE, LINE], ...]}, "safe": [VARIABLE...],
   "witness": {VARIABLE: [[LINE, W, LINE, W], ...]}, "sites": {ID: [VARIABLE,
   KIND, LINE, EXECUTIONS]}, "anomalies": [...]}
with the site pairs as line pairs, smaller line first; witness gives, per
racy pair, one pair of fragments (W ids) that ran them.  Exit status 0, 1
when there are anomalies (records that break the model, a site that never
ran or ran outside a fragment), 2 on unusable input.
"""
import argparse
import json
import sys
from collections import deque

DEP_IN = 1
PROF_APPROX_SPAN = 64               # contract.h: OA_PROF_APPROX_SPAN
PROF_APPROX_ORDERED = 128           # contract.h: OA_PROF_APPROX_ORDERED
OMPT_TASK_TASKWAIT = 0x10
OMPT_TASK_FINAL = 0x20000000
OMPT_TASK_MERGED = 0x80000000
DEP_OUTLIKE = {2, 3, 4, 7, 34, 35}
DEP_MUTEXINOUTSET = 4
DEP_INOUTSET = 7


def run_kind(kind):
    """rule 13: the kind of run a dependence that is not in makes ("out":
    none, every later task follows it)"""
    return {DEP_MUTEXINOUTSET: "mutex", DEP_INOUTSET: "set"}.get(kind, "out")
RECORDS = {"NODE", "EDGE", "FRAG_BEGIN", "FRAG_END", "PAR_BEGIN", "PAR_END", "IMPL_BEGIN",
           "IMPL_END", "BAR_BEGIN", "BAR_END", "TASK_CREATE", "TASK_BEGIN", "TASK_END",
           "TW_BEGIN", "TW_END", "TG_BEGIN", "TG_END", "DEP", "CHUNK_BEGIN", "CHUNK_END", "MARK",
           "WAIT", "WS_BEGIN", "WS_END", "ORD", "OSTAMP", "OREGION"}


class InputError(Exception):
    pass


class Task:
    def __init__(self, tid, kind):
        self.id = tid
        self.kind = kind            # 'root', 'implicit', 'explicit'
        self.parent = None          # creating task (explicit tasks)
        self.region = 0             # region whose end waits for this task
        self.phase = None           # (region, k): the barrier that waits for it
        self.po = set()             # vertices the task's next fragment follows
        self.open = None            # fragment open now (W id)
        self.start = None           # vertex: start (explicit tasks)
        self.done = None            # vertex: completion
        self.unwaited = []          # children not yet taskwaited
        self.tw_pending = None
        # (scope, address) -> [[the last group that is not ins], [ins since],
        #                      its run kind, [what its first task followed]]
        self.depmap = {}
        self.overlays = {}          # team-of-one piece -> {address: [same]}
        self.groups = ()            # taskgroups the task belongs to (inherited)
        self.tg_stack = []          # taskgroups this task opened, innermost last
        self.final = False          # created final: its children are included
        self.nbar = 0               # barriers passed (implicit tasks)
        self.in_bar = None
        self.chunk_base = None      # po before the chunks of a loop / sections
        self.chunk_tails = []       # po at the end of each chunk since the last join
        self.any_chunk = None       # the anythread chunk open now (rules 5-6), or None
        self.created_in = {}        # child -> the anythread chunk it was created in, or None
        self.construct = None       # team of one: the loop / sections construct open now
        self.nchunks = 0            # ... and the chunks it began so far
        self.one_piece = None       # ... the chunk or section open now: (construct, index)
        self.one_in = {}            # child -> the team-of-one piece it was created in, or None
        self.ended = False
        self.nfrags = 0
        self.ord_begun = None       # (loop, k): ordered region k began, its first fragment not yet
        self.ord_open = None        # (loop, k): the ordered region open now


class Oracle:
    def __init__(self):
        self.names = []             # vertex -> description
        self.weight = []            # vertex -> work (0 for virtual vertices)
        self.succ = []
        self.reason = {}            # (u, v) -> why the edge exists (first reason)
        self.frag_vertex = {}       # W id -> vertex
        self.frag_task = {}
        self.frag_thread = {}
        self.frag_order = []        # W ids in order of FRAG_BEGIN
        self.frag_work = {}
        self.marks = []             # (mark, W id, task, thread) in record order
        self.tasks = {}
        self.regions = {}           # region -> {'fork', 'join', 'enc', 'bars': {k: v}}
        self.anomalies = []
        self.cur = None             # record being processed, for messages
        self.ngroups = 0
        self.nconstructs = 0
        self.region0_noop = False   # --region0-barrier-noop
        self.teams = {}             # region -> its team size (implicit tasks begun)
        self.span_only = set()      # edges (u, v) that order for the span only (rule 5)
        self.chains = {}            # loop instance -> its ordered regions, in the order
                                    # they began: [first fragment vertex, end vertex]

    # -- graph ------------------------------------------------------------------
    def vertex(self, name, weight=0):
        self.names.append(name)
        self.weight.append(weight)
        self.succ.append(set())
        return len(self.names) - 1

    def edge(self, u, v, why):
        if u == v:
            return
        if v not in self.succ[u]:
            self.succ[u].add(v)
            self.reason[(u, v)] = why

    def edges(self, us, v, why):
        for u in us:
            self.edge(u, v, why)

    def anomaly(self, msg):
        seq = self.cur[0] if self.cur else "?"
        self.anomalies.append("record %s: %s" % (seq, msg))

    # -- entities ---------------------------------------------------------------
    def task(self, tid, kind="root"):
        t = self.tasks.get(tid)
        if t is None:
            t = Task(tid, kind)
            t.done = self.vertex("DONE(T%d)" % tid)
            self.tasks[tid] = t
        return t

    def region(self, r):
        g = self.regions.get(r)
        if g is None:
            g = {"fork": self.vertex("FORK(R%d)" % r), "join": self.vertex("JOIN(R%d)" % r),
                 "enc": None, "bars": {}, "ntasks": 0, "ended": False}
            self.edge(g["fork"], g["join"], "region R%d: its end follows its start" % r)
            self.regions[r] = g
        return g

    def barrier(self, r, k):
        g = self.region(r)
        v = g["bars"].get(k)
        if v is None:
            v = g["bars"][k] = self.vertex("BARRIER(R%d#%d)" % (r, k))
        return v

    def incoming(self, t, verts, why):
        """Vertices that t's next fragment must follow."""
        if t.open is not None:
            self.anomaly("%s reaches task %d while its fragment W%d is open (the fragment would have "
                         "to be split)" % (why, t.id, t.open))
        t.po |= set(verts)

    def phase_of(self, t):
        if t.kind == "implicit" or (t.kind == "root" and not self.region0_noop):
            return (t.region, t.nbar + 1)
        return t.phase

    def team_barrier(self, r, t):
        """Is this BAR record a barrier of t's team?  The initial task (r 0)
        is the implicit task of the implicit parallel region, a team of one:
        a barrier there still waits for the tasks it created (OpenMP: the
        barrier binds to the innermost enclosing parallel region, here the
        implicit one, and completes the explicit tasks bound to it)."""
        if r == 0 and (self.region0_noop or t.kind != "root"):
            return False
        if t.kind not in ("implicit", "root") or t.region != r:
            self.anomaly("barrier of region R%d in task %d, not one of its implicit tasks" % (r, t.id))
            return False
        return True

    # -- records ----------------------------------------------------------------
    def feed(self, rec):
        self.cur = rec
        seq, thread, name, fields = rec
        try:
            getattr(self, "on_" + name)(thread, fields)
        except KeyError as e:
            raise InputError("record %d: %s has no field %s" % (seq, name, e))

    def on_NODE(self, *_):
        pass

    def on_EDGE(self, *_):
        pass

    def on_WAIT(self, *_):
        pass

    def team_of_one(self, t):
        return t.kind == "root" or (t.kind == "implicit" and self.teams.get(t.region, 1) == 1)

    def on_WS_BEGIN(self, thread, f):
        tid = f["task"]
        # rule 5 in a team of one: the only thread runs every chunk or
        # section of the construct, in an order the program cannot rely on,
        # before it goes past the construct (no chunk is left for another
        # thread): the chunks are parallel with each other, and what the
        # task does after the construct follows them all
        t = self.task(tid)
        if self.team_of_one(t):
            if t.construct is not None:
                self.anomaly("worksharing construct begins in task %d inside another" % tid)
            self.nconstructs += 1
            t.construct = self.nconstructs
            t.nchunks = 0

    def on_WS_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.construct is None:
            return
        if t.chunk_base is not None:
            self.anomaly("worksharing construct ends in task %d inside a chunk" % tid)
        t.po = self.flush_chunks(t)
        # rule 13: the chunks' dependences, now all behind the task: the
        # outs of every piece that wrote (they followed the older ones), or
        # the older outs; the ins of every piece (and the older ins, unless
        # some piece wrote)
        pieces = [k for k in t.overlays if k[0] == t.construct]
        for addr in {a for k in pieces for a in t.overlays[k]}:
            got = [t.overlays[k][addr] for k in pieces if addr in t.overlays[k]]
            base = t.depmap.setdefault((None, addr), [[], [], "out", []])
            outs = [x for g in got for x in g[0]]
            ins = [x for g in got for x in g[1]]
            # runs of one kind that every piece that wrote ended with: a
            # later task of that kind joins them all
            kinds = {g[2] for g in got if g[0]}
            kind = kinds.pop() if len(kinds) == 1 else "out"
            before = [x for g in got if g[0] for x in g[3]]
            base[:] = [outs, ins, kind, before] if outs else [base[0], base[1] + ins, base[2], base[3]]
        for k in pieces:
            del t.overlays[k]
        t.construct = None

    def on_FRAG_BEGIN(self, thread, f):
        w, tid = f["node"], f["task"]
        t = self.task(tid)
        if w in self.frag_vertex:
            self.anomaly("fragment W%d begins twice" % w)
            return
        if t.open is not None:
            self.anomaly("fragment W%d begins in task %d while W%d is open" % (w, tid, t.open))
        if t.ended:
            self.anomaly("fragment W%d begins in task %d after the task ended" % (w, tid))
        v = self.vertex("W%d" % w)
        self.frag_vertex[w] = v
        self.frag_task[w] = tid
        self.frag_thread[w] = thread
        self.frag_order.append(w)
        self.edges(t.po, v, "program order of task %d" % tid)
        t.po = {v}
        t.open = w
        t.nfrags += 1
        if t.ord_begun is not None:
            self.ordered_first(t.ord_begun, v)
            t.ord_begun = None

    def on_FRAG_END(self, thread, f):
        w, work, tid = f["node"], f["work"], f["task"]
        t = self.task(tid)
        if t.open != w:
            self.anomaly("fragment W%d ends in task %d whose open fragment is %s" % (w, tid, t.open))
        if w not in self.frag_vertex:
            self.anomaly("fragment W%d ends without beginning" % w)
            return
        if w in self.frag_work:
            self.anomaly("fragment W%d ends twice" % w)
        self.frag_work[w] = work
        v = self.frag_vertex[w]
        self.weight[v] = work
        self.names[v] = "W%d(task %d, work %d)" % (w, tid, work)
        if t.open == w:
            t.open = None

    def on_PAR_BEGIN(self, thread, f):
        r, etid = f["region"], f["task"]
        e = self.task(etid)
        g = self.region(r)
        if g["enc"] is not None:
            self.anomaly("region R%d begins twice" % r)
        g["enc"] = etid
        if e.open is not None:
            self.anomaly("region R%d begins while fragment W%d of its encountering task %d is open"
                         % (r, e.open, etid))
        self.edges(e.po, g["fork"], "task %d encounters region R%d" % (etid, r))

    def on_PAR_END(self, thread, f):
        r, etid = f["region"], f["task"]
        e = self.task(etid)
        g = self.region(r)
        if g["enc"] != etid:
            self.anomaly("region R%d ends in task %d, began in %s" % (r, etid, g["enc"]))
        g["ended"] = True
        self.incoming(e, [g["join"]], "the end of region R%d" % r)

    def on_IMPL_BEGIN(self, thread, f):
        r, tid = f["region"], f["task"]
        if r == 0:                  # the initial task
            self.task(tid)
            return
        if tid in self.tasks and self.tasks[tid].kind != "root":
            self.anomaly("implicit task %d begins twice" % tid)
        t = self.task(tid, "implicit")
        t.kind = "implicit"
        t.region = r
        g = self.region(r)
        g["ntasks"] += 1
        t.po = {g["fork"]}

    def flush_chunks(self, t):
        verts = set(t.po)
        for tail in t.chunk_tails:
            verts |= tail
        t.chunk_tails = []
        return verts

    def on_IMPL_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.kind != "implicit":
            return                  # the initial task
        if t.open is not None:
            self.anomaly("implicit task %d ends with fragment W%d open" % (tid, t.open))
        if t.chunk_base is not None:
            self.anomaly("implicit task %d ends inside a chunk" % tid)
        g = self.region(t.region)
        self.edges(self.flush_chunks(t), g["join"], "implicit task %d of R%d ends" % (tid, t.region))
        self.edge(t.done, g["join"], "implicit task %d of R%d ends" % (tid, t.region))
        t.ended = True

    def on_BAR_BEGIN(self, thread, f):
        r, tid = f["region"], f["task"]
        t = self.task(tid)
        if not self.team_barrier(r, t):
            return
        if t.in_bar is not None:
            self.anomaly("barrier begins in task %d inside barrier #%d" % (tid, t.in_bar))
            return
        if t.open is not None:
            self.anomaly("barrier begins in task %d while fragment W%d is open" % (tid, t.open))
        if t.chunk_base is not None:
            self.anomaly("barrier begins in task %d inside a chunk" % tid)
        k = t.nbar + 1
        t.in_bar = k
        self.edges(self.flush_chunks(t), self.barrier(r, k),
                   "task %d reaches barrier #%d of R%d" % (tid, k, r))

    def on_BAR_END(self, thread, f):
        r, tid = f["region"], f["task"]
        t = self.task(tid)
        if not self.team_barrier(r, t):
            return
        if t.in_bar is None:
            self.anomaly("barrier end of region R%d in task %d without its beginning" % (r, tid))
            return
        k = t.in_bar
        t.in_bar = None
        t.nbar = k
        if t.open is not None:
            self.anomaly("barrier ends in task %d while fragment W%d is open" % (tid, t.open))
        t.po = {self.barrier(r, k)}

    def on_TASK_CREATE(self, thread, f):
        ptid, tid, flags = f["parent"], f["task"], f["task_flags"]
        p = self.task(ptid)
        # doc/SEMANTICS.md rules 9-10: undeferred only by if(0), by being included
        # (created in a final task: libomp flags its children final too) or
        # merged; libomp's "undeferred" flag alone (every task of a team of
        # one) is a deferred task all the same
        # rule 11: `taskwait depend` (and the wait of an if(0) task's
        # dependences), which libomp reports as a task flagged taskwait, is
        # an undeferred task with those dependences and no body
        undeferred = bool(f["if0"]) or bool(flags & (OMPT_TASK_MERGED | OMPT_TASK_TASKWAIT)) \
            or (p.kind == "explicit" and p.final)
        if bool(f["undeferred"]) != undeferred:
            self.anomaly("task %d: the tool modelled it %s, the rules say %s"
                         % (tid, "undeferred" if f["undeferred"] else "deferred",
                            "undeferred" if undeferred else "deferred"))
        if tid in self.tasks:
            self.anomaly("task %d created twice (or used before its creation)" % tid)
        t = self.task(tid, "explicit")
        t.kind = "explicit"
        t.final = bool(flags & OMPT_TASK_FINAL)
        t.parent = ptid
        t.start = self.vertex("START(T%d)" % tid)
        t.po = {t.start}
        if p.open is not None:
            self.anomaly("task %d created while fragment W%d of its creator %d is open" % (tid, p.open, ptid))
        self.edges(p.po, t.start, "task %d creates task %d" % (ptid, tid))
        t.region = p.region
        if t.region:
            self.edge(t.done, self.region(t.region)["join"],
                      "task %d completes before the end of region R%d" % (tid, t.region))
        t.phase = self.phase_of(p)
        if t.phase is not None:
            self.edge(t.done, self.barrier(*t.phase),
                      "task %d completes before barrier #%d of R%d" % (tid, t.phase[1], t.phase[0]))
        t.groups = p.groups + tuple(p.tg_stack)
        for g in t.groups:
            self.edge(t.done, g["end"], "task %d is in taskgroup %s" % (tid, g["name"]))
        p.unwaited.append(tid)
        p.created_in[tid] = p.any_chunk
        p.one_in[tid] = p.one_piece
        if undeferred:
            # runs to completion before its creator goes on
            p.po = p.po | {t.done}

    def on_TASK_BEGIN(self, thread, f):
        tid = f["task"]
        t = self.tasks.get(tid)
        if t is None or t.kind != "explicit":
            self.anomaly("task %d begins without being created" % tid)
            self.task(tid)

    def on_TASK_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.open is not None:
            self.anomaly("task %d ends with fragment W%d open" % (tid, t.open))
        if t.tg_stack:
            self.anomaly("task %d ends inside a taskgroup" % tid)
        self.edges(t.po, t.done, "task %d completes" % tid)
        t.ended = True

    def on_TW_BEGIN(self, thread, f):
        tid = f["task"]
        # rule 11, with rules 5-6: which implicit task runs a chunk, section
        # or single body of a team of two or more depends on the schedule,
        # so a taskwait inside one waits for certain only for the children
        # created in that same piece, and a taskwait outside them only for
        # the children created outside them: in another schedule the rest
        # are another implicit task's children
        # In a team of one, a taskwait in a chunk or section waits for the
        # children created before the construct and in that piece, not for
        # those of the construct's other pieces (either may run first)
        t = self.task(tid)

        def waited(c):
            o = t.one_in[c]
            return t.created_in[c] == t.any_chunk and not (
                o and t.one_piece and o[0] == t.one_piece[0] and o != t.one_piece)
        t.tw_pending = [c for c in t.unwaited if waited(c)]
        # (the construct's other pieces may run before this one: their
        # taskwaits wait for the older children again)
        t.unwaited = [c for c in t.unwaited
                      if not waited(c) or (t.one_piece and t.one_in[c] != t.one_piece)]
        if not t.unwaited:
            t.depmap = {}           # (an optimization: every entry is waited for)
            t.overlays = {}

    def on_TW_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.tw_pending is None:
            self.anomaly("taskwait ends in task %d without beginning" % tid)
            return
        self.incoming(t, [self.tasks[c].done for c in t.tw_pending], "a taskwait")
        t.tw_pending = None

    def on_TG_BEGIN(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        self.ngroups += 1
        name = "TG%d" % self.ngroups
        g = {"name": name, "end": self.vertex("TASKGROUP_END(%s of task %d)" % (name, tid))}
        t.tg_stack.append(g)

    def on_TG_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if not t.tg_stack:
            self.anomaly("taskgroup ends in task %d without beginning" % tid)
            return
        g = t.tg_stack.pop()
        self.incoming(t, [g["end"]], "the end of taskgroup %s" % g["name"])

    def on_DEP(self, thread, f):
        tid, addr, kind = f["task"], f["address"], f["dep_type"]
        t = self.tasks.get(tid)
        if t is None or t.kind != "explicit":
            self.anomaly("dependence of task %d, which was not created" % tid)
            return
        p = self.tasks[t.parent]
        # rule 13, with rules 5-6: tasks created in different chunks,
        # sections or single bodies of a team of two or more (or one inside
        # such a piece, one outside) are siblings only in the schedules where
        # one thread ran both: their dependences order nothing for certain.
        # In a team of one they are siblings, but two pieces of one
        # construct run in either order: a piece sees the tasks created
        # before the construct and its own, and the construct's end merges
        # them all (several last outs: one per piece that wrote).
        one = p.one_in[tid]
        base = p.depmap.get((p.created_in[tid], addr))
        empty = ([], [], "out", [])
        if one is None:
            outs, ins, rkind, before = base if base else empty
            entry = p.depmap.setdefault((p.created_in[tid], addr), [[], [], "out", []])
        else:
            ov = p.overlays.setdefault(one, {}).get(addr)
            if ov is not None and ov[0]:
                outs, ins, rkind, before = ov
            else:
                outs, _, rkind, before = base if base else empty
                ins = (base[1] if base else []) + (ov[1] if ov else [])
            entry = p.overlays[one].setdefault(addr, [[], [], "out", []])
        if kind in DEP_OUTLIKE and run_kind(kind) != "out" and outs and not ins \
                and rkind == run_kind(kind):
            # rule 13: it joins the run of its kind, after what the run followed
            for b in before:
                if b != tid:
                    self.edge(self.tasks[b].done, t.start,
                              "task %d: %s(%#x) joins a run that followed task %d"
                              % (tid, rkind, addr, b))
            entry[:] = [list(outs) + [tid], [], rkind, list(before)]
            return
        if kind == DEP_IN:
            for last in outs:
                if last != tid:
                    self.edge(self.tasks[last].done, t.start,
                              "task %d: in(%#x) after out of task %d" % (tid, addr, last))
            entry[1].append(tid)
        elif kind in DEP_OUTLIKE:
            for last in outs:
                if last != tid:
                    self.edge(self.tasks[last].done, t.start,
                              "task %d: out(%#x) after out of task %d" % (tid, addr, last))
            for i in ins:
                if i == tid:            # depend(in: x) depend(out: x) on one task
                    continue
                self.edge(self.tasks[i].done, t.start,
                          "task %d: out(%#x) after in of task %d" % (tid, addr, i))
            entry[:] = [[tid], [], run_kind(kind), [x for x in outs + ins if x != tid]]
        else:
            self.anomaly("dependence type %d not modelled" % kind)

    def on_MARK(self, thread, f):
        w, tid, mark = f["node"], f["task"], f["mark"]
        t = self.task(tid)
        if w == 0 or w not in self.frag_vertex:
            self.anomaly("mark %d in task %d outside any fragment (W%d)" % (mark, tid, w))
            return
        if t.open != w:
            self.anomaly("mark %d names fragment W%d of task %d, whose open fragment is %s"
                         % (mark, w, tid, t.open))
        if self.frag_task[w] != tid:
            self.anomaly("mark %d in task %d names fragment W%d of task %d"
                         % (mark, tid, w, self.frag_task[w]))
        self.marks.append((mark, w, tid, thread))

    # rule 7: the ordered regions of a loop run in iteration order, the
    # order in which they begin (the runtime lets the next one in only after
    # the previous one ended): each one's end precedes the next one's start.
    # A region's end may be recorded after the next one's start (libomp
    # reports the release after letting the next one in), hence both ways.
    def on_ORD(self, thread, f):
        tid, chain, end = f["task"], f["chain"], f["end"]
        t = self.task(tid)
        regions = self.chains.setdefault(chain, [])
        if not end:
            regions.append([None, None])
            t.ord_begun = (chain, len(regions) - 1)
            t.ord_open = (chain, len(regions) - 1)
            return
        if t.ord_open is None or t.ord_open[0] != chain:
            self.anomaly("task %d ends an ordered region of loop %d it did not begin" % (tid, chain))
            return
        k = t.ord_open[1]
        t.ord_open = None
        u = self.vertex("end of ordered region %d of loop %d" % (k, chain))
        self.edges(t.po, u, "program order of task %d" % tid)
        regions[k][1] = u
        if k + 1 < len(regions) and regions[k + 1][0] is not None:
            self.edge(u, regions[k + 1][0], "ordered regions run in iteration order (rule 7)")

    def ordered_first(self, where, v):
        chain, k = where
        regions = self.chains[chain]
        regions[k][0] = v
        if k > 0 and regions[k - 1][1] is not None:
            self.edge(regions[k - 1][1], v, "ordered regions run in iteration order (rule 7)")

    def on_OSTAMP(self, *_):
        pass                        # the model's own stamps (for ospg-dump)

    def on_OREGION(self, *_):
        pass

    def on_CHUNK_BEGIN(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.kind not in ("implicit", "root"):
            self.anomaly("chunk in task %d, not an implicit task" % tid)
        if t.chunk_base is not None:
            self.anomaly("chunk begins in task %d inside a chunk" % tid)
            return
        if t.open is not None:
            self.anomaly("chunk begins in task %d while fragment W%d is open" % (tid, t.open))
        t.chunk_base = set(t.po)
        if t.kind == "implicit" and self.teams.get(t.region, 1) >= 2:
            # rules 5-6: a chunk, section or single body of a team of two or
            # more may run on any thread once some thread reached the
            # construct: it is logically parallel with what the executing
            # thread did before it in the phase, and follows only the phase's
            # start.  For the span (rule 5: it cannot start before the
            # earliest arrival) the executing thread's arrival stands in.
            c = self.vertex("ANYTHREAD(T%d)" % tid)
            for u in t.po:
                self.edge(u, c, "task %d reaches the construct (for the span only)" % tid)
                self.span_only.add((u, c))
            r, k = t.region, t.nbar
            start = self.region(r)["fork"] if k == 0 else self.barrier(r, k)
            self.edge(start, c, "a chunk of R%d may start at its phase's start (rule 5)" % r)
            t.po = {c}
            t.any_chunk = c
        else:
            t.po = set(t.po)
            if t.construct is None:
                self.anomaly("chunk in task %d (a team of one) outside a loop or sections" % tid)
            else:
                t.nchunks += 1
                t.one_piece = (t.construct, t.nchunks)

    def on_CHUNK_END(self, thread, f):
        tid = f["task"]
        t = self.task(tid)
        if t.chunk_base is None:
            self.anomaly("chunk ends in task %d without beginning" % tid)
            return
        if t.open is not None:
            self.anomaly("chunk ends in task %d while fragment W%d is open" % (tid, t.open))
        t.chunk_tails.append(t.po)
        t.po = t.chunk_base
        t.chunk_base = None
        t.any_chunk = None
        t.one_piece = None

    def finish(self):
        self.cur = None
        for t in self.tasks.values():
            if t.open is not None:
                self.anomaly("fragment W%d of task %d never ends" % (t.open, t.id))
            if t.kind == "explicit" and not t.ended:
                self.anomaly("task %d never ends" % t.id)
        for r, g in self.regions.items():
            if r and not g["ended"]:
                self.anomaly("region R%d never ends" % r)


def parse(path):
    recs, ospg = [], {"W": {}, "PAR": [], "WORK": None, "SPAN": None}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            p = line.split()
            if not p or p[0].startswith("#"):
                continue
            try:
                if p[0] == "R":
                    if p[3] not in RECORDS:
                        raise ValueError
                    fields = dict(x.split("=", 1) for x in p[4:])
                    if len(fields) != len(p) - 4:
                        raise ValueError
                    recs.append((int(p[1]), int(p[2]), p[3], {k: int(v) for k, v in fields.items()}))
                elif p[0] == "OSPG_W":
                    ospg["W"][int(p[1])] = int(p[2])
                elif p[0] == "OSPG_PAR":
                    ospg["PAR"].append((int(p[1]), int(p[2])))
                elif p[0] == "OSPG_WORK":
                    ospg["WORK"] = int(p[1])
                elif p[0] == "OSPG_SPAN":
                    ospg["SPAN"] = int(p[1])
                elif p[0] == "OSPG_FLAGS":
                    ospg["FLAGS"] = int(p[1])
                else:
                    raise ValueError
            except (ValueError, IndexError):
                raise InputError("%s:%d: cannot read %r" % (path, n, line.rstrip()))
    # seq order: strictly increasing on each thread; records of two threads
    # may share a seq (the tool's clock order: neither followed the other)
    seqs = [r[0] for r in recs]
    last = {}
    for seq, thread, _, _ in recs:
        if last.get(thread, -1) >= seq:
            seqs = None
            break
        last[thread] = seq
    if seqs is None or seqs != sorted(seqs):
        raise InputError("%s: the R records are not in seq order (strictly increasing on "
                         "each thread)" % path)
    return recs, ospg


def topo_order(o):
    n = len(o.names)
    indeg = [0] * n
    for u in range(n):
        for v in o.succ[u]:
            indeg[v] += 1
    q = deque(u for u in range(n) if indeg[u] == 0)
    order = []
    while q:
        u = q.popleft()
        order.append(u)
        for v in o.succ[u]:
            indeg[v] -= 1
            if indeg[v] == 0:
                q.append(v)
    if len(order) != n:
        stuck = [o.names[u] for u in range(n) if indeg[u] > 0][:8]
        raise InputError("the happens-before graph has a cycle through %s" % ", ".join(stuck))
    return order


def path(o, src, dst):
    """A path src -> dst as text (BFS), or None."""
    prev = {src: None}
    q = deque([src])
    while q:
        u = q.popleft()
        if u == dst:
            break
        for v in o.succ[u]:
            if v not in prev and (u, v) not in o.span_only:
                prev[v] = u
                q.append(v)
    if dst not in prev:
        return None
    chain = [dst]
    while prev[chain[-1]] is not None:
        chain.append(prev[chain[-1]])
    chain.reverse()
    out = [o.names[chain[0]]]
    for u, v in zip(chain, chain[1:]):
        out.append("  -[%s]-> %s" % (o.reason[(u, v)], o.names[v]))
    return "\n".join(out)


def analyse(o):
    """Parallel pairs from the precedence relation (without the edges that
    order for the span only), work, and the span (all edges)."""
    order = topo_order(o)
    frags = o.frag_order
    bit = {}
    for i, w in enumerate(frags):
        bit[o.frag_vertex[w]] = 1 << i
    n = len(o.names)
    desc = [0] * n
    for u in reversed(order):
        m = 0
        for v in o.succ[u]:
            if (u, v) not in o.span_only:
                m |= desc[v] | bit.get(v, 0)
        desc[u] = m
    preds = [[] for _ in range(n)]
    for u in range(n):
        for v in o.succ[u]:
            preds[v].append(u)
    anc = [0] * n
    dist = [0] * n
    for v in order:
        m = 0
        best = 0
        for u in preds[v]:
            if (u, v) not in o.span_only:
                m |= anc[u] | bit.get(u, 0)
            if dist[u] > best:
                best = dist[u]
        anc[v] = m
        dist[v] = best + o.weight[v]
    allbits = (1 << len(frags)) - 1
    par = {}
    for i, w in enumerate(frags):
        v = o.frag_vertex[w]
        par[w] = allbits & ~desc[v] & ~anc[v] & ~(1 << i)
    work = sum(o.frag_work.get(w, 0) for w in frags)
    span = max(dist) if dist else 0
    return par, work, span


def read_sites(program):
    """The site map at the end of a gen.py --accesses program:
    id -> (variable, kind, line)."""
    sites = {}
    try:
        with open(program) as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise InputError("%s: %s" % (program, e))
    for line in lines:
        p = line.split()
        if len(p) == 6 and p[:2] == ["//", "oa-site"]:
            sid, var, kind, n = int(p[2]), p[3], p[4], int(p[5])
            if kind not in ("read", "write") or not 1 <= n <= len(lines) \
                    or "OA_MARK(%d);" % sid not in lines[n - 1]:
                raise InputError("%s: bad site map line %r" % (program, line))
            sites[sid] = (var, kind, n)
    if not sites:
        raise InputError("%s: no site map (// oa-site lines; gen.py --accesses)" % program)
    return sites


def races(o, par, sites, label):
    """The racy variables and site pairs the graph implies (--races)."""
    index = {w: i for i, w in enumerate(o.frag_order)}
    anomalies = list(o.anomalies)
    runs = {}                       # site -> set of fragments that ran it
    initial_team = set()            # fragments of tasks bound to the implicit region
    for mark, w, tid, thread in o.marks:
        if mark not in sites:
            anomalies.append("mark %d is not a site of the program" % mark)
            continue
        runs.setdefault(mark, set()).add(w)
        t = o.tasks.get(tid)
        if t is not None and t.region == 0:
            initial_team.add(w)
    for sid in sorted(sites):
        if sid not in runs:
            anomalies.append("site %d (line %d) never ran" % (sid, sites[sid][2]))
    byvar = {}
    for sid, (var, kind, line) in sites.items():
        byvar.setdefault(var, []).extend((sid, w) for w in sorted(runs.get(sid, ())))
    racy, witness = {}, {}
    for var, inst in sorted(byvar.items()):
        pairs = {}
        for i, (s1, w1) in enumerate(inst):
            for s2, w2 in inst[i:]:
                if w1 == w2 or (sites[s1][1] == "read" and sites[s2][1] == "read"):
                    continue
                if not par[w1] >> index[w2] & 1:
                    continue
                if w1 in initial_team and w2 in initial_team:
                    continue
                l1, l2 = sites[s1][2], sites[s2][2]
                key = (min(l1, l2), max(l1, l2))
                if key not in pairs:
                    pairs[key] = [l1, w1, l2, w2] if l1 <= l2 else [l2, w2, l1, w1]
        if pairs:
            racy[var] = [list(k) for k in sorted(pairs)]
            witness[var] = [pairs[k] for k in sorted(pairs)]
    out = {"label": label, "racy": racy, "safe": sorted(v for v in byvar if v not in racy),
           "witness": witness,
           "sites": {str(sid): [var, kind, line, sum(1 for m in o.marks if m[0] == sid)]
                     for sid, (var, kind, line) in sorted(sites.items())},
           "anomalies": anomalies}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump")
    ap.add_argument("--program", help="the program the dump comes from, printed on a mismatch")
    ap.add_argument("--label", help="a name for the run (a seed), printed on a mismatch")
    ap.add_argument("--quiet", action="store_true", help="print nothing when all agree")
    ap.add_argument("--max-pairs", type=int, default=1, help="differing pairs to explain (default 1)")
    ap.add_argument("--region0-barrier-noop", action="store_true",
                    help="a barrier outside any parallel region orders nothing (by default it is the "
                         "initial task's team-of-one barrier: it waits for the tasks created before it)")
    ap.add_argument("--races", metavar="PROGRAM", help="print the races the graph implies among the access "
                    "sites of PROGRAM (gen.py --accesses), as JSON, instead of comparing with the OSPG")
    args = ap.parse_args(argv)
    who = "oracle" + (" [%s]" % args.label if args.label else "")

    try:
        recs, ospg = parse(args.dump)
        o = Oracle()
        o.region0_noop = args.region0_barrier_noop
        for r in recs:
            if r[2] == "IMPL_BEGIN" and r[3]["region"]:
                o.teams[r[3]["region"]] = o.teams.get(r[3]["region"], 0) + 1
        for r in recs:
            o.feed(r)
        o.finish()
        par, work, span = analyse(o)
        sites = read_sites(args.races) if args.races else None
    except InputError as e:
        print("%s: %s" % (who, e), file=sys.stderr)
        return 2

    if args.races:
        out = races(o, par, sites, args.label)
        print("{\n" + ",\n".join(" %s: %s" % (json.dumps(k), json.dumps(out[k], sort_keys=True))
                                 for k in sorted(out)) + "\n}")
        return 1 if out["anomalies"] else 0

    frags = o.frag_order
    problems = []
    for a in o.anomalies:
        problems.append("anomaly: " + a)
    if ospg["WORK"] is None or ospg["SPAN"] is None:
        print("%s: %s has no OSPG_WORK / OSPG_SPAN" % (who, args.dump), file=sys.stderr)
        return 2
    if set(ospg["W"]) != set(frags):
        only_o = sorted(set(frags) - set(ospg["W"]))[:10]
        only_g = sorted(set(ospg["W"]) - set(frags))[:10]
        problems.append("fragments differ: recorded but not in the OSPG %s; in the OSPG but not recorded %s"
                        % (only_o, only_g))
    for w in frags:
        if w in ospg["W"] and ospg["W"][w] != o.frag_work.get(w):
            problems.append("fragment W%d: work %s recorded, %d in the OSPG" % (w, o.frag_work.get(w), ospg["W"][w]))
            break
    index = {w: i for i, w in enumerate(frags)}
    gpar = {w: 0 for w in frags}
    for a, b in ospg["PAR"]:
        if a not in index or b not in index:
            problems.append("OSPG_PAR names unknown fragment(s) W%d W%d" % (a, b))
            continue
        gpar[a] |= 1 << index[b]
        gpar[b] |= 1 << index[a]
    diffs = []
    for i, w in enumerate(frags):
        x = par[w] ^ gpar[w]
        x &= ~((1 << (i + 1)) - 1)          # pairs (w, later) only
        while x and len(diffs) < 1000:
            low = x & -x
            j = low.bit_length() - 1
            diffs.append((w, frags[j]))
            x ^= low
    npar = sum(bin(m).count("1") for m in par.values()) // 2
    if diffs:
        problems.append("%d%s pair(s) differ (oracle: %d parallel pairs of %d fragments, OSPG: %d)"
                        % (len(diffs), "+" if len(diffs) >= 1000 else "", npar, len(frags), len(ospg["PAR"])))
    if work != ospg["WORK"]:
        problems.append("work: oracle %d, OSPG %d" % (work, ospg["WORK"]))
    if ospg.get("FLAGS", 0) & (PROF_APPROX_SPAN | PROF_APPROX_ORDERED):
        # the profile says its span may be short (orders across a task's
        # levels, or a chain of ordered regions, it does not follow): it
        # must still be a true lower bound
        if ospg["SPAN"] > span:
            problems.append("span: oracle %d, OSPG %d, above it though flagged as a lower bound"
                            % (span, ospg["SPAN"]))
    elif span != ospg["SPAN"]:
        problems.append("span: oracle %d, OSPG %d" % (span, ospg["SPAN"]))

    if not problems:
        if not args.quiet:
            print("%s: agree: %d fragments, %d parallel pairs, work %d, span %d"
                  % (who, len(frags), npar, work, span))
        return 0

    print("%s: MISMATCH%s%s" % (who, " in " + args.program if args.program else "",
                                " (dump %s)" % args.dump))
    for p in problems:
        print("  " + p)
    for a, b in diffs[:args.max_pairs]:
        va, vb = o.frag_vertex[a], o.frag_vertex[b]
        og = "parallel" if par[a] >> index[b] & 1 else "series"
        gg = "parallel" if gpar[a] >> index[b] & 1 else "series"
        print("  first differing pair: W%d (task %d, thread %d) and W%d (task %d, thread %d): "
              "oracle says %s, OSPG says %s"
              % (a, o.frag_task[a], o.frag_thread[a], b, o.frag_task[b], o.frag_thread[b], og, gg))
        if og == "series":
            p = path(o, va, vb) or path(o, vb, va)
            print("  the oracle's path:\n    " + p.replace("\n", "\n    "))
    return 1


if __name__ == "__main__":
    sys.exit(main())
