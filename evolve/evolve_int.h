/*
 * simulee evolve, private: what the files of evolve/ share (evolve.h is the
 * module's contract). Rooms: genome.c (slots, search space, genomes and
 * mutation), launch.c (a genome's launch), fitness.c (the counting
 * observer), pool.c (worker threads), search.c (the evolutionary loop),
 * check.c (detection runs and their merge), format.c (replay spelling).
 */
#ifndef SIMULEE_EVOLVE_INT_H
#define SIMULEE_EVOLVE_INT_H

#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdint.h>
#include <time.h>

#include "simulee/evolve.h"
#include "util/clock.h"

/* ------------------------------------------------------------ helpers */

static inline uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* The seed of candidate `index` of generation `gen`. */
static inline uint64_t cand_seed(uint64_t seed, unsigned gen, unsigned index) {
  return mix64(mix64(seed) ^ mix64(((uint64_t)gen << 32) | index));
}

static inline gsl_rng *rng_new(uint64_t seed) {
  gsl_rng *r = gsl_rng_alloc(gsl_rng_taus2);
  if (r) gsl_rng_set(r, (unsigned long)(mix64(seed) | 1u));
  return r;
}

/* Uniform integer in [lo, hi]. */
static inline long rnd_int(gsl_rng *r, long lo, long hi) {
  if (hi <= lo) return lo;
  return lo + (long)gsl_rng_uniform_int(r, (unsigned long)(hi - lo + 1));
}

static inline int elem_is_float(simI_elem e) {
  return e == SIMI_ELEM_F32 || e == SIMI_ELEM_F64 || e == SIMI_ELEM_F16;
}

static inline int elem_is_signed(simI_elem e) {
  return e == SIMI_ELEM_I8 || e == SIMI_ELEM_I16 || e == SIMI_ELEM_I32 ||
         e == SIMI_ELEM_I64;
}

/* Range of integer elements of type e, as doubles. */
static inline void elem_range(simI_elem e, double *lo, double *hi) {
  unsigned bits = 8 * simI_elem_size(e);
  if (bits >= 64) bits = 63;
  if (elem_is_signed(e)) {
    *lo = -ldexp(1.0, (int)bits - 1);
    *hi = ldexp(1.0, (int)bits - 1) - 1;
  } else {
    *lo = 0;
    *hi = ldexp(1.0, (int)bits) - 1;
  }
}

static inline simI_elem norm_elem(simI_elem e) {
  if (e == SIMI_ELEM_UNKNOWN) return SIMI_ELEM_I32;
  if (e == SIMI_ELEM_F16) return SIMI_ELEM_U16;
  return e;
}

static inline uint64_t dim_total(simI_dim3 d) { return (uint64_t)d.x * d.y * d.z; }

static inline unsigned clampu(long v, unsigned lo, unsigned hi) {
  if (v < (long)lo) return lo;
  if (v > (long)hi) return hi;
  return (unsigned)v;
}

/* -------------------------------------------------------------- space */


struct simE_space {
  const simI_program *p;       /* the program */
  unsigned k;                  /* kernel index */
  const simI_kernel_info *ki;  /* its description */
  simE_options o;              /* options (o.fixed not kept) */
  unsigned nslots;             /* slots */
  simE_slot *slots;            /* the slots */
  simE_value *fixed;           /* per slot: the user's value (fixed = 1) */
  int *slot_buf;               /* per slot: buffer index, or -1 */
  char (*names)[64];           /* per slot: buffer name for reports */
  unsigned nbufs;              /* buffers of a launch */
  unsigned varied;             /* dims varied (simE_varied_dims minus fixed) */
  int all_fixed;               /* nothing to search */
  int auto_bufs;               /* some buffer is automatic */
  uint32_t *sites;             /* access sites of the kernel, sorted
                                  (coverage.c) */
  unsigned nsites;             /* their count */
  uint64_t *branches;          /* branch outcomes (site << 32 | target),
                                  sorted; bits nsites.. of a coverage map */
  unsigned nbranches;          /* their count */
  simE_bufsize *bufsize;       /* per slot: the program's size (arg -2: none) */
  simE_choices *choices;       /* per slot: the program's values (n 0: any) */
  int sized;                   /* every automatic buffer is sized */
  int block_atomics;           /* some atomic of block scope (atomicAdd_block,
                                  atomicCAS_block, ...) in the kernel's code
                                  (coverage.c) */
  unsigned char *enums;        /* per slot: 1 when an integer parameter of an
                                  enum type whose enumerators (debug info)
                                  are its choices: it takes only those */
  int one_block;               /* written for one block: never reads blockIdx
                                  or gridDim, takes block-scope atomics, and
                                  neither the user nor the host code gives
                                  the grid: a finding only launches of
                                  several blocks show is a note */
};
/* The elements of sized buffer slot i in genome g, or 0 when the buffer is
 * automatic. */
uint64_t simE_sized_count(const simE_space *s, const simE_genome *g, unsigned i);

/* Put dims and derived parts (dynamic shared) of g within the limits. */
void simE_fix_dims(const simE_space *s, simE_genome *g);
/* Derive the tied dimensions of g from their arguments (o->tie_block,
 * o->tie_grid); from_block: the block tie's argument takes block.x first
 * (a structural variant chose the block). */
void simE_apply_ties(const simE_space *s, simE_genome *g, int from_block);
/* g's block from the tile the kernel's index arithmetic names
 * (simI_kernel_info.tile_x, tile_y) unless the block is fixed or tied:
 * without host launch sites a 2-D tile is the block (a padded 2^k + 1
 * dimension gives 2^k; up to 512 threads), the kernel's precondition;
 * otherwise the block is bounded by the tile (a wider block is not one the
 * kernel is written for). */
void simE_tile_bound(const simE_space *s, simE_genome *g);
/* Genome g from recorded launch seed (simE_options.seeds): its dims and
 * values within the search's limits (the user's fixed values kept). */
void simE_genome_seed(const simE_space *s, const simE_genome *seed, simE_genome *g);
/* Genomes a and b give the same launch. */
int simE_genome_eq(const simE_space *s, const simE_genome *a, const simE_genome *b);
/* Draw a texture for a fetch of `info` (SIMI_TEXINFO_*) from hash x into v:
 * the descriptor (extents 1..64, 1-D 1..256, layers and depth 1..8, address modes, point
 * or linear filtering of float texels, normalized coordinates now and then),
 * elem (the channel type) and count (channel elements); the contents (fill,
 * seed, lo, hi) are the caller's. */
void simE_tex_draw(unsigned info, uint64_t x, simE_value *v);

/* ------------------------------------------------------------ coverage */

/* Fill s->sites: the global/shared access sites of every function kernel
 * s->k can reach. Returns 0 or -1 (out of memory). */
int simE_cov_init(simE_space *s);
/* Index of `site` in s->sites, or -1 when it is not one. */
int simE_cov_index(const simE_space *s, uint32_t site);
/* Index of outcome (site, target) in s->branches, or -1. */
int simE_cov_branch_index(const simE_space *s, uint32_t site, uint32_t target);
/* Bits of a coverage bitmap that say what ran: the access sites, then the
 * branch outcomes. */
static inline unsigned simE_cov_bits(const simE_space *s) { return s->nsites + s->nbranches; }
/* Lane counts of a branch outcome that are coverage of their own (an input
 * that sends at least 2, 8 or 32 threads one way in an evaluation, where
 * earlier ones sent fewer, got further into that data guard: it is kept
 * like one that took a new outcome; two threads past a guard is what a
 * race behind it needs). Bits simE_cov_bits.. of a bitmap, per outcome. */
#define SIME_BRANCH_LEVELS 3u
static const unsigned simE_branch_level[SIME_BRANCH_LEVELS] = {2, 8, 32};
/* Every bit of a coverage bitmap: the above, then SIME_BRANCH_LEVELS per
 * branch outcome. */
static inline unsigned simE_cov_allbits(const simE_space *s) {
  return s->nsites + s->nbranches * (1 + SIME_BRANCH_LEVELS);
}
/* 64-bit words of a coverage bitmap of space s (at least 1). */
static inline unsigned simE_cov_words(const simE_space *s) {
  return simE_cov_allbits(s) ? (simE_cov_allbits(s) + 63) / 64 : 1;
}
/* Evaluate g like simE_evaluate and set in cov (simE_cov_words words,
 * cleared by the caller, or NULL) the bit of every site it executed. */
int simE_evaluate_cov(const simE_space *s, const simE_genome *g, simE_fitness *f,
                      uint64_t *cov);
/* The same, stopping at the absolute time deadline (0: none): an
 * evaluation that starts after it is not run, one that reaches it stops
 * (a timeout); both have the penalty (rank last). */
int simE_evaluate_until(const simE_space *s, const simE_genome *g, simE_fitness *f,
                        uint64_t *cov, double deadline);
/* Where the executed sites go: cov (simE_cov_words words, or NULL); last
 * caches the last site marked (start with UINT32_MAX). */
typedef struct simE_covobs {
  const simE_space *s;
  uint64_t *cov;
  uint32_t last;
  uint64_t last_br;  /* the last branch outcome marked (start with
                        UINT64_MAX) */
  int last_bi;       /* its index in s->branches (-1: not one) */
  uint32_t *lanes;   /* per branch outcome: lanes sent there (NULL: not
                        counted) */
} simE_covobs;
void simE_cov_mark(simE_covobs *c, uint32_t site);
/* Mark branch outcome (site, target). */
void simE_cov_mark_branch(simE_covobs *c, uint32_t site, uint32_t target);
/* An observer that only marks the sites executed (c outlives the run). */
simI_observer simE_cov_observer(simE_covobs *c);

/* ------------------------------------------------------------ launches */

typedef struct simE_built {
  simI_launch l;          /* the launch */
  simI_arg *args;         /* per parameter */
  simI_buffer *bufs;      /* per buffer */
  unsigned char **raws;   /* per parameter: struct bytes or NULL */
  struct simI_texbind *binds; /* per legacy texture reference (l.texbinds) */
} simE_built;

void simE_built_free(const simE_space *s, simE_built *b);
/* Build the launch of genome g. counts: per slot initial elements of
 * automatic buffers (NULL or 0: one per thread); search: the limits of a
 * search evaluation. Returns 0 or -1 (out of memory). */
int simE_build(const simE_space *s, const simE_genome *g, const uint64_t *counts,
          int search, simE_built *b);

/* -------------------------------------------------------------- search */

typedef struct simE_cand {
  simE_genome g;     /* genome (vals point into a pool) */
  simE_fitness f;    /* its fitness */
  uint64_t id;       /* birth order: the last tie-break */
  int novel;         /* it executed an access site or took a branch
                        outcome no earlier candidate did (survives this
                        generation's selection) */
} simE_cand;

/* The search: fills best[0..*nbest) with genomes, best first (vals into
 * pool `keep`, nslots each), and the coverage it reached. */
typedef struct simE_search_out {
  simE_value *keep;      /* values of the kept genomes */
  simE_cand *best;       /* the final population, sorted */
  unsigned nbest;        /* its size */
  uint64_t evaluations;
  unsigned generations;
  uint64_t *seen;        /* sites executed by any evaluation
                            (simE_cov_words words) */
  simE_cand *novel;      /* candidates that executed a site first: the
                            first SIME_DETECT_NOVEL / 2 found, then a ring
                            of the most recent (at most SIME_DETECT_NOVEL;
                            vals in novel_vals, nslots each) */
  simE_value *novel_vals;
  unsigned nnovel;
  unsigned nring;        /* novel candidates after the first
                            SIME_DETECT_NOVEL / 2 (the ring's position) */
  int cut;               /* the time limit stopped it before its own end */
  uint64_t trapped;      /* evaluations a device assert or trap stopped */
} simE_search_out;
/* Free what simE_search allocated in out. */
void simE_search_out_free(simE_search_out *out);

/* Run the search of space s (t0: its start, for the time limit). Returns 0
 * (out filled; free with simE_search_out_free) or -1 (out of memory). */
int simE_search(const simE_space *s, double t0, simE_search_out *out);

/* Choice c of integer slot i (simE_options.choices) as the number a genome
 * keeps (signed unless the slot is unsigned); whether x is one of them. */
double simE_choice_value(const simE_space *s, unsigned i, unsigned c);
int simE_is_choice(const simE_space *s, unsigned i, double x);

#endif
