/* Drive src/elfinspect.c from the command line for tests/unit/inspect.test:
 * print the classification of PROG on one line, or the error and exit 2.
 * "--find SONAME" prints where oa_find_library finds a library instead. */
#include "../../src/elfinspect.h"

#include <stdio.h>
#include <string.h>

static const char *runtime_name(enum oa_runtime rt)
{
  switch (rt) {
  case OA_RT_LIBOMP: return "libomp";
  case OA_RT_LIBGOMP: return "libgomp";
  case OA_RT_STATIC: return "static";
  case OA_RT_NONE: break;
  }
  return "none";
}

static int find(const char *soname)
{
  char path[PATH_MAX];
  if (oa_find_library(soname, path, sizeof path) != 0) {
    printf("error: %s not found\n", soname);
    return 2;
  }
  printf("found=%s\n", path);
  return 0;
}

static int inspect(const char *prog)
{
  static oa_target t;  /* two PATH_MAX buffers: keep them off the stack */
  char err[1024];
  if (oa_inspect(prog, &t, err, sizeof err) != 0) {
    printf("error: %s\n", err);
    return 2;
  }
  printf("path=%s runtime=%s omp_lib=%s ompt=%d tsan_shared=%d tsan_static=%d\n", t.path,
         runtime_name(t.runtime), t.omp_lib, t.omp_lib_has_ompt, t.tsan_shared, t.tsan_static);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc == 3 && strcmp(argv[1], "--find") == 0)
    return find(argv[2]);
  if (argc != 2) {
    fprintf(stderr, "usage: test-inspect PROG | test-inspect --find SONAME\n");
    return 1;
  }
  return inspect(argv[1]);
}
