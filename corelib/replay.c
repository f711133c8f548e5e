/* Offline analysis of a recording: see replay.h.
 *
 * The file is a result file (contract.h): per-thread chunks of 64-byte
 * records, each with a global sequence number.  Opening it reads only the
 * chunk headers, the location names and the online profile; a replay then
 * merges the threads' chunks by sequence number, one chunk per thread mapped
 * at a time, so memory does not grow with the file. */
#include "replay.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profagg.h"
#include "result.h"
#include "util.h"

#define PAGE 4096u

typedef struct chunk_ref {
  uint64_t off;
  uint32_t size;
} chunk_ref;

typedef struct thread_chunks {
  uint32_t thread;
  chunk_ref *c;
  size_t n, cap;
} thread_chunks;

struct oa_recording {
  char *path;
  int fd;
  uint64_t size;
  oa_file_header header;
  thread_chunks *threads;
  size_t nthreads;
  /* the online profile (the final one, else the last snapshot) */
  oa_profile_header *online;
  oa_profile_loc *online_locs;
  oa_profile_nested *online_nested;
  chunk_ref *modules;          /* OA_CHUNK_MODULES chunks */
  size_t nmodules;
  /* names appended by the driver */
  int has_names;
  uint64_t trailer_records, trailer_chunks, records;
  oa_rec_loc *locs;
  uint32_t nlocs, cap_locs;
  char **strings;              /* owned strings of locs */
  size_t nstrings;
  /* regions, interned by name; stable across replays */
  oa_rec_region *regions;
  uint32_t nregions, cap_regions;
};

#define fail oa_result_fail

/* --- opening ---------------------------------------------------------------- */

/* Location ids are given out in order, each with its LOC record: a file of n
 * records has fewer than n (fuzzing: one huge id made a table of 640 MB). */
static uint64_t loc_limit(const oa_recording *r)
{
  uint64_t n = r->size / sizeof(oa_event);
  return n < (1u << 24) ? n : (1u << 24);
}

static oa_rec_loc *loc_slot(oa_recording *r, uint32_t loc)
{
  if (loc >= r->cap_locs) {
    uint32_t cap = r->cap_locs ? r->cap_locs : 64;
    while (cap <= loc)
      cap *= 2;
    r->locs = oa_xrealloc(r->locs, cap * sizeof *r->locs);
    memset(r->locs + r->cap_locs, 0, (cap - r->cap_locs) * sizeof *r->locs);
    r->cap_locs = cap;
  }
  if (loc >= r->nlocs)
    r->nlocs = loc + 1;
  return &r->locs[loc];
}

static const char *keep(oa_recording *r, const char *s, size_t len)
{
  char *k = oa_xmalloc(len + 1);
  memcpy(k, s, len);
  k[len] = 0;
  r->strings = oa_xrealloc(r->strings, (r->nstrings + 1) * sizeof *r->strings);
  r->strings[r->nstrings++] = k;
  return k;
}

static int read_names(oa_recording *r, const char *p, uint64_t used)
{
  uint64_t off = 0;
  while (off + sizeof(oa_locname) <= used) {
    const oa_locname *n = (const oa_locname *)(p + off);
    if (n->record_size < sizeof *n + (size_t)n->file_len + n->func_len + 2
        || n->record_size % 8 || off + n->record_size > used || n->loc >= loc_limit(r)
        || n->text[n->file_len] != 0 || n->text[n->file_len + 1 + n->func_len] != 0)
      return -1;
    oa_rec_loc *l = loc_slot(r, n->loc);
    l->line = n->line;
    l->file = n->file_len ? keep(r, n->text, n->file_len) : NULL;
    l->func = n->func_len ? keep(r, n->text + n->file_len + 1, n->func_len) : NULL;
    off += n->record_size;
  }
  r->has_names = 1;
  return off == used ? 0 : -1;
}

static int read_profile(oa_recording *r, const char *p, uint64_t used)
{
  return oa_profile_chunk(p, used, &r->online, &r->online_locs, &r->online_nested);
}

static thread_chunks *chunks_of(oa_recording *r, uint32_t thread)
{
  for (size_t i = 0; i < r->nthreads; i++)
    if (r->threads[i].thread == thread)
      return &r->threads[i];
  r->threads = oa_xrealloc(r->threads, (r->nthreads + 1) * sizeof *r->threads);
  thread_chunks *t = &r->threads[r->nthreads++];
  memset(t, 0, sizeof *t);
  t->thread = thread;
  return t;
}

static int read_small_chunk(oa_recording *r, uint64_t off, const oa_chunk_header *c,
                            int (*fn)(oa_recording *, const char *, uint64_t))
{
  char *buf = oa_xmalloc(c->used ? c->used : 1);
  ssize_t got = pread(r->fd, buf, c->used, (off_t)(off + sizeof *c));
  int bad = got < 0 || (uint64_t)got != c->used || fn(r, buf, c->used) != 0;
  free(buf);
  return bad ? -1 : 0;
}

int oa_rec_open(const char *path, oa_recording **out, char *err, size_t errlen)
{
  struct stat st;
  oa_recording *r = oa_xcalloc(1, sizeof *r);
  r->path = oa_xstrdup(path);
  r->fd = open(path, O_RDONLY | O_CLOEXEC);
  *out = NULL;
  if (r->fd < 0 || fstat(r->fd, &st) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    goto bad;
  }
  if (!S_ISREG(st.st_mode)) {
    fail(err, errlen, path, "%s", S_ISDIR(st.st_mode) ? "is a directory, not a recording"
                                                       : "not a regular file");
    goto bad;
  }
  r->size = (uint64_t)st.st_size;
  if (r->size < OA_HEADER_SIZE
      || pread(r->fd, &r->header, sizeof r->header, 0) != (ssize_t)sizeof r->header) {
    fail(err, errlen, path, "not an ompadv recording (%llu bytes, too short)",
         (unsigned long long)r->size);
    goto bad;
  }
  if (r->header.magic != OA_FILE_MAGIC) {
    fail(err, errlen, path, "not an ompadv recording (bad magic)");
    goto bad;
  }
  if (r->header.version != OA_FILE_VERSION) {
    fail(err, errlen, path, "recording format version %u, this ompadv reads version %d",
         r->header.version, OA_FILE_VERSION);
    goto bad;
  }
  if (r->header.header_size != OA_HEADER_SIZE) {
    fail(err, errlen, path, "corrupt header (size %u)", r->header.header_size);
    goto bad;
  }
  if (r->header.mode != OA_MODE_RECORD) {
    fail(err, errlen, path, "%s, not a recording (make one with ompadv record)",
         r->header.mode == OA_MODE_TRACE     ? "an ompadv trace result"
         : r->header.mode == OA_MODE_PROFILE ? "an ompadv profile result"
                                             : "an ompadv result of an unknown kind");
    goto bad;
  }
  uint64_t off = OA_HEADER_SIZE, records = 0;
  while (off + sizeof(oa_chunk_header) <= r->size) {
    oa_chunk_header c;
    if (pread(r->fd, &c, sizeof c, (off_t)off) != (ssize_t)sizeof c) {
      fail(err, errlen, path, "read error at offset %llu", (unsigned long long)off);
      goto bad;
    }
    if (c.magic == 0) {  /* reserved, never written: the target died */
      off += PAGE;
      continue;
    }
    if (c.magic != OA_CHUNK_MAGIC || c.size < PAGE || c.size % PAGE) {
      fail(err, errlen, path, "corrupt chunk at offset %llu", (unsigned long long)off);
      goto bad;
    }
    if (off + c.size > r->size) {
      fail(err, errlen, path, "truncated: chunk at offset %llu ends past the end of the file",
           (unsigned long long)off);
      goto bad;
    }
    if (c.used > c.size - sizeof c) {
      fail(err, errlen, path, "corrupt chunk at offset %llu (fill count)",
           (unsigned long long)off);
      goto bad;
    }
    int bad = 0;
    switch (c.kind) {
    case OA_CHUNK_EVENTS: {
      if (c.used % sizeof(oa_event)) {
        bad = 1;
        break;
      }
      thread_chunks *t = chunks_of(r, c.thread);
      if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 16;
        t->c = oa_xrealloc(t->c, t->cap * sizeof *t->c);
      }
      t->c[t->n++] = (chunk_ref){ off, c.size };
      records += c.used / sizeof(oa_event);
      break;
    }
    case OA_CHUNK_MODULES:
      r->modules = oa_xrealloc(r->modules, (r->nmodules + 1) * sizeof *r->modules);
      r->modules[r->nmodules++] = (chunk_ref){ off, c.size };
      break;
    case OA_CHUNK_PROFILE:
      bad = read_small_chunk(r, off, &c, read_profile);
      break;
    case OA_CHUNK_NAMES:
      bad = r->has_names || read_small_chunk(r, off, &c, read_names);
      r->trailer_records = c.reserved[0];
      r->trailer_chunks = c.reserved[1];
      break;
    default:
      bad = 1;
    }
    if (bad) {
      fail(err, errlen, path, "corrupt chunk at offset %llu (records)", (unsigned long long)off);
      goto bad;
    }
    off += c.size;
  }
  if (r->has_names) {  /* the driver counted what the tool wrote */
    size_t nchunks = 0;
    for (size_t i = 0; i < r->nthreads; i++)
      nchunks += r->threads[i].n;
    if (records != r->trailer_records || nchunks != r->trailer_chunks) {
      fail(err, errlen, path, "damaged: %llu records in %zu chunks, the recording had %llu in "
           "%llu", (unsigned long long)records, nchunks,
           (unsigned long long)r->trailer_records, (unsigned long long)r->trailer_chunks);
      goto bad;
    }
  }
  r->records = records;
  if (records == 0) {
    fail(err, errlen, path, "no OSPG records: %s",
         r->header.full_errno ? "the file could not grow before the first one was written"
         : r->online ? "a profile, not a recording (make one with ompadv record)"
                   : "the program ended before its first OpenMP construct, or this is not a "
                     "recording");
    goto bad;
  }
  *out = r;
  return 0;
bad:
  oa_rec_close(r);
  return -1;
}

void oa_rec_close(oa_recording *r)
{
  if (!r)
    return;
  if (r->fd >= 0)
    close(r->fd);
  for (size_t i = 0; i < r->nthreads; i++)
    free(r->threads[i].c);
  free(r->threads);
  free(r->online);
  free(r->online_locs);
  free(r->online_nested);
  for (size_t i = 0; i < r->nstrings; i++)
    free(r->strings[i]);
  free(r->strings);
  for (uint32_t i = 0; i < r->nregions; i++)
    free(r->regions[i].name);
  free(r->regions);
  free(r->locs);
  free(r->modules);
  free(r->path);
  free(r);
}

/* --- the merged stream -------------------------------------------------------- */

typedef struct cursor {
  thread_chunks *t;
  size_t chunk;                /* index of the mapped chunk */
  void *map;
  size_t map_size;
  const oa_event *ev;
  size_t n, i;
  uint64_t last_seq;
  uint64_t last_new;           /* node of this thread's last NEW (for ANC) */
  int cut;                     /* the file filled: nothing after the mapped chunk */
} cursor;

/* Map the cursor's next non-empty chunk; 0 at the end, -1 on error. */
static int cursor_load(oa_recording *r, cursor *c)
{
  for (;;) {
    if (c->map) {
      munmap(c->map, c->map_size);
      c->map = NULL;
      c->chunk++;
    }
    if (c->chunk >= c->t->n || c->cut)
      return 0;
    chunk_ref *ref = &c->t->c[c->chunk];
    c->map = mmap(NULL, ref->size, PROT_READ, MAP_PRIVATE, r->fd, (off_t)ref->off);
    if (c->map == MAP_FAILED) {
      c->map = NULL;
      return -1;
    }
    c->map_size = ref->size;
    const oa_chunk_header *h = c->map;
    /* the header was checked at open; the file may have changed since */
    if (h->magic != OA_CHUNK_MAGIC || h->used > ref->size - sizeof *h
        || h->used % sizeof(oa_event))
      return -1;
    c->ev = (const oa_event *)(h + 1);
    c->n = h->used / sizeof(oa_event);
    c->i = 0;
    if (r->header.full_errno) {
      /* the file filled: what a thread recorded after that point goes
       * (its seq only grows, so the rest of the thread goes too) */
      size_t keep = 0;
      while (keep < c->n && c->ev[keep].seq < r->header.seq_cut)
        keep++;
      if (keep < c->n) {
        c->n = keep;
        c->cut = 1;
      }
    }
    if (c->n)
      return 1;
  }
}

int oa_rec_modules(oa_recording *r, oa_rec_module_fn fn, void *ctx)
{
  for (size_t i = 0; i < r->nmodules; i++) {
    oa_chunk_header c;
    if (pread(r->fd, &c, sizeof c, (off_t)r->modules[i].off) != (ssize_t)sizeof c
        || c.used > r->modules[i].size - sizeof c)
      return -1;
    char *buf = oa_xmalloc(c.used + 1);
    if (pread(r->fd, buf, c.used, (off_t)(r->modules[i].off + sizeof c)) != (ssize_t)c.used) {
      free(buf);
      return -1;
    }
    int bad;
    const oa_module *m;
    for (uint64_t off = 0; (m = oa_module_at(buf, c.used, off, &bad)); off += m->record_size)
      fn(ctx, m->path, m->base, m->lo, m->hi);
    free(buf);
  }
  return 0;
}

/* Every LOC record, in file order: enough to name the locations (their
 * order does not matter). */
int oa_rec_scan_locs(oa_recording *r, char *err, size_t errlen)
{
  for (size_t t = 0; t < r->nthreads; t++) {
    cursor c = { .t = &r->threads[t] };
    int got;
    while ((got = cursor_load(r, &c)) > 0) {
      for (size_t i = 0; i < c.n; i++) {
        const oa_event *e = &c.ev[i];
        if (e->type != OA_REC_LOC)
          continue;
        if (e->a == 0 || e->a >= loc_limit(r) || (e->c & 0xffff) >= OA_C_NKINDS) {
          munmap(c.map, c.map_size);
          return fail(err, errlen, r->path, "corrupt recording: location record");
        }
        oa_rec_loc *l = loc_slot(r, (uint32_t)e->a);
        l->where = e->b;
        l->kind = (uint16_t)(e->c & 0xffff);
        l->flags = (uint16_t)(e->c >> 16);
      }
    }
    if (got < 0)
      return fail(err, errlen, r->path, "cannot read chunk at offset %llu",
                  (unsigned long long)c.t->c[c.chunk].off);
  }
  return 0;
}

void oa_rec_set_name(oa_recording *r, uint32_t loc, const char *file, uint32_t line,
                     const char *func)
{
  if (loc >= r->nlocs)
    return;
  oa_rec_loc *l = &r->locs[loc];
  l->line = line;
  l->file = file ? keep(r, file, strlen(file)) : NULL;
  l->func = func ? keep(r, func, strlen(func)) : NULL;
}

int oa_rec_write_names(oa_recording *r, uint32_t n, const uint32_t *loc, const uint32_t *line,
                       const char *const *file, const char *const *func, char *err,
                       size_t errlen)
{
  const char *path = r->path;
  size_t nchunks = 0;
  for (size_t i = 0; i < r->nthreads; i++)
    nchunks += r->threads[i].n;
  size_t len = 0;
  for (uint32_t i = 0; i < n; i++) {
    size_t fl = file[i] ? strlen(file[i]) : 0, gl = func[i] ? strlen(func[i]) : 0;
    len += (sizeof(oa_locname) + (fl > 65535 ? 65535 : fl) + (gl > 65535 ? 65535 : gl) + 2 + 7)
           & ~(size_t)7;
  }
  size_t size = (sizeof(oa_chunk_header) + len + PAGE - 1) & ~(size_t)(PAGE - 1);
  char *buf = oa_xcalloc(1, size);
  oa_chunk_header *c = (oa_chunk_header *)buf;
  char *p = buf + sizeof *c;
  for (uint32_t i = 0; i < n; i++) {
    size_t fl = file[i] ? strlen(file[i]) : 0, gl = func[i] ? strlen(func[i]) : 0;
    fl = fl > 65535 ? 65535 : fl;
    gl = gl > 65535 ? 65535 : gl;
    oa_locname *ln = (oa_locname *)p;
    ln->loc = loc[i];
    ln->line = line[i];
    ln->file_len = (uint16_t)fl;
    ln->func_len = (uint16_t)gl;
    ln->record_size = (uint32_t)((sizeof *ln + fl + gl + 2 + 7) & ~(size_t)7);
    if (fl)
      memcpy(ln->text, file[i], fl);
    if (gl)
      memcpy(ln->text + fl + 1, func[i], gl);
    p += ln->record_size;
  }
  c->magic = OA_CHUNK_MAGIC;
  c->kind = OA_CHUNK_NAMES;
  c->size = (uint32_t)size;
  c->used = len;
  c->reserved[0] = r->records;
  c->reserved[1] = nchunks;
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  struct stat st;
  int ret = -1;
  if (fd < 0 || fstat(fd, &st) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
  } else {
    off_t at = (off_t)(((uint64_t)st.st_size + PAGE - 1) & ~(uint64_t)(PAGE - 1));
    errno = 0;
    if (pwrite(fd, buf, size, at) != (ssize_t)size) {
      int why = errno ? errno : ENOSPC;
      snprintf(err, errlen, "%s: %s", path, strerror(why));
      /* a chunk cut short would make the whole file unreadable */
      if (ftruncate(fd, st.st_size) != 0)
        snprintf(err, errlen, "%s: %s, and the chunk written in part could not be taken "
                 "back: %s", path, strerror(why), strerror(errno));
    } else {
      ret = 0;
    }
  }
  if (fd >= 0)
    close(fd);
  free(buf);
  return ret;
}

const oa_file_header *oa_rec_header(const oa_recording *r)
{
  return &r->header;
}

int oa_rec_online(const oa_recording *r, const oa_profile_header **h, const oa_profile_loc **locs,
                  const oa_profile_nested **nested)
{
  *h = r->online;
  *locs = r->online_locs;
  *nested = r->online_nested;
  return r->online != NULL;
}

uint64_t oa_rec_size(const oa_recording *r)
{
  return r->size;
}

int oa_rec_has_names(const oa_recording *r)
{
  return r->has_names;
}

uint32_t oa_rec_nlocs(const oa_recording *r)
{
  return r->nlocs;
}

const oa_rec_loc *oa_rec_loc_at(const oa_recording *r, uint32_t loc)
{
  return loc < r->nlocs ? &r->locs[loc] : NULL;
}

uint32_t oa_rec_nregions(const oa_recording *r)
{
  return r->nregions;
}

const oa_rec_region *oa_rec_region_at(const oa_recording *r, uint32_t region)
{
  return region < r->nregions ? &r->regions[region] : NULL;
}

typedef struct heap {
  cursor **a;
  size_t n;
} heap;

static uint64_t head_seq(const cursor *c)
{
  return c->ev[c->i].seq;
}

static void heap_down(heap *h, size_t i)
{
  for (;;) {
    size_t l = 2 * i + 1, m = i;
    if (l < h->n && head_seq(h->a[l]) < head_seq(h->a[m]))
      m = l;
    if (l + 1 < h->n && head_seq(h->a[l + 1]) < head_seq(h->a[m]))
      m = l + 1;
    if (m == i)
      return;
    cursor *x = h->a[i];
    h->a[i] = h->a[m];
    h->a[m] = x;
    i = m;
  }
}

/* --- node table ------------------------------------------------------------- */

typedef struct entry {
  uint64_t id;                 /* 0: empty; UINT64_MAX: deleted */
  oa_node *node;
  uint32_t holds;
  uint8_t closed;
} entry;

typedef struct region_entry {
  uint64_t id;                 /* 0: empty; UINT64_MAX: deleted */
  oa_agg_region *r;
} region_entry;

/* A region's aggregate (first: profagg frees it through that pointer) and
 * who uses it: it is freed when its S-node finishes, so that S-node must be
 * its only one and its instances must have finished (fuzzing: double free,
 * use after free). */
typedef struct rregion {
  oa_agg_region agg;
  uint64_t id;
  int owned;                   /* its S-node exists */
  uint64_t users;              /* instance nodes not finished */
} rregion;

typedef struct edge_key {
  uint64_t key;                /* begin | end << 32, + 1; 0: empty */
  uint32_t region;
} edge_key;

typedef struct replay {
  oa_recording *rec;
  const oa_replay_opts *opts;
  oa_replay_out *out;
  char *err;
  size_t errlen;
  oa_node_pool pool;
  oa_ospg_hooks hooks;
  oa_agg agg;
  entry *tab;
  size_t cap, used, live;
  region_entry *regions;       /* hashed by id (fuzzing: a list of many was slow) */
  size_t nregions, cap_regions;  /* nregions: slots used, deleted ones included */
  edge_key *edges;
  size_t cap_edges, nedges;
  oa_node *root;
  uint64_t task_cost, task_cost_u;
  uint32_t metric, flags, threads;
  int failed;
  uint64_t slot_bytes;         /* worksharing instances' memory so far */
} replay;

static uint64_t hash64(uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

static entry *find(replay *p, uint64_t id)
{
  if (!p->cap || !id || id == UINT64_MAX)
    return NULL;
  size_t h = hash64(id) & (p->cap - 1);
  for (size_t probe = 0; probe < p->cap; probe++, h = (h + 1) & (p->cap - 1)) {
    if (p->tab[h].id == id)
      return &p->tab[h];
    if (p->tab[h].id == 0)
      return NULL;
  }
  return NULL;
}

static void insert_raw(entry *tab, size_t cap, entry e)
{
  size_t h = hash64(e.id) & (cap - 1);
  while (tab[h].id && tab[h].id != UINT64_MAX)
    h = (h + 1) & (cap - 1);
  tab[h] = e;
}

static entry *insert(replay *p, uint64_t id, oa_node *n)
{
  if ((p->used + 1) * 2 > p->cap) {
    size_t cap = p->cap ? p->cap : 1024;
    while ((p->live + 1) * 4 > cap)
      cap *= 2;
    entry *tab = oa_xcalloc(cap, sizeof *tab);
    for (size_t i = 0; i < p->cap; i++)
      if (p->tab[i].id && p->tab[i].id != UINT64_MAX)
        insert_raw(tab, cap, p->tab[i]);
    free(p->tab);
    p->tab = tab;
    p->cap = cap;
    p->used = p->live;
  }
  insert_raw(p->tab, p->cap, (entry){ .id = id, .node = n });
  p->used++;
  p->live++;
  if (p->live > p->out->peak_nodes)
    p->out->peak_nodes = p->live;
  return find(p, id);
}

/* The OSPG frees a node: it can no longer be named. */
static void on_free(oa_node_pool *pool, oa_node *n, void *ctx)
{
  (void)pool;
  replay *p = ctx;
  entry *e = find(p, n->id);
  if (e && e->node == n) {
    e->id = UINT64_MAX;
    e->node = NULL;
    p->live--;
  }
}

static region_entry *region_slot(replay *p, uint64_t id)
{
  if (!p->cap_regions || !id || id == UINT64_MAX)
    return NULL;
  size_t h = hash64(id) & (p->cap_regions - 1);
  for (size_t probe = 0; probe < p->cap_regions; probe++, h = (h + 1) & (p->cap_regions - 1)) {
    if (p->regions[h].id == id)
      return &p->regions[h];
    if (p->regions[h].id == 0)
      return NULL;
  }
  return NULL;
}

static oa_agg_region *region_find(replay *p, uint64_t id)
{
  region_entry *s = region_slot(p, id);
  return s ? s->r : NULL;
}

static void region_add(replay *p, uint64_t id, oa_agg_region *g)
{
  if ((p->nregions + 1) * 2 > p->cap_regions) {
    size_t live = 0, cap = 16;
    for (size_t i = 0; i < p->cap_regions; i++)
      live += p->regions[i].r != NULL;
    while ((live + 1) * 4 > cap)
      cap *= 2;
    region_entry *t = oa_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < p->cap_regions; i++)
      if (p->regions[i].r) {
        size_t h = hash64(p->regions[i].id) & (cap - 1);
        while (t[h].id)
          h = (h + 1) & (cap - 1);
        t[h] = p->regions[i];
      }
    free(p->regions);
    p->regions = t;
    p->cap_regions = cap;
    p->nregions = live;
  }
  size_t h = hash64(id) & (p->cap_regions - 1);
  while (p->regions[h].id)
    h = (h + 1) & (p->cap_regions - 1);
  p->regions[h] = (region_entry){ id, g };
  p->nregions++;
}

static void region_forget(replay *p, oa_agg_region *r)
{
  region_entry *s = region_slot(p, ((rregion *)r)->id);
  if (s && s->r == r)
    *s = (region_entry){ UINT64_MAX, NULL };
}

static unsigned kind_of_ctx(replay *p, uint32_t loc)
{
  return loc < p->rec->nlocs ? p->rec->locs[loc].kind : OA_C_MAIN;
}

static replay *the_replay;  /* for the callbacks without a context (single-threaded) */

static unsigned kind_of(uint32_t loc)
{
  return kind_of_ctx(the_replay, loc);
}

static int has_where(uint32_t loc)
{
  return loc < the_replay->rec->nlocs && the_replay->rec->locs[loc].where != 0;
}

static void on_finished(void *ctx, oa_node *n)
{
  replay *p = ctx;
  oa_agg_context cx;
  if (n->kind == OA_S && n->user && ((rregion *)n->user)->users) {
    /* an instance outside its region: keep the region (freed with the replay) */
    if (!p->failed)
      fail(p->err, p->errlen, p->rec->path,
           "corrupt recording: worksharing instance outside its parallel region (node %llu)",
           (unsigned long long)n->id);
    p->failed = 1;
    n->user = NULL;
  } else if (n->kind == OA_S && n->user) {
    region_forget(p, n->user);
  } else if (n->inst && n->user && n->kind != OA_W) {
    ((rregion *)n->user)->users--;  /* counted in rec_new (rec_w's are inside their region) */
  }
  oa_agg_context_of(n, kind_of, &cx);
  oa_agg_finished(&p->agg, n, &cx);
}

/* --- what-if regions ------------------------------------------------------ */

static uint32_t intern_region(oa_recording *r, const char *file, uint32_t first, uint32_t last,
                              char *name)
{
  for (uint32_t i = 0; i < r->nregions; i++)
    if (strcmp(r->regions[i].name, name) == 0) {
      free(name);
      return i;
    }
  if (r->nregions == r->cap_regions) {
    r->cap_regions = r->cap_regions ? r->cap_regions * 2 : 64;
    r->regions = oa_xrealloc(r->regions, r->cap_regions * sizeof *r->regions);
  }
  r->regions[r->nregions] = (oa_rec_region){ file, first, last, name, 0 };
  return r->nregions++;
}

/* A location's name in a region: FILE:LINE, else its stable name (the
 * function and offset: recfile.c), else its file. */
static char *loc_label(const oa_rec_loc *l)
{
  if (l->file && l->line) {
    char *shown = oa_path_display(l->file);
    char *s = oa_xasprintf("%s:%u", shown, l->line);
    free(shown);
    return s;
  }
  return l->func ? oa_xstrdup(l->func) : oa_path_display(l->file);
}

/* The region of a fragment that began at location b and ended at e (0:
 * the event had no code address; the directive dir the fragment runs in
 * stands for it, and in main's own code (dir 0) it is the program's start
 * or end: line 1 of the file, or "end"). */
static uint32_t region_of(replay *p, uint32_t b, uint32_t e, uint32_t dir)
{
  int from_start = !b && !dir, to_end = !e && !dir;
  if (!b)
    b = dir;
  if (!e)
    e = dir;
  if (!b)
    b = e;
  if (!e)
    e = b;
  uint64_t key = (((uint64_t)b | (uint64_t)e << 24) << 2 | (uint64_t)from_start << 1 | to_end) + 1;
  if ((p->nedges + 1) * 2 > p->cap_edges) {
    size_t cap = p->cap_edges ? p->cap_edges * 2 : 256;
    edge_key *t = oa_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < p->cap_edges; i++)
      if (p->edges[i].key) {
        size_t h = hash64(p->edges[i].key) & (cap - 1);
        while (t[h].key)
          h = (h + 1) & (cap - 1);
        t[h] = p->edges[i];
      }
    free(p->edges);
    p->edges = t;
    p->cap_edges = cap;
  }
  size_t h = hash64(key) & (p->cap_edges - 1);
  while (p->edges[h].key && p->edges[h].key != key)
    h = (h + 1) & (p->cap_edges - 1);
  if (p->edges[h].key)
    return p->edges[h].region;
  oa_recording *r = p->rec;
  const oa_rec_loc *lb = b < r->nlocs ? &r->locs[b] : NULL;
  const oa_rec_loc *le = e < r->nlocs ? &r->locs[e] : NULL;
  uint32_t region;
  if (lb && le && lb->file && le->file && lb->line && le->line && strcmp(lb->file, le->file) == 0) {
    uint32_t first = lb->line < le->line ? lb->line : le->line;
    uint32_t last = lb->line < le->line ? le->line : lb->line;
    if (from_start)
      first = 1;
    if (to_end)
      last = UINT32_MAX;
    char *shown = oa_path_display(lb->file);
    char *name = to_end ? oa_xasprintf("%s:%u-end", shown, first)
                        : oa_xasprintf("%s:%u-%u", shown, first, last);
    region = intern_region(r, lb->file, first, last, name);
    free(shown);
  } else if (lb && le && lb->file && le->file && lb->line && le->line) {
    char *sb = oa_path_display(lb->file), *se = oa_path_display(le->file);
    region = intern_region(r, NULL, 0, 0,
                           oa_xasprintf("%s:%u-%s:%u", sb, lb->line, se, le->line));
    free(sb);
    free(se);
  } else if (b != 0 && lb && le && (lb->func || lb->file) && (le->func || le->file)) {
    /* code without line information: the stable names of the two ends */
    char *nb = loc_label(lb), *ne = loc_label(le);
    region = intern_region(r, NULL, 0, 0, oa_xasprintf("%s-%s", nb, ne));
    free(nb);
    free(ne);
  } else {
    region = intern_region(r, NULL, 0, 0, oa_xstrdup(b == 0 ? "(the whole program)"
                                                              : "(unknown source)"));
  }
  if (from_start)
    r->regions[region].start = 1;
  p->edges[h] = (edge_key){ key, region };
  p->nedges++;
  return region;
}

/* Per-region sums of a by-region replay (differential analysis): work,
 * fragments, and those that run straight in an implicit task (SPMD code). */
static void region_stats(replay *p, const oa_node *w, uint32_t g)
{
  oa_replay_out *o = p->out;
  if (g >= o->nregions) {
    uint32_t n = o->nregions ? o->nregions : 64;
    while (n <= g)
      n *= 2;
    o->regions = oa_xrealloc(o->regions, n * sizeof *o->regions);
    memset(o->regions + o->nregions, 0, (n - o->nregions) * sizeof *o->regions);
    o->nregions = n;
  }
  o->regions[g].work += w->work;
  o->regions[g].fragments++;
  if (!w->own_loc && kind_of(w->loc) == OA_C_PARALLEL)
    o->regions[g].spmd_fragments++;
}

/* --- records ---------------------------------------------------------------- */

static int bad(replay *p, const oa_event *e, const char *what)
{
  if (!p->failed)
    fail(p->err, p->errlen, p->rec->path, "corrupt recording: %s (record %llu, type %u)", what,
         (unsigned long long)e->seq, e->type);
  p->failed = 1;
  return -1;
}

static int known_loc(replay *p, uint32_t loc)
{
  return loc == 0 || loc < p->rec->nlocs;
}

/* A fragment closes: what-if analysis may reduce its serial work (3.7):
 * divided by the factor, but never below the granularity floor, and each
 * hypothetical task adds its creation cost to the tasking overhead. */
static void whatif(replay *p, oa_node *w, uint32_t region)
{
  double f = 0;
  if (p->opts->annotations && w->whatif > 1)
    f = w->whatif;
  if (p->opts->factor) {
    double g = p->opts->factor(p->opts->ctx, region);
    if (g > f)
      f = g;
  }
  if (f <= 1 || w->work == 0)
    return;
  uint64_t floor = p->out->granularity_floor;
  if (w->work <= floor)
    return;
  uint64_t sw = (uint64_t)((double)w->work / f);
  if (sw < floor)
    sw = floor;
  if (sw == 0)  /* at least one unit (fuzzing: a division by zero below) */
    sw = 1;
  if (sw >= w->work)
    return;
  w->has_sw = 1;
  w->sw = sw;
  if (!p->opts->by_region) {  /* the profile: which regions, and their tasks' cost */
    size_t i = 0;
    while (i < p->out->napplied
           && !(p->out->applied[i].region == region && p->out->applied[i].factor == f))
      i++;
    if (i == p->out->napplied) {
      p->out->applied = oa_xrealloc(p->out->applied, (i + 1) * sizeof *p->out->applied);
      p->out->applied[p->out->napplied++] = (struct oa_replay_applied){ region, f };
    }
    w->cost += (uint64_t)(((double)w->work + (double)sw - 1) / (double)sw) * p->task_cost;
  }
  p->out->whatif_nodes++;
}

static int rec_new(replay *p, cursor *c, const oa_event *e)
{
  uint32_t kind = e->sub;
  uint32_t loc = (uint32_t)e->c, own_loc = (uint32_t)(e->c >> 32);
  uint32_t inst = (uint32_t)e->d, nanc = (uint32_t)(e->d >> 56);
  if (kind > OA_ST || !e->a || find(p, e->a) || e->a == UINT64_MAX)
    return bad(p, e, "node kind or id");
  if (kind == OA_W)
    return bad(p, e, "fragment written as a node");
  if (!known_loc(p, loc) || !known_loc(p, own_loc) || (nanc != 0xff && nanc > OA_ANC_MAX + 1))
    return bad(p, e, "node location");
  entry *pe = NULL;
  if (e->b) {
    pe = find(p, e->b);
    if (!pe || pe->closed || pe->node->kind == OA_W)
      return bad(p, e, "node under a parent that is not open");
  } else if (p->root) {
    return bad(p, e, "a second root");
  }
  oa_agg_region *region = NULL;
  if (e->where) {
    region = region_find(p, e->where);
    if (!region || !(kind == OA_S || inst))
      return bad(p, e, "node of an unknown region");
    if (kind == OA_S && (inst || ((rregion *)region)->owned))  /* one S-node, not an instance */
      return bad(p, e, "S-node of a region: not its first, or an instance");
    if (kind == OA_S)
      ((rregion *)region)->owned = 1;
    else
      ((rregion *)region)->users++;
  } else if (inst) {
    return bad(p, e, "worksharing instance without its region");
  }
  oa_node *n = oa_node_new(&p->pool, (oa_kind)kind, NULL);
  n->id = e->a;
  n->loc = loc;
  n->own_loc = own_loc;
  n->inst = inst;
  n->team_index = (uint16_t)(e->d >> 32);
  n->free_order = (e->d >> 48) & 1;
  n->nanc = (uint8_t)nanc;
  n->st_val = (int8_t)((e->d >> 50) & 3) - 1;
  n->undeferred = (e->d >> 52) & 1;
  n->anythread = (e->d >> 53) & 1;
  n->share = (e->d >> 54) & 1;
  n->piece = (e->d >> 55) & 1;
  n->user = region;
  if ((e->d >> 49) & 1)
    p->agg.tasks++;
  p->agg.nodes++;
  if (pe)
    oa_node_attach(pe->node, n);
  else
    p->root = n;
  insert(p, n->id, n);
  c->last_new = nanc != 0xff && nanc != 0 ? n->id : 0;
  return 0;
}

static int rec_close(replay *p, const oa_event *e)
{
  entry *x = find(p, e->a);
  if (!x || x->closed || x->node->kind == OA_W)
    return bad(p, e, "close of a node that is not open");
  oa_node *n = x->node;
  x->closed = 1;
  n->st_val = (int8_t)(uint8_t)e->d;
  n->undeferred = (e->d >> 8) & 1;
  n->cost = e->c;
  oa_node_close(&p->pool, &p->hooks, n);
  return 0;
}

/* A fragment: it joins its parent and ends at once. */
static int rec_w(replay *p, const oa_event *e)
{
  uint32_t loc = (uint32_t)(e->d & 0xffffff), own_loc = (uint32_t)(e->d >> 24) & 0xffffff;
  uint32_t b = (uint32_t)e->where & 0x7fffffff, en = (uint32_t)(e->where >> 32);
  uint32_t inst = (uint32_t)e->time, fbits = (uint32_t)(e->time >> 32);
  if (!e->a || e->a == UINT64_MAX || find(p, e->a))
    return bad(p, e, "fragment id");
  if (!known_loc(p, loc) || !known_loc(p, own_loc) || !known_loc(p, b) || !known_loc(p, en))
    return bad(p, e, "fragment location");
  entry *pe = find(p, e->b);
  if (!pe || pe->closed || pe->node->kind == OA_W)
    return bad(p, e, "fragment under a parent that is not open");
  oa_agg_region *region = NULL;
  if (inst) {  /* a worksharing instance: of the region it runs in */
    for (oa_node *a = pe->node; a && !region; a = a->parent)
      if (a->kind == OA_S && a->user)
        region = a->user;
    if (!region)
      return bad(p, e, "worksharing fragment outside a parallel region");
  }
  oa_node *n = oa_node_new(&p->pool, OA_W, NULL);
  n->id = e->a;
  n->loc = loc;
  n->own_loc = own_loc;
  n->inst = inst;
  n->user = region;
  n->team_index = (uint16_t)(e->d >> 48);
  n->work = e->c;
  n->edge_begin = b;
  n->edge_end = en;
  n->cont = (e->where >> 31) & 1;
  n->busy = e->sub & 1;
  memcpy(&n->whatif, &fbits, sizeof fbits);
  if (!(n->whatif >= 0 && n->whatif < 1e9))
    n->whatif = 0;
  p->agg.nodes++;
  oa_node_attach(pe->node, n);
  if (p->opts->by_region || p->opts->factor || (p->opts->annotations && n->whatif > 1)) {
    uint32_t g = region_of(p, b, en, n->loc);
    if (p->opts->by_region)
      region_stats(p, n, g);
    whatif(p, n, g);
    if (p->opts->by_region)
      n->loc = g;
  }
  oa_node_close(&p->pool, &p->hooks, n);  /* frees it once folded: never in the table */
  return 0;
}

static int step(replay *p, cursor *c, const oa_event *e)
{
  oa_recording *r = p->rec;
  switch (e->type) {
  case OA_REC_META:
    if (e->a < OA_METRIC_TSC || e->a > OA_METRIC_INSTRUCTIONS)
      return bad(p, e, "metric");
    p->metric = (uint32_t)e->a;
    p->task_cost = e->b;
    p->task_cost_u = e->c;
    return 0;
  case OA_REC_LOC: {
    uint32_t kind = (uint32_t)(e->c & 0xffff);
    if (e->a == 0 || e->a >= loc_limit(r) || kind >= OA_C_NKINDS)
      return bad(p, e, "location");
    oa_rec_loc *l = loc_slot(r, (uint32_t)e->a);
    l->where = e->b;
    l->kind = (uint16_t)kind;
    l->flags = (uint16_t)(e->c >> 16);
    return 0;
  }
  case OA_REC_REGION: {
    if (!e->a || e->a == UINT64_MAX || region_find(p, e->a) || e->b == 0 || e->b > 65536)
      return bad(p, e, "region");
    rregion *rg = oa_xcalloc(1, sizeof *rg);
    oa_agg_region *g = &rg->agg;
    oa_agg_region_init(g, (uint32_t)e->b);
    rg->id = e->a;
    region_add(p, e->a, g);
    return 0;
  }
  case OA_REC_SLOT: {
    oa_agg_region *g = region_find(p, e->a);
    if (!g || e->b >= (1u << 20) || !known_loc(p, (uint32_t)e->c))
      return bad(p, e, "worksharing instance");
    /* a new instance takes memory per thread of the team: in proportion to
     * the file (fuzzing: a team of 65536 times many instances was slow) */
    if (e->b >= g->cap_slots || !g->slots[e->b].thread_serial) {
      p->slot_bytes += (uint64_t)g->team * sizeof(uint64_t)
                       + (e->b >= g->cap_slots ? 2 * (e->b + 1) * sizeof(oa_ws_slot) : 0);
      if (p->slot_bytes > 16 * r->size + (64u << 20))
        return bad(p, e, "more worksharing instances than the recording holds");
    }
    oa_agg_region_slot(g, (uint32_t)e->b, (uint32_t)e->c, has_where);
    return 0;
  }
  case OA_REC_NEW:
    return rec_new(p, c, e);
  case OA_REC_ANC: {
    entry *x = find(p, c->last_new);
    if (!x)
      return bad(p, e, "enclosing directives of no task");
    uint64_t v[4] = { e->a, e->b, e->c, e->d };
    for (int i = 0; i < OA_ANC_MAX; i++) {
      if (!known_loc(p, (uint32_t)v[i]) || v[i] >> 32)
        return bad(p, e, "enclosing directive location");
      x->node->anc[i] = (uint32_t)v[i];
    }
    c->last_new = 0;
    return 0;
  }
  case OA_REC_CLOSE:
    return rec_close(p, e);
  case OA_REC_W:
    return rec_w(p, e);
  case OA_REC_PRED: {
    entry *s = find(p, e->a), *d = find(p, e->b);
    if (!s || !d || s == d || s->closed || s->node->kind != OA_P || d->node->kind != OA_P
        || d->node->id > s->node->id || s->node->free_order || d->node->free_order)
      return bad(p, e, "dependence between nodes that are not tasks of one task");
    oa_node_add_pred(s->node, d->node);
    return 0;
  }
  case OA_REC_WAIT: {
    entry *in = find(p, e->a), *root = find(p, e->b);
    if (!in || !root || in->closed || root->closed || in->node->kind == OA_W)
      return bad(p, e, "nested taskwait in a node that is not open");
    if (e->sub)
      oa_node_group_end(in->node, root->node);
    else
      oa_node_waited(in->node, root->node);
    return 0;
  }
  case OA_REC_HOLD: {
    entry *x = find(p, e->a);
    if (!x)
      return bad(p, e, "hold of an unknown node");
    x->holds++;
    oa_node_hold(x->node);
    return 0;
  }
  case OA_REC_RELEASE: {
    entry *x = find(p, e->a);
    if (!x || !x->holds)
      return bad(p, e, "release of a node not held");
    x->holds--;
    oa_node_release(&p->pool, x->node);
    return 0;
  }
  case OA_REC_TEAM:
    if (e->a > p->threads && e->a <= 65536)
      p->threads = (uint32_t)e->a;
    return 0;
  case OA_REC_FLAG:
    p->flags |= (uint32_t)e->a & (OA_PROF_APPROX_TARGET | OA_PROF_APPROX_CANCEL
                                  | OA_PROF_APPROX_DETACH | OA_PROF_LOC_OVERFLOW
                                  | OA_PROF_METRIC_FALLBACK | OA_PROF_APPROX_SPAN
                                  | OA_PROF_APPROX_ORDERED);
    return 0;
  default:
    if (e->type >= OA_RAW_NODE && e->type <= OA_RAW_LAST)
      return 0;  /* --save-raw records, for the oracle */
    return bad(p, e, "unknown record type");
  }
}

/* The run ended without closing everything (a crash, a signal, _exit): close
 * what is open, deepest first, as it stood. */
static int cmp_depth(const void *a, const void *b)
{
  const oa_node *x = *(oa_node *const *)a, *y = *(oa_node *const *)b;
  if (x->depth != y->depth)
    return x->depth < y->depth ? 1 : -1;
  return x->id < y->id ? 1 : x->id > y->id ? -1 : 0;
}

static void close_open(replay *p)
{
  size_t n = 0;
  oa_node **open_nodes = oa_xmalloc((p->live + 1) * sizeof *open_nodes);
  for (size_t i = 0; i < p->cap; i++)
    if (p->tab[i].id && p->tab[i].id != UINT64_MAX && !p->tab[i].closed)
      open_nodes[n++] = p->tab[i].node;
  qsort(open_nodes, n, sizeof *open_nodes, cmp_depth);
  for (size_t i = 0; i < n; i++) {
    entry *x = find(p, open_nodes[i]->id);
    x->closed = 1;
    oa_node_close(&p->pool, &p->hooks, open_nodes[i]);
  }
  free(open_nodes);
}

static void loc_info(uint32_t loc, uint64_t *where, uint16_t *kind, uint16_t *flags)
{
  const oa_rec_loc *l = &the_replay->rec->locs[loc];
  *where = l->where;
  *kind = l->kind;
  *flags = l->flags;
}

int oa_replay(oa_recording *r, const oa_replay_opts *opts, oa_replay_out *out, char *err,
              size_t errlen)
{
  static const oa_replay_opts none = { 0 };
  replay p = { .rec = r, .opts = opts ? opts : &none, .out = out, .err = err, .errlen = errlen };
  memset(out, 0, sizeof *out);
  p.hooks.finished = on_finished;
  p.hooks.ctx = &p;
  p.pool.on_free = on_free;
  p.pool.free_ctx = &p;
  the_replay = &p;
  r->nlocs = r->nlocs ? r->nlocs : 1;
  loc_slot(r, 0);
  /* the granularity floor needs the task cost, in META, the first record */
  cursor *cs = oa_xcalloc(r->nthreads, sizeof *cs);
  heap h = { oa_xcalloc(r->nthreads + 1, sizeof *h.a), 0 };
  int ret = -1;
  for (size_t i = 0; i < r->nthreads; i++) {
    cs[i].t = &r->threads[i];
    int got = cursor_load(r, &cs[i]);
    if (got < 0) {
      fail(err, errlen, r->path, "cannot read chunk at offset %llu",
           (unsigned long long)cs[i].t->c[cs[i].chunk].off);
      goto out;
    }
    if (got)
      h.a[h.n++] = &cs[i];
  }
  for (size_t i = h.n; i-- > 0;)
    heap_down(&h, i);
  int have_meta = 0;
  while (h.n) {
    cursor *c = h.a[0];
    const oa_event *e = &c->ev[c->i];
    if (c->i > 0 || c->chunk > 0) {
      if (e->seq <= c->last_seq) {
        bad(&p, e, "records out of order");
        goto out;
      }
    }
    c->last_seq = e->seq;
    if (e->type != OA_REC_W) {  /* W records carry other data in 'time' */
      if (!out->time_first || e->time < out->time_first)
        out->time_first = e->time;
      if (e->time > out->time_last)
        out->time_last = e->time;
    }
    if (!have_meta && e->type == OA_REC_META) {
      have_meta = 1;
      out->granularity_floor = 10 * e->b;
    }
    out->records++;
    if (step(&p, c, e) != 0 || p.failed)  /* failed: also in on_finished */
      goto out;
    if (++c->i == c->n) {
      int got = cursor_load(r, c);
      if (got < 0) {
        fail(err, errlen, r->path, "cannot read chunk at offset %llu",
             (unsigned long long)c->t->c[c->chunk].off);
        goto out;
      }
      if (!got) {
        h.a[0] = h.a[--h.n];
        if (!h.n)
          break;
      }
    }
    heap_down(&h, 0);
  }
  if (!p.root) {
    fail(err, errlen, r->path, "no OSPG in this recording (the program ended before its first "
                               "OpenMP construct?)");
    goto out;
  }
  if (p.root->refs != 0) {
    out->partial = 1;
    close_open(&p);
    if (p.failed)  /* in on_finished */
      goto out;
    if (p.root->refs != 0) {
      fail(err, errlen, r->path, "corrupt recording: the OSPG does not complete");
      goto out;
    }
  }
  /* the root completes when its last child folds */
  const oa_chain *best = oa_ends_best(oa_node_ends(p.root));
  if (best)
    oa_chain_copy(&out->cp, best);
  uint32_t nlocs = r->nlocs;
  out->locs = oa_xcalloc(nlocs, sizeof *out->locs);
  out->nested = oa_xcalloc(p.agg.nnested + 1, sizeof *out->nested);
  oa_agg_fill(&p.agg, &out->cp, p.root->work, p.root->span, nlocs, loc_info, &out->h, out->locs,
              out->nested, p.agg.nnested);
  out->h.metric = p.metric ? p.metric : OA_METRIC_TSC;
  out->h.flags = p.flags | (out->partial ? OA_PROF_PARTIAL : 0);
  out->h.task_cost = p.task_cost;
  out->h.task_cost_undeferred = p.task_cost_u;
  out->h.threads = p.threads;
  ret = 0;
out:
  for (size_t i = 0; i < r->nthreads; i++)
    if (cs[i].map)
      munmap(cs[i].map, cs[i].map_size);
  free(cs);
  free(h.a);
  /* what is still alive goes with the pool */
  p.pool.on_free = NULL;
  for (size_t i = 0; i < p.cap; i++)
    if (p.tab[i].id && p.tab[i].id != UINT64_MAX)
      oa_node_free(&p.pool, p.tab[i].node);
  for (size_t i = 0; i < p.cap_regions; i++) {
    oa_agg_region *g = p.regions[i].r;
    if (!g)
      continue;
    for (uint32_t k = 0; k < g->nslots; k++)
      free(g->slots[k].thread_serial);
    free(g->slots);
    free(g);
  }
  free(p.regions);
  free(p.tab);
  free(p.edges);
  oa_node_pool_destroy(&p.pool);
  oa_agg_free(&p.agg);
  the_replay = NULL;
  if (ret)
    oa_replay_out_free(out);
  return ret;
}

void oa_replay_out_free(oa_replay_out *out)
{
  free(out->regions);
  out->regions = NULL;
  out->nregions = 0;
  free(out->applied);
  out->applied = NULL;
  out->napplied = 0;
  free(out->locs);
  free(out->nested);
  oa_chain_free(&out->cp);
  out->locs = NULL;
  out->nested = NULL;
}
