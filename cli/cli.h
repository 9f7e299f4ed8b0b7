/*
 * simulee cli: the `simulee` program. Private header of cli/ (the program is
 * not a library): option parsing, the number / buffer / argument grammars,
 * .cu compilation and the single-file run.
 *
 * Contract:
 *  - Every parser returns 0 on success, or -1 with a one-line message (no
 *    "simulee: error:" prefix, no newline) in err[errlen].
 *  - Nothing here calls exit(); main() turns results into exit statuses.
 *  - The parsers (args.c) use only types of interp.h, no interp functions, so
 *    the unit tests link them without running anything.
 */
#ifndef SIMULEE_CLI_H
#define SIMULEE_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simulee/interp.h"
#include "simulee/report.h"

/* Exit statuses of the program. */
enum {
  SIMC_EXIT_OK = 0,       /* every kernel checked, no finding */
  SIMC_EXIT_FINDING = 1,  /* at least one finding */
  SIMC_EXIT_USAGE = 2,    /* usage or input error */
  SIMC_EXIT_INCOMPLETE = 3 /* no finding, but a kernel did not run to the end */
};

/* CUDA limits checked before any launch. */
#define SIMC_MAX_BLOCK_THREADS 1024u
#define SIMC_MAX_BLOCK_XY 1024u
#define SIMC_MAX_BLOCK_Z 64u
#define SIMC_MAX_GRID_X 2147483647u
#define SIMC_MAX_GRID_YZ 65535u
#define SIMC_MAX_SHARED ((uint64_t)1 << 30)      /* --shared cap: 1 GiB */
#define SIMC_MAX_BUFFER_BYTES ((uint64_t)1 << 34) /* one --arg buffer: 16 GiB */

/* Resource bounds of the options (docs/kernel.md, "Launches and options"). */
#define SIMC_MAX_STEPS 1000000000000ull      /* --max-steps at most 10^12 */
#define SIMC_MAX_TIME_LIMIT 1e7              /* --time-limit at most 10^7 s */
#define SIMC_DEFAULT_TIME_LIMIT 300.0        /* seconds per kernel when not given */
#define SIMC_MEM_LIMIT_DIVISOR 2u            /* default --mem-limit: RAM / 2 */
#define SIMC_MIN_MEM_LIMIT ((uint64_t)1 << 20) /* --mem-limit at least 1 MiB */
#define SIMC_SCAN_MAX_DEPTH 64                /* scan: folder levels entered */
#define SIMC_SCAN_MAX_FILES 10000u            /* scan --max-files default */
#define SIMC_SCAN_TIME_LIMIT 3600.0           /* scan --scan-time-limit default (s) */
#define SIMC_MAX_INPUT_BYTES ((uint64_t)1 << 30) /* FILE, merge inputs: 1 GiB */
#define SIMC_CLANG_MIN_MEM ((uint64_t)1 << 30) /* clang's address space: --mem-limit,
                                                  at least 1 GiB */
#define SIMC_PCH_TIME_LIMIT 600.0 /* seconds a precompiled-header build may take */
#define SIMC_CLANG_MIN_TIME 5.0   /* clang's time bound: --time-limit, at least this */

/* ----------------------------------------------------------- numbers */

/* A number as written on the command line: `42`, `-3`, `0x10`, `0.5`,
 * `1e-3`, `inf`, `nan`. Integers keep their exact 64-bit value. */
typedef struct simC_number {
  int is_int;   /* written as an integer (decimal or 0x hex) */
  int neg;      /* integer: negative (u holds the two's complement bits) */
  uint64_t u;   /* integer: the value's bits */
  double d;     /* the value as a double (also for integers) */
} simC_number;

/* Parse a whole string as a number. */
int simC_parse_number(const char *s, simC_number *n, char *err, size_t errlen);
/* Convert to an integer of `bits` bits (1..64): must be an integer with
 * -2^(bits-1) <= v <= 2^bits-1; *out gets the low `bits` bits. */
int simC_number_to_int(const simC_number *n, unsigned bits, uint64_t *out,
                       char *err, size_t errlen);
/* Convert to the IEEE bits of a float of `bits` bits (16, 32 or 64). */
int simC_number_to_float(const simC_number *n, unsigned bits, uint64_t *out,
                         char *err, size_t errlen);
/* IEEE half bits of a float, round to nearest even. */
uint16_t simC_f32_to_f16(float f);

/* ---------------------------------------------------------- buffers */

/* The element types a buffer spec may name ("i8" ... "f64"); UNKNOWN if the
 * len bytes at s are not one of them. */
simI_elem simC_elem_parse(const char *s, size_t len);
const char *simC_elem_name(simI_elem e);
unsigned simC_elem_size(simI_elem e);

typedef enum simC_fill {
  SIMC_FILL_ZERO = 0, /* TYPE[COUNT] */
  SIMC_FILL_VALUE,    /* TYPE[COUNT]=FILL */
  SIMC_FILL_IOTA,     /* TYPE[COUNT]=iota: element i holds i */
  SIMC_FILL_RAND,     /* TYPE[COUNT]=rand:SEED:LO:HI: element i is a function
                         of (SEED, i) uniform in [LO, HI] (simE_fill_rand) */
  SIMC_FILL_SORTED,   /* TYPE[COUNT]=sorted:SEED:LO:HI (simE_fill) */
  SIMC_FILL_PREFIX,   /* TYPE[COUNT]=prefix:SEED:LO:HI */
  SIMC_FILL_PERM,     /* TYPE[COUNT]=perm:SEED */
  SIMC_FILL_DATA      /* TYPE[COUNT]=list:V0,V1,... or TYPE[COUNT]=@FILE (raw
                         little-endian elements): data, ndata */
} simC_fill;

typedef struct simC_bufspec {
  simI_elem elem;     /* element type */
  uint64_t count;     /* elements */
  simC_fill fill;     /* how to initialise */
  uint64_t fill_bits; /* SIMC_FILL_VALUE: the element's bits (size bytes) */
  uint64_t seed;      /* SIMC_FILL_RAND: the seed */
  double lo, hi;      /* SIMC_FILL_RAND: the range */
  void *data;         /* SIMC_FILL_DATA: ndata elements (malloc'd; freed by
                         simC_argval_free) */
  uint64_t ndata;
} simC_bufspec;

/* Parse `TYPE[COUNT]`, `TYPE[COUNT]=FILL`, `TYPE[COUNT]=iota`,
 * `TYPE[COUNT]=rand:SEED:LO:HI` (also sorted: and prefix:),
 * `TYPE[COUNT]=perm:SEED`, `TYPE[COUNT]=list:V0,V1,...` (',' or ';'
 * between values: ';' inside a struct's braces; at most COUNT values, zeros
 * after them) or `TYPE[COUNT]=@FILE` (COUNT raw little-endian elements
 * read from FILE, which must hold at least that many). The byte size is
 * checked against SIMC_MAX_BUFFER_BYTES. With a list or file, free b with
 * simC_bufspec_free. */
int simC_parse_bufspec(const char *s, simC_bufspec *b, char *err, size_t errlen);
void simC_bufspec_free(simC_bufspec *b);
/* Allocate and initialise the buffer's bytes (simI_mem_alloc: the caller
 * releases them with simI_mem_free; at least 1 byte so a 0-element buffer
 * still has an address). NULL if out of memory. */
void *simC_bufspec_make(const simC_bufspec *b);
/* Write element i of a buffer of type e, as --dump prints it (integers in
 * decimal, f32 %.9g, f64 %.17g), into buf. */
void simC_format_elem(simI_elem e, const void *data, uint64_t i, char *buf,
                      size_t len);

/* ------------------------------------------------------- --arg values */

typedef enum simC_argkind {
  SIMC_ARG_NUMBER, /* a scalar */
  SIMC_ARG_NULL,   /* `null` */
  SIMC_ARG_BUFFER, /* a buffer spec */
  SIMC_ARG_STRUCT, /* `{a,b,...}`: fields (nested braces flattened) */
  SIMC_ARG_TEXTURE /* `tex2d:f32:8x8:clamp=FILL`: texels in buf, descriptor
                      in tex (simC_parse_texspec) */
} simC_argkind;

typedef struct simC_argval {
  simC_argkind kind;          /* which member below is meaningful */
  simC_number num;            /* NUMBER */
  simC_bufspec buf;           /* BUFFER */
  unsigned nfields;           /* STRUCT: flattened field count */
  struct simC_argval *fields; /* STRUCT: malloc'd array (no STRUCT inside) */
  uint32_t tex[16];           /* TEXTURE: the descriptor (SIME_TEX_* words of
                                 simulee/evolve.h) */
} simC_argval;

/* Parse a texture or surface object (a kernel's cudaTextureObject_t or
 * cudaSurfaceObject_t parameter): KIND:TYPE:DIMS[:OPTION...][=FILL] with
 * KIND tex1d, tex2d, tex3d, tex1dlayered, tex2dlayered, surf1d or surf2d;
 * TYPE i8 u8 i16 u16 i32 u32 f32, with x2 or x4 for 2 or 4 channels (u8x4);
 * DIMS W, WxH or WxHxD (as many as KIND has, a layered one then its layer
 * count: WxLAYERS, WxHxLAYERS; at most 2^24 texels);
 * OPTIONs (textures only) an address mode wrap, clamp (default), mirror or
 * border for every dimension, or one per dimension joined by ','; point
 * (default) or linear; norm (normalized coordinates); nfloat (read mode
 * normalized float: 8- and 16-bit integer texels only); FILL any buffer fill
 * (`TYPE[COUNT]=FILL` of simC_parse_bufspec) over the W*H*D texels' channels. Fills
 * v (kind SIMC_ARG_TEXTURE): 0, or -1 with a message. Free with
 * simC_argval_free. */
int simC_parse_texspec(const char *s, simC_argval *v, char *err, size_t errlen);
/* Does s start like a texture or surface spec (tex1d: ... surf2d:)? */
int simC_is_texspec(const char *s);

/* Parse a tensor map (a kernel's `const __grid_constant__ CUtensorMap`
 * parameter): tmap:TYPE:DIMS:BOX[=FILL] with TYPE u8 u16 u32 i32 u64 i64
 * f32 f64 (a CUtensorMapDataType), DIMS the tensor's extents W[xH[xD[xE[xF]]]]
 * (dimension 0 innermost, contiguous; rank 1..5), BOX the box a copy moves,
 * as many extents, each 1..256, the innermost box row a multiple of 16
 * bytes (and so each tensor row, rank > 1), as cuTensorMapEncodeTiled
 * requires; FILL any buffer fill over the tensor's elements. Fills v as a
 * SIMC_ARG_STRUCT of the fields of simulee's CUtensorMap
 * (cuda/simulee_tensormap.h; its global_address field the tensor's buffer):
 * 0, or -1 with a message. Free with simC_argval_free. */
int simC_parse_tmapspec(const char *s, simC_argval *v, char *err, size_t errlen);
/* Does s start like a tensor map spec (tmap:)? */
int simC_is_tmapspec(const char *s);

/* Parse one --arg value. Free with simC_argval_free. (`_`, "search this
 * one", is not a value: callers test simC_arg_is_search first.) */
int simC_parse_argval(const char *s, simC_argval *v, char *err, size_t errlen);
void simC_argval_free(simC_argval *v);
/* The --arg `_`: the automatic input search picks this parameter. */
int simC_arg_is_search(const char *s);

/* Parse a byte count: decimal digits with an optional suffix K, M or G
 * (powers of 1024, either case, an optional trailing B), at most max bytes.
 * The message names the maximum. */
int simC_parse_bytes(const char *s, uint64_t max, uint64_t *out, char *err,
                     size_t errlen);
/* The default --mem-limit: physical RAM / SIMC_MEM_LIMIT_DIVISOR (8 GiB if
 * the RAM size is unknown). */
uint64_t simC_default_mem_limit(void);
/* Check that path names a regular file of at most SIMC_MAX_INPUT_BYTES
 * (a FIFO, a device or a folder would block or never end): 0, or -1 with
 * "PATH: why" in err. Used for every input file the CLI reads. */
int simC_check_input_file(const char *path, char *err, size_t errlen);
/* Options files (cli/optfile.c: nvcc's --options-file F and @F, those a
 * compile command names): the words of the command line and of the files
 * read, each with where it came from, so that an error names a file's word
 * by its byte offset and never quotes the file. */
#define SIMC_OPTFILE_MAX_BYTES ((uint64_t)1 << 20) /* 1 MiB */
typedef struct simC_optwords {
  char **w;            /* the words (malloc'd), NULL-terminated */
  struct simC_optword_at {
    int file;          /* index in files, -1: the command line */
    size_t offset;     /* its first byte in that file */
  } *at;               /* where each word came from */
  unsigned n, cap;     /* words used / allocated */
  char **files;        /* the options files read (malloc'd paths) */
  unsigned nfiles;
} simC_optwords;
void simC_optwords_init(simC_optwords *ow);
void simC_optwords_free(simC_optwords *ow);
/* Append a command-line word (copied). 0 or -1 (out of memory). */
int simC_optwords_add(simC_optwords *ow, const char *word);
/* Append the words of the options file path: a regular file of at most
 * SIMC_OPTFILE_MAX_BYTES of text (no control characters but white space;
 * every quote closed). 0, or -1 with one line in err that names the file
 * (and the byte offset of a parse error) and quotes none of its text. */
int simC_optwords_read(simC_optwords *ow, const char *path, char *err, size_t errlen);
/* Where word i came from, "FILE: byte N" in buf (returned), when it came
 * from an options file; NULL for a command-line word. */
const char *simC_optwords_where(const simC_optwords *ow, unsigned i, char *buf, size_t len);
/* Append the malloc'd string s to the growing array *v (*n used, *cap
 * allocated), taking ownership: 0, or -1 (s NULL or out of memory; s is
 * then freed). */
int simC_push_str(char ***v, unsigned *n, unsigned *cap, char *s);

/* Parse `X[,Y[,Z]]`, each at least 1; missing parts are 1. */
int simC_parse_dims(const char *s, simI_dim3 *d, char *err, size_t errlen);
/* Check a launch against CUDA's limits and SIMI_MAX_THREADS_TOTAL. */
int simC_check_launch(simI_dim3 grid, simI_dim3 block, char *err, size_t errlen);

/* ----------------------------------------------------------- options */

typedef struct simC_options {
  const char *file;       /* the input file (argv string) */
  const char *kernel;     /* --kernel, or NULL for every kernel */
  int have_grid;          /* --grid given */
  int have_block;         /* --block given */
  simI_dim3 grid;         /* --grid (1,1,1 if absent) */
  simI_dim3 block;        /* --block (1,1,1 if absent) */
  uint64_t shared;        /* --shared bytes */
  int have_shared;        /* --shared given */
  unsigned nargs;         /* --arg count */
  const char **args;      /* --arg strings (argv strings; array malloc'd) */
  unsigned ntexrefs;      /* --texref count */
  const char **texrefs;   /* --texref NAME=SPEC strings (argv strings; array
                             malloc'd): legacy texture references' textures */
  unsigned ndumps;        /* --dump count */
  unsigned *dumps;        /* --dump parameter indices (malloc'd) */
  unsigned ncflags;       /* -I / -D / -U / --std / --include flags for clang */
  char **cflags;          /* each "-IDIR", "-DNAME[=VAL]", "-UNAME", "--std=STD"
                             or "--include=FILE" (malloc'd) */
  int opt_level;          /* -O0..-O3 for .cu (default 2) */
  const char *arch;       /* --arch sm_NN for .cu (clang --cuda-gpu-arch), NULL:
                             the default, sm_70 */
  uint64_t max_steps;     /* --max-steps, 0 = interpreter default; at most
                             SIMC_MAX_STEPS */
  unsigned warp_size;     /* --warp-size, 0 = 32 */
  int its;                /* independent thread scheduling race rules:
                             --warp-model its (the default, 1) or lockstep
                             (0); --its is --warp-model its */
  int no_detect;          /* --no-detect: interpreter only */
  int no_confirm;         /* --no-confirm: races are not re-run under other
                             schedules */
  int no_initcheck;       /* --no-initcheck: no uninitialized-read findings */
  int no_host_launch;     /* --no-host-launch: no launch hints from the host
                             code of a .cu file (cli/hints.c) */
  const struct simC_hints *hints; /* launch hints of the file being checked,
                             or NULL (set by the caller, not by parsing) */
  unsigned jobs;          /* -j N worker threads, 0 = all cores (a scan runs
                             kernels in parallel and each check with 1) */
  double time_limit;      /* --time-limit seconds per kernel, 0 = none;
                             SIMC_DEFAULT_TIME_LIMIT when not given */
  int have_time_limit;    /* --time-limit given */
  double clang_time_limit; /* seconds each clang job may take, 0: --time-limit,
                             at least SIMC_CLANG_MIN_TIME (a scan sets what
                             --scan-time-limit leaves; not parsed) */
  uint64_t mem_limit;     /* --mem-limit bytes of simulated memory per launch,
                             0 = none; simC_default_mem_limit() when not
                             given (simI_launch.mem_limit of every launch) */
  int have_mem_limit;     /* --mem-limit given */
  uint64_t device_heap;   /* --device-heap bytes (simI_launch.device_heap), 0 = 8 MiB */
  unsigned population;    /* --population N (search), default 100 */
  unsigned generations;   /* --generations N (search), default 100 */
  uint64_t seed;          /* --seed N (search), default 1 */
  int stats;              /* --stats */
  int quiet;              /* --quiet */
  int no_color;           /* --no-color */
  simD_format format;     /* --format */
  const char *output;     /* -o FILE, or NULL for stdout */
  int help;               /* --help */
  int version;            /* --version */
  simI_dim3 cluster;      /* --cluster; 0,0,0 when absent (the kernel's
                             __cluster_dims__, or the search's) */
  int same_value;         /* --same-value-races: SIMD_SAME_VALUE_* (default
                             warning) */
  simD_level fail_on;     /* --fail-on error|warning|note: the least severe
                             level that makes the exit status 1 (default
                             error) */
  int verbose;            /* -v: text reports also show note-level findings */
  const char *from;       /* --from DIR: the search starts from the launches
                             recorded there (simulee run --record) */
  const char *launches;   /* --launches DIR: the launches recorded there are
                             the program's (and start the search) */
  char **owned;           /* words read from --args-file files (malloc'd) */
  unsigned nowned;        /* their count */
  const struct simC_bounds *bounds; /* clang's -Warray-bounds warnings of the
                             device compile of the file being checked
                             (cli/bounds.c), or NULL (set by the caller, not
                             by parsing) */
  int rdc;                /* simulee run -rdc, nvcc -rdc=true / -dc: the .cu
                             files' device code is relocatable (linked with the
                             program's other such files when it runs) */
  int as_cu;              /* nvcc -x cu: every source file is CUDA, whatever
                             its name ends in */
  int keep_globals;       /* nvcc -fatbin/-cubin/-ptx: every variable of the
                             device code stays a variable in memory (the host
                             may set a static one by name, cuModuleGetGlobal):
                             clang's optimizer is off and simC_keep_globals
                             optimizes the bitcode with each listed in llvm.used */
  const char *pp;         /* nvcc -E, -M, -MM: the clang flag that preprocesses
                             or lists the dependencies of the host pass instead
                             of compiling (NULL: compile) */
} simC_options;

/* ------------------------------ recorded launches (cli/launches.c) */

/* One launch recorded by `simulee run --record DIR` (runtime/record.c). */
typedef struct simC_reclaunch {
  char *kernel;             /* its kernel's symbol */
  simI_dim3 grid, block, cluster; /* its shape (cluster 0,0,0: none) */
  uint64_t shared;          /* dynamic shared bytes */
  unsigned nargs;           /* --arg words, one per parameter */
  char **args;              /* their text (a buffer's @FILE made relative
                               to the current folder) */
  char *path;               /* its args file */
  int inexact;              /* the args file says it does not replay exactly
                               (its data is not the program's: not a seed) */
} simC_reclaunch;
typedef struct simC_recdir {
  simC_reclaunch *v;        /* the launches, in recording order */
  unsigned n;
  int cut;                  /* the record's byte cap left launches out */
} simC_recdir;

/* The whole file at path (simC_check_input_file first), NUL-terminated and
 * malloc'd, or NULL with why in err. */
char *simC_read_text(const char *path, char *err, size_t errlen);
/* Words of an args file: one command-line word per line, '#' lines and
 * empty ones skipped, every relative `=@FILE` made relative to the file's
 * folder. 0 (words malloc'd, each word too), or -1 with why. */
int simC_read_args_file(const char *path, char ***words, unsigned *nwords, char *err,
                        size_t errlen);
/* Is dir a folder of recorded launches (its index DIR/launches)? 0, or -1
 * with why. */
int simC_recdir_check(const char *dir, char *err, size_t errlen);
/* The launches recorded in dir (of kernel symbol `kernel` only, unless
 * NULL). 0 (free with simC_recdir_free), or -1 with why. */
int simC_recdir_load(const char *dir, const char *kernel, simC_recdir *r, char *err,
                     size_t errlen);
void simC_recdir_free(simC_recdir *r);

/* Parse argv with getopt_long (argv is permuted, as glibc does). Checks each
 * value's syntax (dims, numbers, buffer specs) but not the kernel's
 * signature. On error the options are freed. */
int simC_parse_options(int argc, char **argv, simC_options *o, char *err,
                       size_t errlen);
void simC_options_free(simC_options *o);
/* The --help text. */
const char *simC_usage(void);

/* Quote a word for a POSIX shell if needed (replay lines). Appends to
 * buf[len] (NUL-terminated); returns 0, or -1 if it does not fit. */
int simC_shell_append(char *buf, size_t len, const char *word);

/* ------------------------------------------------ paths (cli/paths.c) */

/* Print "simulee: LEVEL: MESSAGE" and a newline on stderr, the message's
 * control characters and bytes that are not UTF-8 escaped (simD_text_esc):
 * one line whatever the file or kernel names in it (a CI log must not see
 * a line of a name's own). Every error and warning line goes through it.
 * level NULL: "simulee: MESSAGE". */
void simC_vmessage(const char *level, const char *fmt, va_list ap);
void simC_message(const char *level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The clang to run: $SIMULEE_CLANG, else the clang-19 found at configure
 * time. */
const char *simC_clang(void);
/* simulee's CUDA header folder: $SIMULEE_CUDA_DIR, else PREFIX/share/
 * simulee/cuda of an installed simulee (PREFIX/bin/simulee, found from
 * /proc/self/exe, so a moved prefix works), else the source tree's cuda/ (a
 * simulee run from its build tree). Thread-safe. */
const char *simC_cuda_dir(void);
/* 1 when the headers were found next to the executable (an installed
 * simulee: precompiled headers come from the per-user cache), else 0. */
int simC_installed(void);
/* A folder simulee ships: $ENV when set, else PREFIX/lib/simulee/SUB of
 * an installed simulee (PREFIX/lib/simulee when SUB is ""), else BUILT (the
 * build tree's). Into out (len bytes). */
void simC_lib_dir(const char *env, const char *sub, const char *built, char *out, size_t len);
/* The per-user cache folder: $SIMULEE_CACHE_DIR, else $XDG_CACHE_HOME/
 * simulee, else $HOME/.cache/simulee. Returns 0, or -1 when none is set or
 * it does not fit in buf. */
int simC_cache_dir(char *buf, size_t len);
/* `simulee --version`: the version, git commit, LLVM and clang versions,
 * and the header folders in use, one `name: value` per line after the
 * first line `simulee VERSION`. */
void simC_print_version(FILE *f);

/* ------------------------------------------------------ compile, run */

/* Compile a .cu file to bitcode with clang-19 and SIMULEE_CUDA_FLAGS into a
 * fresh temporary file whose path is written to out (the caller unlinks it).
 * Returns 0, or -1 with clang's first error line (or why clang could not
 * run) in err, or -2 over a limit (simC_compile_finish). */
int simC_compile_cu(const char *path, const simC_options *o, char *out,
                    size_t outlen, char *err, size_t errlen);

/* Optimize the device bitcode file bc (compiled with clang's optimizer off)
 * at -O2 in place, every variable it defines kept as a variable in memory
 * (listed in llvm.used: the host may read or set it by name through the
 * driver API, so no load of it is folded to its initializer). 0, or -1 with
 * why in err. */
int simC_keep_globals(const char *bc, char *err, size_t errlen);

/* simC_compile_cu, and clang's warnings of the compile (its stderr, which
 * holds the -Warray-bounds warnings simC_bounds_parse reads) in *warnings:
 * malloc'd (the caller frees) or NULL. */
int simC_compile_cu_warn(const char *path, const simC_options *o, char *out, size_t outlen,
                         char **warnings, char *err, size_t errlen);

/* A clang run in the background, so that the host side of a .cu file
 * compiles while the device side does (cli/compile.c). */
typedef struct simC_compile_job {
  const char *path;      /* the .cu file (borrowed) */
  const simC_options *o; /* its options: -I/-D flags (borrowed) */
  int host;              /* the host side (--cuda-host-only, -O2), else the
                            device side (simC_compile_cu) */
  int pch;               /* the run uses a precompiled header */
  int pid;               /* clang's process, 0 when none runs */
  int fd;                /* read end of clang's stderr, -1 when none */
  char out[4096];        /* the temporary bitcode file it writes */
  char src[4096];        /* the rewritten copy clang reads instead of path
                            (simC_rewrite_chevrons), "" when none */
  char qdir[4096];       /* with a copy: path's folder, for "..." includes */
  char overlay[4096];    /* clang -ivfsoverlay file showing rewritten copies
                            of project headers under their names, or "" */
  char tmpdir[4096];     /* the folder of the copies, "" when none */
  char *diag;            /* device side: clang's messages of the failed run
                            (malloc'd), for the device-launch retry */
  int dp;                /* the run compiles a copy with its device-side
                            launches rewritten (simC_rewrite_device_launches) */
  int keep_warnings;     /* keep a successful run's diagnostics in warnings */
  int openmp;            /* the file has `#pragma omp` lines: -fopenmp, no PCH */
  char *warnings;        /* with keep_warnings: clang's stderr of the run
                            that succeeded (its warnings; malloc'd, the
                            caller frees), or NULL */
  double deadline;       /* monotonic seconds by which every clang run of
                            the job ends (o->time_limit from the start; 0 =
                            none): past it the process group is killed */
  int limit_hit;         /* 1: a run went past the deadline, 2: out of
                            memory under the address-space limit */
} simC_compile_job;

/* Blank the comments, string and character literals of source text in
 * place (newlines kept, so offsets keep their line and column). */
void simC_blank_code(char *s, size_t n);
/* nvcc's spaced launch chevrons: `k<< <g, b>> >(...)` (blanks between the
 * chevrons) becomes `k<<<  g, b>>>  (...)` in place, every other byte where
 * it was (a pair is rewritten only when a `<<<`-like opening is closed by a
 * `>>>`-like one at bracket depth 0 before the next ; { } and followed by
 * `(`; `operator<< <T>` is left alone). Returns the number of chevron
 * tokens rewritten. simC_compile_start compiles a rewritten copy when the
 * file has any (clang's messages and debug info still name the file), and
 * shows clang rewritten copies of the project headers that have any
 * (simC_project_headers; a -ivfsoverlay keeps their names). */
size_t simC_rewrite_chevrons(char *src, size_t n);
/* nvcc's inline asm names PTX special registers with one '%' in asm
 * statements with operands ("mov.u64 %0, %globaltimer;"), which clang
 * refuses: double those '%' of *text (n bytes at *len; reallocated, the
 * lines kept). Returns how many, 0 when none (text unchanged). */
size_t simC_rewrite_asm_percent(char **text, size_t *len);
/* nvcc takes an alignment specifier after a memory space qualifier
 * (`__shared__ alignas(16) float a[64];`), which clang refuses ("an
 * attribute list cannot appear here"): the two are swapped in place
 * (`alignas(16) __shared__`, the same bytes on the same line). Returns how
 * many. */
size_t simC_rewrite_alignas(char *src, size_t n);
/* nvcc takes inline asm operands that follow one another without a comma
 * (`:: "r"(v) "l"(p)`): the comma is inserted (*text reallocated, the lines
 * kept). Returns how many, 0 when none (text unchanged). */
size_t simC_rewrite_asm_commas(char **text, size_t *len);
/* Every respelling above of *text (*len bytes; reallocated): how many. */
size_t simC_respell(char **text, size_t *len);

/* Dynamic parallelism: clang rejects a `k<<<...>>>(...)` launch in device
 * code ("reference to __global__ function 'k' in __global__ function").
 * offs are the byte offsets in src of such diagnosed callees (or of their
 * `<<<`); each launch `CALLEE<<<CONFIG>>>(ARGS)` found from one (callee
 * text with `::` and template arguments; `>>>` matched at bracket depth 0)
 * becomes `__sim_dp_launch<&CALLEE>(CONFIG)(ARGS)` (cuda/simulee_dp.h),
 * newlines kept; with deduce, a statement expression whose probe lets
 * clang resolve which kernel a launch of a template or overloaded kernel
 * names (__sim_dp_launch_q, cuda/simulee_dp.h), on the same lines. Returns
 * the number of launches rewritten with the
 * malloc'd new text in *out (*outn bytes, NUL after), 0 (nothing found,
 * *out NULL) or -1 (out of memory). Device-side compiles retry with such a
 * copy when clang reports these errors (simC_compile_finish). */
long simC_rewrite_device_launches(const char *src, size_t n, const size_t *offs, unsigned noffs,
                                  int deduce, char **out, size_t *outn);
/* The same for the launches clang's messages diag name in file path (text,
 * n bytes, is that file as clang read it): the host side's retry
 * (simC_prog_compile), where clang rejects a launch of a template or
 * overloaded kernel in a kernel too. */
long simC_rewrite_diagnosed_launches(const char *diag, const char *path, const char *text,
                                     size_t n, int deduce, char **out, size_t *outn);

/* Start clang on one side of a .cu file (with the precompiled headers when
 * they apply). Returns 0, or -1 with why in err (then nothing runs). path
 * and o must outlive the job; every started job is finished or aborted. */
int simC_compile_start(const char *path, const simC_options *o, int host,
                       simC_compile_job *j, char *err, size_t errlen);
/* Wait for the job (retrying without the precompiled headers if clang
 * rejected them). Returns 0 with the bitcode file's path in out (the caller
 * unlinks it), -1 with clang's first error line in err, or -2 when clang
 * ran over the time limit (o->time_limit, the whole job) or the memory
 * limit (SIMC_CLANG_MIN_MEM at least): err then names the file and the
 * limit, and the process group was killed. Every clang child runs in a
 * process group of its own under those limits and is reaped as soon as it
 * ends. */
int simC_compile_finish(simC_compile_job *j, char *out, size_t outlen, char *err,
                        size_t errlen);
/* Kill and reap a started job; its file is removed. */
void simC_compile_abort(simC_compile_job *j);
/* Run argv (clang, or clang as the linker) contained as the compiles are:
 * a process group of its own, o's address-space limit (--mem-limit, at
 * least SIMC_CLANG_MIN_MEM) and time limit (--time-limit, at least
 * SIMC_CLANG_MIN_TIME), killed with simulee (PR_SET_PDEATHSIG); stdin
 * /dev/null, stdout and stderr into errpath (NULL: inherited). Returns its
 * exit status or 128 + signal, -1 when it cannot start, -2 past the time
 * limit (its group killed and reaped), -3 out of memory under the limit
 * (said in errpath's text). */
int simC_run_bounded(char *const *argv, const char *errpath, const simC_options *o);
/* The limits simC_run_bounded and the compile jobs apply for o (0: none). */
double simC_clang_time_limit(const simC_options *o);
uint64_t simC_clang_mem_limit(const simC_options *o);
/* Kill the process group of every running clang child (async-signal-safe:
 * for a handler of SIGTERM, SIGINT, SIGHUP). */
void simC_kill_children(void);

/* ------------------------------ clang -Warray-bounds (cli/bounds.c) */

/* One `FILE:LINE:COL: warning: array index N is past the end of the array
 * (that has type 'T') [-Warray-bounds]` (or "is before the beginning of
 * the array") of a device compile. */
typedef struct simC_bound {
  char *file;         /* as clang names it */
  unsigned line, col;
  long long index;    /* the constant index */
  char type[64];      /* the array's type ("float[8]"); "" before the
                         beginning */
} simC_bound;
typedef struct simC_bounds {
  simC_bound *v;
  unsigned n;
} simC_bounds;
/* The array-bounds warnings of clang's stderr text (NULL: none), each
 * (file, line, col) once. Returns 0 (free with simC_bounds_free) or -1 (out
 * of memory; out is empty). */
int simC_bounds_parse(const char *text, simC_bounds *out);
void simC_bounds_free(simC_bounds *b);
/* Add to l an error-level `out-of-bounds` finding per warning of b on a
 * line of kernel k's code (simI_kernel_site_at; its site is the access
 * there), with the message "constant index N past the end of 'T' (clang
 * -Warray-bounds)", unless l has an out-of-bounds finding on that line
 * already (the run's, with its witness). 0, or -1 out of memory. */
int simC_bounds_add(const simC_bounds *b, const simI_program *p, unsigned k, simD_list *l);

/* -------------------------------------------- launch hints (cli/hints.c) */

/* What the host code of a .cu file says about one kernel's launches: every
 * `kernel<<<grid, block, shared>>>` (and explicit cudaLaunchKernel) call of
 * the file's host side, compiled at -O2 so that dim3 constants fold. A part
 * (grid, block, shared) is a hint when every launch site of the kernel gives
 * it as the same constant; the check then fixes it as if --grid, --block or
 * --shared had been given (the user's options win). */
enum { /* the same bits as SIMD_HOST_* of report.h */
  SIMC_HINT_GRID = 1,  /* the grid is a hint */
  SIMC_HINT_BLOCK = 2, /* the block is a hint */
  SIMC_HINT_SHARED = 4 /* the dynamic shared size is a hint */
};
/* A host grid is used only with a fixed block (given or a hint) and up to
 * this many threads in all (the search simulates the whole fixed grid for
 * every candidate; larger grids are left to the search). */
#define SIMC_HINT_MAX_THREADS 16384u

#define SIMC_HINT_MAX_ARGS 32u /* kernel arguments a launch site is read for */
#define SIMC_HINT_MAX_SHAPES 8u /* distinct constant blocks (grids) kept */
#define SIMC_HINT_MAX_VALUES 8u /* distinct constants kept per argument */

typedef struct simC_hint {
  char *stub;            /* the kernel's host stub symbol (malloc'd) */
  char **names;          /* device symbols the stub may stand for (malloc'd;
                            the mangling's length prefix is ambiguous) */
  unsigned nnames;       /* their count */
  unsigned nsites;       /* launch sites of the kernel in the file */
  unsigned parts;        /* SIMC_HINT_* bits: the parts that are hints */
  unsigned varying;      /* SIMC_HINT_* bits: parts that differ between
                            sites, are not constant or are not valid CUDA
                            values (no hint) */
  simI_dim3 grid, block; /* the hinted dims (where the bits say so) */
  uint64_t shared;       /* the hinted dynamic shared bytes */
  char *file;            /* source file of the first launch site, as clang
                            names it ("" if unknown; malloc'd) */
  unsigned line;         /* its line, 0 if unknown */
  /* the kernel's arguments at its launch sites (cudaSetupArgument order) */
  unsigned nargs;        /* arguments read at the first site (at most
                            SIMC_HINT_MAX_ARGS) */
  uint64_t arg_const;    /* bit k: argument k is an integer constant, the
                            same at every site */
  uint64_t arg_value[SIMC_HINT_MAX_ARGS]; /* those constants (zero-extended) */
  /* the distinct floating-point constants argument k takes at the sites, as
   * the bits of doubles: nfvals[k] > 0 when every site passes one there and
   * at most SIMC_HINT_MAX_VALUES distinct ones, else 0 (as nvals/vals for
   * integers; nfvals[k] == 1: the same constant at every site) */
  unsigned char nfvals[SIMC_HINT_MAX_ARGS];
  uint64_t fvals[SIMC_HINT_MAX_ARGS][SIMC_HINT_MAX_VALUES];
  int block_arg;         /* >= 0: at every site block.x is the value passed
                            as that argument (block y, z in block) */
  int grid_arg;          /* >= 0: at every site grid.x = (that argument +
                            grid_add) / grid_div (grid y, z in grid) */
  int64_t grid_add;
  uint64_t grid_div;
  /* the allocation behind pointer argument k (cudaMalloc/cudaMallocManaged
   * of the pointer passed, or the thrust::device_vector<T>(n) whose data()
   * is passed), the same at every site: alloc_arg[k] >= 0:
   * alloc_unit[k] bytes per unit of that argument; -1: alloc_unit[k] bytes;
   * -2: unknown */
  int alloc_arg[SIMC_HINT_MAX_ARGS];
  uint64_t alloc_unit[SIMC_HINT_MAX_ARGS];
  /* the distinct constant shapes of the sites (the launches the program can
   * make, for the outside-program-launches grade): nblocks > 0 when every
   * site's block is a constant and there are at most SIMC_HINT_MAX_SHAPES
   * of them, else 0 (unknown: any block may be the program's); likewise
   * the grids */
  unsigned nblocks, ngrids;
  simI_dim3 blocks[SIMC_HINT_MAX_SHAPES], grids[SIMC_HINT_MAX_SHAPES];
  /* the distinct integer constants argument k takes at the sites (the
   * values the program passes: the search draws from them, and a finding
   * only other values show is outside the program's launches): nvals[k] > 0
   * when every site passes an integer constant there and at most
   * SIMC_HINT_MAX_VALUES distinct ones (zero-extended), else 0 (unknown) */
  unsigned char nvals[SIMC_HINT_MAX_ARGS];
  uint64_t vals[SIMC_HINT_MAX_ARGS][SIMC_HINT_MAX_VALUES];
  /* a pitched allocation behind pointer argument k (cudaMallocPitch(&p,
   * &pitch, widthBytes, height), the same at every site): alloc_align[k] >
   * 0 (SIMC_PITCH_ALIGN): the row of widthBytes (alloc_arg/alloc_unit as
   * above) is rounded up to a multiple of it (the pitch), times height
   * rows: alloc_rows_arg[k] >= 0 that argument's value, -1 alloc_rows[k];
   * 0: no pitch (the size is alloc_arg/alloc_unit's) */
  uint64_t alloc_align[SIMC_HINT_MAX_ARGS];
  int alloc_rows_arg[SIMC_HINT_MAX_ARGS];
  uint64_t alloc_rows[SIMC_HINT_MAX_ARGS];
  /* argument k is the pitch cudaMallocPitch wrote for pointer argument
   * pitch_of[k] - 1 (0: not a pitch), the same at every site */
  unsigned pitch_of[SIMC_HINT_MAX_ARGS];
} simC_hint;
/* The alignment of cudaMallocPitch's pitch as simulee takes it (bytes):
 * the device chooses it at run time; 512 is what current GPUs give, and a
 * row whose bytes are a multiple of it has no padding (an access one past
 * its end reaches the next row, or past the buffer after the last). */
#define SIMC_PITCH_ALIGN 512u

typedef struct simC_hints {
  simC_hint *v;          /* one per launched kernel (malloc'd) */
  unsigned n;            /* count */
  unsigned nsites;       /* launch sites found in all */
  double seconds;        /* wall time simC_hints_finish took: the host
                            compile not overlapped by the device compile,
                            and reading the module */
  /* legacy texture references the host binds with constant sizes:
   * cudaBindTexture (dims 1: size[0] bytes) or cudaBindTexture2D (dims 2:
   * size[0] x size[1] texels); a reference bound with different sizes has
   * dims 0 (unknown) */
  unsigned ntexbinds;
  struct simC_texbind {
    char *name;          /* the reference's symbol (malloc'd) */
    unsigned dims;
    uint64_t size[2];
  } *texbinds;
} simC_hints;

void simC_hints_init(simC_hints *h);
void simC_hints_free(simC_hints *h);
/* Read the launch sites of a host-side module (bitcode or IR, LLVM C API)
 * into h (appending). Returns 0, or -1 with a one-line message in err. */
int simC_hints_read(const char *bcpath, simC_hints *h, char *err, size_t errlen);
/* The hint for a kernel (its mangled device symbol), or NULL if the file
 * does not launch it. */
const simC_hint *simC_hints_find(const simC_hints *h, const char *kernel);

/* Add the launches src (of another file) of the same kernel to h: a new
 * entry named kernel, or folded into h's entry for it (a part stays a hint
 * only if it is the same constant in both). Returns 0 or -1 (out of
 * memory). simulee scan uses it for a kernel that a header defines: its
 * launches are those of every file that includes it. */
int simC_hints_add(simC_hints *h, const simC_hint *src, const char *kernel);

/* Start the host-side compile of a .cu file (simC_compile_start with host
 * = 1) unless o->no_host_launch or both --grid and --block are given (the
 * launch is the user's: the host code is not read, so a replay line costs no
 * second clang run); j->pid is 0 when nothing was started (and why in err). */
void simC_hints_start(const char *path, const simC_options *o, simC_compile_job *j,
                      char *err, size_t errlen);
/* Finish it and read the hints into h. Returns 0, or -1 with why in err (no
 * hints: the host code does not compile with simulee's headers, ...); when
 * nothing was started, err is left as simC_hints_start wrote it (pass the
 * same buffer). Never fatal for the check. */
int simC_hints_finish(simC_compile_job *j, simC_hints *h, char *err, size_t errlen);

/* Run every selected kernel of the file with the options; prints the report
 * and dumps. Returns the process exit status. */
int simC_run_file(const simC_options *o);

/* Check every selected kernel (o->kernel, or all) of a loaded program: one
 * fixed launch where --grid, --block and every --arg are given, the automatic
 * input search (evolve.h) for the parts that are not. Appends one record per
 * kernel to rep, with `file` as the user named it. Prints nothing on stdout
 * (progress on stderr only when stderr is a terminal and not o->quiet).
 * Used by the single-file run and by `simulee scan`. Returns 0, or -1 with a
 * one-line message in err on a usage error (an --arg that does not fit the
 * kernel, out of memory); kernels that time out or hit something unsupported
 * are records with that status, not errors. */
int simC_check_program(const simC_options *o, const char *file,
                       const simI_program *prog, simD_report *rep, char *err,
                       size_t errlen);

/* ------------------------------------------------------ scan, merge */

/* `simulee scan PATH [options]` (cli/scan.c); argv[0] is "scan". Prints the
 * report and returns the process exit status. */
int simC_scan_main(int argc, char **argv);
/* `simulee merge REPORT.json... [options]` (cli/merge.c); argv[0] is
 * "merge". Returns the process exit status. */
int simC_merge_main(int argc, char **argv);
/* `simulee run FILE.cu... [options] [-- ARGS]` (cli/prog.c); argv[0] is
 * "run". Builds the program against simulee's CUDA runtime and runs it;
 * returns its exit status (or --error-exitcode with findings, 2 when it
 * cannot be built). */
int simC_prog_main(int argc, char **argv);
/* Compile source file f (.cu: the device side to bitcode wrapped as the GPU
 * binary `blob`, the host side with it embedded; .c/.cpp: the host side)
 * into object obj, as `simulee run` does; extra: more host flags after the
 * defaults (-g -O0) and co's -I/-D/-U flags. clang's messages go to
 * errpath; every clang run is bounded by co's limits (simC_run_bounded).
 * 0, or -1 with a one-line message naming f in err, -2 when clang ran over
 * the time or memory limit (err says which). */
int simC_prog_compile(const char *f, const char *obj, const char *blob, const simC_options *co,
                      char *const *extra, unsigned nextra, const char *errpath, char *err,
                      size_t errlen);
/* Run argv (stdout and stderr into errpath, NULL: inherited) bounded by
 * co's limits (simC_run_bounded): its exit status, 128 + signal, -1 when it
 * cannot start, -2 / -3 over the time / memory limit. */
int simC_prog_tool(char *const *argv, const char *errpath, const simC_options *co);
/* The limits of clang under `simulee run` and nvcc into co: time (tl, else
 * $SIMULEE_TIME_LIMIT, else SIMC_DEFAULT_TIME_LIMIT; 0 none) and memory (ml,
 * else $SIMULEE_MEM_LIMIT, else simC_default_mem_limit()). 0, or -1 with
 * one line in err. */
int simC_prog_limits(const char *tl, const char *ml, simC_options *co, char *err,
                     size_t errlen);
/* SIGTERM, SIGINT and SIGHUP (unless ignored) kill clang's process groups
 * (simC_kill_children) and are passed on to the program `simulee run`
 * runs; simC_stopped: the signal received (0: none); simC_die_stopped:
 * simulee dies of it. */
void simC_stop_on_signals(void);
int simC_stopped(void);
void simC_die_stopped(void);
/* `simulee nvcc ...` and a toolkit's bin/nvcc (cli/nvcc.c): nvcc's command
 * line, compiled and linked against simulee's CUDA runtime. */
int simC_nvcc_main(int argc, char **argv);

/* Configuring a CMake tree for a scan (cli/configure.c). */
/* Does dir hold a CMakeLists.txt with a project() command (the top of a
 * CMake project)? 1, 0, or -1 (out of memory). */
int simC_cmake_project(const char *dir);
/* Configure the CMake project src (absolute) into a new temporary folder
 * (build, its path): cmake -S src -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
 * -DCMAKE_CUDA_COMPILER=TOOLKIT/bin/nvcc -DCUDA_TOOLKIT_ROOT_DIR=TOOLKIT,
 * then args; in the sandbox (sandbox != 0: bubblewrap, no network, only
 * build writable, no home) or not, and contained as a clang child (process
 * group, o's memory and time limits; killed at the deadline), its output in
 * build/simulee-configure.log. 0: build/compile_commands.json written; 1:
 * configured but no database written (why says so); -1: failed, one line in
 * why; -2: out of memory. build, when not "", is left for the caller to
 * remove. */
int simC_cmake_configure(const char *src, const simC_options *o, char *const *args,
                         unsigned nargs, int sandbox, char *build, size_t buildlen, char *why,
                         size_t whylen);
/* Can the configure sandbox (bubblewrap: user, PID and network namespaces)
 * be set up here? Runs `bwrap ... true` the first time ($SIMULEE_BWRAP
 * names bwrap): 1, or 0 with the reason in why (bwrap missing, no user
 * namespaces). */
int simC_sandbox_probe(char *why, size_t whylen);
/* Remove a folder and everything in it (symbolic links not followed). */
void simC_cmake_remove(const char *build);

/* The --help text of `simulee scan`. */
const char *simC_scan_usage(void);
/* Write a scan or merge report: text is the diagnostics (paths printed under
 * base), the notes and the summary table (quiet: only kernels with findings
 * or problems; the totals line says nfiles, nfailed and secs unless secs <
 * 0); json and sarif as simD_report_write. Returns 0 or -1 (write error). */
int simC_write_scan_report(FILE *out, const simD_report *r, simD_format f,
                           const simD_write_opts *wo, const char *base, int quiet,
                           double secs, unsigned nfiles, unsigned nfailed);

/* One line of a --suppressions file (cli/suppress.c; format there and in
 * docs/findings.md). */
/* Suppression bits: 1 << simD_kind silences a kind; SIMC_SUPP_GRADE(k, g)
 * only its findings of grade g (0 warp-synchronous, 1 same-value, 2
 * outside-program-launches), written KIND:GRADE. */
#define SIMC_SUPP_NGRADES 3u
#define SIMC_SUPP_GRADE(k, g) (1u << (8u + 3u * (unsigned)(k) + (unsigned)(g)))
_Static_assert(SIMD_KIND_COUNT <= 8, "suppression bits: 8 kinds, 3 grades each");

typedef struct simC_supp_rule {
  unsigned kinds;  /* suppression bits (SIMC_SUPP_GRADE) silenced */
  char *pattern;   /* glob on a location's path, or on the kernel (malloc'd) */
  int is_kernel;   /* the pattern was written kernel:GLOB */
  unsigned line;   /* PATH:LINE: the location's line; 0 = any */
  unsigned lineno; /* line of the rule in the file */
  unsigned used;   /* findings it silenced */
} simC_supp_rule;

typedef struct simC_suppressions {
  simC_supp_rule *v; /* the rules (malloc'd) */
  unsigned n;        /* rule count */
  char *path;        /* the file as given (malloc'd) */
} simC_suppressions;

void simC_supp_init(simC_suppressions *s);
void simC_supp_free(simC_suppressions *s);
/* Read a suppressions file (appends its rules). Returns 0, or -1 with
 * "FILE:LINE: why" in err. */
int simC_supp_load(simC_suppressions *s, const char *path, char *err,
                   size_t errlen);
/* The kinds (bits 1 << simD_kind, and SIMC_SUPP_GRADE bits for KIND:GRADE)
 * a `simulee: ignore [KIND[:GRADE],...]` comment on this source line
 * silences; 0 if it has none. */
unsigned simC_inline_suppression(const char *line);
/* Mark the findings of rec that an inline comment (source files read under
 * root, for relative paths) or a rule of s (may be NULL) silences. Returns
 * the number marked, or -1 on out of memory. */
int simC_supp_apply(simC_suppressions *s, const char *root, simD_record *rec);

/* -------------------------------- include folders (cli/incdirs.c) */

/* Lexically normalise an absolute path: no "." or ".." parts, no "//", no
 * trailing "/". Malloc'd, NULL if out of memory. */
char *simC_norm_path(const char *p);
/* dir/p normalised (p itself when absolute). Malloc'd. */
char *simC_join_path(const char *dir, const char *p);
/* Folders a scan and the file index do not enter: hidden ones (.git), CMake
 * and other build trees (build*, cmake-build*, _build, CMakeFiles),
 * node_modules. */
int simC_skip_dir(const char *name);
/* The folders of the system's <...> headers (clang's own, libstdc++, libc),
 * found once (thread-safe); a static array of *n entries. */
char *const *simC_system_include_dirs(unsigned *n);
/* Debian's MPI headers (/usr/include/TRIPLE/mpi, the mpi alternative of
 * libmpich-dev or libopenmpi-dev), or NULL when none is installed. */
const char *simC_mpi_include_dir(void);
/* The repository root of a folder (absolute, normalised): the nearest folder
 * at or above it that holds .git, else dir itself. Malloc'd. */
char *simC_repo_root(const char *dir);

/* An index of the files under a folder, made once (on its first lookup) and
 * searched by base name. At most SIMC_TREE_MAX_FILES files (more are left
 * out); skipped folders as simC_skip_dir, symlinked folders not entered. */
typedef struct simC_tree simC_tree;
#define SIMC_TREE_MAX_FILES 200000u
/* root: absolute, normalised. NULL if out of memory. */
simC_tree *simC_tree_new(const char *root);
void simC_tree_free(simC_tree *t);
const char *simC_tree_root(const simC_tree *t);
/* Files indexed (builds the index). */
unsigned simC_tree_size(simC_tree *t);
/* The tree is a project scanned as a folder: a CUB, Thrust or libcu++
 * header it holds (<cub/...>, <thrust/...>, <cuda/...>, <nv/...>) is taken
 * from it before the system's (a project vendoring a newer CCCL). */
void simC_tree_set_vendors(simC_tree *t);

/* A folder added for an include not found otherwise. */
typedef struct simC_incdir {
  char *dir;       /* the folder (absolute, malloc'd) */
  char *header;    /* the include as written, e.g. "helper_cuda.h" (malloc'd) */
  char *from;      /* the file whose #include needed it (absolute, malloc'd) */
  unsigned line;   /* that #include's line */
  unsigned ncand;  /* folders of the tree that hold the header (1 = no choice) */
} simC_incdir;

typedef struct simC_incfind {
  simC_incdir *dirs; /* folders to add as -I, in the order needed (malloc'd) */
  unsigned ndirs;
  char **cu;         /* .cu files the file includes, directly or through
                        headers (absolute, malloc'd) */
  unsigned ncu, capcu;
  unsigned nmissing; /* includes found nowhere (clang will say which) */
} simC_incfind;

/* Follow the #include lines of file (absolute, normalised) and of the files
 * under the trees' roots that they reach, looking each up as the
 * preprocessor would: "..." in the including file's folder, then the idirs
 * (absolute folders, the -I list in order), then simulee's CUDA headers and
 * the system's (clang's, libc, libstdc++: those end the walk). An include
 * found nowhere is looked up by the path as written (`x.h`, `dir/x.h`) in
 * the first of the trees that has it: among its folders that hold it, the
 * nearest to the
 * including file's folder (fewest steps up and down), then the first in
 * name order, is added to r->dirs and searched for the includes that
 * follow. Conditional blocks are not evaluated; macro includes
 * (#include FOO) are not followed. Returns 0, or -1 (out of memory; r
 * emptied). Free r with simC_incfind_free. */
int simC_find_includes(simC_tree *const *trees, unsigned ntrees, const char *file,
                       char *const *idirs, unsigned nidirs, simC_incfind *r);
void simC_incfind_free(simC_incfind *r);
/* The files that file (absolute, normalised) reaches through #include lines
 * looked up as simC_find_includes does (its folder for "...", then idirs,
 * absolute), except simulee's CUDA headers and the system's: the project
 * headers a compile reads (more, since conditional blocks are not
 * evaluated). No tree search. *out: malloc'd array of malloc'd absolute
 * paths, in no particular order. Returns 0 or -1 (out of memory). */
int simC_project_headers(const char *file, char *const *idirs, unsigned nidirs, char ***out,
                         unsigned *nout);
/* The --stats line of an added folder on stderr (paths relative to cwd,
 * an absolute normalised folder, when under it). */
void simC_print_incdir(const simC_incdir *d, const char *cwd);

/* A single-file run (`simulee FILE.cu`, `simulee scan FILE.cu` without a
 * database): the folders simC_find_includes adds for file (as given),
 * searching the tree of its repository (simC_repo_root of its folder),
 * appended to o->cflags as -I flags (after the user's). With stats, one
 * "simulee: stats:" line per folder on stderr. Returns 0, or -1 with why in
 * err (out of memory). */
int simC_add_found_includes(simC_options *o, const char *file, int stats, char *err,
                            size_t errlen);

#endif
