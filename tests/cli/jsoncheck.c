/*
 * simulee_jsoncheck: assert fields of a JSON document (the CLI tests use it
 * on simulee's --format json / sarif reports).
 *
 *   simulee_jsoncheck FILE CHECK...
 *
 * A CHECK is PATH=VALUE (the node's text equals VALUE: a string's contents,
 * a number as json-c prints it, true/false/null), PATH#N (an array of N
 * elements), PATH~TEXT (a string containing TEXT), PATH>N (a number greater
 * than N) or !PATH (no such node).
 * PATH is dot-separated keys and array indices: kernels.0.findings.1.kind.
 * The document is parsed strictly (json-c's JSON_TOKENER_STRICT and
 * JSON_TOKENER_VALIDATE_UTF8: valid UTF-8, nothing after the value).
 * Exit 0 when every check holds, 1 otherwise (each failure on stderr), 2 on
 * a usage error or unreadable JSON.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The node at path (dot-separated) under o; *found says whether it exists
 * (a JSON null exists but is a NULL pointer in json-c). */
static json_object *lookup(json_object *o, const char *path, int *found) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", path);
  *found = 1;
  for (char *save = NULL, *t = strtok_r(buf, ".", &save); t; t = strtok_r(NULL, ".", &save)) {
    if (json_object_is_type(o, json_type_array)) {
      char *end;
      long i = strtol(t, &end, 10);
      if (*end || i < 0 || (size_t)i >= json_object_array_length(o)) {
        *found = 0;
        return NULL;
      }
      o = json_object_array_get_idx(o, (size_t)i);
    } else if (json_object_is_type(o, json_type_object)) {
      if (!json_object_object_get_ex(o, t, &o)) {
        *found = 0;
        return NULL;
      }
    } else {
      *found = 0;
      return NULL;
    }
  }
  return o;
}

static const char *text_of(json_object *o) {
  if (!o) return "null";
  if (json_object_is_type(o, json_type_string)) return json_object_get_string(o);
  return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: simulee_jsoncheck FILE CHECK...\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  for (size_t r; f && text && (r = fread(text + len, 1, cap - len, f)) > 0;) {
    len += r;
    if (len == cap) {
      char *nt = realloc(text, cap *= 2);
      if (!nt) free(text);
      text = nt;
    }
  }
  if (f) fclose(f);
  if (!f || !text) {
    fprintf(stderr, "jsoncheck: %s: cannot read it\n", argv[1]);
    free(text);
    return 2;
  }
  json_tokener *tok = json_tokener_new();
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
  json_object *doc = json_tokener_parse_ex(tok, text, (int)len);
  enum json_tokener_error jerr = json_tokener_get_error(tok);
  size_t used = json_tokener_get_parse_end(tok);
  while (doc && used < len && (text[used] == '\n' || text[used] == ' ')) used++;
  if (!doc || jerr != json_tokener_success || used != len) {
    fprintf(stderr, "jsoncheck: %s: not strict JSON at byte %zu: %s\n", argv[1], used,
            doc && jerr == json_tokener_success ? "text after the value"
                                                : json_tokener_error_desc(jerr));
    json_tokener_free(tok);
    json_object_put(doc);
    free(text);
    return 2;
  }
  json_tokener_free(tok);
  free(text);
  int bad = 0;
  for (int i = 2; i < argc; i++) {
    char path[512];
    const char *c = argv[i];
    int found;
    if (c[0] == '!') {
      lookup(doc, c + 1, &found);
      if (found) {
        fprintf(stderr, "jsoncheck: %s: present\n", c + 1);
        bad = 1;
      }
      continue;
    }
    size_t n = strcspn(c, "=#~>");
    if (!c[n] || n >= sizeof path) {
      fprintf(stderr, "jsoncheck: bad check '%s'\n", c);
      return 2;
    }
    memcpy(path, c, n);
    path[n] = 0;
    const char *want = c + n + 1;
    json_object *o = lookup(doc, path, &found);
    if (!found) {
      fprintf(stderr, "jsoncheck: %s: missing\n", path);
      bad = 1;
    } else if (c[n] == '#') {
      size_t len = json_object_is_type(o, json_type_array) ? json_object_array_length(o) : 0;
      if (!json_object_is_type(o, json_type_array) || len != (size_t)atol(want)) {
        fprintf(stderr, "jsoncheck: %s: length %zu, expected %s\n", path, len, want);
        bad = 1;
      }
    } else if (c[n] == '>') {
      if (!json_object_is_type(o, json_type_int) && !json_object_is_type(o, json_type_double)) {
        fprintf(stderr, "jsoncheck: %s: not a number\n", path);
        bad = 1;
      } else if (!(json_object_get_double(o) > atof(want))) {
        fprintf(stderr, "jsoncheck: %s: %s, expected more than %s\n", path, text_of(o), want);
        bad = 1;
      }
    } else if (c[n] == '~') {
      if (!strstr(text_of(o), want)) {
        fprintf(stderr, "jsoncheck: %s: '%s' does not contain '%s'\n", path, text_of(o), want);
        bad = 1;
      }
    } else if (strcmp(text_of(o), want)) {
      fprintf(stderr, "jsoncheck: %s: '%s', expected '%s'\n", path, text_of(o), want);
      bad = 1;
    }
  }
  json_object_put(doc);
  return bad;
}
