/*
 * simulee_scancheck: checks of `simulee scan` JSON reports (tests/scan.cmake).
 *
 *   simulee_scancheck list REPORT.json
 *       prints the report as canonical lines, one per record, finding and
 *       note, for comparison with an expected file:
 *         kernel FILE NAME STATUS
 *           KIND FILE:LINE[ FILE:LINE][ suppressed=inSource|external]
 *         file FILE STATUS MESSAGE          (a file that did not compile)
 *         note FILE:LINE MESSAGE
 *       A finding's two locations are printed in line order and the findings
 *       of a record sorted, so the listing does not depend on which thread
 *       the witness caught first.
 *   simulee_scancheck same A.json B.json
 *       exit 0 when the two reports are equal except for the timing fields
 *       ("seconds", "ips"); else prints the first difference and exits 1.
 *   simulee_scancheck expect EXPECTED REPORT.json
 *       list, compared with the file EXPECTED (exit 1 and a diff-like
 *       message when they differ).
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_object *get(json_object *o, const char *k) {
  json_object *v = NULL;
  return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static const char *str(json_object *o, const char *k) {
  json_object *v = get(o, k);
  return v ? json_object_get_string(v) : "";
}

static int cmp_line(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* m with each temporary build folder (a path ending in simulee-cmake- and
 * six characters) written BUILD: its name differs from run to run. */
static void temp_build_names(const char *m, char *out, size_t cap) {
  static const char tag[] = "simulee-cmake-";
  size_t n = 0;
  while (*m && n + 1 < cap) {
    const char *t = strstr(m, tag);
    if (!t) {
      out[n++] = *m++;
      continue;
    }
    /* the path starts after the last blank before the tag */
    const char *st = t;
    while (st > m && st[-1] != ' ') st--;
    while (m < st && n + 1 < cap) out[n++] = *m++;
    for (const char *b = "BUILD"; *b && n + 1 < cap; b++) out[n++] = *b;
    m = t + sizeof tag - 1;
    for (int k = 0; k < 6 && *m; k++) m++;
  }
  out[n] = 0;
}

/* Append the canonical listing of doc to a malloc'd string. */
static char *listing(json_object *doc) {
  size_t cap = 1 << 16, n = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  out[0] = 0;
#define PUT(...)                                                              \
  do {                                                                        \
    int w_ = snprintf(out + n, cap - n, __VA_ARGS__);                         \
    while (w_ >= 0 && (size_t)w_ >= cap - n) {                                \
      cap *= 2;                                                               \
      char *no_ = realloc(out, cap);                                          \
      if (!no_) { free(out); return NULL; }                                   \
      out = no_;                                                              \
      w_ = snprintf(out + n, cap - n, __VA_ARGS__);                           \
    }                                                                         \
    n += (size_t)w_;                                                          \
  } while (0)
  json_object *ks = get(doc, "kernels");
  size_t nk = ks ? json_object_array_length(ks) : 0;
  for (size_t i = 0; i < nk; i++) {
    json_object *k = json_object_array_get_idx(ks, i);
    if (!*str(k, "kernel")) {
      PUT("file %s %s %s\n", str(k, "file"), str(k, "status"), str(k, "message"));
      continue;
    }
    PUT("kernel %s %s %s\n", str(k, "file"), str(k, "name"), str(k, "status"));
    json_object *fs = get(k, "findings");
    size_t nf = fs ? json_object_array_length(fs) : 0;
    char **lines = calloc(nf + 1, sizeof *lines);
    if (!lines) { free(out); return NULL; }
    for (size_t f = 0; f < nf; f++) {
      json_object *fo = json_object_array_get_idx(fs, f), *ls = get(fo, "locations");
      char loc[2][600] = {"", ""};
      unsigned line[2] = {0, 0};
      size_t nl = ls ? json_object_array_length(ls) : 0;
      for (size_t j = 0; j < nl && j < 2; j++) {
        json_object *l = json_object_array_get_idx(ls, j);
        line[j] = (unsigned)json_object_get_int(get(l, "line"));
        snprintf(loc[j], sizeof loc[j], "%s:%u", str(l, "file"), line[j]);
      }
      if (nl == 2 && strcmp(loc[0], loc[1]) > 0) {
        char t[600];
        memcpy(t, loc[0], sizeof t);
        memcpy(loc[0], loc[1], sizeof t);
        memcpy(loc[1], t, sizeof t);
      }
      char sup[64] = "";
      json_object *s = get(fo, "suppressed");
      if (s && json_object_get_boolean(s))
        snprintf(sup, sizeof sup, " suppressed=%s", str(get(fo, "suppression"), "kind"));
      size_t len = 1400;
      lines[f] = malloc(len);
      if (!lines[f]) { free(out); return NULL; }
      snprintf(lines[f], len, "  %s %s%s%s%s\n", str(fo, "kind"), loc[0], nl > 1 ? " " : "",
               nl > 1 ? loc[1] : "", sup);
    }
    qsort(lines, nf, sizeof *lines, cmp_line);
    for (size_t f = 0; f < nf; f++) {
      PUT("%s", lines[f]);
      free(lines[f]);
    }
    free(lines);
  }
  json_object *ns = get(doc, "notes");
  size_t nn = ns ? json_object_array_length(ns) : 0;
  for (size_t i = 0; i < nn; i++) {
    json_object *no = json_object_array_get_idx(ns, i);
    char msg[2048];
    temp_build_names(str(no, "message"), msg, sizeof msg);
    PUT("note %s:%d %s\n", str(no, "file"), json_object_get_int(get(no, "line")), msg);
  }
  return out;
}

/* Equal except keys "seconds" and "ips" anywhere. path: where we are. */
static int same(json_object *a, json_object *b, char *path, size_t plen) {
  if (json_object_get_type(a) != json_object_get_type(b)) {
    fprintf(stderr, "scancheck: %s: types differ\n", path);
    return 0;
  }
  size_t pl = strlen(path);
  switch (json_object_get_type(a)) {
  case json_type_object: {
    json_object_object_foreach(a, key, va) {
      if (!strcmp(key, "seconds") || !strcmp(key, "ips")) continue;
      json_object *vb = NULL;
      snprintf(path + pl, plen - pl, ".%s", key);
      if (!json_object_object_get_ex(b, key, &vb)) {
        fprintf(stderr, "scancheck: %s: only in the first\n", path);
        return 0;
      }
      if (!same(va, vb, path, plen)) return 0;
      path[pl] = 0;
    }
    json_object_object_foreach(b, keyb, vb2) {
      (void)vb2;
      if (!strcmp(keyb, "seconds") || !strcmp(keyb, "ips")) continue;
      if (!json_object_object_get_ex(a, keyb, NULL)) {
        snprintf(path + pl, plen - pl, ".%s", keyb);
        fprintf(stderr, "scancheck: %s: only in the second\n", path);
        return 0;
      }
    }
    return 1;
  }
  case json_type_array: {
    size_t na = json_object_array_length(a), nb = json_object_array_length(b);
    if (na != nb) {
      fprintf(stderr, "scancheck: %s: %zu elements vs %zu\n", path, na, nb);
      return 0;
    }
    for (size_t i = 0; i < na; i++) {
      snprintf(path + pl, plen - pl, ".%zu", i);
      if (!same(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i), path, plen))
        return 0;
      path[pl] = 0;
    }
    return 1;
  }
  default:
    if (!json_object_equal(a, b)) {
      fprintf(stderr, "scancheck: %s: '%s' vs '%s'\n", path,
              json_object_to_json_string(a), json_object_to_json_string(b));
      return 0;
    }
    return 1;
  }
}

static json_object *load(const char *p) {
  json_object *d = json_object_from_file(p);
  if (!d) fprintf(stderr, "scancheck: %s: not readable JSON\n", p);
  return d;
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "list")) {
    json_object *d = load(argv[2]);
    char *l = d ? listing(d) : NULL;
    if (!l) return 2;
    fputs(l, stdout);
    free(l);
    json_object_put(d);
    return 0;
  }
  if (argc == 4 && !strcmp(argv[1], "same")) {
    json_object *a = load(argv[2]), *b = load(argv[3]);
    if (!a || !b) return 2;
    char path[4096] = "$";
    int ok = same(a, b, path, sizeof path);
    json_object_put(a);
    json_object_put(b);
    return ok ? 0 : 1;
  }
  if (argc == 4 && !strcmp(argv[1], "expect")) {
    FILE *f = fopen(argv[2], "r");
    if (!f) {
      fprintf(stderr, "scancheck: %s: cannot open\n", argv[2]);
      return 2;
    }
    char *want = calloc(1, 1 << 20);
    size_t n = want ? fread(want, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    json_object *d = load(argv[3]);
    char *got = d ? listing(d) : NULL;
    if (!want || !got) return 2;
    want[n] = 0;
    int ok = !strcmp(want, got);
    if (!ok) {
      fprintf(stderr, "scancheck: the report differs from %s\n--- expected:\n%s--- got:\n%s",
              argv[2], want, got);
    }
    free(want);
    free(got);
    json_object_put(d);
    return ok ? 0 : 1;
  }
  fprintf(stderr, "usage: simulee_scancheck list REPORT | same A B | expect EXPECTED REPORT\n");
  return 2;
}
