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
"""
import argparse
import random

DEPVARS = 3


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

    # -- helpers ----------------------------------------------------------------
    def emit(self, ind, text):
        self.lines.append("  " * ind + text)

    def spot(self, ind):
        """Code here runs in the enclosing block's task, outside any critical
        section: an access site may be inserted before the next line."""
        self.spots.append((len(self.lines), ind))

    def burn(self, ind):
        self.emit(ind, "burn(%d);" % self.r.choice([100, 200, 300, 500, 800, 1200, 2000]))

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
            self.spot(ind)
            kind = self.statement(ind, ctx, depth, mult, active)
            self.spot(ind)
            made_tasks |= kind in ("task", "taskloop")
            if self.r.random() < 0.5:
                self.burn(ind)
        if made_tasks and self.always_wait and not (self.in_tg and "tw-in-tg" in self.without) \
                and not (self.in_chunk and "tw-in-chunk" in self.without) \
                and not (self.after_nowait and "tw-after-nowait" in self.without):
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
""" % (self.seed, " ".join(sorted(self.used)), "; taskwait after every task level" if self.always_wait else "",
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
                         "another program")
    ap.add_argument("--accesses", type=int, default=0, metavar="K",
                    help="add K shared variables, each accessed at two sites at random places, with a site "
                         "map at the end (for the race oracle; default 0: none)")
    args = ap.parse_args()
    size = args.size
    if size is None:
        size = random.Random(args.seed * 7919 + 1).randint(10, 70)
    without = [w for w in args.without.split(",") if w]
    print(Gen(args.seed, size, without).program(args.accesses), end="")


if __name__ == "__main__":
    main()
