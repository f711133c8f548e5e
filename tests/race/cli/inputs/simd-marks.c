/* Loops the simd-lanes pass must mark, and loops it must leave alone
 * (tests/race/cli/simd-marks.test). */
int a[100];

void f_simd(void)  /* marked: the lanes of a simd loop */
{
#pragma omp simd
  for (int i = 0; i < 100; i++)
    a[i] += i;
}

void f_safelen(void)  /* marked: safelen(4) */
{
#pragma omp simd safelen(4)
  for (int i = 4; i < 100; i++)
    a[i] = a[i - 4] + 1;
}

void f_dynamic(void)  /* not marked: iterations in any order, one at a time */
{
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 100; i++)
    a[i] += i;
}

void f_width(void)  /* not marked: clang's vectorize_width asserts nothing */
{
#pragma clang loop vectorize_width(4)
  for (int i = 0; i < 100; i++)
    a[i] += i;
}

void f_plain(void)  /* not marked */
{
  for (int i = 0; i < 100; i++)
    a[i] += i;
}
