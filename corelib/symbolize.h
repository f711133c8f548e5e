/* Source locations for code addresses of a finished run, and the variables
 * holding data addresses, through libdw.
 * Modules are described as the tool saw them (path and load bias), so the
 * lookups happen in the driver, after the target exited, never in callbacks. */
#ifndef OMPADV_SYMBOLIZE_H
#define OMPADV_SYMBOLIZE_H

#include <stdint.h>

typedef struct oa_symbolizer oa_symbolizer;

typedef struct oa_srcloc {
  const char *file;     /* source path (relative names joined to the CU's directory), or NULL */
  int line, col;        /* 0 when unknown */
  const char *func;     /* function (symbol) name, or NULL */
  const char *module;   /* path of the object holding the address, or NULL */
  uint64_t func_off;    /* the address looked up (the return address) less the
                         * function's start, when func is set */
  uint64_t module_off;  /* ... less the object's load bias (the same in every run),
                         * when module is set */
} oa_srcloc;

oa_symbolizer *oa_sym_new(void);
/* Describe one loaded object: its path, its load bias (dl_iterate_phdr's
 * dlpi_addr) and the address range [lo, hi) of its loaded segments. */
void oa_sym_add_module(oa_symbolizer *s, const char *path, uint64_t base,
                       uint64_t lo, uint64_t hi);
/* Resolve a return address: the call instruction at ra - 1 is looked up.
 * Returns 1 when at least the module is known, 0 otherwise.  Strings in *out
 * belong to the symbolizer and stay valid until oa_sym_free.  Results are
 * cached per address. */
int oa_sym_lookup(oa_symbolizer *s, uint64_t ra, oa_srcloc *out);
/* A name for ra that is the same in every run, for code without line
 * information: "FUNCTION+0xOFF" (from the function's start), else
 * "OBJECT+0xOFF" (from its load bias; OBJECT: the file's base name), else
 * the bare address.  malloc'ed. */
char *oa_sym_stable_name(const oa_srcloc *loc, uint64_t ra);
/* Name a data address: the sized symbol (a global or static variable) that
 * holds it.  Returns 1 and the symbol's name and the offset into it, or 0
 * (heap, stack, or an object without symbols).  name belongs to the
 * symbolizer, like oa_sym_lookup's strings. */
int oa_sym_data(oa_symbolizer *s, uint64_t addr, const char **name, uint64_t *offset);
void oa_sym_free(oa_symbolizer *s);

/* A symbolizer for the objects a result file lists. */
struct oa_result;
oa_symbolizer *oa_sym_for_result(const struct oa_result *r);

#endif
