/*
 * simulee cli: recorded launches. The folder `simulee run --record DIR`
 * writes (runtime/record.c: an index DIR/launches, one args file per launch
 * in the replay spelling, the buffers' bytes as files) read back for
 * `--args-file`, `--from DIR` (the search starts from the recorded inputs)
 * and `--launches DIR` (the recorded launches are the program's).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

int simC_recdir_check(const char *dir, char *err, size_t errlen) {
  struct stat st;
  if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "%s: not a folder of recorded launches (simulee run --record DIR)", dir);
    return -1;
  }
  char path[4096];
  snprintf(path, sizeof path, "%s/launches", dir);
  if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: no recorded launches in it (no index file 'launches'; simulee run "
             "--record DIR writes one)", dir);
    return -1;
  }
  return 0;
}

void simC_recdir_free(simC_recdir *r) {
  for (unsigned i = 0; i < r->n; i++) {
    simC_reclaunch *l = &r->v[i];
    free(l->kernel);
    free(l->path);
    for (unsigned k = 0; k < l->nargs; k++) free(l->args[k]);
    free(l->args);
  }
  free(r->v);
  memset(r, 0, sizeof *r);
}

/* Read one args file into l. 0, or -1 with why. */
static int read_launch(const char *path, simC_reclaunch *l, char *err, size_t errlen) {
  char **w;
  unsigned nw;
  if (simC_read_args_file(path, &w, &nw, err, errlen) < 0) return -1;
  memset(l, 0, sizeof *l);
  l->grid = l->block = (simI_dim3){1, 1, 1};
  unsigned cap = 0;
  int rc = 0;
  for (unsigned i = 0; i < nw && rc == 0; i++) {
    const char *a = w[i], *v = i + 1 < nw ? w[i + 1] : NULL;
    char e2[300] = "";
    if (!v) {
      snprintf(err, errlen, "%s: %s needs a value", path, a);
      rc = -1;
      break;
    }
    i++;
    if (!strcmp(a, "--kernel")) {
      free(l->kernel);
      if (!(l->kernel = strdup(v))) rc = -1;
    } else if (!strcmp(a, "--grid")) {
      rc = simC_parse_dims(v, &l->grid, e2, sizeof e2);
    } else if (!strcmp(a, "--block")) {
      rc = simC_parse_dims(v, &l->block, e2, sizeof e2);
    } else if (!strcmp(a, "--cluster")) {
      rc = simC_parse_dims(v, &l->cluster, e2, sizeof e2);
    } else if (!strcmp(a, "--shared")) {
      simC_number n;
      rc = simC_parse_number(v, &n, e2, sizeof e2);
      if (rc == 0 && (!n.is_int || n.neg || n.u > SIMC_MAX_SHARED)) {
        snprintf(e2, sizeof e2, "--shared %s is not a byte count", v);
        rc = -1;
      }
      l->shared = n.u;
    } else if (!strcmp(a, "--arg")) {
      if (simC_push_str(&l->args, &l->nargs, &cap, strdup(v)) < 0) rc = -1;
    } else {
      snprintf(e2, sizeof e2, "unexpected word '%s' (a recorded launch has --kernel, --grid, "
               "--block, --shared, --cluster and --arg)", a);
      rc = -1;
    }
    if (rc < 0) snprintf(err, errlen, "%s: %s", path, *e2 ? e2 : "out of memory");
  }
  if (rc == 0 && !l->kernel) {
    snprintf(err, errlen, "%s: no --kernel", path);
    rc = -1;
  }
  char e3[256];
  if (rc == 0 && simC_check_launch(l->grid, l->block, e3, sizeof e3) < 0) {
    snprintf(err, errlen, "%s: %s", path, e3);
    rc = -1;
  }
  for (unsigned i = 0; i < nw; i++) free(w[i]);
  free(w);
  if (rc == 0 && !(l->path = strdup(path))) {
    snprintf(err, errlen, "out of memory");
    rc = -1;
  }
  if (rc < 0) {
    free(l->kernel);
    for (unsigned k = 0; k < l->nargs; k++) free(l->args[k]);
    free(l->args);
    memset(l, 0, sizeof *l);
  }
  return rc;
}

int simC_recdir_load(const char *dir, const char *kernel, simC_recdir *r, char *err,
                     size_t errlen) {
  memset(r, 0, sizeof *r);
  if (simC_recdir_check(dir, err, errlen) < 0) return -1;
  char path[4096];
  snprintf(path, sizeof path, "%s/launches", dir);
  char *text = simC_read_text(path, err, errlen);
  if (!text) return -1;
  unsigned cap = 0;
  int rc = 0;
  for (char *line = text; rc == 0 && line && *line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    char file[1024], mod[1024], kname[2048];
    if (line[0] == '#') {
      if (!strncmp(line, "# cut:", 6)) r->cut = 1;
    } else if (sscanf(line, "%1023s %1023s %2047s", file, mod, kname) == 3) {
      if (!kernel || !strcmp(kernel, kname)) {
        if (r->n == cap) {
          unsigned nc = cap ? cap * 2 : 16;
          simC_reclaunch *nv = realloc(r->v, nc * sizeof *nv);
          if (!nv) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
          }
          r->v = nv;
          cap = nc;
        }
        snprintf(path, sizeof path, "%s/%s", dir, file);
        if (read_launch(path, &r->v[r->n], err, errlen) < 0) rc = -1;
        else r->n++;
      }
    } else if (*line) {
      snprintf(err, errlen, "%s/launches: a line is not 'ARGS-FILE MODULE KERNEL'", dir);
      rc = -1;
    }
    line = nl ? nl + 1 : NULL;
  }
  free(text);
  if (rc < 0) simC_recdir_free(r);
  return rc;
}
