// A race two calls below a parallel loop, in C++: the report shows the
// later access's call stack with demangled names.
#include <cstdio>
namespace acc {
struct Counter {
  int total = 0;
  __attribute__((noinline)) void add(int k) { total += k; }
};
__attribute__((noinline)) void visit(Counter &c, int k) {
  c.add(k);
  asm volatile("" ::: "memory");
}
}  // namespace acc
int main() {
  acc::Counter c;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    acc::visit(c, i);
  std::printf("%d\n", c.total > 0);
  return 0;
}
