/* Branch and bound (after BOTS floorplan): a 0/1 knapsack searched depth first with
   one task per choice near the root; every task prunes against the best value found
   so far, read with an atomic read and raised in a critical section, so how much is
   explored depends on the schedule but the answer does not. */
#include "bench.h"

enum { MAXN = 64 };
static int weight[MAXN], value[MAXN], nitems, capacity, task_depth;
static long best;

/* An upper bound (items sorted by value per weight): what is there, plus the items
   that fit greedily, plus the fitting fraction of the next one. */
static long bound(int i, int room, long have)
{
  for (; i < nitems && weight[i] <= room; i++) {
    room -= weight[i];
    have += value[i];
  }
  return i < nitems ? have + (long)value[i] * room / weight[i] : have;
}

static void search(int i, int room, long have)
{
  long b;
#pragma omp atomic read
  b = best;
  if (have > b) {
#pragma omp critical(best)
    if (have > best) {
#pragma omp atomic write
      best = have;
    }
  }
  if (i == nitems || bound(i, room, have) <= b)
    return;
  if (i < task_depth) {
    if (weight[i] <= room) {
#pragma omp task
      search(i + 1, room - weight[i], have + value[i]);
    }
#pragma omp task
    search(i + 1, room, have);
#pragma omp taskwait
  } else {
    if (weight[i] <= room)
      search(i + 1, room - weight[i], have + value[i]);
    search(i + 1, room, have);
  }
}

int main(int argc, char **argv)
{
  static const int items[] = {40, 54, 60};
  int s = bench_size(argc, argv);
  nitems = items[s];
  task_depth = 12;
  long total = 0;
  for (int i = 0; i < nitems; i++) {
    /* "strongly correlated" items (each worth its weight plus a constant): the
       bounds stay loose, much of the tree is explored */
    weight[i] = 100 + (int)(bench_mix((uint64_t)i) % 1000);
    value[i] = weight[i] + 100;
    total += weight[i];
  }
  for (int i = 1; i < nitems; i++)  /* by value per weight, best first */
    for (int j = i; j > 0 && (long)value[j] * weight[j - 1] > (long)value[j - 1] * weight[j]; j--) {
      int w = weight[j], v = value[j];
      weight[j] = weight[j - 1], value[j] = value[j - 1];
      weight[j - 1] = w, value[j - 1] = v;
    }
  capacity = (int)(total / 2);
#pragma omp parallel
#pragma omp single
  search(0, capacity, 0);
  bench_checksum("bnb", s, (uint64_t)best);
  return 0;
}
