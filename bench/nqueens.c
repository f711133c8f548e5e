/* Recursive tasks: count the n-queens solutions, one task per placement in the first
   rows (a search tree with an irregular fan-out), sequential bitmask search below. */
#include "bench.h"

static long queens_seq(unsigned all, unsigned cols, unsigned d1, unsigned d2)
{
  if (cols == all)
    return 1;
  long count = 0;
  unsigned free = all & ~(cols | d1 | d2);
  while (free) {
    unsigned bit = free & -free;
    free ^= bit;
    count += queens_seq(all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1);
  }
  return count;
}

static long queens(int row, int cut, unsigned all, unsigned cols, unsigned d1, unsigned d2)
{
  if (row >= cut)
    return queens_seq(all, cols, d1, d2);
  long count[32] = {0};
  unsigned free = all & ~(cols | d1 | d2);
  for (int c = 0; c < 32; c++) {
    unsigned bit = 1u << c;
    if (!(free & bit))
      continue;
#pragma omp task shared(count) firstprivate(c, bit)
    count[c] = queens(row + 1, cut, all, cols | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1);
  }
#pragma omp taskwait
  long total = 0;
  for (int c = 0; c < 32; c++)
    total += count[c];
  return total;
}

int main(int argc, char **argv)
{
  static const int n[] = {13, 14, 15};
  int s = bench_size(argc, argv);
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = queens(0, 3, (1u << n[s]) - 1, 0, 0, 0);
  bench_checksum("nqueens", s, (uint64_t)r);
  return 0;
}
