#!/usr/bin/env python3
"""Random OpenMP C programs for the happens-before oracle (issue 4).

usage: gen.py --seed S [--size N] [--without LIST] [--accesses K]

Prints a valid, deterministic OpenMP program: random nesting of parallel
(num_threads 1-3, nested with omp_set_max_active_levels(2)), for
(schedule(static) and schedule(dynamic,k)), sections, single, masked,
critical, barrier, task (plain, untied, if(0), final(1), depend(in/out/inout)
on a few shared variables), taskwait, taskgroup and taskloop, whose leaves
call burn(n), a few microseconds of work.  The same seed prints the same
program.  Structure never depends on data: loops have fixed trip counts, no
construct is conditional on a thread number or on shared data, so every run
builds the same graph up to the order tasks and chunks run in.

Validity: worksharing constructs, masked and barrier appear only where every
thread of the team meets them (the top level of an implicit task, or of
main, where they bind to the initial team of one), never inside worksharing,
tasks, critical, masked or single; a critical section holds only burn()
(no task scheduling point inside it, so no thread can deadlock on it).

--accesses K (issue 8, the race oracle) adds K shared variables oa_v0 ..
oa_v<K-1> (longs, each on its own 64-byte line), each accessed at exactly two
source sites, write/write, write/read or read/write, put at random statement
positions of the same program (serial main code, region bodies, loop and
taskloop bodies, tasks, single, masked, sections, after barriers and
taskwaits; never in a critical section).  A site is one line:
    OA_MARK(id); oa_vK = id;          or    OA_MARK(id); oa_use(oa_vK);
where OA_MARK(id) is omp_control_tool(67, id, NULL): `ompadv profile
--save-raw` then records a MARK record with the running fragment (ids 1 ..
2K; the sites of oa_vK are 2K+1 and 2K+2).  oa_use() keeps the read at any
optimization level without writing memory.  main first calls
omp_get_num_procs(), after which the runtime answers omp_control_tool.  The
program ends with a machine-readable map, one comment line per site:
    // oa-site ID VARIABLE read|write LINE
The structure is the one the seed prints without --accesses (the sites are
placed with a separate random generator), and K = 0 prints exactly that
program.

The shapes of issue 13 (doc/SEMANTICS.md) come from a second random generator,
with its own budget, as a construct inserted before a statement of the
first (chance P_NEW), so the program a seed printed before they existed is
still there, statement for statement, with insertions between:
`--without new` (all of them) prints it exactly.  Each has a --without name:
  team1            parallel num_threads(1), parallel if(0) (a team of one:
                   rules 2, 5, 9), its body a random block
  static-nowait    2-4 `for schedule(static[,c]) nowait` loops in a row,
                   mostly of one trip count (rule 4)
  ws-after-nowait  a static nowait loop, then a single, a
                   `for schedule(dynamic,k)` or sections, with or without
                   nowait, in the same phase (rules 5, 6)
  big-taskloop     taskloop grainsize(1) or num_tasks(8-16) over 16-64
                   iterations, sometimes nogroup (rule 14)
  crit-loop        critical sections in each iteration of a loop (rule 16)
  ordered          `for ordered schedule(dynamic[,k] or static,1)` whose
                   body has an ordered block (rule 7)
  (outside the top of an implicit task these two are a `parallel for`)
  if0-dep          a task depend(out/inout), maybe siblings, then a task
                   if(0) depend(...) on the same address (rules 10, 13)
  final-nest       a task final(1) with 1-3 children (included tasks), some
                   with depend or untied, maybe a taskwait (rule 10)
  tw-depend        dependent and independent sibling tasks, then
                   `taskwait depend(...)` (OpenMP 5.0, rule 11)
  mergeable        task mergeable, alone, with if(0) or final(1), or as the
                   child of a final task (rule 10)
  dep-levels       dependent sibling tasks on either side of a taskgroup's
                   start, a static loop or a dynamic loop's chunks, with
                   taskwaits inside taskgroups there (rules 4, 5, 11, 13)
They honour the shape names above (tw-in-tg, dep-chunk, chunk-task, ...) and
the construct names they are made of (task, for, nowait, taskwait, ...).
With --accesses they are left out unless --new is given (--new LIST: only
those of LIST): `ompadv race` still has bugs on some of them (stack and task
memory reused in a team of one or by taskloop helper tasks), so
tests/race/oracle.test checks the others (ordered, ...) apart and keeps its
programs as they were.
"""
import argparse
import random

DEPVARS = 3
P_NEW = 0.3                 # chance of a NEW construct before each statement
# the constructs of issue 13, each a --without name ('new': all of them)
NEW = ["team1", "static-nowait", "ws-after-nowait", "big-taskloop", "crit-loop", "ordered",
       "if0-dep", "final-nest", "tw-depend", "mergeable", "dep-levels"]


class Gen:
    def __init__(self, seed, size, without=()):
        self.without = set(without)
        self.in_chunk = False       # inside a worksharing loop or a section (same task)
        self.in_tg = False          # inside a taskgroup of the same task
        self.after_nowait = False   # a nowait loop or sections earlier in this implicit task, no barrier since
        self.r = random.Random(seed)
        self.seed = seed
        self.budget = size          # estimated fragments left
        self.always_wait = self.r.random() < 0.35
        self.lines = []
        self.spots = []             # (line index, indent): where a site may go (--accesses)
        self.ncrit = 0
        self.used = set()
        # the constructs of issue 13 (NEW) come from a second generator and
        # budget, inserted between the statements the first one draws: the
        # first generator's draws, hence the old program, stay the same
        self.r2 = random.Random(seed * 1000003 + 12345)
        self.budget2 = size // 2 + 5
        self.used2 = set()
        self.world2 = False         # generating a NEW construct (self.r is self.r2)
        self.shapes = set()         # the --without shapes the program has (--shapes)

    # -- helpers ----------------------------------------------------------------
    def emit(self, ind, text):
        self.lines.append("  " * ind + text)

    def spot(self, ind):
        """Code here runs in the enclosing block's task, outside any critical
        section: an access site may be inserted before the next line."""
        self.spots.append((len(self.lines), ind))

    def burn(self, ind):
        self.emit(ind, "burn(%d);" % self.r.choice([100, 200, 300, 500, 800, 1200, 2000]))

    def note_tw(self):
        """A taskwait here: note the shapes it makes (--shapes)."""
        for flag, name in ((self.in_tg, "tw-in-tg"), (self.in_chunk, "tw-in-chunk"),
                           (self.after_nowait, "tw-after-nowait")):
            if flag:
                self.shapes.add(name)

    def note_dep(self):
        for flag, name in ((self.in_tg, "dep-tg"), (self.in_chunk, "dep-chunk")):
            if flag:
                self.shapes.add(name)

    def spend(self, mult, cost=1):
        self.budget -= mult * cost

    def pick(self, options):
        """options: list of (weight, name); those with weight 0 are skipped."""
        total = sum(w for w, _ in options if w > 0)
        x = self.r.uniform(0, total)
        for w, name in options:
            if w <= 0:
                continue
            x -= w
            if x <= 0:
                return name
        return options[-1][1]

    # -- blocks -----------------------------------------------------------------
    def block(self, ind, ctx, depth, mult, active, nmax=4):
        """Statements in a context:
        'top'  the top level of an implicit task (or of main: 'main');
        'task' anywhere else: explicit tasks, worksharing bodies, single,
               masked, taskgroup.
        mult: times this block runs in the whole run; active: active levels
        of parallelism around it."""
        n = self.r.randint(1, nmax)
        made_tasks = False
        self.spot(ind)
        self.burn(ind)
        for _ in range(n):
            if self.budget <= 0:
                break
            self.maybe_new(ind, ctx, depth, mult, active)
            self.spot(ind)
            kind = self.statement(ind, ctx, depth, mult, active)
            self.spot(ind)
            made_tasks |= kind in ("task", "taskloop")
            if self.r.random() < 0.5:
                self.burn(ind)
        if made_tasks and self.always_wait and not (self.in_tg and "tw-in-tg" in self.without) \
                and not (self.in_chunk and "tw-in-chunk" in self.without) \
                and not (self.after_nowait and "tw-after-nowait" in self.without):
            self.note_tw()
            self.emit(ind, "#pragma omp taskwait")
            self.used.add("taskwait")
            self.spend(mult)
            self.spot(ind)
            self.burn(ind)

    def statement(self, ind, ctx, depth, mult, active):
        deep = depth >= 4
        top = ctx in ("top", "main")
        opts = [
            (2, "burn"),
            (0 if deep else (3 if ctx == "main" else 1.2), "parallel"),
            (0 if deep else 3, "task"),
            (1, "taskwait"),
            (0 if deep else 1, "taskgroup"),
            (0 if deep else 0.7, "taskloop"),
            (1, "critical"),
            (0 if deep or not top else (2 if ctx == "top" else 0.3), "for"),
            (0 if deep or not top else (1 if ctx == "top" else 0.2), "sections"),
            (0 if deep or not top else (1 if ctx == "top" else 0.2), "single"),
            (0 if deep or ctx != "top" else 0.8, "masked"),
            (0 if not top else (1.2 if ctx == "top" else 0.2), "barrier"),
            (0 if deep or not top else 0.4, "repeat"),
        ]
        no = set(self.without)
        if self.in_chunk and "chunk-task" in self.without:
            no |= {"task", "taskloop", "taskgroup"}
        if ctx == "main" and "main-ws" in self.without:
            no |= {"for", "sections", "single", "barrier", "repeat"}
        if self.in_tg and "tw-in-tg" in self.without:
            no.add("taskwait")
        if self.in_chunk and "tw-in-chunk" in self.without:
            no.add("taskwait")
        if self.after_nowait and "tw-after-nowait" in self.without:
            no.add("taskwait")
        opts = [(0 if name in no else w, name) for w, name in opts]
        kind = self.pick(opts)
        self.used.add(kind)
        getattr(self, "s_" + kind)(ind, ctx, depth, mult, active)
        return kind

    # -- statements -------------------------------------------------------------
    def s_burn(self, ind, ctx, depth, mult, active):
        self.burn(ind)

    def s_parallel(self, ind, ctx, depth, mult, active):
        nt = self.r.choice([None, 1, 2, 2, 3])
        team = (2 if nt is None else nt) if active < 2 else 1
        clause = "" if nt is None else " num_threads(%d)" % nt
        self.emit(ind, "#pragma omp parallel%s" % clause)
        self.emit(ind, "{")
        self.spend(mult, 2 + team)
        self.nested(False, False, self.block, ind + 1, "top", depth + 1, mult * team, active + (team > 1))
        self.emit(ind, "}")

    def task_clauses(self):
        c = []
        x = self.r.random()
        if x < 0.15:
            c.append("untied"); self.used.add("untied")
        elif x < 0.27:
            c.append("if(0)"); self.used.add("if0")
        elif x < 0.35:
            c.append("final(1)"); self.used.add("final")
        if self.r.random() < 0.35 and not (self.in_tg and "dep-tg" in self.without) \
                and not (self.in_chunk and "dep-chunk" in self.without):
            self.used.add("depend")
            self.note_dep()
            for _ in range(self.r.choice([1, 1, 2])):
                c.append("depend(%s: dep[%d])" % (self.r.choice(["in", "in", "out", "inout"]),
                                                   self.r.randrange(DEPVARS)))
        return c

    def nested(self, chunk, tg, fn, *args, **kw):
        """A nested block: in a new task (chunk and tg False) or in the same one."""
        saved = self.in_chunk, self.in_tg, self.after_nowait
        self.in_chunk, self.in_tg = chunk, tg
        if not chunk and not tg:
            self.after_nowait = False
        fn(*args, **kw)
        if not chunk and not tg:
            self.after_nowait = saved[2]
        self.in_chunk, self.in_tg = saved[0], saved[1]

    def s_task(self, ind, ctx, depth, mult, active):
        self.emit(ind, " ".join(["#pragma omp task"] + self.task_clauses()))
        self.emit(ind, "{")
        self.spend(mult, 2)
        self.nested(False, False, self.block, ind + 1, "task", depth + 1, mult, active, nmax=3)
        self.emit(ind, "}")

    def s_taskwait(self, ind, ctx, depth, mult, active):
        self.note_tw()
        self.emit(ind, "#pragma omp taskwait")
        self.spend(mult)

    def s_taskgroup(self, ind, ctx, depth, mult, active):
        self.emit(ind, "#pragma omp taskgroup")
        self.emit(ind, "{")
        self.spend(mult)
        self.nested(self.in_chunk, True, self.block, ind + 1, "task", depth + 1, mult, active, nmax=3)
        self.emit(ind, "}")

    def s_taskloop(self, ind, ctx, depth, mult, active):
        n = self.r.randint(2, 6)
        clause = self.r.choice(["", " grainsize(1)", " grainsize(2)", " num_tasks(2)", " num_tasks(3)"])
        if self.r.random() < 0.25:
            clause += " nogroup"
        self.emit(ind, "#pragma omp taskloop%s" % clause)
        self.emit(ind, "for (int i = 0; i < %d; i++) {" % n)
        ntasks = n
        self.spend(mult, 2 * ntasks)
        if self.r.random() < 0.3 and depth < 3:
            self.nested(False, False, self.block, ind + 1, "task", depth + 1, mult * n, active, nmax=2)
        else:
            self.spot(ind + 1)
            self.burn(ind + 1)
        self.emit(ind, "}")

    def s_critical(self, ind, ctx, depth, mult, active):
        name = self.r.choice(["", "", "(c1)", "(c2)"])
        self.emit(ind, "#pragma omp critical%s" % name)
        self.emit(ind, "{ burn(%d); }" % self.r.choice([100, 300, 600]))

    def s_for(self, ind, ctx, depth, mult, active):
        n = self.r.randint(1, 6)
        sched = self.r.choice(["static", "static", "static,1", "dynamic,1", "dynamic,2", "dynamic,1"])
        self.used.add("dynamic" if sched.startswith("dynamic") else "static")
        nowait = " nowait" if self.r.random() < 0.3 and "nowait" not in self.without else ""
        self.emit(ind, "#pragma omp for schedule(%s)%s" % (sched, nowait))
        self.emit(ind, "for (int i = 0; i < %d; i++) {" % n)
        self.spend(mult, 1 + n)
        if self.r.random() < 0.45:
            self.nested(True, self.in_tg, self.block,
                        ind + 1, "task", depth + 1, max(1, mult * n // 2), active, nmax=2)
        else:
            self.spot(ind + 1)
            self.burn(ind + 1)
        self.emit(ind, "}")
        self.after_nowait = bool(nowait)

    def s_sections(self, ind, ctx, depth, mult, active):
        nowait = " nowait" if self.r.random() < 0.3 and "nowait" not in self.without else ""
        self.emit(ind, "#pragma omp sections%s" % nowait)
        self.emit(ind, "{")
        for _ in range(self.r.randint(1, 3)):
            self.emit(ind + 1, "#pragma omp section")
            self.emit(ind + 1, "{")
            self.spend(max(1, mult // 2), 2)
            self.nested(True, self.in_tg, self.block, ind + 2, "task", depth + 1, max(1, mult // 2), active, nmax=2)
            self.emit(ind + 1, "}")
        self.emit(ind, "}")
        self.after_nowait = bool(nowait)

    def s_single(self, ind, ctx, depth, mult, active):
        nowait = " nowait" if self.r.random() < 0.3 and "nowait" not in self.without else ""
        self.emit(ind, "#pragma omp single%s" % nowait)
        self.emit(ind, "{")
        self.spend(mult, 1)
        self.block(ind + 1, "task", depth + 1, max(1, mult // 2), active, nmax=3)
        self.emit(ind, "}")
        # the body runs before the single's closing barrier: a nowait
        # construct before it still has no barrier in between
        if not nowait:
            self.after_nowait = False

    def s_masked(self, ind, ctx, depth, mult, active):
        self.emit(ind, "#pragma omp masked")
        self.emit(ind, "{")
        self.spend(mult, 1)
        self.block(ind + 1, "task", depth + 1, max(1, mult // 2), active, nmax=3)
        self.emit(ind, "}")

    def s_barrier(self, ind, ctx, depth, mult, active):
        self.after_nowait = False
        self.emit(ind, "#pragma omp barrier")
        self.spend(mult)

    def s_repeat(self, ind, ctx, depth, mult, active):
        n = self.r.randint(2, 3)
        self.emit(ind, "for (int r = 0; r < %d; r++) {" % n)
        self.block(ind + 1, ctx, depth + 1, mult * n, active, nmax=2)
        if self.after_nowait and "tw-after-nowait" in self.without:
            # the next round's statements would follow the nowait too
            self.s_barrier(ind + 1, ctx, depth, mult * n, active)
        self.emit(ind, "}")

    # -- the constructs of issue 13 (NEW) ---------------------------------------
    def maybe_new(self, ind, ctx, depth, mult, active):
        """Perhaps insert one NEW construct here, drawn with the second
        generator and budget (the first generator's draws are untouched)."""
        if depth >= 4 or (self.budget if self.world2 else self.budget2) <= 0:
            return
        if self.r2.random() >= P_NEW:
            return
        top = ctx in ("top", "main")
        ws = 0 if "for" in self.without or (ctx == "main" and "main-ws" in self.without) else \
            (3 if ctx == "top" else (0.2 if ctx == "main" else 0))
        tasks = not ("task" in self.without or (self.in_chunk and "chunk-task" in self.without))
        dep_ok = not (self.in_tg and "dep-tg" in self.without) and \
            not (self.in_chunk and "dep-chunk" in self.without)
        tw_ok = "taskwait" not in self.without and not (self.in_tg and "tw-in-tg" in self.without) \
            and not (self.in_chunk and "tw-in-chunk" in self.without) \
            and not (self.after_nowait and "tw-after-nowait" in self.without)
        # a loop outside the top of an implicit task is a combined parallel for
        loops = (ws if top else 0) or (0 if "parallel" in self.without else 0.8)
        opts = [
            (0.8 if ctx != "main" else 0.5, "team1"),
            (0 if "nowait" in self.without else ws, "static-nowait"),
            (0 if "nowait" in self.without else ws, "ws-after-nowait"),
            (1 if tasks and "taskloop" not in self.without else 0, "big-taskloop"),
            (loops if "critical" not in self.without else 0, "crit-loop"),
            (loops, "ordered"),
            (1 if tasks and dep_ok else 0, "if0-dep"),
            (1 if tasks else 0, "final-nest"),
            (1 if tasks and dep_ok and tw_ok else 0, "tw-depend"),
            (1 if tasks else 0, "mergeable"),
            (1 if tasks and dep_ok and tw_ok and not any(
                x in self.without for x in ("dep-tg", "dep-chunk", "tw-in-tg", "tw-in-chunk",
                                            "tw-after-nowait")) else 0, "dep-levels"),
        ]
        opts = [(0 if name in self.without else w, name) for w, name in opts]
        if not any(w > 0 for w, _ in opts):
            return
        kind = self.pick2(opts)
        if self.world2:
            self.new_construct(kind, ind, ctx, depth, mult, active)
            return
        saved = self.r, self.budget, self.used, self.after_nowait
        self.r, self.budget, self.used, self.world2 = self.r2, self.budget2, self.used2, True
        self.new_construct(kind, ind, ctx, depth, mult, active)
        self.budget2 = self.budget
        self.r, self.budget, self.used, self.world2 = saved[0], saved[1], saved[2], False
        if "tw-after-nowait" in self.without:
            # keep the old statements' view (hence their draws): a barrier
            # closes the nowait work this construct left open (only a
            # worksharing construct at this level can leave it open, so the
            # barrier is valid here)
            if self.after_nowait and not saved[3]:
                self.emit(ind, "#pragma omp barrier")   # (not spent: the old budget stays)
                self.used2.add("barrier")
            self.after_nowait = saved[3]

    def pick2(self, opts):
        total = sum(w for w, _ in opts if w > 0)
        x = self.r2.uniform(0, total)
        for w, name in opts:
            if w <= 0:
                continue
            x -= w
            if x <= 0:
                return name
        return [name for w, name in opts if w > 0][-1]

    def new_construct(self, kind, ind, ctx, depth, mult, active):
        self.used.add(kind)
        self.spot(ind)
        getattr(self, "n_" + kind.replace("-", "_"))(ind, ctx, depth, mult, active)
        self.spot(ind)

    def leaf(self, ind):
        self.spot(ind)
        self.burn(ind)

    def maybe_burn(self, ind, p=0.5):
        if self.r.random() < p:
            self.leaf(ind)

    def n_team1(self, ind, ctx, depth, mult, active):
        """A team of one: num_threads(1), or an inactive region (if(0))."""
        clause = self.r.choice(["num_threads(1)", "num_threads(1)", "num_threads(2) if(0)", "if(0)"])
        self.emit(ind, "#pragma omp parallel %s" % clause)
        self.emit(ind, "{")
        self.spend(mult, 3)
        self.nested(False, False, self.block, ind + 1, "top", depth + 1, mult, active, nmax=4)
        self.emit(ind, "}")

    def loop(self, ind, head, n, depth, mult, body=None):
        """A loop of n iterations under the pragma `head`; body(ind) prints a
        fixed body, else a burn or a random block (in the same task)."""
        self.emit(ind, head)
        self.emit(ind, "for (int i = 0; i < %d; i++) {" % n)
        self.spend(mult, 1 + n)
        if body:
            body(ind + 1)
        elif self.r.random() < 0.35 and depth < 3:
            self.nested(True, self.in_tg, self.block, ind + 1, "task", depth + 1,
                        max(1, mult * n // 2), 0, nmax=2)
        else:
            self.leaf(ind + 1)
        self.emit(ind, "}")

    def n_static_nowait(self, ind, ctx, depth, mult, active):
        """2-4 schedule(static) nowait loops in a row, often of the same trip
        count (doc/SEMANTICS.md rule 4); the last one sometimes without nowait."""
        n = self.r.randint(1, 6)
        k = self.r.randint(2, 4)
        for j in range(k):
            sched = self.r.choice(["static", "static", "static,1", "static,2"])
            nn = n if self.r.random() < 0.7 else self.r.randint(1, 6)
            nowait = j < k - 1 or self.r.random() < 0.7
            self.loop(ind, "#pragma omp for schedule(%s)%s" % (sched, " nowait" if nowait else ""),
                      nn, depth, mult)
            self.after_nowait = nowait
            self.maybe_burn(ind)

    def n_ws_after_nowait(self, ind, ctx, depth, mult, active):
        """Nowait work, then a single, a dynamic loop or sections in the same
        phase (doc/SEMANTICS.md rules 5-6)."""
        sched = self.r.choice(["static", "static,1"])
        self.loop(ind, "#pragma omp for schedule(%s) nowait" % sched, self.r.randint(1, 6), depth, mult)
        self.after_nowait = True
        self.maybe_burn(ind)
        what = self.r.choice(["single", "dynamic", "sections"])
        nowait = self.r.random() < 0.4
        nw = " nowait" if nowait else ""
        self.used.add("ws-after-nowait-" + what)
        if what == "single":
            self.emit(ind, "#pragma omp single%s" % nw)
            self.emit(ind, "{")
            self.spend(mult, 1)
            self.block(ind + 1, "task", depth + 1, max(1, mult // 2), active, nmax=3)
            self.emit(ind, "}")
        elif what == "dynamic":
            self.loop(ind, "#pragma omp for schedule(dynamic,%d)%s" % (self.r.randint(1, 3), nw),
                      self.r.randint(1, 8), depth, mult)
        else:
            self.emit(ind, "#pragma omp sections%s" % nw)
            self.emit(ind, "{")
            for _ in range(self.r.randint(1, 3)):
                self.emit(ind + 1, "#pragma omp section")
                self.emit(ind + 1, "{")
                self.spend(max(1, mult // 2), 2)
                self.nested(True, self.in_tg, self.block, ind + 2, "task", depth + 1,
                            max(1, mult // 2), active, nmax=2)
                self.emit(ind + 1, "}")
            self.emit(ind, "}")
        if not nowait:
            self.after_nowait = False
        self.maybe_burn(ind)

    def n_big_taskloop(self, ind, ctx, depth, mult, active):
        """A taskloop with more tasks than threads (doc/SEMANTICS.md rule 14)."""
        n = self.r.randint(16, 64)
        clause = self.r.choice([" grainsize(1)", " grainsize(1)", " num_tasks(%d)" % self.r.randint(8, 16)])
        if self.r.random() < 0.2:
            clause += " nogroup"
        self.emit(ind, "#pragma omp taskloop%s" % clause)
        self.emit(ind, "for (int i = 0; i < %d; i++) {" % n)
        self.spend(mult, n)
        self.leaf(ind + 1)
        self.emit(ind, "}")

    def loop_head(self, ctx):
        """`for` at the top of an implicit task, else a parallel for."""
        if ctx in ("top", "main") and "for" not in self.without \
                and not (ctx == "main" and "main-ws" in self.without):
            return "#pragma omp for", 1
        nt = self.r.choice([None, 2, 3])
        return "#pragma omp parallel for%s" % ("" if nt is None else " num_threads(%d)" % nt), nt or 2

    def n_crit_loop(self, ind, ctx, depth, mult, active):
        """critical sections inside the iterations of a loop (rule 16)."""
        head, team = self.loop_head(ctx)
        sched = self.r.choice(["static", "static,1", "dynamic,1", "dynamic,2"])
        names = [self.r.choice(["", "", "(c1)", "(c2)"]) for _ in range(self.r.randint(1, 2))]

        def body(i):
            self.maybe_burn(i, 0.7)
            for name in names:
                self.emit(i, "#pragma omp critical%s" % name)
                self.emit(i, "{ burn(%d); }" % self.r.choice([100, 300, 600]))
                self.maybe_burn(i)
        nowait = head == "#pragma omp for" and self.r.random() < 0.25
        self.loop(ind, "%s schedule(%s)%s" % (head, sched, " nowait" if nowait else ""),
                  self.r.randint(2, 8), depth, mult * team, body)
        if nowait:
            self.after_nowait = True

    def n_ordered(self, ind, ctx, depth, mult, active):
        """An ordered loop with an ordered block (doc/SEMANTICS.md rule 7)."""
        head, team = self.loop_head(ctx)
        sched = self.r.choice(["dynamic", "dynamic", "dynamic,2", "static,1"])

        def body(i):
            self.maybe_burn(i, 0.7)
            self.emit(i, "#pragma omp ordered")
            self.emit(i, "{ burn(%d); }" % self.r.choice([100, 300, 600]))
            self.maybe_burn(i)
        self.loop(ind, "%s ordered schedule(%s)" % (head, sched), self.r.randint(2, 8), depth,
                  mult * team, body)

    def dep(self, kinds, a):
        self.note_dep()
        return "depend(%s: dep[%d])" % (self.r.choice(kinds), a)

    def small_task(self, ind, clauses, depth, mult, active):
        self.emit(ind, " ".join(["#pragma omp task"] + clauses))
        self.emit(ind, "{")
        self.spend(mult, 2)
        if self.r.random() < 0.25 and depth < 3:
            self.nested(False, False, self.block, ind + 1, "task", depth + 1, mult, active, nmax=2)
        else:
            self.leaf(ind + 1)
        self.emit(ind, "}")

    def n_if0_dep(self, ind, ctx, depth, mult, active):
        """An if(0) task with dependences after dependent and independent
        siblings (doc/SEMANTICS.md rules 10, 13): a sibling may run while the
        creator waits for the if(0) task's dependences."""
        a = self.r.randrange(DEPVARS)
        self.small_task(ind, [self.dep(["out", "inout"], a)], depth, mult, active)
        if self.r.random() < 0.7:
            self.small_task(ind, [], depth, mult, active)
        if self.r.random() < 0.3:
            self.small_task(ind, [self.dep(["in"], a)], depth, mult, active)
        self.maybe_burn(ind)
        self.small_task(ind, ["if(0)", self.dep(["in", "in", "out", "inout"], a)], depth, mult, active)
        self.leaf(ind)

    def n_final_nest(self, ind, ctx, depth, mult, active):
        """A final task whose children (and theirs) are included tasks
        (doc/SEMANTICS.md rule 10)."""
        self.emit(ind, "#pragma omp task final(1)")
        self.emit(ind, "{")
        self.spend(mult, 2)

        def body(i):
            self.leaf(i)
            for _ in range(self.r.randint(1, 3)):
                c = self.r.choice([[], [], ["untied"], [self.dep(["in", "out", "inout"], self.r.randrange(DEPVARS))]])
                self.small_task(i, c, depth + 1, mult, active)
                self.maybe_burn(i)
            if self.r.random() < 0.3:
                self.emit(i, "#pragma omp taskwait")
                self.leaf(i)
        self.nested(False, False, body, ind + 1)
        self.emit(ind, "}")

    def n_tw_depend(self, ind, ctx, depth, mult, active):
        """taskwait depend (OpenMP 5.0, doc/SEMANTICS.md rule 11): waits only for
        the earlier siblings whose dependences conflict with its own."""
        a = self.r.randrange(DEPVARS)
        b = (a + self.r.randint(1, DEPVARS - 1)) % DEPVARS
        self.small_task(ind, [self.dep(["out", "inout"], a)], depth, mult, active)
        if self.r.random() < 0.6:
            self.small_task(ind, [self.dep(["in", "out"], b)], depth, mult, active)
        if self.r.random() < 0.6:
            self.small_task(ind, [], depth, mult, active)
        if self.r.random() < 0.3:
            self.small_task(ind, [self.dep(["in"], a)], depth, mult, active)
        self.maybe_burn(ind)
        self.note_tw()
        self.emit(ind, "#pragma omp taskwait %s" % self.dep(["in", "in", "out", "inout"], a))
        self.spend(mult)
        self.leaf(ind)

    def n_dep_levels(self, ind, ctx, depth, mult, active):
        """Sibling tasks with dependences on either side of a taskgroup's
        start or of a loop (a thread's share of a static loop, or the chunks
        of a dynamic one: a team of one's are siblings), and taskwaits inside
        them (doc/SEMANTICS.md rules 4, 5, 11, 13)."""
        a = self.r.randrange(DEPVARS)
        self.small_task(ind, [self.dep(["in", "out", "inout"], a)], depth, mult, active)
        if self.r.random() < 0.4:
            self.small_task(ind, [], depth, mult, active)
        self.maybe_burn(ind)
        forms = ["taskgroup"] + (["static", "dynamic"] if ctx in ("top", "main") and "for" not in
                                 self.without and "nowait" not in self.without
                                 and not (ctx == "main" and "main-ws" in self.without) else [])
        form = self.r.choice(forms)
        self.used.add("dep-levels-" + form)

        def body(i):
            self.leaf(i)
            self.small_task(i, [self.dep(["in", "out", "inout"], a)], depth + 1, mult, active)
            if self.r.random() < 0.4:
                self.emit(i, "#pragma omp taskgroup")
                self.emit(i, "{")
                self.nested(self.in_chunk, True, self.leaf, i + 1)
                if self.r.random() < 0.7:
                    self.nested(self.in_chunk, True, self.note_tw)
                    self.emit(i + 1, "#pragma omp taskwait")
                    self.leaf(i + 1)
                self.emit(i, "}")
            self.maybe_burn(i)
        if form == "taskgroup":
            self.emit(ind, "#pragma omp taskgroup")
            self.emit(ind, "{")
            self.spend(mult, 2)
            self.nested(self.in_chunk, True, body, ind + 1)
            self.emit(ind, "}")
        else:
            sched = self.r.choice(["static", "static,1"] if form == "static" else ["dynamic,1", "guided"])
            self.loop(ind, "#pragma omp for schedule(%s) nowait" % sched, self.r.randint(1, 4), depth,
                      mult, lambda i: self.nested(form == "dynamic", self.in_tg, body, i))
            self.after_nowait = True
        self.small_task(ind, [self.dep(["in", "out", "inout"], a)], depth, mult, active)
        if self.r.random() < 0.5 and "tw-after-nowait" not in self.without:
            self.note_tw()
            self.emit(ind, "#pragma omp taskwait")
        self.leaf(ind)

    def n_mergeable(self, ind, ctx, depth, mult, active):
        """mergeable tasks (doc/SEMANTICS.md rule 10: undeferred or included when
        merged), alone, with if(0), with final(1), or inside a final task."""
        form = self.r.choice(["", "if(0)", "final(1)", "in-final"])
        if form == "in-final":
            self.emit(ind, "#pragma omp task final(1)")
            self.emit(ind, "{")
            self.spend(mult, 2)

            def body(i):
                self.leaf(i)
                for _ in range(self.r.randint(1, 2)):
                    self.small_task(i, ["mergeable"], depth + 1, mult, active)
                    self.maybe_burn(i)
            self.nested(False, False, body, ind + 1)
            self.emit(ind, "}")
        else:
            self.small_task(ind, ["mergeable"] + ([form] if form else []), depth, mult, active)
        self.maybe_burn(ind)

    def accesses(self, k):
        """Insert the sites of k variables at random spots; returns the
        declarations, the main prologue and the site map."""
        r = random.Random(self.seed * 104729 + 7 * k + 3)
        sites = []                  # (id, variable, kind, spot)
        for v in range(k):
            kinds = r.choice([("write", "write"), ("write", "read"), ("read", "write")])
            for j, kind in enumerate(kinds):
                sites.append((2 * v + j + 1, v, kind, r.choice(self.spots)))
        # insert from the bottom up so that earlier line indexes stay valid;
        # sites at one spot go in id order
        for sid, v, kind, (at, ind) in sorted(sites, key=lambda x: (-x[3][0], -x[0])):
            access = "oa_v%d = %d;" % (v, sid) if kind == "write" else "oa_use(oa_v%d);" % v
            self.lines.insert(at, "  " * ind + "OA_MARK(%d); %s" % (sid, access))
        decls = "".join("long oa_v%d __attribute__((aligned(64)));\n" % v for v in range(k))
        decls = """
/* --accesses %d: the shared variables and their access sites */
#define OA_MARK(id) omp_control_tool(67, (id), NULL)
%s__attribute__((always_inline)) static inline void oa_use(long x)
{
  __asm__ volatile("" : : "r"(x));
}
""" % (k, decls)
        return decls, sites

    def program(self, accesses=0):
        self.emit(1, "omp_set_max_active_levels(2);")
        self.block(1, "main", 0, 1, 0, nmax=4)
        if "parallel" not in self.used:
            self.used.add("parallel")
            self.emit(1, "#pragma omp parallel")
            self.emit(1, "{")
            self.block(2, "top", 1, 2, 1)
            self.emit(1, "}")
        decls, sites = "", []
        if accesses:
            decls, sites = self.accesses(accesses)
            # the runtime answers omp_control_tool only once initialized
            self.lines.insert(0, "  (void)omp_get_num_procs();")
        body = "\n".join(self.lines)
        text = self.text(body, decls)
        if sites:
            where = {}
            for n, line in enumerate(text.split("\n"), 1):
                if "OA_MARK(" in line and not line.startswith("#define"):
                    where[int(line.split("OA_MARK(")[1].split(")")[0])] = n
            text += "// site map (oa-site ID VARIABLE KIND LINE):\n"
            for sid, v, kind, _ in sorted(sites):
                text += "// oa-site %d oa_v%d %s %d\n" % (sid, v, kind, where[sid])
        return text

    def text(self, body, decls):
        return """// Generated by tests/oracle/gen.py --seed %d (constructs: %s%s)
#include <omp.h>

static int dep[%d];
%s
__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}

int main(void)
{
%s
  (void)dep;
  return 0;
}
""" % (self.seed, " ".join(sorted(self.used | self.used2)), "; taskwait after every task level" if self.always_wait else "",
       DEPVARS, decls, body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--size", type=int, help="estimated fragments (default: random, 10 to 70)")
    ap.add_argument("--without", default="",
                    help="comma-separated constructs never to generate (parallel, task, taskwait, taskgroup, "
                         "taskloop, critical, for, sections, single, masked, barrier, repeat), or shapes: "
                         "chunk-task (no task, taskloop or taskgroup inside a loop or a section), "
                         "main-ws (no worksharing or barrier outside parallel regions), tw-in-tg, tw-in-chunk (no "
                         "taskwait directly inside a taskgroup, a chunk or a section), tw-after-nowait (no taskwait "
                         "between a nowait loop or sections and the next barrier), dep-tg, dep-chunk (no depend "
                         "clause directly inside a taskgroup, or a loop chunk or a section), nowait (no nowait clause); the same seed then prints "
                         "another program; the shapes of issue 13: " + ", ".join(NEW) + ", or new for all of them "
                         "(the seed then prints the program it printed before they existed)")
    ap.add_argument("--accesses", type=int, default=0, metavar="K",
                    help="add K shared variables, each accessed at two sites at random places, with a site "
                         "map at the end (for the race oracle; default 0: none)")
    ap.add_argument("--new", nargs="?", const="new", default="", metavar="LIST",
                    help="with --accesses, insert the shapes of issue 13 too (left out by default there): "
                         "all of them, or those of the comma-separated LIST")
    ap.add_argument("--shapes", action="store_true",
                    help="print, instead of the program, the shapes of the --without list (tw-in-tg, tw-in-chunk, "
                         "tw-after-nowait, dep-tg, dep-chunk) it has, to sort failures")
    args = ap.parse_args()
    size = args.size
    if size is None:
        size = random.Random(args.seed * 7919 + 1).randint(10, 70)
    without = [w for w in args.without.split(",") if w]
    if "new" in without:
        without += NEW
    elif args.accesses:
        wanted = set(args.new.split(","))
        without += [n for n in NEW if "new" not in wanted and n not in wanted]
    g = Gen(args.seed, size, without)
    text = g.program(args.accesses)
    if args.shapes:
        print(" ".join(sorted(g.shapes)))
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
