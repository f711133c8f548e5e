/* Unit test of the record definitions of contract.h (union oa_record): the
 * accessor pairs of packed fields give back what was stored; a recording
 * written through the typed structs, one record of every OA_REC_* kind,
 * replays (corelib/replay.c) into the profile it describes; race records
 * come back from a result file (corelib/result.c) as written; the record
 * visitor (corelib/recording.h) hands each kind to its callback, counts
 * the kinds contract.h does not define and refuses a record that fails
 * its check, over a recording and over records in memory.
 *   test-records --fields   print every field of the record kinds that
 *                           tests/fuzz/rectool.py writes (KIND FIELD OFFSET
 *                           SIZE), to check its table against contract.h */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <omp-tools.h>

#include "contract.h"
#include "ospg.h"
#include "recording.h"
#include "replay.h"
#include "result.h"
#include "check.h"

#define FIELD(kind, T, f) printf("%s %s %zu %zu\n", kind, #f, offsetof(T, f), sizeof(((T *)0)->f))

static void print_fields(void)
{
  FIELD("META", struct oa_record_meta, metric);
  FIELD("META", struct oa_record_meta, task_cost);
  FIELD("META", struct oa_record_meta, task_cost_undeferred);
  FIELD("LOC", struct oa_record_loc, loc);
  FIELD("LOC", struct oa_record_loc, code);
  FIELD("LOC", struct oa_record_loc, kind);
  FIELD("LOC", struct oa_record_loc, loc_flags);
  FIELD("REGION", struct oa_record_region, region);
  FIELD("REGION", struct oa_record_region, team);
  FIELD("SLOT", struct oa_record_slot, region);
  FIELD("SLOT", struct oa_record_slot, index);
  FIELD("SLOT", struct oa_record_slot, loc);
  FIELD("NEW", struct oa_record_new, region);
  FIELD("NEW", struct oa_record_new, node);
  FIELD("NEW", struct oa_record_new, parent);
  FIELD("NEW", struct oa_record_new, loc);
  FIELD("NEW", struct oa_record_new, own_loc);
  FIELD("NEW", struct oa_record_new, inst);
  FIELD("NEW", struct oa_record_new, team_index);
  FIELD("NEW", struct oa_record_new, bits);
  FIELD("NEW", struct oa_record_new, nanc);
  FIELD("ANC", struct oa_record_anc, anc);
  FIELD("CLOSE", struct oa_record_close, node);
  FIELD("CLOSE", struct oa_record_close, work);
  FIELD("CLOSE", struct oa_record_close, cost);
  FIELD("CLOSE", struct oa_record_close, st_val);
  FIELD("CLOSE", struct oa_record_close, undeferred);
  FIELD("PRED", struct oa_record_pred, succ);
  FIELD("PRED", struct oa_record_pred, pred);
  FIELD("HOLD", struct oa_record_node_ref, node);
  FIELD("RELEASE", struct oa_record_node_ref, node);
  FIELD("TEAM", struct oa_record_word, value);
  FIELD("FLAG", struct oa_record_word, value);
  FIELD("W", struct oa_record_w, inst);
  FIELD("W", struct oa_record_w, whatif);
  FIELD("W", struct oa_record_w, begin_cont);
  FIELD("W", struct oa_record_w, edge_end);
  FIELD("W", struct oa_record_w, node);
  FIELD("W", struct oa_record_w, parent);
  FIELD("W", struct oa_record_w, work);
  FIELD("W", struct oa_record_w, locs);
  FIELD("W", struct oa_record_w, team_index);
  FIELD("WAIT", struct oa_record_wait, node);
  FIELD("WAIT", struct oa_record_wait, root);
}

static void accessors(void)
{
  for (int st = -1; st <= 2; st++) {
    struct oa_record_new n = { .bits = OA_NEW_TASK | OA_NEW_PIECE };
    n.bits |= oa_record_new_st_bits(st);
    CHECK(oa_record_new_st_val(&n) == st, "st_val %d came back %d", st,
          oa_record_new_st_val(&n));
    CHECK((n.bits & ~OA_NEW_ST_VAL) == (OA_NEW_TASK | OA_NEW_PIECE), "st_val %d: bits %#x", st,
          n.bits);
  }
  static const uint32_t locs[][2] = { { 0, 0 }, { 1, 2 }, { 0xffffff, 0 }, { 0, 0xffffff },
                                      { 0xabcdef, 0x123456 } };
  for (size_t i = 0; i < sizeof locs / sizeof *locs; i++) {
    struct oa_record_w w = { .team_index = 0xbeef };
    oa_record_w_set_locs(&w, locs[i][0], locs[i][1]);
    CHECK(oa_record_w_loc(&w) == locs[i][0] && oa_record_w_own_loc(&w) == locs[i][1],
          "locs %#x %#x came back %#x %#x", locs[i][0], locs[i][1], oa_record_w_loc(&w),
          oa_record_w_own_loc(&w));
    CHECK(w.team_index == 0xbeef, "locs %zu overwrote team_index", i);
  }
  for (int cont = 0; cont <= 1; cont++) {
    struct oa_record_w w = { 0 };
    oa_record_w_set_edges(&w, 0x7fffffff, cont, 0xffffffff);
    CHECK(oa_record_w_begin(&w) == 0x7fffffff && oa_record_w_cont(&w) == cont
              && w.edge_end == 0xffffffff,
          "edges cont %d: %#x %d %#x", cont, oa_record_w_begin(&w), oa_record_w_cont(&w),
          w.edge_end);
  }
}

/* --- files -------------------------------------------------------------------- */

static oa_record recs[64];
static size_t nrecs;

static oa_record *add(unsigned type, unsigned sub)
{
  oa_record *r = &recs[nrecs];
  r->ev = (oa_event){ .type = (uint16_t)type, .sub = (uint8_t)sub, .seq = nrecs,
                      .time = 1000 + nrecs };
  nrecs++;
  return r;
}

static const char *write_file(const char *name, uint32_t mode)
{
  static char path[256];
  const char *dir = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "/tmp", name);
  FILE *f = fopen(path, "wb");
  if (!f) {
    perror(path);
    exit(2);
  }
  oa_file_header h = { .magic = OA_FILE_MAGIC, .version = OA_FILE_VERSION,
                       .header_size = OA_HEADER_SIZE, .mode = mode,
                       .state = OA_STATE_FINALIZED, .nthreads = 1 };
  static char page[OA_HEADER_SIZE];
  memset(page, 0, sizeof page);
  memcpy(page, &h, sizeof h);
  fwrite(page, 1, sizeof page, f);
  static unsigned char chunk[8192], packed[sizeof recs / sizeof *recs * OA_PACK_MAX];
  size_t bytes = oa_pack_chunk(recs, nrecs, packed, OA_FILE_VERSION);
  if (bytes > sizeof chunk - sizeof(oa_chunk_header)) {
    fprintf(stderr, "%s: %zu bytes of records do not fit one chunk\n", name, bytes);
    exit(2);
  }
  oa_chunk_header c = { .magic = OA_CHUNK_MAGIC, .kind = OA_CHUNK_EVENTS, .size = 8192,
                        .used = oa_chunk_used((uint32_t)bytes, (uint32_t)nrecs) };
  memset(chunk, 0, sizeof chunk);
  memcpy(chunk, &c, sizeof c);
  memcpy(chunk + sizeof c, packed, bytes);
  fwrite(chunk, 1, sizeof chunk, f);
  fclose(f);
  return path;
}

static void new_node(uint64_t id, uint64_t parent, oa_kind kind, uint64_t region, uint32_t loc,
                     uint8_t bits, int st_val, uint8_t nanc)
{
  struct oa_record_new *n = &add(OA_REC_NEW, kind)->rec_new;
  n->region = region;
  n->node = id;
  n->parent = parent;
  n->loc = n->own_loc = loc;
  n->bits = bits | oa_record_new_st_bits(st_val);
  n->nanc = nanc;
}

static void fragment(uint64_t id, uint64_t parent, uint64_t work, uint32_t loc)
{
  struct oa_record_w *w = &add(OA_REC_W, 0)->rec_w;
  w->node = id;
  w->parent = parent;
  w->work = work;
  oa_record_w_set_locs(w, loc, loc);
  oa_record_w_set_edges(w, 2, 0, 2);
}

static void close_node(uint64_t id, uint64_t work, uint64_t cost, int st_val)
{
  struct oa_record_close *c = &add(OA_REC_CLOSE, 0)->rec_close;
  c->node = id;
  c->work = work;
  c->cost = cost;
  c->st_val = (int8_t)st_val;
}

static void node_ref(unsigned type, uint64_t id)
{
  add(type, 0)->rec_hold.node = id;
}

/* The initial task creates two tasks (the second depends on the first) in
 * region 1 and waits for them: every kind of recording record once. */
static void recording(void)
{
  nrecs = 0;
  struct oa_record_region *g = &add(OA_REC_REGION, 0)->rec_region;
  g->region = 1;
  g->team = 2;
  struct oa_record_meta *m = &add(OA_REC_META, 0)->rec_meta;
  m->metric = OA_METRIC_CYCLES;
  m->task_cost = 100;
  m->task_cost_undeferred = 50;
  struct oa_record_loc *l = &add(OA_REC_LOC, 0)->rec_loc;
  l->loc = 1;
  l->code = 0x1000;
  l->kind = OA_C_TASK;
  l->loc_flags = OA_WHERE_WALKED;
  l = &add(OA_REC_LOC, 0)->rec_loc;
  l->loc = 2;
  l->code = 0x2000;
  l->kind = OA_C_EDGE;
  new_node(2, 0, OA_S, 1, 0, 0, 0, 0xff);
  new_node(3, 2, OA_ST, 0, 0, 0, -1, 0xff);
  add(OA_REC_TEAM, 0)->rec_team.value = 2;
  new_node(4, 3, OA_P, 0, 1, OA_NEW_TASK, 1, 1);
  add(OA_REC_ANC, 0)->rec_anc.anc[0] = 1;
  node_ref(OA_REC_HOLD, 4);
  new_node(5, 3, OA_P, 0, 1, OA_NEW_TASK, 1, 0);
  struct oa_record_pred *p = &add(OA_REC_PRED, 0)->rec_pred;
  p->succ = 5;
  p->pred = 4;
  fragment(6, 4, 100, 1);
  close_node(4, 100, 100, 1);
  fragment(7, 5, 50, 1);
  close_node(5, 50, 100, 1);
  node_ref(OA_REC_RELEASE, 4);
  struct oa_record_wait *w = &add(OA_REC_WAIT, 0)->rec_wait;
  w->node = 3;
  w->root = 2;
  close_node(3, 150, 0, -1);
  fragment(8, 2, 10, 0);
  add(OA_REC_FLAG, 0)->rec_flag.value = OA_PROF_APPROX_SPAN;
  close_node(2, 160, 0, 0);

  const char *path = write_file("ompadv-test-records", OA_MODE_RECORD);
  oa_recording *r;
  char err[512] = "";
  int rc = oa_rec_open(path, &r, err, sizeof err);
  CHECK(rc == 0, "recording rejected: %s", err);
  if (rc)
    return;
  CHECK(oa_rec_scan_locs(r, err, sizeof err) == 0, "locations: %s", err);
  oa_replay_out out;
  rc = oa_replay(r, NULL, &out, err, sizeof err);
  CHECK(rc == 0, "replay: %s", err);
  if (rc == 0) {
    CHECK(out.records == nrecs, "%llu of %zu records replayed",
          (unsigned long long)out.records, nrecs);
    CHECK(!out.partial, "partial");
    CHECK(out.h.metric == OA_METRIC_CYCLES, "metric %u", out.h.metric);
    CHECK(out.h.task_cost == 100 && out.h.task_cost_undeferred == 50, "costs %llu %llu",
          (unsigned long long)out.h.task_cost, (unsigned long long)out.h.task_cost_undeferred);
    CHECK(out.granularity_floor == 1000, "floor %llu",
          (unsigned long long)out.granularity_floor);
    CHECK(out.h.threads == 2, "threads %u", out.h.threads);
    CHECK(out.h.flags == OA_PROF_APPROX_SPAN, "flags %#x", out.h.flags);
    CHECK(out.h.work == 160, "work %llu", (unsigned long long)out.h.work);
    CHECK(out.h.tasks == 2, "tasks %llu", (unsigned long long)out.h.tasks);
    CHECK(out.h.nodes == 7, "nodes %llu", (unsigned long long)out.h.nodes);
    CHECK(out.time_first == 1000, "time_first %llu", (unsigned long long)out.time_first);
    const oa_rec_loc *l1 = oa_rec_loc_at(r, 1), *l2 = oa_rec_loc_at(r, 2);
    CHECK(l1 && l1->where == 0x1000 && l1->kind == OA_C_TASK && l1->flags == OA_WHERE_WALKED,
          "location 1");
    CHECK(l2 && l2->where == 0x2000 && l2->kind == OA_C_EDGE && l2->flags == 0, "location 2");
    oa_replay_out_free(&out);
  }
  oa_rec_close(r);
  unlink(path);
}

/* Race mode's records, through the result reader. */
static void race_records(void)
{
  nrecs = 0;
  struct oa_race_stack *s = &add(OA_RACE_STACK, 3 | OA_RACE_STACK_EARLIER)->race_stack;
  s->callers[0] = 0x11;
  s->callers[1] = 0x12;
  s->callers[2] = 0x13;
  struct oa_race_report *x = &add(OA_RACE_REPORT, OA_RACE_LATER_WRITE)->race_report;
  x->earlier_thread = 7;
  x->size = 8;
  x->later_kind = OA_C_PARALLEL;
  x->earlier_kind = OA_C_TASK;
  x->memory = OA_RACE_MEM_TLS | 2;
  x->address = 0xdead0;
  x->later_code = 0x21;
  x->earlier_code = 0x22;
  x->later_construct = 0x23;
  x->earlier_construct = 0x24;
  struct oa_race_check *c = &add(OA_RACE_CHECK, 0)->race_check;
  c->why = OA_RACE_WHY_MUTEX;
  c->why_code = 0x31;
  struct oa_race_summary *m = &add(OA_RACE_SUMMARY, 4)->race_summary;
  m->detector = 2;
  m->checked = 41;
  m->races = 42;
  m->dropped = 43;
  m->peak_shadow = 44;

  const char *path = write_file("ompadv-test-race-records", OA_MODE_RACE);
  oa_result res;
  char err[512] = "";
  int rc = oa_result_read(path, &res, err, sizeof err);
  CHECK(rc == 0, "race result rejected: %s", err);
  if (rc)
    return;
  CHECK(res.nevents == nrecs, "%zu records", res.nevents);
  for (size_t i = 0; i < res.nevents && i < nrecs; i++)
    CHECK(memcmp(&res.events[i], &recs[i], sizeof recs[i]) == 0, "record %zu differs", i);
  if (res.nevents == nrecs) {
    const oa_record *e = oa_record_of(&res.events[0]);
    CHECK(e->race_stack.callers[2] == 0x13 && e->race_stack.callers[3] == 0, "stack");
    e = oa_record_of(&res.events[1]);
    CHECK(e->race_report.earlier_thread == 7 && e->race_report.size == 8
              && e->race_report.memory == (OA_RACE_MEM_TLS | 2)
              && e->race_report.earlier_construct == 0x24,
          "report");
    e = oa_record_of(&res.events[3]);
    CHECK(e->race_summary.sub == 4 && e->race_summary.detector == 2
              && e->race_summary.peak_shadow == 44,
          "summary");
  }
  oa_result_free(&res);
  unlink(path);
}

/* --- the visitor -------------------------------------------------------------- */

typedef struct seen {
  int each, meta, region, other, stop_at;  /* stop_at: the META callback returns 7 */
  size_t thread;
  unsigned other_type[4];
} seen;

static int v_each(void *ctx, const oa_record *x, size_t thread)
{
  (void)x;
  seen *s = ctx;
  s->each++;
  s->thread = thread;
  return 0;
}

static int v_meta(void *ctx, const oa_record *x, size_t thread)
{
  (void)x, (void)thread;
  seen *s = ctx;
  return ++s->meta == s->stop_at ? 7 : 0;
}

static int v_region(void *ctx, const oa_record *x, size_t thread)
{
  (void)x, (void)thread;
  ((seen *)ctx)->region++;
  return 0;
}

static int v_other(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  seen *s = ctx;
  if (s->other < 4)
    s->other_type[s->other] = x->h.type;
  s->other++;
  return 0;
}

static oa_rec_visitor visitor_of(seen *s)
{
  memset(s, 0, sizeof *s);
  return (oa_rec_visitor){ .ctx = s, .each = v_each, .other = v_other,
                           .on = { [OA_REC_META] = v_meta, [OA_REC_REGION] = v_region } };
}

/* Six records: META, two of kinds contract.h does not define (299, between
 * the raw and the recording kinds, and 999, past every table), REGION, a
 * LOC (no callback: other gets it) and META again.  Over a recording and
 * over the same records in memory: 6 visited, 2 unknown, META's callback
 * twice, REGION's once, other 3 times (299, 999, LOC, in that order). */
static void visitor(void)
{
  nrecs = 0;
  add(OA_REC_META, 0)->rec_meta.metric = OA_METRIC_TSC;
  add(299, 0);
  struct oa_record_region *g = &add(OA_REC_REGION, 0)->rec_region;
  g->region = 1;
  g->team = 4;
  add(999, 0);
  struct oa_record_loc *l = &add(OA_REC_LOC, 0)->rec_loc;
  l->loc = 1;
  l->kind = OA_C_TASK;
  add(OA_REC_META, 0)->rec_meta.metric = OA_METRIC_CYCLES;
  CHECK(!oa_rec_type_known(299) && !oa_rec_type_known(999) && oa_rec_type_known(OA_REC_META)
            && oa_rec_type_known(OA_RAW_PREEMPT) && oa_rec_type_known(OA_RACE_STACK)
            && oa_rec_type_known(ompt_callback_parallel_begin),
        "known kinds");

  const char *path = write_file("ompadv-test-visitor", OA_MODE_RECORD);
  oa_recording *r;
  char err[512] = "";
  int rc = oa_rec_open(path, &r, err, sizeof err);
  CHECK(rc == 0, "recording rejected: %s", err);
  if (rc)
    return;
  seen s;
  for (int mem = 0; mem <= 1; mem++) {
    oa_rec_visitor v = visitor_of(&s);
    rc = mem ? oa_rec_visit_events(&recs[0].ev, nrecs, &v, "mem", err, sizeof err)
             : oa_rec_visit(r, &v, err, sizeof err);
    CHECK(rc == 0, "%s: visit: %d %s", mem ? "memory" : "recording", rc, err);
    CHECK(v.records == 6 && v.unknown == 2, "%s: %llu records, %llu unknown",
          mem ? "memory" : "recording", (unsigned long long)v.records,
          (unsigned long long)v.unknown);
    CHECK(s.each == 6 && s.meta == 2 && s.region == 1 && s.other == 3,
          "%s: each %d meta %d region %d other %d", mem ? "memory" : "recording", s.each,
          s.meta, s.region, s.other);
    CHECK(s.other_type[0] == 299 && s.other_type[1] == 999 && s.other_type[2] == OA_REC_LOC,
          "%s: other got %u %u %u", mem ? "memory" : "recording", s.other_type[0],
          s.other_type[1], s.other_type[2]);
    CHECK(s.thread == 0, "thread %zu", s.thread);
    /* a callback that returns non-zero stops the visit: nothing after it */
    v = visitor_of(&s);
    s.stop_at = 1;
    rc = mem ? oa_rec_visit_events(&recs[0].ev, nrecs, &v, "mem", err, sizeof err)
             : oa_rec_visit(r, &v, err, sizeof err);
    CHECK(rc == 7 && s.each == 1 && v.records == 1, "%s: stopped: rc %d, each %d",
          mem ? "memory" : "recording", rc, s.each);
  }
  oa_rec_close(r);
  unlink(path);

  /* the REGION record (record 2) with team 0: refused before any callback
   * sees it, and nothing after it is visited */
  g->team = 0;
  path = write_file("ompadv-test-visitor-bad", OA_MODE_RECORD);
  rc = oa_rec_open(path, &r, err, sizeof err);
  CHECK(rc == 0, "recording rejected: %s", err);
  if (rc)
    return;
  for (int mem = 0; mem <= 1; mem++) {
    oa_rec_visitor v = visitor_of(&s);
    err[0] = 0;
    rc = mem ? oa_rec_visit_events(&recs[0].ev, nrecs, &v, "mem", err, sizeof err)
             : oa_rec_visit(r, &v, err, sizeof err);
    CHECK(rc == -1, "%s: bad record: rc %d", mem ? "memory" : "recording", rc);
    CHECK(strstr(err, mem ? "mem: corrupt result: region (record 2, type 302)"
                          : ": corrupt recording: region (record 2, type 302)") != NULL,
          "%s: bad record: '%s'", mem ? "memory" : "recording", err);
    CHECK(s.each == 2 && s.region == 0 && s.other == 1 && v.records == 2,
          "%s: bad record: each %d region %d other %d", mem ? "memory" : "recording", s.each,
          s.region, s.other);
  }
  oa_rec_close(r);
  unlink(path);
}

int main(int argc, char **argv)
{
  if (argc == 2 && strcmp(argv[1], "--fields") == 0) {
    print_fields();
    return 0;
  }
  accessors();
  recording();
  race_records();
  visitor();
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
