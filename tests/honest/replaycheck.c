/*
 * simulee_replaycheck: the witness of every finding is the run that
 * produced it. For each finding of a simulee JSON report, run its replay
 * line (the witness's, or the kernel's for a fixed launch) and check that
 * the replay reports a finding of the same kind on the same source lines,
 * with the same threads (block and thread of each) and warp relation.
 *
 *   simulee_replaycheck SIMULEE REPORT.json
 *
 * The replay line's leading "simulee" is replaced by SIMULEE; it runs with
 * --format json -o TMP --no-confirm through sh -c in the current folder.
 * Findings without a replay (compile-time bounds warnings) are skipped.
 * Exit 0 when every replay reproduces its finding, 1 otherwise (each
 * failure on stderr), 2 on a usage error or unreadable JSON.
 */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *str(json_object *o, const char *key) {
  json_object *v;
  if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
    return NULL;
  return json_object_get_string(v);
}

static json_object *arr(json_object *o, const char *key) {
  json_object *v;
  if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_array))
    return NULL;
  return v;
}

/* The source lines of a finding's locations, "12,15". */
static void lines_of(json_object *f, char *buf, size_t len) {
  json_object *locs = arr(f, "locations");
  buf[0] = 0;
  for (size_t i = 0; locs && i < json_object_array_length(locs); i++) {
    json_object *l = json_object_array_get_idx(locs, i), *ln;
    size_t n = strlen(buf);
    if (json_object_object_get_ex(l, "line", &ln))
      snprintf(buf + n, len - n, "%s%d", i ? "," : "", json_object_get_int(ln));
  }
}

/* The threads and relation of a finding, "(0,0,0)(1,0,0);(0,0,0)(33,0,0) different-warps". */
static void threads_of(json_object *f, char *buf, size_t len) {
  json_object *th = arr(f, "threads");
  buf[0] = 0;
  for (size_t i = 0; th && i < json_object_array_length(th); i++) {
    json_object *t = json_object_array_get_idx(th, i);
    size_t n = strlen(buf);
    snprintf(buf + n, len - n, "%s%s", i ? ";" : "", json_object_to_json_string(t));
  }
  const char *rel = str(f, "relation");
  size_t n = strlen(buf);
  snprintf(buf + n, len - n, " %s", rel ? rel : "");
}

/* Does report r have a finding of kind on lines (with threads th)? */
static int has_finding(json_object *r, const char *kind, const char *lines, const char *th) {
  json_object *ks = arr(r, "kernels");
  for (size_t k = 0; ks && k < json_object_array_length(ks); k++) {
    json_object *fs = arr(json_object_array_get_idx(ks, k), "findings");
    for (size_t i = 0; fs && i < json_object_array_length(fs); i++) {
      json_object *f = json_object_array_get_idx(fs, i);
      char l[256];
      lines_of(f, l, sizeof l);
      const char *fk = str(f, "kind");
      char t[4096];
      threads_of(f, t, sizeof t);
      if (fk && !strcmp(fk, kind) && !strcmp(l, lines) && !strcmp(t, th)) return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: simulee_replaycheck SIMULEE REPORT.json\n");
    return 2;
  }
  json_object *doc = json_object_from_file(argv[2]);
  if (!doc) {
    fprintf(stderr, "replaycheck: %s: not JSON\n", argv[2]);
    return 2;
  }
  char tmp[] = "/tmp/simulee-replay.XXXXXX";
  int fd = mkstemp(tmp);
  if (fd < 0) return 2;
  close(fd);
  int fail = 0, checked = 0;
  json_object *ks = arr(doc, "kernels");
  for (size_t k = 0; ks && k < json_object_array_length(ks); k++) {
    json_object *ko = json_object_array_get_idx(ks, k);
    json_object *fs = arr(ko, "findings");
    for (size_t i = 0; fs && i < json_object_array_length(fs); i++) {
      json_object *f = json_object_array_get_idx(fs, i), *w;
      const char *replay = NULL;
      if (json_object_object_get_ex(f, "witness", &w)) replay = str(w, "replay");
      if (!replay) replay = str(ko, "replay");
      json_object *th = arr(f, "threads");
      if (!replay || strncmp(replay, "simulee ", 8) || !th || !json_object_array_length(th))
        continue;
      char cmd[32768], lines[256], ths[4096];
      snprintf(cmd, sizeof cmd, "'%s' %s --format json -o '%s' --no-confirm >/dev/null 2>&1",
               argv[1], replay + 8, tmp);
      int rc = system(cmd);
      (void)rc;
      lines_of(f, lines, sizeof lines);
      threads_of(f, ths, sizeof ths);
      json_object *r = json_object_from_file(tmp);
      const char *kind = str(f, "kind");
      checked++;
      if (!r || !kind || !has_finding(r, kind, lines, ths)) {
        fprintf(stderr,
                "replaycheck: %s finding %zu (%s, lines %s, threads %s) not reproduced by: %s\n",
                str(ko, "kernel") ? str(ko, "kernel") : "?", i, kind ? kind : "?", lines, ths,
                replay);
        fail = 1;
      }
      json_object_put(r);
    }
  }
  unlink(tmp);
  json_object_put(doc);
  printf("replaycheck: %d findings replayed%s\n", checked, fail ? ", some not reproduced" : "");
  return fail;
}
