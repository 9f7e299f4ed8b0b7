/*
 * simulee cli: `simulee scan PATH`. Every .cu file under a folder (or every
 * .cu entry of a compile_commands.json) is compiled (the device side, and the
 * host side for its launch hints, cli/hints.c), every kernel
 * of every module is checked with simC_check_program (the automatic input
 * search, one kernel per call, single-threaded), in parallel over kernels
 * with -j worker threads; one report for the whole project.
 *
 * Paths in the report are relative to the scanned folder (the root), so a
 * report, its SARIF and the shard reports of a --shard run do not depend on
 * where the checkout lies or where simulee ran.
 *
 * Work flow: the workers first take files (compile, load, notes); once all
 * are compiled one of them queues the kernels of this shard (a kernel that
 * a header defines, compiled into several files, once: in the first file),
 * then all run kernels. A program stays loaded until its last queued kernel
 * is done. The records are sorted by (file, line, kernel) at the end, so the
 * report does not depend on the timing.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <json-c/json.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cli/cli.h"

/* --------------------------------------------------------------- paths */

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

/* Is p equal to root or under it? (both normalised absolute) */
static int under(const char *root, const char *p) {
  size_t rl = strlen(root);
  if (rl == 1) return p[0] == '/';
  return !strncmp(p, root, rl) && (p[rl] == '/' || p[rl] == 0);
}

/* p relative to root when under it, else p. Malloc'd. */
static char *rel_to(const char *root, const char *p) {
  if (!under(root, p)) return strdup(p);
  size_t rl = strlen(root);
  if (rl == 1) return strdup(p + 1);
  return strdup(p[rl] ? p + rl + 1 : ".");
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
  double deadline;      /* --scan-time-limit as a now_s() time (0 = none) */
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
  double configure_until; /* --scan-time-limit as a now_s() time for the
                           configure steps (0 = none) */

  pthread_mutex_t mu;   /* guards everything below */
  pthread_cond_t cv;    /* signalled when kernels are queued or files done */
  unsigned next_tu;     /* next file to compile */
  unsigned tus_done;    /* files compiled (or failed) */
  unsigned tus_failed;  /* files that did not compile or load */
  kjob *kj;             /* queued kernels */
  unsigned nkj, capkj;  /* used / allocated */
  unsigned next_kj;     /* next kernel to run */
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

static void scan_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  simC_vmessage("error", fmt, ap);
  va_end(ap);
}

/* The path shown to people and given to clang: relative to the working
 * directory when under it. Malloc'd. */
static char *shown(const scan *sc, const char *abs) {
  if (under(sc->cwd, abs) && strcmp(sc->cwd, abs)) return rel_to(sc->cwd, abs);
  return strdup(abs);
}

/* Add a file (taking abs); unique: no check for a file listed twice (a
 * folder walk lists each once; a database may not). */
static tu *add_tu_at(scan *sc, char *abs, int unique) {
  if (!abs) return NULL;
  for (unsigned i = 0; !unique && i < sc->ntu; i++)
    if (!strcmp(sc->tus[i].abs, abs)) {
      free(abs);
      return &sc->tus[i]; /* a file listed twice: its first entry counts */
    }
  if (sc->ntu == sc->captu) {
    unsigned nc = sc->captu ? sc->captu * 2 : 16;
    tu *nv = realloc(sc->tus, nc * sizeof *nv);
    if (!nv) {
      free(abs);
      return NULL;
    }
    sc->tus = nv;
    sc->captu = nc;
  }
  tu *t = &sc->tus[sc->ntu++];
  memset(t, 0, sizeof *t);
  t->abs = abs;
  t->nflags = t->nown = sc->o->ncflags;
  t->flags = calloc(sc->o->ncflags + 1, sizeof *t->flags);
  if (!t->flags) return NULL;
  for (unsigned i = 0; i < sc->o->ncflags; i++) t->flags[i] = sc->o->cflags[i];
  return t;
}

static tu *add_tu(scan *sc, char *abs) { return add_tu_at(sc, abs, 0); }

static int tu_flag(tu *t, const char *a, const char *b) {
  size_t n = strlen(a) + (b ? strlen(b) : 0) + 1;
  char *s = malloc(n);
  if (!s) return -1;
  snprintf(s, n, "%s%s", a, b ? b : "");
  char **nv = realloc(t->flags, (t->nflags + 2) * sizeof *nv);
  if (!nv) {
    free(s);
    return -1;
  }
  t->flags = nv;
  t->flags[t->nflags++] = s;
  t->flags[t->nflags] = NULL;
  return 0;
}

static void tu_free(tu *t) {
  free(t->abs);
  free(t->bad_include);
  free(t->rel);
  free(t->path);
  for (unsigned i = t->nown; i < t->nflags; i++) free(t->flags[i]);
  free(t->flags);
  if (t->prog) simI_free(t->prog);
  simC_hints_free(&t->hints);
  simC_bounds_free(&t->bounds);
  simC_incfind_free(&t->inc);
}

/* ------------------------------------------------------ discovery */

/* A note msg on path (relative to the root; "." for the root itself), from
 * the first shard only (every other shard leaves it to that one, so merged
 * reports have it once). 0, or -1 (out of memory). */
static int first_shard_note(scan *sc, const char *path, const char *msg) {
  if (sc->nshards && sc->shard != 1) return 0;
  char *rel = rel_to(sc->root, path);
  if (!rel) return -1;
  int rc = simD_report_add_note(&sc->rep, rel[0] ? rel : ".", 0, msg) < 0 ? -1 : 0;
  free(rel);
  return rc;
}

/* A note on a folder the scan did not look into. 0 or -1. */
static int walk_note(scan *sc, const char *dir, const char *why) {
  char msg[512];
  sc->nskipped++;
  snprintf(msg, sizeof msg, "folder not scanned (%s): its .cu files are not checked", why);
  return first_shard_note(sc, dir, msg);
}

/* A note on an entry named *.cu that is not checked (a FIFO, a device, a
 * dangling link, a folder...). 0 or -1. */
static int entry_note(scan *sc, const char *path, const char *why) {
  char msg[512];
  sc->nskipped++;
  snprintf(msg, sizeof msg, "not checked: %s", why);
  return first_shard_note(sc, path, msg);
}

/* A walked regular file that is not .cu (path p, named name, in folder
 * dir): a CMakeLists.txt or a compile_commands.json is recorded for
 * tree_dbs. 0 or -1 (out of memory). */
static int walk_project_file(scan *sc, const char *dir, const char *name, const char *p) {
  if (!strcmp(name, "CMakeLists.txt"))
    return simC_push_str(&sc->cmakes, &sc->ncmakes, &sc->capcmakes, strdup(dir));
  if (!strcmp(name, "compile_commands.json"))
    return simC_push_str(&sc->dbpaths, &sc->ndbpaths, &sc->capdbpaths, strdup(p));
  return 0;
}

/* A skipped build folder (build/, cmake-build-debug/...): its
 * compile_commands.json, if any, is recorded (the build of the project
 * above it). 0 or -1. */
static int walk_build_dir(scan *sc, const char *p) {
  char *db = simC_join_path(p, "compile_commands.json");
  if (!db) return -1;
  struct stat st;
  if (stat(db, &st) == 0 && S_ISREG(st.st_mode))
    return simC_push_str(&sc->dbpaths, &sc->ndbpaths, &sc->capdbpaths, db);
  free(db);
  return 0;
}

/* Does path p (in the walked tree) lead outside it: is its real path
 * (links resolved) not under the tree's? An unresolvable one counts as
 * outside. */
static int outside_tree(const scan *sc, const char *p) {
  char rp[PATH_MAX];
  if (!sc->tree_real || !realpath(p, rp)) return 1;
  return !under(sc->tree_real, rp);
}

static int walk(scan *sc, const char *dir, int depth) {
  if (depth > SIMC_SCAN_MAX_DEPTH) {
    char why[64];
    snprintf(why, sizeof why, "deeper than %d levels", SIMC_SCAN_MAX_DEPTH);
    return walk_note(sc, dir, why);
  }
  DIR *d = opendir(dir);
  if (!d) return walk_note(sc, dir, strerror(errno)); /* unreadable: a note */
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *p = simC_join_path(dir, e->d_name);
    if (!p) {
      rc = -1;
      break;
    }
    struct stat st;
    int cu = has_suffix(e->d_name, ".cu");
    if (lstat(p, &st) < 0) {
      rc = entry_note(sc, p, strerror(errno));
      free(p);
      continue;
    }
    int link = S_ISLNK(st.st_mode);
    if (link && stat(p, &st) < 0) { /* a dangling link */
      if (cu) rc = entry_note(sc, p, "a symbolic link to nothing");
      free(p);
      continue;
    }
    if (link && !S_ISDIR(st.st_mode) && outside_tree(sc, p)) {
      /* nothing outside the tree is read through it (a link to a secret
       * would have clang quote its first line) */
      if (cu || !strcmp(e->d_name, "CMakeLists.txt") ||
          !strcmp(e->d_name, "compile_commands.json"))
        rc = entry_note(sc, p, "a symbolic link to a file outside the scanned tree");
      free(p);
      continue;
    }
    if (link && S_ISDIR(st.st_mode)) {
      /* no symlinked folders: no loops */
      if (!simC_skip_dir(e->d_name)) rc = walk_note(sc, p, "a symbolic link");
      free(p);
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      if (simC_skip_dir(e->d_name)) {
        if (e->d_name[0] != '.' && walk_build_dir(sc, p) < 0) rc = -1;
        free(p);
        continue;
      }
      if (cu) rc = entry_note(sc, p, "a folder, not a file (its files are scanned)");
      if (!strcmp(e->d_name, "include") &&
          simC_push_str(&sc->incs, &sc->nincs, &sc->capincs, strdup(p)) < 0)
        rc = -1;
      if (rc == 0) rc = walk(sc, p, depth + 1);
      free(p);
    } else if (S_ISREG(st.st_mode) && !cu) {
      if (walk_project_file(sc, dir, e->d_name, p) < 0) rc = -1;
      free(p);
    } else if (S_ISREG(st.st_mode) && cu) {
      if ((uint64_t)st.st_size > SIMC_MAX_INPUT_BYTES) {
        rc = entry_note(sc, p, "larger than 1 GiB");
        free(p);
      } else if (!add_tu_at(sc, p, 1)) {
        rc = -1;
      }
    } else {
      if (cu)
        rc = entry_note(sc, p, S_ISFIFO(st.st_mode) ? "a FIFO, not a regular file"
                               : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)
                                   ? "a device, not a regular file"
                                   : S_ISSOCK(st.st_mode) ? "a socket, not a regular file"
                                                          : "not a regular file");
      free(p);
    }
  }
  closedir(d);
  return rc;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_tu(const void *a, const void *b) {
  return strcmp(((const tu *)a)->rel, ((const tu *)b)->rel);
}

/* Split a shell command line (quotes, backslashes). Returns the words
 * (malloc'd array of malloc'd strings, NULL-terminated) or NULL. */
static char **split_command(const char *cmd, unsigned *nout) {
  char **v = NULL;
  unsigned n = 0, cap = 0;
  const char *p = cmd;
  size_t buflen = strlen(cmd) + 1;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    char *w = malloc(buflen);
    if (!w) goto fail;
    size_t o = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
      if (*p == '\'') {
        p++;
        while (*p && *p != '\'') w[o++] = *p++;
        if (*p) p++;
      } else if (*p == '"') {
        p++;
        while (*p && *p != '"') {
          if (*p == '\\' && p[1] && strchr("\"\\$`", p[1])) p++;
          w[o++] = *p++;
        }
        if (*p) p++;
      } else if (*p == '\\' && p[1]) {
        p++;
        w[o++] = *p++;
      } else {
        w[o++] = *p++;
      }
    }
    w[o] = 0;
    if (simC_push_str(&v, &n, &cap, w) < 0) goto fail;
  }
  if (simC_push_str(&v, &n, &cap, strdup("")) < 0) goto fail;
  free(v[n - 1]);
  v[n - 1] = NULL;
  *nout = n - 1;
  return v;
fail:
  for (unsigned i = 0; i < n; i++) free(v[i]);
  free(v);
  return NULL;
}

/* The highest target named in one flag value ("sm_86", "compute_80",
 * "arch=compute_80,code=[sm_80,compute_80]"): its number times 10 plus 1
 * for an 'a' suffix (sm_90a -> 901), or 0 for none. */
static unsigned arch_in(const char *v) {
  unsigned best = 0;
  for (const char *p = v; *p; p++) {
    const char *q = NULL;
    if (!strncmp(p, "sm_", 3)) q = p + 3;
    else if (!strncmp(p, "compute_", 8)) q = p + 8;
    if (!q || (p > v && ((p[-1] >= 'a' && p[-1] <= 'z') || p[-1] == '_'))) continue;
    unsigned n = 0, d = 0;
    while (*q >= '0' && *q <= '9' && d < 4) n = n * 10 + (unsigned)(*q++ - '0'), d++;
    if (d < 2) continue;
    n = n * 10 + (*q == 'a');
    if (n > best) best = n;
  }
  return best;
}

/* The target of a compile command (argv words): the highest that its
 * --cuda-gpu-arch / --offload-arch, -arch / --gpu-architecture (=V or V
 * next) and -gencode / --generate-code values name, clamped to the
 * supported set (the highest supported at or below it, sm_90 above sm_90a,
 * sm_70 below sm_70) with a note in note[] ("" when it is one of them). NULL: none
 * named. */
static const char *db_arch(char **w, unsigned n, char *note, size_t notelen) {
  static const struct { unsigned v; const char *name; } sup[] = {
    {700, "sm_70"}, {750, "sm_75"}, {800, "sm_80"}, {860, "sm_86"},
    {890, "sm_89"}, {900, "sm_90"}, {901, "sm_90a"}};
  static const char *const keys[] = {"--cuda-gpu-arch", "--offload-arch", "-arch",
                                     "--gpu-architecture", "-gencode", "--generate-code"};
  unsigned best = 0;
  const char *from = NULL;
  note[0] = 0;
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = 0; j < sizeof keys / sizeof keys[0]; j++) {
      size_t l = strlen(keys[j]);
      const char *v = NULL;
      if (strncmp(w[i], keys[j], l)) continue;
      if (w[i][l] == '=') v = w[i] + l + 1;
      else if (!w[i][l] && i + 1 < n) v = w[i + 1];
      if (!v) continue;
      unsigned a = arch_in(v);
      if (a > best) best = a, from = w[i];
      break;
    }
  if (!best) return NULL;
  unsigned k = 0;
  while (k + 1 < sizeof sup / sizeof sup[0] && sup[k + 1].v <= best) k++;
  if (best > 901) k = 5; /* a newer target has sm_90's features, not sm_90a's */
  if (sup[k].v != best)
    snprintf(note, notelen, "the compilation database's target sm_%u%s (%.40s) is not one "
             "simulee supports: checked as %s", best / 10, best % 10 ? "a" : "", from,
             sup[k].name);
  return sup[k].name;
}

static int db_flags_at(scan *sc, tu *t, char **w, unsigned n, const char *dir, int depth);

/* The flags of an nvcc options file (--options-file F, -optf F, @F: CMake
 * puts a target's include folders there), path relative to dir, read as
 * nvcc reads one (cli/optfile.c: a regular file of at most 1 MiB of text);
 * one that cannot be read is a warning that names it and quotes none of it
 * (clang then says what is missing). */
static int db_options_file(scan *sc, tu *t, const char *f, const char *dir, int depth) {
  if (depth >= 4) return 0; /* files naming each other */
  char *abs = simC_join_path(dir, f), ferr[PATH_MAX + 256];
  if (!abs) return -1;
  simC_optwords ow;
  simC_optwords_init(&ow);
  int rc = 0;
  /* a folder scan reads none outside the tree (but in the build folders
   * configuring made): a database of the tree may name ~/.netrc */
  char rp[PATH_MAX];
  int inside = 1; /* (one that is not there: the read says so) */
  if (sc->tree_real && realpath(abs, rp)) {
    inside = under(sc->tree_real, rp);
    for (unsigned b = 0; !inside && b < sc->nbuilt; b++) inside = under(sc->built[b], rp);
  }
  if (!inside) {
    simC_message("warning", "%s: an options file outside the scanned tree, not read", abs);
  } else if (simC_optwords_read(&ow, abs, ferr, sizeof ferr) < 0) {
    if (strcmp(ferr, "out of memory")) simC_message("warning", "%s", ferr);
    else rc = -1;
  } else {
    /* db_flags_at skips word 0 (a command's compiler): one in front */
    char **all = calloc(ow.n + 2, sizeof *all);
    if (!all) rc = -1;
    else {
      all[0] = (char *)"";
      for (unsigned k = 0; k < ow.n; k++) all[k + 1] = ow.w[k];
      rc = db_flags_at(sc, t, all, ow.n + 1, dir, depth + 1);
    }
    free(all);
  }
  simC_optwords_free(&ow);
  free(abs);
  return rc;
}

/* Take the flags simulee uses from a compile command (argv words, relative
 * paths relative to dir): -I/-isystem/-iquote, -D/-U, -std, -include, and
 * nvcc's long spellings of them; those of its options files too. */
static int db_flags(scan *sc, tu *t, char **w, unsigned n, const char *dir) {
  return db_flags_at(sc, t, w, n, dir, 0);
}

static int db_flags_at(scan *sc, tu *t, char **w, unsigned n, const char *dir, int depth) {
  for (unsigned i = 1; i < n; i++) {
    const char *a = w[i], *v = NULL;
    if (a[0] == '@' && a[1]) {
      if (db_options_file(sc, t, a + 1, dir, depth) < 0) return -1;
      continue;
    }
    if (!strcmp(a, "--options-file") || !strcmp(a, "-optf") ||
        !strncmp(a, "--options-file=", 15)) {
      const char *f = a[14] == '=' ? a + 15 : i + 1 < n ? w[++i] : NULL;
      if (f && db_options_file(sc, t, f, dir, depth) < 0) return -1;
      continue;
    }
    enum { F_INC, F_SYS, F_QUOTE, F_DEF, F_UNDEF, F_STD, F_PRE, F_NONE } k = F_NONE;
    struct { const char *s; int k; int joined; } tab[] = {
      {"-I", F_INC, 1}, {"--include-path", F_INC, 0}, {"-isystem", F_SYS, 1},
      {"-iquote", F_QUOTE, 1}, {"-D", F_DEF, 1}, {"--define-macro", F_DEF, 0},
      {"-U", F_UNDEF, 1}, {"--undefine-macro", F_UNDEF, 0}, {"-std", F_STD, 0},
      {"--std", F_STD, 0}, {"-include", F_PRE, 1}, {"--pre-include", F_PRE, 0},
    };
    for (unsigned j = 0; j < sizeof tab / sizeof tab[0] && k == F_NONE; j++) {
      size_t l = strlen(tab[j].s);
      if (strncmp(a, tab[j].s, l)) continue;
      if (!a[l]) {
        if (i + 1 < n) {
          v = w[++i];
          k = tab[j].k;
        }
      } else if (a[l] == '=') {
        v = a + l + 1;
        k = tab[j].k;
      } else if (tab[j].joined) {
        /* -Ifoo, -DX, -UX; -isystem/-iquote/-include joined only to a path
         * that starts with / or . (so -include-pch, -isystem-after and the
         * like are not taken for them) */
        if ((tab[j].k == F_SYS || tab[j].k == F_QUOTE || tab[j].k == F_PRE) &&
            a[l] != '/' && a[l] != '.')
          continue;
        v = a + l;
        k = tab[j].k;
      }
    }
    if (k == F_NONE || !v) continue;
    int rc = 0;
    if (k == F_INC || k == F_SYS || k == F_QUOTE) {
      char *abs = simC_join_path(dir, v), *s = abs ? shown(sc, abs) : NULL;
      /* -isystem and -iquote folders are searched as -I ones: the replay
       * line of a finding must be a valid simulee command */
      rc = !s || tu_flag(t, "-I", s);
      free(abs);
      free(s);
    } else if (k == F_DEF) {
      rc = tu_flag(t, "-D", v);
    } else if (k == F_UNDEF) {
      rc = tu_flag(t, "-U", v);
    } else if (k == F_STD) {
      rc = tu_flag(t, "--std=", v);
    } else if (k == F_PRE) {
      char *abs = simC_join_path(dir, v), *s = NULL;
      struct stat st;
      if (abs && stat(abs, &st) == 0) s = shown(sc, abs);
      else s = strdup(v); /* found through the include path */
      rc = !s || tu_flag(t, "--include=", s);
      free(abs);
      free(s);
    }
    if (rc) return -1;
  }
  return 0;
}

/* Read a compile_commands.json. The root is --root, else the database's
 * folder, widened to the common ancestor of the files outside it. */
static int read_db(scan *sc, const char *dbpath, const char *root_opt) {
  char *dbabs = simC_join_path(sc->cwd, dbpath);
  if (!dbabs) return -1;
  char *dbdir = strdup(dbabs);
  free(dbabs);
  if (!dbdir) return -1;
  char *slash = strrchr(dbdir, '/');
  if (slash == dbdir) slash[1] = 0;
  else *slash = 0;
  char ferr[1024];
  if (simC_check_input_file(dbpath, ferr, sizeof ferr) < 0) { /* a FIFO would block */
    scan_error("%s", ferr);
    free(dbdir);
    return -2;
  }
  json_object *db = json_object_from_file(dbpath);
  if (!db || !json_object_is_type(db, json_type_array)) {
    scan_error("%s: not a JSON compilation database (an array of {directory, file, "
               "arguments|command})", dbpath);
    json_object_put(db);
    free(dbdir);
    return -2;
  }
  int rc = 0;
  size_t n = json_object_array_length(db);
  unsigned nbad = 0, ncu = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    json_object *e = json_object_array_get_idx(db, i), *jd = NULL, *jf = NULL, *ja = NULL,
                *jc = NULL;
    /* an entry of the wrong shape is a warning naming it, not a silent skip */
    const char *why = NULL;
    if (!json_object_is_type(e, json_type_object)) why = "not an object";
    else if (!json_object_object_get_ex(e, "file", &jf) || !json_object_is_type(jf, json_type_string))
      why = "no \"file\" string";
    else if (json_object_object_get_ex(e, "directory", &jd) && jd &&
             !json_object_is_type(jd, json_type_string))
      why = "\"directory\" is not a string";
    else if (json_object_object_get_ex(e, "arguments", &ja) && ja &&
             !json_object_is_type(ja, json_type_array))
      why = "\"arguments\" is not an array of strings";
    else if (json_object_object_get_ex(e, "command", &jc) && jc &&
             !json_object_is_type(jc, json_type_string))
      why = "\"command\" is not a string";
    for (size_t k = 0; !why && ja && k < json_object_array_length(ja); k++)
      if (!json_object_is_type(json_object_array_get_idx(ja, k), json_type_string))
        why = "\"arguments\" is not an array of strings";
    if (!why && !ja && !jc) why = "neither \"arguments\" nor \"command\"";
    const char *file = jf && json_object_is_type(jf, json_type_string) ? json_object_get_string(jf)
                                                                       : NULL;
    if (!why && file && strlen(file) != (size_t)json_object_get_string_len(jf))
      why = "\"file\" holds a NUL character";
    if (why) {
      if (nbad++ < 10)
        simC_message("warning", "%s: entry %zu%s%s%s: %s, skipped", dbpath, i + 1,
                     file ? " (\"" : "", file ? file : "", file ? "\")" : "", why);
      continue;
    }
    if (!has_suffix(file, ".cu")) continue;
    ncu++;
    const char *dir = jd ? json_object_get_string(jd) : NULL;
    char *absdir = simC_join_path(dbdir, dir && *dir ? dir : ".");
    char *abs = absdir ? simC_join_path(absdir, file) : NULL;
    unsigned before = sc->ntu;
    tu *t = abs ? add_tu(sc, abs) : NULL;
    if (!t) {
      free(absdir);
      rc = -1;
      break;
    }
    if (sc->ntu != before) {
      char **w = NULL;
      unsigned nw = 0;
      if (ja) {
        nw = (unsigned)json_object_array_length(ja);
        w = calloc(nw + 1, sizeof *w);
        for (unsigned k = 0; w && k < nw; k++) {
          const char *s = json_object_get_string(json_object_array_get_idx(ja, k));
          w[k] = strdup(s ? s : "");
          if (!w[k]) rc = -1;
        }
        if (!w) rc = -1;
      } else if (jc) {
        w = split_command(json_object_get_string(jc), &nw);
        if (!w) rc = -1;
      }
      if (rc == 0 && w && db_flags(sc, t, w, nw, absdir) < 0) rc = -1;
      if (rc == 0 && w) t->arch = db_arch(w, nw, t->arch_note, sizeof t->arch_note);
      for (unsigned k = 0; w && k < nw; k++) free(w[k]);
      free(w);
    }
    free(absdir);
  }
  json_object_put(db);
  if (nbad > 10) simC_message("warning", "%s: %u more entries skipped", dbpath, nbad - 10);
  if (rc == 0 && !ncu && nbad) { /* none usable (else: "no .cu file" below) */
    scan_error("%s: no usable entry with a .cu file (%zu entr%s, %u of the wrong shape)", dbpath,
               n, n == 1 ? "y" : "ies", nbad);
    free(dbdir);
    return -2;
  }
  if (rc == 0) {
    if (root_opt) {
      sc->root = simC_join_path(sc->cwd, root_opt);
    } else {
      sc->root = dbdir;
      dbdir = NULL;
      for (unsigned i = 0; i < sc->ntu && sc->root; i++)
        while (!under(sc->root, sc->tus[i].abs)) {
          char *s = strrchr(sc->root, '/');
          if (s == sc->root) s[1] = 0;
          else *s = 0;
        }
    }
    if (!sc->root) rc = -1;
  }
  free(dbdir);
  return rc;
}

/* ------------------------------------- databases of a folder scan */

/* At most this many CMake projects of one tree are configured (a folder
 * of many sample projects); a note names the first left out. */
#define SCAN_MAX_CONFIGURE 8u

static int cmp_ent(const void *a, const void *b) {
  return strcmp(((const struct db_ent *)a)->abs, ((const struct db_ent *)b)->abs);
}

/* The command words of a database entry (its "arguments", else its
 * "command" split), malloc'd and NULL-terminated, count in *nw; NULL when
 * out of memory or it has neither. */
static char **entry_words(json_object *e, unsigned *nw) {
  json_object *ja = NULL, *jc = NULL;
  *nw = 0;
  if (json_object_object_get_ex(e, "arguments", &ja) && json_object_is_type(ja, json_type_array)) {
    unsigned n = (unsigned)json_object_array_length(ja);
    char **w = calloc(n + 1, sizeof *w);
    for (unsigned k = 0; w && k < n; k++) {
      const char *a = json_object_get_string(json_object_array_get_idx(ja, k));
      if (!(w[k] = strdup(a ? a : ""))) {
        for (unsigned j = 0; j < k; j++) free(w[j]);
        free(w);
        return NULL;
      }
    }
    if (w) *nw = n;
    return w;
  }
  if (json_object_object_get_ex(e, "command", &jc) && json_object_is_type(jc, json_type_string))
    return split_command(json_object_get_string(jc), nw);
  return NULL;
}

/* Load a compilation database that a folder scan found or configured
 * (path absolute) for the files under scope: its .cu entries of the right
 * shape (the others are skipped without a word: the database was not
 * named). An unreadable one is a warning. 0 or -1 (out of memory). */
static int db_load(scan *sc, const char *path, const char *scope) {
  char ferr[1024];
  json_object *db = simC_check_input_file(path, ferr, sizeof ferr) == 0
                        ? json_object_from_file(path) : NULL;
  if (!db || !json_object_is_type(db, json_type_array)) {
    simC_message("warning", "%s: not a JSON compilation database, not used", path);
    json_object_put(db);
    return 0;
  }
  scan_db *nv = realloc(sc->dbs, (sc->ndbs + 1) * sizeof *nv);
  if (!nv) {
    json_object_put(db);
    return -1;
  }
  sc->dbs = nv;
  scan_db *d = &sc->dbs[sc->ndbs++];
  memset(d, 0, sizeof *d);
  d->json = db;
  d->path = strdup(path);
  d->scope = strdup(scope);
  char *dbdir = strdup(path);
  if (!d->path || !d->scope || !dbdir) {
    free(dbdir);
    return -1;
  }
  *strrchr(dbdir, '/') = 0;
  size_t n = json_object_array_length(db);
  d->ents = calloc(n + 1, sizeof *d->ents);
  if (!d->ents) {
    free(dbdir);
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    json_object *e = json_object_array_get_idx(db, i), *jf = NULL, *jd = NULL;
    if (!json_object_is_type(e, json_type_object) ||
        !json_object_object_get_ex(e, "file", &jf) || !json_object_is_type(jf, json_type_string))
      continue;
    const char *file = json_object_get_string(jf);
    if (!has_suffix(file, ".cu") || strlen(file) != (size_t)json_object_get_string_len(jf))
      continue;
    const char *dir = json_object_object_get_ex(e, "directory", &jd) &&
                              json_object_is_type(jd, json_type_string)
                          ? json_object_get_string(jd) : ".";
    struct db_ent *t = &d->ents[d->nents];
    t->dir = simC_join_path(dbdir, *dir ? dir : ".");
    t->abs = t->dir ? simC_join_path(t->dir, file) : NULL;
    t->e = e;
    if (!t->abs) {
      free(t->dir);
      free(dbdir);
      return -1;
    }
    d->nents++;
  }
  free(dbdir);
  if (d->nents > 1) qsort(d->ents, d->nents, sizeof *d->ents, cmp_ent);
  return 0;
}

/* Give file t the flags of its entry in the nearest database whose scope
 * holds it (the deepest scope; of equal ones, the first found). 0 or -1. */
static int tu_from_dbs(scan *sc, tu *t) {
  const struct db_ent *best = NULL;
  size_t bestlen = 0;
  for (unsigned i = 0; i < sc->ndbs; i++) {
    const scan_db *d = &sc->dbs[i];
    size_t l = strlen(d->scope);
    if (!under(d->scope, t->abs) || (best && l <= bestlen)) continue;
    struct db_ent key = {t->abs, NULL, NULL};
    const struct db_ent *hit = d->nents ? bsearch(&key, d->ents, d->nents, sizeof key, cmp_ent)
                                        : NULL;
    if (hit) best = hit, bestlen = l;
  }
  if (!best) return 0;
  unsigned nw = 0;
  char **w = entry_words(best->e, &nw);
  if (!w) return 0; /* neither form: discovery gives its flags */
  int rc = db_flags(sc, t, w, nw, best->dir);
  if (rc == 0) t->arch = db_arch(w, nw, t->arch_note, sizeof t->arch_note);
  for (unsigned k = 0; k < nw; k++) free(w[k]);
  free(w);
  t->from_db = 1;
  return rc;
}

/* Is the folder of a found database a build folder (build/,
 * cmake-build-debug/...: a folder the walk skips)? */
static int build_folder(const char *dir) {
  const char *b = strrchr(dir, '/');
  b = b ? b + 1 : dir;
  return b[0] != '.' && simC_skip_dir(b);
}

/* Configure the CMake project folder c (cli/configure.c) and load its
 * database for the files under c; a failure is one note line. 0 or -1. */
static int configure_project(scan *sc, const char *c) {
  char build[PATH_MAX], why[1024];
  char *sh = shown(sc, c);
  if (!sh) return -1;
  double t0 = now_s();
  /* --time-limit, and no later than --scan-time-limit allows */
  simC_options co = *sc->o;
  if (sc->configure_until > 0) {
    double left = sc->configure_until - t0;
    if (left <= 0) {
      simC_message("note", "%s: not configured: --scan-time-limit reached; scanning without a "
                   "compilation database", sh);
      free(sh);
      return 0;
    }
    if (!(co.time_limit > 0) || co.time_limit > left) co.time_limit = left;
  }
  int r = simC_cmake_configure(c, &co, sc->cmake_args, sc->ncmake_args, !sc->unsafe, build,
                               sizeof build, why, sizeof why);
  int rc = r == -2 ? -1 : 0;
  if (build[0] && simC_push_str(&sc->built, &sc->nbuilt, &sc->capbuilt, strdup(build)) < 0) {
    simC_cmake_remove(build);
    rc = -1;
  }
  if (r == -1) {
    simC_message("note", "%s: configuring with CMake failed (%s); scanning without a "
                 "compilation database", sh, why);
    if (sc->configure == 2 && build[0])
      simC_message("note", "%s: the build folder is kept: %s", sh, build);
  } else if (r == 1 && rc == 0) {
    simC_message("note", "%s: configured with CMake, but %s (FindCUDA's cuda_add_* targets are "
                 "not in it): scanning without a compilation database, headers it generated "
                 "looked for in its build folder", sh, why);
    if (sc->configure == 2) simC_message("note", "%s: the build folder is kept: %s", sh, build);
  } else if (r == 0 && rc == 0) {
    char *db = simC_join_path(build, "compile_commands.json");
    unsigned before = sc->ndbs;
    rc = db ? db_load(sc, db, c) : -1;
    if (rc == 0 && sc->ndbs > before && !sc->dbs[before].nents)
      simC_message("note", "%s: configured with CMake, but its compile_commands.json lists no "
                   ".cu file (FindCUDA's cuda_add_* targets are not in it): scanning without "
                   "a compilation database, headers it generated looked for in its build "
                   "folder", sh);
    if (sc->configure == 2)
      simC_message("note", "%s: configured with CMake in %.1f s; the build folder is kept: %s",
                   sh, now_s() - t0, build);
    else if (rc == 0 && sc->o->stats)
      simC_message("stats", "%s: configured with CMake in %.1f s (%u .cu file%s in its "
                   "compile_commands.json)", sh, now_s() - t0,
                   sc->ndbs > before ? sc->dbs[before].nents : 0,
                   sc->ndbs > before && sc->dbs[before].nents == 1 ? "" : "s");
    free(db);
  }
  free(sh);
  return rc;
}

/* A folder scan's compilation databases: those the walk found (in a folder
 * of the tree: for the files under it; in a build folder: for the files of
 * the project above it), then, with --configure, the outermost CMake
 * projects of the tree (a CMakeLists.txt with project()) that no database
 * covers, configured; then each file with an entry in the nearest database
 * holding it takes that entry's flags instead of the discovered ones.
 * 0 or -1 (out of memory). */
static int tree_dbs(scan *sc) {
  for (unsigned i = 0; i < sc->ndbpaths; i++) {
    char *scope = strdup(sc->dbpaths[i]);
    if (!scope) return -1;
    *strrchr(scope, '/') = 0;
    if (build_folder(scope)) *strrchr(scope, '/') = 0;
    if (!scope[0]) strcpy(scope, "/");
    int rc = db_load(sc, sc->dbpaths[i], scope);
    free(scope);
    if (rc < 0) return -1;
  }
  if (sc->configure && sc->ncmakes) {
    qsort(sc->cmakes, sc->ncmakes, sizeof *sc->cmakes, cmp_str); /* parents first */
    char **projects = calloc(sc->ncmakes, sizeof *projects);
    unsigned np = 0, done = 0, over = 0;
    int sandbox_checked = 0, sandbox_ok = 0;
    const char *first_over = NULL;
    int rc = projects ? 0 : -1;
    for (unsigned i = 0; i < sc->ncmakes && rc == 0; i++) {
      const char *c = sc->cmakes[i];
      int inner = 0;
      for (unsigned k = 0; k < np && !inner; k++) inner = under(projects[k], c);
      if (inner) continue; /* a part of a project above it */
      int p = simC_cmake_project(c);
      if (p < 0) rc = -1;
      if (p <= 0) continue;
      projects[np++] = sc->cmakes[i];
      int covered = 0;
      for (unsigned k = 0; k < sc->ndbs && !covered; k++)
        covered = under(sc->dbs[k].scope, c) || under(c, sc->dbs[k].scope);
      if (covered) continue; /* it has a database: no need */
      if (!sc->unsafe && !sandbox_checked) {
        /* the tree's code runs only in the sandbox: without one, no
         * project is configured (one note says so) */
        char why[600];
        sandbox_checked = 1;
        sandbox_ok = simC_sandbox_probe(why, sizeof why);
        if (!sandbox_ok)
          simC_message("note", "CMake projects of the tree not configured: the sandbox that "
                       "configuring runs in cannot be set up here (%s); scanning without a "
                       "compilation database (--configure=unsafe configures without it, "
                       "running the tree's CMake code unconfined)", why);
      }
      if (!sc->unsafe && !sandbox_ok) continue;
      if (done == SCAN_MAX_CONFIGURE) {
        if (!over++) first_over = c;
        continue;
      }
      done++;
      rc = configure_project(sc, c);
    }
    if (rc == 0 && over) {
      char *sh = shown(sc, first_over);
      if (!sh) rc = -1;
      else simC_message("note", "%u CMake project%s of the tree not configured (at most %u are; "
                        "the first left out: %s): %s scanned without a compilation database",
                        over, over == 1 ? "" : "s", SCAN_MAX_CONFIGURE, sh,
                        over == 1 ? "its files are" : "their files are");
      free(sh);
    }
    free(projects);
    if (rc < 0) return -1;
  }
  for (unsigned i = 0; i < sc->ntu; i++)
    if (tu_from_dbs(sc, &sc->tus[i]) < 0) return -1;
  return 0;
}

/* Free the databases and remove the temporary build folders (kept with
 * --configure=keep). */
static void tree_dbs_free(scan *sc) {
  for (unsigned i = 0; i < sc->ndbs; i++) {
    scan_db *d = &sc->dbs[i];
    for (unsigned k = 0; k < d->nents; k++) {
      free(d->ents[k].abs);
      free(d->ents[k].dir);
    }
    free(d->ents);
    free(d->path);
    free(d->scope);
    json_object_put(d->json);
  }
  free(sc->dbs);
  for (unsigned i = 0; i < sc->nbuilt; i++) {
    if (sc->configure != 2) simC_cmake_remove(sc->built[i]);
    free(sc->built[i]);
  }
  free(sc->built);
  for (unsigned i = 0; i < sc->ncmakes; i++) free(sc->cmakes[i]);
  free(sc->cmakes);
  for (unsigned i = 0; i < sc->ndbpaths; i++) free(sc->dbpaths[i]);
  free(sc->dbpaths);
}

/* Without a database: the -I folders found for each file's includes
 * (simC_find_includes over the scanned folder, then its repository), and the .cu files that another
 * scanned file includes left out (checked through their includer; of files
 * that include each other, the first in path order stays). */
static int find_includes(scan *sc, simC_tree *const *trees, unsigned ntrees) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    if (t->from_db) continue; /* its database gives its folders */
    char **idirs = calloc(t->nflags + 1, sizeof *idirs);
    unsigned ni = 0;
    int rc = idirs ? 0 : -1;
    for (unsigned f = 0; f < t->nflags && rc == 0; f++)
      if (!strncmp(t->flags[f], "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, t->flags[f] + 2)))
        rc = -1;
    if (rc == 0) rc = simC_find_includes(trees, ntrees, t->abs, idirs, ni, &t->inc);
    for (unsigned k = 0; k < ni; k++) free(idirs[k]);
    free(idirs);
    for (unsigned k = 0; k < t->inc.ndirs && rc == 0; k++) {
      char *s = shown(sc, t->inc.dirs[k].dir);
      if (!s || tu_flag(t, "-I", s) < 0) rc = -1;
      free(s);
      if (rc == 0 && sc->o->stats) simC_print_incdir(&t->inc.dirs[k], sc->cwd);
    }
    if (rc < 0) return -1;
  }
  for (unsigned i = 0; i < sc->ntu; i++)
    for (unsigned j = 0; j < sc->ntu && !sc->tus[i].skip; j++) {
      tu *by = &sc->tus[j], *t = &sc->tus[i];
      if (j == i) continue;
      int in = 0, back = 0;
      for (unsigned k = 0; k < by->inc.ncu; k++) in |= !strcmp(by->inc.cu[k], t->abs);
      for (unsigned k = 0; k < t->inc.ncu; k++) back |= !strcmp(t->inc.cu[k], by->abs);
      if (!in || (back && i < j)) continue;
      t->skip = 1;
      if (sc->o->stats)
        simC_message("stats", "%s: included by %s, checked through it", t->path,
                by->path);
    }
  unsigned n = 0;
  for (unsigned i = 0; i < sc->ntu; i++) {
    if (sc->tus[i].skip) tu_free(&sc->tus[i]);
    else sc->tus[n++] = sc->tus[i];
  }
  sc->ntu = n;
  return 0;
}

/* The -I flags of a folder scan: each file's own folder, then every include/
 * folder found (sorted). Returns 0 or -1 (out of memory). */
static int folder_flags(scan *sc) {
  if (sc->nincs > 1) qsort(sc->incs, sc->nincs, sizeof *sc->incs, cmp_str);
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    if (t->from_db) continue; /* its database gives its folders */
    char *dir = strdup(t->abs);
    if (!dir) return -1;
    *strrchr(dir, '/') = 0;
    char *s = shown(sc, dir[0] ? dir : "/");
    int bad = !s || tu_flag(t, "-I", s) < 0;
    free(s);
    free(dir);
    if (bad) return -1;
    for (unsigned k = 0; k < sc->nincs; k++) {
      char *si = shown(sc, sc->incs[k]);
      bad = !si || tu_flag(t, "-I", si) < 0;
      free(si);
      if (bad) return -1;
    }
  }
  return 0;
}

/* The files' report names and clang paths, sorted. 0 or -1. */
static int name_files(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    t->rel = rel_to(sc->root, t->abs);
    t->path = shown(sc, t->abs);
    if (!t->rel || !t->path) return -1;
  }
  if (sc->ntu > 1) qsort(sc->tus, sc->ntu, sizeof *sc->tus, cmp_tu);
  return 0;
}

/* `--files F...`: of the files PATH gives, keep only these (a pre-commit
 * hook passes the changed ones); they keep the flags PATH gives them (a
 * folder's -I flags, a compile_commands.json entry's). A named file PATH
 * does not give is skipped with a warning (an error when none is left).
 * Returns 0, -1 out of memory, -2 input error (said). */
static int keep_files(scan *sc, const char *path, const char *const *files, unsigned n) {
  char **abs = calloc(n + 1, sizeof *abs);
  unsigned char *found = calloc(n + 1, 1);
  int rc = abs && found ? 0 : -1;
  for (unsigned i = 0; i < n && rc == 0; i++) {
    struct stat st;
    if (stat(files[i], &st) < 0) {
      scan_error("%s: %s", files[i], strerror(errno));
      rc = -2;
    } else if (!S_ISREG(st.st_mode) || !has_suffix(files[i], ".cu")) {
      scan_error("%s: --files takes .cu files", files[i]);
      rc = -2;
    } else if (!(abs[i] = simC_join_path(sc->cwd, files[i]))) {
      rc = -1;
    }
  }
  unsigned kept = 0;
  for (unsigned t = 0; t < sc->ntu; t++) {
    int keep = 0;
    for (unsigned i = 0; i < n && rc == 0 && !keep; i++)
      if (!strcmp(sc->tus[t].abs, abs[i])) keep = found[i] = 1;
    if (keep) sc->tus[kept++] = sc->tus[t];
    else tu_free(&sc->tus[t]);
  }
  sc->ntu = kept;
  if (rc == 0 && !kept) {
    scan_error("scan: --files: none of the files is one that %s gives (a skipped folder?)",
               path);
    rc = -2;
  }
  for (unsigned i = 0; i < n && rc == 0; i++)
    if (!found[i])
      simC_message("warning", "%s: not one of the files of the scanned path, "
                      "not checked", files[i]);
  for (unsigned i = 0; abs && i < n; i++) free(abs[i]);
  free(abs);
  free(found);
  return rc;
}

static int cmp_tu_abs(const void *a, const void *b) {
  return strcmp(((const tu *)a)->abs, ((const tu *)b)->abs);
}

/* --max-files: keep the first max_files files in path order, count the rest
 * (a note says how many and the first). 0 or -1 (out of memory). */
static int limit_files(scan *sc) {
  if (!sc->max_files || sc->ntu <= sc->max_files) return 0;
  qsort(sc->tus, sc->ntu, sizeof *sc->tus, cmp_tu_abs);
  sc->over_files = sc->ntu - sc->max_files;
  sc->first_over = rel_to(sc->root, sc->tus[sc->max_files].abs);
  for (unsigned i = sc->max_files; i < sc->ntu; i++) tu_free(&sc->tus[i]);
  sc->ntu = sc->max_files;
  return sc->first_over ? 0 : -1;
}

/* Does the text hold anything a kernel or a launch needs: "global" in any
 * case (__global__, __attribute__((global)), a FOO_GLOBAL macro), "launch"
 * (cudaLaunchKernel and friends) or launch chevrons (<<< or << <)? */
static int kernel_marker(const char *s, size_t n) {
  for (size_t i = 0; i + 3 <= n; i++) {
    char c = (char)(s[i] | 0x20);
    if (c == 'g' && i + 6 <= n && !strncasecmp(s + i, "global", 6)) return 1;
    if (c == 'l' && i + 6 <= n && !strncasecmp(s + i, "launch", 6)) return 1;
    if (s[i] == '<' && s[i + 1] == '<') {
      size_t j = i + 2;
      while (j < n && (s[j] == ' ' || s[j] == '\t')) j++;
      if (j < n && s[j] == '<') return 1;
    }
  }
  return 0;
}

/* Does the file (a regular file, read whole: at most 1 GiB) have a kernel
 * marker? -1 when it cannot be read (then it is compiled, and clang says). */
static int file_has_marker(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SIMC_MAX_INPUT_BYTES) {
    close(fd);
    return -1;
  }
  int found = 0;
  char buf[65536 + 8];
  size_t keep = 0;
  for (;;) {
    ssize_t r = read(fd, buf + keep, sizeof buf - 8 - keep);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    size_t n = keep + (size_t)r;
    if (kernel_marker(buf, n)) {
      found = 1;
      break;
    }
    keep = n < 8 ? n : 8; /* a marker across the chunk boundary */
    memmove(buf, buf + n - keep, keep);
  }
  close(fd);
  return found;
}

/* Files with no kernel marker in their text nor in the project headers
 * they include (simC_project_headers with their -I folders) have no kernel
 * and no launch: they are not compiled (an empty or host-only .cu file
 * costs a second of clang otherwise) and get the note of a file without
 * kernels (tu.no_marker). 0 or -1. */
static int prefilter(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    int keep = file_has_marker(t->abs) != 0;
    if (!keep) {
      char **idirs = calloc(t->nflags + 1, sizeof *idirs), **hdrs = NULL;
      unsigned ni = 0, nh = 0;
      int bad = !idirs;
      for (unsigned f = 0; !bad && f < t->nflags; f++)
        if (!strncmp(t->flags[f], "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, t->flags[f] + 2)))
          bad = 1;
      if (!bad && simC_project_headers(t->abs, idirs, ni, &hdrs, &nh) < 0) bad = 1;
      for (unsigned h = 0; h < nh && !keep; h++) keep = file_has_marker(hdrs[h]) != 0;
      for (unsigned h = 0; h < nh; h++) free(hdrs[h]);
      free(hdrs);
      for (unsigned k = 0; k < ni; k++) free(idirs[k]);
      free(idirs);
      if (bad) return -1;
    }
    t->no_marker = !keep;
  }
  return 0;
}

/* ------------------------------------------ device and FIFO includes */

/* The largest file special_includes reads for its #include lines. */
#define INCLUDE_SCAN_MAX_BYTES ((uint64_t)16 << 20)

/* The #include (or #include_next, #import) name of line s (up to n
 * bytes), into name; its delimiter ('"' or '<'), or 0 when the line is no
 * such directive (a macro name is not followed). */
static int include_name(const char *s, size_t n, char *name, size_t len) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= n || s[i] != '#') return 0;
  i++;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  static const char *const kw[] = {"include_next", "include", "import"};
  size_t k = 0;
  for (unsigned j = 0; j < 3 && !k; j++) {
    size_t l = strlen(kw[j]);
    if (i + l <= n && !strncmp(s + i, kw[j], l)) k = l;
  }
  if (!k) return 0;
  i += k;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= n || (s[i] != '"' && s[i] != '<')) return 0;
  char close = s[i] == '"' ? '"' : '>', open = s[i];
  size_t b = ++i;
  while (i < n && s[i] != close) i++;
  if (i >= n || i == b || i - b >= len) return 0;
  memcpy(name, s + b, i - b);
  name[i - b] = 0;
  return open;
}

/* What kind of file mode m is, for a message ("a device"), or NULL for a
 * regular file or a folder. */
static const char *special_kind(mode_t m) {
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m) || S_ISBLK(m)) return "a device";
  if (S_ISSOCK(m)) return "a socket";
  return NULL;
}

/* Follow the #include lines of file and of the project headers (under the
 * root, by real path) they reach, as the compiler finds them (a quoted
 * name in the including file's folder, then the -I folders idirs; an
 * absolute name as it is): the first that names a device, a FIFO or a
 * socket sets msg and returns 1 (clang would read /dev/zero as an empty
 * file, block on a FIFO). 0 none, -1 out of memory. seen: the real paths
 * followed. */
static int include_walk(const scan *sc, const char *file, char *const *idirs, unsigned ni,
                        char ***seen, unsigned *nseen, unsigned *capseen, int depth, char *msg,
                        size_t len) {
  if (depth > 64) return 0;
  int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > INCLUDE_SCAN_MAX_BYTES) {
    close(fd);
    return 0;
  }
  size_t n = (size_t)st.st_size, got = 0;
  char *text = malloc(n + 1);
  if (!text) {
    close(fd);
    return -1;
  }
  while (got < n) {
    ssize_t r = read(fd, text + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  text[got] = 0;
  char *here = strdup(file);
  if (!here) {
    free(text);
    return -1;
  }
  char *slash = strrchr(here, '/');
  if (slash) *slash = 0;
  int rc = 0;
  unsigned line = 1;
  for (const char *p = text; rc == 0 && p < text + got; line++) {
    const char *e = memchr(p, '\n', (size_t)(text + got - p));
    size_t ln = e ? (size_t)(e - p) : (size_t)(text + got - p);
    char name[PATH_MAX];
    int kind = include_name(p, ln, name, sizeof name);
    p += ln + 1;
    if (!kind) continue;
    /* the candidates in the compiler's order, the first that exists: a
     * quoted name in the including file's folder, the -I folders, and
     * (clang's fallback for an <...> name found nowhere else, a system
     * header aside) the including file's folder again */
    for (int c = -1; rc == 0 && c <= (int)ni; c++) {
      char *cand = NULL;
      if (name[0] == '/') {
        if (c >= 0) break;
        cand = strdup(name);
      } else if (c < 0 || c == (int)ni) {
        if ((c < 0) != (kind == '"')) continue;
        cand = simC_join_path(here[0] ? here : "/", name);
      } else {
        cand = simC_join_path(idirs[c], name);
      }
      if (!cand) {
        rc = -1;
        break;
      }
      struct stat cs;
      if (stat(cand, &cs) < 0 || S_ISDIR(cs.st_mode)) {
        free(cand);
        continue;
      }
      const char *what = special_kind(cs.st_mode);
      if (what) {
        char *fr = rel_to(sc->root, file), *cr = rel_to(sc->root, cand);
        snprintf(msg, len, "%s:%u: #include %c%s%c names %s (%s), not a regular file: not "
                 "compiled", fr ? fr : file, line, kind, name, kind == '"' ? '"' : '>', what,
                 cr ? cr : cand);
        free(fr);
        free(cr);
        free(cand);
        rc = 1;
        break;
      }
      /* a project header: its own includes, once */
      char rp[PATH_MAX];
      if (realpath(cand, rp) && sc->root_real && under(sc->root_real, rp)) {
        int dup = 0;
        for (unsigned k = 0; k < *nseen && !dup; k++) dup = !strcmp((*seen)[k], rp);
        if (!dup) {
          if (simC_push_str(seen, nseen, capseen, strdup(rp)) < 0) rc = -1;
          else rc = include_walk(sc, cand, idirs, ni, seen, nseen, capseen, depth + 1, msg, len);
        }
      }
      free(cand);
      break;
    }
  }
  free(here);
  free(text);
  return rc;
}

/* Each file's #include lines (and its -include files) checked for a
 * device, a FIFO or a socket (include_walk): such a file is an error
 * naming it, not compiled. 0 or -1 (out of memory). */
static int special_includes(scan *sc) {
  for (unsigned i = 0; i < sc->ntu; i++) {
    tu *t = &sc->tus[i];
    char **idirs = calloc(t->nflags + 1, sizeof *idirs), **seen = NULL;
    unsigned ni = 0, nseen = 0, capseen = 0;
    int rc = idirs ? 0 : -1;
    char msg[PATH_MAX * 2 + 256];
    for (unsigned f = 0; rc == 0 && f < t->nflags; f++) {
      const char *fl = t->flags[f];
      if (!strncmp(fl, "-I", 2) && !(idirs[ni++] = simC_join_path(sc->cwd, fl + 2))) rc = -1;
      if (rc == 0 && !strncmp(fl, "--include=", 10)) {
        struct stat st;
        char *pre = simC_join_path(sc->cwd, fl + 10);
        const char *what = pre && stat(pre, &st) == 0 ? special_kind(st.st_mode) : NULL;
        if (what) {
          snprintf(msg, sizeof msg, "-include %s names %s, not a regular file: not compiled",
                   fl + 10, what);
          rc = 1;
        }
        free(pre);
      }
    }
    if (rc == 0) rc = include_walk(sc, t->abs, idirs, ni, &seen, &nseen, &capseen, 0, msg,
                                   sizeof msg);
    if (rc == 1 && !(t->bad_include = strdup(msg))) rc = -1;
    for (unsigned k = 0; k < ni; k++) free(idirs[k]);
    free(idirs);
    for (unsigned k = 0; k < nseen; k++) free(seen[k]);
    free(seen);
    if (rc < 0) return -1;
  }
  return 0;
}

/* The notes of what the scan left out: --max-files, --scan-time-limit.
 * 0 or -1. */
static int left_out_notes(scan *sc, const scan_limits_t *lim) {
  char msg[1200];
  int first = !sc->nshards || sc->shard == 1;
  if (sc->over_files && first) {
    char e[600];
    snprintf(msg, sizeof msg, "%u .cu file%s not scanned: --max-files %u reached (the first %u "
             "in path order were; the first left out: %s)", sc->over_files,
             sc->over_files == 1 ? "" : "s", lim->max_files, lim->max_files,
             simD_text_esc(sc->first_over, SIMD_ESC_PATH, e, sizeof e));
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  if (sc->late_files || sc->late_kernels) {
    snprintf(msg, sizeof msg, "--scan-time-limit %g s reached: %u file%s not compiled, %u "
             "kernel%s not checked (the first: %s)", lim->time_limit, sc->late_files,
             sc->late_files == 1 ? "" : "s", sc->late_kernels, sc->late_kernels == 1 ? "" : "s",
             sc->first_late);
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  return 0;
}

/* Does replay line r name a path in folder dir (dir, then '/' or the end
 * of a word)? */
static int names_folder(const char *r, const char *dir) {
  size_t n = strlen(dir);
  for (const char *p = r ? strstr(r, dir) : NULL; p; p = strstr(p + 1, dir))
    if (p[n] == '/' || p[n] == ' ' || p[n] == '\'' || p[n] == 0) return 1;
  return 0;
}

/* A temporary build folder (configured here, removed at the end) that a
 * finding's replay line names (a generated header's folder: -I BUILD/...):
 * a note says the line needs --configure=keep to run. */
static int replay_build_notes(scan *sc) {
  if (sc->configure == 2 || !sc->nbuilt) return 0;
  for (unsigned b = 0; b < sc->nbuilt; b++) {
    unsigned n = 0;
    for (unsigned i = 0; i < sc->rep.n; i++) {
      const simD_record *r = &sc->rep.v[i];
      if (!r->findings.n) continue;
      int named = names_folder(r->replay, sc->built[b]);
      for (unsigned f = 0; !named && r->witnesses && f < r->findings.n; f++)
        named = names_folder(r->witnesses[f].replay, sc->built[b]);
      n += named;
    }
    if (!n) continue;
    char msg[1200], e[600];
    snprintf(msg, sizeof msg,
             "the replay lines of %u kernel%s name the temporary build folder %s, removed after "
             "the scan (the project's configured flags name it): scan with --configure=keep "
             "to run them",
             n, n == 1 ? "" : "s", simD_text_esc(sc->built[b], SIMD_ESC_PATH, e, sizeof e));
    if (simD_report_add_note(&sc->rep, ".", 0, msg) < 0) return -1;
  }
  return 0;
}

/* Discover the files. Returns 0, -1 out of memory, -2 input error (said). */
static int discover(scan *sc, const char *path, const char *root_opt) {
  struct stat st;
  if (stat(path, &st) < 0) {
    scan_error("%s: %s", path, strerror(errno));
    return -2;
  }
  int rc = 0;
  if (S_ISDIR(st.st_mode)) {
    sc->root = simC_join_path(sc->cwd, root_opt ? root_opt : path);
    char *abs = simC_join_path(sc->cwd, path);
    if (!sc->root || !abs) rc = -1;
    if (rc == 0) {
      if (!strcmp(strrchr(abs, '/') + 1, "include") &&
          simC_push_str(&sc->incs, &sc->nincs, &sc->capincs, strdup(abs)) < 0)
        rc = -1;
      if (rc == 0 && !(sc->tree_real = realpath(abs, NULL))) {
        scan_error("%s: %s", path, strerror(errno));
        rc = -2;
      }
      if (rc == 0) rc = walk(sc, abs, 0);
    }
    free(abs);
    if (rc == 0) rc = limit_files(sc);
    if (rc == 0) rc = tree_dbs(sc);
    if (rc == 0) rc = folder_flags(sc);
  } else if (has_suffix(path, ".json")) {
    rc = read_db(sc, path, root_opt);
    if (rc == 0) rc = limit_files(sc);
  } else if (has_suffix(path, ".cu")) {
    char *abs = simC_join_path(sc->cwd, path);
    if (!abs) return -1;
    char *dir = strdup(abs);
    if (!dir) {
      free(abs);
      return -1;
    }
    *strrchr(dir, '/') = 0;
    sc->root = root_opt ? simC_join_path(sc->cwd, root_opt) : strdup(dir[0] ? dir : "/");
    tu *t = add_tu(sc, abs);
    char *s = shown(sc, dir[0] ? dir : "/");
    if (!sc->root || !t || !s || tu_flag(t, "-I", s) < 0) rc = -1;
    free(s);
    free(dir);
  } else {
    scan_error("%s: expected a folder, a compile_commands.json or a .cu file", path);
    return -2;
  }
  if (rc < 0) return rc;
  if (name_files(sc) < 0) return -1;
  if (!S_ISDIR(st.st_mode) && has_suffix(path, ".json")) return 0;
  /* no database: the include folders a build would give, looked for in the
   * scanned folder (the repository of a single file) */
  char *dir = NULL;
  if (S_ISDIR(st.st_mode)) {
    dir = simC_join_path(sc->cwd, path);
  } else if ((dir = strdup(sc->tus[0].abs))) {
    *strrchr(dir, '/') = 0;
    if (!dir[0]) strcpy(dir, "/");
  }
  char *repo = dir ? simC_repo_root(dir) : NULL;
  simC_tree **trees = calloc(2 + sc->nbuilt, sizeof *trees);
  unsigned ntrees = 0;
  /* a folder scan: the folder, then its repository; a file: its repository */
  if (trees && repo && S_ISDIR(st.st_mode) && strcmp(repo, dir)) trees[ntrees++] = simC_tree_new(dir);
  if (trees && repo) trees[ntrees++] = simC_tree_new(repo);
  /* then the build folders of configured projects: headers they generated
   * for a file their database does not list */
  for (unsigned i = 0; trees && repo && i < sc->nbuilt; i++) trees[ntrees++] = simC_tree_new(sc->built[i]);
  /* the scanned folder's vendored CCCL wins over Debian's */
  if (S_ISDIR(st.st_mode) && trees && ntrees && trees[0]) simC_tree_set_vendors(trees[0]);
  free(dir);
  free(repo);
  int ok = ntrees > 0;
  for (unsigned i = 0; i < ntrees; i++) ok &= trees[i] != NULL;
  rc = ok ? find_includes(sc, trees, ntrees) : -1;
  for (unsigned i = 0; i < ntrees; i++) simC_tree_free(trees[i]);
  free(trees);
  return rc;
}

/* ------------------------------------------------------------ shards */

/* XXH3 (libxxhash) of the file's relative path with its NUL, then of the
 * kernel symbol ("" for the file itself) seeded with the first: the shard of
 * a kernel depends on nothing else, on any machine. */
static unsigned shard_of(const char *rel, const char *symbol, unsigned nshards) {
  uint64_t h = XXH3_64bits(rel, strlen(rel) + 1);
  h = XXH3_64bits_withSeed(symbol, strlen(symbol), h);
  return (unsigned)(h % nshards) + 1;
}

static int in_shard(const scan *sc, const char *rel, const char *symbol) {
  return !sc->nshards || shard_of(rel, symbol, sc->nshards) == sc->shard;
}

/* --------------------------------------------------- kernel templates */

/* The source with comments, string and character literals blanked (newlines
 * kept, so offsets keep their line). Malloc'd. */
static char *read_code(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 65536, n = 0;
  char *s = malloc(cap);
  for (size_t r; s && (r = fread(s + n, 1, cap - n - 1, f)) > 0;) {
    n += r;
    if (n + 1 == cap) {
      char *ns = realloc(s, cap *= 2);
      if (!ns) {
        free(s);
        s = NULL;
      }
      s = ns;
    }
  }
  fclose(f);
  if (!s) return NULL;
  s[n] = 0;
  simC_blank_code(s, n);
  return s;
}

static int ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The last component of a demangled kernel name without template arguments:
 * "void ns::scale<float>" -> "scale". */
static void base_name(const char *dem, char *out, size_t len) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", dem);
  /* cut at the parameter list */
  int depth = 0;
  for (char *p = buf; *p; p++) {
    if (*p == '<') depth++;
    else if (*p == '>') depth--;
    else if (*p == '(' && depth == 0) {
      *p = 0;
      break;
    }
  }
  /* drop trailing template arguments */
  size_t n = strlen(buf);
  while (n && buf[n - 1] == ' ') buf[--n] = 0;
  if (n && buf[n - 1] == '>') {
    depth = 0;
    for (size_t i = n; i-- > 0;) {
      if (buf[i] == '>') depth++;
      else if (buf[i] == '<' && --depth == 0) {
        buf[i] = 0;
        break;
      }
    }
  }
  n = strlen(buf);
  size_t s = n;
  while (s && ident_char(buf[s - 1])) s--;
  snprintf(out, len, "%s", buf + s);
}

/* Notes (into out) for the kernel templates the file defines and the
 * module never instantiates (not analysed: nothing to run). */
static int template_notes(const tu *t, const simI_program *prog, simD_report *out) {
  char *code = read_code(t->abs);
  if (!code) return 0;
  int rc = 0;
  char seen[64][128];
  unsigned nseen = 0;
  for (char *g = strstr(code, "__global__"); g && rc == 0; g = strstr(g + 10, "__global__")) {
    if ((g > code && ident_char(g[-1])) || ident_char(g[10])) continue;
    /* the declaration starts after the last ; { } before it */
    char *start = g;
    while (start > code && !strchr(";{}", start[-1])) start--;
    int is_template = 0;
    for (char *p = start; p + 8 <= g; p++)
      if (!strncmp(p, "template", 8) && (p == code || !ident_char(p[-1])) &&
          !ident_char(p[8])) {
        /* `template <...>` starts a definition; `template __global__`
         * (explicit instantiation) does not */
        char *q = p + 8;
        while (isspace((unsigned char)*q)) q++;
        is_template = *q == '<';
        break;
      }
    if (!is_template) continue;
    /* name: the identifier before the first '(' that is not an attribute */
    char *p = g + 10, name[128] = "";
    for (; *p && *p != ';' && *p != '{'; p++) {
      if (*p != '(') continue;
      char *e = p;
      while (e > g && isspace((unsigned char)e[-1])) e--;
      char *b = e;
      while (b > g && ident_char(b[-1])) b--;
      size_t l = (size_t)(e - b);
      if (!l || e[-1] == '>') break; /* a specialisation: k<int>( */
      if ((l == 17 && !strncmp(b, "__launch_bounds__", 17)) ||
          (l == 13 && !strncmp(b, "__attribute__", 13)) ||
          (l == 7 && !strncmp(b, "alignas", 7))) {
        /* skip the attribute's parentheses */
        int d = 0;
        for (; *p; p++) {
          if (*p == '(') d++;
          else if (*p == ')' && --d == 0) break;
        }
        continue;
      }
      if (l >= sizeof name) l = sizeof name - 1;
      memcpy(name, b, l);
      name[l] = 0;
      break;
    }
    if (!name[0]) continue;
    int dup = 0;
    for (unsigned i = 0; i < nseen; i++) dup |= !strcmp(seen[i], name);
    if (dup) continue;
    if (nseen < 64) snprintf(seen[nseen++], sizeof seen[0], "%s", name);
    int found = 0;
    unsigned nk = simI_kernel_count(prog);
    for (unsigned k = 0; k < nk && !found; k++) {
      char bn[256];
      base_name(simI_kernel(prog, k)->demangled, bn, sizeof bn);
      found = !strcmp(bn, name);
    }
    if (found) continue;
    unsigned line = 1;
    for (char *c = code; c < g; c++) line += *c == '\n';
    char msg[512];
    snprintf(msg, sizeof msg,
             "kernel template '%s' is never instantiated in this file: not analysed "
             "(instantiate it, e.g. with a launch or `template __global__ void %s<...>(...);`)",
             name, name);
    if (simD_report_add_note(out, t->rel, line, msg) < 0) rc = -1;
  }
  free(code);
  return rc;
}

/* ------------------------------------------------------------ workers */

static void progress(scan *sc, int force) {
  if (!sc->progress) return;
  double t = now_s();
  if (!force && t - sc->last_progress < 0.1) return;
  sc->last_progress = t;
  if (!sc->queued)
    fprintf(stderr, "\r\033[Ksimulee scan: files %u/%u compiled, %u kernels so far",
            sc->tus_done, sc->ntu, sc->nkernels);
  else
    fprintf(stderr, "\r\033[Ksimulee scan: files %u/%u compiled, kernels %u/%u done, "
            "%llu finding%s%s%s", sc->tus_done, sc->ntu, sc->kj_done, sc->nkj,
            (unsigned long long)sc->nfound, sc->nfound == 1 ? "" : "s",
            sc->checking[0] ? ", checking " : "", sc->checking);
  fflush(stderr);
}

/* A file-level error record (the file could not be compiled or loaded).
 * Called with sc->mu held. */
static void file_record(scan *sc, tu *t, const char *msg, simD_status status) {
  sc->tus_failed++;
  if (!t->mine) return;
  simD_record rec;
  memset(&rec, 0, sizeof rec);
  rec.file = t->rel;
  rec.kernel = "";
  rec.name = "";
  rec.status = status;
  rec.message = msg;
  if (simD_report_add(&sc->rep, &rec, NULL, NULL) < 0) sc->oom = 1;
}

/* Is the file a clang message names (as clang printed it: relative to the
 * working directory or absolute) one whose lines may be shown: under the
 * scanned tree or its repository, simulee's CUDA headers, the system's
 * header folders or a CUDA toolkit's? */
static int shareable_file(const scan *sc, const char *file) {
  char *abs = simC_join_path(sc->cwd, file);
  if (!abs) return 0;
  /* by its real path: a header of the tree that is a link to a file
   * elsewhere (~/.ssh/id_rsa) is that file */
  char rp[PATH_MAX];
  if (realpath(abs, rp)) {
    free(abs);
    abs = strdup(rp);
    if (!abs) return 0;
  }
  int ok = (sc->root_real && under(sc->root_real, abs)) ||
           (sc->repo_real && under(sc->repo_real, abs));
  char *cuda = ok ? NULL : simC_norm_path(simC_cuda_dir());
  if (cuda && under(cuda, abs)) ok = 1;
  free(cuda);
  unsigned nsys = 0;
  char *const *sys = simC_system_include_dirs(&nsys);
  for (unsigned i = 0; i < nsys && !ok; i++) ok = under(sys[i], abs);
  static const char *const toolkits[] = {"/usr/local/cuda", "/opt/cuda", "/opt/nvidia",
                                         "/usr/include", "/usr/lib/llvm-19"};
  for (unsigned i = 0; i < sizeof toolkits / sizeof toolkits[0] && !ok; i++) {
    size_t n = strlen(toolkits[i]);
    ok = !strncmp(abs, toolkits[i], n) && (abs[n] == '/' || abs[n] == '-' || !abs[n]);
  }
  free(abs);
  return ok;
}

/* A clang message "FILE:LINE[:COL]: error: ..." about a file outside what
 * may be shown (shareable_file) keeps only its location: its text may quote
 * the file's contents (the first word of /etc/shadow in "unknown type
 * name"), which must not reach a CI log. In place. */
static void hide_private_text(const scan *sc, char *msg, size_t len) {
  char *p = msg;
  for (;;) { /* FILE: the text up to the first ":DIGITS:" */
    p = strchr(p, ':');
    if (!p) return;
    if (isdigit((unsigned char)p[1])) {
      char *q = p + 1;
      while (isdigit((unsigned char)*q)) q++;
      if (*q == ':') break;
    }
    p++;
  }
  char file[4096];
  size_t fl = (size_t)(p - msg);
  if (!fl || fl >= sizeof file) return;
  memcpy(file, msg, fl);
  file[fl] = 0;
  if (shareable_file(sc, file)) return;
  char *q = p + 1; /* LINE[:COL]: */
  while (isdigit((unsigned char)*q) || (*q == ':' && isdigit((unsigned char)q[1]))) q++;
  *q = 0;
  size_t n = strlen(msg);
  snprintf(msg + n, len - n, " error in a file outside the scanned tree (clang's message "
           "not shown: it may quote the file)");
}

/* Replace the occurrences of `from` in s by `to` (into out). */
static void replace_all(const char *s, const char *from, const char *to, char *out,
                        size_t len) {
  size_t o = 0, fl = strlen(from), tl = strlen(to);
  while (*s && o + 1 < len) {
    if (fl && !strncmp(s, from, fl)) {
      size_t k = tl < len - 1 - o ? tl : len - 1 - o;
      memcpy(out + o, to, k);
      o += k;
      s += fl;
    } else {
      out[o++] = *s++;
    }
  }
  out[o] = 0;
}

/* o's per-kernel --time-limit, but no later than --scan-time-limit. */
static double time_left(const scan *sc, double limit) {
  if (sc->deadline <= 0) return limit;
  double left = sc->deadline - now_s();
  if (left < 0.5) left = 0.5;
  return limit > 0 && limit < left ? limit : left;
}

static const char NO_KERNELS[] =
    "no kernels: the file's device code defines no __global__ function, nothing to check";

static void compile_tu(scan *sc, unsigned i) {
  tu *t = &sc->tus[i];
  if (t->bad_include) { /* it includes a device or a FIFO */
    pthread_mutex_lock(&sc->mu);
    file_record(sc, t, t->bad_include, SIMD_STATUS_ERROR);
    sc->tus_done++;
    progress(sc, 0);
    pthread_cond_broadcast(&sc->cv);
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  if (t->no_marker) { /* nothing to compile (prefilter) */
    pthread_mutex_lock(&sc->mu);
    if (t->mine && simD_report_add_note(&sc->rep, t->rel, 0, NO_KERNELS) < 0) sc->oom = 1;
    sc->tus_done++;
    progress(sc, 0);
    pthread_cond_broadcast(&sc->cv);
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  simC_options co = *sc->o;
  if (sc->deadline > 0) { /* clang stops at --scan-time-limit too */
    double own = co.time_limit > 0 && co.time_limit < SIMC_CLANG_MIN_TIME ? SIMC_CLANG_MIN_TIME
                                                                          : co.time_limit;
    co.clang_time_limit = time_left(sc, own);
  }
  co.cflags = t->flags;
  co.ncflags = t->nflags;
  if (!co.arch) co.arch = t->arch; /* --arch, else the database's */
  char bc[4096], err[2048], msg[2048];
  simI_program *prog = NULL;
  /* the host side compiles alongside (launch hints; none if it fails) */
  simC_compile_job hj;
  char herr[1024];
  simC_hints_start(t->path, &co, &hj, herr, sizeof herr);
  char *warns = NULL;
  int dev = simC_compile_cu_warn(t->path, &co, bc, sizeof bc, &warns, err, sizeof err);
  if (dev < 0) simC_compile_abort(&hj);
  /* out of memory here only loses these findings */
  if (dev == 0) simC_bounds_parse(warns, &t->bounds);
  free(warns);
  if (dev == 0 && simC_hints_finish(&hj, &t->hints, herr, sizeof herr) < 0)
    simC_hints_free(&t->hints);
  if (dev == -2) {
    /* over the time or memory limit: a `timeout` row, the scan goes on */
    char pre[4200];
    snprintf(pre, sizeof pre, "cannot compile %s: ", t->path);
    snprintf(msg, sizeof msg, "%s", strncmp(err, pre, strlen(pre)) ? err : err + strlen(pre));
    if (sc->deadline > 0 && now_s() >= sc->deadline - 0.05 && !strstr(msg, "memory"))
      snprintf(msg, sizeof msg, "clang was stopped: --scan-time-limit %.3g s reached",
               sc->deadline - sc->t0);
  } else if (dev < 0) {
    /* "cannot compile PATH: PATH:4:2: error: ..." -> "src/a.cu:4:2: error: ..." */
    char pre[4200];
    snprintf(pre, sizeof pre, "cannot compile %s: ", t->path);
    const char *m = strncmp(err, pre, strlen(pre)) ? err : err + strlen(pre);
    char clean[2048]; /* paths as clang printed them: relative to cwd */
    snprintf(clean, sizeof clean, "%s", m);
    hide_private_text(sc, clean, sizeof clean);
    replace_all(clean, t->path, t->rel, msg, sizeof msg);
  } else {
    simI_status ls = SIMI_OK;
    err[0] = 0;
    prog = simI_load(bc, &ls, err, sizeof err);
    unlink(bc);
    if (!prog) {
      const char *m = err;
      if (!strncmp(m, bc, strlen(bc))) m += strlen(bc);
      while (*m == ':' || *m == ' ') m++;
      /* the reason cut to fit msg (gcc -Werror=format-truncation) */
      snprintf(msg, sizeof msg, "cannot load the compiled module: %.2000s",
               *m ? m : simI_status_name(ls));
    }
  }
  simD_report notes;
  simD_report_init(&notes);
  int oom = prog && t->mine && !sc->kernel_glob && template_notes(t, prog, &notes) < 0;
  if (t->mine && !sc->o->arch && t->arch_note[0] &&
      simD_report_add_note(&notes, t->rel, 0, t->arch_note) < 0)
    oom = 1;
  /* a host-only file (no __global__ in the module) is no error */
  int nokernels = !prog && dev == 0 && strstr(err, "no CUDA kernels in the module");
  if (nokernels && t->mine &&
      simD_report_add_note(&notes, t->rel, 0, NO_KERNELS) < 0)
    oom = 1;
  pthread_mutex_lock(&sc->mu);
  if (nokernels) {
    if (oom || simD_report_take(&sc->rep, &notes) < 0) sc->oom = 1;
  } else if (!prog) {
    file_record(sc, t, msg, dev == -2 ? SIMD_STATUS_TIMEOUT : SIMD_STATUS_ERROR);
    if (oom || simD_report_take(&sc->rep, &notes) < 0) sc->oom = 1;
  } else {
    t->prog = prog;
    sc->nkernels += simI_kernel_count(prog);
    if (oom || simD_report_take(&sc->rep, &notes) < 0) sc->oom = 1;
  }
  sc->tus_done++;
  progress(sc, 0);
  pthread_cond_broadcast(&sc->cv);
  pthread_mutex_unlock(&sc->mu);
  simD_report_free(&notes);
}

/* Is o (a kernel of another file's program) the definition ki is: the same
 * symbol at the same source line of the same file? */
static int same_definition(const simI_kernel_info *o, const simI_kernel_info *ki) {
  return ki->file && o->file && !strcmp(o->file, ki->file) && o->line == ki->line &&
         !strcmp(o->name, ki->name);
}

/* Is kernel k of file i also in an earlier file (in path order) with the
 * same symbol and the same definition, a header both include? Then it is
 * the same code (the one-definition rule) and is checked once, in the
 * first file. */
static int defined_earlier(const scan *sc, unsigned i, const simI_kernel_info *ki) {
  if (!ki->file || !*ki->file || !ki->line) return 0;
  char *def = simC_join_path(sc->cwd, ki->file);
  int same_file = def && !strcmp(def, sc->tus[i].abs);
  free(def);
  if (same_file) return 0; /* defined in the .cu itself */
  for (unsigned e = 0; e < i; e++) {
    const simI_program *p = sc->tus[e].prog;
    if (!p) continue;
    int k = simI_find_kernel(p, ki->name);
    if (k < 0) continue;
    if (same_definition(simI_kernel(p, (unsigned)k), ki)) return 1;
  }
  return 0;
}

/* The launch hints of kernel ki of file i when other files launch it too:
 * a kernel that a header defines is one kernel (the one-definition rule), and
 * an extern one may be launched from a file that only declares it (-rdc), so
 * its launches are those of every file whose program has the same
 * definition or none. NULL when only its own file's hints apply (or out of
 * memory: sc->oom). Called with sc->mu held, before programs are freed. */
static simC_hints *project_hints(scan *sc, unsigned i, const simI_kernel_info *ki) {
  const simC_hint *own = simC_hints_find(&sc->tus[i].hints, ki->name);
  simC_hints *h = NULL;
  for (unsigned e = 0; e < sc->ntu; e++) {
    const simC_hint *oh = e == i ? NULL : simC_hints_find(&sc->tus[e].hints, ki->name);
    if (!oh || !sc->tus[e].prog) continue;
    int k = simI_find_kernel(sc->tus[e].prog, ki->name);
    if (k >= 0 && !same_definition(simI_kernel(sc->tus[e].prog, (unsigned)k), ki))
      continue; /* another kernel of the same name (internal linkage) */
    if (!h) {
      if (!(h = calloc(1, sizeof *h))) goto oom;
      simC_hints_init(h);
      if (own && simC_hints_add(h, own, ki->name) < 0) goto oom;
    }
    if (simC_hints_add(h, oh, ki->name) < 0) goto oom;
  }
  return h;
oom:
  if (h) simC_hints_free(h);
  free(h);
  sc->oom = 1;
  return NULL;
}

/* Once every file is compiled: queue the kernels of this shard, in file
 * order, and free the programs left without any. Called with sc->mu held. */
static void queue_kernels(scan *sc) {
  for (unsigned i = 0; i < sc->ntu && !sc->oom; i++) {
    tu *t = &sc->tus[i];
    if (!t->prog) continue;
    unsigned nk = simI_kernel_count(t->prog);
    for (unsigned k = 0; k < nk; k++) {
      const simI_kernel_info *ki = simI_kernel(t->prog, k);
      if (sc->kernel_glob && fnmatch(sc->kernel_glob, ki->demangled, 0) &&
          fnmatch(sc->kernel_glob, ki->name, 0))
        continue;
      sc->glob_hits++;
      if (defined_earlier(sc, i, ki)) continue;
      if (!in_shard(sc, t->rel, ki->name)) continue;
      if (sc->nkj == sc->capkj) {
        unsigned nc = sc->capkj ? sc->capkj * 2 : 64;
        kjob *nv = realloc(sc->kj, nc * sizeof *nv);
        if (!nv) {
          sc->oom = 1;
          break;
        }
        sc->kj = nv;
        sc->capkj = nc;
      }
      sc->kj[sc->nkj++] = (kjob){i, k, project_hints(sc, i, ki)};
      t->pending++;
    }
  }
  /* duplicates were looked up in every program: only now may they go */
  for (unsigned i = 0; i < sc->ntu; i++)
    if (sc->tus[i].prog && !sc->tus[i].pending) {
      simI_free(sc->tus[i].prog);
      sc->tus[i].prog = NULL;
    }
  sc->queued = 1;
  progress(sc, 1);
}

/* Report paths relative to the root (map for simD_record_map_paths). */
static char *map_path(const char *p, void *ctx, int *oom) {
  const scan *sc = ctx;
  char *abs = simC_join_path(sc->cwd, p);
  char *r = abs ? rel_to(sc->root, abs) : NULL;
  free(abs);
  if (!r) *oom = 1;
  return r;
}

static void run_kernel(scan *sc, kjob j) {
  tu *t = &sc->tus[j.tu];
  const simI_kernel_info *ki = simI_kernel(t->prog, j.k);
  simC_options ko = *sc->o;
  ko.kernel = ki->name;
  ko.quiet = 1;
  ko.stats = 0;
  ko.cflags = t->flags;
  ko.ncflags = t->nflags;
  if (!ko.arch) ko.arch = t->arch;
  ko.hints = j.hints ? j.hints : &t->hints;
  ko.bounds = t->bounds.n ? &t->bounds : NULL;
  ko.jobs = 1; /* one search thread: the scan runs kernels in parallel instead
                  (--time-limit, per kernel, comes with *sc->o) */
  ko.time_limit = time_left(sc, ko.time_limit);
  pthread_mutex_lock(&sc->mu);
  simD_text_esc(ki->demangled ? ki->demangled : ki->name, SIMD_ESC_PATH, sc->checking,
                sizeof sc->checking);
  progress(sc, 1);
  pthread_mutex_unlock(&sc->mu);
  simD_report local;
  simD_report_init(&local);
  char err[1024] = "";
  double t0 = now_s();
  int rc = simC_check_program(&ko, t->path, t->prog, &local, err, sizeof err);
  double dt = now_s() - t0;
  int oom = 0;
  if (rc < 0 || local.n == 0) {
    simD_record rec;
    memset(&rec, 0, sizeof rec);
    rec.file = t->path;
    rec.kernel = ki->name;
    rec.name = ki->demangled;
    rec.line = ki->line;
    rec.status = SIMD_STATUS_ERROR;
    rec.message = rc < 0 ? err : "the kernel was not checked";
    if (simD_report_add(&local, &rec, NULL, NULL) < 0) oom = 1;
  }
  for (unsigned r = 0; r < local.n; r++) {
    local.v[r].seconds = dt;
    if (simD_record_map_paths(&local.v[r], map_path, sc) < 0) oom = 1;
  }
  pthread_mutex_lock(&sc->mu);
  for (unsigned r = 0; r < local.n; r++) sc->nfound += local.v[r].findings.n;
  if (oom || simD_report_take(&sc->rep, &local) < 0) sc->oom = 1;
  sc->kj_done++;
  simI_program *done = --t->pending == 0 ? t->prog : NULL;
  if (done) t->prog = NULL;
  progress(sc, 0);
  pthread_mutex_unlock(&sc->mu);
  simD_report_free(&local);
  if (done) simI_free(done);
}

static void *worker(void *arg) {
  scan *sc = arg;
  pthread_mutex_lock(&sc->mu);
  for (;;) {
    if (sc->deadline > 0 && now_s() >= sc->deadline && sc->next_tu < sc->ntu) {
      /* --scan-time-limit: the files not started are not compiled */
      if (!sc->first_late[0])
        snprintf(sc->first_late, sizeof sc->first_late, "%s", sc->tus[sc->next_tu].rel);
      sc->late_files += sc->ntu - sc->next_tu;
      sc->tus_done += sc->ntu - sc->next_tu;
      sc->next_tu = sc->ntu;
      pthread_cond_broadcast(&sc->cv);
    }
    if (sc->deadline > 0 && now_s() >= sc->deadline && sc->queued && sc->next_kj < sc->nkj) {
      /* and the kernels not started are not checked */
      if (!sc->first_late[0]) {
        const kjob *j = &sc->kj[sc->next_kj];
        const simI_kernel_info *ki = simI_kernel(sc->tus[j->tu].prog, j->k);
        snprintf(sc->first_late, sizeof sc->first_late, "%s kernel %s", sc->tus[j->tu].rel,
                 ki && ki->demangled ? ki->demangled : "?");
      }
      sc->late_kernels += sc->nkj - sc->next_kj;
      sc->kj_done += sc->nkj - sc->next_kj;
      sc->next_kj = sc->nkj;
    }
    if (sc->next_tu < sc->ntu) {
      unsigned i = sc->next_tu++;
      pthread_mutex_unlock(&sc->mu);
      compile_tu(sc, i);
      pthread_mutex_lock(&sc->mu);
    } else if (sc->tus_done < sc->ntu) {
      pthread_cond_wait(&sc->cv, &sc->mu);
    } else if (!sc->queued) {
      queue_kernels(sc);
      pthread_cond_broadcast(&sc->cv);
    } else if (sc->next_kj < sc->nkj) {
      kjob j = sc->kj[sc->next_kj++];
      pthread_mutex_unlock(&sc->mu);
      run_kernel(sc, j);
      pthread_mutex_lock(&sc->mu);
    } else {
      break;
    }
  }
  pthread_cond_broadcast(&sc->cv);
  pthread_mutex_unlock(&sc->mu);
  return NULL;
}

/* ------------------------------------------------------------- output */

static const char *const KIND_HEAD[SIMD_KIND_COUNT] = {
  [SIMD_DATA_RACE] = "race", [SIMD_BARRIER_DIVERGENCE] = "diverg",
  [SIMD_REDUNDANT_BARRIER] = "redund", [SIMD_OUT_OF_BOUNDS] = "oob",
  [SIMD_ASSERTION] = "assert", [SIMD_INVALID_WARP_MASK] = "mask",
  [SIMD_UNINITIALIZED_READ] = "uninit", [SIMD_DEADLOCK] = "deadlk",
};

/* The summary table and the totals line. */
static int write_table(FILE *out, const simD_report *r, int quiet, double secs,
                       unsigned nfiles, unsigned nfailed) {
  int w_file = 4, w_kern = 6, rc = 0;
  char fb[1024], kb[1024]; /* names as printed (simD_text_esc) */
  for (unsigned i = 0; i < r->n; i++) {
    const simD_record *rec = &r->v[i];
    int lf = (int)strlen(simD_text_esc(rec->file, SIMD_ESC_PATH, fb, sizeof fb));
    int lk = rec->kernel[0] ? (int)strlen(simD_text_esc(rec->name, SIMD_ESC_PATH, kb, sizeof kb)) : 1;
    if (lf > w_file) w_file = lf;
    if (lk > w_kern) w_kern = lk;
  }
  if (w_kern > 60) w_kern = 60;
  unsigned nstatus[SIMD_STATUS_INCOMPLETE + 1] = {0};
  unsigned nkern = 0;
  int header = 0;
  for (unsigned i = 0; i < r->n; i++) {
    const simD_record *rec = &r->v[i];
    unsigned by[SIMD_KIND_COUNT] = {0}, sup = 0, nerr = 0, nwarn = 0;
    for (unsigned f = 0; f < rec->findings.n; f++) {
      if (simD_record_suppressed(rec, f) != SIMD_SUPPRESS_NONE) {
        sup++;
        continue;
      }
      if (rec->findings.v[f].kind < SIMD_KIND_COUNT) by[rec->findings.v[f].kind]++;
      nerr += rec->findings.v[f].level == SIMD_LEVEL_ERROR;
      nwarn += rec->findings.v[f].level == SIMD_LEVEL_WARNING;
    }
    if (rec->kernel[0]) {
      nkern++;
      nstatus[rec->status <= SIMD_STATUS_INCOMPLETE ? rec->status : SIMD_STATUS_ERROR]++;
    }
    if (quiet && rec->status == SIMD_STATUS_CHECKED && rec->findings.n == sup) continue;
    if (!header) {
      if (fprintf(out, "\n%-*s  %-*s  %-11s %6s %6s", w_file, "FILE", w_kern, "KERNEL",
                  "STATUS", "error", "warn") < 0)
        rc = -1;
      for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) fprintf(out, " %6s", KIND_HEAD[k]);
      fprintf(out, " %6s %8s\n", "suppr", "time");
      header = 1;
    }
    fprintf(out, "%-*s  %-*.*s  %-11s", w_file, simD_text_esc(rec->file, SIMD_ESC_PATH, fb, sizeof fb),
            w_kern, w_kern, rec->kernel[0] ? simD_text_esc(rec->name, SIMD_ESC_PATH, kb, sizeof kb) : "-",
            simD_status_name(rec->status));
    if (rec->kernel[0]) fprintf(out, " %6u %6u", nerr, nwarn);
    else fprintf(out, " %6s %6s", "-", "-");
    for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) {
      if (rec->kernel[0]) fprintf(out, " %6u", by[k]);
      else fprintf(out, " %6s", "-");
    }
    if (rec->kernel[0]) fprintf(out, " %6u %7.2fs\n", sup, rec->seconds);
    else fprintf(out, " %6s %8s\n", "-", "-");
  }
  uint64_t nf = simD_report_nfindings(r), ns = simD_report_nsuppressed(r);
  if (fprintf(out, "\nsimulee scan: %u file%s", nfiles, nfiles == 1 ? "" : "s") < 0) rc = -1;
  if (nfailed) fprintf(out, " (%u did not compile)", nfailed);
  fprintf(out, ", %u kernel%s: %u checked", nkern, nkern == 1 ? "" : "s",
          nstatus[SIMD_STATUS_CHECKED]);
  if (nstatus[SIMD_STATUS_TIMEOUT]) fprintf(out, ", %u timeout", nstatus[SIMD_STATUS_TIMEOUT]);
  if (nstatus[SIMD_STATUS_UNSUPPORTED])
    fprintf(out, ", %u unsupported", nstatus[SIMD_STATUS_UNSUPPORTED]);
  if (nstatus[SIMD_STATUS_ERROR]) fprintf(out, ", %u error", nstatus[SIMD_STATUS_ERROR]);
  if (nstatus[SIMD_STATUS_INCOMPLETE])
    fprintf(out, ", %u incomplete", nstatus[SIMD_STATUS_INCOMPLETE]);
  uint64_t ne = simD_report_nlevel(r, SIMD_LEVEL_ERROR),
           nw = simD_report_nlevel(r, SIMD_LEVEL_WARNING), nn = simD_report_nlevel(r, SIMD_LEVEL_NOTE);
  fprintf(out, "; %llu finding%s", (unsigned long long)nf, nf == 1 ? "" : "s");
  fprintf(out, ": %llu error%s, %llu warning%s", (unsigned long long)ne, ne == 1 ? "" : "s",
          (unsigned long long)nw, nw == 1 ? "" : "s");
  if (nn) fprintf(out, ", %llu note%s", (unsigned long long)nn, nn == 1 ? "" : "s");
  /* the notes recorded launches graded (scan --launches), by reason */
  unsigned long long nwhy[SIMD_NWHY] = {0}, nwhys = 0;
  for (unsigned w = 0; w < SIMD_NWHY; w++) nwhys += nwhy[w] = simD_report_nwhy(r, simD_whys[w]);
  if (nwhys) {
    const char *sep = " (";
    for (unsigned w = 0; w < SIMD_NWHY; w++)
      if (nwhy[w]) fprintf(out, "%s%llu %s", sep, nwhy[w], simD_whys[w]), sep = ", ";
    if (nwhys < nn) fprintf(out, ", %llu other", (unsigned long long)nn - nwhys);
    fprintf(out, ")");
  }
  if (ns) fprintf(out, " (%llu suppressed)", (unsigned long long)ns);
  if (secs >= 0) fprintf(out, " in %.1f s", secs);
  if (fprintf(out, "\n") < 0) rc = -1;
  return rc;
}

/* Text: diagnostics of the records (status lines of problems only, unless
 * verbose), notes, table. */
static int write_text(FILE *out, const simD_report *r, const simD_write_opts *wo,
                      const char *base, int quiet, double secs, unsigned nfiles,
                      unsigned nfailed) {
  int rc = 0;
  simD_write_opts q = *wo;
  q.quiet = 1;
  for (unsigned i = 0; i < r->n; i++)
    if (simD_write_text_record_at(out, &r->v[i], &q, base) < 0) rc = -1;
  if (simD_write_text_notes(out, r, wo, base) < 0) rc = -1;
  if (write_table(out, r, quiet, secs, nfiles, nfailed) < 0) rc = -1;
  if (fflush(out) != 0) rc = -1;
  return rc;
}

int simC_write_scan_report(FILE *out, const simD_report *r, simD_format f,
                           const simD_write_opts *wo, const char *base, int quiet,
                           double secs, unsigned nfiles, unsigned nfailed) {
  if (f == SIMD_FORMAT_TEXT)
    return write_text(out, r, wo, base, quiet, secs, nfiles, nfailed);
  return simD_report_write(out, r, f, wo);
}

/* ------------------------------------------------------------ options */

const char *simC_scan_usage(void) {
  return
"usage: simulee scan PATH [options]\n"
"       simulee scan [PATH] [options] --files F...\n"
"\n"
"Checks every CUDA kernel of a project with the automatic input search and\n"
"prints one report. PATH is a folder (every .cu file under it, headers through\n"
"their includes; hidden folders and build*/ folders are skipped), a\n"
"compile_commands.json (each entry's -I, -D, -U, -std, -include and target:\n"
"-arch, --cuda-gpu-arch, -gencode; --arch overrides) or one .cu file.\n"
"In a folder, a file listed in a compile_commands.json of the tree (or of a\n"
"build folder of it) takes that entry's flags (the nearest database); a CMake\n"
"project of the tree without one is configured first (--configure).\n"
"Without a database each file gets -I for its own folder, for every include/\n"
"folder of the tree and for the folders holding the headers it includes that\n"
"are found nowhere else (nearest first; --stats says which); a .cu file that\n"
"another one includes is checked through it; a file without kernels is a note.\n"
"A file whose text and project headers hold no `global` (__global__), `launch`\n"
"(cudaLaunchKernel) or launch chevrons is not compiled (a `no kernels` note).\n"
"Anything the bounds leave out makes the exit status at least 3.\n"
"\n"
"Scan options:\n"
"  -j N, --jobs N       worker threads (default: all cores); each kernel's search\n"
"                       runs on one thread, so the report does not depend on N\n"
"  --time-limit S       seconds per kernel (search and detection) and per clang\n"
"                       run (at least 5 s; default 300)\n"
"  --max-files N        scan at most N .cu files, the first in path order\n"
"                       (default 10000; 0 = none); a note counts the others\n"
"  --scan-time-limit S  stop starting files and kernels after S seconds in all\n"
"                       (default 3600; 0 = none); a note counts what was left\n"
"  --suppressions FILE  silence findings: lines `KINDS PATTERN` (see README.md)\n"
"  --shard K/N          check only the K-th of N deterministic parts of the\n"
"                       kernels (join the JSON reports with `simulee merge`)\n"
"  --files F...         of PATH's files (default PATH: .) check only these .cu\n"
"                       files, the words after --files up to the next option\n"
"                       (for pre-commit hooks: the changed files)\n"
"  --root DIR           report paths relative to DIR (default: PATH, or the\n"
"                       folder of the compile_commands.json)\n"
"  --kernel GLOB        only kernels whose name or symbol matches\n"
"  --configure=WHEN     yes (default): configure each CMake project of a folder\n"
"                       without a compile_commands.json (in a temporary build\n"
"                       folder, simulee as the CUDA toolkit) and scan with the\n"
"                       database CMake writes; configuring runs in a sandbox\n"
"                       (bubblewrap: no network, read-only files but the build\n"
"                       folder, no home; without one: not configured, a note);\n"
"                       no: never; keep: keep the build folder (its path in a\n"
"                       note); unsafe: without the sandbox (the tree's CMake\n"
"                       code runs unconfined: trusted trees only); unsafe,keep:\n"
"                       both\n"
"  --cmake-arg ARG      pass ARG to cmake when configuring (repeatable), e.g.\n"
"                       --cmake-arg -DUSE_FOO=ON\n"
"  --launches DIR       the launches `simulee run --record DIR` recorded are the\n"
"                       program's: they run as recorded (up to 16 a kernel)\n"
"                       and grade the search's findings: one they show stays,\n"
"                       another is an outside-program-launches note with its\n"
"                       reason (shape, scalar, buffers, kernel not launched);\n"
"                       their own findings are errors too\n"
"  --no-progress        no progress line on stderr\n"
"\n"
"Also: -I, -D, -O (added to every file), --grid, --block, --max-steps,\n"
"--warp-size, --warp-model (--its), --same-value-races, --fail-on, -v and the\n"
"search options of `simulee --help`.\n"
"\n"
"Output:\n"
"  --format F           text (default: diagnostics and a summary table), json\n"
"                       or sarif (one run, URIs relative to the root)\n"
"  -o FILE, --output FILE  write the report to FILE (with json or sarif, the text\n"
"                       report still goes to stdout)\n"
"  -q, --quiet          table: only kernels with findings or problems\n"
"\n"
"A source line with the comment `// simulee: ignore KIND[,KIND]` (or `all`;\n"
"KIND:GRADE, e.g. data-race:same-value, only findings of that grade), or that\n"
"comment alone on the line above, silences findings there. Suppressed\n"
"findings are counted and kept in JSON/SARIF, not printed as diagnostics.\n"
"\n"
"Exit status: 0 clean, 1 at least one (unsuppressed) error-level finding (see\n"
"--fail-on), 2 usage or input error, 3 none but something was not checked\n"
"(compile error, timeout, unsupported).\n";
}

/* Is argv word a this option, with its value joined (--opt=V) or next? */
static int take_opt(int argc, char **argv, int *i, const char *name, const char **val,
                    char *err, size_t errlen) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n)) return 0;
  if (a[n] == '=' && name[1] == '-') {
    *val = a + n + 1;
    return 1;
  }
  if (a[n] && name[1] != '-') { /* -j4 */
    *val = a + n;
    return 1;
  }
  if (a[n]) return 0;
  if (*i + 1 >= argc) {
    snprintf(err, errlen, "%s needs a value", name);
    return -1;
  }
  *val = argv[++*i];
  return 1;
}

typedef struct scan_args {
  const char *shard, *root;
  const char *max_files, *scan_time; /* --max-files, --scan-time-limit */
  const char **supps;
  unsigned nsupps;
  int no_progress;
  int files_given;     /* --files */
  const char **files;  /* the words after --files, up to the next option */
  unsigned nfiles;
  const char *configure; /* --configure=yes|no|keep */
  char **cmake_args;   /* --cmake-arg values */
  unsigned ncmake_args;
} scan_args;

/* Take the scan options out of argv; the others go to fwd for
 * simC_parse_options. */
static int split_args(int argc, char **argv, scan_args *sa, char **fwd, int *nfwd,
                      char *err, size_t errlen) {
  *nfwd = 0;
  fwd[(*nfwd)++] = "simulee";
  for (int i = 1; i < argc; i++) {
    const char *v = NULL;
    int r;
    if (!strcmp(argv[i], "--")) {
      while (i < argc) fwd[(*nfwd)++] = argv[i++];
      break;
    }
    if ((r = take_opt(argc, argv, &i, "--shard", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->shard = v;
    } else if ((r = take_opt(argc, argv, &i, "--max-files", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->max_files = v;
    } else if ((r = take_opt(argc, argv, &i, "--scan-time-limit", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->scan_time = v;
    } else if ((r = take_opt(argc, argv, &i, "--root", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->root = v;
    } else if ((r = take_opt(argc, argv, &i, "--suppressions", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->supps[sa->nsupps++] = v;
    } else if ((r = take_opt(argc, argv, &i, "--configure", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->configure = v;
    } else if ((r = take_opt(argc, argv, &i, "--cmake-arg", &v, err, errlen))) {
      if (r < 0) return -1;
      sa->cmake_args[sa->ncmake_args++] = (char *)v;
    } else if (!strcmp(argv[i], "--no-progress")) {
      sa->no_progress = 1;
    } else if (!strcmp(argv[i], "--files")) {
      sa->files_given = 1;
      while (i + 1 < argc && argv[i + 1][0] != '-') sa->files[sa->nfiles++] = argv[++i];
    } else {
      fwd[(*nfwd)++] = argv[i];
    }
  }
  fwd[*nfwd] = NULL;
  return 0;
}

/* The scan's command line without the options that do not change the
 * report's contents (--shard, -j, -o, --format, progress and colour), for
 * the JSON "command": shards of one scan, and the unsharded scan, agree on
 * it, and merge refuses shards that do not. Malloc'd. */
static char *result_command(int argc, char **argv) {
  static const char *const DROP_VAL[] = {"--shard", "-j", "--jobs", "-o", "--output",
                                         "--format", "--fail-on"};
  static const char *const DROP[] = {"--no-progress", "--quiet", "--no-color", "-v",
                                     "--verbose"};
  size_t len = 64;
  for (int i = 0; i < argc; i++) len += 4 * strlen(argv[i]) + 3;
  char *s = malloc(len);
  if (!s) return NULL;
  s[0] = 0;
  simC_shell_append(s, len, "simulee");
  simC_shell_append(s, len, "scan");
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int drop = 0;
    for (unsigned k = 0; k < sizeof DROP / sizeof DROP[0]; k++) drop |= !strcmp(a, DROP[k]);
    for (unsigned k = 0; k < sizeof DROP_VAL / sizeof DROP_VAL[0] && !drop; k++) {
      size_t n = strlen(DROP_VAL[k]);
      if (strncmp(a, DROP_VAL[k], n)) continue;
      if (!a[n]) {
        drop = 1;
        i++; /* and its value */
      } else if (a[n] == '=' || (DROP_VAL[k][1] != '-')) {
        drop = 1; /* --format=json, -j4, -oFILE */
      }
    }
    if (!drop) simC_shell_append(s, len, a);
  }
  return s;
}

static int parse_uint(const char *s, unsigned long max, unsigned *out) {
  if (!s || !isdigit((unsigned char)*s)) return -1;
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno || *end || v > max) return -1;
  *out = (unsigned)v;
  return 0;
}

static int use_color(FILE *f, const simC_options *o) {
  if (o->no_color || !isatty(fileno(f))) return 0;
  const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
  if (nc && *nc) return 0;
  return !(term && !strcmp(term, "dumb"));
}

int simC_scan_main(int argc, char **argv) {
  char err[1024];
  scan_args sa;
  memset(&sa, 0, sizeof sa);
  char **fwd = calloc((size_t)argc + 2, sizeof *fwd);
  sa.supps = calloc((size_t)argc + 1, sizeof *sa.supps);
  sa.files = calloc((size_t)argc + 1, sizeof *sa.files);
  sa.cmake_args = calloc((size_t)argc + 1, sizeof *sa.cmake_args);
  if (!fwd || !sa.supps || !sa.files || !sa.cmake_args) {
    free(fwd);
    free(sa.supps);
    free(sa.files);
    free(sa.cmake_args);
    scan_error("out of memory");
    return SIMC_EXIT_USAGE;
  }
  int nfwd = 0;
  simC_options o;
  memset(&o, 0, sizeof o);
  int parsed = 0;
  int rc = SIMC_EXIT_USAGE;
  scan sc;
  memset(&sc, 0, sizeof sc);
  simC_suppressions supp;
  simC_supp_init(&supp);
  FILE *out = stdout;
  pthread_mutex_init(&sc.mu, NULL);
  pthread_cond_init(&sc.cv, NULL);
  simD_report_init(&sc.rep);

  if (split_args(argc, argv, &sa, fwd, &nfwd, err, sizeof err) < 0 ||
      simC_parse_options(nfwd, fwd, &o, err, sizeof err) < 0) {
    scan_error("scan: %s", err);
    goto done;
  }
  parsed = 1;
  if (o.help) {
    fputs(simC_scan_usage(), stdout);
    rc = SIMC_EXIT_OK;
    goto done;
  }
  if (sa.files_given && !sa.nfiles) {
    scan_error("scan: --files needs at least one .cu file");
    goto done;
  }
  if (!o.file && !sa.files_given) {
    scan_error("scan: no PATH (usage: simulee scan PATH [options], see simulee scan --help)");
    goto done;
  }
  if (o.nargs || o.ndumps) {
    scan_error("scan: --arg and --dump name one kernel's parameters; use `simulee FILE "
               "--kernel K` for that");
    goto done;
  }
  sc.o = &o;
  sc.kernel_glob = o.kernel;
  scan_limits_t lim = {SIMC_SCAN_MAX_FILES, SIMC_SCAN_TIME_LIMIT};
  if (sa.max_files && parse_uint(sa.max_files, 100000000, &lim.max_files) < 0) {
    scan_error("scan: --max-files '%s': expected 0 (none) to 100000000 files", sa.max_files);
    goto done;
  }
  if (sa.scan_time) {
    char *end;
    errno = 0;
    double d = strtod(sa.scan_time, &end);
    if (!*sa.scan_time || *end || errno || !(d >= 0) || d > SIMC_MAX_TIME_LIMIT) {
      scan_error("scan: --scan-time-limit '%s': expected 0 (none) to %.0f seconds",
                 sa.scan_time, SIMC_MAX_TIME_LIMIT);
      goto done;
    }
    lim.time_limit = d;
  }
  sc.max_files = lim.max_files;
  sc.configure = 1;
  if (sa.configure) {
    /* no, yes, keep, unsafe, or unsafe and keep together (comma) */
    static const char *const VALS[] = {"no", "yes", "keep", "unsafe", "unsafe,keep",
                                       "keep,unsafe"};
    static const int CONF[] = {0, 1, 2, 1, 2, 2}, UNSAFE[] = {0, 0, 0, 1, 1, 1};
    sc.configure = -1;
    for (int k = 0; k < 6; k++)
      if (!strcmp(sa.configure, VALS[k])) sc.configure = CONF[k], sc.unsafe = UNSAFE[k];
    if (sc.configure < 0) {
      scan_error("scan: --configure '%s': expected yes, no, keep, unsafe or unsafe,keep",
                 sa.configure);
      goto done;
    }
  }
  sc.cmake_args = sa.cmake_args;
  sc.ncmake_args = sa.ncmake_args;
  if (lim.time_limit > 0) sc.configure_until = now_s() + lim.time_limit;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  sc.jobs = o.jobs ? o.jobs : ncpu > 0 ? (unsigned)ncpu : 1;
  if (sa.shard) {
    const char *slash = strchr(sa.shard, '/');
    char kbuf[32];
    size_t kl = slash ? (size_t)(slash - sa.shard) : 0;
    if (!slash || kl == 0 || kl >= sizeof kbuf) goto bad_shard;
    memcpy(kbuf, sa.shard, kl);
    kbuf[kl] = 0;
    if (parse_uint(kbuf, 1000000, &sc.shard) < 0 ||
        parse_uint(slash + 1, 1000000, &sc.nshards) < 0 || sc.nshards == 0 ||
        sc.shard == 0 || sc.shard > sc.nshards)
      goto bad_shard;
  }
  for (unsigned i = 0; i < sa.nsupps; i++)
    if (simC_supp_load(&supp, sa.supps[i], err, sizeof err) < 0) {
      scan_error("%s", err);
      goto done;
    }

  char cwdbuf[PATH_MAX];
  if (!getcwd(cwdbuf, sizeof cwdbuf)) {
    scan_error("scan: cannot get the working directory: %s", strerror(errno));
    goto done;
  }
  sc.cwd = simC_norm_path(cwdbuf);
  if (!sc.cwd) goto oom;
  int d = discover(&sc, o.file ? o.file : ".", sa.root);
  if (d == 0 && sa.files_given) d = keep_files(&sc, o.file ? o.file : ".", sa.files, sa.nfiles);
  if (d == -2) goto done;
  if (d < 0) goto oom;
  if (sc.ntu == 0 && !sc.nskipped) {
    scan_error("scan: %s: no .cu file to check", sa.files_given ? "--files" : o.file);
    goto done;
  }
  /* none left, but the walk skipped some: the report with their notes,
   * and not a clean scan (exit status 3) */
  if (sc.ntu == 0)
    simC_message("note", "%s: no .cu file to check: %u entr%s skipped (the notes say why)",
                 o.file ? o.file : ".", sc.nskipped, sc.nskipped == 1 ? "y" : "ies");
  /* report paths are relative to the root: printed as they are when the
   * root is the working directory (`scan .`, --files) */
  sc.root_shown = strcmp(sc.root, sc.cwd) ? shown(&sc, sc.root) : strdup("");
  sc.repo = simC_repo_root(sc.root);
  if (!sc.root_shown || !sc.repo) goto oom;
  sc.root_real = realpath(sc.root, NULL);
  sc.repo_real = realpath(sc.repo, NULL);
  for (unsigned i = 0; i < sc.ntu; i++) sc.tus[i].mine = in_shard(&sc, sc.tus[i].rel, "");
  /* files without a kernel or a launch are not compiled (a scan given one
   * .cu file compiles it) */
  struct stat pst;
  if (!(o.file && stat(o.file, &pst) == 0 && S_ISREG(pst.st_mode) && has_suffix(o.file, ".cu")) &&
      prefilter(&sc) < 0)
    goto oom;
  if (special_includes(&sc) < 0) goto oom;

  /* where the report goes (opened now: a bad -o is a usage error before
   * minutes of work) */
  if (o.output) {
    out = fopen(o.output, "w");
    if (!out) {
      scan_error("%s: %s", o.output, strerror(errno));
      out = stdout;
      goto done;
    }
  }

  sc.progress = !o.quiet && !sa.no_progress && isatty(2);
  sc.t0 = now_s();
  if (lim.time_limit > 0) sc.deadline = sc.t0 + lim.time_limit;
  unsigned nthreads = sc.jobs;
  pthread_t *th = calloc(nthreads, sizeof *th);
  if (!th) goto oom;
  unsigned started = 0;
  for (; started < nthreads; started++)
    if (pthread_create(&th[started], NULL, worker, &sc) != 0) break;
  if (started == 0) worker(&sc); /* no thread could start: do it here */
  for (unsigned i = 0; i < started; i++) pthread_join(th[i], NULL);
  free(th);
  double secs = now_s() - sc.t0;
  if (sc.progress) {
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
  }
  if (sc.oom) goto oom;
  if (sc.kernel_glob && !sc.glob_hits) {
    /* as in single-file mode: a typo in CI must not check nothing */
    scan_error("scan: --kernel '%s' matches no kernel of %s%s", sc.kernel_glob, o.file,
               sc.tus_failed ? " (some files did not compile)" : "");
    goto done;
  }

  if (left_out_notes(&sc, &lim) < 0) goto oom;
  if (replay_build_notes(&sc) < 0) goto oom;
  /* suppressions, canonical order */
  for (unsigned i = 0; i < sc.rep.n; i++)
    if (simC_supp_apply(&supp, sc.root, &sc.rep.v[i]) < 0) goto oom;
  if (!sc.nshards && !o.kernel && !sa.files_given)
    for (unsigned i = 0; i < supp.n; i++)
      if (!supp.v[i].used)
        simC_message("warning", "%s:%u: this suppression matched no finding",
                supp.path, supp.v[i].lineno);
  simD_report_sort(&sc.rep);
  simD_report_fold(&sc.rep); /* one finding per bug across kernels */
  if (simD_report_set_root(&sc.rep, sc.root) < 0) goto oom;
  char *cmd = result_command(argc, argv);
  if (!cmd || simD_report_set_command(&sc.rep, cmd) < 0) {
    free(cmd);
    goto oom;
  }
  free(cmd);
  sc.rep.shard = sc.shard;
  sc.rep.nshards = sc.nshards;

  /* source lines quoted only from files of the tree (2), not through a
   * link to a file elsewhere */
  simD_write_opts wo = {use_color(out, &o), o.quiet, 2, sc.root, o.verbose};
  errno = 0;
  int werr = simC_write_scan_report(out, &sc.rep, o.format, &wo, sc.root_shown, o.quiet, secs,
                                    sc.ntu, sc.tus_failed);
  int werrno = werr < 0 ? errno : 0; /* the first failure's reason and stream */
  const char *wname = o.output ? o.output : "stdout";
  if (o.format != SIMD_FORMAT_TEXT && o.output) {
    simD_write_opts two = {use_color(stdout, &o), o.quiet, 2, sc.root, o.verbose};
    if (simC_write_scan_report(stdout, &sc.rep, SIMD_FORMAT_TEXT, &two, sc.root_shown,
                               o.quiet, secs, sc.ntu, sc.tus_failed) < 0) {
      if (werr == 0) {
        werrno = errno;
        wname = "stdout";
      }
      werr = -1;
    }
  }
  if (werr < 0) {
    scan_error("%s: cannot write the report: %s", wname,
               werrno ? strerror(werrno) : "write error");
    goto done;
  }
  rc = simD_report_exit_status_at(&sc.rep, o.fail_on);
  /* something left out by a bound: not a clean scan */
  if (rc == SIMC_EXIT_OK && (sc.over_files || sc.late_files || sc.late_kernels ||
                             (!sc.ntu && sc.nskipped)))
    rc = SIMC_EXIT_INCOMPLETE;
  goto done;

bad_shard:
  scan_error("scan: --shard '%s': expected K/N with 1 <= K <= N", sa.shard);
  goto done;
oom:
  scan_error("out of memory");
  rc = SIMC_EXIT_USAGE;
done:
  if (out != stdout && fclose(out) != 0) {
    scan_error("%s: %s", o.output, strerror(errno));
    rc = SIMC_EXIT_USAGE;
  }
  for (unsigned i = 0; i < sc.ntu; i++) tu_free(&sc.tus[i]);
  free(sc.tus);
  for (unsigned i = 0; i < sc.nincs; i++) free(sc.incs[i]);
  free(sc.incs);
  for (unsigned i = 0; i < sc.nkj; i++)
    if (sc.kj[i].hints) {
      simC_hints_free(sc.kj[i].hints);
      free(sc.kj[i].hints);
    }
  free(sc.kj);
  tree_dbs_free(&sc);
  free(sc.cwd);
  free(sc.first_over);
  free(sc.repo);
  free(sc.root);
  free(sc.root_shown);
  free(sc.tree_real);
  free(sc.root_real);
  free(sc.repo_real);
  simD_report_free(&sc.rep);
  simC_supp_free(&supp);
  pthread_mutex_destroy(&sc.mu);
  pthread_cond_destroy(&sc.cv);
  if (parsed) simC_options_free(&o);
  free(fwd);
  free(sa.supps);
  free(sa.files);
  free(sa.cmake_args);
  return rc;
}
