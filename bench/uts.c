/* An unbalanced tree search (after UTS, BOTS uts): a tree whose shape comes from a
   hash of each node's id, explored with one task per node; most nodes are leaves,
   a few have many children, so subtrees differ in size by orders of magnitude and
   the work must move between threads all the time. */
#include "bench.h"

/* A node's children: none for about half the nodes, else up to 8; the hash stands
   in for UTS's SHA-1 work per node. */
static int children(uint64_t id, int depth, int max_depth, uint64_t *h)
{
  uint64_t x = id;
  for (int i = 0; i < 16; i++)
    x = bench_mix(x);
  *h = x;
  if (depth >= max_depth)
    return 0;
  return (x & 1) ? 0 : (int)((x >> 8) % 9);
}

static long search(uint64_t id, int depth, int max_depth)
{
  uint64_t h;
  int k = children(id, depth, max_depth, &h);
  long counts[8] = {0};
  for (int c = 0; c < k; c++) {
#pragma omp task shared(counts) firstprivate(c)
    counts[c] = search(h + (uint64_t)c, depth + 1, max_depth);
  }
#pragma omp taskwait
  long n = 1;
  for (int c = 0; c < k; c++)
    n += counts[c];
  return n;
}

int main(int argc, char **argv)
{
  static const int depth[] = {13, 16, 18};
  int s = bench_size(argc, argv);
  long n = 0;
#pragma omp parallel
#pragma omp single
  n = search(42, 0, depth[s]);
  bench_checksum("uts", s, (uint64_t)n);
  return 0;
}
