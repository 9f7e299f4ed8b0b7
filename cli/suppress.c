/*
 * simulee cli: suppressions for `simulee scan`. A finding is silenced by a
 * comment at one of its source locations,
 *
 *     x = tile[i + 1];   // simulee: ignore data-race
 *
 * (or alone on the line just above), or by a line of a --suppressions file:
 *
 *     # KINDS   PATTERN
 *     data-race src/reduce.cu:42
 *     all       vendor*
 *     barrier-divergence,redundant-barrier  kernel:legacy_*
 *
 * KINDS is `all` or a comma list of kind names, each optionally with a
 * grade (`data-race:same-value`: only the findings of that grade). PATTERN is a glob (fnmatch,
 * `*` also matches `/`) on the path, relative to the scanned folder, of
 * either location of the finding, with an optional `:LINE`; `kernel:GLOB`
 * matches the kernel instead (demangled name or symbol). Suppressed findings
 * stay in the report, marked.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define ALL_KINDS ((1u << SIMD_KIND_COUNT) - 1u)

/* The grades a suppression may name, in bit order (SIMC_SUPP_GRADE). */
static const char *const GRADES[SIMC_SUPP_NGRADES] = {
  SIMD_GRADE_WARP_SYNC, SIMD_GRADE_SAME_VALUE, SIMD_GRADE_OUTSIDE};

/* Parse one kind word (len bytes at s: KIND or KIND:GRADE); returns its
 * bit, ALL_KINDS for "all", 0 if unknown. */
static unsigned kind_bit(const char *s, size_t len) {
  if (len == 3 && !strncmp(s, "all", 3)) return ALL_KINDS;
  const char *colon = memchr(s, ':', len);
  size_t kl = colon ? (size_t)(colon - s) : len;
  for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) {
    const char *n = simD_kind_name((simD_kind)k);
    if (strlen(n) != kl || strncmp(s, n, kl)) continue;
    if (!colon) return 1u << k;
    size_t gl = len - kl - 1;
    for (unsigned g = 0; g < SIMC_SUPP_NGRADES; g++)
      if (strlen(GRADES[g]) == gl && !strncmp(colon + 1, GRADES[g], gl))
        return SIMC_SUPP_GRADE(k, g);
    return 0;
  }
  return 0;
}

/* The bits a suppression must have to silence finding f: its kind's, or
 * its kind and grade's. */
static unsigned finding_bits(const simD_finding *f) {
  unsigned k = f->kind < SIMD_KIND_COUNT ? f->kind : 0, bits = 1u << k;
  for (unsigned g = 0; g < SIMC_SUPP_NGRADES; g++)
    if (!strcmp(f->grade, GRADES[g])) bits |= SIMC_SUPP_GRADE(k, g);
  return bits;
}

unsigned simC_inline_suppression(const char *line) {
  const char *p = strstr(line, "simulee:");
  while (p) {
    /* must be inside a comment: a // or a block comment opener earlier */
    const char *c1 = strstr(line, "//"), *c2 = strstr(line, "/*");
    int in_comment = (c1 && c1 < p) || (c2 && c2 < p);
    const char *q = p + 8;
    while (*q == ' ' || *q == '\t') q++;
    if (in_comment && !strncmp(q, "ignore", 6) && !isalnum((unsigned char)q[6]) &&
        q[6] != '-') {
      q += 6;
      unsigned mask = 0;
      for (;;) {
        while (*q == ' ' || *q == '\t' || *q == ',') q++;
        size_t n = 0;
        while (isalnum((unsigned char)q[n]) || q[n] == '-' ||
               (q[n] == ':' && n && isalpha((unsigned char)q[n + 1])))
          n++;
        unsigned b = n ? kind_bit(q, n) : 0;
        /* a grade that does not exist silences nothing (not the whole
         * kind, nor everything) */
        if (!b && memchr(q, ':', n)) return mask;
        if (!b) break;
        mask |= b;
        q += n;
      }
      return mask ? mask : ALL_KINDS;
    }
    p = strstr(p + 8, "simulee:");
  }
  return 0;
}

void simC_supp_init(simC_suppressions *s) { memset(s, 0, sizeof *s); }

void simC_supp_free(simC_suppressions *s) {
  for (unsigned i = 0; i < s->n; i++) free(s->v[i].pattern);
  free(s->v);
  free(s->path);
  simC_supp_init(s);
}

int simC_supp_load(simC_suppressions *s, const char *path, char *err,
                   size_t errlen) {
  char e2[512];
  if (simC_check_input_file(path, e2, sizeof e2) < 0) { /* a FIFO would block */
    snprintf(err, errlen, "--suppressions %s", e2);
    return -1;
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "--suppressions %s: %s", path, strerror(errno));
    return -1;
  }
  free(s->path);
  s->path = strdup(path);
  char *line = NULL; /* a whole line, however long (getline) */
  size_t cap = 0;
  unsigned lineno = 0;
  int rc = s->path ? 0 : -1;
  if (rc < 0) snprintf(err, errlen, "out of memory");
  while (rc == 0 && getline(&line, &cap, f) >= 0) {
    lineno++;
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *save = NULL, *kinds = strtok_r(line, " \t\r\n", &save);
    if (!kinds) continue;
    char *pat = strtok_r(NULL, " \t\r\n", &save), *extra = strtok_r(NULL, " \t\r\n", &save);
    if (!pat || extra) {
      snprintf(err, errlen, "%s:%u: expected 'KINDS PATTERN' (KINDS: all or a comma list "
               "of data-race, barrier-divergence, redundant-barrier, out-of-bounds, "
               "assertion, invalid-warp-mask, each optionally :GRADE)", path, lineno);
      rc = -1;
      break;
    }
    unsigned mask = 0;
    for (char *ks = NULL, *k = strtok_r(kinds, ",", &ks); k; k = strtok_r(NULL, ",", &ks)) {
      unsigned b = kind_bit(k, strlen(k));
      if (!b) {
        snprintf(err, errlen, "%s:%u: unknown finding kind '%s'", path, lineno, k);
        rc = -1;
        break;
      }
      mask |= b;
    }
    if (rc < 0) break;
    simC_supp_rule r;
    memset(&r, 0, sizeof r);
    r.kinds = mask;
    r.lineno = lineno;
    if (!strncmp(pat, "kernel:", 7)) {
      r.is_kernel = 1;
      pat += 7;
    } else {
      /* a trailing :LINE */
      char *colon = strrchr(pat, ':');
      if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
        r.line = (unsigned)strtoul(colon + 1, NULL, 10);
        *colon = 0;
      }
    }
    if (!*pat) {
      snprintf(err, errlen, "%s:%u: empty pattern", path, lineno);
      rc = -1;
      break;
    }
    r.pattern = strdup(pat);
    simC_supp_rule *nv = realloc(s->v, (s->n + 1) * sizeof *nv);
    if (!r.pattern || !nv) {
      free(r.pattern);
      if (nv) s->v = nv;
      snprintf(err, errlen, "out of memory");
      rc = -1;
      break;
    }
    s->v = nv;
    s->v[s->n++] = r;
  }
  if (rc == 0 && ferror(f)) {
    snprintf(err, errlen, "--suppressions %s: read error", path);
    rc = -1;
  }
  free(line);
  fclose(f);
  return rc;
}

/* Line `line` (1-based) of the file into buf; 0, or -1 if there is none. */
static int source_line(const char *path, unsigned line, char *buf, size_t len) {
  FILE *f = fopen(path, "r");
  if (!f || !line) {
    if (f) fclose(f);
    return -1;
  }
  unsigned cur = 1;
  int rc = -1;
  while (fgets(buf, (int)len, f)) {
    size_t n = strlen(buf);
    int whole = n && buf[n - 1] == '\n';
    if (cur == line) {
      rc = 0;
      break;
    }
    if (whole) cur++;
  }
  fclose(f);
  return rc;
}

/* Does the line hold nothing but a comment? */
static int comment_only(const char *l) {
  while (*l == ' ' || *l == '\t') l++;
  return (l[0] == '/' && (l[1] == '/' || l[1] == '*')) || l[0] == '*';
}

static void loc_path(const char *root, const char *file, char *buf, size_t len) {
  if (file[0] == '/' || !root || !*root)
    snprintf(buf, len, "%s", file);
  else
    snprintf(buf, len, "%s/%s", root, file);
}

/* The inline suppression for kind bit `bit` at a location: the comment on
 * the line or alone on the line above. Writes "file:line" of the comment
 * into why. */
static int inline_at(const char *root, const simD_loc *l, unsigned bit, char *why,
                     size_t wlen) {
  char path[4096], text[4096];
  if (!l || !l->file || !*l->file || !l->line) return 0;
  loc_path(root, l->file, path, sizeof path);
  if (source_line(path, l->line, text, sizeof text) == 0 &&
      (simC_inline_suppression(text) & bit)) {
    snprintf(why, wlen, "%s:%u", l->file, l->line);
    return 1;
  }
  if (l->line > 1 && source_line(path, l->line - 1, text, sizeof text) == 0 &&
      comment_only(text) && (simC_inline_suppression(text) & bit)) {
    snprintf(why, wlen, "%s:%u", l->file, l->line - 1);
    return 1;
  }
  return 0;
}

static int rule_matches(const simC_supp_rule *r, const simD_record *rec, unsigned i,
                        unsigned bit) {
  if (!(r->kinds & bit)) return 0;
  if (r->is_kernel)
    return !fnmatch(r->pattern, rec->name, 0) || !fnmatch(r->pattern, rec->kernel, 0);
  for (unsigned j = 0; j < 2; j++) {
    const simD_loc *l = rec->locs ? &rec->locs[2 * i + j] : NULL;
    const char *file = l && l->file && *l->file ? l->file : (j == 0 ? rec->file : NULL);
    if (!file) continue;
    if (j == 1 && rec->findings.v[i].site[1] == UINT32_MAX) continue;
    if (fnmatch(r->pattern, file, 0)) continue;
    if (r->line && (!l || l->line != r->line)) continue;
    return 1;
  }
  return 0;
}

int simC_supp_apply(simC_suppressions *s, const char *root, simD_record *rec) {
  int n = 0;
  for (unsigned i = 0; i < rec->findings.n; i++) {
    const simD_finding *f = &rec->findings.v[i];
    unsigned bit = finding_bits(f);
    char why[4200];
    int hit = 0;
    for (unsigned j = 0; j < 2 && !hit; j++) {
      if (j == 1 && f->site[1] == UINT32_MAX) break;
      if (inline_at(root, rec->locs ? &rec->locs[2 * i + j] : NULL, bit, why, sizeof why)) {
        if (simD_record_suppress(rec, i, SIMD_SUPPRESS_IN_SOURCE, why) < 0) return -1;
        hit = 1;
      }
    }
    for (unsigned k = 0; s && k < s->n && !hit; k++) {
      if (!rule_matches(&s->v[k], rec, i, bit)) continue;
      snprintf(why, sizeof why, "%s:%u", s->path, s->v[k].lineno);
      if (simD_record_suppress(rec, i, SIMD_SUPPRESS_EXTERNAL, why) < 0) return -1;
      s->v[k].used++;
      hit = 1;
    }
    n += hit;
  }
  return n;
}
