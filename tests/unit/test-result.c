/* Unit test of the result-file reader against files built by hand: event
 * order across threads, module de-duplication, skipped reserved space, and a
 * clean error (never a crash) for every kind of damage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

#include "contract.h"
#include "result.h"
#include "check.h"

typedef struct {
  unsigned char *p;
  size_t len;
} buf;

static void put(buf *b, size_t off, const void *src, size_t n)
{
  if (off + n > b->len) {
    b->p = realloc(b->p, off + n);
    memset(b->p + b->len, 0, off + n - b->len);
    b->len = off + n;
  }
  memcpy(b->p + off, src, n);
}

static void header(buf *b)
{
  oa_file_header h = { .magic = OA_FILE_MAGIC, .version = OA_FILE_VERSION,
                       .header_size = OA_HEADER_SIZE, .state = OA_STATE_FINALIZED };
  put(b, 0, &h, sizeof h);
  static const char zero[OA_HEADER_SIZE];
  put(b, sizeof h, zero, OA_HEADER_SIZE - sizeof h);
}

/* A chunk of thread t holding events with the given sequence numbers. */
static size_t event_chunk(buf *b, size_t off, uint32_t t, const uint64_t *seqs, size_t n)
{
  oa_record e[16];
  unsigned char packed[16 * OA_PACK_MAX];
  if (n > 16)
    abort();
  for (size_t i = 0; i < n; i++)
    e[i] = (oa_record){ .sync_region = { .type = ompt_callback_sync_region, .thread = t,
                                         .seq = seqs[i], .kind = 100 + seqs[i] } };
  size_t bytes = oa_pack_chunk(e, n, packed, OA_FILE_VERSION);
  oa_chunk_header c = { .magic = OA_CHUNK_MAGIC, .kind = OA_CHUNK_EVENTS, .thread = t,
                        .size = 4096, .used = oa_chunk_used((uint32_t)bytes, (uint32_t)n) };
  put(b, off, &c, sizeof c);
  put(b, off + sizeof c, packed, bytes);
  static const char zero[4096];
  if (b->len < off + 4096)
    put(b, b->len, zero, off + 4096 - b->len);
  return off + 4096;
}

static size_t module_chunk(buf *b, size_t off, const char *path, uint64_t base)
{
  unsigned char rec[256] = { 0 };
  oa_module *m = (oa_module *)rec;
  size_t plen = strlen(path);
  m->base = base;
  m->lo = base;
  m->hi = base + 0x1000;
  m->path_len = (uint32_t)plen;
  m->record_size = (uint32_t)((sizeof *m + plen + 1 + 7) & ~7u);
  memcpy(m->path, path, plen + 1);
  oa_chunk_header c = { .magic = OA_CHUNK_MAGIC, .kind = OA_CHUNK_MODULES, .size = 4096,
                        .used = m->record_size };
  put(b, off, &c, sizeof c);
  put(b, off + sizeof c, rec, m->record_size);
  static const char zero[4096];
  if (b->len < off + 4096)
    put(b, b->len, zero, off + 4096 - b->len);
  return off + 4096;
}

static const char *write_file(const buf *b, const char *name)
{
  static char path[512];
  snprintf(path, sizeof path, "%s/%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", name);
  FILE *f = fopen(path, "wb");
  fwrite(b->p, 1, b->len, f);
  fclose(f);
  return path;
}

/* The well-formed file: two threads interleaved, a page reserved but never
 * stamped between them, and the same module listed twice. */
static buf good_file(void)
{
  buf b = { 0 };
  static const uint64_t t0[] = { 0, 2, 5 }, t1[] = { 1, 3, 4 };
  header(&b);
  size_t off = module_chunk(&b, OA_HEADER_SIZE, "/bin/prog", 0x400000);
  off = event_chunk(&b, off, 0, t0, 3);
  static const char zero[4096];
  put(&b, off, zero, sizeof zero);
  off += 4096;
  off = event_chunk(&b, off, 1, t1, 3);
  off = module_chunk(&b, off, "/bin/prog", 0x400000);
  module_chunk(&b, off, "/lib/libx.so", 0x7f0000000000);
  return b;
}

static void expect_error(const buf *b, const char *name, const char *needle)
{
  oa_result r;
  char err[512] = "";
  int rc = oa_result_read(write_file(b, name), &r, err, sizeof err);
  CHECK(rc == -1, "%s: accepted", name);
  CHECK(strstr(err, needle) != NULL, "%s: message '%s' lacks '%s'", name, err, needle);
  CHECK(r.events == NULL && r.modules == NULL, "%s: left allocations", name);
}

int main(void)
{
  buf g = good_file();
  oa_result r;
  char err[512] = "";
  int rc = oa_result_read(write_file(&g, "ompadv-test-good"), &r, err, sizeof err);
  CHECK(rc == 0, "good file rejected: %s", err);
  if (rc == 0) {
    CHECK(r.nevents == 6, "%zu events", r.nevents);
    for (size_t i = 0; i < r.nevents; i++) {
      CHECK(r.events[i].seq == i, "event %zu has seq %llu", i, (unsigned long long)r.events[i].seq);
      CHECK(r.events[i].thread == (i == 0 || i == 2 || i == 5 ? 0u : 1u), "event %zu thread %u", i,
            r.events[i].thread);
      CHECK(oa_record_of(&r.events[i])->sync_region.kind == 100 + i, "event %zu payload", i);
    }
    CHECK(r.nmodules == 2, "%zu modules", r.nmodules);
    CHECK(r.nmodules == 2 && strcmp(r.modules[1]->path, "/lib/libx.so") == 0, "second module");
    CHECK(r.skipped_bytes == 4096, "skipped %zu", r.skipped_bytes);
    CHECK(r.header.state == OA_STATE_FINALIZED, "state");
    oa_result_free(&r);
  }

  buf b = { 0 };
  expect_error(&b, "ompadv-test-empty", "too short");

  b = good_file();
  b.p[0] ^= 0xff;
  expect_error(&b, "ompadv-test-magic", "bad magic");
  free(b.p);

  b = good_file();
  ((oa_file_header *)b.p)->version = 99;
  expect_error(&b, "ompadv-test-version", "version 99");
  free(b.p);

  b = good_file();
  ((oa_file_header *)b.p)->version = OA_FILE_VERSION_MIN - 1;
  expect_error(&b, "ompadv-test-older", "recorded by an older ompadv");
  free(b.p);

  b = good_file();
  b.len -= 100;  /* the last chunk loses its end */
  expect_error(&b, "ompadv-test-truncated", "truncated");
  free(b.p);

  b = good_file();
  ((oa_chunk_header *)(b.p + OA_HEADER_SIZE + 4096))->used = 5000;
  expect_error(&b, "ompadv-test-fill", "fill count");
  free(b.p);

  b = good_file();
  ((oa_chunk_header *)(b.p + OA_HEADER_SIZE + 4096))->magic = 0x12345678;
  expect_error(&b, "ompadv-test-chunkmagic", "corrupt chunk");
  free(b.p);

  b = good_file();  /* an event claiming another thread than its chunk */
  ((oa_event *)(b.p + OA_HEADER_SIZE + 4096 + sizeof(oa_chunk_header)))->thread = 7;
  expect_error(&b, "ompadv-test-thread", "records");
  free(b.p);

  b = good_file();  /* an unknown event type */
  ((oa_event *)(b.p + OA_HEADER_SIZE + 4096 + sizeof(oa_chunk_header)))->type = 999;
  expect_error(&b, "ompadv-test-type", "records");
  free(b.p);

  b = good_file();  /* a module record longer than its chunk's fill */
  ((oa_module *)(b.p + OA_HEADER_SIZE + sizeof(oa_chunk_header)))->record_size = 4000;
  expect_error(&b, "ompadv-test-module", "records");
  free(b.p);

  b = good_file();  /* a file that stops right after a chunk header */
  b.len = OA_HEADER_SIZE + 4096 + sizeof(oa_chunk_header);
  expect_error(&b, "ompadv-test-short-chunk", "truncated");
  free(b.p);

  expect_error(&(buf){ (unsigned char *)"#!/bin/sh\n", 10 }, "ompadv-test-script", "too short");
  free(g.p);
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
