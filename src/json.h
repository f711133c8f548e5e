/* A small JSON reader for the driver's own JSON reports: the HTML page
 * (html.c) is drawn from exactly the documents `--format json` prints, so
 * the page and the JSON can never disagree on a figure. */
#ifndef OMPADV_JSON_H
#define OMPADV_JSON_H

#include <stddef.h>

typedef enum { OA_JNULL, OA_JBOOL, OA_JNUM, OA_JSTR, OA_JARR, OA_JOBJ } oa_jtype;

typedef struct oa_json {
  oa_jtype type;
  double num;                /* OA_JNUM; OA_JBOOL: 0 or 1 */
  char *text;                /* OA_JSTR: the string; OA_JNUM: the number as written */
  size_t n;                  /* OA_JARR, OA_JOBJ: members */
  struct oa_json *items;
  char **keys;               /* OA_JOBJ */
} oa_json;

/* The document in text, or NULL with the reason in err. */
oa_json *oa_json_parse(const char *text, char *err, size_t errlen);
void oa_json_free(oa_json *j);
/* Member key of object o, or NULL (also when o is NULL or not an object). */
const oa_json *oa_json_get(const oa_json *o, const char *key);
/* Element i of array a, or NULL. */
const oa_json *oa_json_at(const oa_json *a, size_t i);
/* Member key's number (dflt when absent or not a number) and string (NULL). */
double oa_json_num(const oa_json *o, const char *key, double dflt);
const char *oa_json_str(const oa_json *o, const char *key);

#endif
