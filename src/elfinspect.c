/* Classify PROG before it is launched: find it like execvp, check that it is
 * an x86-64 ELF executable, and follow its DT_NEEDED entries the way ld.so
 * does to learn which OpenMP runtime it will load and whether that has OMPT. */
#include "elfinspect.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef OMPADV_LIBOMP_DIR
#define OMPADV_LIBOMP_DIR "/usr/lib/llvm-19/lib"
#endif

/* Real dependency graphs are a few levels deep; the limits only keep a
 * pathological or cyclic graph from running away. */
enum { MAX_DEPTH = 32, MAX_OBJECTS = 1024 };

/* glibc's compiled-in search directories on Debian x86-64 (multiarch). */
static const char *const default_dirs[] = {
  "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib", "/usr/lib",
};

/* What ld.so reads from an object's dynamic segment. */
struct dyninfo {
  char **needed;
  size_t nneeded;
  char *rpath;        /* NULL when DT_RUNPATH exists: ld.so ignores it then */
  char *runpath;
  GElf_Xword flags_1;
  int has_interp;
  int has_dynamic;
};

/* /etc/ld.so.cache in glibc's "new" format (glibc >= 2.32 writes only that). */
struct ldcache {
  char *data;
  size_t len;
  size_t hdr;         /* offset of the new-format header; strings are relative to it */
  uint32_t nlibs;
};

/* Everything a library search needs besides the loading object. */
struct search {
  const char *ld_library_path;
  struct ldcache cache;
};

/* One object in the breadth-first walk; parent is ld.so's l_loader, whose
 * DT_RPATH chain is searched for the object's own dependencies. */
struct object {
  char *path;
  char *origin;
  struct dyninfo dyn;
  int parent;
  int depth;
};

struct walk {
  const struct search *s;
  struct object *obj;
  size_t nobj, capobj;
  char **seen;
  size_t nseen, capseen;
};

/* What the walk learned about OpenMP, in the loader's load order. */
struct deps {
  char libomp[PATH_MAX];       /* first libomp the loader would map */
  char libgomp[PATH_MAX];
  char omp_missing[PATH_MAX];  /* a libomp NEEDED that cannot be found */
  char any_missing[PATH_MAX];  /* any NEEDED that cannot be found */
  char asan[PATH_MAX];         /* the shared AddressSanitizer runtime, if NEEDed */
  int has_libomp, has_libgomp;
};

struct elf_file {
  int fd;
  Elf *elf;
};

static int fail(char *err, size_t errlen, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
  va_list ap;
  if (err && errlen) {
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int copy_str(char *out, size_t outlen, const char *s)
{
  size_t n = strlen(s);
  if (n >= outlen)
    return -1;
  memcpy(out, s, n + 1);
  return 0;
}

static const char *base_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* The loader keeps library paths as opened, relative ones against the cwd;
 * symlinks are not resolved, so $ORIGIN of a library is its link's directory. */
static int make_absolute(const char *path, char *out, size_t outlen)
{
  char cwd[PATH_MAX];
  if (path[0] == '/')
    return copy_str(out, outlen, path);
  if (!getcwd(cwd, sizeof cwd))
    return -1;
  if ((size_t)snprintf(out, outlen, "%s/%s", cwd, path) >= outlen)
    return -1;
  return 0;
}

static char *dir_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  if (!slash)
    return oa_xstrdup(".");
  if (slash == path)
    return oa_xstrdup("/");
  return oa_xasprintf("%.*s", (int)(slash - path), path);
}

/* ---- finding PROG -------------------------------------------------------- */

static int is_regular(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* execvp runs the first PATH entry it may execute; a plain file without x
 * permission is kept only as a fallback so the error can say what is wrong. */
static int search_exec_path(const char *name, char *out, size_t outlen)
{
  const char *path = getenv("PATH");
  char cand[PATH_MAX];
  int have_fallback = 0;
  if (!path)
    path = "/bin:/usr/bin";  /* glibc's confstr(_CS_PATH), as execvp uses */
  for (const char *p = path;; p++) {
    const char *end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    /* An empty entry means the current directory, as for the shell. */
    int n = len ? snprintf(cand, sizeof cand, "%.*s/%s", (int)len, p, name)
                : snprintf(cand, sizeof cand, "%s", name);
    if (n > 0 && (size_t)n < sizeof cand && is_regular(cand)) {
      if (access(cand, X_OK) == 0)
        return copy_str(out, outlen, cand);
      if (!have_fallback)
        have_fallback = copy_str(out, outlen, cand) == 0;
    }
    if (!end)
      break;
    p = end;
  }
  return have_fallback ? 0 : -1;
}

static int resolve_prog(const char *prog, char *out, size_t outlen, char *err, size_t errlen)
{
  char found[PATH_MAX];
  const char *path = prog;
  char *real;
  int rc;
  if (!*prog)
    return fail(err, errlen, "empty program name; give the path of the OpenMP executable");
  if (!strchr(prog, '/')) {
    if (search_exec_path(prog, found, sizeof found) != 0) {
      if (is_regular(prog))
        return fail(err, errlen, "'%s' is not on PATH; to run the one in the current directory, "
                    "give its path: ./%s", prog, prog);
      return fail(err, errlen, "'%s' not found on PATH; give its path, or add its directory to PATH",
                  prog);
    }
    path = found;
  }
  real = realpath(path, NULL);
  if (!real) {
    if (errno == ENOENT)
      return fail(err, errlen, "'%s': no such file or directory; check the path of the program",
                  prog);
    return fail(err, errlen, "'%s': %s; check the path of the program", prog, strerror(errno));
  }
  rc = copy_str(out, outlen, real);
  free(real);
  if (rc != 0)
    return fail(err, errlen, "'%s': path too long", prog);
  return 0;
}

static int check_file(const char *path, const char *prog, char *err, size_t errlen)
{
  struct stat st;
  if (stat(path, &st) != 0)
    return fail(err, errlen, "'%s': %s; check the path of the program", prog, strerror(errno));
  if (S_ISDIR(st.st_mode))
    return fail(err, errlen, "'%s' is a directory, not a program; give the path of the OpenMP "
                "executable", prog);
  if (!S_ISREG(st.st_mode))
    return fail(err, errlen, "'%s' is not a regular file; give the path of the OpenMP executable",
                prog);
  if (access(path, X_OK) != 0)
    return fail(err, errlen, "'%s' is not executable (no x permission); run chmod +x '%s', or "
                "give the right file", prog, prog);
  return 0;
}

/* ---- reading ELF ----------------------------------------------------------- */

static int elf_open(const char *path, struct elf_file *f)
{
  f->elf = NULL;
  f->fd = open(path, O_RDONLY | O_CLOEXEC);
  if (f->fd < 0)
    return -1;
  /* ELF_C_READ, not _MMAP: a file truncated while mapped would raise SIGBUS. */
  f->elf = elf_begin(f->fd, ELF_C_READ, NULL);
  if (!f->elf || elf_kind(f->elf) != ELF_K_ELF) {
    elf_end(f->elf);
    f->elf = NULL;
    close(f->fd);
    f->fd = -1;
    return -1;
  }
  return 0;
}

static void elf_close(struct elf_file *f)
{
  if (f->elf)
    elf_end(f->elf);
  if (f->fd >= 0)
    close(f->fd);
  f->elf = NULL;
  f->fd = -1;
}

static void dyninfo_free(struct dyninfo *d)
{
  for (size_t i = 0; i < d->nneeded; i++)
    free(d->needed[i]);
  free(d->needed);
  free(d->rpath);
  free(d->runpath);
  memset(d, 0, sizeof *d);
}

/* DT_STRTAB is a virtual address; sections may be stripped (sstrip), so map
 * it to a file offset through PT_LOAD the way the loader sees the file. */
static int vaddr_to_offset(Elf *e, size_t nphdr, GElf_Addr addr, GElf_Off *off)
{
  for (size_t i = 0; i < nphdr; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(e, (int)i, &ph))
      return -1;
    if (ph.p_type == PT_LOAD && addr >= ph.p_vaddr && addr - ph.p_vaddr < ph.p_filesz) {
      *off = ph.p_offset + (addr - ph.p_vaddr);
      return 0;
    }
  }
  return -1;
}

static char *dyn_string(Elf_Data *str, GElf_Xword idx)
{
  const char *base = str->d_buf;
  if (idx >= str->d_size || !memchr(base + idx, 0, str->d_size - idx))
    return NULL;
  return oa_xstrdup(base + idx);
}

/* Raw dynamic entries the string table is needed for, gathered in one pass. */
struct dynscan {
  GElf_Addr strtab;
  GElf_Xword strsz;
  GElf_Xword *needed;
  size_t nneeded;
  GElf_Xword rpath, runpath;
  int has_strtab, has_rpath, has_runpath;
};

static int scan_dynamic(Elf *e, const GElf_Phdr *dynph, struct dynscan *ds, GElf_Xword *flags_1)
{
  size_t entsize = gelf_fsize(e, ELF_T_DYN, 1, EV_CURRENT);
  Elf_Data *data = elf_getdata_rawchunk(e, (int64_t)dynph->p_offset, dynph->p_filesz, ELF_T_DYN);
  if (!data || !entsize)
    return -1;
  for (size_t i = 0; i < dynph->p_filesz / entsize; i++) {
    GElf_Dyn dyn;
    if (!gelf_getdyn(data, (int)i, &dyn))
      return -1;
    switch (dyn.d_tag) {
    case DT_NULL:
      return 0;
    case DT_STRTAB: ds->strtab = dyn.d_un.d_ptr; ds->has_strtab = 1; break;
    case DT_STRSZ: ds->strsz = dyn.d_un.d_val; break;
    case DT_RPATH: ds->rpath = dyn.d_un.d_val; ds->has_rpath = 1; break;
    case DT_RUNPATH: ds->runpath = dyn.d_un.d_val; ds->has_runpath = 1; break;
    case DT_FLAGS_1: *flags_1 = dyn.d_un.d_val; break;
    case DT_NEEDED:
      ds->needed = oa_xrealloc(ds->needed, (ds->nneeded + 1) * sizeof *ds->needed);
      ds->needed[ds->nneeded++] = dyn.d_un.d_val;
      break;
    default:
      break;
    }
  }
  return 0;
}

static int dyn_strings(Elf *e, size_t nphdr, const struct dynscan *ds, struct dyninfo *d)
{
  GElf_Off off;
  Elf_Data *str;
  if (!ds->has_strtab)
    return ds->nneeded || ds->has_rpath || ds->has_runpath ? -1 : 0;
  if (vaddr_to_offset(e, nphdr, ds->strtab, &off) != 0)
    return -1;
  str = elf_getdata_rawchunk(e, (int64_t)off, ds->strsz, ELF_T_BYTE);
  if (!str)
    return -1;
  d->needed = oa_xcalloc(ds->nneeded, sizeof *d->needed);
  for (size_t i = 0; i < ds->nneeded; i++) {
    if (!(d->needed[d->nneeded] = dyn_string(str, ds->needed[i])))
      return -1;
    d->nneeded++;
  }
  if (ds->has_runpath && !(d->runpath = dyn_string(str, ds->runpath)))
    return -1;
  if (ds->has_rpath && !ds->has_runpath && !(d->rpath = dyn_string(str, ds->rpath)))
    return -1;
  return 0;
}

/* Read PT_INTERP presence and the dynamic segment.  Returns -1 when the
 * headers are unreadable (truncated or corrupt file). */
static int read_dynamic(Elf *e, struct dyninfo *d)
{
  struct dynscan ds = { 0 };
  GElf_Phdr dynph = { 0 };
  size_t nphdr;
  int rc = -1;
  memset(d, 0, sizeof *d);
  if (elf_getphdrnum(e, &nphdr) != 0)
    goto out;
  for (size_t i = 0; i < nphdr; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(e, (int)i, &ph))
      goto out;
    if (ph.p_type == PT_INTERP)
      d->has_interp = 1;
    if (ph.p_type == PT_DYNAMIC) {
      dynph = ph;
      d->has_dynamic = 1;
    }
  }
  if (d->has_dynamic && (scan_dynamic(e, &dynph, &ds, &d->flags_1) != 0 ||
                         dyn_strings(e, nphdr, &ds, d) != 0))
    goto out;
  rc = 0;
out:
  free(ds.needed);
  if (rc != 0)
    dyninfo_free(d);
  return rc;
}

/* True if count entries of size bytes at off lie inside a file of fsize. */
static int table_fits(uint64_t off, uint64_t count, uint64_t size, uint64_t fsize)
{
  return off <= fsize && (!size || count <= (fsize - off) / size);
}

/* The loader refuses executables whose headers or loadable segments run past
 * the end of the file.  libelf quietly drops header tables that do not fit,
 * so the raw ELF header counts are checked, not libelf's. */
static int check_extent(Elf *e, int fd)
{
  struct stat st;
  GElf_Ehdr eh;
  size_t nphdr, nshdr;
  if (fstat(fd, &st) != 0 || !gelf_getehdr(e, &eh))
    return -1;
  if (elf_getphdrnum(e, &nphdr) != 0 || elf_getshdrnum(e, &nshdr) != 0)
    return -1;
  /* With more than 0xfff0 sections or 0xffff segments the real counts live
   * in section header 0; at least that one must then be present. */
  if (eh.e_phnum != PN_XNUM)
    nphdr = eh.e_phnum;
  if (eh.e_shnum != 0 || eh.e_shoff == 0)
    nshdr = eh.e_shnum;
  else if (nshdr == 0)
    nshdr = 1;
  if (!table_fits(eh.e_phoff, nphdr, eh.e_phentsize, (uint64_t)st.st_size) ||
      !table_fits(eh.e_shoff, nshdr, eh.e_shentsize, (uint64_t)st.st_size))
    return -1;
  for (size_t i = 0; i < nphdr; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(e, (int)i, &ph))
      return -1;
    if (ph.p_type == PT_LOAD && !table_fits(ph.p_offset, ph.p_filesz, 1, (uint64_t)st.st_size))
      return -1;
  }
  return 0;
}

/* 1 if a symbol table of the object defines name (not merely references it),
 * 0 if not, -1 if the tables are unreadable.  dynsym_only restricts the look
 * to what the object exports to the dynamic linker. */
static int elf_lookup(Elf *e, const char *name, int dynsym_only, GElf_Addr *value);

static int elf_defines(Elf *e, const char *name, int dynsym_only)
{
  return elf_lookup(e, name, dynsym_only, NULL);
}

/* 1 when e defines name (then its value in *value, if not NULL), 0 when
 * not, -1 when its symbol tables cannot be read. */
static int elf_lookup(Elf *e, const char *name, int dynsym_only, GElf_Addr *value)
{
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(e, scn))) {
    GElf_Shdr sh;
    Elf_Data *data;
    if (!gelf_getshdr(scn, &sh))
      return -1;
    if (sh.sh_type != SHT_DYNSYM && (dynsym_only || sh.sh_type != SHT_SYMTAB))
      continue;
    if (!sh.sh_entsize || !(data = elf_getdata(scn, NULL)))
      return -1;
    for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Sym sym;
      const char *s;
      if (!gelf_getsym(data, (int)i, &sym))
        break;
      if (sym.st_shndx == SHN_UNDEF)
        continue;
      s = elf_strptr(e, sh.sh_link, sym.st_name);
      if (s && strcmp(s, name) == 0) {
        if (value)
          *value = sym.st_value;
        return 1;
      }
    }
  }
  return 0;
}

/* ---- the loader's library search ------------------------------------------ */

/* ld.so accepts a candidate only if it is an ELF object for this machine; a
 * 32-bit library of the same name is skipped and the search goes on. */
static int is_loadable(const char *path)
{
  struct elf_file f;
  GElf_Ehdr eh;
  int ok;
  if (!is_regular(path) || elf_open(path, &f) != 0)
    return 0;
  ok = gelf_getclass(f.elf) == ELFCLASS64 && gelf_getehdr(f.elf, &eh) &&
       eh.e_machine == EM_X86_64 && eh.e_type == ET_DYN;
  elf_close(&f);
  return ok;
}

static void ldcache_load(struct ldcache *c)
{
  static const char old_magic[] = "ld.so-1.7.0";
  static const char new_magic[] = "glibc-ld.so.cache1.1";
  struct stat st;
  int fd = open("/etc/ld.so.cache", O_RDONLY | O_CLOEXEC);
  int ok = 0;
  ssize_t n;
  memset(c, 0, sizeof *c);
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < 48 || st.st_size > (64 << 20))
    goto out;
  c->len = (size_t)st.st_size;
  c->data = oa_xmalloc(c->len);
  n = pread(fd, c->data, c->len, 0);
  if (n < 0 || (size_t)n != c->len)
    goto out;
  /* The pre-2.32 layout, if present, comes first: 16-byte header and
   * 12-byte entries, then the new table aligned to 8. */
  if (memcmp(c->data, old_magic, sizeof old_magic - 1) == 0) {
    uint32_t nold;
    memcpy(&nold, c->data + 12, sizeof nold);
    c->hdr = (16 + (size_t)nold * 12 + 7) & ~(size_t)7;
  }
  if (c->hdr > c->len - 48 || memcmp(c->data + c->hdr, new_magic, sizeof new_magic - 1) != 0)
    goto out;
  memcpy(&c->nlibs, c->data + c->hdr + 20, sizeof c->nlibs);
  ok = c->nlibs <= (c->len - c->hdr - 48) / 24;
out:
  if (!ok) {
    free(c->data);
    memset(c, 0, sizeof *c);
  }
  if (fd >= 0)
    close(fd);
}

static const char *ldcache_str(const struct ldcache *c, uint32_t off)
{
  size_t at = c->hdr + off;
  if (off >= c->len - c->hdr || !memchr(c->data + at, 0, c->len - at))
    return NULL;
  return c->data + at;
}

/* Entries are in ldconfig's priority order.  hwcap-specific variants are
 * skipped: the baseline copy is the same library for our purpose. */
static int ldcache_lookup(const struct ldcache *c, const char *name, char *out, size_t outlen)
{
  for (uint32_t i = 0; i < c->nlibs; i++) {
    const char *e = c->data + c->hdr + 48 + (size_t)i * 24;
    uint32_t key, value;
    uint64_t hwcap;
    const char *k, *v;
    memcpy(&key, e + 4, sizeof key);
    memcpy(&value, e + 8, sizeof value);
    memcpy(&hwcap, e + 16, sizeof hwcap);
    if (hwcap || !(k = ldcache_str(c, key)) || strcmp(k, name) != 0)
      continue;
    if ((v = ldcache_str(c, value)) && is_loadable(v))
      return copy_str(out, outlen, v);
  }
  return -1;
}

/* Length of "$NAME" or "${NAME}" at p (p[0] is '$'), or 0 if absent. */
static size_t dst_token_len(const char *p, size_t avail, const char *name)
{
  size_t nl = strlen(name);
  if (avail >= nl + 3 && p[1] == '{' && strncmp(p + 2, name, nl) == 0 && p[2 + nl] == '}')
    return nl + 3;
  /* Unbraced, the token ends at the first non-identifier character. */
  if (avail >= nl + 1 && strncmp(p + 1, name, nl) == 0 &&
      (avail == nl + 1 || !(isalnum((unsigned char)p[nl + 1]) || p[nl + 1] == '_')))
    return nl + 1;
  return 0;
}

/* Expand the dynamic string tokens of one search directory.  Returns -1 when
 * $ORIGIN is used without a known origin (ld.so drops such entries).
 * $PLATFORM is left as is: glibc derives it from CPU probing ("haswell"),
 * and entries using it are rare enough to miss. */
static int expand_dst(const char *dir, size_t len, const char *origin, char *out, size_t outlen)
{
  const struct { const char *name, *value; } tokens[] = {
    { "ORIGIN", origin }, { "LIB", "lib/x86_64-linux-gnu" },  /* Debian multiarch */
  };
  size_t n = 0;
  for (size_t i = 0; i < len;) {
    const char *value = dir + i;
    size_t vl = 1, skip = 0;
    for (size_t t = 0; dir[i] == '$' && !skip && t < sizeof tokens / sizeof tokens[0]; t++) {
      if (!(skip = dst_token_len(dir + i, len - i, tokens[t].name)))
        continue;
      if (!(value = tokens[t].value))
        return -1;
      vl = strlen(value);
    }
    if (n + vl >= outlen)
      return -1;
    memcpy(out + n, value, vl);
    n += vl;
    i += skip ? skip : 1;
  }
  out[n] = 0;
  return 0;
}

/* Try name in each directory of a search list (RPATH, RUNPATH, or
 * LD_LIBRARY_PATH, whose entries ld.so also splits at ';'). */
static int search_dirs(const char *list, const char *seps, const char *origin, const char *name,
                       char *out, size_t outlen)
{
  char dir[PATH_MAX], cand[PATH_MAX];
  for (const char *p = list;; p++) {
    size_t len = strcspn(p, seps);
    if (expand_dst(p, len, origin, dir, sizeof dir) == 0) {
      /* An empty entry means the current directory. */
      int n = snprintf(cand, sizeof cand, "%s/%s", *dir ? dir : ".", name);
      if (n > 0 && (size_t)n < sizeof cand && is_loadable(cand) &&
          make_absolute(cand, out, outlen) == 0)
        return 0;
    }
    if (!p[len])
      break;
    p += len;
  }
  return -1;
}

/* The last two steps of every search: the ld.so cache, the default dirs. */
static int search_system(const struct search *s, const char *name, char *out, size_t outlen)
{
  char cand[PATH_MAX];
  if (ldcache_lookup(&s->cache, name, out, outlen) == 0)
    return 0;
  for (size_t i = 0; i < sizeof default_dirs / sizeof default_dirs[0]; i++) {
    int n = snprintf(cand, sizeof cand, "%s/%s", default_dirs[i], name);
    if (n > 0 && (size_t)n < sizeof cand && is_loadable(cand))
      return copy_str(out, outlen, cand);
  }
  return -1;
}

/* glibc's _dl_map_object order for a dependency of object `loader`: the
 * DT_RPATH of the loader and of each object up its l_loader chain (unless the
 * loader has DT_RUNPATH), LD_LIBRARY_PATH, the loader's DT_RUNPATH, then the
 * cache and default directories (unless the loader says DF_1_NODEFLIB). */
static int resolve_needed(const struct walk *w, int loader, const char *name, char *out,
                          size_t outlen)
{
  const struct object *l = &w->obj[loader];
  if (strchr(name, '/'))
    return is_loadable(name) ? make_absolute(name, out, outlen) : -1;
  if (!l->dyn.runpath) {
    for (int i = loader; i >= 0; i = w->obj[i].parent) {
      const struct object *o = &w->obj[i];
      if (o->dyn.rpath && search_dirs(o->dyn.rpath, ":", o->origin, name, out, outlen) == 0)
        return 0;
    }
  }
  /* $ORIGIN in LD_LIBRARY_PATH is the executable's directory. */
  if (w->s->ld_library_path &&
      search_dirs(w->s->ld_library_path, ":;", w->obj[0].origin, name, out, outlen) == 0)
    return 0;
  if (l->dyn.runpath && search_dirs(l->dyn.runpath, ":", l->origin, name, out, outlen) == 0)
    return 0;
  if (l->dyn.flags_1 & DF_1_NODEFLIB)
    return -1;
  return search_system(w->s, name, out, outlen);
}

static void search_init(struct search *s)
{
  const char *llp = getenv("LD_LIBRARY_PATH");
  s->ld_library_path = llp && *llp ? llp : NULL;
  ldcache_load(&s->cache);
}

static void search_free(struct search *s)
{
  free(s->cache.data);
  memset(s, 0, sizeof *s);
}

/* ---- the dependency walk ---------------------------------------------------- */

static int is_libomp_name(const char *soname)
{
  const char *b = base_name(soname);
  return !strcmp(b, "libomp.so.5") || !strcmp(b, "libomp.so") || !strcmp(b, "libiomp5.so") ||
         !strcmp(b, "libomp5.so");
}

static int is_libgomp_name(const char *soname)
{
  return !strcmp(base_name(soname), "libgomp.so.1");
}

static int walk_seen(struct walk *w, const char *name)
{
  for (size_t i = 0; i < w->nseen; i++)
    if (!strcmp(w->seen[i], name))
      return 1;
  if (w->nseen == w->capseen) {
    w->capseen = w->capseen ? 2 * w->capseen : 32;
    w->seen = oa_xrealloc(w->seen, w->capseen * sizeof *w->seen);
  }
  w->seen[w->nseen++] = oa_xstrdup(name);
  return 0;
}

/* Takes ownership of *dyn.  A dependency whose headers cannot be read is
 * kept without dependencies of its own: ld.so would fail on it at run time. */
static void walk_add(struct walk *w, const char *path, struct dyninfo *dyn, int parent)
{
  struct object *o;
  if (w->nobj == w->capobj) {
    w->capobj = w->capobj ? 2 * w->capobj : 16;
    w->obj = oa_xrealloc(w->obj, w->capobj * sizeof *w->obj);
  }
  o = &w->obj[w->nobj++];
  o->path = oa_xstrdup(path);
  o->origin = dir_name(path);
  o->dyn = *dyn;
  memset(dyn, 0, sizeof *dyn);
  o->parent = parent;
  o->depth = parent < 0 ? 0 : w->obj[parent].depth + 1;
}

static void walk_add_library(struct walk *w, const char *path, int parent)
{
  struct dyninfo dyn = { 0 };
  struct elf_file f;
  if (elf_open(path, &f) == 0) {
    read_dynamic(f.elf, &dyn);
    elf_close(&f);
  }
  walk_add(w, path, &dyn, parent);
}

static void walk_free(struct walk *w)
{
  for (size_t i = 0; i < w->nobj; i++) {
    free(w->obj[i].path);
    free(w->obj[i].origin);
    dyninfo_free(&w->obj[i].dyn);
  }
  for (size_t i = 0; i < w->nseen; i++)
    free(w->seen[i]);
  free(w->obj);
  free(w->seen);
}

static void note_dependency(struct deps *d, const char *name, const char *path)
{
  int omp = is_libomp_name(name), gomp = is_libgomp_name(name);
  /* the shared TSan runtime (not on the loader's path: the launcher
   * provides it) brings no OpenMP runtime with it */
  if (!path && fnmatch("libclang_rt.tsan-*.so", base_name(name), 0) == 0)
    return;
  if (!path) {
    if (omp && !*d->omp_missing)
      copy_str(d->omp_missing, sizeof d->omp_missing, name);
    if (!*d->any_missing)
      copy_str(d->any_missing, sizeof d->any_missing, name);
    return;
  }
  if (!*d->asan && (fnmatch("libclang_rt.asan-*.so", base_name(name), 0) == 0
                    || fnmatch("libasan.so*", base_name(name), 0) == 0))
    copy_str(d->asan, sizeof d->asan, path);
  if (omp && !d->has_libomp)
    d->has_libomp = copy_str(d->libomp, sizeof d->libomp, path) == 0;
  if (gomp && !d->has_libgomp)
    d->has_libgomp = copy_str(d->libgomp, sizeof d->libgomp, path) == 0;
}

/* Breadth first, each name once: the order in which ld.so maps objects, so
 * the first libomp found is the one whose symbols the program binds to. */
static void walk_deps(struct walk *w, struct deps *d)
{
  char path[PATH_MAX];
  for (size_t i = 0; i < w->nobj; i++) {
    if (w->obj[i].depth >= MAX_DEPTH)
      continue;
    for (size_t k = 0; k < w->obj[i].dyn.nneeded; k++) {
      const char *name = w->obj[i].dyn.needed[k];
      int found;
      if (walk_seen(w, name))
        continue;
      found = resolve_needed(w, (int)i, name, path, sizeof path) == 0;
      note_dependency(d, name, found ? path : NULL);
      if (found && w->nobj < MAX_OBJECTS)
        walk_add_library(w, path, (int)i);
    }
  }
}

/* ---- classification ------------------------------------------------------------ */

static int check_kind(Elf *e, const struct dyninfo *dyn, const char *prog, char *err,
                      size_t errlen)
{
  GElf_Ehdr eh;
  if (!gelf_getehdr(e, &eh))
    return fail(err, errlen, "'%s' is a truncated or corrupt ELF file; rebuild it", prog);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64)
    return fail(err, errlen, "'%s' is a 32-bit ELF file; ompadv runs x86-64 programs only, "
                "rebuild it for x86-64", prog);
  if (eh.e_machine != EM_X86_64)
    return fail(err, errlen, "'%s' is an ELF file for another machine (e_machine %u); ompadv runs "
                "x86-64 programs only, rebuild it for x86-64", prog, (unsigned)eh.e_machine);
  switch (eh.e_type) {
  case ET_EXEC:
    return 0;
  case ET_DYN:
    /* A PIE is ET_DYN too; only a program has an interpreter (or, when
     * static-pie, the PIE flag). */
    if (dyn->has_interp || (dyn->flags_1 & DF_1_PIE))
      return 0;
    return fail(err, errlen, "'%s' is a shared library, not an executable; give the program that "
                "loads it", prog);
  case ET_REL:
    return fail(err, errlen, "'%s' is an object file, not an executable; link it into a program "
                "first, e.g. ompadv cc -o prog %s", prog, prog);
  case ET_CORE:
    return fail(err, errlen, "'%s' is a core dump, not an executable; give the program itself",
                prog);
  default:
    return fail(err, errlen, "'%s' is not an executable ELF file (e_type %u); give the OpenMP "
                "program", prog, (unsigned)eh.e_type);
  }
}

/* The language of the program, from the runtime libraries it NEEDs and
 * flang's main program (_QQmain); and where its main program starts. */
static void detect_lang(Elf *e, const struct dyninfo *dyn, oa_target *t)
{
  GElf_Addr at = 0;
  for (size_t i = 0; i < dyn->nneeded; i++) {
    const char *n = base_name(dyn->needed[i]);
    if (fnmatch("libstdc++.so*", n, 0) == 0 || fnmatch("libc++.so*", n, 0) == 0)
      t->lang = OA_LANG_CXX;
    else if (fnmatch("libgfortran.so*", n, 0) == 0 || fnmatch("libFortran*.so*", n, 0) == 0
             || fnmatch("libflang*.so*", n, 0) == 0)
      t->lang = OA_LANG_FORTRAN;
  }
  if (elf_lookup(e, "_QQmain", 0, &at) > 0)
    t->lang = OA_LANG_FORTRAN;
  else
    elf_lookup(e, "main", 0, &at);
  t->main_addr = at;
}

const char *oa_lang_driver(enum oa_lang lang)
{
  return lang == OA_LANG_CXX ? "c++" : lang == OA_LANG_FORTRAN ? "fc" : "cc";
}

const char *oa_lang_example(enum oa_lang lang)
{
  return lang == OA_LANG_CXX ? "prog.cpp" : lang == OA_LANG_FORTRAN ? "prog.f90" : "prog.c";
}

/* A runtime defined inside the executable cannot be swapped for libomp or
 * given a tool; __kmpc_fork_call marks libomp, GOMP_parallel libgomp. */
static int check_static_runtime(Elf *e, oa_target *t, const char *prog, char *err, size_t errlen)
{
  static const char *const entry[] = { "__kmpc_fork_call", "GOMP_parallel" };
  for (size_t i = 0; i < sizeof entry / sizeof entry[0]; i++) {
    int r = elf_defines(e, entry[i], 0);
    if (r < 0)
      return fail(err, errlen, "'%s' is a truncated or corrupt ELF file; rebuild it", prog);
    if (r > 0) {
      t->runtime = OA_RT_STATIC;
      return fail(err, errlen, "'%s' has the OpenMP runtime linked in statically (it defines %s); "
                  "relink it against the shared libomp (no -static, no -static-openmp), e.g. "
                  "ompadv %s -o prog %s", prog, entry[i], oa_lang_driver(t->lang),
                  oa_lang_example(t->lang));
    }
  }
  return 0;
}

static void detect_tsan(Elf *e, const struct dyninfo *dyn, oa_target *t)
{
  for (size_t i = 0; i < dyn->nneeded; i++)
    if (fnmatch("libclang_rt.tsan-*.so", base_name(dyn->needed[i]), 0) == 0)
      t->tsan_shared = 1;
    else if (fnmatch("libtsan.so*", base_name(dyn->needed[i]), 0) == 0)
      t->tsan_gcc = 1;
  t->tsan_static = elf_defines(e, "__tsan_init", 0) > 0;
}

static int lib_has_ompt(const char *path)
{
  struct elf_file f;
  int r;
  if (elf_open(path, &f) != 0)
    return 0;
  r = elf_defines(f.elf, "ompt_start_tool", 1) > 0;
  elf_close(&f);
  return r;
}

/* Turn what the walk found into the runtime verdict, or the error for it. */
static int classify(const struct deps *d, const struct dyninfo *dyn, oa_target *t,
                    const char *prog, char *err, size_t errlen)
{
  if (*d->omp_missing && !d->has_libomp)
    return fail(err, errlen, "'%s' needs %s, which the dynamic loader cannot find; install it with: "
                "apt-get install libomp-19-dev (or add its directory to LD_LIBRARY_PATH)",
                prog, d->omp_missing);
  if (d->has_libomp) {
    t->runtime = OA_RT_LIBOMP;
    copy_str(t->omp_lib, sizeof t->omp_lib, d->libomp);
    t->omp_lib_has_ompt = lib_has_ompt(d->libomp);
    if (!t->omp_lib_has_ompt)
      return fail(err, errlen, "'%s' loads %s, an OpenMP runtime built without OMPT (no "
                  "ompt_start_tool); make it load LLVM's libomp 19 (apt-get install "
                  "libomp-19-dev; LD_LIBRARY_PATH=%s)", prog, d->libomp, OMPADV_LIBOMP_DIR);
    return 0;
  }
  if (d->has_libgomp) {
    t->runtime = OA_RT_LIBGOMP;
    copy_str(t->omp_lib, sizeof t->omp_lib, d->libgomp);
    return 0;
  }
  if (!dyn->has_interp)
    return fail(err, errlen, "'%s' is statically linked, so no OpenMP tool can be loaded into it; "
                "link it dynamically with -fopenmp, e.g. ompadv %s -o prog %s", prog,
                oa_lang_driver(t->lang), oa_lang_example(t->lang));
  if (*d->any_missing)
    return fail(err, errlen, "'%s' needs %s, which the dynamic loader cannot find, so its OpenMP "
                "runtime is unknown; add that library's directory to LD_LIBRARY_PATH",
                prog, d->any_missing);
  return fail(err, errlen, "'%s' does not use OpenMP (no libomp or libgomp); build it with "
              "-fopenmp, e.g. ompadv %s -o prog %s", prog, oa_lang_driver(t->lang),
              oa_lang_example(t->lang));
}

/* Say why a file that is not ELF cannot be inspected; scripts are common. */
static int not_elf(const char *path, const char *prog, char *err, size_t errlen)
{
  char head[4] = { 0 };
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  ssize_t n;
  if (fd < 0)
    return fail(err, errlen, "'%s' cannot be read (%s); ompadv must read the program to inspect "
                "it, check its permissions", prog, strerror(errno));
  n = read(fd, head, sizeof head);
  close(fd);
  if (n >= 2 && head[0] == '#' && head[1] == '!')
    return fail(err, errlen, "'%s' is a script, not an ELF executable; ompadv needs the OpenMP "
                "program itself, not a wrapper script: give the binary the script runs", prog);
  if (n >= 4 && memcmp(head, ELFMAG, SELFMAG) == 0)
    return fail(err, errlen, "'%s' is a truncated or corrupt ELF file; rebuild it", prog);
  return fail(err, errlen, "'%s' is not an ELF executable; ompadv needs the compiled OpenMP "
              "program, e.g. built with ompadv cc -o prog prog.c", prog);
}

/* The path PT_INTERP names (the dynamic loader), or "". */
static void read_interp(Elf *e, char *out, size_t outlen)
{
  size_t nphdr, size;
  const char *raw = elf_rawfile(e, &size);
  out[0] = 0;
  if (!raw || elf_getphdrnum(e, &nphdr) != 0)
    return;
  for (size_t i = 0; i < nphdr; i++) {
    GElf_Phdr ph;
    if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_INTERP && ph.p_offset < size
        && ph.p_filesz <= size - ph.p_offset && ph.p_filesz < outlen) {
      memcpy(out, raw + ph.p_offset, ph.p_filesz);
      out[ph.p_filesz] = 0;
      return;
    }
  }
}

static int inspect_elf(Elf *e, int fd, oa_target *t, const char *prog, char *err, size_t errlen)
{
  struct search s;
  struct walk w = { 0 };
  struct deps d = { 0 };
  struct dyninfo dyn;
  int rc = -1;
  search_init(&s);
  w.s = &s;
  if (read_dynamic(e, &dyn) != 0 || check_extent(e, fd) != 0) {
    fail(err, errlen, "'%s' is a truncated or corrupt ELF file; rebuild it", prog);
    goto out;
  }
  detect_lang(e, &dyn, t);
  if (check_kind(e, &dyn, prog, err, errlen) != 0 ||
      check_static_runtime(e, t, prog, err, errlen) != 0)
    goto out;
  detect_tsan(e, &dyn, t);
  read_interp(e, t->interp, sizeof t->interp);
  walk_add(&w, t->path, &dyn, -1);
  walk_deps(&w, &d);
  rc = classify(&d, &w.obj[0].dyn, t, prog, err, errlen);
  copy_str(t->asan, sizeof t->asan, d.asan);
out:
  dyninfo_free(&dyn);
  walk_free(&w);
  search_free(&s);
  return rc;
}

int oa_inspect(const char *prog, oa_target *t, char *err, size_t errlen)
{
  struct elf_file f = { .fd = -1, .elf = NULL };
  int rc = -1;
  memset(t, 0, sizeof *t);
  if (err && errlen)
    err[0] = 0;
  if (elf_version(EV_CURRENT) == EV_NONE) {
    fail(err, errlen, "libelf is unusable (%s); reinstall libelf1", elf_errmsg(-1));
    goto out;
  }
  if (resolve_prog(prog, t->path, sizeof t->path, err, errlen) != 0 ||
      check_file(t->path, prog, err, errlen) != 0)
    goto out;
  if (elf_open(t->path, &f) != 0) {
    not_elf(t->path, prog, err, errlen);
    goto out;
  }
  rc = inspect_elf(f.elf, f.fd, t, prog, err, errlen);
out:
  elf_close(&f);
  return rc;
}

int oa_find_library(const char *soname, char *out, size_t outlen)
{
  struct search s;
  int rc = -1;
  if (elf_version(EV_CURRENT) == EV_NONE || !*soname)
    return -1;
  search_init(&s);
  if (strchr(soname, '/'))
    rc = is_loadable(soname) ? make_absolute(soname, out, outlen) : -1;
  else if (s.ld_library_path && search_dirs(s.ld_library_path, ":;", NULL, soname, out, outlen) == 0)
    rc = 0;
  else
    rc = search_system(&s, soname, out, outlen);
  search_free(&s);
  return rc;
}
