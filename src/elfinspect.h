/* What the launcher needs to know about PROG before running it: where it is,
 * which OpenMP runtime it will load, and whether ompadv can serve it. */
#ifndef OMPADV_ELFINSPECT_H
#define OMPADV_ELFINSPECT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

enum oa_runtime {
  OA_RT_NONE = 0,     /* no OpenMP runtime at all */
  OA_RT_LIBOMP,       /* LLVM libomp (libomp.so.5) with OMPT: inject the tool */
  OA_RT_LIBGOMP,      /* GNU libgomp.so.1: run on libomp through a symlink */
  OA_RT_STATIC,       /* OpenMP runtime linked statically: cannot be served */
};

/* The language a program is written in, as far as its binary tells:
 * what builds it (ompadv cc, c++ or fc). */
enum oa_lang { OA_LANG_C = 0, OA_LANG_CXX, OA_LANG_FORTRAN };
const char *oa_lang_driver(enum oa_lang lang);   /* "cc", "c++", "fc" */
const char *oa_lang_example(enum oa_lang lang);  /* "prog.c", "prog.cpp", "prog.f90" */

typedef struct oa_target {
  char path[PATH_MAX];     /* absolute path of the executable */
  enum oa_runtime runtime;
  char omp_lib[PATH_MAX];  /* the runtime library the loader will pick, if shared */
  int  omp_lib_has_ompt;   /* omp_lib defines ompt_start_tool */
  int  tsan_shared;        /* NEEDs libclang_rt.tsan-x86_64.so (ompadv cc --race) */
  int  tsan_static;        /* defines __tsan_init itself (static TSan runtime) */
  int  tsan_gcc;           /* NEEDs gcc's libtsan.so.* (gcc -fsanitize=thread) */
  char interp[PATH_MAX];   /* its program interpreter (PT_INTERP, ld.so), or "" */
  char asan[PATH_MAX];     /* the shared AddressSanitizer runtime it NEEDs, or "" */
  enum oa_lang lang;
  uint64_t main_addr;      /* its main program's address in the file (_QQmain for
                            * Fortran), 0: unknown */
} oa_target;

/* Resolve prog (a PATH lookup when it has no '/'), check it is an executable
 * ELF file, and classify its OpenMP runtime by following DT_NEEDED
 * transitively the way the dynamic loader would (DT_RPATH/DT_RUNPATH with
 * $ORIGIN, LD_LIBRARY_PATH, the ld.so cache, the default directories).
 * Returns 0 on success.  On failure returns -1 and writes a one-line message
 * (without the "ompadv: " prefix) naming the problem and the fix to err. */
int oa_inspect(const char *prog, oa_target *t, char *err, size_t errlen);

/* Find a shared library by soname the way the loader would for an executable
 * without RPATH.  Returns 0 and the absolute path in out, or -1. */
int oa_find_library(const char *soname, char *out, size_t outlen);

#endif
