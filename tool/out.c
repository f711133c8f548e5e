/* The result file, written in place through shared mappings: each thread
 * fills chunks of its own, so recording needs no lock, and the kernel keeps
 * every committed event even if the target dies without finalizing. */
#include "tool.h"
#include "prof.h"
#include "util.h"

#include <cpuid.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The file the driver created for this process and handed down open
 * (contract.h: OMPADV_ENV_RESULT_FD), while the descriptor still is that
 * file: the program may have closed it and reused the number.  -1: none. */
static int inherited_fd(void)
{
  const char *v = getenv(OMPADV_ENV_RESULT_FD);
  int fd;
  unsigned long long dev, ino;
  struct stat st;
  if (!v || sscanf(v, "%d %llu %llu", &fd, &dev, &ino) != 3 || fd < 3)
    return -1;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_dev != (dev_t)dev
      || st.st_ino != (ino_t)ino)
    return -1;
  return fd;
}

/* Before main: the descriptor is for this process, not for the programs it
 * runs. */
__attribute__((constructor)) static void keep_inherited_fd(void)
{
  int fd = inherited_fd();
  if (fd >= 0)
    fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/* The result file of this process, open; -1 after saying why not.  owner:
 * this is the program the driver ran, whose file the driver made. */
static int out_fd(const char *path, int owner)
{
  int fd = owner ? inherited_fd() : -1;
  if (fd < 0)
    fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  fd = oa_fd_high(fd);  /* never the program's closed stdout or stderr */
  if (fd < 0)
    fprintf(stderr, "ompadv: tool not started: cannot create %s: %s%s\n", path, strerror(errno),
            errno == EMFILE ? " (the program's limit on open files, RLIMIT_NOFILE, is reached)"
                            : "");
  return fd;
}

/* The tool declines (it said why): the owner's file says so, for the
 * driver to tell that from a runtime that never started the tool. */
void oa_out_declined(const char *path, int owner)
{
  if (!owner)
    return;
  uint64_t mark = OA_FILE_DECLINED;
  int fd = inherited_fd(), own = fd < 0;
  if (own && path)
    fd = oa_fd_high(open(path, O_WRONLY | O_CLOEXEC));
  /* a failed write leaves nothing to do: the driver then takes the run for
   * one without a construct */
  ssize_t n = fd >= 0 ? pwrite(fd, &mark, sizeof mark, 0) : 0;
  (void)n;
  if (own && fd >= 0)
    close(fd);
}

int oa_out_open(const char *path, int owner, const char *runtime_version)
{
  oa_target_run *r = &oa_the_run;
  int fd = out_fd(path, owner);
  if (fd < 0)
    return -1;
  int err = posix_fallocate(fd, 0, OA_HEADER_SIZE);
  if (err) {
    fprintf(stderr, "ompadv: tool not started: cannot write %s: %s\n", path, strerror(err));
    goto fail;
  }
  oa_file_header *h = mmap(NULL, OA_HEADER_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (h == MAP_FAILED) {
    fprintf(stderr, "ompadv: tool not started: cannot map %s: %s\n", path, strerror(errno));
    goto fail;
  }
  h->version = OA_FILE_VERSION;
  h->header_size = OA_HEADER_SIZE;
  h->pid = (uint32_t)getpid();
  h->tsc_start = __rdtsc();
  struct timespec now;
  if (clock_gettime(CLOCK_REALTIME, &now) == 0)
    h->started_ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
  snprintf(h->runtime, sizeof h->runtime, "%s", runtime_version);
  h->state = OA_STATE_STARTED;
  __atomic_store_n(&h->magic, OA_FILE_MAGIC, __ATOMIC_RELEASE);
  r->fd = fd;
  r->header = h;
  r->next_off = OA_HEADER_SIZE;
  return 0;
fail:
  close(fd);
  return -1;
}

/* Records take the TSC as their seq (tool.h: oa_next_seq) where it is one
 * clock for all cores: the CPU says that it ticks at a constant rate in
 * every power state (CPUID 0x80000007, EDX bit 8, the invariant TSC), and
 * the kernel, which checks at boot that the cores' TSCs agree and drops it
 * when they drift apart, keeps it as its clock source.  Elsewhere, and with
 * OMPADV_ORDER=counter, a counter all threads share. */
void oa_seq_init(void)
{
  unsigned a, b, c, d;
  int invariant = __get_cpuid(0x80000007, &a, &b, &c, &d) && (d >> 8 & 1);
  char src[32] = "";
  int fd = open("/sys/devices/system/clocksource/clocksource0/current_clocksource",
                O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ssize_t n = read(fd, src, sizeof src - 1);
    src[n > 0 ? n : 0] = 0;
    close(fd);
  }
  oa_the_run.seq_clock = !oa_conf.order_counter && invariant && strcmp(src, "tsc\n") == 0;
}

/* The file cannot grow: no thread asks again (on a full file system each
 * attempt is slow, and a loop of millions of events would crawl), and the
 * header says where the records stop being whole (contract.h: seq_cut).
 * Called with grow_lock held. */
static void out_full(int err)
{
  oa_target_run *r = &oa_the_run;
  if (r->full)
    return;
  /* 0: no record was begun (the driver says that nothing was recorded) */
  r->header->seq_cut = !r->seq_clock ? __atomic_load_n(&r->seq, __ATOMIC_RELAXED)
                       : __atomic_load_n(&r->events_begun, __ATOMIC_ACQUIRE) ? (_mm_lfence(), __rdtsc())
                                                                          : 0;
  __atomic_store_n(&r->header->full_errno, (uint32_t)(err ? err : ENOSPC), __ATOMIC_RELEASE);
  __atomic_store_n(&r->full, 1, __ATOMIC_RELEASE);
}

/* A chunk's pages made writable a step at a time, in one call each (Linux
 * 5.14), instead of a fault per page as the records come: a tenth of record
 * mode's time on many small loops (doc/ARCHITECTURE.md §5).  A step, not the
 * whole chunk: the pages count in the target's memory as soon as they are
 * made writable.  An older kernel says EINVAL, and the faults come as
 * before. */
#define OA_POPULATE_STEP (64u * 1024u)
static void populate(void *at, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
  madvise(at, bytes, MADV_POPULATE_WRITE);
#else
  (void)at, (void)bytes;
#endif
}

/* Reserve and map a new chunk.  The space is allocated for real (fallocate),
 * because a store into a hole of a full disk would kill the target with
 * SIGBUS; when it cannot be had, the caller drops events and counts them. */
oa_chunk_header *oa_out_chunk(uint32_t kind, uint32_t thread, uint32_t size)
{
  oa_target_run *r = &oa_the_run;
  oa_chunk_header *c = NULL;
  pthread_mutex_lock(&r->grow_lock);
  uint64_t off = r->next_off;
  int err = r->full ? ENOSPC : posix_fallocate(r->fd, (off_t)off, size);
  if (!err) {
    c = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, (off_t)off);
    if (c == MAP_FAILED) {
      c = NULL;
      err = errno;
    } else {
      r->next_off = off + size;
    }
  }
  if (!c)
    out_full(err);
  pthread_mutex_unlock(&r->grow_lock);
  if (!c)
    return NULL;
  populate(c, size < OA_POPULATE_STEP ? size : OA_POPULATE_STEP);
  c->kind = kind;
  c->thread = thread;
  c->size = size;
  c->used = 0;
  __atomic_store_n(&c->magic, OA_CHUNK_MAGIC, __ATOMIC_RELEASE);
  return c;
}

oa_thread *oa_thread_slow(void)
{
  oa_thread *t = oa_xcalloc(1, sizeof *t);
  /* the race runtime's own state, wherever it is linked in (tsan.c takes
   * it to be there for every thread the tool knows) */
  if (&oa_race_runtime)
    t->race = oa_xcalloc(1, sizeof *t->race);
  t->id = __atomic_fetch_add(&oa_the_run.next_thread, 1, __ATOMIC_RELAXED);
  /* The header counts the threads as they come, so that a run ended by a
   * signal still says how many there were. */
  oa_file_header *h = oa_the_run.header;
  for (uint32_t n = h ? __atomic_load_n(&h->nthreads, __ATOMIC_RELAXED) : 0;
       h && n < t->id + 1 &&
       !__atomic_compare_exchange_n(&h->nthreads, &n, t->id + 1, 1, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED);)
    ;
  t->counter_fd = -1;
  oa_prof_thread_init(t);
  t->next_thread = __atomic_load_n(&oa_the_run.threads, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&oa_the_run.threads, &t->next_thread, t, 0,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED))
    ;
  oa_self = t;
  return t;
}

/* The thread's last events are in the file already: its mapping goes.  The
 * state itself stays on the run's list of threads. */
void oa_thread_retire(oa_thread *t)
{
  oa_flush_w(t);
  if (t->chunk)
    munmap(t->chunk, OA_CHUNK_SIZE);
  t->chunk = NULL;
  oa_self = NULL;
}

/* The record to fill for thread t (its stage, packed into the chunk at
 * oa_commit), opening a new chunk when the current one has no room for the
 * largest packed record; NULL when recording is off or the file cannot
 * grow. */
oa_record *oa_next_slot(oa_thread *t)
{
  oa_flush_w(t);  /* into the chunk it was begun for: the room was checked then */
  if (!oa_the_run.enabled)
    return NULL;
  const uint32_t room = OA_CHUNK_SIZE - sizeof *t->chunk;
  if (t->chunk && t->bytes + OA_PACK_MAX <= room) {
    /* the next step's pages once the record may reach them (the chunk's
     * size is a multiple of the step) */
    if (__builtin_expect(sizeof *t->chunk + t->bytes + OA_PACK_MAX > t->populated, 0)) {
      populate((char *)t->chunk + t->populated, OA_POPULATE_STEP);
      t->populated += OA_POPULATE_STEP;
    }
    return &t->stage;
  }
  if (t->chunk)
    munmap(t->chunk, OA_CHUNK_SIZE);  /* its pages stay in the file */
  t->chunk = __atomic_load_n(&oa_the_run.full, __ATOMIC_ACQUIRE)
                 ? NULL : oa_out_chunk(OA_CHUNK_EVENTS, t->id, OA_CHUNK_SIZE);
  t->n = t->bytes = 0;
  if (!t->chunk) {
    __atomic_fetch_add(&oa_the_run.header->events_lost, 1, __ATOMIC_RELAXED);
    return NULL;
  }
  t->populated = OA_POPULATE_STEP;  /* oa_out_chunk's */
  if (!__atomic_load_n(&oa_the_run.events_begun, __ATOMIC_RELAXED))
    __atomic_store_n(&oa_the_run.events_begun, 1, __ATOMIC_RELEASE);
  oa_pack_set(&t->pack, OA_FILE_VERSION);  /* a chunk unpacks on its own */
  return &t->stage;
}

struct modbuf {
  char *data;
  size_t len, cap;
  oa_modset *set;
};

static int add_module(struct dl_phdr_info *info, size_t size, void *arg)
{
  struct modbuf *mb = arg;
  char exe[4096];
  const char *path = info->dlpi_name;
  if (!path || !*path) {
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
      return 0;
    exe[n] = 0;
    path = exe;
  }
  if (path[0] != '/')
    return 0;  /* the vDSO and the like: no file to read later */
  uint64_t lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uint64_t s = info->dlpi_addr + ph->p_vaddr;
    if (s < lo)
      lo = s;
    if (s + ph->p_memsz > hi)
      hi = s + ph->p_memsz;
  }
  size_t plen = strlen(path);
  size_t rec = (sizeof(oa_module) + plen + 1 + 7) & ~(size_t)7;
  if (mb->len + rec > mb->cap) {
    size_t cap = (mb->cap ? mb->cap * 2 : 4096) + rec;
    char *d = realloc(mb->data, cap);
    if (!d)
      return 1;
    mb->data = d;
    mb->cap = cap;
  }
  oa_module *m = (oa_module *)(mb->data + mb->len);
  memset(m, 0, rec);
  m->base = info->dlpi_addr;
  m->lo = lo;
  m->hi = hi;
  m->record_size = (uint32_t)rec;
  m->path_len = (uint32_t)plen;
  memcpy(m->path, path, plen + 1);
  mb->len += rec;
  if (mb->set && mb->set->n < OA_MAX_MODULES)
    mb->set->r[mb->set->n++] = (oa_range){ lo, hi };
  return 0;
}

/* List the loaded objects into the file, and publish their address ranges
 * for oa_out_known.  Older sets are never freed: a reader may still hold
 * one, and there are only as many as rescans. */
void oa_out_write_modules(void)
{
  struct modbuf mb = { .set = calloc(1, sizeof(oa_modset)) };
  pthread_mutex_lock(&oa_the_run.modules_lock);
  dl_iterate_phdr(add_module, &mb);
  if (mb.set)
    __atomic_store_n(&oa_the_run.modules, mb.set, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&oa_the_run.modules_lock);
  size_t size = (sizeof(oa_chunk_header) + mb.len + 4095) & ~(size_t)4095;
  oa_chunk_header *c = oa_out_chunk(OA_CHUNK_MODULES, 0, (uint32_t)size);
  if (c) {
    memcpy(c + 1, mb.data, mb.len);
    __atomic_store_n(&c->used, mb.len, __ATOMIC_RELEASE);
    munmap(c, size);
  }
  free(mb.data);
}

int oa_out_known(uint64_t addr)
{
  const oa_modset *m = __atomic_load_n(&oa_the_run.modules, __ATOMIC_ACQUIRE);
  for (int i = 0; m && i < m->n; i++)
    if (addr >= m->r[i].lo && addr < m->r[i].hi)
      return 1;
  return 0;
}

/* An address outside every listed object: a library was dlopen'ed since the
 * last listing (it may be closed again before the run ends).  Code that is in
 * no object at all (JIT) would rescan each time; back off exponentially. */
void oa_out_saw_address(uint64_t addr)
{
  if (!addr || oa_out_known(addr))
    return;
  uint64_t miss = __atomic_add_fetch(&oa_the_run.module_misses, 1, __ATOMIC_RELAXED);
  if ((miss & (miss - 1)) == 0)
    oa_out_write_modules();
}

void oa_out_finalize(void)
{
  oa_file_header *h = oa_the_run.header;
  h->nthreads = __atomic_load_n(&oa_the_run.next_thread, __ATOMIC_RELAXED);
  __atomic_store_n(&h->state, OA_STATE_FINALIZED, __ATOMIC_RELEASE);
  oa_the_run.enabled = 0;
}
