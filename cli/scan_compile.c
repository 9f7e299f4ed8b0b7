/*
 * simulee scan, stage 3: compiling and loading each file (device side, host
 * launch hints, bounds warnings), its file-level records and notes, and the
 * notes on kernel templates no launch instantiates.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

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
 * may be scan_shown (shareable_file) keeps only its location: its text may quote
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
double scan_time_left(const scan *sc, double limit) {
  if (sc->deadline <= 0) return limit;
  double left = sc->deadline - simU_now_s();
  if (left < 0.5) left = 0.5;
  return limit > 0 && limit < left ? limit : left;
}

static const char NO_KERNELS[] =
    "no kernels: the file's device code defines no __global__ function, nothing to check";

void scan_compile_tu(scan *sc, unsigned i) {
  tu *t = &sc->tus[i];
  if (t->bad_include) { /* it includes a device or a FIFO */
    pthread_mutex_lock(&sc->mu);
    file_record(sc, t, t->bad_include, SIMD_STATUS_ERROR);
    sc->tus_done++;
    scan_progress(sc, 0);
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  if (t->no_marker) { /* nothing to compile (prefilter) */
    pthread_mutex_lock(&sc->mu);
    if (t->mine && simD_report_add_note(&sc->rep, t->rel, 0, NO_KERNELS) < 0) sc->oom = 1;
    sc->tus_done++;
    scan_progress(sc, 0);
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  simC_options co = *sc->o;
  if (sc->deadline > 0) { /* clang stops at --scan-time-limit too */
    double own = co.time_limit > 0 && co.time_limit < SIMC_CLANG_MIN_TIME ? SIMC_CLANG_MIN_TIME
                                                                          : co.time_limit;
    co.clang_time_limit = scan_time_left(sc, own);
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
    if (sc->deadline > 0 && simU_now_s() >= sc->deadline - 0.05 && !strstr(msg, "memory"))
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
  scan_progress(sc, 0);
  pthread_mutex_unlock(&sc->mu);
  simD_report_free(&notes);
}
