/* Shared by the ompadv benchmark workloads: the size argument and the checksum line.
   Every workload prints exactly one line, "checksum NAME SIZE VALUE", which must not
   depend on the thread count or the schedule, so scripts/bench can compare modes. */
#ifndef OMPADV_BENCH_H
#define OMPADV_BENCH_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *bench_size_name[] = {"small", "default", "large"};

/* 0 small, 1 default, 2 large; no argument means default. */
static int bench_size(int argc, char **argv)
{
  if (argc < 2)
    return 1;
  for (int i = 0; i < 3; i++)
    if (strcmp(argv[1], bench_size_name[i]) == 0)
      return i;
  fprintf(stderr, "usage: %s [small|default|large]\n", argv[0]);
  exit(2);
}

static void bench_checksum(const char *name, int size, uint64_t value)
{
  printf("checksum %s %s %016llx\n", name, bench_size_name[size], (unsigned long long)value);
}

/* A 64-bit mixer (splitmix64's finalizer): a deterministic pseudo-random value for i. */
static inline uint64_t bench_mix(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* Bits of a double, to fold floating-point results into a checksum exactly. */
static inline uint64_t bench_bits(double d)
{
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

/* A checksum of n doubles, bit for bit. */
static inline uint64_t bench_hash_doubles(const double *v, long n)
{
  uint64_t h = 0;
  for (long i = 0; i < n; i++)
    h = bench_mix(h ^ bench_bits(v[i]));
  return h;
}
#endif
