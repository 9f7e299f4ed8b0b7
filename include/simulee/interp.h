/*
 * simulee interp: load a CUDA kernel's LLVM bitcode once, lower it to a compact
 * instruction form, and execute launches of it warp by warp on the CPU.
 *
 * Contract of the module:
 *  - simI_load() is the only function that touches LLVM; the returned program is
 *    immutable and may be shared by any number of concurrent launches (threads).
 *  - simI_run() executes one launch. It emits events to the observers it is
 *    given and knows nothing of what they do with them.
 *  - Tool errors are status codes with a one-line message; kernel bugs found
 *    while running (out-of-bounds, barrier divergence, ...) are events.
 *  - No function exits the process.
 */
#ifndef SIMULEE_INTERP_H
#define SIMULEE_INTERP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- status */

typedef enum simI_status {
  SIMI_OK = 0,          /* launch ran to the end */
  SIMI_E_USAGE,         /* bad launch configuration or arguments */
  SIMI_E_INPUT,         /* the file is not readable / not bitcode / not CUDA */
  SIMI_E_NOMEM,         /* an allocation failed */
  SIMI_E_UNSUPPORTED,   /* an instruction or call the interpreter does not know */
  SIMI_E_TIMEOUT,       /* the step budget ran out (kernel does not finish) */
  SIMI_E_TRAP,          /* the kernel trapped: assert failure, __trap, unreachable */
  SIMI_E_INTERNAL,      /* simulee bug; message says where */
  SIMI_E_DEADLOCK       /* every live thread of a block waits for an mbarrier
                           phase that cannot complete (site: a waiting site) */
} simI_status;

/* Human name of a status ("ok", "timeout", ...). Never NULL. */
const char *simI_status_name(simI_status s);

/* ------------------------------------------------------------- addresses */

/* A simulated pointer is 64 bits: [63:60] space, [59:40] allocation, [39:0]
 * byte offset. Pointer arithmetic is plain integer arithmetic on this value;
 * the space and allocation fields make every access checkable. */
enum {
  SIMI_SPACE_NONE = 0,   /* null / not a pointer */
  SIMI_SPACE_GLOBAL = 1, /* kernel buffers, __device__ variables */
  SIMI_SPACE_SHARED = 2, /* __shared__ variables of the executing block */
  SIMI_SPACE_LOCAL = 3,  /* per-thread stack (alloca, byval copies) */
  SIMI_SPACE_CONST = 4   /* __constant__ variables */
};
#define SIMI_PTR_SPACE(p) ((unsigned)((uint64_t)(p) >> 60))
#define SIMI_PTR_ALLOC(p) ((unsigned)(((uint64_t)(p) >> 40) & 0xFFFFFu))
#define SIMI_PTR_OFFSET(p) ((uint64_t)(p) & 0xFFFFFFFFFFull)
#define SIMI_PTR_MAKE(space, alloc, off)                                       \
  (((uint64_t)(space) << 60) | ((uint64_t)(alloc) << 40) | (uint64_t)(off))
#define SIMI_MAX_ALLOC_BYTES ((uint64_t)1 << 40)
/* Global allocation of the launch's cooperative-launch workspace (what the
 * driver gives a cooperative launch and %envreg1/%envreg2 point to: NVIDIA's
 * grid.sync() counts arrivals in its word at offset 4); SIMI_WORKSPACE_BYTES
 * bytes, zero at the start. Every simulated launch has one, so grid.sync()
 * works whatever the host's launch call. Above the workspace bytes, the word
 * at SIMI_WORKSPACE_CLUSTER + 8 * cluster + 4 * (phase & 1) is the
 * (unbacked) location through which the access events of barrier.cluster
 * carry the cluster's order (release at arrive, acquire at wait, one word per
 * phase parity). Launch buffers are below it. */
#define SIMI_WORKSPACE_ALLOC 0xFFFFu
#define SIMI_WORKSPACE_BYTES 64u
#define SIMI_WORKSPACE_CLUSTER 64u

/* ------------------------------------------------------------- programs */

typedef struct simI_dim3 { unsigned x, y, z; } simI_dim3;

typedef struct simI_program simI_program;

/* Kinds of a kernel parameter, inferred from the bitcode. */
typedef enum simI_param_kind {
  SIMI_PARAM_INT,    /* integer of `bits` bits (1..64) */
  SIMI_PARAM_FLOAT,  /* f16/f32/f64 by `bits` */
  SIMI_PARAM_PTR,    /* pointer; `elem_*` describe the accesses made through it */
  SIMI_PARAM_STRUCT  /* aggregate passed by value (byval or direct); `size` bytes */
} simI_param_kind;

/* Element type guessed for a pointer parameter from the loads/stores through it. */
typedef enum simI_elem {
  SIMI_ELEM_UNKNOWN = 0,
  SIMI_ELEM_I8, SIMI_ELEM_I16, SIMI_ELEM_I32, SIMI_ELEM_I64,
  SIMI_ELEM_U8, SIMI_ELEM_U16, SIMI_ELEM_U32, SIMI_ELEM_U64,
  SIMI_ELEM_F16, SIMI_ELEM_F32, SIMI_ELEM_F64
} simI_elem;

/* Bytes of one element (0 for UNKNOWN). */
unsigned simI_elem_size(simI_elem e);
/* "i32", "f32", ... or "?" */
const char *simI_elem_name(simI_elem e);
/* Parse "i32", "u8", "f64", ...; returns SIMI_ELEM_UNKNOWN if not a type name. */
simI_elem simI_elem_parse(const char *s, size_t len);

typedef struct simI_field {
  simI_param_kind kind;  /* INT, FLOAT or PTR (nested structs are flattened) */
  unsigned bits;         /* width of INT/FLOAT; 64 for PTR */
  unsigned offset;       /* byte offset inside the struct */
} simI_field;

#define SIMI_MAX_ENUMS 64u
typedef struct simI_param {
  simI_param_kind kind;    /* what the parameter is */
  unsigned bits;           /* INT/FLOAT: width; PTR: 64 */
  unsigned size;           /* bytes the value occupies (struct: its alloc size) */
  unsigned addrspace;      /* PTR: LLVM address space of the parameter type */
  simI_elem elem;          /* PTR: element type used by the kernel's accesses */
  int written;             /* PTR: the kernel stores through it */
  int byval;               /* STRUCT: passed as a byval pointer */
  unsigned nfields;        /* STRUCT: number of flattened scalar fields */
  const simI_field *fields;/* STRUCT: the fields, in offset order */
  const char *name;        /* source name if debug info has it, else "" */
  unsigned tex;            /* INT of 64 bits that the kernel fetches through as
                              a texture or surface object: the SIMI_TEXINFO_*
                              bits of its first fetch (cuda/texture_types.h
                              passes every handle through __simulee_texobj);
                              0: not a texture */
  int tensor_map;          /* STRUCT: a CUtensorMap (cuda/simulee_tensormap.h),
                              made only by --arg tmap:... */
  unsigned nenums;         /* INT of an enum type: its enumerators' values
                              (ascending, distinct, at most SIMI_MAX_ENUMS),
                              from debug info that has the type (clang
                              -debug-info-kind=constructor or more; simulee's
                              .cu compile gives it); 0: not known */
  const int64_t *enums;
  int ro_private;          /* PTR: no write can reach what this parameter
                              points to, unless another argument of the
                              launch points into the same buffer: the kernel
                              neither writes through it nor lets it escape
                              (LLVM's readonly/readnone and nocapture, which
                              cover its callees), and no code of the module
                              makes a pointer from memory or from an integer
                              (no load, atomic, call result or extractvalue
                              of a pointer type, no inttoptr), so no other
                              pointer can name that buffer. 0 at -O0 (no
                              attributes) */
} simI_param;

/* What a fetch reads (simI_param.tex, simI_texref.info): the bits of the
 * info argument of __simulee_texobj(handle, info) in cuda/texture_types.h. */
#define SIMI_TEXINFO_DIMS(i) ((i) & 3u)              /* 1..3 */
#define SIMI_TEXINFO_LAYERED 4u                      /* tex1DLayered/tex2DLayered */
#define SIMI_TEXINFO_SURFACE 8u                      /* surf*read / surf*write */
#define SIMI_TEXINFO_INDEX 16u                       /* tex1Dfetch (linear memory) */
#define SIMI_TEXINFO_KIND(i) (((i) >> 5) & 3u)       /* 0 signed, 1 unsigned, 2 float */
#define SIMI_TEXINFO_CHBYTES(i) (((i) >> 7) & 15u)   /* bytes per channel */
#define SIMI_TEXINFO_CHANNELS(i) (((i) >> 11) & 7u)  /* 1, 2 or 4 */
#define SIMI_TEXINFO_NFLOAT (1u << 14)               /* a reference read as normalized float */
#define SIMI_TEXINFO_VALID (1u << 31)

/* A legacy texture or surface reference (texture<T, dim, mode> at namespace
 * scope) a kernel fetches through. */
typedef struct simI_texref {
  const char *name;  /* its symbol (owned by the program) */
  unsigned var;      /* its __device__ variable: allocation
                        SIMI_GLOBALVAR_FIRST + var (simI_var_name) */
  unsigned info;     /* SIMI_TEXINFO_* of its first fetch */
} simI_texref;

/* Bits of simI_kernel_info.dims_read: which built-in variables a kernel reads. */
enum {
  SIMI_READS_TID_X = 1 << 0, SIMI_READS_TID_Y = 1 << 1, SIMI_READS_TID_Z = 1 << 2,
  SIMI_READS_NTID_X = 1 << 3, SIMI_READS_NTID_Y = 1 << 4, SIMI_READS_NTID_Z = 1 << 5,
  SIMI_READS_CTAID_X = 1 << 6, SIMI_READS_CTAID_Y = 1 << 7, SIMI_READS_CTAID_Z = 1 << 8,
  SIMI_READS_NCTAID_X = 1 << 9, SIMI_READS_NCTAID_Y = 1 << 10, SIMI_READS_NCTAID_Z = 1 << 11
};

typedef struct simI_kernel_info {
  const char *name;          /* symbol as in the module (mangled) */
  const char *demangled;     /* demangled C++ name without parameters, or name */
  const char *pretty;        /* demangled with parameter types, or name */
  const char *file;          /* source file from debug info, or "" */
  unsigned line;             /* definition line, or 0 */
  unsigned nparams;          /* number of parameters */
  const simI_param *params;  /* the parameters */
  uint64_t static_shared;    /* bytes of static __shared__ reachable by the kernel */
  int uses_dynamic_shared;   /* reads an `extern __shared__` array */
  unsigned dims_read;        /* SIMI_READS_* bits */
  unsigned nbarriers;        /* number of block-barrier instructions (sites) */
  int grid_sync;             /* reads the cooperative-launch workspace (%envreg1/2,
                                grid.sync()): every block of a launch is
                                resident at once, at most SIMI_MAX_COOP_BLOCKS */
  int uses_cluster;          /* reads a cluster register, or executes mapa /
                                barrier.cluster (sm_90 thread block clusters) */
  simI_dim3 cluster_dims;    /* the kernel's __cluster_dims__(x, y, z); 0,0,0 when
                                it has none */
  /* The block shape the kernel's index arithmetic is written for, 0 = none
   * named: threadIdx.y * C (ty * C + tx) gives tile_x = C; threadIdx.x
   * (.y) itself as the index of an array dimension of N elements gives
   * tile_x (tile_y) = N (tile[ty][tx] of float[8][8]: 8 x 8). The most
   * frequent constant of the kernel function (2..1024) wins. */
  unsigned tile_x, tile_y;
  int device_launch;         /* launches kernels from device code (dynamic
                                parallelism, cuda/simulee_dp.h): its launches
                                carry child grids (simI_grid) */
  int device_heap;           /* calls malloc/free or operator new/delete
                                (the device heap) */
  int waits_on_blocks;       /* a loop whose exit depends on a volatile, atomic or
                                PTX-qualified read of global memory: its blocks
                                may wait for each other (a decoupled look-back,
                                a flag between blocks), so they run in one pass */
  unsigned ntexrefs;           /* legacy texture/surface references it reads */
  const simI_texref *texrefs;
} simI_kernel_info;

/* Load a .bc or .ll file, find its kernels (nvvm.annotations or the PTX kernel
 * calling convention) and lower every function reachable from them.
 * Unsupported instructions do not fail the load: they are lowered to a trap
 * that ends the launch with SIMI_E_UNSUPPORTED when executed... only if
 * reached; simI_kernel_unsupported() tells it ahead.
 * On failure returns NULL, sets *status and writes a one-line message to err.
 * The caller frees the program with simI_free(). */
simI_program *simI_load(const char *path, simI_status *status, char *err,
                        size_t errlen);
/* Inputs are untrusted: simI_load reads only a regular file (a FIFO, device
 * or directory is an SIMI_E_INPUT error, without waiting on it) of at most
 * SIMI_MAX_MODULE_BYTES, and by default first parses and verifies it in a
 * forked child process, so that a crash or abort inside LLVM's reader or
 * verifier becomes SIMI_E_INPUT with "FILE: corrupt LLVM bitcode (the LLVM
 * reader crashed: SIGSEGV)" (".ll": "invalid LLVM IR (...)"; when LLVM
 * printed a line before it aborted, ": LINE" follows). Only an input
 * the child parsed and verified is parsed again in-process. The isolation
 * costs one fork and one extra parse per file (bench/README.md).
 * simI_set_parse_isolation(0) turns it off for the whole process (in-process
 * fuzzing, where the fuzzer wants to see the crash); so does the environment
 * variable SIMULEE_PARSE_ISOLATION=0 when it was not set by the function. */
#define SIMI_MAX_MODULE_BYTES ((uint64_t)1 << 30)
void simI_set_parse_isolation(int on);
/* simI_load of bitcode simulee's own clang (the LLVM of this build) just
 * wrote from a source file: parsed and verified in-process only, without
 * the isolated reader's fork and second parse (the writer is LLVM 19's, not
 * an untrusted input's). */
simI_program *simI_load_compiled(const char *path, simI_status *status, char *err,
                                 size_t errlen);
/* Parse and verify a module's bytes (data[len] must be NUL) in the
 * isolated reader, when simI_load isolates it: 0 when they parse and
 * verify (or isolation is off), else -1 with a one-line reason in msg (a
 * reader error, or the reader crashed). For libNVVM (runtime/nvvm.c), which
 * then parses them in-process. */
int simI_check_module(const char *data, size_t len, char *msg, size_t msglen);
/* Other LLVM work in the process (libNVVM's) holds LLVM the way simI_load
 * does, so that the isolated reader never forks while a thread is inside
 * LLVM; not around simI_check_module, which forks. */
void simI_llvm_hold(void);
void simI_llvm_release(void);
/* Whether simI_load isolates the LLVM reader (1) or not (0). */
int simI_parse_isolation(void);
void simI_free(simI_program *p);

unsigned simI_kernel_count(const simI_program *p);
const simI_kernel_info *simI_kernel(const simI_program *p, unsigned k);
/* Index of the kernel whose mangled, demangled or pretty name equals `name`;
 * -1 if none. */
int simI_find_kernel(const simI_program *p, const char *name);
/* If kernel k can reach an unsupported instruction, a message naming it
 * ("unsupported instruction 'va_arg' in foo at k.cu:12"); else NULL. */
const char *simI_kernel_unsupported(const simI_program *p, unsigned k);
/* 1 when some code of p can order lanes of a warp among themselves
 * (__syncwarp, a .sync shuffle, vote, reduce or match: the instructions
 * that emit simI_observer.syncwarp), else 0. */
int simI_program_lane_sync(const simI_program *p);

/* Source location of an instruction site (sites are program-wide ids carried
 * by events). Any pointer out-param may be NULL; strings are owned by p.
 * Returns 0 if the site has no debug location (file "" line 0). */
int simI_site_loc(const simI_program *p, uint32_t site, const char **file,
                  unsigned *line, unsigned *col, const char **function);
/* The program line that called the code of `site`, when that code lies in
 * files `inside` says 1 for (a library's headers): walking out from the
 * site through the calls that lead to it (the debug info's inlinedAt of
 * inlined code; for a call that was not inlined, the call sites of the
 * site's function when they all lie on one line), the first location for
 * which `inside` says 0. Returns 1 with *file and *line (owned by p), or 0
 * when no such line is known (several callers, none outside). */
int simI_site_caller(const simI_program *p, uint32_t site, int (*inside)(const char *file),
                     const char **file, unsigned *line);
/* A site of kernel k's code (its function and every defined function it
 * can call) located at `line` of source file `file` (the debug info's path
 * equal to it, or naming the same file once both are resolved with
 * realpath): a memory access at column col if there is one, else a memory
 * access on the line, else any instruction on it; UINT32_MAX when the
 * kernel's code has nothing there. */
uint32_t simI_kernel_site_at(const simI_program *p, unsigned k, const char *file,
                             unsigned line, unsigned col);
/* Instruction sites of the program (every site is below this). */
uint32_t simI_site_count(const simI_program *p);
/* The memory-access sites around block barrier `site` of kernel k (and of
 * every copy of it: barriers of the kernel function at the same source
 * location): those reachable from it (forward 1: after it, 0: before it)
 * without crossing a block barrier, in the kernel function and everything
 * called on the way, leaving out accesses through pointers of the thread's
 * own stack (allocas). Up to max sites to out; returns their number (may be
 * more than max), or -1 when the region is not known (the barrier is not in
 * the kernel function itself, a call on the way executes a barrier or calls
 * through an unknown function, or out of memory). */
int simI_barrier_region(const simI_program *p, unsigned k, uint32_t site, int forward,
                        uint32_t *out, unsigned max);
/* Name of a __shared__ / __device__ / __constant__ variable by its
 * allocation index within its space; NULL if unknown. */
const char *simI_var_name(const simI_program *p, unsigned space, unsigned alloc);
/* Size in bytes of that variable (for shared: its static size; 0 for extern). */
uint64_t simI_var_size(const simI_program *p, unsigned space, unsigned alloc);
/* Bytes of its innermost array element when that is a scalar, else 0. */
unsigned simI_var_elem(const simI_program *p, unsigned space, unsigned alloc);
/* 1 when that variable is a __managed__ one (NVVM IR's "managed"
 * annotation), else 0. */
int simI_var_managed(const simI_program *p, unsigned space, unsigned alloc);
/* Number of module variables of a space (SHARED, GLOBAL: allocations
 * SIMI_GLOBALVAR_FIRST .. + n - 1, CONST: 0 .. n - 1); 0 for other spaces. */
unsigned simI_var_count(const simI_program *p, unsigned space);
/* Initial bytes (simI_var_size of them) of a __device__ or __constant__
 * variable, owned by p; NULL when they are all zero or the variable is not
 * one. */
const void *simI_var_init(const simI_program *p, unsigned space, unsigned alloc);

/* --------------------------------------------------------------- launches */

/* Global memory passed to a pointer parameter. simulee reads and writes `data`
 * in place. Global allocations 0..nbuffers-1 are the launch buffers; the
 * module's __device__ variables are allocations SIMI_GLOBALVAR_FIRST + i. */
#define SIMI_GLOBALVAR_FIRST 0x80000u
typedef struct simI_buffer {
  void *data;          /* host memory of `size` bytes (may be NULL if size 0) */
  uint64_t size;       /* bytes */
  simI_elem elem;      /* element type, for printing */
  const char *name;    /* for reports ("in", "arg0", ...) */
  uint64_t cap;        /* if > size: the buffer may grow up to cap bytes when
                          the kernel touches beyond size (data must then come
                          from malloc or simI_mem_alloc: simulee replaces it by
                          a larger calloc() block, releases the old one with
                          simI_mem_free and updates data and size) */
} simI_buffer;

/* Buffer memory. Every launch buffer simulee allocates (simI_buffer.data,
 * and a --dump's contents) comes from simI_mem_alloc and is released with
 * simI_mem_free, never free() (simI_mem_free also takes malloc'd blocks).
 * The cost follows the bytes a launch touches, not the declared size:
 *  - zero contents: calloc (a large block is fresh anonymous pages);
 *  - a repeated non-zero element, SIMI_MEM_MAP_MIN bytes or more: a
 *    copy-on-write mapping (SIMI_MEM_MAPPED). One template chunk holding the
 *    element repeated (a memfd, filled once) is mapped MAP_PRIVATE again and
 *    again over the buffer's range (at most SIMI_MEM_MAX_CHUNKS mappings, so
 *    the chunk is at least 1/SIMI_MEM_MAX_CHUNKS of the buffer, and at least
 *    SIMI_MEM_CHUNK_MIN bytes). Reads share the template's pages; a write
 *    copies the page it lands on for that buffer alone, so writes never reach
 *    another buffer or a later execution. The last SIMI_MEM_TEMPLATES
 *    templates are kept (open memfds) for later buffers with the same element
 *    (a search's evaluations): the fill is paid once per template, not per
 *    execution. A template costs 1/SIMI_MEM_MAX_CHUNKS of its buffer (at
 *    least SIMI_MEM_CHUNK_MIN) of shared memory, a new buffer one mapping
 *    per chunk (a few ms for 4 GiB, against seconds to fill it). A released
 *    buffer's pages are dropped (madvise MADV_DONTNEED: the range reads the
 *    template again) and up to 4 such ranges are kept for the next buffer
 *    of the same element and length (no new mappings);
 *  - anything else (a smaller buffer, no memfd): malloc + fill (SIMI_MEM_HEAP).
 * Thread-safe. */
#define SIMI_MEM_MAP_MIN ((uint64_t)1 << 22)
#define SIMI_MEM_CHUNK_MIN ((uint64_t)1 << 20)
#define SIMI_MEM_MAX_CHUNKS 256u
#define SIMI_MEM_TEMPLATES 8u
typedef enum simI_mem_kind {
  SIMI_MEM_HEAP = 0, /* malloc/calloc: simI_mem_free calls free() */
  SIMI_MEM_MAPPED    /* copy-on-write chunk mappings: simI_mem_free unmaps */
} simI_mem_kind;

/* `bytes` bytes (at least one byte is allocated) holding the es-byte element
 * at `elem` repeated (bytes need not be a multiple of es: the last element
 * is cut); elem NULL, es 0 or an all-zero element: zeros. Returns NULL when
 * out of memory. */
void *simI_mem_alloc(uint64_t bytes, const void *elem, unsigned es);

/* Release p (from simI_mem_alloc or malloc; NULL is a no-op). */
void simI_mem_free(void *p);

/* How p was allocated (a pointer simI_mem_alloc did not map: HEAP). */
simI_mem_kind simI_mem_kind_of(const void *p);

/* One kernel argument. */
typedef struct simI_arg {
  int is_buffer;       /* pointer bound to buffer `buffer` at byte `offset` */
  unsigned buffer;     /* index into simI_launch.buffers */
  uint64_t offset;     /* byte offset into the buffer */
  uint64_t bits;       /* scalar: integer value, or the IEEE bits of a float
                          (f32 in the low 32 bits); null pointer: 0 */
  const void *raw;     /* struct by value: `rawlen` bytes in the struct layout */
  size_t rawlen;
} simI_arg;

/* The schedule of a launch: which legal interleaving of warps, blocks and
 * the sides of a divergent branch the interpreter runs. Every schedule is
 * one a GPU may take (the events and findings of a correct kernel do not
 * depend on it); a racy kernel may compute different results under two
 * schedules. The all-zero value is the default schedule (blocks in
 * ascending order, 16 resident round robin; in each block the warps in
 * ascending order, each for up to 20000 dispatches a turn, until it parks
 * at a barrier or ends; a divergent branch runs its taken side first). */
enum {
  SIMI_SCHED_ASCENDING = 0, /* warps of a block in ascending index order */
  SIMI_SCHED_REVERSED,      /* in descending order */
  SIMI_SCHED_RANDOM         /* a fresh random permutation each pass (seed) */
};
typedef struct simI_schedule {
  unsigned warp_order;     /* SIMI_SCHED_* */
  uint64_t slice;          /* dispatches of one warp turn: 0 = 20000; with
                              RANDOM and slice > 0 each turn takes
                              1 + (random % slice) (fine interleaving) */
  int blocks_reversed;     /* blocks start in descending linear order */
  int not_taken_first;     /* a divergent branch runs its not-taken side
                              (switch: its targets in reverse) first */
  uint64_t seed;           /* RANDOM: the generator's seed (same seed, same
                              schedule) */
  unsigned first_block;    /* the blocks (clusters) start at this position of
                              their order and go on from there, wrapping
                              (a rotation: each block can be the first to
                              take a lock); serial runs only (simI_run) */
  unsigned first_warp;     /* the same for the warps of a block, in each
                              pass (ASCENDING and REVERSED) */
} simI_schedule;

/* A device heap that outlives launches (malloc/free and new/delete in
 * device code): in CUDA the heap belongs to the context, so a block one
 * launch allocates is used and freed by later launches. A program run's
 * runtime makes one and passes it to every launch (simI_launch.heap); its
 * blocks keep their simulated pointers from launch to launch, a freed one
 * stays recognisable (use after free, double free, naming the free), and
 * the "written" shadow of initcheck persists with the blocks. Not
 * thread-safe: one launch at a time. */
typedef struct simI_heap simI_heap;
/* An empty heap of `limit` bytes (0: CUDA's default, 8 MiB); NULL when out
 * of memory. */
simI_heap *simI_heap_new(uint64_t limit);
/* Releases the heap and every block it holds (NULL: nothing). */
void simI_heap_delete(simI_heap *h);
/* Its size in bytes (cudaLimitMallocHeapSize). */
uint64_t simI_heap_limit(const simI_heap *h);
/* Sizes it (0: the default); -1 once it was used (simI_heap_used), as
 * CUDA refuses a new size then. */
int simI_heap_set_limit(simI_heap *h, uint64_t limit);
/* Nonzero once a kernel that calls malloc/free/new/delete ran with it, or
 * a block was allocated. */
int simI_heap_used(const simI_heap *h);
/* Bytes of the blocks not freed (never above the limit). */
uint64_t simI_heap_live(const simI_heap *h);
/* The launch ordinal the following frees record (named by a later use
 * after free); 0: none. */
void simI_heap_set_launch(simI_heap *h, uint64_t launch);
/* The bytes and size of the live block of global allocation index al, or
 * NULL when al is no live block of the heap (native code's accesses). */
uint8_t *simI_heap_data(simI_heap *h, unsigned al, uint64_t *size);
/* Code that does not keep the heap's shadow (native code) ran with it: the
 * next launch that keeps it counts the live blocks' bytes as written. */
void simI_heap_untracked(simI_heap *h);

typedef struct simI_launch {
  simI_dim3 grid;          /* blocks */
  simI_dim3 block;         /* threads per block */
  uint64_t dyn_shared;     /* bytes of `extern __shared__` */
  unsigned warp_size;      /* lanes per warp, 1..32; 0 means 32 */
  uint64_t max_steps;      /* instructions any one thread may execute before
                              the launch ends with SIMI_E_TIMEOUT; 0 = default;
                              UINT64_MAX = no step limit (saturates, never
                              wraps) */
  double time_limit;       /* wall seconds before SIMI_E_TIMEOUT; 0 = none.
                              Checked after every warp slice, so a launch
                              stops within a few ms of it */
  int its;                 /* independent thread scheduling semantics (events
                              only: execution is lock-step either way) */
  uint64_t check_steps;    /* nonzero: after this many warp dispatches of the
                              whole launch, the observers from the second on
                              see nothing more (a checked prefix: every event
                              before the cut, none after, so what they found
                              stays exact). Deterministic only where one
                              worker runs the launch (simI_run; a grid that
                              syncs) */
  unsigned nargs;          /* must equal the kernel's nparams */
  const simI_arg *args;
  unsigned nbuffers;
  simI_buffer *buffers;
  uint64_t local_bytes;    /* per-thread stack bytes; 0 = default (8 KiB) */
  uint64_t mem_limit;      /* bytes of simulated memory the launch may hold in
                              all (the growth of launch buffers: their initial
                              bytes are the caller's; shared memory of resident
                              blocks, per-thread stacks, plain copies of
                              __device__ data); 0 = no limit. Exceeding it ends
                              the launch with SIMI_E_NOMEM and a message that
                              names the limit and what asked for the memory. */
  uint64_t device_heap;    /* bytes of the device heap (malloc/new in kernels);
                              0 = CUDA's default, 8 MiB */
  simI_heap *heap;         /* the device heap that outlives the launch (a
                              program run's, simI_heap_new), whose size is its
                              own (device_heap is ignored); NULL = a heap of
                              the launch's own, device_heap bytes, released at
                              its end. A launch on several threads
                              (simI_run_jobs) whose blocks touch the heap runs
                              serially */
  simI_dim3 cluster;       /* blocks per thread block cluster (sm_90); 0,0,0 =
                              the kernel's __cluster_dims__, else 1,1,1. The
                              grid must be a multiple of it, and it holds at
                              most SIMI_MAX_CLUSTER blocks. The blocks of a
                              cluster are resident together (barrier.cluster,
                              mapa); a block's shared memory stays until every
                              block of its cluster has ended */
  simI_schedule sched;     /* the schedule; all zero = the default one */
  /* legacy texture references bound to launch buffers: the launch stores
   * the address of buffer texbinds[i].buffer (a texture buffer, evolve.h
   * SIME_TEX_*) in reference variable texbinds[i].var (simI_texref.var);
   * an unbound reference holds 0 and reads as a texture of no texels */
  unsigned ntexbinds;
  const struct simI_texbind { unsigned var, buffer; } *texbinds;
  /* Persistent module variables (a program run: simulee's CUDA runtime keeps
   * them across launches). globals: NULL = each launch starts from fresh
   * copies of the __device__ variables' initial bytes; else one pointer per
   * __device__ variable (allocation SIMI_GLOBALVAR_FIRST + i, i <
   * simI_var_count(p, SIMI_SPACE_GLOBAL)), simI_var_size bytes each, that
   * the launch reads and writes in place (and does not charge to
   * mem_limit). consts: NULL = the __constant__ variables' initial bytes;
   * else one pointer per __constant__ variable (allocation i) whose bytes
   * the launch reads instead (NULL entries: the initial bytes). */
  uint8_t *const *globals;
  const uint8_t *const *consts;
  /* Blocks left out (a launch checked on a sample of its blocks runs the
   * others elsewhere): when skip is set, the launch runs only the blocks
   * whose linear number b (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y
   * * blockIdx.z)) has skip(skip_ctx, b) == 0. Launches with clusters and
   * device-side child grids ignore it (they run every block). */
  int (*skip)(const void *skip_ctx, uint64_t block);
  const void *skip_ctx;
  /* cudaGraphSetConditional(handle, value) from the kernel (the value a
   * CUDA graph's conditional node reads): called at each call, in the order
   * of the serial run (a launch on several threads that makes one runs
   * serially); NULL: the call does nothing. */
  void (*set_conditional)(void *cond_ctx, uint64_t handle, unsigned value);
  void *cond_ctx;
} simI_launch;

/* Dynamic parallelism. A lane executing a device-side launch queues a child
 * grid of the launched kernel (its own grid, block, dynamic shared size and
 * parameters; global memory, __device__ data and the device heap are the
 * launch's). The queued grids of a block run to completion, in launch
 * order, when a thread of the block calls cudaDeviceSynchronize() (before it
 * returns), and the rest when the block ends (CUDA's CDP1 rules). Child
 * grids launch further grids to a depth of SIMI_DP_MAX_DEPTH (the kernel the
 * host launched is depth 0); a launch beyond it, of a grid or block beyond
 * CUDA's limits, or of a function that is not a kernel stops the launch
 * with SIMI_E_TRAP and a message naming the site; one that makes more than
 * SIMI_DP_MAX_BLOCKS child blocks or SIMI_DP_MAX_THREADS child threads in
 * all (simulee's bounds on the work of a launch) stops it with
 * SIMI_E_NOMEM. The step and time limits count the child grids.
 * Events of a child grid carry virtual block ids: its block i is
 * simI_grid.first_block + i, above every block id of the launch's grid
 * (the observer's grid callback comes before its first event). Ordering
 * events (simI_named with what SIMI_NAMED_DP_*) make CUDA's rules explicit:
 * the launching lane publishes to channel `grid id`, every thread of the
 * child grid acquires it when it starts; a child thread publishes, as it
 * exits, to channel SIMI_DP_DONE + (its grid's launching block's id), which
 * every lane returning from cudaDeviceSynchronize() acquires (a child block
 * that ran grids at its end passes on what they published). */
#define SIMI_DP_MAX_DEPTH 24u
#define SIMI_DP_MAX_BLOCKS 65536u
#define SIMI_DP_MAX_THREADS (1u << 20)
#define SIMI_DP_DONE 0x80000000u
/* Thread ids per block for one id space over the launch's grid and its
 * child grids (detect's model of a kernel with device_launch). */
#define SIMI_DP_STRIDE 1024u

#define SIMI_MAX_CLUSTER 16u       /* blocks per cluster (non-portable size) */
#define SIMI_MAX_COOP_BLOCKS 1024u /* blocks of a launch using grid.sync() */

#define SIMI_DEFAULT_MAX_STEPS 10000000ull
/* Static __shared__ bytes a kernel may declare (the hardware's 228 KiB per
 * block): above it simI_run fails with SIMI_E_USAGE naming the largest
 * variable, before allocating anything. */
#define SIMI_MAX_STATIC_SHARED (228u * 1024u)
/* Threads whose accesses the detectors tell apart in one launch (26-bit
 * thread ids in the shadow): a launch checked with more runs its detectors
 * on a sample of its blocks (the runtime's sampled check). */
#define SIMI_MAX_THREADS_TOTAL (1u << 26)
/* Blocks of one launch (CUDA's grid.x limit; block ids are 32-bit): the
 * interpreter refuses a launch of more; any thread count below that runs. */
#define SIMI_MAX_BLOCKS 2147483647u

/* ----------------------------------------------------------------- events */

enum {
  SIMI_ACC_READ = 1,
  SIMI_ACC_WRITE = 2,
  SIMI_ACC_ATOMIC = 4   /* atomicrmw / cmpxchg / atomic intrinsics; a volatile
                           load/store of global memory that is the
                           synchronisation (load_lower.c sync_volatile: relaxed,
                           system scope); other volatile accesses are plain */
};

/* Memory scope of an atomic or fence. */
enum { SIMI_SCOPE_NONE = 0, SIMI_SCOPE_WARP, SIMI_SCOPE_BLOCK, SIMI_SCOPE_DEVICE,
       SIMI_SCOPE_SYSTEM };

/* Memory order of an atomic access (bits): relaxed 0, acquire, release, both.
 * Plain accesses are RELAXED. clang lowers CUDA's atomicAdd & co. (relaxed
 * in CUDA) to seq_cst read-modify-writes: those are reported RELAXED; a
 * seq_cst atomic load or store is reported ACQUIRE or RELEASE. */
enum { SIMI_ORDER_RELAXED = 0, SIMI_ORDER_ACQUIRE = 1, SIMI_ORDER_RELEASE = 2,
       /* an arrival on a barrier object (mbarrier.arrive and its
        * transaction and cp.async forms): a read-modify-write whose read
        * only gives the arrival's token and observes nothing; the
        * object's wait (an acquire) is what synchronises */
       SIMI_ORDER_ARRIVE = 4 };

/* One memory instruction executed by one warp. Arrays are indexed by lane. */
typedef struct simI_access {
  uint32_t site;         /* instruction site (simI_site_loc) */
  unsigned block;        /* linear block index */
  unsigned warp;         /* warp index within the block */
  uint64_t mask;         /* lanes that performed the access */
  uint64_t active;       /* lanes active in the warp at the time */
  uint32_t path;         /* warp path id (see simI_observer.path) */
  uint64_t step;         /* warp dispatch counter: unique per warp instruction */
  unsigned kind;         /* SIMI_ACC_* bits; an atomic RMW is READ|WRITE|ATOMIC */
  unsigned scope;        /* SIMI_SCOPE_* for atomics (LLVM syncscope, NVVM
                            .cta/.sys, PTX .cta/.gpu/.sys), else NONE */
  unsigned size;         /* bytes accessed per lane */
  unsigned space;        /* SIMI_SPACE_* (same for all lanes of the event) */
  const uint64_t *addr;  /* simulated pointer per lane */
  const uint64_t *value; /* value written per lane (writes), read (reads); low
                            `size` bytes meaningful, NULL if size > 8 */
  unsigned order;        /* SIMI_ORDER_* bits of an atomic, else RELAXED */
  unsigned owner1;       /* SHARED in a launch with clusters of more than one
                            block: 1 + the block whose shared memory `addr`
                            names (the accessing block's, or a peer's through
                            mapa; addr is then the plain shared address, the
                            cluster rank removed); other blocks of the cluster
                            may access it. 0: the accessing block's, private */
  const uint64_t *prev;  /* plain stores of at most 8 bytes: per lane, the
                            bytes at the address just before that lane
                            stored (the latest earlier write's value; lanes
                            store in lane order); NULL otherwise */
} simI_access;

/* Arrival of a warp's lanes at a block barrier. */
typedef struct simI_barrier {
  uint32_t site;         /* the barrier instruction */
  unsigned block, warp;
  uint64_t mask;         /* lanes arriving */
  uint64_t live;         /* lanes of the warp not exited */
  unsigned reduce;       /* 0 plain __syncthreads; 1 popc, 2 and, 3 or: the
                            barrier also computes a value over the block
                            (__syncthreads_count/_and/_or) */
} simI_barrier;

/* A warp's lanes at a named barrier. SIMI_NAMED_ARRIVE: lanes `mask`
 * arrive (bar.sync and bar.arrive; ordered after the warp's previous access
 * events); SIMI_NAMED_RELEASE: `count` threads arrived at barrier `id`, the
 * waiting lanes `mask` of this warp go on (ordered before their next access
 * events): they are ordered after every arrival at `id` so far. */
enum { SIMI_NAMED_ARRIVE = 0, SIMI_NAMED_RELEASE = 1,
       /* dynamic parallelism (SIMI_DP_*): lanes `mask` publish their
        * accesses so far to channel `id` (device scope, joined with every
        * earlier publication), or are ordered after every publication to
        * it so far; `count` is 0 */
       SIMI_NAMED_DP_PUBLISH = 2, SIMI_NAMED_DP_ACQUIRE = 3 };
typedef struct simI_named {
  unsigned what;          /* SIMI_NAMED_* */
  uint32_t site;          /* the barrier instruction (RELEASE: of the warp) */
  unsigned block, warp;
  unsigned id;            /* barrier id 0..15 */
  unsigned count;         /* threads the barrier waits for */
  uint64_t mask;          /* lanes */
  int wait;               /* ARRIVE: the lanes wait (bar.sync), else go on */
} simI_named;

/* A block barrier completed (released) or failed. */
typedef struct simI_release {
  unsigned block;
  uint32_t site;          /* barrier site most threads waited at */
  unsigned waiting;       /* threads that had arrived */
  unsigned live;          /* threads of the block not exited */
  unsigned exited;        /* threads that had exited */
  int divergent;          /* not every live thread arrived at one barrier site
                             (threads exited, or wait at other sites, or lanes of
                             a warp left behind by divergence) */
  uint32_t other_site;    /* divergent: a site where other threads wait, or the
                             exit/branch site that lost them; UINT32_MAX if none */
  uint32_t branch_site;   /* divergent: the last divergent branch executed by a
                             warp whose lanes are split; UINT32_MAX if unknown */
  unsigned missing_thread;/* divergent: a thread (linear in block) that did not
                             arrive */
  /* divergent: why the block split (filled only for divergent releases) */
  unsigned other_waiting; /* threads waiting at other_site */
  uint32_t split_site;    /* the conditional branch (last one each warp ran)
                             where a thread that arrived and one that did not
                             went different ways; UINT32_MAX if none found */
  unsigned split_thread[2]; /* [0] a thread that arrived, [1] one that did not
                               (linear in block) */
  int split_taken[2];     /* the branch condition each of them saw (1 true) */
  unsigned split_pred;    /* LLVMIntPredicate (32..41) of the icmp feeding the
                             branch, or 0 (no icmp: operands unknown) */
  unsigned split_bits;    /* width of the icmp operands */
  uint64_t split_ops[2][2]; /* icmp operands [thread][lhs, rhs], as the
                               registers hold them at the release */
  uint32_t exit_site;     /* a return/exit site that an exited thread ran,
                             or that a thread left behind is headed to
                             straight (no barrier or branch on the way);
                             UINT32_MAX if none */
  unsigned returning;     /* threads left behind by a divergent branch whose
                             path leads straight to a return (early return) */
} simI_release;

/* An access the interpreter refused: out of bounds, null, misaligned,
 * wrong space. The lane's access is skipped (a load yields 0). Or (dim_bound
 * nonzero) an access past an inner array dimension, made. */
/* simI_fault.what of an access whose address is not a multiple of the
 * alignment its instruction requires (its size, or less where the
 * compiler declared it less aligned): a GPU faults with "misaligned
 * address" (cudaErrorMisalignedAddress). */
#define SIMI_MISALIGNED "misaligned address"

typedef struct simI_fault {
  uint32_t site;
  unsigned block, thread; /* linear block and thread-in-block */
  uint64_t addr;          /* simulated pointer */
  unsigned size;          /* bytes */
  unsigned kind;          /* SIMI_ACC_* */
  const char *what;       /* "out of bounds", "null pointer", ... */
  /* nonzero: not a refused access but an index outside an inner dimension
   * of a fixed-size array (tile[8][8] at [0][11]): the dimension has
   * dim_bound elements, the index was dim_index; the address is inside the
   * variable and the access was made (simI_result.faults does not count
   * it). Only dimensions the getelementptr chain represents are checked:
   * constant indices that clang -O2 folds into byte offsets are not. */
  uint64_t dim_bound;
  int64_t dim_index;
} simI_fault;

/* An asynchronous copy (cp.async, cp.async.bulk, memcpy_async) of `size`
 * bytes from `src` to `dst` by lane `lane` of a warp: the copy is a separate
 * agent. SIMI_ASYNC_ISSUE: the thread issued it (nothing is copied yet);
 * SIMI_ASYNC_DONE: its bytes landed and the thread observes its completion
 * (cp.async.wait_group / wait_all, or the mbarrier arrive that tracks it);
 * the access events of the copy follow at once, a read of `src` and a write
 * of `dst` of the issuing lane at `site`. Every ISSUE has a DONE with the
 * same `id` before the launch ends (at the latest when the thread exits). */
enum { SIMI_ASYNC_ISSUE = 0, SIMI_ASYNC_DONE = 1 };
typedef struct simI_async {
  unsigned what;          /* SIMI_ASYNC_* */
  uint32_t site;          /* the copy instruction */
  unsigned block, warp, lane;
  uint64_t dst, src;      /* simulated pointers */
  unsigned size;          /* bytes */
  uint64_t id;            /* unique within the launch */
} simI_async;
/* Uninitialized memory (initcheck). Shared memory, local memory (allocas,
 * the per-thread stack) and device-heap blocks start unwritten in every
 * launch (a block's shared memory when the block starts; launch buffers,
 * __device__ and __constant__ data are initialized by the host). A byte is
 * written by a store, an atomic, memset, or memcpy from written or host
 * memory (memcpy copies the source bytes' state: copying unwritten bytes is
 * not a read). SIMI_UNINIT_READ: lanes `mask` loaded (or read-modify-wrote
 * with an atomic) bytes of which some were never written; `addr` and
 * `size` are the first such lane's. The loaded value is tainted: taint
 * follows the value through registers (every instruction's result is
 * tainted when an operand is) and through memory (a store of a tainted
 * value taints its bytes); it does not cross a call that is not inlined
 * (arguments and results), is kept per lane, and is dropped by an AND
 * with a constant (bit-field writes read-modify-write bytes whose other
 * bits may never have been set). Taint also follows arguments into a called
 * function and its result back. SIMI_UNINIT_USE: a tainted value reached,
 * at `site`, a store to global memory (launch buffers, __device__ data, the
 * device heap), the condition of a branch, the address of a memory access,
 * an operand of an atomic, or a printf argument (`use`, SIMI_USE_*);
 * `origin` is the read it is credited to (the read the value was derived
 * from, carried with the taint through registers and memory; the warp's
 * latest uninitialized read where that is not known). Events are
 * delivered when the block ends, each READ followed by its USE (the first
 * use of that read's value; at most 256 reads per block). A read whose
 * value reaches none of these (it is discarded, or only stored to shared
 * or local memory no one uses) is not delivered: only reads whose value
 * flows somewhere are. */
enum { SIMI_UNINIT_READ = 0, SIMI_UNINIT_USE = 1 };
/* What an uninitialized value reached (simI_uninit.use). */
enum { SIMI_USE_STORE = 0, SIMI_USE_BRANCH, SIMI_USE_ADDRESS, SIMI_USE_ATOMIC, SIMI_USE_PRINTF };
typedef struct simI_uninit {
  unsigned what;          /* SIMI_UNINIT_* */
  uint32_t site;          /* READ: the load; USE: the store or branch */
  uint32_t origin;        /* the read site (READ: = site) */
  unsigned block, warp;
  uint64_t mask;          /* lanes */
  uint64_t addr;          /* READ: simulated pointer of the first lane */
  unsigned size;          /* READ: bytes it read */
  unsigned use;           /* USE: what the value reached (SIMI_USE_*) */
} simI_uninit;

/* A child grid (dynamic parallelism) is about to run. */
typedef struct simI_grid {
  uint64_t id;             /* 1, 2, ... in launch order within the launch */
  unsigned kernel;         /* the launched kernel (simI_kernel) */
  unsigned depth;          /* 1: launched by the host's kernel */
  simI_dim3 grid, block;   /* its dimensions */
  uint64_t dyn_shared;     /* its dynamic shared bytes */
  unsigned first_block;    /* virtual id of its block 0 (linear) */
  uint32_t site;           /* the launch (device-side <<<>>>) */
  unsigned parent_block;   /* block (virtual id) and thread in block of the */
  unsigned parent_thread;  /* launching lane */
} simI_grid;

/* Observers receive events synchronously on the thread running the launch.
 * Any callback may be NULL. Events of one block arrive in execution order;
 * warps of one block interleave; blocks may interleave (round robin among
 * resident blocks). */
typedef struct simI_observer {
  void *ctx;
  void (*launch_begin)(void *ctx, const simI_program *p, unsigned kernel,
                       const simI_launch *l);
  void (*launch_end)(void *ctx, simI_status st);
  void (*block_begin)(void *ctx, unsigned block);
  void (*block_end)(void *ctx, unsigned block);
  void (*access)(void *ctx, const simI_access *a);
  void (*barrier)(void *ctx, const simI_barrier *b);
  void (*release)(void *ctx, const simI_release *r);
  /* A warp diverged: `child` is a new path id of lanes `mask`, whose parent
   * path is `parent`; siblings created by one divergent branch instance share
   * `group`. Accesses in sibling paths (and their descendants) are unordered
   * under lock-step; a path and its ancestors are ordered. */
  void (*path)(void *ctx, unsigned block, unsigned warp, uint32_t child,
               uint32_t parent, uint32_t group, uint64_t mask, uint32_t site);
  /* __syncwarp(mask) or a warp-synchronous collective (shfl/vote with
   * .sync) executed by lanes `mask`. */
  void (*syncwarp)(void *ctx, unsigned block, unsigned warp, uint64_t mask,
                   uint32_t site);
  /* A memory fence (__threadfence_block/__threadfence/_system, membar,
   * fence.sc/acq_rel, LLVM `fence`) of SIMI_SCOPE_* `scope` executed by
   * lanes `mask`; it is ordered after the warp's previous access events and
   * before its next ones. */
  void (*fence)(void *ctx, unsigned block, unsigned warp, uint64_t mask,
                unsigned scope, uint32_t site);
  void (*thread_exit)(void *ctx, unsigned block, unsigned warp, uint64_t mask);
  void (*fault)(void *ctx, const simI_fault *f);
  /* printf from the kernel: the text of one printf call. The kernel's format
   * is data: simulee formats it itself (%n and unknown conversions are
   * printed as text, %s of a null pointer is "(null)"); one thread prints at
   * most SIMI_PRINT_CAP bytes per launch, the call that crosses it is cut and
   * ends with "[simulee: printf output of this thread cut at 65536 bytes]". */
  void (*print)(void *ctx, unsigned block, unsigned thread, const char *text);
  /* A warp-synchronous collective (`what`, a SIMI_WARPOP_*) at `site` was
   * executed by lanes `executing` of the warp with an invalid mask operand
   * (undefined behaviour in CUDA): lane `lane` gave `mask`, which does not
   * include `lane` itself, or which names an executing lane that gave a
   * different mask. Lanes at or above 32 are not checked (the mask is 32
   * bits). At most one event per dispatch; execution continues as before
   * (the first executing lane's mask applies). */
  void (*warp_mask)(void *ctx, unsigned block, unsigned warp, uint32_t site,
                    uint64_t executing, uint64_t mask, unsigned lane, unsigned what);
  /* A named barrier (`bar.sync id, n`, `barrier.sync id, n`, `bar.arrive
   * id, n`, llvm.nvvm.barrier.n / barrier / barrier.sync.cnt, or an id other
   * than 0): only the warps taking part are ordered, ids are independent.
   * It is never reported through `barrier`/`release` and does not advance
   * the block's visit order. */
  void (*named)(void *ctx, const simI_named *n);
  /* An asynchronous copy (simI_async): issued, or landed. */
  void (*async)(void *ctx, const simI_async *a);
  /* A conditional branch or switch at `site` sent some lanes of a warp to
   * instruction `target` (one event per distinct target per dispatch; a
   * branch's targets are its own code, so (site, target) names an outcome). */
  void (*branch)(void *ctx, uint32_t site, uint32_t target);
  /* initcheck (only when set: the interpreter then keeps a per-byte
   * "written" shadow of shared, local and device-heap memory, see
   * simI_uninit). */
  void (*uninit)(void *ctx, const simI_uninit *u);
  /* A child grid starts (dynamic parallelism, SIMI_DP_*): its events
   * follow, with block ids from g->first_block. */
  void (*grid)(void *ctx, const simI_grid *g);
  /* The same event as `branch` with the number of lanes sent to `target`
   * (the search counts how many threads take an outcome); called after
   * `branch` when both are set. */
  void (*branch_lanes)(void *ctx, uint32_t site, uint32_t target, unsigned lanes);
} simI_observer;

#define SIMI_PRINT_CAP 65536u
#define SIMI_PRINT_CAP_STR "65536"

/* The collectives of simI_observer.warp_mask. */
enum {
  SIMI_WARPOP_SYNCWARP = 0, /* __syncwarp / bar.warp.sync */
  SIMI_WARPOP_SHFL,         /* __shfl*_sync */
  SIMI_WARPOP_VOTE,         /* __ballot_sync / __any_sync / __all_sync / __uni_sync */
  SIMI_WARPOP_REDUX,        /* __reduce_*_sync (redux.sync) */
  SIMI_WARPOP_MATCH         /* __match_any_sync / __match_all_sync */
};

typedef struct simI_result {
  simI_status status;      /* OK, TIMEOUT, UNSUPPORTED, TRAP, USAGE, NOMEM */
  char message[512];       /* one line; "" when OK */
  uint64_t insns;          /* thread instructions executed (lanes x dispatches) */
  uint64_t warp_insns;     /* warp dispatches */
  uint64_t threads;        /* threads launched */
  uint64_t faults;         /* refused accesses */
  double seconds;          /* wall time of simI_run */
  uint32_t site;           /* TIMEOUT/TRAP/UNSUPPORTED: where, else UINT32_MAX */
  unsigned workers;        /* simI_run_jobs kept the run of the blocks on this
                              many threads; 0: the launch ran serially */
  unsigned parts;          /* then: in this many ranges of blocks (a worker
                              that ran out takes half of another's rest) */
  uint64_t copied;         /* then: bytes of global memory copied before the
                              run (its undo; only what the launch can reach) */
  double worker_cpu;       /* then: CPU seconds of the worker threads */
  double busiest_cpu;      /* and of the busiest one (the critical path) */
  uint64_t cut_steps;      /* nonzero: the launch's check_steps cut the
                              observers off after this many warp dispatches */
  uint64_t cut_faults;     /* then: refused accesses before the cut */
} simI_result;

/* Execute kernel k with launch l, notifying the nobs observers.
 * Returns res->status. Thread-safe for distinct launches of one program. */
simI_status simI_run(const simI_program *p, unsigned k, const simI_launch *l,
                     const simI_observer *obs, unsigned nobs, simI_result *res);

/* One launch on several threads (-j). The blocks are split into contiguous
 * ranges ("parts"), one per worker at first; each part runs with its own
 * observers (open) while the interpreter tracks, per 4-byte word of global
 * memory, which part read and wrote it (one shared map, updated at each
 * access: a conflict between parts stops the parallel run at once). A
 * worker whose part ended takes the upper half of the blocks another part
 * has not started yet as a new part (new observers), so the shares follow
 * the threads' real speeds; at most SIMI_JOBS_MAX parts. The
 * parallel result is kept only when it is the serial one: every block ended
 * within its first turn (so the serial run is block after block in
 * ascending order, and the parts' observers, merged in the order of their
 * blocks, saw the serial stream cut in pieces), no word written by one block was read
 * or written by another, no atomic of global memory, fence, printf,
 * asynchronous copy, device-side launch, fault or device-heap allocation
 * happened, every worker ended normally and the caller's clean() accepts
 * every worker. Otherwise the launch buffers (and persistent __device__
 * variables) are restored, from a copy taken before or by the caller's
 * restore(), and the launch runs serially with the caller's observers, so the
 * events, results and memory are those of simI_run either way.
 * Launches that cannot be split run serially from the start: fewer than
 * 2 * SIMI_JOBS_MIN_BLOCKS blocks, clusters, grid.sync(), dynamic
 * parallelism, textures or surfaces, a schedule other than the default,
 * growable buffers, or more than SIMI_JOBS_MAX_COPY bytes of global memory
 * to copy. Memory: the copy (none of the buffers with restore()), one byte
 * of tracking per 4 bytes of global memory, and each worker's resident
 * blocks. */
#define SIMI_JOBS_MIN_BLOCKS 16u
#define SIMI_JOBS_MAX_COPY ((uint64_t)1 << 30)
#define SIMI_JOBS_MAX 63u /* workers, and parts, at most (jobs->n above: this many) */
typedef struct simI_jobs {
  unsigned n;  /* worker threads; 0 or 1: serial */
  void *ctx;   /* the caller's */
  /* Part w (0..SIMI_JOBS_MAX-1, each index once per launch) starts: write
   * its observers to obs (at most max) and return their number, or -1 (the
   * launch then runs serially). Parts 0..n-1 are opened before the workers
   * start; later ones on the thread of the worker that will run them, while
   * other parts run: open must be safe to call then (touch part w's state
   * only). */
  int (*open)(void *ctx, unsigned w, simI_observer *obs, unsigned max);
  /* After every worker ran: 1 when part w's observers saw nothing whose
   * merge could differ from the serial run (the caller's rule), else 0. */
  int (*clean)(void *ctx, unsigned w, const simI_result *res);
  /* Every part is clean: merge parts order[0], order[1], ... order[n-1]
   * (the order of their blocks), in that order, into the caller's observers
   * as one execution of the launch; 0, or -1 (out of memory: the launch
   * then runs serially). */
  int (*commit)(void *ctx, const unsigned *order, unsigned n);
  /* Release part w's observers (after commit, or to discard them; also
   * after an open that failed, which may have made some of them). */
  void (*close)(void *ctx, unsigned w);
  /* May be NULL. Called on the thread running part w after each of its
   * blocks: 1 when clean() is going to refuse part w already (the parallel
   * run then stops at once and the launch runs serially). */
  int (*doomed)(void *ctx, unsigned w);
  /* May be NULL. Called on the thread that ran part w when its blocks have
   * run (or it stopped early), before clean(): the caller's per-part end of
   * the execution, done by the workers in parallel. */
  void (*finish)(void *ctx, unsigned w, const simI_result *res);
  /* May be NULL: the launch buffers are then copied before the run (by the
   * workers, each its share) and the words the workers wrote are copied
   * back when the parallel run is given up. Otherwise no copy of the
   * buffers is taken: when the run is given up, restore(ctx, b) is called
   * for each launch buffer b some worker wrote and must give it back the
   * bytes it had when simI_run_jobs was called; 0, or -1 (the launch then
   * ends with SIMI_E_NOMEM). Persistent __device__ variables are copied
   * either way. */
  int (*restore)(void *ctx, unsigned buffer);
} simI_jobs;

/* simI_run with jobs (NULL, or n <= 1: simI_run). The caller's observers
 * receive nothing when the parallel run is kept (commit merges); res is
 * the launch's (instructions summed over workers). */
simI_status simI_run_jobs(const simI_program *p, unsigned k, const simI_launch *l,
                          const simI_observer *obs, unsigned nobs, const simI_jobs *jobs,
                          simI_result *res);

/* The buffers of launch l of kernel k that no write of the launch can
 * reach: each named by a ro_private parameter (simI_param) and by no other
 * argument, in a kernel that fetches no texture or surface and launches no
 * kernel from the device. Their reads race with nothing (the detector
 * leaves them out of the memory model) and they need no undo
 * (simI_run_jobs neither tracks nor copies them). Writes at most max
 * buffer indices (allocation numbers of their pointers) to out and returns
 * how many. */
unsigned simI_ro_buffers(const simI_program *p, unsigned k, const simI_launch *l, unsigned *out,
                         unsigned max);

/* Whether launch l of kernel k can reach only the buffers its pointer
 * arguments name: the module makes no pointer but from one it holds (no
 * load, atomic or extraction of a pointer from memory or an aggregate, no
 * inttoptr, no external call returning one), the kernel fetches no texture
 * or surface, holds no tensor map and launches no kernel from the device.
 * Then returns 1 with reached[b] = 1 for each such buffer b < nbuf (the
 * others 0); else 0 (any buffer may be reached) and reached untouched.
 * simI_run_jobs neither tracks nor copies the other buffers. */
int simI_arg_buffers(const simI_program *p, unsigned k, const simI_launch *l, uint8_t *reached,
                     unsigned nbuf);

/* Describe a simulated address for people: "in[17]" style is the caller's
 * job; this writes "buffer 'in' + 68" / "shared 'tile' + 4" into buf. */
void simI_describe_addr(const simI_program *p, const simI_launch *l,
                        uint64_t addr, char *buf, size_t len);
/* An out-of-bounds address derived from a __shared__, __device__ or
 * __constant__ array of scalars, as the variable and a signed element index
 * ("shared 'tile'[64]", "shared 'tile'[-1]": shared addresses are 32-bit,
 * so an index below the start wraps as on the GPU). Returns 1, or 0 (buf
 * untouched) when the address is no such variable's, a cluster peer's, or
 * the offset is not a whole element. l may be NULL. */
int simI_describe_var_index(const simI_program *p, const simI_launch *l, uint64_t addr,
                            char *buf, size_t len);

/* Demangle an Itanium C++ name; returns a malloc'd string (the name itself if
 * it is not mangled). */
char *simI_demangle(const char *name, int with_params);

#ifdef __cplusplus
}
#endif
#endif
