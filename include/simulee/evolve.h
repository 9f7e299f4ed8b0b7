/*
 * simulee evolve: the automatic input search (Simulee, ICSE 2020, section 3:
 * Algorithms 1 and 2). For one kernel it finds launch dimensions, scalar
 * argument values and buffer contents that make threads' memory accesses
 * collide, then runs the detectors on the best distinct inputs found.
 *
 * Genome (simE_genome): grid and block dimensions (only the dimensions the
 * kernel reads vary, within CUDA's limits, SIME_SEARCH_MAX_THREADS and
 * SIME_SEARCH_MAX_BLOCKS; half the random genomes and one child in eight
 * take a shape real programs launch: the tile the kernel's index
 * arithmetic names, simI_kernel_info.tile_x/tile_y, else whole warps and
 * powers of two; that tile also bounds the block unless it is fixed or
 * tied), one value per slot, where a slot is a scalar
 * parameter, a pointer parameter or a field of a struct passed by value
 * (simE_slots). A scalar slot holds a number; a pointer slot holds a buffer:
 * its element type (from the kernel's accesses; i32 when unknown), and
 * contents given by a fill (simE_fill: the search draws rand, sorted,
 * prefix sums, permutations, iota, constants and zeros). Buffers of the search have no size: each starts with one
 * element per launched thread and grows as the kernel touches it
 * (simI_buffer.cap, up to SIME_BUFFER_CAP bytes); the detection runs record
 * the sizes reached. Dynamic shared memory (extern __shared__) gets
 * SIME_SHARED_PER_THREAD bytes per thread of the block unless given.
 *
 * Algorithm: a random population of o->population genomes; each generation
 * every genome yields two children, one whose numbers move by a standard
 * normal step and one by a standard Cauchy step (GSL), both with their
 * dimensions moved by a small random integer vector (the Cauchy child also
 * draws a new buffer seed); parents and children are ranked and the best
 * o->population survive. Ranking: primary fitness = distinct addresses /
 * thread-address accesses (an address touched by k threads counts k), lower
 * is better; ties by the secondary fitness = bytes of the accessed ranges per
 * access. Fitness comes from a counting observer, not the detectors.
 * Coverage: the observer also marks the access sites (loads, stores,
 * atomics, memcpy/memset of global or shared memory in the kernel and the
 * functions it calls; evolve/coverage.c) and the branch outcomes (each
 * conditional branch's true and false target, each switch's distinct
 * targets) each evaluation ran, and how many threads took each outcome
 * (at least 2, 8, 32: SIME_BRANCH_LEVELS); a candidate that runs a site,
 * takes an outcome or reaches a lane count no earlier one did survives its
 * generation, the first SIME_DETECT_NOVEL / 2 and the most recent others
 * (SIME_DETECT_NOVEL in all) get a detection run, and the SIME_ARCHIVE most
 * recent are parents of SIME_LEAPS leaps (simE_genome_leap) per generation.
 * o->no_branch_cov leaves branch outcomes out (access sites only).
 * Stops early when the best primary fitness is at most SIME_ACCEPT (on
 * average every address touched is shared by two threads) and every site
 * ran or none was new for SIME_COV_PATIENCE generations, or when the best
 * primary fitness has not improved by SIME_IMPROVE (relative) and no site
 * was new for SIME_PATIENCE generations, or when the evaluations so far executed
 * SIME_SEARCH_BUDGET thread instructions, or at o->generations, or when the
 * time limit is half spent. An evaluation that faults (an access outside its
 * allocation: the kernel indexes beyond its own arrays for that launch) or
 * does not finish in SIME_SEARCH_MAX_STEPS steps per thread ranks last.
 *
 * Host code (simE_options.tie_*, bufsize): a dimension the program computes
 * from an argument is derived from that argument in every genome; a buffer
 * the program allocates with a known size has that size and does not grow.
 *
 * Detection: the SIME_DETECT_BEST best distinct genomes plus structural
 * variants of the best: 3 blocks of 48 threads (several blocks,
 * blockDim.x > 32 and not a multiple of 32; also where the kernel does not
 * read those dimensions, unless fixed: such an execution contributes only
 * its read-write races, as threads that compute the same addresses write
 * equal values by construction); the same with integer scalars set to the
 * thread count - 7 (the last block partly idle); where the kernel reads
 * blockDim/threadIdx.x, 2 blocks of 256 threads and one block of 1024
 * threads. They run with the detectors; executions that fault are left out
 * (unless every buffer has the program's size); the evidence of the
 * others is merged (so a barrier is redundant only if no examined execution
 * needs it) and each finding keeps the execution that first showed it, with
 * its exact arguments (simE_format_arg). An execution that synchronises
 * through atomics (a lock or a flag: a warp that spins on an atomic read,
 * or a compare-and-swap and a fence) also runs its launch in other orders of its
 * blocks and warps (simI_schedule: blocks reversed, each of the first
 * blocks first, warps reversed, each of the first warps first; at most
 * SIME_SCHED_RUNS, for the first SIME_SCHED_EXECS executions, within the
 * time limit), so that the thread whose fence is too narrow also takes a
 * lock second; their evidence is the execution's. A run of such an
 * execution that did not finish (a spin past the step budget) is replaced
 * by the first of those orders that finishes.
 *
 * Determinism: every random number comes from a GSL generator seeded from
 * (o->seed, generation, index); evaluations are deterministic (step budget,
 * no wall-time limit inside an evaluation until the time limit is reached),
 * so the result does not depend on o->jobs. Only o->time_limit can cut a
 * search short: the search ends at half of it, also inside an evaluation
 * (that evaluation and the batch's later ones rank last), and a detection
 * execution that would start after it is not run (status TIMEOUT, "not
 * run: the time limit was spent"; execution 0 always runs).
 *
 * Contract: no function exits or prints; errors are return codes with a
 * one-line message. The program must outlive every object made from it.
 */
#ifndef SIMULEE_EVOLVE_H
#define SIMULEE_EVOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "simulee/detect.h"
#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIME_DEFAULT_POPULATION 100u
#define SIME_DEFAULT_GENERATIONS 100u
#define SIME_DEFAULT_SEED 1u
#define SIME_ACCEPT 0.5            /* acceptable primary fitness */
#define SIME_PATIENCE 6u           /* generations without improvement */
#define SIME_IMPROVE 0.01          /* relative primary gain that counts */
#define SIME_SEARCH_MAX_THREADS 512u /* threads of one search evaluation */
#define SIME_SEARCH_MAX_BLOCKS 32u   /* blocks of one search evaluation */
#define SIME_SEARCH_MAX_STEPS 20000u /* per-thread steps in an evaluation */
#define SIME_SEARCH_BUDGET 50000000ull /* thread instructions of a whole
                                           search (deterministic time bound) */
#define SIME_SEARCH_LOCAL_BYTES 1024u /* per-thread stack in an evaluation (a
                                         stack overflow ranks last) */
#define SIME_DETECT_MAX_STEPS 2000000u /* per-thread steps of a detection run
                                          of searched inputs (no --max-steps) */
#define SIME_BUFFER_CAP ((uint64_t)1 << 22) /* bytes an automatic buffer may reach */
#define SIME_SHARED_PER_THREAD 16u /* dynamic shared bytes per block thread */
#define SIME_DETECT_BEST 4u        /* best distinct genomes run with detectors */
#define SIME_MAX_SLOTS 256u
#define SIME_HOST_SHAPES 8u         /* host launch shapes run with detectors */
#define SIME_HOST_VALUES 4u         /* host scalar values run with detectors */
#define SIME_SEED_DETECT 2u        /* recorded launches (simE_options.seeds)
                                      run with detectors */
#define SIME_DETECT_NOVEL 8u       /* candidates that executed an access site
                                      first, also run with detectors */
#define SIME_BARRIER_PAIRS 4u      /* back-to-back barrier pairs whose
                                      removal together is evaluated (each
                                      re-runs the detection executions) */
#define SIME_CSR_VERTICES 32u      /* vertices of the graph-sized detection
                                      variant (evolve/check.c) */
#define SIME_CSR_TRIES 2u          /* automatic integer buffers tried as its
                                      row offsets */
#define SIME_SCHED_EXECS 4u        /* detection executions that synchronise
                                      through atomics and fences (locks,
                                      flags) whose launch also runs in other
                                      block and warp orders */
#define SIME_SCHED_RUNS 8u         /* such orders per execution */
#define SIME_RECONFIRM 8u          /* other executions an unconfirmed race is
                                      confirmed on (the first that shows a
                                      difference becomes its witness) */
#define SIME_ARCHIVE 4u            /* most recent candidates that ran a site
                                      or took a branch outcome first, kept
                                      as parents of leaps */
#define SIME_LEAPS 6u              /* leaps (simE_genome_leap) per archived
                                      candidate and generation */
#define SIME_COV_PATIENCE 3u       /* generations without a new access site
                                      before an acceptable fitness stops */

/* One value the kernel receives: a parameter, or a field of a struct
 * parameter passed by value. */
typedef struct simE_slot {
  unsigned param;       /* parameter index */
  int field;            /* struct field index, or -1 for the parameter */
  simI_param_kind kind; /* INT, FLOAT or PTR */
  unsigned bits;        /* INT/FLOAT width */
  unsigned offset;      /* field >= 0: byte offset in the struct */
  simI_elem elem;       /* PTR: element type of its buffer (never UNKNOWN
                           or F16: i32 / u16 are used instead) */
  int is_unsigned;      /* INT parameter (not a field) whose source type is
                           unsigned (the demangled signature says so): its
                           value is written as the unsigned number the
                           kernel receives */
  unsigned tex;         /* INT parameter of 64 bits the kernel fetches through
                           as a texture or surface object (simI_param.tex,
                           SIMI_TEXINFO_*): the search makes a texture for
                           it (simE_value.tex); 0: a number */
} simE_slot;

/* How a buffer's contents are made (the --arg buffer forms). */
typedef enum simE_fill {
  SIME_FILL_ZERO = 0, /* TYPE[N] */
  SIME_FILL_VALUE,    /* TYPE[N]=V: every element has bits `bits` */
  SIME_FILL_IOTA,     /* TYPE[N]=iota */
  SIME_FILL_RAND,     /* TYPE[N]=rand:SEED:LO:HI (simE_fill_rand) */
  SIME_FILL_SORTED,   /* TYPE[N]=sorted:SEED:LO:HI: the rand values in
                         non-decreasing order (keys of a sorted index) */
  SIME_FILL_PREFIX,   /* TYPE[N]=prefix:SEED:LO:HI: element 0 is 0, element
                         i the sum of the first i rand values (CSR row
                         offsets whose steps, the degrees, are in [LO, HI]) */
  SIME_FILL_PERM,     /* TYPE[N]=perm:SEED: a permutation of 0..N-1 */
  SIME_FILL_DATA      /* TYPE[N]=list:V0,V1,... or TYPE[N]=@FILE: the user's
                         elements (data/ndata), zeros after them */
} simE_fill;

/* A texture or surface object in a launch (--arg tex2d:...): one global
 * buffer, SIME_TEX_BYTES of descriptor then the texels (row-major, x
 * fastest), and the kernel's cudaTextureObject_t / cudaSurfaceObject_t is
 * that buffer's address. The descriptor is SIME_TEX_WORDS 32-bit words at
 * these indices; cuda/texture_types.h (struct __sim_texdesc) reads them. */
enum {
  SIME_TEX_MAGIC = 0,    /* SIME_TEX_MAGIC_VALUE */
  SIME_TEX_DIMS,         /* 1, 2 or 3 */
  SIME_TEX_W, SIME_TEX_H, SIME_TEX_D, /* extent in texels (1 if unused) */
  SIME_TEX_KIND,         /* 0 signed integer, 1 unsigned, 2 float */
  SIME_TEX_ESIZE,        /* bytes per texel: 1, 2 or 4 */
  SIME_TEX_ADDR_X, SIME_TEX_ADDR_Y, SIME_TEX_ADDR_Z, /* 0 wrap, 1 clamp, 2 mirror,
                                                       3 border (cudaAddressMode*) */
  SIME_TEX_FILTER,       /* 0 point, 1 linear */
  SIME_TEX_NORM,         /* normalized coordinates */
  SIME_TEX_READ,         /* 0 element type, 1 normalized float */
  SIME_TEX_SURFACE,      /* 1: a surface object (surf*read/write); 2: one
                            whose out-of-range accesses read 0 and drop the
                            write in every boundary mode (`:zero`, what the
                            search draws: its sizes are not the program's) */
  SIME_TEX_CHANNELS,     /* channels per texel: 1, 2 or 4 (ESIZE covers them
                            all; the value's elem is one channel's type) */
  SIME_TEX_LAYERED,      /* 1: a layered texture of D layers */
  SIME_TEX_WORDS = 16
};
#define SIME_TEX_MAGIC_VALUE 0x58455453u /* "STEX" */
#define SIME_TEX_BYTES (4u * SIME_TEX_WORDS)

/* The value of one slot. */
typedef struct simE_value {
  int fixed;         /* given by the user: the search never changes it */
  double v;          /* INT/FLOAT: the number (integers are whole) */
  /* fixed INT/FLOAT: `bits` holds the exact bits of the value instead */
  int null;          /* PTR: a null pointer */
  simE_fill fill;    /* PTR: contents */
  uint64_t bits;     /* PTR, SIME_FILL_VALUE: one element's bits; fixed
                        INT/FLOAT: the value's bits */
  uint64_t seed;     /* PTR, SIME_FILL_RAND */
  double lo, hi;     /* PTR, SIME_FILL_RAND: range (integers: whole) */
  uint64_t count;    /* PTR: elements; 0 = automatic (one per thread, and
                        the buffer grows up to SIME_BUFFER_CAP) */
  simI_elem elem;    /* PTR: element type (fixed buffers: the user's) */
  const void *data;  /* PTR, SIME_FILL_DATA: ndata elements of type elem
                        (owned by whoever made the value; must outlive
                        the check) */
  uint64_t ndata;
  uint64_t vary;     /* PTR, SIME_FILL_DATA of a recorded launch (not fixed):
                        0 its contents as recorded, else the seed of a
                        variant that changes a few elements (simE_fill_buffer) */
  const char *src;   /* PTR, SIME_FILL_DATA of a recorded launch (simE_options
                        .seeds): its --arg text (TYPE[N]=@FILE), what a
                        replay line shows; NULL otherwise */
  uint32_t tex[SIME_TEX_WORDS]; /* 64-bit INT parameter that is a texture
                        or surface object, given (fixed) or drawn by the
                        search for a slot with simE_slot.tex
                        (tex[SIME_TEX_MAGIC] == SIME_TEX_MAGIC_VALUE; else
                        all 0): the descriptor the launch puts before the
                        texels (fill, count channel elements of type elem,
                        above) in a global buffer whose address the
                        parameter receives */
} simE_value;

typedef struct simE_genome {
  simI_dim3 grid, block; /* launch dimensions */
  uint64_t shared;       /* dynamic shared bytes */
  simE_value *vals;      /* one per slot (owned by whoever made the genome) */
  simI_dim3 cluster;     /* simI_launch.cluster: 0,0,0 = the kernel's
                            __cluster_dims__ (or none); searched (x only)
                            for a kernel that uses clusters without them */
} simE_genome;

/* Progress of a search, for a progress bar. */
typedef struct simE_progress {
  unsigned generation;   /* generations done */
  unsigned generations;  /* the budget */
  double best;           /* best primary fitness so far */
  uint64_t evaluations;  /* evaluations so far */
  double seconds;        /* wall time so far */
} simE_progress;

/* The size of an automatic buffer as the program allocates it (read from
 * the host code): arg >= 0: unit bytes per unit of that integer slot's
 * value; arg == -1: unit bytes; arg == -2: automatic (grows as used). A
 * sized buffer does not grow: an access past its end is out of bounds. */
typedef struct simE_bufsize {
  int arg;
  uint64_t unit;
  /* a pitched allocation (cudaMallocPitch): align > 0: the row of the bytes
   * above is rounded up to a multiple of align (the pitch), times rows:
   * rows_arg >= 0 that integer slot's value, -1 rows */
  uint64_t align;
  int rows_arg;
  uint64_t rows;
  unsigned pitch_slot;  /* slot index + 1 (0: none): that integer slot is
                           the pitch the program passes the kernel; it
                           receives the row bytes rounded up, never a
                           searched value (with align only) */
} simE_bufsize;

/* The values an integer or floating-point slot may take (read from the
 * host code: the distinct constants the program's launch sites pass):
 * n > 0: the search draws mostly these (v: for an integer, the bits the
 * kernel receives, zero-extended; for a floating-point slot, the bits of the
 * double that is the value as the parameter holds it). */
#define SIME_MAX_CHOICES 8u
typedef struct simE_choices {
  unsigned n;
  uint64_t v[SIME_MAX_CHOICES];
} simE_choices;

typedef struct simE_options {
  unsigned population;   /* 0 = SIME_DEFAULT_POPULATION */
  unsigned generations;  /* 0 = none after the initial population */
  uint64_t seed;         /* random seed */
  unsigned jobs;         /* worker threads (0 = 1) */
  double time_limit;     /* wall seconds for search + detection, 0 = none */
  unsigned warp_size;    /* 0 = 32 */
  int its;               /* independent thread scheduling rules (default 1,
                            simE_options_default; 0: lock-step warps) */
  uint64_t max_steps;    /* per-thread steps of a detection run, 0 = default */
  uint64_t mem_limit;    /* simI_launch.mem_limit of every launch (search,
                            detection, fixed), 0 = none */
  uint64_t device_heap;  /* simI_launch.device_heap of every launch, 0 = 8 MiB */
  int fix_grid, fix_block, fix_shared; /* the user gave these */
  simI_dim3 grid, block; /* fixed dims */
  uint64_t shared;       /* fixed dynamic shared bytes */
  const simE_value *fixed; /* per slot (simE_slots order), entries with
                              fixed = 1 are kept; NULL: nothing fixed. A
                              texture slot's entry with fixed = 0 and
                              tex[SIME_TEX_W] > 0: the search draws that
                              texture with these extents (W, and H when it
                              is 2-D; a legacy reference the host binds with
                              a constant size) */
  /* launch dimensions the program computes from an argument (read from the
   * host code): the search draws the argument and derives the dimension */
  unsigned tie_block;    /* slot index + 1 (0: none): block.x is that
                            integer slot's value (block y, z from o->block) */
  unsigned tie_grid;     /* slot index + 1 (0: none): grid.x = (value +
                            tie_grid_add) / tie_grid_div (y, z from o->grid) */
  int64_t tie_grid_add;
  uint64_t tie_grid_div; /* at least 1 */
  const simE_bufsize *bufsize; /* per slot (simE_slots order), or NULL:
                            every automatic buffer grows. When every
                            automatic buffer is sized, by constants and at
                            most one argument, out-of-bounds findings are
                            on and executions that fault are kept */
  int no_detect;         /* run the detection launches without detectors */
  int keep_data;         /* keep execution 0's buffer contents (--dump) */
  int no_confirm;        /* do not confirm races by schedule perturbation
                            (default: each race's witness execution is
                            re-run under other schedules, simD_confirm,
                            seeded by `seed`) */
  simD_options detect;   /* rules for the detection runs (initcheck only
                            with a fixed block: fix_block or all fixed) */
  void (*progress)(void *ctx, const simE_progress *p); /* may be NULL */
  void *progress_ctx;
  simI_dim3 cluster;     /* --cluster (0,0,0: the kernel's, or searched) */
  /* the block shapes the program's launch sites use (host code), when the
   * block is not fixed: detection also runs the best input with each (the
   * grid host_grid, one of the sites' grids, when have_host_grid), so a bug
   * the program can hit shows at a launch it makes (the
   * outside-program-launches grade) */
  unsigned nhost_blocks;                    /* at most SIME_HOST_SHAPES */
  simI_dim3 host_blocks[SIME_HOST_SHAPES];
  int have_host_grid;
  simI_dim3 host_grid;
  const simE_choices *choices; /* per slot (simE_slots order), or NULL:
                            integer slots with n > 0 take one of their
                            values (unless fixed) */
  int no_branch_cov;     /* branch outcomes are not coverage (the search
                            and its report count access sites only): for
                            measuring what they give the search */
  unsigned no_vary;      /* simE_varied_dims bits the search keeps at 1:
                            the program's launches are all lower-dimensional
                            (a 1-D launch site means 1-D blocks) */
  int host_launch;       /* the host code launches the kernel: a race that
                            needs several blocks of a kernel that never
                            reads blockIdx or gridDim stays an error */
  /* launches the program made (simulee run --record): the initial
   * population is these genomes (vals per slot; a buffer SIME_FILL_DATA with
   * the recorded contents and count, which mutation keeps unless a Cauchy
   * step picks another form) and mutations of them instead of random
   * genomes, and the first SIME_SEED_DETECT get a detection run at their
   * exact shape. Values of slots the user fixed are the user's. */
  const simE_genome *seeds;
  unsigned nseeds;
} simE_options;

/* Defaults: population 100, generations 100, seed 1, 1 job, detectors on
 * except out-of-bounds findings (automatic buffers have no size a kernel
 * could overrun, and the sizes of a search are the search's choice; a
 * caller running a fixed launch turns them on; simE_check turns them on
 * when o->bufsize sizes every automatic buffer). */
void simE_options_default(simE_options *o);

/* The slots of kernel ki in order (parameters in order, struct fields in
 * offset order), then one texture slot per legacy texture reference
 * (ki->texrefs[j]: param = nparams + j). Writes at most max entries to out,
 * returns the count. */
unsigned simE_slots(const simI_kernel_info *ki, simE_slot *out, unsigned max);

/* The bits a kernel receives for searched value v of scalar slot sl (an
 * integer truncated to its width; a float's IEEE bits). */
uint64_t simE_scalar_bits(const simE_slot *sl, double v);

/* Which dimensions the search varies for kernel ki: bits 0..2 block x,y,z
 * and 3..5 grid x,y,z (from simI_kernel_info.dims_read). */
unsigned simE_varied_dims(const simI_kernel_info *ki);

/* Deterministic buffer contents: element i of `count` elements of type e is
 * a function of (seed, i) only: integers uniform in [lo, hi] (rounded to
 * whole numbers, clamped to the type), floats uniform in [lo, hi). data must
 * hold count elements. */
void simE_fill_rand(simI_elem e, void *data, uint64_t count, uint64_t seed,
                    double lo, double hi);

/* Fill n elements of type e at data as value v says (v->fill; the forms
 * of simE_fill). Returns 0, or -1 (out of memory). */
int simE_fill_buffer(const simE_value *v, simI_elem e, void *data, uint64_t n);

/* A search space: the kernel, its slots and the options. */
typedef struct simE_space simE_space;

/* Make the search space of kernel k. Returns NULL with a message in err
 * (out of memory, too many slots, a fixed value that does not fit). */
simE_space *simE_space_new(const simI_program *p, unsigned k,
                           const simE_options *o, char *err, size_t errlen);
void simE_space_free(simE_space *s);
unsigned simE_space_nslots(const simE_space *s);
const simE_slot *simE_space_slot(const simE_space *s, unsigned i);

/* A random genome (g->vals must hold nslots values), from seed. */
void simE_genome_random(const simE_space *s, uint64_t seed, simE_genome *g);
/* A child of parent: a normal (cauchy = 0) or Cauchy (1) step, from seed.
 * child->vals must hold nslots values. Respects every limit (dims within
 * CUDA's and SIME_SEARCH_MAX_THREADS unless fixed, integers within their
 * width). */
void simE_genome_mutate(const simE_space *s, const simE_genome *parent,
                        uint64_t seed, int cauchy, simE_genome *child);
/* A leap from parent (a candidate that ran something first): the launch
 * dimensions stay; each searched number (scalar, buffer range bound) is
 * scaled, with probability 1/2, by 2^z for a standard normal z (a small one
 * also moves by a standard normal step), and a buffer redraws its seed
 * with probability 1/2 (a permutation or iota becomes, with probability
 * 1/2, rand values over the range it spans), so that the next data guard's threshold, however
 * far in absolute terms, is a few leaps away. Same limits as
 * simE_genome_mutate. */
void simE_genome_leap(const simE_space *s, const simE_genome *parent, uint64_t seed,
                      simE_genome *child);

/* The fitness of a genome. */
typedef struct simE_fitness {
  double primary;     /* distinct addresses / thread-address accesses */
  double secondary;   /* accessed range bytes / thread-address accesses */
  int penalty;        /* 1: the evaluation did not finish (ranked last) */
  uint64_t accesses;  /* thread-address accesses counted */
  uint64_t insns;     /* thread instructions the evaluation executed */
  unsigned reached;   /* access sites it executed (when measured) */
  int not_run;        /* the search's time was spent before it started */
  int trapped;        /* a device assert or __trap failed: a precondition
                         of the kernel the candidate violates (penalty) */
} simE_fitness;

/* Run genome g once with the counting observer (search budget). Returns 0,
 * or -1 on out of memory. */
int simE_evaluate(const simE_space *s, const simE_genome *g, simE_fitness *f);

/* One execution of the detection phase. */
typedef struct simE_exec {
  simE_genome g;       /* its genome (vals owned by the result) */
  uint64_t *bytes;     /* per slot: the buffer's final bytes (0: no buffer) */
  simI_result res;     /* its interpreter result */
  simE_fitness fit;    /* its search fitness */
  void **data;         /* execution 0 with o->keep_data: per slot the
                          buffer's contents after the run (else NULL;
                          simI_mem_alloc memory, simE_result_free releases
                          it with simI_mem_free) */
} simE_exec;

/* The outcome of simE_check. */
typedef struct simE_result {
  simE_space *space;     /* the search space (owned) */
  simD_ctx *detect;      /* merged evidence of every execution (NULL when
                            o->no_detect); owned */
  simD_list findings;    /* simD_collect of detect, plus trap findings */
  int *finding_exec;     /* per finding: execution that showed it first
                            (redundant barrier: the first in which it
                            released), or -1 if none is known */
  unsigned nexec;        /* detection executions */
  simE_exec *execs;      /* [0] is the best genome of the search */
  simI_status status;    /* the status of execution 0 (the best input's
                            run; the others are extra evidence) */
  char message[512];     /* its message when not OK */
  uint64_t evaluations;  /* search evaluations */
  unsigned generations;  /* generations run */
  double best;           /* best primary fitness */
  uint64_t insns;        /* thread instructions of the detection runs */
  uint64_t threads;      /* threads of the detection runs */
  unsigned parallel;     /* detection runs whose blocks ran on several
                            threads (simI_run_jobs) */
  unsigned workers;      /* the most threads one of them used */
  double worker_cpu;     /* CPU seconds of their worker threads */
  double busiest_cpu;    /* of their busiest worker threads, summed */
  unsigned parts;        /* their ranges of blocks (simI_result.parts) */
  double seconds;        /* wall time (search + detection) */
  double search_seconds; /* wall time of the search alone */
  unsigned cov_total;    /* access sites (loads, stores, atomics of global
                            or shared memory) of the kernel and the
                            functions it calls */
  unsigned cov_reached;  /* of which a search evaluation or a detection
                            run executed */
  uint32_t *cov_unreached; /* the others, sorted (simI_site_loc); owned */
  unsigned cov_nunreached; /* their count */
  unsigned br_total;     /* branch outcomes of the kernel and the functions
                            it calls (a conditional branch's true and false
                            targets, a switch's distinct targets) */
  unsigned br_reached;   /* of which an evaluation or detection run took */
  uint64_t *br_unreached; /* the others, sorted: branch site << 32 |
                             target (simE_branch_outcome); owned */
  unsigned br_nunreached; /* their count */
  uint32_t *finding_execs; /* per finding: bit i set when execution i showed
                              it (i < 32; redundant barriers: 0); owned */
  int search_cut;        /* the search stopped at the time limit before its
                            own end (an evaluation was stopped or not run) */
  unsigned unfinished;   /* detection runs after the first that did not run
                            to the end (time limit, step budget): their
                            evidence is partial */
  int incomplete;        /* search_cut or unfinished, and status OK (the best
                            input's run ran to the end; one that did not is
                            the status TIMEOUT): the kernel's status is
                            incomplete */
  char incomplete_msg[512]; /* why, and what was checked (candidates run,
                               detection runs, access sites covered) */
  void *csr_data[SIME_CSR_TRIES]; /* row offsets of the graph-sized
                            variants (execution values point into them);
                            owned */
  simD_ctx *aux_detect;  /* the evidence of the first execution left out of
                            the merge whose read-write races were added
                            (simD_finding_launch of those findings); owned,
                            or NULL */
  uint64_t discarded;    /* candidates and detection runs discarded: a device
                            assert or __trap failed on a launch shape or
                            scalar the search invented (the kernel's own
                            precondition, not a bug); a failing assert at a
                            launch the user or the program gave stays an
                            assertion finding */
} simE_result;

/* Search kernel k of p and run the detectors on the inputs found. With
 * everything fixed (dims, every slot) it is one detection run of that
 * launch. Returns 0 (r filled; free with simE_result_free), or -1 with a
 * message (out of memory, bad options). */
int simE_check(const simI_program *p, unsigned k, const simE_options *o,
               simE_result *r, char *err, size_t errlen);
void simE_result_free(simE_result *r);

/* The --arg text of parameter `param` in execution x of kernel space s
 * (buffers with their final size): "42", "0.5", "i32[256]=rand:7:0:63",
 * "{1,f32[64]}", "null"; param nparams + j: the texture of legacy reference
 * j ("tex1d:f32:64=rand:..."). Returns 0, or -1 if it does not fit in len. */
int simE_format_arg(const simE_space *s, const simE_exec *x, unsigned param,
                    char *buf, size_t len);

/* Run fn(ctx, i) for i in 0..n-1 on up to `jobs` threads (the caller's
 * included, at most 64); each thread takes the next index. Returns when
 * every item is done. fn must be safe to run concurrently. */
void simE_parallel(unsigned jobs, unsigned n, void (*fn)(void *ctx, unsigned i), void *ctx);
/* The same on up to `threads` threads without the cap (fewer when threads
 * cannot be made): the worker threads of `simulee scan`. */
void simE_workers(unsigned threads, unsigned n, void (*fn)(void *ctx, unsigned i), void *ctx);

/* Which outcome of its branch an entry of simE_result.br_unreached is: 1
 * the condition's true target, 0 its false target, 2 a switch target. */
int simE_branch_side(const simI_program *p, uint64_t outcome);

/* The search space simE_check made (valid until simE_result_free). */
const simE_space *simE_result_space(const simE_result *r);

#ifdef __cplusplus
}
#endif
#endif
