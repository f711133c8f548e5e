// For cxx.test: a C++ program in two files, linked from objects.
#include <vector>
double total(const std::vector<double> &v);

int main()
{
  std::vector<double> v(100000);
#pragma omp parallel for schedule(dynamic, 1000)
  for (long i = 0; i < (long)v.size(); i++)
    v[i] = i * 0.5;
  return total(v) > 0 ? 0 : 1;
}
