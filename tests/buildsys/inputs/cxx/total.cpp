// For cxx.test: the second file (std::vector, so libstdc++ is needed).
#include <cstdio>
#include <vector>

double total(const std::vector<double> &v)
{
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < (long)v.size(); i++)
    s += v[i];
  std::printf("total %.1f\n", s);
  return s;
}
