/* Built as a shared library with -fopenmp: not a program. */
int launcher_test_work(int n)
{
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}
