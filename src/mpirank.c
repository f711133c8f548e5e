/* MPI programs: ompadv runs once per rank under mpirun or srun (mpirun -np 4
 * ompadv profile ./app).  The launcher tells each process its rank in the
 * environment; "%r" in a file name becomes it, and what ompadv itself
 * prints goes out line by line with the rank in front, so that the ranks'
 * reports do not mix. */
#include "ompadv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* Open MPI, MPICH and Intel MPI (Hydra: PMI), PMIx launchers, Slurm */
static const char *const rank_vars[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                                         "SLURM_PROCID", NULL };
static const char *const size_vars[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS",
                                         NULL };

static int env_int(const char *const *vars)
{
  for (size_t i = 0; vars[i]; i++) {
    const char *v = getenv(vars[i]);
    char *end;
    long n = v && *v ? strtol(v, &end, 10) : -1;
    if (v && *v && !*end && n >= 0 && n < 1 << 24)
      return (int)n;
  }
  return -1;
}

int oa_mpi_rank(int *size)
{
  if (size)
    *size = env_int(size_vars);
  return env_int(rank_vars);
}

char *oa_expand_rank(const char *pattern)
{
  int rank = oa_mpi_rank(NULL);
  return pattern ? oa_expand_field(pattern, 'r', rank < 0 ? 0 : rank) : NULL;
}

char *oa_rank_glob(const char *pattern)
{
  int size, rank = oa_mpi_rank(&size);
  if (!pattern || rank < 0 || size == 1)
    return NULL;
  /* the name launch.c gives each rank: with the rank appended when it has
   * no %r or %p */
  char *named = !strstr(pattern, "%r") && !strstr(pattern, "%p")
                    ? oa_xasprintf("%s.%%r", pattern) : oa_xstrdup(pattern);
  char *out = oa_xmalloc(strlen(named) + 1), *o = out;
  for (const char *s = named; *s;)
    if (s[0] == '%' && (s[1] == 'r' || s[1] == 'p')) {
      *o++ = '*';
      s += 2;
    } else {
      *o++ = *s++;
    }
  *o = 0;
  free(named);
  return out;
}

/* stderr through a cookie: whole lines, each "[rank N] LINE", one write each */
typedef struct prefixer {
  char tag[24];
  char *buf;
  size_t len, cap;
} prefixer;

static void flush_line(prefixer *p, const char *line, size_t len)
{
  size_t tl = strlen(p->tag), total = tl + len;
  char *out = oa_xmalloc(total);
  memcpy(out, p->tag, tl);
  memcpy(out + tl, line, len);
  for (size_t off = 0; off < total;) {
    ssize_t w = write(STDERR_FILENO, out + off, total - off);
    if (w <= 0)
      break;
    off += (size_t)w;
  }
  free(out);
}

static ssize_t prefix_write(void *cookie, const char *data, size_t size)
{
  prefixer *p = cookie;
  for (size_t i = 0; i < size; i++) {
    if (p->len == p->cap) {
      p->cap = p->cap ? 2 * p->cap : 256;
      p->buf = oa_xrealloc(p->buf, p->cap);
    }
    p->buf[p->len++] = data[i];
    if (data[i] == '\n') {
      flush_line(p, p->buf, p->len);
      p->len = 0;
    }
  }
  return (ssize_t)size;
}

static int prefix_close(void *cookie)
{
  prefixer *p = cookie;
  if (p->len) {
    prefix_write(p, "\n", 1);
  }
  return 0;
}

void oa_mpi_tag_stderr(void)
{
  int size, rank = oa_mpi_rank(&size);
  if (rank < 0 || size == 1)
    return;
  prefixer *p = oa_xcalloc(1, sizeof *p);
  snprintf(p->tag, sizeof p->tag, "[rank %d] ", rank);
  cookie_io_functions_t io = { .write = prefix_write, .close = prefix_close };
  FILE *f = fopencookie(p, "w", io);
  if (!f)
    return;
  setvbuf(f, NULL, _IONBF, 0);
  fflush(stderr);
  stderr = f;
}
