/* The JSON reader the HTML page is drawn with (src/json.c): values,
 * escapes, numbers kept as written, and malformed documents refused with
 * where they went wrong. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "json.h"

static void well_formed(void)
{
  char err[128];
  oa_json *j = oa_json_parse(" {\"a\": [1, -2.5e-3, true, null], \"s\": \"x\\\"y\\\\z\\n\","
                             " \"u\": \"\\u00e9\\ud83d\\ude00\", \"o\": {}, \"e\": []} ",
                             err, sizeof err);
  CHECK(j != NULL, "parse failed: %s", err);
  if (!j)
    return;
  const oa_json *a = oa_json_get(j, "a");
  CHECK(a && a->type == OA_JARR && a->n == 4, "array of 4");
  CHECK(oa_json_at(a, 0)->num == 1 && strcmp(oa_json_at(a, 0)->text, "1") == 0, "1 as written");
  CHECK(fabs(oa_json_at(a, 1)->num + 2.5e-3) < 1e-15, "-2.5e-3");
  CHECK(strcmp(oa_json_at(a, 1)->text, "-2.5e-3") == 0, "kept as written: %s",
        oa_json_at(a, 1)->text);
  CHECK(oa_json_at(a, 2)->type == OA_JBOOL && oa_json_at(a, 2)->num == 1, "true");
  CHECK(oa_json_at(a, 3)->type == OA_JNULL, "null");
  CHECK(oa_json_at(a, 4) == NULL, "past the end");
  CHECK(strcmp(oa_json_str(j, "s"), "x\"y\\z\n") == 0, "escapes: %s", oa_json_str(j, "s"));
  /* é is C3 A9; U+1F600 (a surrogate pair) is F0 9F 98 80 */
  CHECK(strcmp(oa_json_str(j, "u"), "\xc3\xa9\xf0\x9f\x98\x80") == 0, "unicode escapes");
  CHECK(oa_json_get(j, "o")->type == OA_JOBJ && oa_json_get(j, "o")->n == 0, "empty object");
  CHECK(oa_json_get(j, "e")->type == OA_JARR && oa_json_get(j, "e")->n == 0, "empty array");
  CHECK(oa_json_get(j, "missing") == NULL && oa_json_num(j, "missing", 7) == 7, "absent");
  CHECK(oa_json_str(j, "a") == NULL, "not a string");
  oa_json_free(j);
}

static void malformed(void)
{
  static const char *const bad[] = { "", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "\"open",
                                     "[1] 2", "{1: 2}", "tru", "[\"\\u12\"]",
                                     "[nan]", "[-inf]", "[0x1p4]", "[01]", "[1.]", "[.5]",
                                     "[1e]", "[-]", NULL };
  for (const char *const *s = bad; *s; s++) {
    char err[128] = "";
    oa_json *j = oa_json_parse(*s, err, sizeof err);
    CHECK(j == NULL, "'%s' was accepted", *s);
    CHECK(strstr(err, "at offset") != NULL, "'%s': no reason given (%s)", *s, err);
    oa_json_free(j);
  }
  /* deep nesting is refused, not a stack overflow */
  char deep[2001];
  memset(deep, '[', 2000);
  deep[2000] = 0;
  char err[128];
  CHECK(oa_json_parse(deep, err, sizeof err) == NULL && strstr(err, "nested too deeply"),
        "2000 levels: %s", err);
}

int main(void)
{
  well_formed();
  malformed();
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
