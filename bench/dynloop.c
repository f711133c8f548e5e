/* Data-parallel loop, irregular: Mandelbrot rows under schedule(dynamic, 1), where
   the cost of a row varies by orders of magnitude. */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long w[] = {400, 1200, 2600}, maxit[] = {400, 600, 1000};
  int s = bench_size(argc, argv);
  long W = w[s], H = w[s];
  uint64_t total = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+: total)
  for (long y = 0; y < H; y++) {
    uint64_t row = 0;
    for (long x = 0; x < W; x++) {
      double cr = -2.0 + 2.5 * x / W, ci = -1.25 + 2.5 * y / H, zr = 0, zi = 0;
      long it = 0;
      while (it < maxit[s] && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        it++;
      }
      row += (uint64_t)it;
    }
    total += row * (uint64_t)(y + 1);
  }
  bench_checksum("dynloop", s, total);
  return 0;
}
