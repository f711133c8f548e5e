/* Reader of the tool's result file.  Chunks are page aligned; a chunk the
 * target reserved but died before stamping is skipped page by page. */
#include "result.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "events.h"
#include "recording.h"
#include "util.h"

#define PAGE 4096u

int oa_result_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(err, errlen, "%s: %s", path, msg);
  return -1;
}
#define fail oa_result_fail

int oa_result_version(const oa_file_header *h, const char *path, const char *what, char *err,
                      size_t errlen)
{
  if (h->version >= OA_FILE_VERSION_MIN && h->version <= OA_FILE_VERSION)
    return 0;
  if (h->version >= 1 && h->version < OA_FILE_VERSION_MIN) {
    snprintf(err, errlen, "%s was recorded by an older ompadv (format %u, this one reads %d to %d): "
             "record it again", path, h->version, OA_FILE_VERSION_MIN, OA_FILE_VERSION);
    return -1;
  }
  return fail(err, errlen, path, "%s format version %u, this ompadv reads versions %d to %d",
              what, h->version, OA_FILE_VERSION_MIN, OA_FILE_VERSION);
}

static int cmp_seq(const void *a, const void *b)
{
  const oa_event *x = a, *y = b;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

const oa_module *oa_module_at(const char *p, uint64_t used, uint64_t off, int *bad)
{
  *bad = 0;
  if (off == used)
    return NULL;
  const oa_module *m = (const oa_module *)(p + off);
  /* records are 8-aligned: the next one must be too (fuzzing: misaligned reads) */
  if (off + sizeof(oa_module) > used || m->record_size < sizeof(oa_module) + m->path_len + 1
      || m->record_size % 8 || off + m->record_size > used || m->path[m->path_len] != 0) {
    *bad = 1;
    return NULL;
  }
  return m;
}

static int add_modules(oa_result *r, const char *p, uint64_t used)
{
  uint64_t off = 0;
  int bad;
  const oa_module *m;
  for (; (m = oa_module_at(p, used, off, &bad)); off += m->record_size) {
    int seen = 0;
    for (size_t i = 0; i < r->nmodules && !seen; i++)
      seen = r->modules[i]->base == m->base && strcmp(r->modules[i]->path, m->path) == 0;
    if (!seen) {
      r->modules = oa_xrealloc(r->modules, (r->nmodules + 1) * sizeof *r->modules);
      r->modules[r->nmodules] = oa_xmalloc(m->record_size);
      memcpy(r->modules[r->nmodules++], m, m->record_size);
    }
  }
  return bad ? -1 : 0;
}

static void drop_profile(oa_result *r)
{
  free(r->profile);
  free(r->locs);
  free(r->nested);
  r->profile = NULL;
  r->locs = NULL;
  r->nested = NULL;
}

/* Several profile chunks: snapshots, then the final one.  The final wins;
 * otherwise the last whole snapshot.  A chunk being rewritten has used 0. */
int oa_profile_chunk(const char *p, uint64_t used, oa_profile_header **hp, oa_profile_loc **lp,
                     oa_profile_nested **np)
{
  oa_profile_header h;
  if (used == 0)
    return 0;
  if (used < sizeof h)
    return -1;
  memcpy(&h, p, sizeof h);
  if (*hp && (*hp)->seq > h.seq)
    return 0;
  free(*hp);
  free(*lp);
  free(*np);
  *hp = NULL;
  *lp = NULL;
  *np = NULL;
  if (h.nlocs == 0 || h.nlocs > (1u << 24) || h.nnested > (1u << 24)
      || (used - sizeof h) / sizeof(oa_profile_loc) < h.nlocs
      || (used - sizeof h - h.nlocs * sizeof(oa_profile_loc)) / sizeof(oa_profile_nested)
             < h.nnested)
    return -1;
  oa_profile_loc *locs = oa_xmalloc(h.nlocs * sizeof *locs);
  oa_profile_nested *nested = oa_xmalloc((h.nnested ? h.nnested : 1) * sizeof *nested);
  memcpy(locs, p + sizeof h, h.nlocs * sizeof *locs);
  memcpy(nested, p + sizeof h + h.nlocs * sizeof *locs, h.nnested * sizeof *nested);
  int bad = 0;
  for (uint32_t i = 0; i < h.nnested && !bad; i++) {
    bad = nested[i].loc >= h.nlocs || nested[i].nanc > OA_ANC_MAX + 1;
    for (uint32_t k = 0; k < nested[i].nanc && k < OA_ANC_MAX && !bad; k++)
      bad = nested[i].anc[k] >= h.nlocs;
  }
  for (uint32_t i = 0; i < h.nlocs && !bad; i++)
    bad = locs[i].kind >= OA_C_NKINDS;
  if (bad) {
    free(locs);
    free(nested);
    return -1;
  }
  *hp = oa_xmalloc(sizeof h);
  **hp = h;
  *lp = locs;
  *np = nested;
  return 0;
}

static int add_events(oa_result *r, const oa_chunk_header *c, size_t *cap)
{
  size_t n = oa_chunk_records(c);
  const unsigned char *p = (const unsigned char *)(c + 1), *end = p + oa_chunk_bytes(c);
  if (n * 4 > oa_chunk_bytes(c))
    return -1;  /* a packed record takes 4 bytes at least */
  if (r->nevents + n > *cap) {
    *cap = (*cap ? *cap * 2 : 4096) + n;
    r->events = oa_xrealloc(r->events, *cap * sizeof *r->events);
  }
  oa_pack_ref *pack = oa_xmalloc(sizeof *pack);
  oa_pack_set(pack, r->header.version);
  int bad = 0;
  for (size_t i = 0; i < n && !bad; i++) {
    oa_event *ev = &r->events[r->nevents + i];
    size_t got = oa_unpack_record(pack, p, (size_t)(end - p), ev);
    bad = !got || ev->thread != c->thread || !oa_event_type_name(ev->type);
    p += got;
  }
  free(pack);
  if (bad || p != end)
    return -1;
  r->nevents += n;
  return 0;
}

static int read_chunks(oa_result *r, const char *base, uint64_t size, const char *path,
                       char *err, size_t errlen)
{
  size_t cap = 0;
  uint64_t off = OA_HEADER_SIZE;
  while (off + sizeof(oa_chunk_header) <= size) {
    const oa_chunk_header *c = (const oa_chunk_header *)(base + off);
    if (c->magic == 0) {
      r->skipped_bytes += PAGE;
      off += PAGE;
      continue;
    }
    if (c->magic != OA_CHUNK_MAGIC || c->size < PAGE || c->size % PAGE)
      return fail(err, errlen, path, "corrupt chunk at offset %llu", (unsigned long long)off);
    if (off + c->size > size)
      return fail(err, errlen, path, "truncated: chunk at offset %llu ends past the end of the file", (unsigned long long)off);
    if (!oa_chunk_used_ok(c))
      return fail(err, errlen, path, "corrupt chunk at offset %llu (fill count)",
                  (unsigned long long)off);
    int bad = 0;
    if (c->kind == OA_CHUNK_EVENTS)
      bad = add_events(r, c, &cap);
    else if (c->kind == OA_CHUNK_MODULES)
      bad = add_modules(r, (const char *)(c + 1), oa_chunk_bytes(c));
    else if (c->kind == OA_CHUNK_PROFILE)
      bad = oa_profile_chunk((const char *)(c + 1), oa_chunk_bytes(c), &r->profile, &r->locs, &r->nested);
    else
      bad = -1;
    if (bad)
      return fail(err, errlen, path, "corrupt chunk at offset %llu (records)",
                  (unsigned long long)off);
    off += c->size;
  }
  if (off < size)
    r->skipped_bytes += size - off;
  return 0;
}

int oa_result_read(const char *path, oa_result *r, char *err, size_t errlen)
{
  int ret = -1;
  void *map = MAP_FAILED;
  uint64_t size = 0;
  memset(r, 0, sizeof *r);
  int fd = oa_file_open(path, "an ompadv result", "result", &r->header, &size, err, errlen);
  if (fd < 0)
    goto out;
  if (r->header.mode == OA_MODE_RECORD) {
    fail(err, errlen, path, "a recording (ompadv record): analyse it with ompadv report -i %s",
         path);
    goto out;
  }
  map = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    goto out;
  }
  if (read_chunks(r, map, size, path, err, errlen) != 0)
    goto out;
  qsort(r->events, r->nevents, sizeof *r->events, cmp_seq);
  ret = 0;
out:
  if (map != MAP_FAILED)
    munmap(map, (size_t)size);
  if (fd >= 0)
    close(fd);
  if (ret)
    oa_result_free(r);
  return ret;
}

void oa_result_free(oa_result *r)
{
  for (size_t i = 0; i < r->nmodules; i++)
    free(r->modules[i]);
  free(r->modules);
  free(r->events);
  drop_profile(r);
  r->modules = NULL;
  r->events = NULL;
  r->nmodules = r->nevents = 0;
}
