/* `ompadv trace`: run the target under the tool and print every OMPT event
 * it received, one line each ("THREAD: event: key=value ..."), with source
 * locations resolved after the run.  Also reads a result saved earlier. */
#include "ompadv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>

#include "events.h"
#include "launch.h"
#include "recording.h"
#include "recfile.h"
#include "render.h"
#include "result.h"
#include "symbolize.h"
#include "util.h"

enum { T_BY_THREAD = 1, T_ADDRESSES, T_SAVE, T_INPUT };

struct trace_opts {
  int by_thread;
  int addresses;
  const char *save;
  const char *input;
};

static int on_option(int id, const char *arg, void *ctx)
{
  struct trace_opts *o = ctx;
  switch (id) {
  case T_BY_THREAD: o->by_thread = 1; break;
  case T_ADDRESSES: o->addresses = 1; break;
  case T_SAVE: o->save = arg; break;
  case T_INPUT: o->input = arg; break;
  }
  return 0;
}

struct printer {
  FILE *f;
  oa_symbolizer *sym;
  int addresses;
  const oa_record *deps;     /* a dependences event whose line is open, or NULL */
  uint64_t left;             /* ... the dependences it may still take */
  uint64_t shown;            /* ... and those it has */
};

static const char *basename_of(const char *path)
{
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

static void print_where(struct printer *p, const oa_event *e)
{
  oa_srcloc loc;
  if (!e->where)
    return;
  if (oa_sym_lookup(p->sym, e->where, &loc) && loc.file && loc.line) {
    char *at = oa_source_text(loc.file, loc.line, loc.col);
    fprintf(p->f, " loc=%s", at);
    free(at);
  } else
    fprintf(p->f, " loc=??");
  if (loc.func)
    fprintf(p->f, " fn=%s", loc.func);
  if (loc.module && !(loc.file && loc.line))
    fprintf(p->f, " in=%s", basename_of(loc.module));
  if (e->flags & OA_WHERE_WALKED)
    fprintf(p->f, " via=unwind");
  if (p->addresses)
    fprintf(p->f, " ra=0x%llx", (unsigned long long)e->where);
}

static const char *endpoint_suffix(unsigned sub)
{
  return sub == ompt_scope_begin ? "_begin" : sub == ompt_scope_end ? "_end" : "";
}

static const char *or_num(const char *name, uint64_t v, char *buf, size_t len)
{
  if (name)
    return name;
  snprintf(buf, len, "%llu", (unsigned long long)v);
  return buf;
}

/* The events, one line each, through the record visitor (recording.h): a
 * callback per kind, each kind's fields read through its struct in union
 * oa_record (contract.h).  A dependences event's line takes the
 * dependence records that follow it (its ndeps at most). */
static FILE *begin(struct printer *p, const oa_record *x)
{
  fprintf(p->f, "%u: ", x->h.thread);
  return p->f;
}

static int end(struct printer *p, const oa_record *x)
{
  print_where(p, &x->ev);
  fputc('\n', p->f);
  return 0;
}

/* Every record first: a write error stops the listing, and a dependences
 * line ends at a record that is not one of its dependences. */
static int pr_each(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  struct printer *p = ctx;
  if (ferror(p->f))
    return 1;
  if (p->deps && x->h.type != OA_EV_DEPENDENCE) {
    end(p, p->deps);
    p->deps = NULL;
  }
  return 0;
}

/* A kind without a line of its own: its name (or number). */
static int pr_other(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  fprintf(begin(ctx, x), "%s:", or_num(oa_event_type_name(x->h.type), x->h.type, b2, sizeof b2));
  return end(ctx, x);
}

static int pr_thread_begin(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  uint64_t type = x->thread_begin.thread_type;
  fprintf(begin(ctx, x), "thread_begin: type=%s",
          or_num(oa_thread_type_name(type), type, b2, sizeof b2));
  return end(ctx, x);
}

static int pr_parallel_begin(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b1[128];
  const struct oa_ev_parallel *v = &x->parallel_begin;
  fprintf(begin(ctx, x), "parallel_begin: parallel=%llu task=%llu requested=%llu flags=%s",
          (unsigned long long)v->parallel, (unsigned long long)v->task,
          (unsigned long long)v->requested, oa_parallel_flags(v->parallel_flags, b1, sizeof b1));
  return end(ctx, x);
}

static int pr_parallel_end(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b1[128];
  const struct oa_ev_parallel *v = &x->parallel_end;
  fprintf(begin(ctx, x), "parallel_end: parallel=%llu task=%llu flags=%s",
          (unsigned long long)v->parallel, (unsigned long long)v->task,
          oa_parallel_flags(v->parallel_flags, b1, sizeof b1));
  return end(ctx, x);
}

static int pr_implicit_task(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b1[128];
  const struct oa_ev_implicit_task *v = &x->implicit_task;
  fprintf(begin(ctx, x), "implicit_task%s: parallel=%llu task=%llu team=%llu index=%u flags=%s",
          endpoint_suffix(v->sub), (unsigned long long)v->parallel, (unsigned long long)v->task,
          (unsigned long long)v->team, v->index, oa_task_flags(v->task_flags, b1, sizeof b1));
  return end(ctx, x);
}

static int pr_task_create(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b1[128];
  const struct oa_ev_task_create *v = &x->task_create;
  fprintf(begin(ctx, x), "task_create: task=%llu parent=%llu flags=%s has_deps=%llu",
          (unsigned long long)v->task, (unsigned long long)v->parent,
          oa_task_flags(v->task_flags, b1, sizeof b1), (unsigned long long)v->has_dependences);
  return end(ctx, x);
}

static int pr_task_schedule(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_task_schedule *v = &x->task_schedule;
  fprintf(begin(ctx, x), "task_schedule: prior=%llu status=%s next=%llu",
          (unsigned long long)v->prior,
          or_num(oa_task_status_name(v->status), v->status, b2, sizeof b2),
          (unsigned long long)v->next);
  return end(ctx, x);
}

static int pr_dependences(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  struct printer *p = ctx;
  const struct oa_ev_dependences *v = &x->dependences;
  fprintf(begin(p, x), "dependences: task=%llu ndeps=%llu deps=", (unsigned long long)v->task,
          (unsigned long long)v->ndeps);
  if (!v->ndeps)
    return end(p, x);
  p->deps = x;  /* the line stays open for its dependences */
  p->left = v->ndeps;
  p->shown = 0;
  return 0;
}

static int pr_dependence(void *ctx, const oa_record *x, size_t thread)
{
  struct printer *p = ctx;
  if (!p->deps)  /* not one of a dependences event's */
    return pr_other(ctx, x, thread);
  char b2[32];
  const struct oa_ev_dependence *d = &x->dependence;
  fprintf(p->f, "%s%s:0x%llx", p->shown++ ? "," : "",
          or_num(oa_dependence_name(d->dep_type), d->dep_type, b2, sizeof b2),
          (unsigned long long)d->address);
  if (--p->left == 0) {
    end(p, p->deps);
    p->deps = NULL;
  }
  return 0;
}

static int pr_task_dependence(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "task_dependence: source=%llu sink=%llu",
          (unsigned long long)x->task_dependence.source,
          (unsigned long long)x->task_dependence.sink);
  return end(ctx, x);
}

static int pr_work(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_work *v = &x->work;
  fprintf(begin(ctx, x), "%s%s: parallel=%llu task=%llu count=%llu",
          or_num(oa_work_name(v->work), v->work, b2, sizeof b2), endpoint_suffix(v->sub),
          (unsigned long long)v->parallel, (unsigned long long)v->task,
          (unsigned long long)v->count);
  return end(ctx, x);
}

static int pr_dispatch(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_dispatch *v = &x->dispatch;
  FILE *f = begin(ctx, x);
  fprintf(f, "dispatch: kind=%s parallel=%llu task=%llu",
          or_num(oa_dispatch_name(v->sub), v->sub, b2, sizeof b2),
          (unsigned long long)v->parallel, (unsigned long long)v->task);
  if (v->sub != ompt_dispatch_section)
    fprintf(f, " start=%llu iterations=%llu", (unsigned long long)v->start,
            (unsigned long long)v->iterations);
  return end(ctx, x);
}

static int pr_masked(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "masked%s: parallel=%llu task=%llu", endpoint_suffix(x->h.sub),
          (unsigned long long)x->masked.parallel, (unsigned long long)x->masked.task);
  return end(ctx, x);
}

/* sync_region, sync_region_wait and reduction: they share a struct */
static int pr_sync_region(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_sync_region *v = &x->sync_region;
  fprintf(begin(ctx, x), "%s%s%s: parallel=%llu task=%llu",
          v->type == ompt_callback_sync_region_wait ? "wait_" : "",
          v->type == ompt_callback_reduction ? "reduction"
                                             : or_num(oa_sync_name(v->kind), v->kind, b2,
                                                      sizeof b2),
          endpoint_suffix(v->sub), (unsigned long long)v->parallel, (unsigned long long)v->task);
  return end(ctx, x);
}

/* mutex_acquire and lock_init */
static int pr_mutex_acquire(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_mutex_acquire *v = &x->mutex_acquire;
  fprintf(begin(ctx, x), "%s: kind=%s wait_id=0x%llx hint=%llu impl=%llu",
          oa_event_type_name(v->type), or_num(oa_mutex_name(v->kind), v->kind, b2, sizeof b2),
          (unsigned long long)v->wait_id, (unsigned long long)v->hint,
          (unsigned long long)v->impl);
  return end(ctx, x);
}

/* mutex_acquired, mutex_released and lock_destroy */
static int pr_mutex(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  char b2[32];
  const struct oa_ev_mutex *v = &x->mutex_acquired;
  fprintf(begin(ctx, x), "%s: kind=%s wait_id=0x%llx", oa_event_type_name(v->type),
          or_num(oa_mutex_name(v->kind), v->kind, b2, sizeof b2),
          (unsigned long long)v->wait_id);
  return end(ctx, x);
}

static int pr_nest_lock(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "nest_lock%s: wait_id=0x%llx", endpoint_suffix(x->h.sub),
          (unsigned long long)x->nest_lock.wait_id);
  return end(ctx, x);
}

static int pr_cancel(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "cancel: task=%llu flags=0x%llx", (unsigned long long)x->cancel.task,
          (unsigned long long)x->cancel.cancel_flags);
  return end(ctx, x);
}

static int pr_control_tool(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "control_tool: command=%llu modifier=%llu",
          (unsigned long long)x->control_tool.command,
          (unsigned long long)x->control_tool.modifier);
  return end(ctx, x);
}

static int pr_error(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "error: severity=%llu", (unsigned long long)x->error.severity);
  return end(ctx, x);
}

static int pr_device_initialize(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "device_initialize: device=%llu",
          (unsigned long long)x->device_initialize.device);
  return end(ctx, x);
}

static int pr_target(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "target%s: kind=%llu device=%llu", endpoint_suffix(x->h.sub),
          (unsigned long long)x->target.kind, (unsigned long long)x->target.device);
  return end(ctx, x);
}

static int pr_target_data_op(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "target_data_op%s: optype=%llu bytes=%llu", endpoint_suffix(x->h.sub),
          (unsigned long long)x->target_data_op.optype,
          (unsigned long long)x->target_data_op.bytes);
  return end(ctx, x);
}

static int pr_target_submit(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  fprintf(begin(ctx, x), "target_submit%s: teams=%llu", endpoint_suffix(x->h.sub),
          (unsigned long long)x->target_submit.teams);
  return end(ctx, x);
}

static const oa_rec_visitor printer_visitor = {
  .each = pr_each,
  .on = {
    [ompt_callback_thread_begin] = pr_thread_begin,
    [ompt_callback_parallel_begin] = pr_parallel_begin,
    [ompt_callback_parallel_end] = pr_parallel_end,
    [ompt_callback_implicit_task] = pr_implicit_task,
    [ompt_callback_task_create] = pr_task_create,
    [ompt_callback_task_schedule] = pr_task_schedule,
    [ompt_callback_dependences] = pr_dependences,
    [OA_EV_DEPENDENCE] = pr_dependence,
    [ompt_callback_task_dependence] = pr_task_dependence,
    [ompt_callback_work] = pr_work,
    [ompt_callback_dispatch] = pr_dispatch,
    [ompt_callback_masked] = pr_masked,
    [ompt_callback_sync_region] = pr_sync_region,
    [ompt_callback_sync_region_wait] = pr_sync_region,
    [ompt_callback_reduction] = pr_sync_region,
    [ompt_callback_mutex_acquire] = pr_mutex_acquire,
    [ompt_callback_lock_init] = pr_mutex_acquire,
    [ompt_callback_mutex_acquired] = pr_mutex,
    [ompt_callback_mutex_released] = pr_mutex,
    [ompt_callback_lock_destroy] = pr_mutex,
    [ompt_callback_nest_lock] = pr_nest_lock,
    [ompt_callback_cancel] = pr_cancel,
    [ompt_callback_control_tool] = pr_control_tool,
    [ompt_callback_error] = pr_error,
    [ompt_callback_device_initialize] = pr_device_initialize,
    [ompt_callback_target_emi] = pr_target,
    [ompt_callback_target_data_op_emi] = pr_target_data_op,
    [ompt_callback_target_submit_emi] = pr_target_submit,
  },
  .other = pr_other,
};

static int cmp_thread(const void *a, const void *b)
{
  const oa_event *x = a, *y = b;
  if (x->thread != y->thread)
    return x->thread < y->thread ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

static void report_unsupported(const oa_file_header *h)
{
  if (!h->unsupported)
    oa_debug("the OpenMP runtime accepted every callback ompadv registers");
  for (unsigned cb = 1; cb < 64; cb++)
    if (h->unsupported & (UINT64_C(1) << cb))
      oa_debug("the OpenMP runtime does not provide the '%s' callback",
               oa_event_type_name(cb) ? oa_event_type_name(cb) : "?");
}

static int print_trace(const oa_result *r, const struct trace_opts *o, const char *path,
                       FILE *out, char *err, size_t errlen)
{
  struct printer p = { .f = out, .sym = oa_sym_for_result(r), .addresses = o->addresses };
  if (o->by_thread)
    qsort(r->events, r->nevents, sizeof *r->events, cmp_thread);
  oa_rec_visitor v = printer_visitor;
  v.ctx = &p;
  int rc = oa_rec_visit_events(r->events, r->nevents, &v, path, err, errlen);
  if (p.deps && rc >= 0)
    end(&p, p.deps);
  oa_sym_free(p.sym);
  return rc < 0 ? -1 : 0;
}

static void summarize(const oa_result *r)
{
  const oa_file_header *h = &r->header;
  report_unsupported(h);
  oa_debug("runtime: %s", h->runtime);
  if (h->events_lost)
    oa_warn("%llu events were lost: the result file could not grow (disk full?)",
            (unsigned long long)h->events_lost);
  if (h->state != OA_STATE_FINALIZED)
    oa_note("the OpenMP runtime did not finish (the program ended in _exit, a signal or a "
            "crash): the trace holds the events up to that point");
  oa_note("trace: %zu events", r->nevents);
}

static int show(const char *path, const struct trace_opts *o, FILE *out, int fail_code)
{
  oa_result r;
  char err[PATH_MAX + 256];
  if (oa_result_read(path, &r, err, sizeof err) != 0) {
    oa_error("cannot read the trace: %s", err);
    return fail_code;
  }
  if (print_trace(&r, o, path, out, err, sizeof err) != 0) {
    oa_error("cannot read the trace: %s", err);
    oa_result_free(&r);
    return fail_code;
  }
  summarize(&r);
  oa_result_free(&r);
  return 0;
}

struct trace_run {
  const struct trace_opts *o;
  FILE *out;
};

static int show_run(void *ctx, const oa_launch *l)
{
  const struct trace_run *t = ctx;
  return show(l->result_path, t->o, t->out, OA_EXIT_FAIL);
}

static void saved(void *ctx, const oa_launch *l)
{
  (void)ctx;
  char *q = oa_shell_quote(l->result_name);
  oa_note("trace: raw events saved in %s (print them again with: ompadv trace -i %s)",
          l->result_name, q);
  free(q);
}

static int run_trace(const oa_command *self, int argc, char **argv)
{
  struct trace_opts o = { 0 };
  oa_common c = { 0 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  if (o.input) {
    if (first < argc)
      oa_die(OA_EXIT_USAGE, "trace: give either -i FILE or a program, not both");
    /* before the result is opened (a named pipe would block that for ever)
     * and before the output is */
    oa_input_check(o.input, "an ompadv result", "cannot read the trace");
    c.to_stdout = 1;  /* no program runs: the events are the output */
    FILE *out = oa_open_output(&c);
    return oa_close_output(out, show(o.input, &o, out, OA_EXIT_USAGE));
  }
  oa_need_program(self, first, argc);
  struct trace_run t = { &o, oa_open_output(&c) };  /* before the run: a bad path must
                                                     * not waste it */
  oa_launch l = { .run.mode = OA_RUN_TRACE, .threads = c.threads, .result = o.save,
                  .argv = argv + first };
  oa_run_ops ops = { .cmd = "trace", .verb = "trace", .analyse = show_run, .kept = saved,
                     .ctx = &t };
  return oa_close_output(t.out, oa_run(&l, &ops));
}

static const oa_option trace_options[] = {
  { "by-thread", 0, NULL, T_BY_THREAD, "group the events by thread (each in arrival order)" },
  { "addresses", 0, NULL, T_ADDRESSES, "also print each code address (ra=0x...)" },
  { "save", 0, "FILE", T_SAVE, "keep the raw events in FILE (%p: the target's pid)" },
  { "input", 'i', "FILE", T_INPUT, "print the events saved in FILE instead of running a program" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_trace = {
  "trace", run_trace, "print every OMPT event the tool receives, one line each",
  "[OPTIONS] [--] PROG [ARGS]  |  ompadv trace -i FILE", OPT_THREADS | OPT_OUTPUT | OPT_QUIET | OPT_VERBOSE,
  trace_options,
  NULL,
  NULL,
  NULL,
};
