/*
 * simulee cli: check the kernels of a loaded program (simC_check_program):
 * turn the options into the search's fixed parts (evolve.h), run the search
 * and the detectors, and make one report record per kernel with the
 * witness launch and replay line of every finding.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "interp/util.h" /* simI_f2h, simI_h2f */
#include "simulee/detect.h"
#include "simulee/evolve.h"

static const char *kind_text(const simI_param *p, char *buf, size_t len) {
  switch (p->kind) {
  case SIMI_PARAM_INT: snprintf(buf, len, "i%u", p->bits); break;
  case SIMI_PARAM_FLOAT: snprintf(buf, len, "f%u", p->bits); break;
  case SIMI_PARAM_PTR: snprintf(buf, len, "pointer"); break;
  case SIMI_PARAM_STRUCT:
    snprintf(buf, len, "struct of %u field%s", p->nfields, p->nfields == 1 ? "" : "s");
    break;
  }
  return buf;
}

/* A buffer spec as a fixed slot value. */
static void buf_value(const simC_bufspec *b, simE_value *v) {
  v->fixed = 1;
  v->null = 0;
  v->elem = b->elem;
  v->count = b->count;
  switch (b->fill) {
  case SIMC_FILL_ZERO: v->fill = SIME_FILL_ZERO; break;
  case SIMC_FILL_VALUE: v->fill = SIME_FILL_VALUE; v->bits = b->fill_bits; break;
  case SIMC_FILL_IOTA: v->fill = SIME_FILL_IOTA; break;
  case SIMC_FILL_RAND:
  case SIMC_FILL_SORTED:
  case SIMC_FILL_PREFIX:
  case SIMC_FILL_PERM:
    v->fill = b->fill == SIMC_FILL_RAND ? SIME_FILL_RAND
              : b->fill == SIMC_FILL_SORTED ? SIME_FILL_SORTED
              : b->fill == SIMC_FILL_PREFIX ? SIME_FILL_PREFIX : SIME_FILL_PERM;
    v->seed = b->seed;
    v->lo = b->lo;
    v->hi = b->hi;
    break;
  case SIMC_FILL_DATA: {
    /* a copy the slot value owns (freed with the values, see check_kernel) */
    unsigned es = simI_elem_size(b->elem);
    void *d = malloc((size_t)(b->ndata * es) + 1);
    v->fill = SIME_FILL_DATA;
    if (d && b->ndata) memcpy(d, b->data, (size_t)(b->ndata * es));
    v->data = d;
    v->ndata = d ? b->ndata : 0;
    break;
  }
  }
}

/* One number or buffer (argument or struct field) for a slot. */
static int slot_value(const simE_slot *sl, const simC_argval *a, simE_value *v,
                      const char *who, const char *what, char *err, size_t errlen) {
  char e2[300];
  memset(v, 0, sizeof *v);
  v->fixed = 1;
  if (sl->kind == SIMI_PARAM_PTR) {
    if (a->kind == SIMC_ARG_NULL) {
      v->null = 1;
      return 0;
    }
    if (a->kind == SIMC_ARG_BUFFER) {
      buf_value(&a->buf, v);
      return 0;
    }
    snprintf(err, errlen, "%s: %s", who,
             *what ? "a pointer field: give a buffer or null"
                   : "expected a buffer TYPE[COUNT] or null");
    return -1;
  }
  if (a->kind == SIMC_ARG_TEXTURE) {
    if (sl->kind != SIMI_PARAM_INT || sl->bits != 64 || *what) {
      snprintf(err, errlen, "%s: a texture or surface is for a cudaTextureObject_t or "
               "cudaSurfaceObject_t parameter (64-bit integer)", who);
      return -1;
    }
    buf_value(&a->buf, v);
    memcpy(v->tex, a->tex, sizeof v->tex);
    return 0;
  }
  if (a->kind != SIMC_ARG_NUMBER) {
    snprintf(err, errlen, "%s: %s", who, *what ? "a field expects a number" : "expected a number");
    return -1;
  }
  if ((sl->kind == SIMI_PARAM_INT
           ? simC_number_to_int(&a->num, sl->bits, &v->bits, e2, sizeof e2)
           : simC_number_to_float(&a->num, sl->bits, &v->bits, e2, sizeof e2)) < 0) {
    snprintf(err, errlen, "%s: %s%s", who, what, e2);
    return -1;
  }
  v->v = a->num.d;
  return 0;
}

/* Does --texref text a (NAME=TEX) name reference tr (its symbol or its
 * demangled name)? */
static int texref_named(const simI_texref *tr, const char *a) {
  const char *eq = strchr(a, '=');
  size_t nl = eq ? (size_t)(eq - a) : strlen(a);
  if (strlen(tr->name) == nl && !strncmp(a, tr->name, nl)) return 1;
  char *dm = simI_demangle(tr->name, 0);
  int r = dm && strlen(dm) == nl && !strncmp(a, dm, nl);
  free(dm);
  return r;
}

/* The fixed values of kernel ki's slots from the --arg strings. */
static int fixed_values(const simC_options *o, const simI_kernel_info *ki,
                        const simE_slot *slots, unsigned nslots, simE_value *vals,
                        char *err, size_t errlen) {
  for (unsigned si = 0; si < nslots;) {
    unsigned i = slots[si].param;
    unsigned n = 1;
    while (si + n < nslots && slots[si + n].param == i) n++;
    if (i >= ki->nparams) { /* a legacy texture reference: --texref NAME=TEX */
      const simI_texref *tr = &ki->texrefs[i - ki->nparams];
      for (unsigned t = o->ntexrefs; t-- > 0;) { /* the last one given wins */
        const char *a = o->texrefs[t], *eq = strchr(a, '=');
        if (!texref_named(tr, a)) continue;
        simC_argval v;
        char e2[300];
        if (simC_parse_texspec(eq + 1, &v, e2, sizeof e2) < 0) {
          snprintf(err, errlen, "--texref %s: %s", a, e2);
          return -1;
        }
        memset(&vals[si], 0, sizeof vals[si]);
        buf_value(&v.buf, &vals[si]);
        memcpy(vals[si].tex, v.tex, sizeof vals[si].tex);
        simC_argval_free(&v);
        break;
      }
      si += n;
      continue;
    }
    if (!o->nargs) {
      si += n;
      continue;
    }
    const simI_param *p = &ki->params[i];
    const char *s = o->args[i];
    if (simC_arg_is_search(s)) {
      si += n;
      continue;
    }
    char who[512], kt[64], e2[300];
    const char *pname = p->name && *p->name ? p->name : NULL;
    char sv[64]; /* a long value shortened: the reason must fit after it */
    if (strlen(s) > 48) snprintf(sv, sizeof sv, "%.40s...", s);
    else snprintf(sv, sizeof sv, "%s", s);
    if (pname)
      snprintf(who, sizeof who, "--arg %u ('%s') for parameter '%.64s' (%s) of %.96s", i, sv,
               pname, kind_text(p, kt, sizeof kt), ki->demangled);
    else
      snprintf(who, sizeof who, "--arg %u ('%s') for parameter %u (%s) of %.96s", i, sv, i,
               kind_text(p, kt, sizeof kt), ki->demangled);
    simC_argval v;
    if (simC_parse_argval(s, &v, e2, sizeof e2) < 0) {
      snprintf(err, errlen, "%s: %s", who, e2);
      return -1;
    }
    int rc = 0;
    if (p->tensor_map != simC_is_tmapspec(s)) {
      snprintf(err, errlen, "%s: %s", who,
               p->tensor_map ? "a CUtensorMap takes tmap:TYPE:DIMS:BOX[=FILL]"
                             : "a tensor map is for a CUtensorMap parameter");
      rc = -1;
    } else if (p->kind == SIMI_PARAM_STRUCT) {
      if (v.kind != SIMC_ARG_STRUCT) {
        snprintf(err, errlen, "%s: expected {...} with %u field%s", who, p->nfields,
                 p->nfields == 1 ? "" : "s");
        rc = -1;
      } else if (v.nfields != p->nfields || n != p->nfields) {
        snprintf(err, errlen, "%s: %u field%s given, the struct has %u", who, v.nfields,
                 v.nfields == 1 ? "" : "s", p->nfields);
        rc = -1;
      }
      for (unsigned f = 0; f < n && rc == 0; f++) {
        char what[32];
        snprintf(what, sizeof what, "field %u: ", f);
        rc = slot_value(&slots[si + f], &v.fields[f], &vals[si + f], who, what, err, errlen);
      }
    } else {
      rc = slot_value(&slots[si], &v, &vals[si], who, "", err, errlen);
    }
    simC_argval_free(&v);
    if (rc < 0) return -1;
    si += n;
  }
  return 0;
}

/* The cluster shape of a launch of genome cluster c (0,0,0: the kernel's)
 * for kernel ki: given or searched, else the kernel's __cluster_dims__, else
 * 1,1,1 for a kernel that uses clusters; 0,0,0 for one that does not. */
static simI_dim3 launch_cluster(const simI_kernel_info *ki, simI_dim3 c) {
  if (c.x) return c;
  if (ki->cluster_dims.x) return ki->cluster_dims;
  return ki->uses_cluster ? (simI_dim3){1, 1, 1} : (simI_dim3){0, 0, 0};
}

/* The replay command of a launch. */
static void make_replay(char *r, size_t rl, const simC_options *o, const char *file,
                        const char *kname, simI_dim3 grid, simI_dim3 block,
                        simI_dim3 cluster, uint64_t shared, int show_shared, unsigned nargs,
                        const char *const *args) {
  char num[64];
  r[0] = 0;
  simC_shell_append(r, rl, "simulee");
  simC_shell_append(r, rl, file);
  if (kname) {
    simC_shell_append(r, rl, "--kernel");
    simC_shell_append(r, rl, kname);
  }
  if (o->opt_level != 2) {
    snprintf(num, sizeof num, "-O%d", o->opt_level);
    simC_shell_append(r, rl, num);
  }
  for (unsigned i = 0; i < o->ncflags; i++) simC_shell_append(r, rl, o->cflags[i]);
  if (o->arch) {
    simC_shell_append(r, rl, "--arch");
    simC_shell_append(r, rl, o->arch);
  }
  snprintf(num, sizeof num, "%u,%u,%u", grid.x, grid.y, grid.z);
  simC_shell_append(r, rl, "--grid");
  simC_shell_append(r, rl, num);
  snprintf(num, sizeof num, "%u,%u,%u", block.x, block.y, block.z);
  simC_shell_append(r, rl, "--block");
  simC_shell_append(r, rl, num);
  if (cluster.x) {
    snprintf(num, sizeof num, "%u,%u,%u", cluster.x, cluster.y, cluster.z);
    simC_shell_append(r, rl, "--cluster");
    simC_shell_append(r, rl, num);
  }
  if (shared || show_shared) {
    snprintf(num, sizeof num, "%llu", (unsigned long long)shared);
    simC_shell_append(r, rl, "--shared");
    simC_shell_append(r, rl, num);
  }
  if (o->warp_size) {
    snprintf(num, sizeof num, "%u", o->warp_size);
    simC_shell_append(r, rl, "--warp-size");
    simC_shell_append(r, rl, num);
  }
  if (!o->its) {
    simC_shell_append(r, rl, "--warp-model");
    simC_shell_append(r, rl, "lockstep");
  }
  if (o->max_steps) {
    snprintf(num, sizeof num, "%llu", (unsigned long long)o->max_steps);
    simC_shell_append(r, rl, "--max-steps");
    simC_shell_append(r, rl, num);
  }
  for (unsigned i = 0; i < nargs; i++) {
    simC_shell_append(r, rl, "--arg");
    simC_shell_append(r, rl, args[i]);
  }
}

/* The progress bar (stderr is a terminal). */
typedef struct bar {
  const char *kernel; /* its name */
  int shown;          /* something was drawn */
  double last;        /* search seconds at the last drawing */
} bar;

static void bar_draw(void *ctx, const simE_progress *p) {
  bar *b = ctx;
  /* at most ten drawings a second */
  if (b->shown && p->seconds - b->last < 0.1) return;
  b->last = p->seconds;
  unsigned width = 20, fill = p->generations ? p->generation * width / p->generations : width;
  char cells[32];
  for (unsigned i = 0; i < width; i++) cells[i] = i < fill ? '#' : '.';
  cells[width] = 0;
  fprintf(stderr, "\r\033[Ksimulee: %s [%s] generation %u/%u, best fitness %.4f, %.0f evaluations/s",
          b->kernel, cells, p->generation, p->generations, p->best,
          p->seconds > 0 ? (double)p->evaluations / p->seconds : 0.0);
  fflush(stderr);
  b->shown = 1;
}

_Static_assert(SIMC_HINT_GRID == SIMD_HOST_GRID && SIMC_HINT_BLOCK == SIMD_HOST_BLOCK &&
                   SIMC_HINT_SHARED == SIMD_HOST_SHARED,
               "hint bits are record bits");

/* The launch parts of one check: the user's, then the host code's. */
typedef struct launch_parts {
  int have_grid, have_block, have_shared; /* fixed (given or from the host) */
  simI_dim3 grid, block;                  /* the fixed dims */
  uint64_t shared;                        /* the fixed dynamic shared bytes */
} launch_parts;

/* Take the parts the user did not give from the host code's launches of the
 * kernel (cli/hints.c): a block; a grid, when the block is fixed (given or
 * taken: a fixed grid with a searched block would squeeze the search's
 * blocks to SIME_SEARCH_MAX_THREADS / grid threads), of at most
 * SIMC_HINT_MAX_THREADS threads in all and that CUDA accepts with the block;
 * a dynamic shared size if the kernel has extern __shared__. Returns the
 * SIMD_HOST_* bits taken. */
static unsigned take_hints(const simC_hint *h, const simI_kernel_info *ki, launch_parts *l) {
  unsigned took = 0;
  if (!h) return 0;
  if (!l->have_block && (h->parts & SIMC_HINT_BLOCK)) {
    l->have_block = 1;
    l->block = h->block;
    took |= SIMD_HOST_BLOCK;
  }
  if (!l->have_grid && l->have_block && (h->parts & SIMC_HINT_GRID)) {
    simI_dim3 b = l->block;
    uint64_t t = (uint64_t)h->grid.x * h->grid.y * h->grid.z * b.x * b.y * b.z;
    char e[256];
    if (t <= SIMC_HINT_MAX_THREADS && simC_check_launch(h->grid, b, e, sizeof e) == 0) {
      l->have_grid = 1;
      l->grid = h->grid;
      took |= SIMD_HOST_GRID;
    }
  }
  if (!l->have_shared && (h->parts & SIMC_HINT_SHARED) && ki->uses_dynamic_shared) {
    l->have_shared = 1;
    l->shared = h->shared;
    took |= SIMD_HOST_SHARED;
  }
  return took;
}

/* "grid, block, shared" for SIMC_HINT_* bits, "nothing" for none. */
static const char *part_names(unsigned bits, char *buf, size_t len) {
  static const char *const NAME[3] = {"grid", "block", "shared"};
  buf[0] = 0;
  for (unsigned i = 0; i < 3; i++)
    if (bits & (1u << i)) {
      size_t n = strlen(buf);
      snprintf(buf + n, len - n, "%s%s", n ? ", " : "", NAME[i]);
    }
  if (!buf[0]) snprintf(buf, len, "nothing");
  return buf;
}

/* Everything one kernel's record needs, freed after simD_report_add. */
typedef struct recparts {
  char **args;            /* per exec x param: --arg text (malloc'd) */
  char **replays;         /* per exec */
  simD_witness *wit;      /* per finding */
  simD_dump *dumps;       /* per --dump */
  unsigned *cov_lines;    /* source lines of the unreached access sites */
  unsigned *br_lines;     /* lines and sides of the branch outcomes never
                             taken */
  unsigned char *br_sides;
  unsigned nexec, nparams, nfind;
} recparts;

static void recparts_free(recparts *rp) {
  if (rp->args)
    for (unsigned i = 0; i < rp->nexec * rp->nparams; i++) free(rp->args[i]);
  if (rp->replays)
    for (unsigned i = 0; i < rp->nexec; i++) free(rp->replays[i]);
  free(rp->args);
  free(rp->replays);
  free(rp->wit);
  free(rp->dumps);
  free(rp->cov_lines);
  free(rp->br_lines);
  free(rp->br_sides);
  memset(rp, 0, sizeof *rp);
}

/* The slot of integer parameter k (not a struct field), or -2. */
static int int_slot(const simE_slot *slots, unsigned ns, unsigned k) {
  for (unsigned sj = 0; sj < ns; sj++)
    if (slots[sj].param == k && slots[sj].field < 0 && slots[sj].kind == SIMI_PARAM_INT)
      return (int)sj;
  return -2;
}

static int shape_in(const simI_dim3 *v, unsigned n, simI_dim3 d) {
  for (unsigned i = 0; i < n; i++)
    if (v[i].x == d.x && v[i].y == d.y && v[i].z == d.z) return 1;
  return 0;
}

/* A floating-point constant as a parameter of slot sl holds it (rounded to
 * its f16 / f32), as a double. */
static double float_as_slot(const simE_slot *sl, double d) {
  if (sl->bits == 32) return (double)(float)d;
  if (sl->bits == 16) return (double)simI_h2f(simI_f2h((float)d));
  return d;
}

/* Is execution x's launch one no launch site of the host code makes (a
 * block or grid outside the sites' constant shapes; parts the user gave
 * are the user's)? */
static int exec_outside(const simC_hint *h, const simC_options *o, const simE_slot *slots,
                        const simE_choices *cho, unsigned ns, const simE_exec *x,
                        const simE_genome *seeds, unsigned nseeds) {
  /* a launch the program made (--from, --launches): its shape and scalars */
  for (unsigned i = 0; i < nseeds; i++) {
    int eq = !memcmp(&x->g.grid, &seeds[i].grid, sizeof x->g.grid) &&
             !memcmp(&x->g.block, &seeds[i].block, sizeof x->g.block);
    for (unsigned si = 0; si < ns && eq; si++)
      if (slots[si].kind != SIMI_PARAM_PTR && !x->g.vals[si].fixed && !seeds[i].vals[si].fixed)
        eq = x->g.vals[si].v == seeds[i].vals[si].v;
    if (eq) return 0;
  }
  if (!o->have_block && h->nblocks && !shape_in(h->blocks, h->nblocks, x->g.block)) return 1;
  if (!o->have_grid && h->ngrids && !shape_in(h->grids, h->ngrids, x->g.grid)) return 1;
  /* a scalar none of the sites passes (the search draws from the sites'
   * constants, so this is a value the user's other parts forced) */
  for (unsigned si = 0; cho && si < ns; si++) {
    const simE_value *v = &x->g.vals[si];
    if (!cho[si].n || v->fixed) continue;
    if (slots[si].kind == SIMI_PARAM_FLOAT) { /* choices: doubles' bits */
      int in = 0;
      for (unsigned c = 0; c < cho[si].n && !in; c++) {
        double d;
        memcpy(&d, &cho[si].v[c], 8);
        in = v->v == d;
      }
      if (!in) return 1;
      continue;
    }
    unsigned w = slots[si].bits;
    uint64_t b = v->v < 0 ? (uint64_t)(int64_t)v->v : (uint64_t)v->v;
    if (w < 64) b &= (1ull << w) - 1;
    int in = 0;
    for (unsigned c = 0; c < cho[si].n && !in; c++) in = b == cho[si].v[c];
    if (!in) return 1;
  }
  return 0;
}

/* Make finding fd a note outside the program's launches, for reason why
 * ("": the host code's launches, read statically, do not make it). */
static void make_outside(simD_finding *fd, const char *why) {
  if (fd->grade[0] && *simD_grade_text(fd->grade)) { /* the new grade replaces an earlier one */
    char old[400];
    snprintf(old, sizeof old, "; %s", simD_finding_grade_text(fd));
    char *at = strstr(fd->message, old);
    if (at) *at = 0;
  }
  fd->level = SIMD_LEVEL_NOTE;
  snprintf(fd->grade, sizeof fd->grade, "%s", SIMD_GRADE_OUTSIDE);
  snprintf(fd->grade_why, sizeof fd->grade_why, "%s", why);
  size_t n = strlen(fd->message);
  if (n < sizeof fd->message)
    snprintf(fd->message + n, sizeof fd->message - n, "; %s", simD_finding_grade_text(fd));
}

/* The outside-program-launches grade: with the host code's launches read,
 * a finding that only executions outside them showed is a note. */
static void grade_outside(const simC_hint *h, const simC_options *o, const simE_slot *slots,
                          const simE_choices *cho, unsigned ns, simE_result *res,
                          const simE_genome *seeds, unsigned nseeds) {
  for (unsigned f = 0; f < res->findings.n; f++) {
    simD_finding *fd = &res->findings.v[f];
    uint32_t mask = res->finding_execs ? res->finding_execs[f] : 0;
    if (!mask || fd->kind == SIMD_REDUNDANT_BARRIER || fd->level == SIMD_LEVEL_NOTE) continue;
    int outside = 1;
    for (unsigned i = 0; i < res->nexec && i < 32 && outside; i++)
      if ((mask >> i & 1) && !exec_outside(h, o, slots, cho, ns, &res->execs[i], seeds, nseeds))
        outside = 0;
    if (outside) make_outside(fd, "");
  }
}

/* ------------------------------------------ recorded launches (--from, --launches) */

#define SIMC_MAX_SEEDS 16u                    /* recorded launches a search starts from */
#define SIMC_SEED_BYTES ((uint64_t)256 << 20) /* their buffers' bytes, at most */

/* The slot values of recorded launch l (a genome's vals, ns of them): the
 * user's fixed values where given, the recorded ones (a buffer's contents
 * with its count: SIME_FILL_DATA, src its @FILE text) elsewhere. 0, or -1
 * with why (the kernel does not take these arguments). *bytes: the buffers'
 * bytes. */
static int rec_values(const simC_reclaunch *l, const simI_kernel_info *ki, const simE_slot *slots,
                      unsigned ns, const simE_value *fixedv, simE_value *out, uint64_t *bytes,
                      char *err, size_t errlen) {
  *bytes = 0;
  memset(out, 0, (ns ? ns : 1) * sizeof *out);
  if (l->nargs != ki->nparams) {
    snprintf(err, errlen, "%u arguments recorded, the kernel takes %u", l->nargs, ki->nparams);
    return -1;
  }
  for (unsigned si = 0; si < ns;) {
    unsigned i = slots[si].param, n = 1;
    while (si + n < ns && slots[si + n].param == i) n++;
    simC_argval v;
    char e2[300];
    if (simC_parse_argval(l->args[i], &v, e2, sizeof e2) < 0) {
      snprintf(err, errlen, "argument %u: %s", i, e2);
      return -1;
    }
    int rc = 0;
    for (unsigned f = 0; f < n && rc == 0; f++) {
      const simC_argval *a = ki->params[i].kind == SIMI_PARAM_STRUCT
                                 ? (v.kind == SIMC_ARG_STRUCT && f < v.nfields ? &v.fields[f] : NULL)
                                 : &v;
      if (!a) {
        snprintf(err, errlen, "argument %u: not the struct the kernel takes", i);
        rc = -1;
        break;
      }
      rc = slot_value(&slots[si + f], a, &out[si + f], "argument", "", err, errlen);
      out[si + f].fixed = 0;
      if (rc == 0 && out[si + f].fill == SIME_FILL_DATA && slots[si + f].kind == SIMI_PARAM_PTR) {
        *bytes += out[si + f].ndata * simI_elem_size(out[si + f].elem);
        if (slots[si + f].field < 0) out[si + f].src = l->args[i];
      }
    }
    simC_argval_free(&v);
    if (rc < 0) return -1;
    si += n;
  }
  for (unsigned si = 0; si < ns; si++)
    if (fixedv[si].fixed) {
      free((void *)out[si].data);
      out[si] = fixedv[si];
      out[si].data = NULL; /* the user's bytes stay the user's (fixed: the
                              search takes the space's copy) */
    }
  return 0;
}

/* The genomes the search of kernel ki starts from: up to SIMC_MAX_SEEDS
 * recorded launches, one per distinct shape first, then the others in
 * recording order, within SIMC_SEED_BYTES of buffers. Launches whose
 * arguments the kernel does not take are left out with a warning. */
static unsigned rec_seeds(const simC_recdir *rd, const simI_kernel_info *ki,
                          const simE_slot *slots, unsigned ns, const simE_value *fixedv,
                          simE_genome *seeds, simE_value *seedv, unsigned *which) {
  unsigned n = 0, warned = 0;
  uint64_t total = 0;
  unsigned char *taken = calloc(rd->n + 1, 1);
  if (!taken) return 0;
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < rd->n && n < SIMC_MAX_SEEDS; i++) {
      const simC_reclaunch *l = &rd->v[i];
      if (taken[i] || l->inexact) continue; /* its shape and scalars only */
      int dup = 0;
      for (unsigned j = 0; j < n && pass == 0 && !dup; j++)
        dup = !memcmp(&seeds[j].grid, &l->grid, sizeof l->grid) &&
              !memcmp(&seeds[j].block, &l->block, sizeof l->block) && seeds[j].shared == l->shared;
      if (dup) continue;
      taken[i] = 1;
      simE_value *v = seedv + (size_t)n * (ns ? ns : 1);
      uint64_t bytes;
      char e[400];
      if (rec_values(l, ki, slots, ns, fixedv, v, &bytes, e, sizeof e) < 0) {
        for (unsigned si = 0; si < ns; si++) free((void *)v[si].data);
        memset(v, 0, (ns ? ns : 1) * sizeof *v);
        if (!warned++)
          simC_message("warning", "kernel %s: recorded launch %s left out: %s", ki->demangled,
                       l->path, e);
        continue;
      }
      if (total + bytes > SIMC_SEED_BYTES) {
        for (unsigned si = 0; si < ns; si++) free((void *)v[si].data);
        memset(v, 0, (ns ? ns : 1) * sizeof *v);
        continue;
      }
      total += bytes;
      seeds[n] = (simE_genome){l->grid, l->block, l->shared, v, l->cluster};
      if (which) which[n] = i;
      n++;
    }
  free(taken);
  return n;
}

/* ------------------------------------------------- grading (--launches) */

/* Does the index of the recorded launches in dir name a kernel of prog (the
 * program of this file ran in the recorded runs)? */
static int rec_names_program(const char *dir, const simI_program *prog) {
  char path[4096], err[300];
  snprintf(path, sizeof path, "%s/launches", dir);
  char *text = simC_read_text(path, err, sizeof err);
  if (!text) return 0;
  int found = 0;
  unsigned nk = simI_kernel_count(prog);
  for (char *line = text; !found && line && *line;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = 0;
    char file[1024], mod[1024], kname[2048];
    if (line[0] != '#' && sscanf(line, "%1023s %1023s %2047s", file, mod, kname) == 3)
      for (unsigned k = 0; k < nk && !found; k++) found = !strcmp(simI_kernel(prog, k)->name, kname);
    line = nl ? nl + 1 : NULL;
  }
  free(text);
  return found;
}

/* The scalar bits of slot value v (fixed: as given; else the searched
 * number as the launch passes it). */
static uint64_t scalar_of(const simE_slot *sl, const simE_value *v) {
  if (v->fixed) return sl->bits < 64 ? v->bits & ((1ull << sl->bits) - 1) : v->bits;
  return simE_scalar_bits(sl, v->v);
}

/* Grade the search's findings (the first nrun of res) by the launches
 * `simulee run --record` recorded (o->launches): up to SIMC_MAX_SEEDS of
 * kernel k's run as they were, buffers at their recorded sizes and
 * out-of-bounds checking on; a finding one of them shows stays as it is,
 * and so does one an execution showed whose shape only recorded launches
 * that did not run have (not exact replays, or past the limits); any
 * other error or warning becomes an outside-program-launches note saying
 * why (the shape, a scalar, or the buffers differ from every recorded
 * launch's). A kernel with no recorded launch while another of the
 * same program has some: its findings are notes (not launched). The
 * findings of recorded launches the search did not make go to *extra, each
 * with the index in *rl (the kernel's recorded launches, which the caller
 * frees) of the launch that showed it first in extra_at (malloc'd). Returns
 * 1 when graded (grade_outside then has nothing to add), 0 when the record
 * says nothing of this program, -1 with err. */
static int grade_recorded(const simC_options *o, const simI_program *prog, unsigned k,
                          const simE_slot *slots, unsigned ns, const simE_value *fixedv,
                          const simE_options *base, simE_result *res, unsigned nrun,
                          simC_recdir *rl_out, simD_list *extra, unsigned **extra_at,
                          char *err, size_t errlen) {
  const simI_kernel_info *ki = simI_kernel(prog, k);
  simC_recdir rl;
  if (simC_recdir_load(o->launches, ki->name, &rl, err, errlen) < 0) return -1;
  int rc = 1;
  unsigned which[SIMC_MAX_SEEDS], ncap = 0;
  simE_genome *gs = NULL;
  simE_value *gv = NULL;
  unsigned ng = 0;
  simD_list shown;
  simD_list_init(&shown);
  if (!rl.n) {
    /* the record's byte cap left launches out: this kernel's may be among
     * them */
    if (rl.cut || !rec_names_program(o->launches, prog)) {
      rc = 0;
      goto done;
    }
    for (unsigned f = 0; f < nrun; f++) {
      simD_finding *fd = &res->findings.v[f];
      if (fd->kind != SIMD_REDUNDANT_BARRIER && fd->level != SIMD_LEVEL_NOTE)
        make_outside(fd, SIMD_WHY_KERNEL);
    }
    goto done;
  }
  for (unsigned si = 0; si < ns; si++) /* textures are not recorded */
    if (slots[si].tex || slots[si].param >= ki->nparams) {
      rc = 0;
      goto done;
    }
  gs = calloc(SIMC_MAX_SEEDS, sizeof *gs);
  gv = calloc((size_t)SIMC_MAX_SEEDS * (ns ? ns : 1), sizeof *gv);
  if (!gs || !gv) {
    snprintf(err, errlen, "out of memory");
    rc = -1;
    goto done;
  }
  ng = rec_seeds(&rl, ki, slots, ns, fixedv, gs, gv, which);
  if (o->stats)
    simC_message("stats", "kernel %s: %u recorded launch%s in %s%s, %u run to grade the findings",
                 ki->demangled, rl.n, rl.n == 1 ? "" : "es", o->launches,
                 rl.cut ? " (cut by its byte cap)" : "", ng);
  for (unsigned i = 0; i < ng; i++) {
    /* recorded launch i as it was: every value fixed */
    simE_value *v = gv + (size_t)i * (ns ? ns : 1);
    for (unsigned si = 0; si < ns; si++)
      if (fixedv[si].fixed) {
        v[si] = fixedv[si]; /* the user's, with its bytes */
      } else {
        v[si].fixed = 1; /* (a scalar's bits are as recorded: rec_values) */
      }
    simE_options ro = *base;
    ro.fix_grid = ro.fix_block = ro.fix_shared = 1;
    ro.grid = gs[i].grid;
    ro.block = gs[i].block;
    ro.shared = gs[i].shared;
    if (gs[i].cluster.x) ro.cluster = gs[i].cluster;
    ro.fixed = v;
    ro.bufsize = NULL;
    ro.choices = NULL;
    ro.tie_block = ro.tie_grid = 0;
    ro.nhost_blocks = 0;
    ro.have_host_grid = 0;
    ro.seeds = NULL;
    ro.nseeds = 0;
    ro.progress = NULL;
    ro.keep_data = 0;
    simD_options_default(&ro.detect);
    if (o->no_initcheck) ro.detect.initcheck = 0;
    ro.detect.same_value = o->same_value;
    simE_result rr;
    if (simE_check(prog, k, &ro, &rr, err, errlen) < 0) {
      rc = -1;
      goto done;
    }
    for (unsigned f = 0; f < rr.findings.n && rc > 0; f++) {
      const simD_finding *nf = &rr.findings.v[f];
      if (simD_list_add(&shown, nf) < 0) rc = -1;
      /* one the search did not make: the recorded launch's own (not a
       * redundant barrier: that evidence is of the search's executions) */
      int known = nf->kind == SIMD_REDUNDANT_BARRIER || nf->level == SIMD_LEVEL_NOTE;
      for (unsigned j = 0; j < nrun && !known; j++)
        known = simD_same_finding(prog, nf, &res->findings.v[j]);
      for (unsigned j = 0; j < extra->n && !known; j++)
        known = simD_same_finding(prog, nf, &extra->v[j]);
      if (known || rc < 0) continue;
      if (extra->n == ncap) {
        ncap = ncap ? 2 * ncap : 8;
        unsigned *na = realloc(*extra_at, ncap * sizeof *na);
        if (!na) {
          rc = -1;
          break;
        }
        *extra_at = na;
      }
      (*extra_at)[extra->n] = which[i];
      if (simD_list_add(extra, nf) < 0) rc = -1;
    }
    simE_result_free(&rr);
    if (rc < 0) {
      snprintf(err, errlen, "out of memory");
      goto done;
    }
  }
  for (unsigned f = 0; f < nrun; f++) {
    simD_finding *fd = &res->findings.v[f];
    if (fd->kind == SIMD_REDUNDANT_BARRIER || fd->level == SIMD_LEVEL_NOTE) continue;
    int seen = 0;
    for (unsigned j = 0; j < shown.n && !seen; j++)
      seen = simD_same_finding(prog, fd, &shown.v[j]);
    if (seen) continue;
    /* why: the executions that showed it, against the recorded launches */
    uint32_t mask = res->finding_execs ? res->finding_execs[f] : 0;
    if (!mask && res->finding_exec && res->finding_exec[f] >= 0 && res->finding_exec[f] < 32)
      mask = 1u << res->finding_exec[f];
    int shape = 0, scalars = 0, unknown = 0;
    for (unsigned x = 0; x < res->nexec && x < 32; x++) {
      if (!(mask >> x & 1)) continue;
      const simE_genome *g = &res->execs[x].g;
      for (unsigned i = 0; i < rl.n; i++)
        if (!memcmp(&g->grid, &rl.v[i].grid, sizeof g->grid) &&
            !memcmp(&g->block, &rl.v[i].block, sizeof g->block)) {
          shape = 1;
          /* no launch of that shape ran (they do not replay exactly, their
           * args files say so, or were past SIMC_MAX_SEEDS or their
           * bytes): whether the program's shows the finding is not known */
          int ran = 0;
          for (unsigned j = 0; j < ng && !ran; j++)
            ran = !memcmp(&g->grid, &gs[j].grid, sizeof g->grid) &&
                  !memcmp(&g->block, &gs[j].block, sizeof g->block);
          if (!ran) unknown = 1;
        }
      for (unsigned i = 0; i < ng && !scalars; i++) {
        if (memcmp(&g->grid, &gs[i].grid, sizeof g->grid) ||
            memcmp(&g->block, &gs[i].block, sizeof g->block))
          continue;
        int eq = 1;
        for (unsigned si = 0; si < ns && eq; si++)
          if (slots[si].kind != SIMI_PARAM_PTR && !g->vals[si].null)
            eq = scalar_of(&slots[si], &g->vals[si]) == scalar_of(&slots[si], &gs[i].vals[si]);
        scalars = eq;
      }
    }
    if (unknown) continue; /* stays as it is */
    make_outside(fd, !shape ? SIMD_WHY_SHAPE : !scalars ? SIMD_WHY_SCALAR : SIMD_WHY_DATA);
  }
done:
  simD_list_free(&shown);
  for (unsigned i = 0; gv && i < (size_t)ng * (ns ? ns : 1); i++)
    if (gv[i].fill == SIME_FILL_DATA && !fixedv[i % (ns ? ns : 1)].fixed) free((void *)gv[i].data);
  free(gv);
  free(gs);
  *rl_out = rl;
  return rc;
}

/* Append the n findings of v to l (its array grows). 0, or -1. */
static int list_append(simD_list *l, const simD_finding *v, unsigned n) {
  if (!n) return 0;
  if (l->n + n > l->cap) {
    unsigned nc = l->n + n;
    simD_finding *nv = realloc(l->v, nc * sizeof *nv);
    if (!nv) return -1;
    l->v = nv;
    l->cap = nc;
  }
  memcpy(l->v + l->n, v, n * sizeof *v);
  l->n += n;
  return 0;
}

static int check_kernel(const simC_options *o, const char *file, const simI_program *prog,
                        unsigned k, int name_kernel, int hint, simD_report *rep, char *err,
                        size_t errlen) {
  const simI_kernel_info *ki = simI_kernel(prog, k);
  unsigned np = ki->nparams;
  if (o->nargs && o->nargs != np) {
    snprintf(err, errlen, "kernel %s takes %u argument%s, %u --arg given%s",
             ki->pretty && *ki->pretty ? ki->pretty : ki->demangled, np, np == 1 ? "" : "s",
             o->nargs, hint ? " (use --kernel to pick one kernel)" : "");
    return -1;
  }
  for (unsigned d = 0; d < o->ndumps; d++) {
    unsigned pi = o->dumps[d];
    if (pi >= np) {
      snprintf(err, errlen, "--dump %u: kernel %s has %u parameter%s", pi, ki->demangled, np,
               np == 1 ? "" : "s");
      return -1;
    }
    int isbuf = ki->params[pi].kind == SIMI_PARAM_PTR;
    if (isbuf && o->nargs && !simC_arg_is_search(o->args[pi])) {
      simC_argval v;
      char e2[300];
      if (simC_parse_argval(o->args[pi], &v, e2, sizeof e2) == 0) {
        isbuf = v.kind == SIMC_ARG_BUFFER;
        simC_argval_free(&v);
      }
    }
    if (!isbuf) {
      snprintf(err, errlen, "--dump %u: parameter %u of %s is not a buffer", pi, pi,
               ki->demangled);
      return -1;
    }
  }
  /* the search does not make tensor maps: without its --arg the kernel is
   * not run (unsupported, naming the parameter) */
  for (unsigned i = 0; i < np; i++) {
    if (!ki->params[i].tensor_map || (o->nargs && !simC_arg_is_search(o->args[i]))) continue;
    char msg[400];
    const char *pn = ki->params[i].name;
    snprintf(msg, sizeof msg,
             "parameter %u%s%s%s is a CUtensorMap: give it with --arg tmap:TYPE:DIMS:BOX[=FILL] "
             "(the automatic search does not make tensor maps)",
             i, pn && *pn ? " ('" : "", pn && *pn ? pn : "", pn && *pn ? "')" : "");
    simD_record rec;
    memset(&rec, 0, sizeof rec);
    rec.file = file;
    rec.kernel = ki->name;
    rec.name = ki->demangled;
    rec.line = ki->line;
    rec.status = SIMD_STATUS_UNSUPPORTED;
    rec.message = msg;
    if (simD_report_add(rep, &rec, NULL, NULL) < 0) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    return 0;
  }
  unsigned ns = simE_slots(ki, NULL, 0);
  simE_slot *slots = calloc(ns ? ns : 1, sizeof *slots);
  simE_value *vals = calloc(ns ? ns : 1, sizeof *vals);
  recparts rp;
  memset(&rp, 0, sizeof rp);
  simE_result res;
  memset(&res, 0, sizeof res);
  int rc = -1, have_res = 0;
  simE_bufsize *bsz = NULL;
  simE_choices *cho = NULL;
  /* recorded launches (--from, --launches) */
  simC_recdir rd;
  memset(&rd, 0, sizeof rd);
  simE_genome *seeds = NULL;
  simE_value *seedv = NULL;
  unsigned nseeds = 0;
  /* --launches: the kernel's recorded launches and their findings the
   * search did not make (grade_recorded) */
  simC_recdir rl;
  memset(&rl, 0, sizeof rl);
  simD_list extra;
  simD_list_init(&extra);
  unsigned *extra_at = NULL;
  char **extra_replay = NULL;
  if (!slots || !vals) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  simE_slots(ki, slots, ns);
  int all_args = o->nargs == np;
  for (unsigned i = 0; i < o->nargs; i++) all_args &= !simC_arg_is_search(o->args[i]);
  if ((o->nargs || (ki->ntexrefs && o->ntexrefs)) &&
      fixed_values(o, ki, slots, ns, vals, err, errlen) < 0)
    goto done;
  launch_parts lp = {o->have_grid, o->have_block, o->have_shared, o->grid, o->block,
                     o->shared};
  const simC_hint *hh = simC_hints_find(o->hints, ki->name);
  /* --from: the search starts from the recorded launches (--launches
   * does not change the search: the recorded launches grade its findings,
   * grade_recorded) */
  const char *rdir = o->from;
  if (rdir) {
    if (simC_recdir_load(rdir, ki->name, &rd, err, errlen) < 0) goto done;
    unsigned nts = 0; /* textures are not recorded */
    for (unsigned si = 0; si < ns; si++) nts += slots[si].tex || slots[si].param >= np;
    if (rd.n && !nts) {
      seeds = calloc(SIMC_MAX_SEEDS, sizeof *seeds);
      seedv = calloc((size_t)SIMC_MAX_SEEDS * (ns ? ns : 1), sizeof *seedv);
      if (!seeds || !seedv) {
        snprintf(err, errlen, "out of memory");
        goto done;
      }
      nseeds = rec_seeds(&rd, ki, slots, ns, vals, seeds, seedv, NULL);
    }
    if (o->stats)
      simC_message("stats", "kernel %s: %u recorded launch%s in %s%s, %u start%s the search",
                   ki->demangled, rd.n, rd.n == 1 ? "" : "es", rdir,
                   rd.cut ? " (cut by its byte cap)" : "", nseeds, nseeds == 1 ? "s" : "");
  }
  unsigned host = take_hints(hh, ki, &lp);
  /* scalar arguments the host passes as the same constant at every launch
   * are fixed (unless --arg gives them) */
  unsigned tie_block = 0, tie_grid = 0;
  if (hh && hh->nargs == np) {
    /* buffer sizes as the host allocates them (a constant, or an integer
     * argument times a constant) */
    bsz = calloc(ns ? ns : 1, sizeof *bsz);
    cho = calloc(ns ? ns : 1, sizeof *cho);
    if (!bsz || !cho) {
      snprintf(err, errlen, "out of memory");
      goto done;
    }
    for (unsigned si = 0; si < ns; si++) {
      const simE_slot *sl = &slots[si];
      unsigned k = sl->param;
      bsz[si].arg = -2;
      if (sl->field >= 0 || sl->kind != SIMI_PARAM_PTR || k >= SIMC_HINT_MAX_ARGS || k >= np)
        continue;
      if (hh->alloc_arg[k] == -1) {
        bsz[si].arg = -1;
        bsz[si].unit = hh->alloc_unit[k];
      } else if (hh->alloc_arg[k] >= 0) {
        for (unsigned sj = 0; sj < ns; sj++)
          if (slots[sj].param == (unsigned)hh->alloc_arg[k] && slots[sj].field < 0 &&
              slots[sj].kind == SIMI_PARAM_INT) {
            bsz[si].arg = (int)sj;
            bsz[si].unit = hh->alloc_unit[k];
          }
      }
      /* a pitched allocation: its rows, and the argument passing the pitch */
      if (bsz[si].arg >= -1 && hh->alloc_align[k]) {
        int rows = -2;
        if (hh->alloc_rows_arg[k] < 0) rows = -1;
        else rows = int_slot(slots, ns, (unsigned)hh->alloc_rows_arg[k]);
        if (rows < -1) {
          bsz[si].arg = -2;
        } else {
          bsz[si].align = hh->alloc_align[k];
          bsz[si].rows_arg = rows;
          bsz[si].rows = hh->alloc_rows[k];
          for (unsigned j = 0; j < np && j < SIMC_HINT_MAX_ARGS; j++) {
            int ps = hh->pitch_of[j] == k + 1 ? int_slot(slots, ns, j) : -2;
            if (ps >= 0 && !(o->nargs && !simC_arg_is_search(o->args[j])))
              bsz[si].pitch_slot = (unsigned)ps + 1;
          }
        }
      }
      if (bsz[si].arg >= -1 && !(o->nargs && !simC_arg_is_search(o->args[k])))
        host |= SIMD_HOST_BUFFERS;
    }
    for (unsigned si = 0; si < ns; si++) {
      const simE_slot *sl = &slots[si];
      unsigned k = sl->param;
      if (sl->field >= 0 || sl->kind != SIMI_PARAM_INT || k >= SIMC_HINT_MAX_ARGS || k >= np)
        continue;
      if (o->nargs && !simC_arg_is_search(o->args[k])) continue;
      if (hh->arg_const >> k & 1) {
        vals[si].fixed = 1;
        vals[si].bits = sl->bits < 64 ? hh->arg_value[k] & ((1ull << sl->bits) - 1)
                                      : hh->arg_value[k];
        host |= SIMD_HOST_ARGS;
      } else if (hh->nvals[k] && sl->bits && hh->nvals[k] <= SIME_MAX_CHOICES) {
        /* the distinct constants the sites pass: the search draws them */
        cho[si].n = hh->nvals[k];
        for (unsigned c = 0; c < hh->nvals[k]; c++)
          cho[si].v[c] = sl->bits < 64 ? hh->vals[k][c] & ((1ull << sl->bits) - 1)
                                       : hh->vals[k][c];
        host |= SIMD_HOST_ARGS;
      } else if ((int)k == hh->block_arg && !lp.have_block) {
        tie_block = si + 1;
        host |= SIMD_HOST_DERIVED;
      } else if ((int)k == hh->grid_arg && !lp.have_grid) {
        tie_grid = si + 1;
        host |= SIMD_HOST_DERIVED;
      }
    }
    /* floating-point constants: the same at every site, the program's
     * value exactly as the parameter holds it; several, the search draws
     * them (each as the parameter holds it, as a double's bits) */
    for (unsigned si = 0; si < ns; si++) {
      const simE_slot *sl = &slots[si];
      unsigned k = sl->param;
      if (sl->field >= 0 || sl->kind != SIMI_PARAM_FLOAT || k >= SIMC_HINT_MAX_ARGS || k >= np ||
          !hh->nfvals[k] || hh->nfvals[k] > SIME_MAX_CHOICES ||
          (sl->bits != 16 && sl->bits != 32 && sl->bits != 64))
        continue;
      if (o->nargs && !simC_arg_is_search(o->args[k])) continue;
      for (unsigned c = 0; c < hh->nfvals[k]; c++) {
        double d;
        memcpy(&d, &hh->fvals[k][c], 8);
        d = float_as_slot(sl, d);
        if (hh->nfvals[k] == 1) {
          vals[si].bits = simE_scalar_bits(sl, d);
          vals[si].fixed = 1;
        } else {
          memcpy(&cho[si].v[c], &d, 8);
        }
      }
      if (hh->nfvals[k] > 1) cho[si].n = hh->nfvals[k];
      host |= SIMD_HOST_ARGS;
    }
    /* a constant grid with a block computed from an argument: the grid is
     * the program's too (the block is at most 1024 threads) */
    if (tie_block && !lp.have_grid && (hh->parts & SIMC_HINT_GRID)) {
      simI_dim3 big = {1024, 1, 1};
      char e[256];
      uint64_t t = (uint64_t)hh->grid.x * hh->grid.y * hh->grid.z * 1024u;
      if (t <= SIMC_HINT_MAX_THREADS && simC_check_launch(hh->grid, big, e, sizeof e) == 0) {
        lp.have_grid = 1;
        lp.grid = hh->grid;
        host |= SIMD_HOST_GRID;
      }
    }
  }
  /* legacy texture references the host binds with constant sizes: the
   * search keeps those extents (simE_options.fixed: fixed 0, tex W/H set) */
  for (unsigned si = 0; o->hints && si < ns; si++) {
    if (slots[si].param < np || vals[si].fixed) continue;
    const simI_texref *tr = &ki->texrefs[slots[si].param - np];
    unsigned tb = SIMI_TEXINFO_CHBYTES(tr->info) * SIMI_TEXINFO_CHANNELS(tr->info);
    for (unsigned b = 0; tb && b < o->hints->ntexbinds; b++) {
      const struct simC_texbind *bd = &o->hints->texbinds[b];
      if (strcmp(bd->name, tr->name) || !bd->dims) continue;
      uint64_t w = bd->dims == 1 ? bd->size[0] / tb : bd->size[0], h = bd->dims == 2 ? bd->size[1] : 1;
      if (w >= 1 && h >= 1 && w * h <= ((uint64_t)1 << 24)) {
        vals[si].tex[SIME_TEX_W] = (uint32_t)w;
        vals[si].tex[SIME_TEX_H] = (uint32_t)h;
      }
    }
  }
  int fixed = lp.have_grid && lp.have_block && (all_args || np == 0);
  for (unsigned si = 0; si < ns; si++) /* and every texture reference given */
    if (slots[si].param >= np && !vals[si].fixed) fixed = 0;

  simE_options eo;
  simE_options_default(&eo);
  eo.population = o->population ? o->population : SIME_DEFAULT_POPULATION;
  eo.generations = o->generations;
  eo.seed = o->seed;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  eo.jobs = o->jobs ? o->jobs : ncpu > 0 ? (unsigned)ncpu : 1;
  eo.time_limit = o->time_limit;
  eo.warp_size = o->warp_size;
  eo.its = o->its;
  eo.max_steps = o->max_steps;
  eo.mem_limit = o->mem_limit;
  eo.device_heap = o->device_heap;
  eo.cluster = o->cluster;
  eo.fix_grid = lp.have_grid;
  eo.fix_block = lp.have_block;
  eo.grid = lp.grid;
  eo.block = lp.block;
  eo.fix_shared = lp.have_shared || fixed;
  eo.shared = lp.shared;
  eo.fixed = vals;
  eo.bufsize = bsz;
  eo.choices = cho;
  if (tie_block) {
    eo.tie_block = tie_block;
    eo.block.y = hh->block.y;
    eo.block.z = hh->block.z;
  }
  if (tie_grid) {
    eo.tie_grid = tie_grid;
    eo.tie_grid_add = hh->grid_add;
    eo.tie_grid_div = hh->grid_div;
    eo.grid.y = hh->grid.y;
    eo.grid.z = hh->grid.z;
  }
  eo.no_detect = o->no_detect;
  eo.no_confirm = o->no_confirm;
  /* SIMULEE_NO_BRANCH_COVERAGE=1: the search without branch outcomes as
   * coverage (for measuring what they give it, bench/README.md) */
  const char *nbc = getenv("SIMULEE_NO_BRANCH_COVERAGE");
  eo.no_branch_cov = nbc && *nbc && strcmp(nbc, "0") != 0;
  eo.keep_data = o->ndumps > 0;
  /* the program's own block shapes, when the host does not fix one */
  if (hh && !lp.have_block && !tie_block) {
    for (unsigned i = 0; i < hh->nblocks && i < SIME_HOST_SHAPES; i++)
      eo.host_blocks[eo.nhost_blocks++] = hh->blocks[i];
    /* with the first of the sites' grids when small enough to simulate */
    uint64_t gt = (uint64_t)hh->grids[0].x * hh->grids[0].y * hh->grids[0].z, bt = 0;
    for (unsigned i = 0; i < eo.nhost_blocks; i++) {
      uint64_t t = (uint64_t)eo.host_blocks[i].x * eo.host_blocks[i].y * eo.host_blocks[i].z;
      if (t > bt) bt = t;
    }
    if (hh->ngrids && !lp.have_grid && !tie_grid && gt * bt <= SIMC_HINT_MAX_THREADS) {
      eo.have_host_grid = 1;
      eo.host_grid = hh->grids[0];
    }
  }
  /* the program's launches: a 1-D launch site means 1-D blocks (grids) */
  if (hh && hh->nsites) {
    eo.host_launch = 1;
    int b1 = hh->nblocks > 0, g1 = hh->ngrids > 0;
    for (unsigned i = 0; i < hh->nblocks; i++) b1 &= hh->blocks[i].y == 1 && hh->blocks[i].z == 1;
    for (unsigned i = 0; i < hh->ngrids; i++) g1 &= hh->grids[i].y == 1 && hh->grids[i].z == 1;
    if (b1) eo.no_vary |= 6u;
    if (g1) eo.no_vary |= 48u;
  }
  eo.seeds = seeds;
  eo.nseeds = nseeds;
  if (fixed) simD_options_default(&eo.detect);
  if (o->no_initcheck) eo.detect.initcheck = 0;
  eo.detect.same_value = o->same_value;
  bar b = {ki->demangled, 0, 0.0};
  if (!fixed && !o->quiet && isatty(2)) {
    eo.progress = bar_draw;
    eo.progress_ctx = &b;
  }
  int r0 = simE_check(prog, k, &eo, &res, err, errlen);
  if (b.shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
  }
  if (r0 < 0) goto done;
  have_res = 1;
  const simE_space *sp = simE_result_space(&res);
  simI_status st = res.status;
  if (st == SIMI_E_USAGE || st == SIMI_E_INPUT || st == SIMI_E_NOMEM) {
    snprintf(err, errlen, "kernel %s: %s", ki->demangled,
             res.message[0] ? res.message : simI_status_name(st));
    goto done;
  }
  if (st == SIMI_E_INTERNAL)
    simC_message("error", "kernel %s: internal error: %s", ki->demangled,
            res.message);

  /* the arguments and replay line of every execution */
  const char *kname = NULL;
  if (name_kernel)
    kname = simI_find_kernel(prog, ki->demangled) == (int)k ? ki->demangled : ki->name;
  rp.nexec = res.nexec;
  rp.nparams = np;
  rp.nfind = res.findings.n;
  rp.args = calloc((size_t)(res.nexec ? res.nexec : 1) * (np ? np : 1), sizeof *rp.args);
  rp.replays = calloc(res.nexec ? res.nexec : 1, sizeof *rp.replays);
  if (!rp.args || !rp.replays) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  for (unsigned x = 0; x < res.nexec; x++) {
    for (unsigned i = 0; i < np; i++) {
      char a[4096];
      if (o->nargs && !simC_arg_is_search(o->args[i]))
        snprintf(a, sizeof a, "%s", o->args[i]);
      else if (simE_format_arg(sp, &res.execs[x], i, a, sizeof a) < 0)
        snprintf(a, sizeof a, "?");
      if (!(rp.args[x * np + i] = strdup(a))) {
        snprintf(err, errlen, "out of memory");
        goto done;
      }
    }
    char line[16384];
    const simE_genome *g = &res.execs[x].g;
    make_replay(line, sizeof line, o, file, kname, g->grid, g->block,
                launch_cluster(ki, g->cluster), g->shared,
                lp.have_shared, np, (const char *const *)&rp.args[x * np]);
    for (unsigned j = 0; j < ki->ntexrefs; j++) { /* legacy texture references */
      char a[4096];
      int w = snprintf(a, sizeof a, "%s=", ki->texrefs[j].name);
      if (w < 0 || (size_t)w >= sizeof a ||
          simE_format_arg(sp, &res.execs[x], np + j, a + w, sizeof a - (size_t)w) < 0)
        continue;
      simC_shell_append(line, sizeof line, "--texref");
      simC_shell_append(line, sizeof line, a);
    }
    if (!(rp.replays[x] = strdup(line))) {
      snprintf(err, errlen, "out of memory");
      goto done;
    }
  }

  simD_record rec;
  memset(&rec, 0, sizeof rec);
  rec.file = file;
  rec.kernel = ki->name;
  rec.name = ki->demangled;
  rec.line = ki->line;
  rec.status = simD_status_from_interp(st);
  rec.message = st == SIMI_OK ? "" : res.message;
  if (st == SIMI_OK && res.incomplete) {
    rec.status = SIMD_STATUS_INCOMPLETE;
    rec.message = res.incomplete_msg;
  }
  const simE_exec *x0 = res.nexec ? &res.execs[0] : NULL;
  if (x0) {
    rec.has_launch = 1;
    rec.grid = x0->g.grid;
    rec.block = x0->g.block;
    rec.shared = x0->g.shared;
    rec.cluster = launch_cluster(ki, x0->g.cluster);
    rec.nargs = np;
    rec.args = (const char *const *)rp.args;
    rec.replay = rp.replays[0];
  }
  if (host) {
    rec.host_parts = host;
    rec.host_file = hh->file;
    rec.host_line = hh->line;
    rec.host_sites = hh->nsites;
  }
  rec.insns = res.insns;
  rec.threads = res.threads;
  /* a search's report is a function of the seed: no wall times in it */
  rec.seconds = fixed && x0 ? x0->res.seconds : 0.0;
  if (!fixed) {
    rec.has_search = 1;
    rec.evaluations = res.evaluations;
    rec.generations = res.generations;
    rec.discarded = res.discarded;
    rec.fitness = res.best;
    /* coverage: the access sites no input ran, by source line */
    rec.cov_total = res.cov_total;
    rec.cov_reached = res.cov_reached;
    if (res.cov_nunreached) {
      rp.cov_lines = calloc(res.cov_nunreached, sizeof *rp.cov_lines);
      if (!rp.cov_lines) {
        snprintf(err, errlen, "out of memory");
        goto done;
      }
      unsigned nl = 0;
      for (unsigned i = 0; i < res.cov_nunreached; i++) {
        unsigned line = 0;
        simI_site_loc(prog, res.cov_unreached[i], NULL, &line, NULL, NULL);
        if (!line) continue;
        unsigned j = 0;
        while (j < nl && rp.cov_lines[j] < line) j++;
        if (j < nl && rp.cov_lines[j] == line) continue;
        memmove(rp.cov_lines + j + 1, rp.cov_lines + j, (nl - j) * sizeof *rp.cov_lines);
        rp.cov_lines[j] = line;
        nl++;
      }
      rec.cov_nlines = nl;
      rec.cov_lines = rp.cov_lines;
    }
    /* the branch outcomes never taken, by (line, side), distinct */
    rec.br_total = res.br_total;
    rec.br_reached = res.br_reached;
    if (res.br_nunreached) {
      rp.br_lines = calloc(res.br_nunreached, sizeof *rp.br_lines);
      rp.br_sides = calloc(res.br_nunreached, sizeof *rp.br_sides);
      if (!rp.br_lines || !rp.br_sides) {
        snprintf(err, errlen, "out of memory");
        goto done;
      }
      unsigned nb = 0;
      for (unsigned i = 0; i < res.br_nunreached; i++) {
        unsigned line = 0;
        simI_site_loc(prog, (uint32_t)(res.br_unreached[i] >> 32), NULL, &line, NULL, NULL);
        unsigned char side = (unsigned char)simE_branch_side(prog, res.br_unreached[i]);
        unsigned j = 0;
        while (j < nb && (rp.br_lines[j] < line || (rp.br_lines[j] == line && rp.br_sides[j] < side))) j++;
        if (j < nb && rp.br_lines[j] == line && rp.br_sides[j] == side) continue;
        memmove(rp.br_lines + j + 1, rp.br_lines + j, (nb - j) * sizeof *rp.br_lines);
        memmove(rp.br_sides + j + 1, rp.br_sides + j, (nb - j) * sizeof *rp.br_sides);
        rp.br_lines[j] = line;
        rp.br_sides[j] = side;
        nb++;
      }
      rec.br_nunreached = nb;
      rec.br_lines = rp.br_lines;
      rec.br_sides = rp.br_sides;
    }
  }
  int graded = 0;
  unsigned nsearch = res.findings.n; /* the search's (then the recorded launches' own) */
  if (o->launches && !fixed &&
      (graded = grade_recorded(o, prog, k, slots, ns, vals, &eo, &res, nsearch, &rl, &extra,
                               &extra_at, err, errlen)) < 0)
    goto done;
  if (hh && !fixed && !graded) grade_outside(hh, o, slots, cho, ns, &res, seeds, nseeds);
  if (list_append(&res.findings, extra.v, extra.n) < 0) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  /* clang's constant-index warnings on this kernel's lines (after the
   * run's findings: the per-execution tables index only those) */
  if (o->bounds && simC_bounds_add(o->bounds, prog, k, &res.findings) < 0) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  rec.findings = res.findings;
  if (!fixed && res.findings.n) {
    rp.wit = calloc(res.findings.n, sizeof *rp.wit);
    extra_replay = calloc(extra.n ? extra.n : 1, sizeof *extra_replay);
    if (!rp.wit || !extra_replay) {
      snprintf(err, errlen, "out of memory");
      goto done;
    }
    for (unsigned f = nsearch; f < nsearch + extra.n; f++) {
      /* a recorded launch's own finding: that launch, replayed from its file */
      const simC_reclaunch *l = &rl.v[extra_at[f - nsearch]];
      char line[16384];
      line[0] = 0;
      simC_shell_append(line, sizeof line, "simulee");
      simC_shell_append(line, sizeof line, file);
      if (o->opt_level != 2) {
        char num[16];
        snprintf(num, sizeof num, "-O%d", o->opt_level);
        simC_shell_append(line, sizeof line, num);
      }
      for (unsigned i = 0; i < o->ncflags; i++) simC_shell_append(line, sizeof line, o->cflags[i]);
      if (o->arch) {
        simC_shell_append(line, sizeof line, "--arch");
        simC_shell_append(line, sizeof line, o->arch);
      }
      simC_shell_append(line, sizeof line, "--args-file");
      simC_shell_append(line, sizeof line, l->path);
      if (!(extra_replay[f - nsearch] = strdup(line))) {
        snprintf(err, errlen, "out of memory");
        goto done;
      }
      simD_witness *w = &rp.wit[f];
      w->grid = l->grid;
      w->block = l->block;
      w->shared = l->shared;
      w->cluster = launch_cluster(ki, l->cluster);
      w->nargs = l->nargs;
      w->args = (const char *const *)l->args;
      w->replay = extra_replay[f - nsearch];
    }
    for (unsigned f = 0; f < nsearch; f++) {
      int xi = res.finding_exec[f] >= 0 ? res.finding_exec[f] : 0;
      if ((unsigned)xi >= res.nexec) continue;
      const simE_exec *x = &res.execs[xi];
      simD_witness *w = &rp.wit[f];
      w->grid = x->g.grid;
      w->block = x->g.block;
      w->shared = x->g.shared;
      w->cluster = launch_cluster(ki, x->g.cluster);
      w->nargs = np;
      w->args = (const char *const *)&rp.args[(size_t)xi * np];
      w->replay = rp.replays[xi];
    }
    rec.witnesses = rp.wit;
  }
  if (st == SIMI_OK && o->ndumps && x0 && x0->data) {
    rp.dumps = calloc(o->ndumps, sizeof *rp.dumps);
    if (!rp.dumps) {
      snprintf(err, errlen, "out of memory");
      goto done;
    }
    for (unsigned d = 0; d < o->ndumps; d++) {
      unsigned pi = o->dumps[d], si = 0;
      while (si < ns && slots[si].param != pi) si++;
      simI_elem e = x0->g.vals[si].elem ? x0->g.vals[si].elem : slots[si].elem;
      unsigned es = simI_elem_size(e);
      rp.dumps[d].param = pi;
      rp.dumps[d].elem = e;
      rp.dumps[d].count = es ? x0->bytes[si] / es : 0;
      rp.dumps[d].data = x0->data[si];
    }
    rec.ndumps = o->ndumps;
    rec.dumps = rp.dumps;
  }
  /* the launch whose addresses the report describes: the best input's */
  simI_launch dl;
  memset(&dl, 0, sizeof dl);
  /* (the launch of the first finding the merged evidence knows: the
   * buffers are the same in every execution) */
  for (unsigned f = 0; res.detect && f < res.findings.n && !dl.nbuffers; f++) {
    const simI_launch *fl = simD_finding_launch(res.detect, &res.findings.v[f]);
    if (!fl && res.aux_detect) fl = simD_finding_launch(res.aux_detect, &res.findings.v[f]);
    if (fl) dl = *fl;
  }
  if (simD_report_add(rep, &rec, prog, dl.nbuffers ? &dl : NULL) < 0) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  if (o->stats && hh) {
    char took[32], vary[32];
    simC_message("stats",
            "kernel %s: %u launch%s in the host code; taken from them: %s; "
            "not the same valid constant at every launch: %s",
            ki->demangled, hh->nsites, hh->nsites == 1 ? "" : "es",
            part_names(host, took, sizeof took), part_names(hh->varying, vary, sizeof vary));
  }
  if (o->stats) {
    simC_message("stats",
            "kernel %s: %llu instructions, %llu threads, %.6f s, "
            "%.0f instructions/s",
            ki->demangled, (unsigned long long)res.insns, (unsigned long long)res.threads,
            res.seconds, res.seconds > 0 ? (double)res.insns / res.seconds : 0.0);
    if (res.parallel)
      simC_message("stats",
                   "kernel %s: blocks of %u detection run%s on %u threads (-j), "
                   "%.6f s CPU in them, %.6f s in the busiest, %u ranges of blocks",
                   ki->demangled, res.parallel, res.parallel == 1 ? "" : "s", res.workers,
                   res.worker_cpu, res.busiest_cpu, res.parts);
    if (!fixed)
      simC_message("stats",
              "kernel %s: search: %llu evaluations, %u generations, best "
              "fitness %.6f, %.6f s, %.0f evaluations/s, %u detection runs",
              ki->demangled, (unsigned long long)res.evaluations, res.generations, res.best,
              res.search_seconds,
              res.search_seconds > 0 ? (double)res.evaluations / res.search_seconds : 0.0,
              res.nexec);
  }
  rc = 0;
done:
  recparts_free(&rp);
  if (have_res) simE_result_free(&res);
  free(slots);
  free(bsz);
  free(cho);
  for (unsigned i = 0; seedv && i < (size_t)nseeds * (ns ? ns : 1); i++)
    if (seedv[i].fill == SIME_FILL_DATA && !seedv[i].fixed) free((void *)seedv[i].data);
  free(seedv);
  free(seeds);
  simC_recdir_free(&rd);
  simC_recdir_free(&rl);
  for (unsigned i = 0; extra_replay && i < extra.n; i++) free(extra_replay[i]);
  free(extra_replay);
  free(extra_at);
  simD_list_free(&extra);
  if (vals)
    for (unsigned i = 0; i < ns; i++) free((void *)vals[i].data);
  free(vals);
  return rc;
}

int simC_check_program(const simC_options *o, const char *file,
                       const simI_program *prog, simD_report *rep, char *err,
                       size_t errlen) {
  unsigned nk = simI_kernel_count(prog);
  for (unsigned t = 0; t < o->ntexrefs; t++) { /* every --texref names a reference */
    int found = 0;
    for (unsigned k = 0; k < nk && !found; k++) {
      const simI_kernel_info *ki = simI_kernel(prog, k);
      for (unsigned j = 0; j < ki->ntexrefs && !found; j++)
        found = texref_named(&ki->texrefs[j], o->texrefs[t]);
    }
    if (!found) {
      snprintf(err, errlen, "--texref %.*s: no kernel of %s reads a texture reference of that name",
               (int)strcspn(o->texrefs[t], "="), o->texrefs[t], file);
      return -1;
    }
  }
  if (o->have_grid || o->have_block) {
    simI_dim3 one = {1, 1, 1};
    if (simC_check_launch(o->have_grid ? o->grid : one, o->have_block ? o->block : one, err,
                          errlen) < 0)
      return -1;
  }
  if (o->kernel) {
    int k = simI_find_kernel(prog, o->kernel);
    if (k < 0) {
      snprintf(err, errlen, "%s: no kernel named '%s'", file, o->kernel);
      return -1;
    }
    return check_kernel(o, file, prog, (unsigned)k, 1, 0, rep, err, errlen);
  }
  for (unsigned k = 0; k < nk; k++)
    if (check_kernel(o, file, prog, k, nk > 1, nk > 1, rep, err, errlen) < 0) return -1;
  return 0;
}
