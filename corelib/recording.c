/* The recording container: see replay.h and recording.h.
 *
 * The file is a result file (contract.h): per-thread chunks of 64-byte
 * records, each with a global sequence number.  Opening it reads only the
 * chunk headers, the location names and the online profile; a replay then
 * merges the threads' chunks by sequence number, one chunk per thread mapped
 * at a time, so memory does not grow with the file. */
#include "recording.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "events.h"
#include "result.h"
#include "util.h"

#define PAGE 4096u

#define fail oa_result_fail

/* --- opening ---------------------------------------------------------------- */

/* Why the file at path, of mode m, cannot be read as what. */
static int not_regular(const char *path, mode_t m, const char *what, char *err, size_t errlen)
{
  if (S_ISDIR(m))
    return fail(err, errlen, path, "is a directory, not %s", what);
  if (S_ISFIFO(m))
    return fail(err, errlen, path, "a pipe, not a regular file; save its data to a file and "
                "give -i that file");
  return fail(err, errlen, path, "%s, not a regular file; give -i the file that ompadv wrote",
              S_ISCHR(m)    ? "a character device"
              : S_ISBLK(m)  ? "a block device"
              : S_ISSOCK(m) ? "a socket"
                            : "a special file");
}

int oa_input_open(const char *path, const char *what, struct stat *st, char *err, size_t errlen)
{
  struct stat own;
  if (!st)
    st = &own;
  /* The type first, by name: opening a named pipe waits for a writer (for
   * ever when there is none), opening a socket fails with a baffling
   * "No such device or address", and opening a device can have effects. */
  if (stat(path, st) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  if (!S_ISREG(st->st_mode))
    return not_regular(path, st->st_mode, what, err, errlen);
  /* Without blocking all the same: the name may have been given to a pipe
   * since the stat.  The file is checked again once open. */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0 || fstat(fd, st) != 0) {
    int why = errno;
    if (fd >= 0)
      close(fd);
    snprintf(err, errlen, "%s: %s", path, strerror(why));
    return -1;
  }
  if (!S_ISREG(st->st_mode)) {
    close(fd);
    return not_regular(path, st->st_mode, what, err, errlen);
  }
  /* O_NONBLOCK means nothing to a regular file's reads, but the flag goes:
   * whoever reads the descriptor expects an ordinary one */
  int fl = fcntl(fd, F_GETFL);
  if (fl >= 0)
    (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  return fd;
}

/* Location ids are given out in order, each with its LOC record: a file of n
 * records has fewer than n (fuzzing: one huge id made a table of 640 MB). */
static uint64_t loc_limit(const oa_recording *r)
{
  uint64_t n = r->size / 4;  /* a packed record takes 4 bytes at least */
  return n < (1u << 24) ? n : (1u << 24);
}

oa_rec_loc *oa_rec_loc_slot(oa_recording *r, uint32_t loc)
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
    oa_rec_loc *l = oa_rec_loc_slot(r, n->loc);
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
  uint32_t used = oa_chunk_bytes(c);
  char *buf = oa_xmalloc(used ? used : 1);
  ssize_t got = pread(r->fd, buf, used, (off_t)(off + sizeof *c));
  int bad = got < 0 || (uint64_t)got != used || fn(r, buf, used) != 0;
  free(buf);
  return bad ? -1 : 0;
}

/* Where the scan for chunks goes on after the page at off, which starts
 * with zeros (space reserved and never written, or a hole: a file extended
 * with truncate).  Chunks start on page boundaries, so a page is enough; but
 * stepping a page at a time through a long hole takes minutes (a read of 64
 * bytes for each of 5 million pages in 20 GB), so the file system is asked
 * where its data goes on: nothing is there in a hole. */
static uint64_t past_zeros(const oa_recording *r, uint64_t off)
{
  uint64_t next = off + PAGE;
  off_t data = lseek(r->fd, (off_t)next, SEEK_DATA);
  if (data < 0)  /* ENXIO: only holes up to the end; else it cannot tell */
    return errno == ENXIO ? r->size : next;
  /* the page that holds the data's first byte (a block may be smaller) */
  uint64_t page = (uint64_t)data & ~(uint64_t)(PAGE - 1);
  return page > next ? page : next;
}

int oa_file_open(const char *path, const char *what, const char *noun, oa_file_header *h,
                 uint64_t *size, char *err, size_t errlen)
{
  struct stat st;
  int fd = oa_input_open(path, what, &st, err, errlen);
  if (fd < 0)
    return -1;
  *size = (uint64_t)st.st_size;
  if (*size < OA_HEADER_SIZE || pread(fd, h, sizeof *h, 0) != (ssize_t)sizeof *h) {
    fail(err, errlen, path, "not an ompadv %s (%llu bytes, too short)", noun,
         (unsigned long long)*size);
  } else if (h->magic != OA_FILE_MAGIC) {
    fail(err, errlen, path, "not an ompadv %s (bad magic)", noun);
  } else if (oa_result_version(h, path, noun, err, errlen) != 0) {
    ;
  } else if (h->header_size != OA_HEADER_SIZE) {
    fail(err, errlen, path, "corrupt header (size %u)", h->header_size);
  } else {
    return fd;
  }
  close(fd);
  return -1;
}

int oa_rec_open(const char *path, oa_recording **out, char *err, size_t errlen)
{
  oa_recording *r = oa_xcalloc(1, sizeof *r);
  r->path = oa_xstrdup(path);
  r->fd = oa_file_open(path, "a recording", "recording", &r->header, &r->size, err, errlen);
  *out = NULL;
  if (r->fd < 0)
    goto bad;
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
      off = past_zeros(r, off);
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
    if (!oa_chunk_used_ok(&c)) {
      fail(err, errlen, path, "corrupt chunk at offset %llu (fill count)",
           (unsigned long long)off);
      goto bad;
    }
    int bad = 0;
    switch (c.kind) {
    case OA_CHUNK_EVENTS: {
      if ((uint64_t)oa_chunk_records(&c) * 4 > oa_chunk_bytes(&c)) {
        bad = 1;  /* a packed record takes 4 bytes at least */
        break;
      }
      thread_chunks *t = chunks_of(r, c.thread);
      if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 16;
        t->c = oa_xrealloc(t->c, t->cap * sizeof *t->c);
      }
      t->c[t->n++] = (chunk_ref){ off, c.size };
      records += oa_chunk_records(&c);
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
  size_t chunk;                /* index of the mapped chunk (or of the next one) */
  void *map;
  size_t map_size;
  const unsigned char *p, *end; /* its packed records not read yet */
  uint32_t left;               /* how many its header says remain */
  oa_pack_ref *pack;           /* the chunk's unpacking state */
  const oa_event *ev;          /* the record read last (in pack: oa_unpack_next) */
  uint64_t taken;              /* records read from the thread */
  uint64_t last_seq;
  int cut;                     /* the file filled: nothing after the mapped chunk */
} cursor;

enum { CURSOR_UNREADABLE = -1, CURSOR_DAMAGED = -2 };

/* The cursor's thread's next record in c->ev: 1; 0 past its last (or the
 * cut, when the file filled); CURSOR_UNREADABLE when a chunk cannot be
 * mapped, CURSOR_DAMAGED when its records do not unpack into what its
 * header says.  only: NULL, or the one record type wanted: the others are
 * passed over without being unpacked (a slot's state depends only on its
 * own records), their order and the cut unchecked. */
static int cursor_next_of(oa_recording *r, cursor *c, const unsigned *only)
{
  for (;;) {
    if (c->map && c->p < c->end) {
      if (only) {
        uint16_t type;
        if (!c->left || c->end - c->p < 4)
          return CURSOR_DAMAGED;
        memcpy(&type, c->p, 2);
        if (oa_pack_slot(type) != oa_pack_slot(*only)) {
          size_t skip = oa_packed_size(c->pack, c->p, (size_t)(c->end - c->p));
          if (!skip)
            return CURSOR_DAMAGED;
          c->p += skip;
          c->left--;
          continue;
        }
      }
      const void *rec = NULL;
      size_t got = c->left ? oa_unpack_next(c->pack, c->p, (size_t)(c->end - c->p), &rec) : 0;
      if (!got)
        return CURSOR_DAMAGED;
      c->ev = rec;
      c->p += got;
      c->left--;
      if (only && c->ev->type != *only)
        continue;
      if (r->header.full_errno && c->ev->seq >= r->header.seq_cut) {
        /* the file filled: what a thread recorded after that point goes
         * (its seq only grows, so the rest of the thread goes too) */
        c->cut = 1;
        return 0;
      }
      c->taken++;
      return 1;
    }
    if (c->map) {
      if (c->left)
        return CURSOR_DAMAGED;
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
      return CURSOR_UNREADABLE;
    }
    c->map_size = ref->size;
    const oa_chunk_header *h = c->map;
    /* the header was checked at open; the file may have changed since */
    if (h->magic != OA_CHUNK_MAGIC || oa_chunk_bytes(h) > ref->size - sizeof *h)
      return CURSOR_DAMAGED;
    c->p = (const unsigned char *)(h + 1);
    c->end = c->p + oa_chunk_bytes(h);
    c->left = oa_chunk_records(h);
    if (!c->pack)
      c->pack = oa_xmalloc(sizeof *c->pack);
    oa_pack_set(c->pack, r->header.version);
  }
}

static int cursor_next(oa_recording *r, cursor *c)
{
  return cursor_next_of(r, c, NULL);
}

static void cursor_close(cursor *c)
{
  if (c->map)
    munmap(c->map, c->map_size);
  c->map = NULL;
  free(c->pack);
  c->pack = NULL;
}

/* The error of a cursor that stopped with got (below 0). */
static int cursor_fail(const oa_recording *r, const cursor *c, int got, char *err,
                       size_t errlen)
{
  unsigned long long off = c->chunk < c->t->n ? (unsigned long long)c->t->c[c->chunk].off : 0;
  return got == CURSOR_DAMAGED
             ? fail(err, errlen, r->path, "corrupt chunk at offset %llu (records)", off)
             : fail(err, errlen, r->path, "cannot read chunk at offset %llu", off);
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

int oa_rec_take_loc(oa_recording *r, const struct oa_record_loc *x)
{
  if (x->loc == 0 || x->loc >= loc_limit(r) || x->kind >= OA_C_NKINDS)
    return -1;
  oa_rec_loc *l = oa_rec_loc_slot(r, (uint32_t)x->loc);
  l->where = x->code;
  l->kind = x->kind;
  l->flags = x->loc_flags;
  return 0;
}

/* Every LOC record, in file order: enough to name the locations (their
 * order does not matter). */
int oa_rec_scan_locs(oa_recording *r, char *err, size_t errlen)
{
  for (size_t t = 0; t < r->nthreads; t++) {
    cursor c = { .t = &r->threads[t] };
    const unsigned loc = OA_REC_LOC;
    int got;
    while ((got = cursor_next_of(r, &c, &loc)) > 0) {
      if (oa_rec_take_loc(r, &oa_record_of(c.ev)->rec_loc) != 0) {
        cursor_close(&c);
        return fail(err, errlen, r->path, "corrupt recording: location record");
      }
    }
    if (got < 0) {
      int rc = cursor_fail(r, &c, got, err, errlen);
      cursor_close(&c);
      return rc;
    }
    cursor_close(&c);
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
  return c->ev->seq;
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

uint32_t oa_rec_intern_region(oa_recording *r, const char *file, uint32_t first, uint32_t last,
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

/* The stream of recording.h: a cursor per thread in a heap by next seq. */
struct oa_rec_stream {
  oa_recording *r;
  cursor *cs;
  heap h;
  int started;
};

size_t oa_rec_threads(const oa_recording *r)
{
  return r->nthreads;
}

uint64_t oa_rec_raw_time_max(oa_recording *r)
{
  uint64_t max = 0;
  for (size_t i = 0; i < r->nthreads; i++) {
    /* the thread's last chunk that holds a raw record (read to the end) */
    for (size_t k = r->threads[i].n; k-- > 0;) {
      cursor c = { .t = &r->threads[i], .chunk = k };
      int found = 0;
      while (cursor_next(r, &c) > 0)
        if (c.ev->type >= OA_RAW_NODE && c.ev->type <= OA_RAW_LAST) {
          found = 1;
          if (c.ev->time > max)
            max = c.ev->time;
        }
      cursor_close(&c);
      if (found)
        break;
    }
  }
  return max;
}

oa_rec_stream *oa_rec_stream_open(oa_recording *r)
{
  oa_rec_stream *s = oa_xcalloc(1, sizeof *s);
  s->r = r;
  s->cs = oa_xcalloc(r->nthreads, sizeof *s->cs);
  s->h.a = oa_xcalloc(r->nthreads + 1, sizeof *s->h.a);
  for (size_t i = 0; i < r->nthreads; i++)
    s->cs[i].t = &r->threads[i];
  return s;
}

int oa_rec_stream_next(oa_rec_stream *s, const oa_event **e, size_t *thread, char *err,
                       size_t errlen)
{
  heap *h = &s->h;
  if (!s->started) {
    s->started = 1;
    for (size_t i = 0; i < s->r->nthreads; i++) {
      int got = cursor_next(s->r, &s->cs[i]);
      if (got < 0)
        return cursor_fail(s->r, &s->cs[i], got, err, errlen);
      if (got)
        h->a[h->n++] = &s->cs[i];
    }
    for (size_t i = h->n; i-- > 0;)
      heap_down(h, i);
  } else if (h->n) {  /* past the record handed out last */
    cursor *c = h->a[0];
    int got = cursor_next(s->r, c);
    if (got < 0)
      return cursor_fail(s->r, c, got, err, errlen);
    if (!got)
      h->a[0] = h->a[--h->n];
    if (h->n)
      heap_down(h, 0);
  }
  if (!h->n)
    return 0;
  cursor *c = h->a[0];
  const oa_event *ev = c->ev;
  if (c->taken > 1 && ev->seq <= c->last_seq)
    return fail(err, errlen, s->r->path, "corrupt recording: records out of order (record "
                "%llu, type %u)", (unsigned long long)ev->seq, ev->type);
  c->last_seq = ev->seq;
  *e = ev;
  *thread = (size_t)(c - s->cs);
  return 1;
}

void oa_rec_stream_close(oa_rec_stream *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < s->r->nthreads; i++)
    cursor_close(&s->cs[i]);
  free(s->cs);
  free(s->h.a);
  free(s);
}

/* --- the record visitor --------------------------------------------------- */

_Static_assert(OA_EV_DEPENDENCE < (int)OA_RAW_NODE && (int)OA_RAW_LAST < (int)OA_REC_META
               && (int)OA_REC_LAST < (int)OA_RACE_REPORT && OA_RACE_ITERS + 1 == OA_REC_NTYPES,
               "the visitor's table holds every record type");

int oa_rec_type_known(unsigned type)
{
  if (type < OA_EV_DEPENDENCE)  /* the OMPT events of trace mode */
    return oa_event_type_name(type) != NULL;
  return type == OA_EV_DEPENDENCE || (type >= OA_RAW_NODE && type <= OA_RAW_LAST)
         || (type >= OA_REC_META && type <= OA_REC_LAST)
         || (type >= OA_RACE_REPORT && type <= OA_RACE_ITERS);
}

const char *oa_rec_check(const oa_recording *r, const oa_record *x)
{
  switch (x->h.type) {
  case OA_REC_META:
    return x->rec_meta.metric < OA_METRIC_TSC || x->rec_meta.metric > OA_METRIC_INSTRUCTIONS
               ? "metric" : NULL;
  case OA_REC_LOC:
    return x->rec_loc.loc == 0 || x->rec_loc.loc >= (r ? loc_limit(r) : 1u << 24)
                   || x->rec_loc.kind >= OA_C_NKINDS
               ? "location" : NULL;
  case OA_REC_REGION:
    return !x->rec_region.region || x->rec_region.region == UINT64_MAX
                   || x->rec_region.team == 0 || x->rec_region.team > 65536
               ? "region" : NULL;
  case OA_REC_SLOT:
    return x->rec_slot.index >= (1u << 20) ? "worksharing instance" : NULL;
  case OA_REC_NEW:
    return x->rec_new.sub > OA_ST || !x->rec_new.node || x->rec_new.node == UINT64_MAX
               ? "node kind or id" : NULL;
  case OA_REC_W:
    return !x->rec_w.node || x->rec_w.node == UINT64_MAX ? "fragment id" : NULL;
  default:
    return NULL;
  }
}

/* One record: checked, counted, handed to its callback. */
static int dispatch(oa_rec_visitor *v, const oa_event *e, const oa_record *x, size_t thread)
{
  v->records++;
  if (!oa_rec_type_known(e->type))
    v->unknown++;
  int rc = v->each ? v->each(v->ctx, x, thread) : 0;
  if (rc)
    return rc;
  oa_rec_fn fn = e->type < OA_REC_NTYPES && v->on[e->type] ? v->on[e->type] : v->other;
  return fn ? fn(v->ctx, x, thread) : 0;
}

/* Check the record once, then hand it to v and (if any) w. */
static int visit_one(const oa_recording *r, oa_rec_visitor *v, oa_rec_visitor *w,
                     const oa_event *e, size_t thread, const char *path, char *err,
                     size_t errlen)
{
  const oa_record *x = oa_record_of(e);
  const char *why = oa_rec_check(r, x);
  if (why)
    return fail(err, errlen, path, "corrupt %s: %s (record %llu, type %u)",
                r ? "recording" : "result", why, (unsigned long long)e->seq, e->type);
  int rc = dispatch(v, e, x, thread);
  return rc || !w ? rc : dispatch(w, e, x, thread);
}

int oa_rec_visit2(oa_recording *r, oa_rec_visitor *a, oa_rec_visitor *b, char *err,
                  size_t errlen)
{
  oa_rec_stream *s = oa_rec_stream_open(r);
  const oa_event *e;
  size_t thread;
  int got, rc = 0;
  uint64_t n = 0;
  unsigned pass = ++r->passes;
  while (!rc && (got = oa_rec_stream_next(s, &e, &thread, err, errlen)) != 0) {
    rc = got < 0 ? -1 : visit_one(r, a, b, e, thread, r->path, err, errlen);
    if (r->progress && (++n & 4095) == 0 && n < r->records)
      r->progress(r, n, r->records, pass);
  }
  oa_rec_stream_close(s);
  if (r->progress)
    r->progress(r, r->records, r->records, pass);
  return rc;
}

int oa_rec_visit(oa_recording *r, oa_rec_visitor *v, char *err, size_t errlen)
{
  return oa_rec_visit2(r, v, NULL, err, errlen);
}

int oa_rec_visit_events(const oa_event *ev, size_t n, oa_rec_visitor *v, const char *path,
                        char *err, size_t errlen)
{
  int rc = 0;
  for (size_t i = 0; i < n && !rc; i++)
    rc = visit_one(NULL, v, NULL, &ev[i], ev[i].thread, path, err, errlen);
  return rc;
}
