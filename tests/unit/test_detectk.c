/* The detector kernels (tests/kernels/detect/NAME.cu): each file declares in
 * `//@` comment lines one or more runs (kernel, launch, arguments) and the
 * exact findings each run must produce; this suite loads the bitcode built at
 * -O0 and -O2 by tests/detect.cmake (into the build's tests/detect/), runs it
 * through the interpreter with the detector observer, and compares the
 * findings (kind, space, access, source lines) with the declaration, as sets.
 * Header grammar:
 *
 *   //@ run kernel=NAME grid=X[,Y,Z] block=X[,Y,Z] [shared=N] [warp=N] [its]
 *   //@ arg VALUE            one per kernel parameter, in order:
 *                            TYPE[COUNT] | TYPE[COUNT]=V | TYPE[COUNT]=iota
 *                            | TYPE[COUNT]=iota%K | null | a number
 *   //@ expect race SPACE ww|rw LINE LINE
 *   //@ expect divergence LINE        (the barrier's line)
 *   //@ expect redundant LINE         (the barrier's line)
 *   //@ expect oob SPACE LINE
 *   //@ expect mask LINE              (the warp collective's line)
 *   //@ expect none                   (the run must report nothing)
 *   //@ expect-O0 ... / //@ expect-O2 ...   (only at that level)
 * SPACE is shared or global (oob: also local). Race lines are an unordered pair. */
#define _GNU_SOURCE
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "simulee/detect.h"

extern char **environ;

#ifndef SIMULEE_DETECT_SRC
#define SIMULEE_DETECT_SRC SIMULEE_SRC_DIR "/tests/kernels/detect"
#endif
#ifndef SIMULEE_DETECT_BIN
#define SIMULEE_DETECT_BIN SIMULEE_BUILD_DIR "/tests/detect"
#endif

/* One finding reduced to what a header declares. */
typedef struct key {
  int kind;          /* simD_kind */
  unsigned space;    /* SIMI_SPACE_* or 0 */
  int ww;            /* races: write-write */
  unsigned l0, l1;   /* lines (races: l0 <= l1) */
} key;

typedef struct run {
  char kernel[128];
  simI_dim3 grid, block;
  uint64_t shared;
  unsigned warp;
  int its;
  char *args[32];
  unsigned nargs;
  key ex[64];
  int exopt[64];     /* 0 both levels, else 0 or 2 for -O0 / -O2 */
  unsigned nex;
  int none;          /* `expect none` given */
  unsigned line;     /* header line of the run */
} run;

static int key_cmp(const void *a, const void *b) {
  const key *x = a, *y = b;
  if (x->kind != y->kind) return x->kind - y->kind;
  if (x->space != y->space) return (int)x->space - (int)y->space;
  if (x->ww != y->ww) return x->ww - y->ww;
  if (x->l0 != y->l0) return (int)x->l0 - (int)y->l0;
  return (int)x->l1 - (int)y->l1;
}

static unsigned key_uniq(key *k, unsigned n) {
  qsort(k, n, sizeof *k, key_cmp);
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++)
    if (!m || key_cmp(&k[m - 1], &k[i])) k[m++] = k[i];
  return m;
}

static void key_str(const key *k, char *buf, size_t len) {
  static const char *names[] = {"race", "divergence", "redundant", "oob", "assertion", "mask"};
  const char *sp = k->space == SIMI_SPACE_SHARED   ? "shared"
                   : k->space == SIMI_SPACE_GLOBAL ? "global"
                   : k->space == SIMI_SPACE_LOCAL  ? "local"
                                                   : "-";
  if (k->kind == SIMD_DATA_RACE)
    snprintf(buf, len, "race %s %s %u %u", sp, k->ww ? "ww" : "rw", k->l0, k->l1);
  else if (k->kind == SIMD_OUT_OF_BOUNDS)
    snprintf(buf, len, "oob %s %u", sp, k->l0);
  else
    snprintf(buf, len, "%s %u", k->kind >= 0 && k->kind < (int)(sizeof names / sizeof names[0]) ? names[k->kind] : "?", k->l0);
}

static int parse_dims(const char *s, simI_dim3 *d) {
  unsigned v[3] = {1, 1, 1};
  int n = sscanf(s, "%u,%u,%u", &v[0], &v[1], &v[2]);
  if (n < 1) return -1;
  *d = (simI_dim3){v[0], v[1], v[2]};
  return 0;
}

static unsigned space_of(const char *s) {
  if (!strcmp(s, "shared")) return SIMI_SPACE_SHARED;
  if (!strcmp(s, "global")) return SIMI_SPACE_GLOBAL;
  if (!strcmp(s, "local")) return SIMI_SPACE_LOCAL;
  return 99;
}

/* Parse the `//@` lines of a file. Returns the number of runs, -1 on a
 * malformed header (message on stderr). */
static int parse_header(const char *path, run *runs, unsigned max) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char line[512];
  unsigned ln = 0;
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    ln++;
    char *p = strstr(line, "//@");
    if (!p) continue;
    p += 3;
    char *tok[16];
    unsigned nt = 0;
    for (char *t = strtok(p, " \t\r\n"); t && nt < 16; t = strtok(NULL, " \t\r\n")) tok[nt++] = t;
    if (!nt) continue;
    if (!strcmp(tok[0], "run")) {
      if ((unsigned)n >= max) goto bad;
      run *r = &runs[n++];
      memset(r, 0, sizeof *r);
      r->grid = r->block = (simI_dim3){1, 1, 1};
      r->line = ln;
      for (unsigned i = 1; i < nt; i++) {
        if (!strncmp(tok[i], "kernel=", 7)) snprintf(r->kernel, sizeof r->kernel, "%s", tok[i] + 7);
        else if (!strncmp(tok[i], "grid=", 5)) { if (parse_dims(tok[i] + 5, &r->grid)) goto bad; }
        else if (!strncmp(tok[i], "block=", 6)) { if (parse_dims(tok[i] + 6, &r->block)) goto bad; }
        else if (!strncmp(tok[i], "shared=", 7)) r->shared = strtoull(tok[i] + 7, NULL, 0);
        else if (!strncmp(tok[i], "warp=", 5)) r->warp = (unsigned)strtoul(tok[i] + 5, NULL, 0);
        else if (!strcmp(tok[i], "its")) r->its = 1;
        else goto bad;
      }
      continue;
    }
    if (!n) goto bad;
    run *r = &runs[n - 1];
    if (!strcmp(tok[0], "arg")) {
      if (nt != 2 || r->nargs >= 32) goto bad;
      r->args[r->nargs++] = strdup(tok[1]);
      continue;
    }
    int opt = 0;
    if (!strcmp(tok[0], "expect-O0")) opt = 1;
    else if (!strcmp(tok[0], "expect-O2")) opt = 2;
    else if (strcmp(tok[0], "expect")) goto bad;
    if (nt < 2 || r->nex >= 64) goto bad;
    key k;
    memset(&k, 0, sizeof k);
    if (!strcmp(tok[1], "none") && nt == 2) { r->none = 1; continue; }
    if (!strcmp(tok[1], "race") && nt == 6) {
      k.kind = SIMD_DATA_RACE;
      k.space = space_of(tok[2]);
      if (strcmp(tok[3], "ww") && strcmp(tok[3], "rw")) goto bad;
      k.ww = !strcmp(tok[3], "ww");
      k.l0 = (unsigned)atoi(tok[4]);
      k.l1 = (unsigned)atoi(tok[5]);
      if (k.l0 > k.l1) { unsigned t = k.l0; k.l0 = k.l1; k.l1 = t; }
    } else if (!strcmp(tok[1], "divergence") && nt == 3) {
      k.kind = SIMD_BARRIER_DIVERGENCE;
      k.l0 = (unsigned)atoi(tok[2]);
    } else if (!strcmp(tok[1], "redundant") && nt == 3) {
      k.kind = SIMD_REDUNDANT_BARRIER;
      k.l0 = (unsigned)atoi(tok[2]);
    } else if (!strcmp(tok[1], "mask") && nt == 3) {
      k.kind = SIMD_INVALID_WARP_MASK;
      k.l0 = (unsigned)atoi(tok[2]);
    } else if (!strcmp(tok[1], "oob") && nt == 4) {
      k.kind = SIMD_OUT_OF_BOUNDS;
      k.space = space_of(tok[2]);
      k.l0 = (unsigned)atoi(tok[3]);
    } else {
      goto bad;
    }
    r->exopt[r->nex] = opt;
    r->ex[r->nex++] = k;
  }
  fclose(f);
  return n;
bad:
  fprintf(stderr, "\n%s:%u: malformed //@ line\n", path, ln);
  fclose(f);
  return -1;
}

static unsigned elem_size(const char *t) {
  if (!strcmp(t, "i8") || !strcmp(t, "u8")) return 1;
  if (!strcmp(t, "i16") || !strcmp(t, "u16")) return 2;
  if (!strcmp(t, "i32") || !strcmp(t, "u32") || !strcmp(t, "f32")) return 4;
  if (!strcmp(t, "i64") || !strcmp(t, "u64") || !strcmp(t, "f64")) return 8;
  return 0;
}

/* Fill element i of a buffer of type t with v (as the type). */
static void put_elem(uint8_t *d, const char *t, uint64_t i, double v) {
  unsigned sz = elem_size(t);
  uint64_t bits;
  if (t[0] == 'f' && sz == 4) { float x = (float)v; uint32_t b; memcpy(&b, &x, 4); bits = b; }
  else if (t[0] == 'f') memcpy(&bits, &v, 8);
  else bits = (uint64_t)(int64_t)v;
  memcpy(d + i * sz, &bits, sz);
}

/* Build the launch's arguments of kernel info ki from the run's strings.
 * Returns 0, or -1 with a message. */
static int make_args(const simI_kernel_info *ki, const run *r, simI_arg *args,
                     simI_buffer *bufs, unsigned *nbuf, char *err, size_t errlen) {
  if (r->nargs != ki->nparams) {
    snprintf(err, errlen, "kernel takes %u arguments, header gives %u", ki->nparams, r->nargs);
    return -1;
  }
  *nbuf = 0;
  for (unsigned i = 0; i < r->nargs; i++) {
    const simI_param *q = &ki->params[i];
    const char *s = r->args[i];
    memset(&args[i], 0, sizeof args[i]);
    if (q->kind == SIMI_PARAM_PTR) {
      if (!strcmp(s, "null")) continue;
      char type[8] = "";
      unsigned long long count = 0;
      int used = 0;
      if (sscanf(s, "%7[a-z0-9][%llu]%n", type, &count, &used) < 2 || !elem_size(type)) {
        snprintf(err, errlen, "argument %u: bad buffer '%s'", i, s);
        return -1;
      }
      unsigned sz = elem_size(type);
      uint8_t *d = calloc(count ? count : 1, sz);
      const char *fill = s + used;
      if (*fill == '=') {
        fill++;
        if (!strncmp(fill, "iota", 4)) {
          unsigned long long mod = fill[4] == '%' ? strtoull(fill + 5, NULL, 0) : 0;
          for (uint64_t e = 0; e < count; e++) put_elem(d, type, e, (double)(mod ? e % mod : e));
        } else {
          double v = strtod(fill, NULL);
          for (uint64_t e = 0; e < count; e++) put_elem(d, type, e, v);
        }
      }
      bufs[*nbuf] = (simI_buffer){d, count * sz, SIMI_ELEM_UNKNOWN, "buf", 0};
      args[i].is_buffer = 1;
      args[i].buffer = (*nbuf)++;
    } else if (q->kind == SIMI_PARAM_FLOAT) {
      double v = strtod(s, NULL);
      if (q->bits == 32) { float x = (float)v; uint32_t b; memcpy(&b, &x, 4); args[i].bits = b; }
      else memcpy(&args[i].bits, &v, 8);
    } else if (q->kind == SIMI_PARAM_INT) {
      args[i].bits = (uint64_t)strtoll(s, NULL, 0);
    } else {
      snprintf(err, errlen, "argument %u: struct parameters not supported here", i);
      return -1;
    }
  }
  return 0;
}

/* Reduce a finding to its key (lines from the program's debug info). */
static key finding_key(const simI_program *p, const simD_finding *f) {
  key g;
  memset(&g, 0, sizeof g);
  g.kind = f->kind;
  if (f->kind == SIMD_DATA_RACE || f->kind == SIMD_OUT_OF_BOUNDS) g.space = f->space;
  g.ww = f->kind == SIMD_DATA_RACE ? f->write_write : 0;
  simI_site_loc(p, f->site[0], NULL, &g.l0, NULL, NULL);
  if (f->kind == SIMD_DATA_RACE) {
    simI_site_loc(p, f->site[1], NULL, &g.l1, NULL, NULL);
    if (g.l0 > g.l1) { unsigned t = g.l0; g.l0 = g.l1; g.l1 = t; }
  }
  return g;
}

/* Execute run r of kernel k once with the detector; findings to out, and
 * up to maxb barrier stats to bars (*nb set). Buffers are refilled by the
 * caller. Returns 0, or -1 with a message when the run did not finish. */
static int exec_run(simI_program *p, unsigned k, const run *r, simI_arg *args,
                    simI_buffer *bufs, unsigned nbuf, simD_list *out,
                    simD_barrier_stat *bars, unsigned maxb, unsigned *nb,
                    char *err, size_t errlen) {
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = r->grid;
  l.block = r->block;
  l.dyn_shared = r->shared;
  l.warp_size = r->warp;
  l.its = r->its;
  l.nargs = r->nargs;
  l.args = args;
  l.nbuffers = nbuf;
  l.buffers = bufs;
  l.max_steps = 10000000;
  simD_ctx *d = simD_new(p, k, NULL);
  simI_observer ob = simD_observer(d);
  simI_result res;
  simI_run(p, k, &l, &ob, 1, &res);
  int rc = 0;
  if (res.status != SIMI_OK && res.status != SIMI_E_TRAP) {
    snprintf(err, errlen, "run failed: %s %.400s", simI_status_name(res.status), res.message);
    rc = -1;
  }
  simD_end_execution(d, &l, &res);
  simD_collect(d, out);
  if (nb) *nb = simD_barrier_stats(d, bars, maxb);
  simD_free(d);
  return rc;
}

/* Run every declared run of one file at one level; returns the number of
 * runs that disagree with their declaration (details on stderr). */
static unsigned check_file(const char *name, const char *opt, int optidx) {
  char src[1024], bc[1024], err[512];
  /* SIMULEE_DETECT_BIN in the environment points at other bitcode */
  const char *bin = getenv("SIMULEE_DETECT_BIN") ? getenv("SIMULEE_DETECT_BIN") : SIMULEE_DETECT_BIN;
  snprintf(src, sizeof src, "%s/%s", SIMULEE_DETECT_SRC, name);
  size_t nl = strlen(name) - 3; /* strip .cu */
  snprintf(bc, sizeof bc, "%s/%.*s.%s.bc", bin, (int)nl, name, opt);
  static run runs[16];
  int nr = parse_header(src, runs, 16);
  if (nr <= 0) {
    fprintf(stderr, "\n%s: no runs declared or bad header\n", src);
    return 1;
  }
  simI_status st;
  simI_program *p = simI_load(bc, &st, err, sizeof err);
  if (!p) {
    fprintf(stderr, "\n%s: %s\n", bc, err);
    for (int i = 0; i < nr; i++)
      for (unsigned a = 0; a < runs[i].nargs; a++) free(runs[i].args[a]);
    return (unsigned)nr;
  }
  unsigned bad = 0;
  for (int ri = 0; ri < nr; ri++) {
    run *r = &runs[ri];
    int k = r->kernel[0] ? simI_find_kernel(p, r->kernel) : 0;
    simI_arg args[32];
    simI_buffer bufs[32];
    unsigned nbuf = 0;
    key got[256];
    unsigned ngot = 0;
    int failed = 0;
    if (k < 0) {
      fprintf(stderr, "\n%s:%u (%s): no kernel '%s'\n", src, r->line, opt, r->kernel);
      failed = 1;
      goto done;
    }
    const simI_kernel_info *ki = simI_kernel(p, (unsigned)k);
    if (make_args(ki, r, args, bufs, &nbuf, err, sizeof err)) {
      fprintf(stderr, "\n%s:%u: %s\n", src, r->line, err);
      failed = 1;
      goto done;
    }
    simD_list out;
    simD_list_init(&out);
    if (exec_run(p, (unsigned)k, r, args, bufs, nbuf, &out, NULL, 0, NULL, err, sizeof err)) {
      fprintf(stderr, "\n%s:%u (%s): %s\n", src, r->line, opt, err);
      failed = 1;
    }
    for (unsigned i = 0; i < out.n && ngot < 256; i++) {
      got[ngot++] = finding_key(p, &out.v[i]);
      if (getenv("SIMULEE_DETECTK_VERBOSE"))
        fprintf(stderr, "  [%s %s:%u] %s (count %llu)\n", opt, name, r->line, out.v[i].message,
                (unsigned long long)out.v[i].count);
    }
    simD_list_free(&out);
    ngot = key_uniq(got, ngot);
    key want[64];
    unsigned nwant = 0;
    for (unsigned i = 0; i < r->nex; i++)
      if (!r->exopt[i] || r->exopt[i] == optidx) want[nwant++] = r->ex[i];
    nwant = key_uniq(want, nwant);
    if (!r->none && !nwant) {
      fprintf(stderr, "\n%s:%u: run declares no expectation (use `expect none`)\n", src, r->line);
      failed = 1;
    }
    if (ngot != nwant) failed = 1;
    for (unsigned i = 0; !failed && i < ngot; i++)
      if (key_cmp(&got[i], &want[i])) failed = 1;
    if (failed) {
      char b[96];
      fprintf(stderr, "\n%s:%u (%s): findings differ\n  expected:", src, r->line, opt);
      for (unsigned i = 0; i < nwant; i++) { key_str(&want[i], b, sizeof b); fprintf(stderr, " [%s]", b); }
      fprintf(stderr, "\n  got:     ");
      for (unsigned i = 0; i < ngot; i++) { key_str(&got[i], b, sizeof b); fprintf(stderr, " [%s]", b); }
      fprintf(stderr, "\n");
    }
  done:
    for (unsigned i = 0; i < nbuf; i++) free(bufs[i].data);
    bad += failed ? 1 : 0;
  }
  for (int i = 0; i < nr; i++)
    for (unsigned a = 0; a < runs[i].nargs; a++) free(runs[i].args[a]);
  simI_free(p);
  return bad;
}

static int name_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_all(const char *opt, int optidx) {
  DIR *dir = opendir(SIMULEE_DETECT_SRC);
  CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
  char *names[256];
  unsigned n = 0;
  struct dirent *e;
  while ((e = readdir(dir)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 3 && !strcmp(e->d_name + len - 3, ".cu")) names[n++] = strdup(e->d_name);
  }
  closedir(dir);
  qsort(names, n, sizeof *names, name_cmp);
  CU_ASSERT_TRUE(n >= 10);
  unsigned bad = 0;
  const char *only = getenv("SIMULEE_DETECTK_ONLY");
  for (unsigned i = 0; i < n; i++) {
    if (!only || strstr(names[i], only)) bad += check_file(names[i], opt, optidx);
    free(names[i]);
  }
  CU_ASSERT_EQUAL(bad, 0);
}


/* ------------------------------------------------------------ mutations */

/* Compile a .cu to bitcode at -O0 with the project's CUDA flags. */
static int compile_cu(const char *src, const char *out) {
#if defined(SIMULEE_DETECT_CLANG) && defined(SIMULEE_DETECT_FLAGS) && \
    defined(SIMULEE_DETECT_CUDA_DIR)
  char flags[4096];
  snprintf(flags, sizeof flags, "%s", SIMULEE_DETECT_FLAGS);
  char *argv[96];
  int n = 0;
  argv[n++] = (char *)SIMULEE_DETECT_CLANG;
  /* like the CLI, $SIMULEE_CUDA_DIR replaces the configured header folder */
  const char *cudadir = getenv("SIMULEE_CUDA_DIR");
  for (char *t = strtok(flags, "|"); t && n < 88; t = strtok(NULL, "|"))
    argv[n++] = cudadir && !strcmp(t, SIMULEE_DETECT_CUDA_DIR) ? (char *)cudadir : t;
  argv[n++] = (char *)"-O0";
  argv[n++] = (char *)src;
  argv[n++] = (char *)"-o";
  argv[n++] = (char *)out;
  argv[n] = NULL;
  pid_t pid;
  if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ)) return -1;
  int st;
  if (waitpid(pid, &st, 0) < 0) return -1;
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
#else
  (void)src;
  (void)out;
  return -1;
#endif
}

/* Write src with every `__syncthreads();` of line `line` deleted (the line
 * stays, so the other lines keep their numbers). */
static int write_mutant(const char *src, unsigned line, const char *dst) {
  FILE *in = fopen(src, "r"), *out = fopen(dst, "w");
  if (!in || !out) {
    if (in) fclose(in);
    if (out) fclose(out);
    return -1;
  }
  char buf[1024];
  unsigned ln = 0;
  while (fgets(buf, sizeof buf, in)) {
    if (++ln == line) {
      char *q;
      while ((q = strstr(buf, "__syncthreads();"))) memmove(q, q + 16, strlen(q + 16) + 1);
    }
    fputs(buf, out);
  }
  fclose(in);
  fclose(out);
  return 0;
}

static int run_is_correct(const run *r) {
  for (unsigned i = 0; i < r->nex; i++)
    if ((!r->exopt[i] || r->exopt[i] == 1) && r->ex[i].kind != SIMD_REDUNDANT_BARRIER) return 0;
  return 1;
}

static unsigned count_races(const simD_list *l) {
  unsigned n = 0;
  for (unsigned i = 0; i < l->n; i++) n += l->v[i].kind == SIMD_DATA_RACE;
  return n;
}

/* For every run that reports no bug (only redundant barriers allowed), and
 * every barrier that run executed: delete the barrier from the source and
 * run again. A barrier the detector found needed must give a race once
 * deleted; one it found redundant must not. Returns the disagreements. */
/* Whether source line `line` of path calls __syncthreads_count/_and/_or: such
 * a barrier is needed for the value it computes over the block (detect.c
 * marks it so), not for ordering memory, so deleting it proves nothing about
 * races and the mutation check leaves it out. */
static int line_has(const char *path, unsigned line, const char *what) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char buf[1024];
  unsigned n = 0;
  int found = 0;
  while (fgets(buf, sizeof buf, f))
    if (++n == line) {
      found = strstr(buf, what) != NULL;
      break;
    }
  fclose(f);
  return found;
}

static int is_vote_barrier_line(const char *path, unsigned line) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char buf[1024];
  unsigned n = 0;
  int found = 0;
  while (fgets(buf, sizeof buf, f))
    if (++n == line) {
      found = strstr(buf, "__syncthreads_count") || strstr(buf, "__syncthreads_and") ||
              strstr(buf, "__syncthreads_or");
      break;
    }
  fclose(f);
  return found;
}

static unsigned mutate_file(const char *name, unsigned *tried) {
  char src[1024], bc[1024], err[512], mdir[1024];
  const char *bin = getenv("SIMULEE_DETECT_BIN") ? getenv("SIMULEE_DETECT_BIN") : SIMULEE_DETECT_BIN;
  snprintf(src, sizeof src, "%s/%s", SIMULEE_DETECT_SRC, name);
  size_t nl = strlen(name) - 3;
  snprintf(bc, sizeof bc, "%s/%.*s.O0.bc", bin, (int)nl, name);
  snprintf(mdir, sizeof mdir, "%s/mutants", SIMULEE_BUILD_DIR);
  mkdir(mdir, 0777);
  static run runs[16];
  int nr = parse_header(src, runs, 16);
  if (nr <= 0) return 1;
  simI_status st;
  simI_program *p = simI_load(bc, &st, err, sizeof err);
  unsigned bad = 0;
  for (int ri = 0; p && ri < nr; ri++) {
    run *r = &runs[ri];
    if (!run_is_correct(r)) continue;
    int k = r->kernel[0] ? simI_find_kernel(p, r->kernel) : 0;
    if (k < 0) continue;
    simI_arg args[32];
    simI_buffer bufs[32];
    unsigned nbuf = 0, nb = 0;
    simD_barrier_stat bars[32];
    simD_list out;
    simD_list_init(&out);
    if (make_args(simI_kernel(p, (unsigned)k), r, args, bufs, &nbuf, err, sizeof err)) continue;
    exec_run(p, (unsigned)k, r, args, bufs, nbuf, &out, bars, 32, &nb, err, sizeof err);
    for (unsigned i = 0; i < nbuf; i++) free(bufs[i].data);
    unsigned races0 = count_races(&out);
    simD_list_free(&out);
    for (unsigned b = 0; b < nb && b < 32; b++) {
      unsigned line = 0;
      simI_site_loc(p, bars[b].site, NULL, &line, NULL, NULL);
      if (!line_has(src, line, "__syncthreads")) continue; /* a barrier inside a
                                                               header (grid.sync) */
      if (is_vote_barrier_line(src, line)) {
        if (!bars[b].needed) {
          fprintf(stderr, "\n%s:%u: vote barrier of line %u called redundant\n", src, r->line, line);
          bad++;
        }
        continue;
      }
      char mcu[1200], mbc[1200];
      snprintf(mcu, sizeof mcu, "%s/%.*s.L%u.cu", mdir, (int)nl, name, line);
      snprintf(mbc, sizeof mbc, "%s/%.*s.L%u.bc", mdir, (int)nl, name, line);
      struct stat sb, ss;
      int fresh = stat(mbc, &sb) == 0 && stat(src, &ss) == 0 && sb.st_mtime > ss.st_mtime;
      if (!fresh && (write_mutant(src, line, mcu) || compile_cu(mcu, mbc))) {
        fprintf(stderr, "\n%s: cannot build the mutant without line %u\n", src, line);
        bad++;
        continue;
      }
      simI_program *q = simI_load(mbc, &st, err, sizeof err);
      int kq = q ? simI_find_kernel(q, simI_kernel(p, (unsigned)k)->name) : -1;
      if (kq < 0 || make_args(simI_kernel(q, (unsigned)kq), r, args, bufs, &nbuf, err, sizeof err)) {
        fprintf(stderr, "\n%s: mutant without line %u does not load\n", src, line);
        if (q) simI_free(q);
        bad++;
        continue;
      }
      simD_list_init(&out);
      exec_run(q, (unsigned)kq, r, args, bufs, nbuf, &out, NULL, 0, NULL, err, sizeof err);
      for (unsigned i = 0; i < nbuf; i++) free(bufs[i].data);
      unsigned races = count_races(&out);
      (*tried)++;
      int ok = bars[b].needed ? races > races0 : races == races0;
      if (!ok || getenv("SIMULEE_DETECTK_VERBOSE"))
        fprintf(stderr, "%s%s:%u: barrier of line %u %s; deleted: %u race(s)%s\n", ok ? "  " : "\n",
                src, r->line, line, bars[b].needed ? "needed" : "redundant", races,
                ok ? "" : "  <-- disagrees");
      bad += ok ? 0 : 1;
      simD_list_free(&out);
      simI_free(q);
    }
  }
  for (int i = 0; i < nr; i++)
    for (unsigned a = 0; a < runs[i].nargs; a++) free(runs[i].args[a]);
  if (p) simI_free(p);
  return bad;
}

/* Synchronisation mutants (files sync_*.cu): in every run that reports no
 * bug, each line of the run's kernel that calls a fence loses the fence, and
 * (launches of more than one block) each line that calls a device-scope
 * atomicCAS/atomicExch/atomicAdd/atomicInc gets the _block variant. Every
 * such mutant must report more races than the original. */
static const char *const sync_atomics[] = {"atomicCAS(", "atomicExch(", "atomicAdd(", "atomicInc("};

/* Lines [*first, *last] of the kernel NAME in src (from its __global__ line
 * to the line before the next __global__). Returns 0 if found. */
static int kernel_lines(const char *src, const char *name, unsigned *first, unsigned *last) {
  FILE *f = fopen(src, "r");
  if (!f) return -1;
  char buf[1024], pat[160];
  if (strlen(name) + 3 > sizeof pat) {
    fclose(f);
    return -1;
  }
  pat[0] = ' ';
  strcpy(pat + 1, name);
  strcat(pat, "(");
  unsigned ln = 0;
  *first = *last = 0;
  while (fgets(buf, sizeof buf, f)) {
    ln++;
    if (!strstr(buf, "__global__")) continue;
    if (*first && !*last) *last = ln - 1;
    if (!*first && strstr(buf, pat)) *first = ln;
  }
  fclose(f);
  if (*first && !*last) *last = ln;
  return *first ? 0 : -1;
}

/* Write the mutant of src with line `line` changed: what 'F' deletes every
 * __threadfence*(); call, 'A' turns the device atomics into _block ones.
 * Returns 1 if the line changed, 0 if not, -1 on error. */
static int write_sync_mutant(const char *src, unsigned line, char what, const char *dst) {
  FILE *in = fopen(src, "r"), *out = fopen(dst, "w");
  if (!in || !out) {
    if (in) fclose(in);
    if (out) fclose(out);
    return -1;
  }
  char buf[1024];
  unsigned ln = 0;
  int changed = 0;
  while (fgets(buf, sizeof buf, in)) {
    if (++ln == line && what == 'F') {
      char *q;
      while ((q = strstr(buf, "__threadfence"))) {
        char *e = strstr(q, "();");
        if (!e) break;
        memmove(q, e + 3, strlen(e + 3) + 1);
        changed = 1;
      }
    } else if (ln == line && what == 'A') {
      for (unsigned i = 0; i < sizeof sync_atomics / sizeof *sync_atomics; i++) {
        char *q = strstr(buf, sync_atomics[i]);
        if (!q || strlen(buf) + 8 >= sizeof buf) continue;
        size_t nlen = strlen(sync_atomics[i]) - 1; /* up to '(' */
        memmove(q + nlen + 6, q + nlen, strlen(q + nlen) + 1);
        memcpy(q + nlen, "_block", 6);
        changed = 1;
      }
    }
    fputs(buf, out);
  }
  fclose(in);
  fclose(out);
  return changed;
}

static unsigned mutate_sync_file(const char *name, unsigned *tried) {
  char src[1024], bc[1024], err[512], mdir[1024];
  const char *bin = getenv("SIMULEE_DETECT_BIN") ? getenv("SIMULEE_DETECT_BIN") : SIMULEE_DETECT_BIN;
  snprintf(src, sizeof src, "%s/%s", SIMULEE_DETECT_SRC, name);
  size_t nl = strlen(name) - 3;
  snprintf(bc, sizeof bc, "%s/%.*s.O0.bc", bin, (int)nl, name);
  snprintf(mdir, sizeof mdir, "%s/mutants", SIMULEE_BUILD_DIR);
  mkdir(mdir, 0777);
  static run runs[16];
  int nr = parse_header(src, runs, 16);
  if (nr <= 0) return 1;
  simI_status st;
  simI_program *p = simI_load(bc, &st, err, sizeof err);
  unsigned bad = p ? 0 : 1;
  for (int ri = 0; p && ri < nr; ri++) {
    run *r = &runs[ri];
    if (!run_is_correct(r) || r->its) continue;
    int k = r->kernel[0] ? simI_find_kernel(p, r->kernel) : 0;
    unsigned first, last;
    if (k < 0 || kernel_lines(src, r->kernel, &first, &last)) { bad++; continue; }
    int multi = r->grid.x * r->grid.y * r->grid.z > 1;
    for (unsigned line = first; line <= last; line++) {
      for (int wi = 0; wi < 2; wi++) {
        char what = wi ? 'A' : 'F';
        if (what == 'A' && !multi) continue;
        char mcu[1200], mbc[1200];
        snprintf(mcu, sizeof mcu, "%s/%.*s.%c%u.cu", mdir, (int)nl, name, what, line);
        snprintf(mbc, sizeof mbc, "%s/%.*s.%c%u.bc", mdir, (int)nl, name, what, line);
        int ch = write_sync_mutant(src, line, what, mcu);
        if (ch <= 0) {
          if (ch < 0) bad++;
          continue;
        }
        struct stat sb, ss;
        int fresh = stat(mbc, &sb) == 0 && stat(src, &ss) == 0 && sb.st_mtime > ss.st_mtime;
        if (!fresh && compile_cu(mcu, mbc)) {
          fprintf(stderr, "\n%s: cannot build the mutant %c of line %u\n", src, what, line);
          bad++;
          continue;
        }
        simI_program *q = simI_load(mbc, &st, err, sizeof err);
        int kq = q ? simI_find_kernel(q, simI_kernel(p, (unsigned)k)->name) : -1;
        simI_arg args[32];
        simI_buffer bufs[32];
        unsigned nbuf = 0;
        if (kq < 0 || make_args(simI_kernel(q, (unsigned)kq), r, args, bufs, &nbuf, err, sizeof err)) {
          fprintf(stderr, "\n%s: mutant %c of line %u does not load\n", src, what, line);
          if (q) simI_free(q);
          bad++;
          continue;
        }
        simD_list out;
        simD_list_init(&out);
        exec_run(q, (unsigned)kq, r, args, bufs, nbuf, &out, NULL, 0, NULL, err, sizeof err);
        for (unsigned i = 0; i < nbuf; i++) free(bufs[i].data);
        unsigned races = count_races(&out);
        (*tried)++;
        int ok = races > 0;
        if (!ok || getenv("SIMULEE_DETECTK_VERBOSE"))
          fprintf(stderr, "%s%s:%u: %s on line %u: %u race(s)%s\n", ok ? "  " : "\n", src, r->line,
                  what == 'F' ? "fence deleted" : "atomic made _block", line, races,
                  ok ? "" : "  <-- no race");
        bad += ok ? 0 : 1;
        simD_list_free(&out);
        simI_free(q);
      }
    }
  }
  for (int i = 0; i < nr; i++)
    for (unsigned a = 0; a < runs[i].nargs; a++) free(runs[i].args[a]);
  if (p) simI_free(p);
  return bad;
}

static void test_sync_mutations(void) {
  DIR *dir = opendir(SIMULEE_DETECT_SRC);
  CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
  char *names[256];
  unsigned n = 0, bad = 0, tried = 0;
  struct dirent *e;
  while ((e = readdir(dir)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 3 && !strncmp(e->d_name, "sync_", 5) && !strcmp(e->d_name + len - 3, ".cu"))
      names[n++] = strdup(e->d_name);
  }
  closedir(dir);
  qsort(names, n, sizeof *names, name_cmp);
  for (unsigned i = 0; i < n; i++) {
    bad += mutate_sync_file(names[i], &tried);
    free(names[i]);
  }
  CU_ASSERT_TRUE(tried >= 15);
  CU_ASSERT_EQUAL(bad, 0);
}

static void test_mutations(void) {
  DIR *dir = opendir(SIMULEE_DETECT_SRC);
  CU_ASSERT_PTR_NOT_NULL_FATAL(dir);
  char *names[256];
  unsigned n = 0, bad = 0, tried = 0;
  struct dirent *e;
  while ((e = readdir(dir)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 3 && !strcmp(e->d_name + len - 3, ".cu")) names[n++] = strdup(e->d_name);
  }
  closedir(dir);
  qsort(names, n, sizeof *names, name_cmp);
  const char *only = getenv("SIMULEE_DETECTK_ONLY");
  for (unsigned i = 0; i < n; i++) {
    if (!only || strstr(names[i], only)) bad += mutate_file(names[i], &tried);
    free(names[i]);
  }
  CU_ASSERT_TRUE(only || tried >= 20);
  CU_ASSERT_EQUAL(bad, 0);
}

static void test_O0(void) { check_all("O0", 1); }
static void test_O2(void) { check_all("O2", 2); }

int test_detectk_register(void) {
  CU_pSuite s = CU_add_suite("detectk", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "kernels_O0", test_O0) || !CU_add_test(s, "kernels_O2", test_O2) ||
      !CU_add_test(s, "mutations", test_mutations) ||
      !CU_add_test(s, "sync_mutations", test_sync_mutations))
    return -1;
  return 0;
}
