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
 * The stages, one file each (scan_int.h is what they share): walking the
 * tree or reading a compilation database (scan_walk.c), configuring a
 * folder's CMake projects for their databases (scan_configure.c),
 * compiling and loading each file (scan_compile.c), checking the kernels
 * (scan_check.c) and the summary table (scan_table.c). This file holds the
 * options and the scan from start to end.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------- state */

void scan_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  simC_vmessage("error", fmt, ap);
  va_end(ap);
}

/* The path shown to people and given to clang: relative to the working
 * directory when under it. Malloc'd. */
char *scan_shown(const scan *sc, const char *abs) {
  if (under(sc->cwd, abs) && strcmp(sc->cwd, abs)) return rel_to(sc->cwd, abs);
  return strdup(abs);
}

/* Add a file (taking abs); unique: no check for a file listed twice (a
 * folder walk lists each once; a database may not). */
tu *scan_add_tu_at(scan *sc, char *abs, int unique) {
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

tu *scan_add_tu(scan *sc, char *abs) { return scan_add_tu_at(sc, abs, 0); }

int scan_tu_flag(tu *t, const char *a, const char *b) {
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

void scan_tu_free(tu *t) {
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
  if (lim.time_limit > 0) sc.configure_until = simU_now_s() + lim.time_limit;
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
  int d = scan_discover(&sc, o.file ? o.file : ".", sa.root);
  if (d == 0 && sa.files_given) d = scan_keep_files(&sc, o.file ? o.file : ".", sa.files, sa.nfiles);
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
  sc.root_shown = strcmp(sc.root, sc.cwd) ? scan_shown(&sc, sc.root) : strdup("");
  sc.repo = simC_repo_root(sc.root);
  if (!sc.root_shown || !sc.repo) goto oom;
  sc.root_real = realpath(sc.root, NULL);
  sc.repo_real = realpath(sc.repo, NULL);
  for (unsigned i = 0; i < sc.ntu; i++) sc.tus[i].mine = scan_in_shard(&sc, sc.tus[i].rel, "");
  /* files without a kernel or a launch are not compiled (a scan given one
   * .cu file compiles it) */
  struct stat pst;
  if (!(o.file && stat(o.file, &pst) == 0 && S_ISREG(pst.st_mode) && has_suffix(o.file, ".cu")) &&
      scan_prefilter(&sc) < 0)
    goto oom;
  if (scan_special_includes(&sc) < 0) goto oom;

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
  sc.t0 = simU_now_s();
  if (lim.time_limit > 0) sc.deadline = sc.t0 + lim.time_limit;
  scan_run(&sc);
  double secs = simU_now_s() - sc.t0;
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

  if (scan_left_out_notes(&sc, &lim) < 0) goto oom;
  if (scan_replay_build_notes(&sc) < 0) goto oom;
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
  for (unsigned i = 0; i < sc.ntu; i++) scan_tu_free(&sc.tus[i]);
  free(sc.tus);
  for (unsigned i = 0; i < sc.nincs; i++) free(sc.incs[i]);
  free(sc.incs);
  for (unsigned i = 0; i < sc.nkj; i++)
    if (sc.kj[i].hints) {
      simC_hints_free(sc.kj[i].hints);
      free(sc.kj[i].hints);
    }
  free(sc.kj);
  scan_tree_dbs_free(&sc);
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
  if (parsed) simC_options_free(&o);
  free(fwd);
  free(sa.supps);
  free(sa.files);
  free(sa.cmake_args);
  return rc;
}
