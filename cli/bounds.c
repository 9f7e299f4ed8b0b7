/*
 * simulee cli: clang's -Warray-bounds warnings of a .cu file's device
 * compile as out-of-bounds findings. clang warns about a constant index
 * past the end of a fixed-size array (`tile[0][11]` of `float tile[8][8]`)
 * at every optimisation level, while -O2 folds such an index into a byte
 * offset that no longer names the dimension. A warning becomes a finding
 * of each kernel whose code (the kernel and the functions it calls, as the
 * bitcode's debug info places them) has an instruction on the warned line;
 * host functions, which the device bitcode does not hold, get none.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static const char PAST[] = " is past the end of the array (that has type '";
static const char BEFORE[] = " is before the beginning of the array";
static const char MARK[] = ": warning: array index ";

/* Parse "FILE:LINE:COL" (the text before MARK, n bytes) into b. */
static int parse_where(const char *s, size_t n, simC_bound *b) {
  size_t i = n;
  unsigned v[2] = {0, 0};
  for (int k = 1; k >= 0; k--) {
    size_t end = i;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') i--;
    if (i == end || end - i > 9 || i == 0 || s[i - 1] != ':') return -1;
    v[k] = (unsigned)strtoul(s + i, NULL, 10);
    i--;
  }
  if (!i || !v[0]) return -1;
  b->line = v[0];
  b->col = v[1];
  return (b->file = strndup(s, i)) ? 0 : -2;
}

/* Parse one line of clang's stderr; 1 when it is an array-bounds warning
 * (b filled), 0 when not, -1 out of memory. */
static int parse_line(const char *s, size_t n, simC_bound *b) {
  memset(b, 0, sizeof *b);
  const char *m = memmem(s, n, MARK, sizeof MARK - 1);
  if (!m || !memmem(s, n, "[-Warray-bounds]", 16)) return 0;
  const char *num = m + sizeof MARK - 1, *e = s + n;
  char *after;
  long long idx = strtoll(num, &after, 10);
  if (after == num || after >= e) return 0;
  size_t rest = (size_t)(e - after);
  if (rest > sizeof PAST - 1 && !strncmp(after, PAST, sizeof PAST - 1)) {
    const char *t = after + sizeof PAST - 1, *q = memchr(t, '\'', (size_t)(e - t));
    if (!q || q == t || (size_t)(q - t) >= sizeof b->type) return 0;
    memcpy(b->type, t, (size_t)(q - t));
  } else if (!(rest >= sizeof BEFORE - 1 && !strncmp(after, BEFORE, sizeof BEFORE - 1))) {
    return 0;
  }
  b->index = idx;
  int w = parse_where(s, (size_t)(m - s), b);
  if (w == -2) return -1;
  if (w < 0) {
    free(b->file);
    b->file = NULL;
    return 0;
  }
  return 1;
}

int simC_bounds_parse(const char *text, simC_bounds *out) {
  memset(out, 0, sizeof *out);
  if (!text) return 0;
  unsigned cap = 0;
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    simC_bound b;
    int r = parse_line(p, n, &b);
    if (r < 0) goto oom;
    if (r > 0) {
      /* clang repeats a warning for each template instantiation */
      unsigned i = 0;
      while (i < out->n && !(out->v[i].line == b.line && out->v[i].col == b.col &&
                             !strcmp(out->v[i].file, b.file)))
        i++;
      if (i < out->n) {
        free(b.file);
      } else {
        if (out->n == cap) {
          unsigned nc = cap ? 2 * cap : 8;
          simC_bound *nv = realloc(out->v, nc * sizeof *nv);
          if (!nv) {
            free(b.file);
            goto oom;
          }
          out->v = nv;
          cap = nc;
        }
        out->v[out->n++] = b;
      }
    }
    p += n + (nl ? 1 : 0);
  }
  return 0;
oom:
  simC_bounds_free(out);
  return -1;
}

void simC_bounds_free(simC_bounds *b) {
  if (!b) return;
  for (unsigned i = 0; i < b->n; i++) free(b->v[i].file);
  free(b->v);
  memset(b, 0, sizeof *b);
}

/* An out-of-bounds finding of the list on that file's line already. */
static int line_has_oob(const simI_program *p, const simD_list *l, const char *file,
                        unsigned line) {
  for (unsigned i = 0; i < l->n; i++) {
    const simD_finding *f = &l->v[i];
    const char *ff = NULL;
    unsigned fl = 0;
    if (f->kind != SIMD_OUT_OF_BOUNDS || !simI_site_loc(p, f->site[0], &ff, &fl, NULL, NULL))
      continue;
    if (fl == line && ff && !strcmp(ff, file)) return 1;
  }
  return 0;
}

int simC_bounds_add(const simC_bounds *b, const simI_program *p, unsigned k, simD_list *l) {
  for (unsigned i = 0; b && i < b->n; i++) {
    const simC_bound *w = &b->v[i];
    uint32_t site = simI_kernel_site_at(p, k, w->file, w->line, w->col);
    if (site == UINT32_MAX) continue;
    const char *file = NULL;
    unsigned line = 0;
    simI_site_loc(p, site, &file, &line, NULL, NULL);
    /* the run found it too: that finding has the witness */
    if (file && line_has_oob(p, l, file, line)) continue;
    simD_finding f;
    memset(&f, 0, sizeof f);
    f.kind = SIMD_OUT_OF_BOUNDS;
    f.space = SIMI_SPACE_NONE;
    f.site[0] = site;
    f.site[1] = UINT32_MAX;
    f.count = 1;
    f.level = SIMD_LEVEL_ERROR;
    if (w->type[0])
      snprintf(f.message, sizeof f.message,
               "constant index %lld past the end of '%s' (clang -Warray-bounds)", w->index,
               w->type);
    else
      snprintf(f.message, sizeof f.message,
               "constant index %lld before the beginning of the array (clang -Warray-bounds)",
               w->index);
    if (simD_list_add(l, &f) < 0) return -1;
  }
  return 0;
}
