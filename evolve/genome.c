/*
 * simulee evolve: slots, the search space, random genomes and their
 * mutation (evolve.h).
 */
#define _GNU_SOURCE
#include <gsl/gsl_randist.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/util.h" /* simI_f2h, simI_h2f */
#include "evolve/evolve_int.h"

/* ------------------------------------------------------------- slots */

/* Is parameter i of a demangled signature ("k(unsigned int, float*)") an
 * unsigned integer type (not a pointer or reference)? The parameter list is
 * the last parenthesised group; commas inside <>, () and [] do not split. */
static int param_unsigned(const char *pretty, unsigned i) {
  size_t len = pretty ? strlen(pretty) : 0;
  if (!len || pretty[len - 1] != ')') return 0;
  int depth = 0;
  size_t open = len;
  for (size_t k = len; k-- > 0;) {
    char c = pretty[k];
    if (c == ')' || c == '>' || c == ']') depth++;
    else if ((c == '(' || c == '<' || c == '[') && --depth == 0) {
      if (c == '(') { open = k; break; }
    }
  }
  if (open == len) return 0;
  const char *p = pretty + open + 1, *end = pretty + len - 1;
  unsigned idx = 0;
  depth = 0;
  const char *start = p;
  for (const char *q = p; q <= end; q++) {
    if (q < end && (*q == '(' || *q == '<' || *q == '[')) depth++;
    else if (q < end && (*q == ')' || *q == '>' || *q == ']')) depth--;
    else if (q == end || (*q == ',' && depth == 0)) {
      if (idx == i) {
        while (start < q && *start == ' ') start++;
        size_t n = (size_t)(q - start);
        if (n < 9 || strncmp(start, "unsigned ", 9)) return 0;
        for (const char *r = start; r < q; r++)
          if (*r == '*' || *r == '&') return 0;
        return 1;
      }
      idx++;
      start = q + 1;
    }
  }
  return 0;
}

unsigned simE_slots(const simI_kernel_info *ki, simE_slot *out, unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < ki->nparams; i++) {
    const simI_param *p = &ki->params[i];
    if (p->kind == SIMI_PARAM_STRUCT) {
      for (unsigned f = 0; f < p->nfields; f++) {
        if (n < max) {
          simE_slot *s = &out[n];
          memset(s, 0, sizeof *s);
          s->param = i;
          s->field = (int)f;
          s->kind = p->fields[f].kind;
          s->bits = p->fields[f].bits;
          s->offset = p->fields[f].offset;
          s->elem = s->kind == SIMI_PARAM_PTR ? SIMI_ELEM_I32 : SIMI_ELEM_UNKNOWN;
        }
        n++;
      }
    } else {
      if (n < max) {
        simE_slot *s = &out[n];
        memset(s, 0, sizeof *s);
        s->param = i;
        s->field = -1;
        s->kind = p->kind;
        s->bits = p->bits;
        s->elem = p->kind == SIMI_PARAM_PTR ? norm_elem(p->elem) : SIMI_ELEM_UNKNOWN;
        s->is_unsigned = p->kind == SIMI_PARAM_INT && param_unsigned(ki->pretty, i);
        s->tex = p->kind == SIMI_PARAM_INT && p->bits == 64 ? p->tex : 0;
      }
      n++;
    }
  }
  /* legacy texture references: one texture slot each, after the
   * parameters (param nparams + j) */
  for (unsigned j = 0; j < ki->ntexrefs; j++) {
    if (n < max) {
      simE_slot *s = &out[n];
      memset(s, 0, sizeof *s);
      s->param = ki->nparams + j;
      s->field = -1;
      s->kind = SIMI_PARAM_INT;
      s->bits = 64;
      s->tex = ki->texrefs[j].info ? ki->texrefs[j].info : SIMI_TEXINFO_VALID | 1u;
    }
    n++;
  }
  return n;
}

unsigned simE_varied_dims(const simI_kernel_info *ki) {
  unsigned r = ki->dims_read, v = 0;
  if (r & (SIMI_READS_TID_X | SIMI_READS_NTID_X)) v |= 1;
  if (r & (SIMI_READS_TID_Y | SIMI_READS_NTID_Y)) v |= 2;
  if (r & (SIMI_READS_TID_Z | SIMI_READS_NTID_Z)) v |= 4;
  if (r & (SIMI_READS_CTAID_X | SIMI_READS_NCTAID_X)) v |= 8;
  if (r & (SIMI_READS_CTAID_Y | SIMI_READS_NCTAID_Y)) v |= 16;
  if (r & (SIMI_READS_CTAID_Z | SIMI_READS_NCTAID_Z)) v |= 32;
  return v;
}

/* The 64-bit pattern of integer x (already rounded) of a signed or unsigned
 * type, saturated at the type's range. */
static uint64_t int_bits(double x, int sgn) {
  if (sgn) {
    if (x >= 0x1p63) return (uint64_t)INT64_MAX;
    if (x <= -0x1p63) return (uint64_t)1 << 63;
    return (uint64_t)(int64_t)x;
  }
  if (!(x > 0)) return 0;
  if (x >= 0x1p64) return UINT64_MAX;
  return (uint64_t)x;
}

void simE_fill_rand(simI_elem e, void *data, uint64_t count, uint64_t seed,
                    double lo, double hi) {
  unsigned es = simI_elem_size(e);
  unsigned char *d = data;
  if (!es) return;
  uint64_t s = mix64(seed);
  if (elem_is_float(e) && e != SIMI_ELEM_F16) {
    if (!(lo <= hi)) hi = lo;
    for (uint64_t i = 0; i < count; i++) {
      uint64_t x = mix64(s ^ mix64(i));
      double u = (double)(x >> 11) * 0x1p-53;
      double v = lo + (hi - lo) * u;
      if (e == SIMI_ELEM_F32) {
        float f = (float)v;
        memcpy(d + i * 4, &f, 4);
      } else {
        memcpy(d + i * 8, &v, 8);
      }
    }
    return;
  }
  double rl, rh;
  elem_range(e, &rl, &rh);
  double a = nearbyint(lo), b = nearbyint(hi);
  if (!(a >= rl)) a = rl;
  if (!(a <= rh)) a = rh;
  if (!(b >= rl)) b = rl;
  if (!(b <= rh)) b = rh;
  if (b < a) { double t = a; a = b; b = t; }
  /* bounds as the element's two's complement bits, computed without a
   * conversion or subtraction that overflows (the edges of i64/u64 round
   * to 2^63 / 2^64 as doubles) */
  int sgn = elem_is_signed(e);
  uint64_t ua = int_bits(a, sgn), ub = int_bits(b, sgn);
  uint64_t span = ub - ua + 1; /* 0: the whole 64-bit range */
  for (uint64_t i = 0; i < count; i++) {
    uint64_t x = mix64(s ^ mix64(i));
    uint64_t v = ua + (span ? x % span : x);
    memcpy(d + i * es, &v, es); /* little-endian: the low es bytes */
  }
}

/* -------------------------------------------------------------- space */

simE_space *simE_space_new(const simI_program *p, unsigned k,
                           const simE_options *o, char *err, size_t errlen) {
  const simI_kernel_info *ki = simI_kernel(p, k);
  if (!ki) {
    snprintf(err, errlen, "no kernel %u", k);
    return NULL;
  }
  unsigned n = simE_slots(ki, NULL, 0);
  if (n > SIME_MAX_SLOTS) {
    snprintf(err, errlen, "kernel %s has %u parameter values (at most %u)", ki->demangled,
             n, SIME_MAX_SLOTS);
    return NULL;
  }
  simE_space *s = calloc(1, sizeof *s);
  if (!s) goto oom;
  s->p = p;
  s->k = k;
  s->ki = ki;
  s->o = *o;
  s->o.fixed = NULL;
  s->o.choices = NULL;
  if (!s->o.population) s->o.population = SIME_DEFAULT_POPULATION;
  if (!s->o.jobs) s->o.jobs = 1;
  s->nslots = n;
  unsigned m = n ? n : 1;
  s->slots = calloc(m, sizeof *s->slots);
  s->fixed = calloc(m, sizeof *s->fixed);
  s->slot_buf = calloc(m, sizeof *s->slot_buf);
  s->names = calloc(m, sizeof *s->names);
  if (!s->slots || !s->fixed || !s->slot_buf || !s->names) goto oom;
  simE_slots(ki, s->slots, n);
  int all = o->fix_grid && o->fix_block;
  for (unsigned i = 0; i < n; i++) {
    const simE_slot *sl = &s->slots[i];
    if (o->fixed) s->fixed[i] = o->fixed[i];
    if (!s->fixed[i].fixed) all = 0;
    s->slot_buf[i] = -1;
    int tex = sl->kind == SIMI_PARAM_INT && sl->field < 0 &&
              (s->fixed[i].fixed ? s->fixed[i].tex[SIME_TEX_MAGIC] == SIME_TEX_MAGIC_VALUE
                                 : sl->tex != 0);
    if ((sl->kind == SIMI_PARAM_PTR && !(s->fixed[i].fixed && s->fixed[i].null)) || tex) {
      s->slot_buf[i] = (int)s->nbufs++;
      if (!s->fixed[i].fixed && !tex) s->auto_bufs = 1;
      const simI_param *pp = sl->param < ki->nparams ? &ki->params[sl->param] : NULL;
      const char *pn = pp && pp->name && *pp->name ? pp->name : NULL;
      if (!pp) {
        snprintf(s->names[i], sizeof s->names[i], "%s", ki->texrefs[sl->param - ki->nparams].name);
      } else if (sl->field >= 0) {
        if (pn) snprintf(s->names[i], sizeof s->names[i], "%s.%d", pn, sl->field);
        else snprintf(s->names[i], sizeof s->names[i], "arg%u.%d", sl->param, sl->field);
      } else if (pn) {
        snprintf(s->names[i], sizeof s->names[i], "%s", pn);
      } else {
        snprintf(s->names[i], sizeof s->names[i], "arg%u", sl->param);
      }
    }
    /* a fixed buffer given without a type takes the kernel's */
    if (s->fixed[i].fixed && sl->kind == SIMI_PARAM_PTR && !s->fixed[i].null &&
        s->fixed[i].elem == SIMI_ELEM_UNKNOWN)
      s->fixed[i].elem = sl->elem;
  }
  s->varied = simE_varied_dims(ki);
  if (o->fix_block) s->varied &= ~7u;
  if (o->fix_grid) s->varied &= ~56u;
  s->varied &= ~o->no_vary;
  s->all_fixed = all;
  if (simE_cov_init(s) < 0) goto oom;
  /* a kernel that never reads blockIdx or gridDim and synchronises with
   * block-scope atomics is written for one block (<<<1, N>>>) */
  s->one_block = s->block_atomics && !all && !o->fix_grid && !o->have_host_grid &&
                 !o->host_launch && !o->nseeds &&
                 !(ki->dims_read & (SIMI_READS_CTAID_X | SIMI_READS_CTAID_Y | SIMI_READS_CTAID_Z |
                                    SIMI_READS_NCTAID_X | SIMI_READS_NCTAID_Y |
                                    SIMI_READS_NCTAID_Z));
  if (!(s->bufsize = calloc(m, sizeof *s->bufsize))) goto oom;
  if (!(s->choices = calloc(m, sizeof *s->choices))) goto oom;
  for (unsigned i = 0; i < n && o->choices; i++)
    if ((s->slots[i].kind == SIMI_PARAM_INT || s->slots[i].kind == SIMI_PARAM_FLOAT) &&
        !s->fixed[i].fixed && o->choices[i].n && o->choices[i].n <= SIME_MAX_CHOICES)
      s->choices[i] = o->choices[i];
  /* an enum parameter takes its enumerators' values (the first
   * SIME_MAX_CHOICES, spread over them), unless the program passes others */
  if (!(s->enums = calloc(m, 1))) goto oom;
  for (unsigned i = 0; i < n; i++) {
    const simE_slot *sl = &s->slots[i];
    const simI_param *pp = sl->param < ki->nparams ? &ki->params[sl->param] : NULL;
    if (sl->kind != SIMI_PARAM_INT || sl->field >= 0 || sl->tex || s->fixed[i].fixed || !pp ||
        !pp->nenums || s->choices[i].n)
      continue;
    unsigned ne = pp->nenums, k = ne < SIME_MAX_CHOICES ? ne : SIME_MAX_CHOICES;
    for (unsigned c = 0; c < k; c++)
      s->choices[i].v[c] = (uint64_t)pp->enums[(uint64_t)c * ne / k];
    s->choices[i].n = k;
    s->enums[i] = 1;
  }
  int nauto = 0, nsized = 0, by = -1, by2 = -1, two = 0;
  for (unsigned i = 0; i < n; i++) {
    s->bufsize[i].arg = -2;
    if (s->slot_buf[i] < 0 || s->fixed[i].fixed || s->slots[i].kind != SIMI_PARAM_PTR) continue;
    nauto++;
    const simE_bufsize *b = o->bufsize ? &o->bufsize[i] : NULL;
    if (!b || b->arg < -1 || b->arg >= (int)n) continue;
    if (b->arg >= 0 && s->slots[b->arg].kind != SIMI_PARAM_INT) continue;
    if (b->align && (b->rows_arg >= (int)n || b->rows_arg < -1 ||
                     (b->rows_arg >= 0 && s->slots[b->rows_arg].kind != SIMI_PARAM_INT)))
      continue;
    s->bufsize[i] = *b;
    /* the pitch slot must be an integer the search would vary */
    unsigned ps = b->pitch_slot;
    if (!b->align || !ps || ps > n || s->slots[ps - 1].kind != SIMI_PARAM_INT ||
        s->fixed[ps - 1].fixed)
      s->bufsize[i].pitch_slot = 0;
    nsized++;
    /* a pitched buffer's rows follow a second argument: the program's
     * formula over both, as a launch it makes (the width and height
     * arguments are the ones it allocates with) */
    int key = b->arg >= 0 ? b->arg : -1, key2 = b->align ? b->rows_arg : -1;
    if (key >= 0 && by >= 0 && key != by) two = 1;
    if (key >= 0) by = key;
    if (key2 >= 0 && by2 >= 0 && key2 != by2) two = 1;
    if (key2 >= 0) by2 = key2;
  }
  /* out-of-bounds findings only when every size follows one argument (or
   * constants): sizes from two arguments the search draws apart could
   * pair values the program never passes together */
  s->sized = nauto && nsized == nauto && !two;
  return s;
oom:
  snprintf(err, errlen, "out of memory");
  simE_space_free(s);
  return NULL;
}

void simE_space_free(simE_space *s) {
  if (!s) return;
  free(s->slots);
  free(s->fixed);
  free(s->slot_buf);
  free(s->names);
  free(s->sites);
  free(s->enums);
  free(s->branches);
  free(s->bufsize);
  free(s->choices);
  free(s);
}

unsigned simE_space_nslots(const simE_space *s) { return s->nslots; }
const simE_slot *simE_space_slot(const simE_space *s, unsigned i) {
  return i < s->nslots ? &s->slots[i] : NULL;
}

/* ------------------------------------------------------------ genomes */

/* The slot of a tie (o->tie_block / tie_grid), or -1 when it is unusable. */
static int tie_slot(const simE_space *s, unsigned tie) {
  if (!tie || tie > s->nslots) return -1;
  const simE_slot *sl = &s->slots[tie - 1];
  if (sl->kind != SIMI_PARAM_INT || s->fixed[tie - 1].fixed) return -1;
  return (int)tie - 1;
}

/* grid.x for argument value v under the grid tie. */
static long tie_grid_x(const simE_options *o, double v) {
  double d = o->tie_grid_div ? (double)o->tie_grid_div : 1.0;
  double x = floor((v + (double)o->tie_grid_add) / d);
  return x < 1 ? 1 : x > 65535 ? 65535 : (long)x;
}

static double slot_units(const simE_space *s, const simE_genome *g, int a);

/* Pitched buffers (simE_bufsize.align): searched width and height that
 * keep the buffer within SIME_BUFFER_CAP (a larger one would be cut, and
 * rows past the cut would read as overruns), and the pitch slot set to the
 * row bytes rounded up, as cudaMallocPitch returns it. */
static void pitch_fit(const simE_space *s, simE_genome *g) {
  for (unsigned i = 0; s->bufsize && i < s->nslots; i++) {
    const simE_bufsize *b = &s->bufsize[i];
    if (b->arg < -1 || !b->align || !b->unit) continue;
    double cap = (double)SIME_BUFFER_CAP, a = (double)b->align;
    if (b->arg >= 0 && !g->vals[b->arg].fixed && g->vals[b->arg].v * (double)b->unit > cap)
      g->vals[b->arg].v = floor(cap / (double)b->unit);
    double row = b->arg >= 0 ? slot_units(s, g, b->arg) * (double)b->unit : (double)b->unit;
    double pitch = row > 0 ? ceil(row / a) * a : 0;
    if (b->rows_arg >= 0 && !g->vals[b->rows_arg].fixed && pitch > 0 &&
        pitch * g->vals[b->rows_arg].v > cap) {
      double r = floor(cap / pitch);
      g->vals[b->rows_arg].v = r < 1 ? 1 : r;
    }
    if (b->pitch_slot) g->vals[b->pitch_slot - 1].v = pitch;
  }
}

/* Now and then (one in `one_in`, from seed's own stream) a pitched
 * buffer's searched width fills its pitch exactly (1 to 4 times the
 * alignment in bytes: image widths like 128 or 512 floats), the width at
 * which a row has no padding and an overrun of the row reaches the next. */
static void pitch_width(const simE_space *s, uint64_t seed, simE_genome *g, unsigned one_in) {
  for (unsigned i = 0; s->bufsize && i < s->nslots; i++) {
    const simE_bufsize *b = &s->bufsize[i];
    if (b->arg < 0 || !b->align || !b->unit || b->align % b->unit || g->vals[b->arg].fixed)
      continue;
    uint64_t x = mix64(seed ^ mix64(0x9170u + i));
    if (x % one_in) continue;
    g->vals[b->arg].v = (double)((1 + (x >> 16) % 4) * (b->align / b->unit));
  }
}

void simE_apply_ties(const simE_space *s, simE_genome *g, int from_block) {
  const simE_options *o = &s->o;
  int tb = tie_slot(s, o->tie_block), tg = tie_slot(s, o->tie_grid);
  if (tb >= 0 && !o->fix_block) {
    simE_value *v = &g->vals[tb];
    if (from_block) v->v = g->block.x;
    g->block.y = o->block.y ? o->block.y : 1;
    g->block.z = o->block.z ? o->block.z : 1;
    g->block.x = clampu((long)v->v, 1, 1024);
    v->v = g->block.x;
  }
  if (tg >= 0 && !o->fix_grid) {
    g->grid.x = (unsigned)tie_grid_x(o, g->vals[tg].v);
    g->grid.y = o->grid.y ? o->grid.y : 1;
    g->grid.z = o->grid.z ? o->grid.z : 1;
  }
  pitch_fit(s, g);
}

/* After the limits shrank a tied dimension, the argument follows it. */
static void ties_after(const simE_space *s, simE_genome *g) {
  const simE_options *o = &s->o;
  int tb = tie_slot(s, o->tie_block), tg = tie_slot(s, o->tie_grid);
  if (tb >= 0 && !o->fix_block) g->vals[tb].v = g->block.x;
  if (tg >= 0 && !o->fix_grid && tie_grid_x(o, g->vals[tg].v) != (long)g->grid.x) {
    /* the largest value that gives this grid */
    double d = o->tie_grid_div ? (double)o->tie_grid_div : 1.0;
    g->vals[tg].v = (double)g->grid.x * d + d - 1 - (double)o->tie_grid_add;
    if (tie_grid_x(o, g->vals[tg].v) != (long)g->grid.x) g->vals[tg].v -= 1;
  }
}

/* The block dimension a tile dimension of n elements is written for: n,
 * or n - 1 for a padded power of two (tile[8][8 + 1], s[128 + 1]: 8, 128). */
static unsigned tile_dim(unsigned n) {
  return n > 2 && !((n - 1) & (n - 2)) ? n - 1 : n;
}

void simE_tile_bound(const simE_space *s, simE_genome *g) {
  const simE_options *o = &s->o;
  if (o->fix_block || tie_slot(s, o->tie_block) >= 0) return;
  unsigned tx = s->ki->tile_x && (s->varied & 1) ? tile_dim(s->ki->tile_x) : 0;
  unsigned ty = s->ki->tile_y && (s->varied & 2) ? tile_dim(s->ki->tile_y) : 0;
  if (!o->nhost_blocks && tx && ty && tx * ty * g->block.z <= 512) {
    /* no launch in the host code: the kernel's shape is its precondition
     * (a 2-D tile indexed by threadIdx.x and .y is the block, T x U; a 1-D
     * one only bounds it: `if (t < 16) count[t] = 0` names 16 in a kernel
     * of any block) */
    g->block.x = tx;
    g->block.y = ty;
    return;
  }
  if (s->ki->tile_x && g->block.x > s->ki->tile_x) g->block.x = s->ki->tile_x;
  if (s->ki->tile_y && g->block.y > s->ki->tile_y) g->block.y = s->ki->tile_y;
}

/* The largest power of two at most v (a padded tile[32][33] is launched
 * 32 wide), 0 for 0. */
static unsigned pow2_floor(unsigned v) {
  unsigned p = 1;
  if (!v) return 0;
  while (p * 2 <= v) p *= 2;
  return p;
}

/* A block shape real programs launch (from seed): the kernel's tile
 * dimensions where its index arithmetic names them, else whole warps and
 * powers of two (x in 32..256 for a 1-D block; 8..32 by 2..8 when the kernel
 * reads threadIdx.y). */
static void program_shape(const simE_space *s, uint64_t seed, simE_genome *g) {
  static const unsigned X1[4] = {32, 64, 128, 256}, X2[3] = {8, 16, 32}, Y2[3] = {2, 4, 8};
  uint64_t x = mix64(seed ^ 0x7A11E5u);
  int two = (s->varied & 2) != 0;
  unsigned tx = pow2_floor(s->ki->tile_x), ty = pow2_floor(s->ki->tile_y);
  g->block.x = tx ? tx : two ? X2[x % 3] : X1[x % 4];
  if (two) g->block.y = ty ? ty : Y2[(x >> 8) % 3];
  if (s->varied & 4) g->block.z = 1u << ((x >> 16) % 3);
}

/* Put dims and derived parts (dynamic shared) of g within the limits. */
void simE_fix_dims(const simE_space *s, simE_genome *g) {
  const simE_options *o = &s->o;
  simE_apply_ties(s, g, 0);
  int tb = tie_slot(s, o->tie_block) >= 0, tg = tie_slot(s, o->tie_grid) >= 0;
  if (o->fix_block) {
    g->block = o->block;
  } else {
    g->block.x = (s->varied & 1) || tb ? clampu(g->block.x, 1, 1024) : 1;
    g->block.y = s->varied & 2 ? clampu(g->block.y, 1, 1024) : 1;
    g->block.z = s->varied & 4 ? clampu(g->block.z, 1, 64) : 1;
    while (dim_total(g->block) > 1024) {
      if (g->block.y > 1 && g->block.y >= g->block.z) g->block.y = (g->block.y + 1) / 2;
      else if (g->block.z > 1) g->block.z = (g->block.z + 1) / 2;
      else g->block.x = 1024;
    }
    simE_tile_bound(s, g);
  }
  if (o->fix_grid) {
    g->grid = o->grid;
  } else {
    g->grid.x = (s->varied & 8) || tg ? clampu(g->grid.x, 1, 65535) : 1;
    g->grid.y = s->varied & 16 ? clampu(g->grid.y, 1, 65535) : 1;
    g->grid.z = s->varied & 32 ? clampu(g->grid.z, 1, 65535) : 1;
  }
  /* keep search launches small: shrink the grid, then the block */
  for (;;) {
    uint64_t t = dim_total(g->grid) * dim_total(g->block);
    int many = !o->fix_grid && dim_total(g->grid) > SIME_SEARCH_MAX_BLOCKS;
    if (t <= SIME_SEARCH_MAX_THREADS && !many) break;
    if (!o->fix_grid && dim_total(g->grid) > 1) {
      simI_dim3 *d = &g->grid;
      if (d->x >= d->y && d->x >= d->z) d->x = (d->x + 1) / 2;
      else if (d->y >= d->z) d->y = (d->y + 1) / 2;
      else d->z = (d->z + 1) / 2;
    } else if (!o->fix_block && dim_total(g->block) > 1) {
      simI_dim3 *d = &g->block;
      unsigned lim = (unsigned)(SIME_SEARCH_MAX_THREADS / dim_total(g->grid));
      if (!lim) lim = 1;
      if (d->z > 1) d->z = (d->z + 1) / 2;
      else if (d->y > 1) d->y = (d->y + 1) / 2;
      else d->x = d->x > lim ? lim : (d->x + 1) / 2;
    } else {
      break;
    }
  }
  /* the cluster: given, the kernel's, or searched (x only, a power of two
   * up to 8) for a kernel using clusters; the grid a multiple of it */
  if (o->cluster.x) {
    g->cluster = o->cluster;
  } else if (s->ki->uses_cluster && !s->ki->cluster_dims.x) {
    unsigned c = 1;
    while (c < 8 && c * 2 <= g->cluster.x) c *= 2;
    g->cluster = (simI_dim3){c, 1, 1};
  } else {
    g->cluster = (simI_dim3){0, 0, 0};
  }
  if (!o->fix_grid) {
    simI_dim3 c = g->cluster.x ? g->cluster : s->ki->cluster_dims;
    if (c.x && c.y && c.z) {
      g->grid.x = (g->grid.x + c.x - 1) / c.x * c.x;
      g->grid.y = (g->grid.y + c.y - 1) / c.y * c.y;
      g->grid.z = (g->grid.z + c.z - 1) / c.z * c.z;
    }
  }
  ties_after(s, g);
  pitch_fit(s, g);
  if (o->fix_shared) g->shared = o->shared;
  else if (s->ki->uses_dynamic_shared)
    g->shared = (uint64_t)SIME_SHARED_PER_THREAD * dim_total(g->block);
  else g->shared = 0;
}

/* Integer scalar limits of the search: the width's range, and at most
 * 2^20 in magnitude (larger values only make loops time out). */
static void int_limits(unsigned bits, double *lo, double *hi) {
  if (bits <= 1) {
    *lo = 0;
    *hi = 1;
    return;
  }
  unsigned b = bits > 21 ? 21 : bits;
  *lo = -ldexp(1.0, (int)b - 1);
  *hi = ldexp(1.0, (int)b - 1) - 1;
}

/* Choice c of integer slot i as the number the search keeps: the
 * constant's bits read as the kernel's parameter reads them (signed
 * unless the slot is unsigned); of a floating-point slot, the double whose
 * bits it holds. */
double simE_choice_value(const simE_space *s, unsigned i, unsigned c) {
  const simE_slot *sl = &s->slots[i];
  uint64_t b = s->choices[i].v[c];
  if (sl->kind == SIMI_PARAM_FLOAT) {
    double d;
    memcpy(&d, &b, 8);
    return d;
  }
  unsigned w = sl->bits ? sl->bits : 64;
  if (w < 64) b &= (1ull << w) - 1;
  if (sl->is_unsigned || w >= 64 || !(b >> (w - 1) & 1)) return (double)b;
  return (double)(int64_t)(b | ~((1ull << w) - 1));
}

/* Is x one of integer slot i's program values? */
int simE_is_choice(const simE_space *s, unsigned i, double x) {
  for (unsigned c = 0; c < s->choices[i].n; c++)
    if (simE_choice_value(s, i, c) == x) return 1;
  return 0;
}

/* ---- textures the search makes (simE_slot.tex) */

/* The channel type of a fetch's info (SIMI_TEXINFO_*). */
static simI_elem tex_elem(unsigned info) {
  unsigned k = SIMI_TEXINFO_KIND(info), b = SIMI_TEXINFO_CHBYTES(info);
  if (k == 2 || (b != 1 && b != 2 && b != 4)) return SIMI_ELEM_F32;
  if (b == 1) return k ? SIMI_ELEM_U8 : SIMI_ELEM_I8;
  if (b == 2) return k ? SIMI_ELEM_U16 : SIMI_ELEM_I16;
  return k ? SIMI_ELEM_U32 : SIMI_ELEM_I32;
}

void simE_tex_draw(unsigned info, uint64_t x, simE_value *v) {
  uint32_t *t = v->tex;
  memset(t, 0, sizeof v->tex);
  unsigned dims = SIMI_TEXINFO_DIMS(info) ? SIMI_TEXINFO_DIMS(info) : 1;
  unsigned ch = SIMI_TEXINFO_CHANNELS(info);
  if (ch != 2 && ch != 4) ch = 1;
  simI_elem e = tex_elem(info);
  int surf = (info & SIMI_TEXINFO_SURFACE) != 0, layered = (info & SIMI_TEXINFO_LAYERED) != 0;
  if (layered && dims > 2) dims = 2;
  t[SIME_TEX_MAGIC] = SIME_TEX_MAGIC_VALUE;
  t[SIME_TEX_DIMS] = dims;
  t[SIME_TEX_KIND] = elem_is_float(e) ? 2 : elem_is_signed(e) ? 0 : 1;
  t[SIME_TEX_ESIZE] = simI_elem_size(e) * ch;
  t[SIME_TEX_CHANNELS] = ch;
  t[SIME_TEX_SURFACE] = surf ? 2u : 0u; /* out of range: dropped, never a trap */
  t[SIME_TEX_LAYERED] = (uint32_t)layered;
  t[SIME_TEX_W] = 1 + (uint32_t)(mix64(x ^ 1) % (dims == 1 ? 256 : 64)); /* 1-D: as a block */
  t[SIME_TEX_H] = dims >= 2 ? 1 + (uint32_t)(mix64(x ^ 2) % 64) : 1;
  t[SIME_TEX_D] = dims >= 3 || layered ? 1 + (uint32_t)(mix64(x ^ 3) % 8) : 1;
  uint64_t m = mix64(x ^ 4);
  for (unsigned d = 0; d < 3; d++) /* one mode for all dimensions, or one each */
    t[SIME_TEX_ADDR_X + d] = surf ? 1 : (uint32_t)((m % 2 ? m >> 8 : m >> (8 + 2 * d)) % 4);
  if (!surf && !(info & SIMI_TEXINFO_INDEX)) {
    uint64_t f = mix64(x ^ 5);
    t[SIME_TEX_READ] = (info & SIMI_TEXINFO_NFLOAT) && t[SIME_TEX_KIND] != 2 &&
                       simI_elem_size(e) <= 2;
    t[SIME_TEX_FILTER] = (t[SIME_TEX_KIND] == 2 || t[SIME_TEX_READ]) && f % 2;
    t[SIME_TEX_NORM] = (f >> 8) % 4 == 0;
  }
  v->elem = e;
  v->count = (uint64_t)t[SIME_TEX_W] * t[SIME_TEX_H] * t[SIME_TEX_D] * ch;
}

/* The extents the program binds for texture slot i (simE_options.fixed
 * with fixed = 0 and tex W set), kept in a drawn texture v. */
static void tex_keep_extent(const simE_space *s, unsigned i, simE_value *v) {
  const uint32_t *ft = s->fixed[i].tex;
  if (s->fixed[i].fixed || !ft[SIME_TEX_W]) return;
  v->tex[SIME_TEX_W] = ft[SIME_TEX_W];
  if (v->tex[SIME_TEX_DIMS] >= 2 && ft[SIME_TEX_H]) v->tex[SIME_TEX_H] = ft[SIME_TEX_H];
  unsigned ch = v->tex[SIME_TEX_CHANNELS] ? v->tex[SIME_TEX_CHANNELS] : 1;
  v->count = (uint64_t)v->tex[SIME_TEX_W] * v->tex[SIME_TEX_H] * v->tex[SIME_TEX_D] * ch;
}

/* A drawn texture within its limits: the descriptor kept, the contents a
 * rand fill of the channel type with LO, HI in its range (and within
 * +-2^20). */
static void fix_tex(simE_value *v) {
  if (v->tex[SIME_TEX_MAGIC] != SIME_TEX_MAGIC_VALUE) return;
  v->null = 0;
  v->v = 0;
  v->fill = SIME_FILL_RAND;
  v->data = NULL;
  v->ndata = 0;
  v->seed &= 0xFFFFFFFFu;
  int fl = elem_is_float(v->elem);
  double rl = -1048576, rh = 1048576;
  if (!fl) {
    double el, eh;
    elem_range(v->elem, &el, &eh);
    if (el > rl) rl = el;
    if (eh < rh) rh = eh;
  }
  double a = fl ? v->lo : nearbyint(v->lo), b = fl ? v->hi : nearbyint(v->hi);
  if (!(a >= rl)) a = rl;
  if (a > rh) a = rh;
  if (!(b >= a)) b = a;
  if (b > rh) b = rh;
  v->lo = a;
  v->hi = b;
}

static void fix_value(const simE_space *s, unsigned i, simE_value *v) {
  const simE_slot *sl = &s->slots[i];
  if (s->fixed[i].fixed) {
    *v = s->fixed[i];
    return;
  }
  v->fixed = 0;
  if (sl->tex && sl->field < 0) {
    fix_tex(v);
    return;
  }
  if (sl->kind == SIMI_PARAM_INT && simE_is_choice(s, i, v->v)) {
    /* one of the program's values: kept as it is (outside the search's
     * own range perhaps) */
  } else if (sl->kind == SIMI_PARAM_INT && s->enums && s->enums[i]) {
    /* an enum: the enumerator a free step lands nearest to */
    unsigned best = 0;
    for (unsigned c = 1; c < s->choices[i].n; c++)
      if (fabs(simE_choice_value(s, i, c) - v->v) < fabs(simE_choice_value(s, i, best) - v->v))
        best = c;
    v->v = simE_choice_value(s, i, best);
  } else if (sl->kind == SIMI_PARAM_INT) {
    double lo, hi;
    int_limits(sl->bits, &lo, &hi);
    double x = nearbyint(v->v);
    v->v = !(x >= lo) ? lo : x > hi ? hi : x;
  } else if (sl->kind == SIMI_PARAM_FLOAT) {
    if (!isfinite(v->v)) v->v = 0;
    if (v->v > 1e30) v->v = 1e30;
    if (v->v < -1e30) v->v = -1e30;
    if (sl->bits == 32) v->v = (float)v->v;
    else if (sl->bits == 16) v->v = simI_h2f(simI_f2h((float)v->v));
  } else if (v->fill == SIME_FILL_DATA && v->data && !v->null) {
    /* a recorded launch's contents (simE_options.seeds): kept as they are */
    v->elem = v->elem ? v->elem : sl->elem;
  } else {
    v->null = 0;
    v->src = NULL;
    v->vary = 0;
    /* the searched forms: rand (constants and zeros are rand with LO = HI),
     * sorted, and for integers prefix sums, permutations and iota */
    int ok = v->fill == SIME_FILL_RAND || v->fill == SIME_FILL_SORTED ||
             (!elem_is_float(sl->elem) && (v->fill == SIME_FILL_PREFIX ||
                                          v->fill == SIME_FILL_PERM ||
                                          v->fill == SIME_FILL_IOTA));
    if (!ok) v->fill = SIME_FILL_RAND;
    v->data = NULL;
    v->ndata = 0;
    v->elem = sl->elem;
    v->count = 0;
    v->seed &= 0xFFFFFFFFu;
    if (elem_is_float(sl->elem)) {
      if (!isfinite(v->lo)) v->lo = 0;
      if (!isfinite(v->hi)) v->hi = 1;
      if (v->lo < -1e6) v->lo = -1e6;
      if (v->hi > 1e6) v->hi = 1e6;
      if (v->hi < v->lo) v->hi = v->lo;
    } else {
      double rl, rh;
      elem_range(sl->elem, &rl, &rh);
      if (rh > 1048576) rh = 1048576;
      double a = nearbyint(v->lo), b = nearbyint(v->hi);
      if (!(a >= 0)) a = 0;
      if (a > rh) a = rh;
      if (!(b >= a)) b = a;
      if (b > rh) b = rh;
      v->lo = a;
      v->hi = b;
    }
  }
}

/* The structured form of an automatic buffer: from its own stream (seed,
 * slot), so that the other genes draw what they drew before forms existed.
 * Half the buffers keep rand; the others are sorted, prefix sums with
 * degrees in [0, 1..4], permutations, iota, a small constant or zeros. */
static void pick_form(const simE_space *s, unsigned i, uint64_t seed, simE_value *v) {
  uint64_t x = mix64(seed ^ mix64(0xF0F0u + i));
  unsigned u = (unsigned)(x % 16), fl = elem_is_float(s->slots[i].elem);
  unsigned small = (unsigned)((x >> 8) % 9);
  if (u < 8 || (fl && u < 12)) {
    v->fill = SIME_FILL_RAND;
  } else if (u < 10 || (fl && u < 14)) {
    v->fill = SIME_FILL_SORTED;
  } else if (u < 12) {
    v->fill = SIME_FILL_PREFIX;
    v->hi = 1 + small % 4;
  } else if (u == 12) {
    v->fill = SIME_FILL_PERM;
  } else if (u == 13) {
    v->fill = SIME_FILL_IOTA;
  } else {
    v->fill = SIME_FILL_RAND;
    v->lo = v->hi = u == 14 ? small : 0;
  }
}

void simE_genome_random(const simE_space *s, uint64_t seed, simE_genome *g) {
  gsl_rng *r = rng_new(seed);
  memset(&g->grid, 0, sizeof g->grid);
  g->block.x = r ? (unsigned)rnd_int(r, 1, 256) : 32;
  g->block.y = r ? (unsigned)rnd_int(r, 1, 16) : 1;
  g->block.z = r ? (unsigned)rnd_int(r, 1, 4) : 1;
  g->grid.x = r ? (unsigned)rnd_int(r, 1, 4) : 2;
  g->grid.y = r ? (unsigned)rnd_int(r, 1, 4) : 1;
  g->grid.z = r ? (unsigned)rnd_int(r, 1, 2) : 1;
  /* drawn only for a kernel using clusters (the stream of the others stays) */
  g->cluster = (simI_dim3){s->ki->uses_cluster && r ? 1u << rnd_int(r, 0, 2) : 2u, 1, 1};
  /* half the population: a shape real programs launch (own stream: the
   * other genes draw what they drew before) */
  if (mix64(seed ^ 0x5EA7u) % 2 == 0) program_shape(s, seed, g);
  for (unsigned i = 0; i < s->nslots; i++) {
    simE_value *v = &g->vals[i];
    memset(v, 0, sizeof *v);
    const simE_slot *sl = &s->slots[i];
    if (sl->kind == SIMI_PARAM_INT)
      v->v = sl->bits <= 1 ? (r ? (double)rnd_int(r, 0, 1) : 1) : (r ? (double)rnd_int(r, 1, 64) : 8);
    else if (sl->kind == SIMI_PARAM_FLOAT)
      v->v = r ? gsl_rng_uniform(r) * 16.0 : 1.0;
    else {
      v->seed = r ? gsl_rng_get(r) : 1;
      v->lo = 0;
      v->hi = r ? (double)rnd_int(r, 1, 64) : 8;
      pick_form(s, i, seed, v);
    }
    if (sl->tex && sl->field < 0) { /* own stream: the other genes draw as before */
      uint64_t x = mix64(seed ^ mix64(0x7E40u + i));
      simE_tex_draw(sl->tex, x, v);
      tex_keep_extent(s, i, v);
      v->seed = mix64(x ^ 6);
      v->lo = 0;
      v->hi = 1 + (double)(mix64(x ^ 7) % 64);
    }
    /* seven in eight draw one of the program's values (own stream); the
     * others keep a free value, whose findings are graded as outside the
     * program's launches */
    uint64_t cx = mix64(seed ^ mix64(0xC401u + i));
    if ((sl->kind == SIMI_PARAM_INT || sl->kind == SIMI_PARAM_FLOAT) && !sl->tex &&
        s->choices[i].n && cx % 8 != 0)
      v->v = simE_choice_value(s, i, (unsigned)(cx >> 8) % s->choices[i].n);
    fix_value(s, i, v);
  }
  pitch_width(s, seed, g, 4);
  simE_fix_dims(s, g);
  if (r) gsl_rng_free(r);
}

void simE_genome_seed(const simE_space *s, const simE_genome *seed, simE_genome *g) {
  g->grid = seed->grid;
  g->block = seed->block;
  g->shared = seed->shared;
  g->cluster = seed->cluster;
  for (unsigned i = 0; i < s->nslots; i++) {
    g->vals[i] = seed->vals[i];
    fix_value(s, i, &g->vals[i]);
  }
  simE_fix_dims(s, g);
}

void simE_genome_mutate(const simE_space *s, const simE_genome *parent,
                        uint64_t seed, int cauchy, simE_genome *child) {
  gsl_rng *r = rng_new(seed ^ (cauchy ? 0x5bd1e995u : 0));
  child->grid = parent->grid;
  child->block = parent->block;
  child->cluster = parent->cluster;
  child->shared = parent->shared;
  memcpy(child->vals, parent->vals, (size_t)s->nslots * sizeof *child->vals);
  if (!r) {
    simE_fix_dims(s, child);
    return;
  }
  /* dimensions: a small random integer vector */
  long d[6];
  for (unsigned i = 0; i < 3; i++) d[i] = rnd_int(r, -4, 4);
  for (unsigned i = 3; i < 6; i++) d[i] = rnd_int(r, -1, 1);
  child->block.x = clampu((long)child->block.x + d[0], 1, 1024);
  child->block.y = clampu((long)child->block.y + d[1], 1, 1024);
  child->block.z = clampu((long)child->block.z + d[2], 1, 64);
  child->grid.x = clampu((long)child->grid.x + d[3], 1, 65535);
  child->grid.y = clampu((long)child->grid.y + d[4], 1, 65535);
  child->grid.z = clampu((long)child->grid.z + d[5], 1, 65535);
  if (s->ki->uses_cluster) { /* another cluster size now and then */
    long c = rnd_int(r, -1, 1);
    child->cluster.x = c < 0 ? (child->cluster.x > 1 ? child->cluster.x / 2 : 1)
                     : c > 0 ? child->cluster.x * 2 : child->cluster.x;
  }
  /* now and then back to a shape real programs launch */
  if (mix64(seed ^ 0x5EA8u) % 8 == 0) program_shape(s, seed, child);
  /* arguments: a standard normal or standard Cauchy step on every number */
  for (unsigned i = 0; i < s->nslots; i++) {
    simE_value *v = &child->vals[i];
    if (s->fixed[i].fixed) continue;
    if (s->slots[i].tex && s->slots[i].field < 0) {
      /* the contents step as a buffer's; a Cauchy step redraws the seed
       * and now and then the whole texture (its own stream) */
      v->lo += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      v->hi += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      if (cauchy) {
        v->seed = gsl_rng_get(r);
        uint64_t x = mix64(seed ^ mix64(0x7E41u + i));
        if (x % 4 == 0) {
          simE_tex_draw(s->slots[i].tex, x, v);
          tex_keep_extent(s, i, v);
        }
      }
    } else if (s->slots[i].kind == SIMI_PARAM_PTR) {
      v->lo += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      v->hi += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      /* recorded contents: another variant of a few elements (simE_fill_buffer) */
      if (v->fill == SIME_FILL_DATA && !cauchy) v->vary = gsl_rng_get(r) | 1u;
      if (cauchy) {
        v->seed = gsl_rng_get(r);
        /* now and then another form (its own stream, see pick_form) */
        if (mix64(seed ^ mix64(0xA5A5u + i)) % 8 == 0) pick_form(s, i, seed, v);
      }
    } else if (s->choices[i].n && simE_is_choice(s, i, v->v)) {
      /* a program value: another of them now and then, rarely a free step
       * (own stream) */
      uint64_t x = mix64(seed ^ mix64(0xC402u + i));
      if (x % 4 == 0) v->v = simE_choice_value(s, i, (unsigned)(x >> 8) % s->choices[i].n);
      else if (x % 16 == 1) v->v += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
    } else {
      v->v += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      /* a free value goes back to a program value now and then */
      uint64_t x = mix64(seed ^ mix64(0xC403u + i));
      if (s->choices[i].n && x % 4 == 0)
        v->v = simE_choice_value(s, i, (unsigned)(x >> 8) % s->choices[i].n);
    }
    fix_value(s, i, v);
  }
  pitch_width(s, seed, child, 8);
  simE_fix_dims(s, child);
  gsl_rng_free(r);
}

/* x scaled by 2^z (z standard normal); a value below 2 in magnitude also
 * moves by a standard normal step, so that zero can leave zero. */
static double leap_num(gsl_rng *r, double x) {
  double y = x * exp2(gsl_ran_gaussian(r, 1.5));
  if (fabs(x) < 2) y += gsl_ran_gaussian(r, 1.0);
  return y;
}

void simE_genome_leap(const simE_space *s, const simE_genome *parent, uint64_t seed,
                      simE_genome *child) {
  gsl_rng *r = rng_new(seed ^ 0x1EA9u);
  child->grid = parent->grid;
  child->block = parent->block;
  child->cluster = parent->cluster;
  child->shared = parent->shared;
  memcpy(child->vals, parent->vals, (size_t)s->nslots * sizeof *child->vals);
  if (r) {
    for (unsigned i = 0; i < s->nslots; i++) {
      simE_value *v = &child->vals[i];
      if (s->fixed[i].fixed) continue;
      if (s->slots[i].kind == SIMI_PARAM_PTR) {
        /* a permutation or iota has no range to scale: half the leaps
         * make it rand values over the range it spans */
        if ((v->fill == SIME_FILL_PERM || v->fill == SIME_FILL_IOTA) &&
            gsl_rng_uniform(r) < 0.5) {
          v->fill = SIME_FILL_RAND;
          v->lo = 0;
          v->hi = (double)(dim_total(child->grid) * dim_total(child->block));
        }
        if (gsl_rng_uniform(r) < 0.5) v->hi = leap_num(r, v->hi);
        if (gsl_rng_uniform(r) < 0.25) v->lo = leap_num(r, v->lo);
        if (gsl_rng_uniform(r) < 0.5) v->seed = gsl_rng_get(r);
        if (v->fill == SIME_FILL_DATA) v->vary = gsl_rng_get(r) | 1u; /* recorded contents */
      } else if (gsl_rng_uniform(r) < 0.5) {
        v->v = leap_num(r, v->v);
      }
      fix_value(s, i, v);
    }
    gsl_rng_free(r);
  }
  simE_fix_dims(s, child);
}

static int value_eq(const simE_slot *sl, const simE_value *a, const simE_value *b) {
  if (a->tex[SIME_TEX_MAGIC] || b->tex[SIME_TEX_MAGIC])
    return !memcmp(a->tex, b->tex, sizeof a->tex) && a->elem == b->elem && a->fill == b->fill &&
           a->seed == b->seed && a->lo == b->lo && a->hi == b->hi && a->data == b->data &&
           a->ndata == b->ndata && a->count == b->count;
  if (sl->kind != SIMI_PARAM_PTR) return a->v == b->v;
  if (a->null != b->null) return 0;
  if (a->null) return 1;
  if (a->fill != b->fill || a->bits != b->bits || a->count != b->count || a->elem != b->elem)
    return 0;
  switch (a->fill) {
  case SIME_FILL_RAND:
  case SIME_FILL_SORTED:
  case SIME_FILL_PREFIX: return a->seed == b->seed && a->lo == b->lo && a->hi == b->hi;
  case SIME_FILL_PERM: return a->seed == b->seed;
  case SIME_FILL_DATA: return a->data == b->data && a->ndata == b->ndata && a->vary == b->vary;
  default: return 1;
  }
}

int simE_genome_eq(const simE_space *s, const simE_genome *a, const simE_genome *b) {
  if (memcmp(&a->grid, &b->grid, sizeof a->grid) || memcmp(&a->block, &b->block, sizeof a->block) ||
      memcmp(&a->cluster, &b->cluster, sizeof a->cluster) || a->shared != b->shared)
    return 0;
  for (unsigned i = 0; i < s->nslots; i++)
    if (!value_eq(&s->slots[i], &a->vals[i], &b->vals[i])) return 0;
  return 1;
}

/* The value integer slot a has in g (a fixed one's bits as its signed
 * value). */
static double slot_units(const simE_space *s, const simE_genome *g, int a) {
  const simE_value *v = &g->vals[a];
  double units = v->fixed ? (double)(int64_t)v->bits : v->v;
  if (v->fixed && s->slots[a].bits < 64) {
    unsigned w = s->slots[a].bits;
    uint64_t m = (1ull << w) - 1, x = v->bits & m;
    units = (x >> (w - 1)) & 1 ? (double)(int64_t)(x | ~m) : (double)x;
  }
  return units;
}

uint64_t simE_sized_count(const simE_space *s, const simE_genome *g, unsigned i) {
  const simE_bufsize *b = &s->bufsize[i];
  if (b->arg < -1) return 0;
  unsigned es = simI_elem_size(g->vals[i].elem ? g->vals[i].elem : s->slots[i].elem);
  double units = b->arg >= 0 ? slot_units(s, g, b->arg) : 1;
  double bytes = units * (double)b->unit;
  if (b->align) { /* a pitched allocation: rows of the pitch */
    double a = (double)b->align;
    bytes = ceil(bytes / a) * a * (b->rows_arg >= 0 ? slot_units(s, g, b->rows_arg)
                                                      : (double)b->rows);
  }
  if (!(bytes > 0) || !es) return 0;
  if (bytes > (double)SIME_BUFFER_CAP) bytes = (double)SIME_BUFFER_CAP;
  return (uint64_t)bytes / es;
}
