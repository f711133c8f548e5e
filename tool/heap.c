/* The tool's own heap (doc/ARCHITECTURE.md, "The program's heap is its
 * own").
 *
 * The tool runs inside the program's process.  Had it allocated from the C
 * library's heap, every block it took and gave back would move where the
 * program's next blocks land and what they hold before the program writes
 * them.  A program that reads memory it never wrote (KASTORS strassen reads
 * its result matrix before every element is written, and passes its own
 * check only because glibc hands it fresh, zeroed pages) then computes
 * something else under ompadv than without it.  So the tool's objects link
 * with --wrap for malloc, calloc, realloc, free, posix_memalign, strdup and
 * vasprintf (Makefile.am), and these come here: mappings of the tool's own,
 * never the C library's heap, which stays as the program alone leaves it.
 *
 * Layout.  Memory is mapped in granules of 2 MiB, aligned to 2 MiB, and
 * owner[] says per granule of the address space whether it is ours and
 * how: a size class (small blocks), or a large block.  A pointer whose
 * granule is not ours came from the C library (strdup's result inside the
 * C library, say, or realpath's) and goes back to it.
 *   - small blocks (at most 64 KiB): size classes 16, then 32 * 2^k and
 *     48 * 2^k (every block aligned to 16); a granule holds blocks of one
 *     class, carved in order (posix_memalign's classes apart, where a
 *     power-of-two block is aligned to its size); freed blocks go on their
 *     class's list and are used again;
 *   - large blocks: a mapping of their own, whole granules, the block's
 *     size in the page before it; unmapped when freed.
 * A spin lock per class; the tool allocates rarely on its hot paths (nodes
 * come from slabs, ospg.c), so contention is low.
 *
 * Reserve.  A program may cap its own address space (setrlimit(RLIMIT_AS))
 * at what it has mapped plus a little, and race detection's shadow then
 * takes that little: a small block the tool needs afterwards (a loop's
 * per-thread slot) would find no room for a new granule, and the tool
 * would have to end the program.  So in race mode the small classes'
 * granules come first from RESERVE_GRANULES granules of address space
 * reserved (no access, nothing committed) when race detection starts, as
 * the OpenMP runtime starts (oa_heap_reserve); opening one (mprotect) maps
 * nothing new, so no limit set later refuses it.  The other modes map
 * little after the start and reserve nothing: the program keeps its
 * address space. */

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "corelib/util.h"
#include "tool.h"

#define GRANULE_SHIFT 21
#define GRANULE ((size_t)1 << GRANULE_SHIFT)
#define VA_BITS 47
#define NGRANULES ((size_t)1 << (VA_BITS - GRANULE_SHIFT))
#define SMALL_MAX ((size_t)65536)
#define PAGE ((size_t)4096)

/* owner[] values: 0 not ours, 1..2 * NCLASS a small class + 1, LARGE.
 * Classes NCLASS.. are the aligned ones (posix_memalign's): their blocks
 * follow each other, so a power-of-two size is aligned to itself.  In
 * the others, blocks from 64 bytes up are 16 bytes apart: blocks of a
 * power-of-two size one after the other would put every block's first
 * line in the same few sets of the cache (a fifth more time on a tree of
 * small tasks, where the C library's chunk headers spread them). */
enum { NCLASS = 24, LARGE = 0xff };

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void __real_free(void *);
int __real_posix_memalign(void **, size_t, size_t);

static unsigned char *owner;     /* NGRANULES bytes, reserved, touched where used */
#define RESERVE_GRANULES 32
static char *reserve, *reserve_end; /* granules reserved for small classes (see above) */
static char *reserve_next;       /* atomic: the first not handed out */
static int state;                /* 0 not yet, 1 ready, -1 none (the C library's heap) */
static unsigned char init_lock;

static struct cls {
  unsigned char lock;
  void *free_list;
  char *next, *end;              /* the granule being carved */
} classes[2 * NCLASS];

/* 16, 32, 48, 64, 96, 128, ... 65536 (class 23): the odd classes and 0
 * are powers of two */
static size_t class_size(unsigned c)
{
  return !c ? 16 : (size_t)(c & 1 ? 32 : 48) << ((c - 1) >> 1);
}

/* how far apart a class's blocks are */
static size_t class_stride(unsigned c)
{
  size_t size = class_size(c % NCLASS);
  return c < NCLASS && size >= 64 ? size + 16 : size;
}

static unsigned class_of(size_t n)
{
  unsigned c = 0;
  while (class_size(c) < n)
    c++;
  return c;
}

/* A fork while another thread holds a class's lock must not leave the
 * child a lock nobody will release. */
static void fork_prepare(void)
{
  for (int c = 0; c < 2 * NCLASS; c++)
    oa_spin_lock(&classes[c].lock);
}

static void fork_done(void)
{
  for (int c = 2 * NCLASS - 1; c >= 0; c--)
    oa_spin_unlock(&classes[c].lock);
}

static int ready(void)
{
  if (__builtin_expect(__atomic_load_n(&state, __ATOMIC_ACQUIRE) != 0, 1))
    return state > 0;
  oa_spin_lock(&init_lock);
  if (!state) {
    void *m = mmap(NULL, NGRANULES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    owner = m == MAP_FAILED ? NULL : m;
    if (owner)
      pthread_atfork(fork_prepare, fork_done, fork_done);
    __atomic_store_n(&state, owner ? 1 : -1, __ATOMIC_RELEASE);
  }
  oa_spin_unlock(&init_lock);
  return state > 0;
}

/* len bytes (a multiple of GRANULE) aligned to GRANULE, or NULL */
static char *map_granules(size_t len)
{
  char *m = mmap(NULL, len + GRANULE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
  if (m == MAP_FAILED)
    return NULL;
  char *a = (char *)(((uintptr_t)m + GRANULE - 1) & ~(uintptr_t)(GRANULE - 1));
  if (a > m)
    munmap(m, (size_t)(a - m));
  if (a + len < m + len + GRANULE)
    munmap(a + len, (size_t)(m + len + GRANULE - (a + len)));
  return a;
}

void oa_heap_reserve(void)
{
  size_t len = (size_t)RESERVE_GRANULES * GRANULE;
  if (reserve || !ready())
    return;
  char *r = mmap(NULL, len + GRANULE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (r == MAP_FAILED)
    return;  /* the small classes map as the large blocks do */
  char *a = (char *)(((uintptr_t)r + GRANULE - 1) & ~(uintptr_t)(GRANULE - 1));
  reserve_next = a;
  reserve_end = a + len;
  __atomic_store_n(&reserve, a, __ATOMIC_RELEASE);
}

/* A granule for a small class: from the reserve while it lasts, or NULL */
static char *reserved_granule(void)
{
  if (!__atomic_load_n(&reserve, __ATOMIC_ACQUIRE))
    return NULL;
  char *g = __atomic_fetch_add(&reserve_next, GRANULE, __ATOMIC_RELAXED);
  if (g >= reserve_end)
    return NULL;
  return mprotect(g, GRANULE, PROT_READ | PROT_WRITE) == 0 ? g : NULL;
}

static void set_owner(const char *a, size_t len, unsigned char v)
{
  for (size_t g = (uintptr_t)a >> GRANULE_SHIFT, n = len >> GRANULE_SHIFT; n--; g++)
    __atomic_store_n(&owner[g], v, __ATOMIC_RELEASE);
}

static unsigned char owner_of(const void *p)
{
  uintptr_t g = (uintptr_t)p >> GRANULE_SHIFT;
  return state > 0 && g < NGRANULES ? __atomic_load_n(&owner[g], __ATOMIC_ACQUIRE) : 0;
}

static void *small_alloc(unsigned c)
{
  struct cls *k = &classes[c];
  size_t size = class_stride(c);
  void *p;
  oa_spin_lock(&k->lock);
  if ((p = k->free_list)) {
    k->free_list = *(void **)p;
  } else {
    if (!k->next || (size_t)(k->end - k->next) < size) {
      char *g = reserved_granule();
      if (!g)
        g = map_granules(GRANULE);
      if (!g) {
        oa_spin_unlock(&k->lock);
        return NULL;
      }
      set_owner(g, GRANULE, (unsigned char)(c + 1));
      k->next = g;
      k->end = g + GRANULE;
    }
    p = k->next;
    k->next += size;
  }
  oa_spin_unlock(&k->lock);
  return p;
}

/* A large block: its header page holds its mapping's length. */
static void *large_alloc(size_t n, size_t align)
{
  size_t lead = align > PAGE ? align : PAGE;
  if (n > SIZE_MAX - lead - GRANULE)
    return NULL;
  size_t len = (lead + n + GRANULE - 1) & ~(GRANULE - 1);
  char *a = map_granules(len);
  if (!a)
    return NULL;
  set_owner(a, len, LARGE);
  char *p = a + lead;
  ((size_t *)(p - PAGE))[0] = len;
  ((size_t *)(p - PAGE))[1] = (size_t)(p - a);
  ((size_t *)(p - PAGE))[2] = n;
  return p;
}

static size_t usable(const void *p, unsigned char o)
{
  return o == LARGE ? ((const size_t *)((const char *)p - PAGE))[2] : class_size((o - 1u) % NCLASS);
}

static void *alloc(size_t n, size_t align)
{
  if (!n)
    n = 1;
  if (n <= SMALL_MAX && align <= SMALL_MAX) {
    unsigned c = class_of(n > align ? n : align);
    if (align > 16)  /* a power-of-two class, aligned: its blocks are aligned to their size */
      c += c && !(c & 1);
    if (c < NCLASS)
      return small_alloc(align > 16 ? NCLASS + c : c);
  }
  return large_alloc(n, align);
}

void *__wrap_malloc(size_t n)
{
  if (!ready())
    return __real_malloc(n);
  void *p = alloc(n, 16);
  if (!p)
    errno = ENOMEM;
  return p;
}

void __wrap_free(void *p)
{
  if (!p)
    return;
  unsigned char o = owner_of(p);
  if (!o) {
    __real_free(p);  /* the C library's */
    return;
  }
  if (o == LARGE) {
    size_t *h = (size_t *)((char *)p - PAGE);
    char *a = (char *)p - h[1];
    size_t len = h[0];
    set_owner(a, len, 0);
    munmap(a, len);
    return;
  }
  struct cls *k = &classes[o - 1];
  oa_spin_lock(&k->lock);
  *(void **)p = k->free_list;
  k->free_list = p;
  oa_spin_unlock(&k->lock);
}

void *__wrap_calloc(size_t n, size_t size)
{
  if (!ready())
    return __real_calloc(n, size);
  if (size && n > SIZE_MAX / size) {
    errno = ENOMEM;
    return NULL;
  }
  void *p = __wrap_malloc(n * size);
  if (p && owner_of(p) != LARGE)  /* a fresh mapping is zeroed already */
    memset(p, 0, n * size);
  return p;
}

void *__wrap_realloc(void *p, size_t n)
{
  if (!p)
    return __wrap_malloc(n);
  unsigned char o = owner_of(p);
  if (!o && !ready())
    return __real_realloc(p, n);
  size_t have = o ? usable(p, o) : malloc_usable_size(p);
  if (o && o != LARGE && n <= have && n > have / 2)
    return p;  /* it still fits its class, which is not too large for it */
  if (o == LARGE) {
    size_t *h = (size_t *)((char *)p - PAGE), room = h[0] - h[1];
    if (n <= room && n > room / 4) {  /* its mapping's last granule has room */
      h[2] = n;
      return p;
    }
  }
  void *q = __wrap_malloc(n);
  if (!q)
    return NULL;
  memcpy(q, p, have < n ? have : n);
  __wrap_free(p);
  return q;
}

int __wrap_posix_memalign(void **out, size_t align, size_t n)
{
  if (!ready())
    return __real_posix_memalign(out, align, n);
  if (align < sizeof(void *) || (align & (align - 1)))
    return EINVAL;
  void *p = alloc(n, align);
  if (!p)
    return ENOMEM;
  *out = p;
  return 0;
}

char *__wrap_strdup(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = __wrap_malloc(n);
  return d ? memcpy(d, s, n) : NULL;
}

int __wrap_vasprintf(char **out, const char *fmt, va_list ap)
{
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *s = n >= 0 ? __wrap_malloc((size_t)n + 1) : NULL;
  if (s)
    vsnprintf(s, (size_t)n + 1, fmt, again);
  va_end(again);
  *out = s;
  return s ? n : -1;
}
