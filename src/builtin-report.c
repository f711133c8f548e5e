/* `ompadv report`: the parallelism profile of a recording, computed offline
 * by replaying its OSPG into the same analysis the tool runs online
 * (dissertation 3.6.1, Alg. 9-11), and the what-if profile (3.7.1, Alg.
 * 14-15) when the program carries ompadv_whatif annotations or --region
 * names regions to imagine parallelized. */
#include "ompadv.h"

#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recfile.h"
#include "scale.h"
#include "html.h"
#include "outfile.h"
#include "util.h"

enum { O_INPUT = 1, O_REGION, O_FACTOR, O_ONLINE, O_NO_ANNOTATIONS, O_TIME, O_TIMELINE, O_AT,
       O_FAIL_BELOW };

typedef struct report_opts {
  const char *input;
  const char **inputs;          /* every -i, in order */
  size_t ninputs;
  oa_region_spec *specs;
  size_t nspecs;
  double factor;
  int online, no_annotations, time;
  const char *timeline;
  uint32_t at;                  /* --threads-at */
  double fail_below;            /* --fail-below P, 0: none */
} report_opts;

double oa_parse_factor(const char *opt, const char *arg)
{
  char *end;
  errno = 0;
  double f = strtod(arg, &end);
  if (errno || *end || !(f > 1) || f > 1e9)
    oa_die(OA_EXIT_USAGE, "%s wants a number above 1, not '%s'", opt, arg);
  return f;
}

static int on_option(int id, const char *arg, void *ctx)
{
  report_opts *o = ctx;
  switch (id) {
  case O_INPUT:
    o->input = arg;
    o->inputs = oa_xrealloc(o->inputs, (o->ninputs + 1) * sizeof *o->inputs);
    o->inputs[o->ninputs++] = arg;
    break;
  case O_REGION:
    o->specs = oa_xrealloc(o->specs, (o->nspecs + 1) * sizeof *o->specs);
    oa_region_spec_parse("--region", arg, &o->specs[o->nspecs++]);
    break;
  case O_FACTOR: o->factor = oa_parse_factor("--factor", arg); break;
  case O_ONLINE: o->online = 1; break;
  case O_NO_ANNOTATIONS: o->no_annotations = 1; break;
  case O_TIME: o->time = 1; break;
  case O_TIMELINE: o->timeline = arg; break;
  case O_AT: o->at = oa_parse_team_size("report", "--threads-at", arg); break;
  case O_FAIL_BELOW: o->fail_below = oa_parse_fail_below("report", arg); break;
  }
  return 0;
}

typedef struct spec_ctx {
  oa_recording *rec;
  report_opts *o;
} spec_ctx;

/* What-if factor of a region: the first --region it lies within. */
static double spec_factor(void *ctx, uint32_t region)
{
  spec_ctx *s = ctx;
  const oa_rec_region *g = oa_rec_region_at(s->rec, region);
  for (size_t i = 0; g && i < s->o->nspecs; i++)
    if (oa_region_spec_match(&s->o->specs[i], g)) {
      s->o->specs[i].matched++;
      return s->o->specs[i].factor ? s->o->specs[i].factor : s->o->factor;
    }
  return 0;
}

static int show_online(oa_recording *rec, const oa_common *c, FILE *out, double fail_below)
{
  const oa_profile_header *h;
  const oa_profile_loc *locs;
  const oa_profile_nested *nested;
  if (!oa_rec_online(rec, &h, &locs, &nested)) {
    oa_error("the recording holds no online profile (the program ended before the end of its "
             "first top-level parallel region)");
    return OA_EXIT_FAIL;
  }
  oa_profile_view v = { h, locs, nested, "report", oa_rec_header(rec), NULL };
  oa_render_profile(out, c, &v, oa_recording_loc_name, rec, NULL, NULL);
  return oa_gate_below("report", "", h, fail_below) ? OA_EXIT_GATE : 0;
}

/* Several recordings (the ranks of an MPI job): their table and the
 * directives merged over them. */
static int report_ranks(char **files, size_t n, const report_opts *o, const oa_common *c,
                        oa_page *page)
{
  oa_recording **recs = oa_xcalloc(n, sizeof *recs);
  oa_replay_out *outs = oa_xcalloc(n, sizeof *outs);
  oa_rank_view *views = oa_xcalloc(n, sizeof *views);
  for (size_t i = 0; i < n; i++) {
    recs[i] = oa_recording_load(files[i]);
    oa_recording_replay(recs[i], NULL, &outs[i]);
    /* achieved parallelism: the work over the time the run took, where the
     * work is in the same ticks as the records' time stamps */
    uint64_t elapsed = outs[i].time_last - outs[i].time_first;
    double achieved = outs[i].h.metric == OA_METRIC_TSC && elapsed
                          ? (double)outs[i].h.work / (double)elapsed : 0;
    views[i] = (oa_rank_view){ files[i], achieved, oa_replay_view(&outs[i], recs[i]),
                               oa_recording_loc_name, recs[i] };
  }
  FILE *out = oa_open_output(c);
  oa_render_ranks(out, c, views, n);
  if (page) {
    oa_common json = *c;
    json.format = "json";
    oa_render_ranks(oa_page_doc(page, "ranks"), &json, views, n);
  }
  int gate = 0;
  for (size_t i = 0; i < n; i++)
    gate |= oa_gate_below("report", files[i], views[i].v.h, o->fail_below);
  int rc = oa_close_output(out, gate ? OA_EXIT_GATE : 0);
  rc = oa_page_end(page, rc);
  for (size_t i = 0; i < n; i++) {
    oa_replay_out_free(&outs[i]);
    oa_rec_close(recs[i]);
  }
  free(views);
  free(outs);
  free(recs);
  return rc;
}

/* Which run the recording holds: two runs recording into one file at once
 * both finish, and the last one to end is what is there. */
static void note_run(const char *path, oa_recording *rec)
{
  const oa_file_header *h = oa_rec_header(rec);
  char when[64] = "";
  time_t t = (time_t)(h->started_ns / 1000000000u);
  struct tm tm;
  if (h->started_ns && localtime_r(&t, &tm))
    strftime(when, sizeof when, ", started %Y-%m-%d %H:%M:%S %Z", &tm);
  oa_note("report: %s holds the run of process %u%s", path, h->pid, when);
}

static int run_report(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  report_opts o = { .input = "ompadv.data", .factor = 16 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  c.to_stdout = 1;  /* no program runs: the report is the output, as perf report's */
  if (first < argc)
    oa_die(OA_EXIT_USAGE, "report: unexpected argument '%s' (the recording is given with -i FILE)",
           argv[first]);
  if (o.timeline && !o.time)
    oa_die(OA_EXIT_USAGE, "report: --timeline goes with --time");
  size_t nfiles;
  char **files = oa_recording_inputs(o.inputs, o.ninputs, &nfiles);
  for (size_t i = 0; i < nfiles; i++)
    oa_guard_input(files[i], "--input");
  if (!nfiles)
    oa_guard_input(o.input, "--input");
  if (o.at && (nfiles > 1 || o.online || o.time))
    oa_die(OA_EXIT_USAGE, "report: --threads-at analyses one recording offline: give one -i "
           "FILE, without --online or --time");
  if (o.time && (nfiles != 1 || o.online || o.nspecs))
    oa_die(OA_EXIT_USAGE, "report: --time takes one recording, without --online or --region");
  if (o.time && o.fail_below)
    oa_die(OA_EXIT_USAGE, "report: --fail-below gates the parallelism profile: give it without "
           "--time");
  if (c.html && o.online)
    oa_die(OA_EXIT_USAGE, "report: --html draws one recording's offline analysis (or the "
           "ranks'): leave out --online");
  if (nfiles > 1 && (o.online || o.nspecs))
    oa_die(OA_EXIT_USAGE, "report: --online and --region take one recording, not %zu", nfiles);
  oa_page *page = NULL;
  if (c.html) {
    page = oa_page_open(c.html, "report");
    if (nfiles > 1)
      oa_page_subject(page, "%zu recordings (MPI ranks) %s ... %s", nfiles, files[0],
                      files[nfiles - 1]);
    else
      oa_page_subject(page, "recording %s", nfiles ? files[0] : o.input);
  }
  if (o.time) {
    int r = oa_time_report(files[0], &c, o.timeline, page);
    if (page && r)
      oa_page_discard(page);
    else if (page)
      r = oa_page_close(page);
    free(files[0]);
    free(files);
    free(o.inputs);
    return r;
  }
  if (nfiles > 1) {
    int r = report_ranks(files, nfiles, &o, &c, page);
    for (size_t i = 0; i < nfiles; i++)
      free(files[i]);
    free(files);
    free(o.inputs);
    return r;
  }
  if (nfiles == 1)
    o.input = files[0];
  oa_recording *rec = oa_recording_load(o.input);
  FILE *out = oa_open_output(&c);
  int rc = 0, gate = 0;
  if (o.online) {
    rc = show_online(rec, &c, out, o.fail_below);
    goto done;
  }
  oa_replay_out base, wi;
  oa_scale *sb = o.at ? oa_scale_new(&o.at, 1, NULL) : NULL;
  oa_scale *sa = o.at ? oa_scale_new(&o.at, 1, NULL) : NULL;
  oa_recording_replay(rec, &(oa_replay_opts){ .scale = sb }, &base);
  spec_ctx sc = { rec, &o };
  oa_replay_opts wo = { .annotations = !o.no_annotations, .factor = o.nspecs ? spec_factor : NULL,
                        .ctx = &sc, .scale = sa };
  oa_recording_replay(rec, &wo, &wi);
  oa_profile_view v = oa_replay_view(&base, rec);
  double at_before = 0, at_after = 0;
  if (o.at) {
    oa_scale_result r;
    oa_scale_compute(sb, (double)base.h.work, (double)base.h.span, &base.cp, &r);
    at_before = r.points[0].parallelism;
    oa_scale_compute(sa, (double)wi.h.work, (double)wi.h.span, &wi.cp, &r);
    at_after = r.points[0].parallelism;
    oa_scale_free(sb);
    oa_scale_free(sa);
  }
  if (wi.whatif_nodes == 0 && o.nspecs == 0 && !o.at) {
    oa_render_profile(out, &c, &v, oa_recording_loc_name, rec, NULL, NULL);
    if (page)
      oa_render_profile_json(oa_page_doc(page, "profile"), &c, &v, oa_recording_loc_name, rec,
                             NULL);
  } else {
    oa_whatif_region *regs = oa_xcalloc(wi.napplied + 1, sizeof *regs);
    for (size_t i = 0; i < wi.napplied; i++)
      regs[i] = (oa_whatif_region){ oa_rec_region_at(rec, wi.applied[i].region)->name,
                                    wi.applied[i].factor };
    oa_whatif_info info = { &v, regs, wi.napplied, wi.whatif_nodes, wi.granularity_floor,
                            o.at, at_before, at_after };
    oa_profile_view after = oa_replay_view(&wi, rec);
    oa_render_profile(out, &c, &after, oa_recording_loc_name, rec, &info, NULL);
    if (page)
      oa_render_profile_json(oa_page_doc(page, "profile"), &c, &after, oa_recording_loc_name,
                             rec, &info);
    free(regs);
  }
  /* the gate holds the measured parallelism, whatever a what-if imagines */
  fflush(out);
  gate = oa_gate_below("report", "", &base.h, o.fail_below);
  if (page) {
    /* a recording of ompadv time: its timeline and findings too */
    int trc = oa_time_page(rec, &base, o.input, &c, page);
    if (trc == 1)
      oa_page_note(page, "This recording holds no timestamps: record with ompadv time --record FILE "
                   "for the timeline, where the threads' time went and the findings.");
    else if (trc)
      rc = trc;
    rc = oa_page_end(page, rc);
  }
  for (size_t i = 0; i < o.nspecs; i++)
    if (!o.specs[i].matched)
      oa_warn("--region %s:%s matched no fragment of the recording (a region is FILE:LINE, or "
              "FILE:FIRST-LAST exactly as ompadv whatif names them)", o.specs[i].file,
              o.specs[i].text);
  oa_debug("report: %llu records replayed, at most %llu OSPG nodes alive",
           (unsigned long long)base.records, (unsigned long long)base.peak_nodes);
  oa_replay_out_free(&base);
  oa_replay_out_free(&wi);
  if (!rc && gate)
    rc = OA_EXIT_GATE;
done:
  rc = oa_close_output(out, rc);
  if (!rc || rc == OA_EXIT_GATE)
    note_run(o.input, rec);
  for (size_t i = 0; i < o.nspecs; i++) {
    free(o.specs[i].file);
    free(o.specs[i].text);
  }
  free(o.specs);
  oa_rec_close(rec);
  for (size_t i = 0; i < nfiles; i++)
    free(files[i]);
  free(files);
  free(o.inputs);
  return rc;
}

static const oa_option report_options[] = {
  { "input", 'i', "FILE", O_INPUT,
    "the recording to analyse [ompadv.data]; several (repeated, or a quoted pattern such as "
    "'app.*.data'): the ranks of an MPI job, merged" },
  { "region", 0, "SPEC", O_REGION,
    "what-if: imagine the region FILE:FIRST-LAST, or those running FILE:LINE, parallelized "
    "(=FACTOR; repeatable)" },
  { "factor", 0, "F", O_FACTOR, "what-if factor of --region specs without one [16]" },
  { "no-annotations", 0, NULL, O_NO_ANNOTATIONS, "ignore ompadv_whatif_begin/end annotations" },
  { "online", 0, NULL, O_ONLINE, "print the profile the tool computed during the run instead" },
  { "time", 0, NULL, O_TIME,
    "where the threads' time went, as ompadv time prints it (a recording of ompadv time --record)" },
  { "timeline", 0, "FILE", O_TIMELINE, "with --time: write the timeline as CSV to FILE" },
  { "fail-below", 0, "P", O_FAIL_BELOW,
    "exit 3 (after the report) when the program's parallelism is below P (each rank's, with "
    "several recordings): a CI gate" },
  { "threads-at", 0, "P", O_AT,
    "also the parallelism at team size P, before and after the what-if: static loops in the "
    "blocks the schedule gives P threads (as ompadv scale)" },
  { NULL, 0, NULL, 0, NULL },
};

/* the profile's, then those of --time's directives (builtin-time.c) */
static const char *const report_sort_keys[] = { "critical", "work", "span", "parallelism",
                                                "tasking", "instances", "location", "total",
                                                "overhead", "delay", "no-work", "lock-wait",
                                                NULL };

const oa_command oa_cmd_report = {
  "report", run_report, "the parallelism profile (and what-if profile) of a recording",
  "[-i FILE] [--region SPEC]... [OPTIONS]",
  OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_TABLE | OPT_QUIET | OPT_VERBOSE,
  report_options,
  NULL,
  NULL,
  report_sort_keys,
};
