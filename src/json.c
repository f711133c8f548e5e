/* A recursive-descent JSON reader (RFC 8259) building a tree; numbers keep
 * the text they were written as, so a page can quote a figure verbatim. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct reader {
  const char *p;
  const char *start;
  char *err;
  size_t errlen;
  int depth;
} reader;

static int fail(reader *r, const char *what)
{
  if (r->err && !r->err[0])
    snprintf(r->err, r->errlen, "%s at offset %zu", what, (size_t)(r->p - r->start));
  return -1;
}

static void skip_ws(reader *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
    r->p++;
}

static void put_utf8(char **o, unsigned c)
{
  unsigned char *u = (unsigned char *)*o;
  if (c < 0x80) {
    *u++ = (unsigned char)c;
  } else if (c < 0x800) {
    *u++ = (unsigned char)(0xc0 | c >> 6);
    *u++ = (unsigned char)(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    *u++ = (unsigned char)(0xe0 | c >> 12);
    *u++ = (unsigned char)(0x80 | (c >> 6 & 0x3f));
    *u++ = (unsigned char)(0x80 | (c & 0x3f));
  } else {
    *u++ = (unsigned char)(0xf0 | c >> 18);
    *u++ = (unsigned char)(0x80 | (c >> 12 & 0x3f));
    *u++ = (unsigned char)(0x80 | (c >> 6 & 0x3f));
    *u++ = (unsigned char)(0x80 | (c & 0x3f));
  }
  *o = (char *)u;
}

static int hex4(const char *p, unsigned *v)
{
  *v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
               : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
               : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
    if (d > 15)
      return -1;
    *v = *v << 4 | d;
  }
  return 0;
}

/* The string at r->p (after its opening quote), unescaped; malloc'ed. */
static char *read_string(reader *r)
{
  const char *end = r->p;
  while (*end && *end != '"')
    end += *end == '\\' && end[1] ? 2 : 1;
  if (*end != '"') {
    fail(r, "unterminated string");
    return NULL;
  }
  char *s = oa_xmalloc((size_t)(end - r->p) + 1), *o = s;
  while (r->p < end) {
    char c = *r->p++;
    if (c != '\\') {
      *o++ = c;
      continue;
    }
    c = *r->p++;
    unsigned u;
    switch (c) {
    case 'n': *o++ = '\n'; break;
    case 't': *o++ = '\t'; break;
    case 'r': *o++ = '\r'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'u':
      if (end - r->p < 4 || hex4(r->p, &u) != 0) {
        free(s);
        fail(r, "bad \\u escape");
        return NULL;
      }
      r->p += 4;
      if (u >= 0xd800 && u < 0xdc00 && end - r->p >= 6 && r->p[0] == '\\' && r->p[1] == 'u') {
        unsigned lo;
        if (hex4(r->p + 2, &lo) == 0 && lo >= 0xdc00 && lo < 0xe000) {
          u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
          r->p += 6;
        }
      }
      put_utf8(&o, u);  /* at most 4 bytes for the 6 or 12 it replaces */
      break;
    default: *o++ = c; break;  /* \" \\ \/ */
    }
  }
  *o = 0;
  r->p = end + 1;
  return s;
}

static int read_value(reader *r, oa_json *v);

static int digits(const char **p)
{
  const char *q = *p;
  while (**p >= '0' && **p <= '9')
    (*p)++;
  return *p > q;
}

/* Does a number as RFC 8259 writes it start at p?  (strtod alone would
 * take "inf", "nan", hexadecimal and "01" too.) */
static int number_at(const char *p)
{
  if (*p == '-')
    p++;
  if (*p == '0')
    p++;
  else if (!digits(&p))
    return 0;
  if (*p == '.' && (p++, !digits(&p)))
    return 0;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-')
      p++;
    if (!digits(&p))
      return 0;
  }
  return !(*p >= '0' && *p <= '9') && *p != '.' && !(*p >= 'a' && *p <= 'z') &&
         !(*p >= 'A' && *p <= 'Z');
}

static int read_members(reader *r, oa_json *v, char close)
{
  size_t cap = 0;
  skip_ws(r);
  if (*r->p == close) {
    r->p++;
    return 0;
  }
  for (;;) {
    if (v->n == cap) {
      cap = cap ? 2 * cap : 8;
      v->items = oa_xrealloc(v->items, cap * sizeof *v->items);
      if (close == '}')
        v->keys = oa_xrealloc(v->keys, cap * sizeof *v->keys);
    }
    skip_ws(r);
    if (close == '}') {
      if (*r->p != '"')
        return fail(r, "expected a member name");
      r->p++;
      char *k = read_string(r);
      if (!k)
        return -1;
      v->keys[v->n] = k;
      skip_ws(r);
      if (*r->p != ':') {
        free(k);
        return fail(r, "expected ':'");
      }
      r->p++;
    }
    memset(&v->items[v->n], 0, sizeof v->items[v->n]);
    v->n++;
    if (read_value(r, &v->items[v->n - 1]) != 0)
      return -1;
    skip_ws(r);
    if (*r->p == close) {
      r->p++;
      return 0;
    }
    if (*r->p != ',')
      return fail(r, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
    r->p++;
  }
}

static int read_value(reader *r, oa_json *v)
{
  skip_ws(r);
  if (++r->depth > 200)
    return fail(r, "nested too deeply");
  int rc = 0;
  char c = *r->p;
  if (c == '{' || c == '[') {
    r->p++;
    v->type = c == '{' ? OA_JOBJ : OA_JARR;
    rc = read_members(r, v, c == '{' ? '}' : ']');
  } else if (c == '"') {
    r->p++;
    v->type = OA_JSTR;
    v->text = read_string(r);
    rc = v->text ? 0 : -1;
  } else if (strncmp(r->p, "true", 4) == 0 || strncmp(r->p, "false", 5) == 0) {
    v->type = OA_JBOOL;
    v->num = c == 't';
    r->p += c == 't' ? 4 : 5;
  } else if (strncmp(r->p, "null", 4) == 0) {
    v->type = OA_JNULL;
    r->p += 4;
  } else if ((c == '-' || (c >= '0' && c <= '9')) && !number_at(r->p)) {
    rc = fail(r, "bad number");
  } else if (c == '-' || (c >= '0' && c <= '9')) {
    char *end;
    v->type = OA_JNUM;
    v->num = strtod(r->p, &end);
    v->text = oa_xmalloc((size_t)(end - r->p) + 1);
    memcpy(v->text, r->p, (size_t)(end - r->p));
    v->text[end - r->p] = 0;
    r->p = end;
  } else {
    rc = fail(r, c ? "unexpected character" : "unexpected end");
  }
  r->depth--;
  return rc;
}

oa_json *oa_json_parse(const char *text, char *err, size_t errlen)
{
  reader r = { text, text, err, errlen, 0 };
  if (err && errlen)
    err[0] = 0;
  oa_json *v = oa_xcalloc(1, sizeof *v);
  if (read_value(&r, v) == 0) {
    skip_ws(&r);
    if (!*r.p)
      return v;
    fail(&r, "trailing text");
  }
  oa_json_free(v);
  return NULL;
}

static void free_members(oa_json *j)
{
  for (size_t i = 0; i < j->n; i++) {
    free_members(&j->items[i]);
    if (j->keys)
      free(j->keys[i]);
  }
  free(j->items);
  free(j->keys);
  free(j->text);
}

void oa_json_free(oa_json *j)
{
  if (!j)
    return;
  free_members(j);
  free(j);
}

const oa_json *oa_json_get(const oa_json *o, const char *key)
{
  if (!o || o->type != OA_JOBJ)
    return NULL;
  for (size_t i = 0; i < o->n; i++)
    if (strcmp(o->keys[i], key) == 0)
      return &o->items[i];
  return NULL;
}

const oa_json *oa_json_at(const oa_json *a, size_t i)
{
  return a && a->type == OA_JARR && i < a->n ? &a->items[i] : NULL;
}

double oa_json_num(const oa_json *o, const char *key, double dflt)
{
  const oa_json *v = oa_json_get(o, key);
  return v && (v->type == OA_JNUM || v->type == OA_JBOOL) ? v->num : dflt;
}

const char *oa_json_str(const oa_json *o, const char *key)
{
  const oa_json *v = oa_json_get(o, key);
  return v && v->type == OA_JSTR ? v->text : NULL;
}
