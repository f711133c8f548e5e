// RACE: yes
// PAIR: A A
// WHY: rows in parallel, each element from the one before it in the flattened grid: a row's first element reads the previous row's last (a loop-carried true dependence); -O1's LoopLoadElimination would keep the inner loop's value in a register and load only that first element, before the loop and on no line (ompadv cc --race keeps the pass off)
#include <stdio.h>
#define ROWS 64
#define COLS 64
double grid[ROWS * COLS];
int main(void) {
#pragma omp parallel for
  for (int r = 1; r < ROWS; r++)
    for (int c = 0; c < COLS; c++)
      grid[r * COLS + c] = grid[r * COLS + c - 1] + 1.0; // @A
  printf("%f\n", grid[ROWS * COLS - 1]);
  return 0;
}
