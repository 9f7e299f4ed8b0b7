/*
 * simulee cli, private to `simulee scan`: the state its stages share
 * (scan.c and scan_*.c). What one stage offers the others is declared here
 * with the prefix scan_.
 */
#ifndef SIMULEE_CLI_SCAN_INT_H
#define SIMULEE_CLI_SCAN_INT_H

#include <json-c/json.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/clock.h"

/* --------------------------------------------------------------- paths */

static inline int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

/* Is p equal to root or under it? (both normalised absolute) */
static inline int under(const char *root, const char *p) {
  size_t rl = strlen(root);
  if (rl == 1) return p[0] == '/';
  return !strncmp(p, root, rl) && (p[rl] == '/' || p[rl] == 0);
}

/* p relative to root when under it, else p. Malloc'd. */
static inline char *rel_to(const char *root, const char *p) {
  if (!under(root, p)) return strdup(p);
  size_t rl = strlen(root);
  if (rl == 1) return strdup(p + 1);
  return strdup(p[rl] ? p + rl + 1 : ".");
}

static inline int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---------------------------------------------------------- state */

/* One translation unit. */
typedef struct tu {
  char *abs;          /* absolute, normalised path */
  char *rel;          /* relative to the root: the report's file name */
  char *path;         /* path given to clang (relative to the working
                         directory when under it) */
  char **flags;       /* clang flags: the command line's, then this file's */
  unsigned nflags;    /* flag count */
  unsigned nown;      /* flags from nown on are owned (malloc'd) */
  simI_program *prog; /* loaded module while kernels are pending */
  unsigned pending;   /* queued kernels not done */
  int mine;           /* its file-level records and notes are this shard's */
  simC_hints hints;   /* launch hints of its host code (cli/hints.c) */
  simC_incfind inc;   /* without a database: the folders added for its
                         includes and the .cu files it includes */
  int skip;           /* another scanned file includes it: checked there */
  const char *arch;   /* the target its database entry names (db_arch; a
                         static string), NULL: none; --arch overrides it */
  char arch_note[192];/* why that entry's target was clamped, or "" */
  simC_bounds bounds; /* clang's -Warray-bounds warnings of its device
                         compile (cli/bounds.c) */
  int no_marker;      /* no kernel marker in it or its headers (prefilter):
                         not compiled, a `no kernels` note */
  int from_db;        /* a folder scan: its flags come from a compilation
                         database of the tree (found or configured) */
  char *bad_include;  /* an #include of a device, FIFO or socket in it or
                         its project headers (special_includes): the
                         file's error, it is not compiled (malloc'd) */
} tu;

/* A compilation database of a folder scan (tree_dbs): one in the tree, in
 * a build folder of it, or written by configuring a CMake project. */
typedef struct scan_db {
  char *path;         /* the compile_commands.json (absolute) */
  char *scope;        /* the files it may give flags to: those under this
                         folder (its own, or the project above its build
                         folder, or the configured project) */
  json_object *json;  /* the parsed database */
  struct db_ent {
    char *abs;        /* the entry's .cu file (absolute, normalised) */
    char *dir;        /* its directory (absolute) */
    json_object *e;   /* the entry (owned by json) */
  } *ents;            /* its .cu entries, sorted by abs */
  unsigned nents;     /* entry count */
} scan_db;

typedef struct kjob {
  unsigned tu;       /* file */
  unsigned k;        /* kernel index in its program */
  simC_hints *hints; /* launch hints joined over the files that launch it
                        (malloc'd), or NULL: its file's (project_hints) */
} kjob;

typedef struct scan {
  simC_options *o;      /* the command line's options */
  char checking[128];   /* the kernel checked last started, for the
                           progress line (under mu) */
  char *cwd;            /* working directory (normalised) */
  char *root;           /* absolute root (normalised) */
  char *repo;           /* the root's repository (simC_repo_root) */
  char *root_shown;     /* the root as printed (relative to cwd if under) */
  char *tree_real;      /* a folder scan: the real path (links resolved) of
                           the walked folder; what a link may lead to */
  char *root_real;      /* the real path of the root, and of its
                           repository: files whose lines may be quoted */
  char *repo_real;
  tu *tus;              /* files, sorted by rel */
  unsigned ntu, captu;  /* files used / allocated */
  char **incs;          /* directory mode: every include/ folder (absolute) */
  unsigned nincs, capincs;
  unsigned shard, nshards; /* --shard K/N (0/0 = all) */
  unsigned jobs;        /* worker threads */
  const char *kernel_glob; /* --kernel: only kernels matching */
  unsigned glob_hits;   /* kernels of every shard that --kernel matches */
  int progress;         /* show progress on stderr */
  unsigned max_files;   /* --max-files (0 = none) */
  double deadline;      /* --scan-time-limit as a simU_now_s() time (0 = none) */
  unsigned over_files;  /* .cu files left out by --max-files */
  char *first_over;     /* the first of them in path order (relative, malloc'd) */
  unsigned nskipped;    /* entries the walk skipped with a note (every
                           shard counts them) */
  unsigned late_files;  /* files not compiled: --scan-time-limit */
  unsigned late_kernels;/* kernels not checked: --scan-time-limit */
  char first_late[512]; /* the first file or kernel not done */
  int configure;        /* --configure: 0 no, 1 yes (default), 2 keep the
                           build folder */
  int unsafe;           /* --configure=unsafe: configure without the
                           sandbox (cli/configure.c) */
  char **cmake_args;    /* --cmake-arg values (argv's) */
  unsigned ncmake_args; /* their count */
  char **cmakes;        /* a folder walk: the folders holding a
                           CMakeLists.txt (absolute, malloc'd) */
  unsigned ncmakes, capcmakes;
  char **dbpaths;       /* a folder walk: the compile_commands.json found
                           in the tree and its build folders (malloc'd) */
  unsigned ndbpaths, capdbpaths;
  scan_db *dbs;         /* the databases of a folder scan (tree_dbs) */
  unsigned ndbs;        /* their count */
  char **built;         /* temporary build folders to remove (malloc'd) */
  unsigned nbuilt, capbuilt;
  double configure_until; /* --scan-time-limit as a simU_now_s() time for the
                           configure steps (0 = none) */

  pthread_mutex_t mu;   /* guards everything below */
  unsigned tus_done;    /* files compiled (or failed) */
  unsigned tus_failed;  /* files that did not compile or load */
  kjob *kj;             /* queued kernels */
  unsigned nkj, capkj;  /* used / allocated */
  unsigned first_late_tu, first_late_kj; /* the first file and kernel left
                           out by --scan-time-limit (UINT_MAX: none) */
  int queued;           /* every file compiled and the kernels queued */
  unsigned nkernels;    /* kernels in the modules compiled so far */
  unsigned kj_done;     /* kernels done */
  uint64_t nfound;      /* findings so far (progress) */
  simD_report rep;      /* the report being built */
  int oom;              /* an allocation failed somewhere */
  double t0;            /* start time */
  double last_progress; /* when the progress line was last drawn */
} scan;

/* The scan's bounds as given (for the notes). */
typedef struct scan_limits_t {
  unsigned max_files;  /* --max-files, 0 = none */
  double time_limit;   /* --scan-time-limit seconds, 0 = none */
} scan_limits_t;


void scan_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The path shown to people and given to clang: relative to the working
 * directory when under it. Malloc'd. */
char *scan_shown(const scan *sc, const char *abs);
tu *scan_add_tu_at(scan *sc, char *abs, int unique);
tu *scan_add_tu(scan *sc, char *abs);
int scan_tu_flag(tu *t, const char *a, const char *b);
void scan_tu_free(tu *t);

/* ------------------------------------------------------- scan_walk.c */

/* The target of a compile command (argv words): the highest that its
 * --cuda-gpu-arch / --offload-arch, -arch / --gpu-architecture (=V or V
 * next) and -gencode / --generate-code values name, clamped to the
 * supported set (the highest supported at or below it, sm_90 above sm_90a,
 * sm_70 below sm_70) with a note in note[] ("" when it is one of them). NULL: none
 * named. */
const char *scan_db_arch(char **w, unsigned n, char *note, size_t notelen);
/* Take the flags simulee uses from a compile command (argv words, relative
 * paths relative to dir): -I/-isystem/-iquote, -D/-U, -std, -include, and
 * nvcc's long spellings of them; those of its options files too. */
int scan_db_flags(scan *sc, tu *t, char **w, unsigned n, const char *dir);
/* Split a shell command line (quotes, backslashes). Returns the words
 * (malloc'd array of malloc'd strings, NULL-terminated) or NULL. */
char **scan_split_command(const char *cmd, unsigned *nout);
/* `--files F...`: of the files PATH gives, keep only these (a pre-commit
 * hook passes the changed ones); they keep the flags PATH gives them (a
 * folder's -I flags, a compile_commands.json entry's). A named file PATH
 * does not give is skipped with a warning (an error when none is left).
 * Returns 0, -1 out of memory, -2 input error (said). */
int scan_keep_files(scan *sc, const char *path, const char *const *files, unsigned n);
/* The notes of what the scan left out: --max-files, --scan-time-limit.
 * 0 or -1. */
int scan_left_out_notes(scan *sc, const scan_limits_t *lim);
/* A temporary build folder (configured here, removed at the end) that a
 * finding's replay line names (a generated header's folder: -I BUILD/...):
 * a note says the line needs --configure=keep to run. */
int scan_replay_build_notes(scan *sc);
/* Files with no kernel marker in their text nor in the project headers
 * they include (simC_project_headers with their -I folders) have no kernel
 * and no launch: they are not compiled (an empty or host-only .cu file
 * costs a second of clang otherwise) and get the note of a file without
 * kernels (tu.no_marker). 0 or -1. */
int scan_prefilter(scan *sc);
/* Each file's #include lines (and its -include files) checked for a
 * device, a FIFO or a socket (include_walk): such a file is an error
 * naming it, not compiled. 0 or -1 (out of memory). */
int scan_special_includes(scan *sc);
/* Discover the files. Returns 0, -1 out of memory, -2 input error (said). */
int scan_discover(scan *sc, const char *path, const char *root_opt);

/* -------------------------------------------------- scan_configure.c */

/* Without a database: the -I folders found for each file's includes
 * (simC_find_includes over the scanned folder, then its repository), and the .cu files that another
 * scanned file includes left out (checked through their includer; of files
 * that include each other, the first in path order stays). */
int scan_find_includes(scan *sc, simC_tree *const *trees, unsigned ntrees);
/* The -I flags of a folder scan: each file's own folder, then every include/
 * folder found (sorted). Returns 0 or -1 (out of memory). */
int scan_folder_flags(scan *sc);
/* A folder scan's compilation databases: those the walk found (in a folder
 * of the tree: for the files under it; in a build folder: for the files of
 * the project above it), then, with --configure, the outermost CMake
 * projects of the tree (a CMakeLists.txt with project()) that no database
 * covers, configured; then each file with an entry in the nearest database
 * holding it takes that entry's flags instead of the discovered ones.
 * 0 or -1 (out of memory). */
int scan_tree_dbs(scan *sc);
/* Free the databases and remove the temporary build folders (kept with
 * --configure=keep). */
void scan_tree_dbs_free(scan *sc);

/* ---------------------------------------------------- scan_compile.c */

/* o's per-kernel --time-limit, but no later than --scan-time-limit. */
double scan_time_left(const scan *sc, double limit);
void scan_compile_tu(scan *sc, unsigned i);

/* ------------------------------------------------------ scan_check.c */

int scan_in_shard(const scan *sc, const char *rel, const char *symbol);
void scan_progress(scan *sc, int force);
/* Compile every file, then queue the kernels of this shard and check them,
 * each phase on sc->jobs worker threads (simE_workers). */
void scan_run(scan *sc);

#endif
