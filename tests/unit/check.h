/* The unit tests' check: a condition that does not hold prints a FAIL line
 * (their lit tests want none) and counts in 'failures'. */
#ifndef OMPADV_TEST_CHECK_H
#define OMPADV_TEST_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      failures++;                                                             \
      printf("FAIL line %d: %s: ", __LINE__, #cond);                          \
      printf(__VA_ARGS__);                                                    \
      putchar('\n');                                                          \
    }                                                                         \
  } while (0)

#endif
