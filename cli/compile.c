/*
 * simulee cli: compile a .cu file to NVPTX bitcode with clang-19 and our own
 * CUDA device headers (cuda/). The flags are the top CMakeLists.txt's
 * SIMULEE_CUDA_FLAGS; clang runs with fork/execvp (no shell) and its stderr
 * is read back so the first error line can be reported.
 *
 * Every child (clang, and the PCH builds) runs in a process group of its
 * own under an address-space limit (setrlimit in the child) and a wall-clock
 * deadline: past it the whole group is killed and the run is reported as
 * over the limit (simC_compile_finish returns -2). Children are reaped as
 * soon as they end, also those of other threads' jobs (reap_others).
 */
#define _GNU_SOURCE /* pipe2, mkstemps, mkdtemp */
#include <ctype.h>
#include <poll.h>
#include <sys/resource.h>
#include <time.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/version.h"

#ifndef SIMULEE_CUDA_DIR
#define SIMULEE_CUDA_DIR "cuda"
#endif

/* SIMULEE_CUDA_FLAGS may come from CMake as one '|'-separated string (the
 * list in the top CMakeLists.txt); without it, this copy of that list is
 * used. Keep the two in sync. */
#ifdef SIMULEE_CUDA_FLAGS
static const char *const CUDA_FLAGS_STR = SIMULEE_CUDA_FLAGS;
#else
static const char *const CUDA_FLAGS_STR =
    "-x|cuda|--cuda-device-only|-nocudainc|-nocudalib|--cuda-path=/nonexistent|"
    "--cuda-gpu-arch=sm_70|-Xclang|-target-feature|-Xclang|+ptx75|"
    "-Xclang|-fcuda-allow-variadic-functions|-Wno-unknown-cuda-version|-isystem|" SIMULEE_CUDA_DIR
    "|-include|cuda_runtime.h|-gline-tables-only|-fno-discard-value-names|-emit-llvm|-c";
#endif

/* Marker the child writes when exec fails, so it is told apart from clang. */
#define EXEC_FAILED "simulee-exec-failed: "

/* Seconds on the monotonic clock. */
static double mono_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The address-space limit of a clang child for options o: --mem-limit (the
 * default's RAM / 2) but at least SIMC_CLANG_MIN_MEM; 0 (none) with
 * --mem-limit 0. */
static uint64_t child_mem_limit(const simC_options *o) {
  if (!o || !o->mem_limit) return 0;
  return o->mem_limit < SIMC_CLANG_MIN_MEM ? SIMC_CLANG_MIN_MEM : o->mem_limit;
}

/* The seconds a clang run of options o may take (0 = no bound): the
 * scan's clang_time_limit when set, else --time-limit but at least
 * SIMC_CLANG_MIN_TIME (a simulation limit of 1 s must not fail compiles). */
static double clang_time_limit(const simC_options *o) {
  if (o->clang_time_limit > 0) return o->clang_time_limit;
  if (!(o->time_limit > 0)) return 0;
  return o->time_limit < SIMC_CLANG_MIN_TIME ? SIMC_CLANG_MIN_TIME : o->time_limit;
}

/* In the child, before exec: its own process group (so that a timeout kills
 * what it started too) and the limits. Async-signal-safe calls only. */
static void child_limits(uint64_t mem, double secs) {
  pid_t parent = getppid();
  setpgid(0, 0);
  /* a backstop: killed with simulee, also by SIGKILL (no orphan clang) */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);
  if (mem) {
    struct rlimit rl = {(rlim_t)mem, (rlim_t)mem};
    setrlimit(RLIMIT_AS, &rl);
  }
  if (secs > 0 && secs < 1e9) { /* CPU time: a backstop if the parent dies */
    rlim_t c = (rlim_t)secs + 2;
    struct rlimit rl = {c, c + 1};
    setrlimit(RLIMIT_CPU, &rl);
  }
}

/* Running children of every thread's jobs, reaped by whichever thread waits
 * first (a finished host-side clang is not left a zombie while the device
 * side runs on). */
#define MAX_KIDS 256
static struct kid {
  pid_t pid;  /* 0: free slot */
  int done;   /* reaped: status holds its wait status */
  int status;
} kids[MAX_KIDS];
static pthread_mutex_t kids_mu = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t stopping; /* simC_kill_children was called */

static void kid_add(pid_t pid) {
  pthread_mutex_lock(&kids_mu);
  for (unsigned i = 0; i < MAX_KIDS; i++)
    if (!kids[i].pid) {
      kids[i].pid = pid;
      kids[i].done = 0;
      break;
    }
  pthread_mutex_unlock(&kids_mu);
}

/* Reap the registered children that have ended (status kept for their
 * owner). Call with kids_mu held. */
static void reap_others_locked(void) {
  for (unsigned i = 0; i < MAX_KIDS; i++) {
    int st;
    if (kids[i].pid && !kids[i].done && waitpid(kids[i].pid, &st, WNOHANG) == kids[i].pid) {
      kids[i].done = 1;
      kids[i].status = st;
    }
  }
}

/* Has child pid ended? 1 with its wait status in *st (and it is reaped and
 * unregistered), else 0. */
static int kid_try(pid_t pid, int *st) {
  int got = 0;
  pthread_mutex_lock(&kids_mu);
  reap_others_locked();
  unsigned i = 0;
  while (i < MAX_KIDS && kids[i].pid != pid) i++;
  if (i < MAX_KIDS) {
    if (kids[i].done) {
      *st = kids[i].status;
      kids[i].pid = 0;
      got = 1;
    }
  } else { /* not registered (the table was full) */
    pid_t r;
    while ((r = waitpid(pid, st, WNOHANG)) < 0 && errno == EINTR) {
    }
    got = r == pid || (r < 0 && errno == ECHILD);
  }
  pthread_mutex_unlock(&kids_mu);
  return got;
}

/* Kill child pid's process group and reap it. */
static int kid_kill(pid_t pid) {
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  int st = 0;
  while (!kid_try(pid, &st)) {
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  return st;
}

/* Wait for child pid (its output already read) until deadline (monotonic
 * seconds, 0 = none). Returns 0 with its wait status in *st, or -1 when
 * the deadline passed (the group is then killed and reaped). */
static int kid_wait(pid_t pid, double deadline, int *st) {
  for (long spins = 0;; spins++) {
    if (kid_try(pid, st)) return 0;
    if ((deadline > 0 && mono_now() >= deadline) || stopping) {
      *st = kid_kill(pid);
      return -1;
    }
    struct timespec ts = {0, spins < 50 ? 1000000 : 10000000};
    nanosleep(&ts, NULL);
  }
}

static const char *env_or(const char *name, const char *def) {
  const char *v = getenv(name);
  return v && *v ? v : def;
}

/* First line of text that is clang's error message ("FILE:L:C: error: ...",
 * "error: ...", "... fatal error: ..."; not the quoted source line under a
 * warning that contains the word), else the first line containing "error:",
 * else the first non-empty line. */
static void first_error_line(const char *text, char *out, size_t len) {
  const char *best = NULL, *loose = NULL, *first = NULL;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n && !first) first = p;
    const char *hit = strstr(p, "error:");
    if (hit && hit < p + n) {
      int msg = hit == p || (hit >= p + 2 && hit[-1] == ' ' && hit[-2] == ':') ||
                (hit >= p + 8 && !strncmp(hit - 6, "fatal ", 6));
      if (msg) {
        best = p;
        break;
      }
      if (!loose) loose = p;
    }
    p += n + (e ? 1 : 0);
  }
  const char *s = best ? best : loose ? loose : first;
  if (!s) {
    out[0] = 0;
    return;
  }
  size_t n = strcspn(s, "\n");
  if (n >= len) n = len - 1;
  memcpy(out, s, n);
  out[n] = 0;
}

void simC_blank_code(char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') s[i++] = ' ';
    } else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
      s[i] = s[i + 1] = ' ';
      for (i += 2; i < n && !(s[i] == '*' && i + 1 < n && s[i + 1] == '/'); i++)
        if (s[i] != '\n') s[i] = ' ';
      if (i < n) s[i] = s[i + 1] = ' ', i++;
    } else if (s[i] == '"' || s[i] == '\'') {
      char q = s[i];
      for (i++; i < n && s[i] != q && s[i] != '\n'; i++) {
        if (s[i] == '\\' && i + 1 < n) s[i++] = ' ';
        s[i] = ' ';
      }
    }
  }
}

static int ident_ch(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* At code[i]: three c's (ccc) or two, blanks (spaces, tabs), one (cc c), not
 * followed by another c. Returns the length of the token run, 0 if none. */
static size_t triple_at(const char *code, size_t i, size_t n, char c) {
  if (i + 2 >= n || code[i] != c || code[i + 1] != c || (i > 0 && code[i - 1] == c)) return 0;
  size_t j = i + 2;
  while (j < n && (code[j] == ' ' || code[j] == '\t')) j++;
  if (j >= n || code[j] != c || (j + 1 < n && (code[j + 1] == c || code[j + 1] == '=')))
    return 0;
  return j + 1 - i;
}

/* A NUL-terminated copy of src's n bytes with comments and literals
 * blanked (simC_blank_code), or NULL when out of memory; the caller frees
 * it. */
static char *blanked_copy(const char *src, size_t n) {
  char *code = malloc(n + 1);
  if (!code) return NULL;
  memcpy(code, src, n);
  code[n] = 0;
  simC_blank_code(code, n);
  return code;
}

size_t simC_rewrite_chevrons(char *src, size_t n) {
  char *code = blanked_copy(src, n);
  if (!code) return 0;
  size_t changed = 0;
  for (size_t i = 0; i < n; i++) {
    size_t ol = triple_at(code, i, n, '<');
    if (!ol) continue;
    /* not `operator<< <T>(...)` (an explicit template argument list) */
    size_t k = i;
    while (k > 0 && isspace((unsigned char)code[k - 1])) k--;
    if (k >= 8 && !strncmp(code + k - 8, "operator", 8) && (k == 8 || !ident_ch(code[k - 9])))
      continue;
    /* the closing >>> of the launch: at bracket depth 0, before ; { }, and
     * followed by the argument list */
    int depth = 0;
    size_t m = i + ol, cl = 0;
    for (; m < n; m++) {
      char c = code[m];
      if (c == '(' || c == '[') depth++;
      else if ((c == ')' || c == ']') && --depth < 0) break;
      else if (c == ';' || c == '{' || c == '}') break;
      else if (depth == 0 && (cl = triple_at(code, m, n, '>'))) break;
    }
    if (!cl) continue;
    size_t a = m + cl;
    while (a < n && isspace((unsigned char)code[a])) a++;
    if (a >= n || code[a] != '(') continue;
    /* "<< <" -> "<<< " and ">> >" -> ">>> ": the same columns after */
    if (ol > 3) {
      src[i + 2] = '<';
      memset(src + i + 3, ' ', ol - 3);
      changed++;
    }
    if (cl > 3) {
      src[m + 2] = '>';
      memset(src + m + 3, ' ', cl - 3);
      changed++;
    }
    i = m + cl - 1;
  }
  free(code);
  return changed;
}

/* PTX special registers that nvcc's inline asm accepts with one '%' in an
 * asm statement with operands (clang wants "%%"): "%globaltimer" and co. */
static size_t sreg_name_len(const char *p, const char *end) {
  static const char *const names[] = {
      "globaltimer_lo", "globaltimer_hi", "globaltimer", "clock64", "clock_hi", "clock",
      "smid", "nsmid", "warpid", "nwarpid", "laneid", "lanemask_eq", "lanemask_le",
      "lanemask_lt", "lanemask_ge", "lanemask_gt", "gridid", "ntid", "nctaid", "ctaid",
      "tid", "dynamic_smem_size", "total_smem_size", "aggr_smem_size", "envreg",
      "warpsize", "is_explicit_cluster", "clusterid", "nclusterid", "cluster_ctaid",
      "cluster_nctaid", "cluster_ctarank", "cluster_nctarank", "pm"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    size_t l = strlen(names[k]);
    if ((size_t)(end - p) < l || strncmp(p, names[k], l)) continue;
    size_t m = l;
    while (p + m < end && isdigit((unsigned char)p[m])) m++; /* %envreg3, %pm0 */
    if (p + m < end && (ident_ch(p[m]) && p[m] != '.')) continue; /* a longer name */
    return l;
  }
  return 0;
}

/* *text (*len bytes) with c inserted before each of its offsets at[0..nat)
 * (ascending; at is freed): the number inserted, 0 when none or out of
 * memory (then *text is unchanged). */
static size_t insert_before(char **text, size_t *len, size_t *at, size_t nat, char c) {
  const char *src = *text;
  size_t n = *len;
  char *out = nat ? malloc(n + nat + 1) : NULL;
  if (!out) {
    free(at);
    return 0;
  }
  size_t o = 0, a = 0;
  for (size_t i = 0; i < n; i++) {
    if (a < nat && at[a] == i) out[o++] = c, a++;
    out[o++] = src[i];
  }
  out[o] = 0;
  free(at);
  free(*text);
  *text = out;
  *len = o;
  return nat;
}

/* The end of the C string literal starting at src[i] ('"'), past the quote. */
static size_t string_end(const char *src, size_t i, size_t n) {
  for (i++; i < n && src[i] != '"' && src[i] != '\n'; i++)
    if (src[i] == '\\' && i + 1 < n) i++;
  return i < n ? i + 1 : n;
}

size_t simC_rewrite_asm_percent(char **text, size_t *len) {
  char *src = *text;
  size_t n = *len;
  char *code = blanked_copy(src, n); /* comments and literals blanked: find the asm keywords */
  if (!code) return 0;
  /* positions of '%' to double */
  size_t *at = NULL, nat = 0, cap = 0;
  for (size_t i = 0; i < n; i++) {
    if (!(code[i] == 'a' || code[i] == '_') || (i > 0 && ident_ch(code[i - 1]))) continue;
    size_t k = i;
    while (k < n && ident_ch(code[k])) k++;
    if (!((k - i == 3 && !strncmp(code + i, "asm", 3)) ||
          (k - i == 5 && !strncmp(code + i, "__asm", 5)) ||
          (k - i == 7 && !strncmp(code + i, "__asm__", 7))))
      continue;
    /* qualifiers, then '(' */
    for (;;) {
      while (k < n && isspace((unsigned char)code[k])) k++;
      size_t q = k;
      while (q < n && ident_ch(code[q])) q++;
      if (q == k) break;
      k = q;
    }
    if (k >= n || code[k] != '(') continue;
    /* the string literals (concatenated), then ':' when it has operands */
    size_t first = k + 1, j = first;
    for (;;) {
      while (j < n && isspace((unsigned char)src[j])) j++;
      if (j < n && src[j] == '"') j = string_end(src, j, n);
      else break;
    }
    while (j < n && isspace((unsigned char)src[j])) j++;
    if (j >= n || src[j] != ':') {
      i = k;
      continue;
    }
    for (size_t p = first; p < j; p++) {
      if (src[p] == '"') { /* inside one literal */
        size_t e = string_end(src, p, n);
        for (size_t c = p + 1; c + 1 < e; c++) {
          if (src[c] != '%') continue;
          if (src[c + 1] == '%') { c++; continue; }
          if (sreg_name_len(src + c + 1, src + e - 1)) {
            if (nat == cap) {
              size_t *t = realloc(at, (cap = cap ? 2 * cap : 16) * sizeof *at);
              if (!t) { free(at); free(code); return 0; }
              at = t;
            }
            at[nat++] = c;
          }
        }
        p = e - 1;
      }
    }
    i = j;
  }
  free(code);
  return insert_before(text, len, at, nat, '%');
}

/* ------------------------------------------- more of nvcc's spellings */

/* The identifier at code[i] (not inside a longer one): its length, 0 if
 * none. */
static size_t ident_at(const char *code, size_t i, size_t n) {
  if (i >= n || !ident_ch(code[i]) || isdigit((unsigned char)code[i]) ||
      (i > 0 && ident_ch(code[i - 1])))
    return 0;
  size_t k = i;
  while (k < n && ident_ch(code[k])) k++;
  return k - i;
}

/* The end of the balanced (...) opening at code[i], past ')'; 0 if none. */
static size_t parens_end(const char *code, size_t i, size_t n) {
  int depth = 0;
  for (size_t k = i; k < n; k++) {
    if (code[k] == '(') depth++;
    else if (code[k] == ')' && --depth == 0) return k + 1;
    else if (code[k] == ';' || code[k] == '{' || code[k] == '}') return 0;
  }
  return 0;
}

size_t simC_rewrite_alignas(char *src, size_t n) {
  char *code = blanked_copy(src, n);
  if (!code) return 0;
  static const char *const spaces[] = {"__shared__", "__device__", "__constant__",
                                       "__managed__"};
  size_t changed = 0;
  for (size_t i = 0; i < n; i++) {
    size_t l = ident_at(code, i, n), q = 0;
    for (size_t s = 0; l && s < sizeof spaces / sizeof *spaces && !q; s++)
      if (l == strlen(spaces[s]) && !strncmp(code + i, spaces[s], l)) q = l;
    if (!q) continue;
    size_t a = i + q;
    while (a < n && isspace((unsigned char)code[a])) a++;
    size_t al = ident_at(code, a, n);
    if (al != 7 || strncmp(code + a, "alignas", 7)) continue;
    size_t p = a + 7;
    while (p < n && isspace((unsigned char)code[p])) p++;
    size_t e = p < n && code[p] == '(' ? parens_end(code, p, n) : 0;
    if (!e) continue;
    /* "Q  alignas(X)" -> "alignas(X)  Q": the same bytes, the same line */
    size_t ql = q, gap = a - (i + q), spec = e - a;
    char *tmp = malloc(e - i);
    if (!tmp) break;
    memcpy(tmp, src + a, spec);
    memcpy(tmp + spec, src + i + ql, gap);
    memcpy(tmp + spec + gap, src + i, ql);
    memcpy(src + i, tmp, e - i);
    free(tmp);
    changed++;
    i = e - 1;
  }
  free(code);
  return changed;
}

size_t simC_rewrite_asm_commas(char **text, size_t *len) {
  char *src = *text;
  size_t n = *len;
  char *code = blanked_copy(src, n);
  if (!code) return 0;
  size_t *at = NULL, nat = 0, cap = 0;
  for (size_t i = 0; i < n; i++) {
    size_t l = ident_at(code, i, n);
    if (!((l == 3 && !strncmp(code + i, "asm", 3)) || (l == 5 && !strncmp(code + i, "__asm", 5)) ||
          (l == 7 && !strncmp(code + i, "__asm__", 7))))
      continue;
    size_t k = i + l;
    for (;;) { /* qualifiers (volatile, goto, inline) */
      while (k < n && isspace((unsigned char)code[k])) k++;
      size_t ql = ident_at(code, k, n);
      if (!ql) break;
      k += ql;
    }
    size_t e = k < n && code[k] == '(' ? parens_end(code, k, n) : 0;
    if (!e) continue;
    /* in the operand lists (after the first ':'), at depth 1: `)` then
     * blanks then `"` is an operand that follows another without its comma */
    int depth = 0, lists = 0;
    for (size_t p = k; p < e; p++) {
      char c = src[p];
      if (c == '"') {
        p = string_end(src, p, n) - 1;
        continue;
      }
      if (c == '(' || c == '[') depth++;
      else if (c == ')' || c == ']') {
        depth--;
        if (depth == 1 && c == ')' && lists) {
          size_t q = p + 1;
          while (q < e && isspace((unsigned char)src[q])) q++;
          if (q < e && src[q] == '"') {
            if (nat == cap) {
              size_t *t = realloc(at, (cap = cap ? 2 * cap : 8) * sizeof *at);
              if (!t) { free(at); free(code); return 0; }
              at = t;
            }
            at[nat++] = p + 1;
          }
        }
      } else if (c == ':' && depth == 1) {
        lists++;
      }
    }
    i = e - 1;
  }
  free(code);
  return insert_before(text, len, at, nat, ',');
}

size_t simC_respell(char **text, size_t *len) {
  size_t k = simC_rewrite_chevrons(*text, *len) + simC_rewrite_alignas(*text, *len);
  k += simC_rewrite_asm_percent(text, len);
  return k + simC_rewrite_asm_commas(text, len);
}

/* ---------------------------------------------- device-side launches */

/* Start of the callee expression that ends just before `end` (the launch's
 * `<<<`): identifiers, `::` and template argument lists, blanks between. */
static size_t callee_start(const char *code, size_t end) {
  size_t i = end;
  for (;;) {
    size_t k = i;
    while (k > 0 && isspace((unsigned char)code[k - 1])) k--;
    if (k > 0 && code[k - 1] == '>') { /* a template argument list */
      int depth = 0;
      size_t q = k;
      while (q > 0) {
        char c = code[--q];
        if (c == '>') depth++;
        else if (c == '<' && --depth == 0) break;
        else if (c == ';' || c == '{' || c == '}') return i;
      }
      if (depth) return i;
      k = q;
      while (k > 0 && isspace((unsigned char)code[k - 1])) k--;
    }
    size_t id = k;
    while (id > 0 && ident_ch(code[id - 1])) id--;
    if (id == k) return i;
    i = id;
    size_t c = i;
    while (c > 0 && isspace((unsigned char)code[c - 1])) c--;
    if (c >= 2 && code[c - 1] == ':' && code[c - 2] == ':') {
      i = c - 2;
      continue;
    }
    return i;
  }
}

long simC_rewrite_device_launches(const char *src, size_t n, const size_t *offs,
                                  unsigned noffs, int deduce, char **out, size_t *outn) {
  *out = NULL;
  *outn = 0;
  char *code = blanked_copy(src, n);
  if (!code) return -1;
  /* each launch: [start, end) replaced by "__sim_dp_launch<&CALLEE>(CONFIG)";
   * deduce: by the probe (see below), the arguments [ap, ae) */
  size_t *st = calloc(noffs + 1, sizeof *st), *lt = calloc(noffs + 1, sizeof *lt),
         *gt = calloc(noffs + 1, sizeof *gt), *ae = calloc(noffs + 1, sizeof *ae);
  unsigned nl = 0;
  long rc = 0;
  if (!st || !lt || !gt || !ae) { rc = -1; goto done; }
  for (unsigned q = 0; q < noffs; q++) {
    size_t o = offs[q];
    if (o >= n) continue;
    /* from the diagnosed callee (or the <<< itself) forward to the <<< */
    size_t i = o;
    int depth = 0;
    while (i < n) {
      if (!depth && i + 2 < n && code[i] == '<' && code[i + 1] == '<' && code[i + 2] == '<') break;
      char c = code[i];
      if (c == '<') depth++;
      else if (c == '>' && depth) depth--;
      else if (!(ident_ch(c) || c == ':' || isspace((unsigned char)c) || depth)) break;
      i++;
    }
    if (i + 2 >= n || strncmp(code + i, "<<<", 3)) continue;
    size_t l3 = i;
    int dup = 0;
    for (unsigned k = 0; k < nl; k++) dup |= lt[k] == l3;
    if (dup) continue;
    size_t s0 = callee_start(code, l3);
    if (s0 == l3) continue;
    /* the matching >>> at bracket depth 0 */
    size_t m = l3 + 3;
    depth = 0;
    for (; m + 2 < n; m++) {
      char c = code[m];
      if (c == '(' || c == '[' || c == '{') depth++;
      else if ((c == ')' || c == ']' || c == '}') && --depth < 0) break;
      else if (!depth && c == ';') break;
      else if (!depth && c == '>' && code[m + 1] == '>' && code[m + 2] == '>') break;
    }
    if (m + 2 >= n || strncmp(code + m, ">>>", 3) || depth) continue;
    size_t a = m + 3;
    while (a < n && isspace((unsigned char)code[a])) a++;
    if (a >= n || code[a] != '(') continue;
    /* the argument list's closing parenthesis */
    size_t c = a + 1;
    depth = 0;
    for (; c < n; c++) {
      char ch = code[c];
      if (ch == '(' || ch == '[' || ch == '{') depth++;
      else if ((ch == ')' || ch == ']' || ch == '}') && --depth < 0) break;
    }
    if (c >= n || code[c] != ')') continue;
    ae[nl] = c;
    st[nl] = s0;
    lt[nl] = l3;
    gt[nl] = m;
    nl++;
  }
  if (!nl) goto done;
  /* in source order */
  for (unsigned x = 1; x < nl; x++)
    for (unsigned y = x; y > 0 && st[y - 1] > st[y]; y--) {
      size_t t;
      t = st[y]; st[y] = st[y - 1]; st[y - 1] = t;
      t = lt[y]; lt[y] = lt[y - 1]; lt[y - 1] = t;
      t = gt[y]; gt[y] = gt[y - 1]; gt[y - 1] = t;
      t = ae[y]; ae[y] = ae[y - 1]; ae[y - 1] = t;
    }
  /* deduce: CALLEE<<<CONFIG>>>(ARGS) becomes one statement expression,
   *   __extension__({ struct __sim_dp_q { static constexpr auto get() ->
   *   decltype(__sim_dp_pick<decltype(__sim_dp_types(ARGS'))>{}(&CALLEE, __sim_dp_best{}))
   *   { return &CALLEE; } }; __sim_dp_launch_q<__sim_dp_q>(CONFIG)(ARGS); })
   * (cuda/simulee_dp.h: the kernel a launch of a template or overloaded
   * kernel names, as clang resolves it); ARGS' is ARGS with its newlines
   * made blanks, so lines stay where they were */
  size_t cap = n + 1, len = 0, from = 0;
  for (unsigned k = 0; k < nl; k++)
    cap += 40 + (deduce ? 260 + 2 * (lt[k] - st[k]) + (ae[k] - gt[k]) : 0);
  char *o = malloc(cap);
  if (!o) { rc = -1; goto done; }
  for (unsigned k = 0; k < nl; k++) {
    if (st[k] < from) continue; /* nested in an earlier one's configuration */
    memcpy(o + len, src + from, st[k] - from);
    len += st[k] - from;
    size_t ce = lt[k];
    while (ce > st[k] && isspace((unsigned char)src[ce - 1])) ce--;
    size_t ap = gt[k] + 3;
    while (src[ap] != '(') ap++;
    if (deduce) {
      len += (size_t)sprintf(o + len, "__extension__({ struct __sim_dp_q { static constexpr auto "
                                      "get() -> decltype(__sim_dp_pick<decltype(__sim_dp_types(");
      /* comments blanked (the copy's), literals as they are */
      char lit = 0;
      for (size_t q = ap + 1; q < ae[k]; q++) {
        char ch = lit ? src[q] : code[q];
        if (code[q] == '"' || code[q] == '\'') lit = lit == code[q] ? 0 : lit ? lit : code[q];
        o[len++] = ch == '\n' ? ' ' : ch;
      }
      len += (size_t)sprintf(o + len, "))>{}(&");
      memcpy(o + len, src + st[k], ce - st[k]);
      len += ce - st[k];
      len += (size_t)sprintf(o + len, ", __sim_dp_best{})) { return &");
      memcpy(o + len, src + st[k], ce - st[k]);
      len += ce - st[k];
      len += (size_t)sprintf(o + len, "; } }; __sim_dp_launch_q<__sim_dp_q>(");
    } else {
      len += (size_t)sprintf(o + len, "__sim_dp_launch<&");
      memcpy(o + len, src + st[k], ce - st[k]);
      len += ce - st[k];
      o[len++] = '>';
      o[len++] = '(';
    }
    memcpy(o + len, src + lt[k] + 3, gt[k] - lt[k] - 3);
    len += gt[k] - lt[k] - 3;
    o[len++] = ')';
    from = gt[k] + 3;
    if (deduce) {
      memcpy(o + len, src + from, ae[k] + 1 - from);
      len += ae[k] + 1 - from;
      len += (size_t)sprintf(o + len, "; })");
      from = ae[k] + 1;
    }
    rc++;
  }
  memcpy(o + len, src + from, n - from);
  len += n - from;
  o[len] = 0;
  *out = o;
  *outn = len;
done:
  free(code);
  free(st);
  free(lt);
  free(gt);
  free(ae);
  return rc;
}

/* Read a file whole (at most 64 MiB). Malloc'd with a NUL after, length in
 * *n; NULL if unreadable or out of memory. */
static char *read_all(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 65536, len = 0;
  char *s = malloc(cap);
  for (size_t r; s && (r = fread(s + len, 1, cap - len - 1, f)) > 0;) {
    len += r;
    if (len + 1 == cap) {
      char *ns = cap < ((size_t)64 << 20) ? realloc(s, cap *= 2) : NULL;
      if (!ns) free(s);
      s = ns;
    }
  }
  fclose(f);
  if (s) s[len] = 0;
  *n = len;
  return s;
}

/* Remove the copies of prepare_source, if any. */
static void drop_source(simC_compile_job *j) {
  if (j->tmpdir[0]) {
    DIR *d = opendir(j->tmpdir);
    for (struct dirent *e; d && (e = readdir(d));) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char p[8300];
      snprintf(p, sizeof p, "%s/%s", j->tmpdir, e->d_name);
      unlink(p);
    }
    if (d) closedir(d);
    rmdir(j->tmpdir);
  }
  j->tmpdir[0] = j->src[0] = j->overlay[0] = j->qdir[0] = 0;
  free(j->diag);
  j->diag = NULL;
}

/* Write head (may be NULL) and n bytes of text to path. Returns 0 or -1
 * (errno set). */
static int write_file(const char *path, const char *head, const char *text, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  int ok = (!head || fputs(head, f) >= 0) && fwrite(text, 1, n, f) == n;
  return fclose(f) == 0 && ok ? 0 : -1;
}

/* s as the inside of a C or JSON string (quotes and backslashes escaped)
 * into out[len]. */
static void str_esc(const char *s, char *out, size_t len) {
  size_t o = 0;
  for (; *s && o + 3 < len; s++) {
    if (*s == '"' || *s == '\\') out[o++] = '\\';
    out[o++] = *s;
  }
  out[o] = 0;
}

static int cmp_path(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Make the temporary folder dir (a mkdtemp template) unless *made. */
static int make_dir(char *dir, int *made, char *err, size_t errlen) {
  if (*made) return 0;
  if (!mkdtemp(dir)) {
    snprintf(err, errlen, "cannot create a temporary folder %s: %s", dir, strerror(errno));
    return -1;
  }
  *made = 1;
  return 0;
}

/* The project headers of j->path (simC_project_headers with its -I flags)
 * that have spaced chevrons, rewritten into dir/h<N>, with an overlay file
 * (clang's -ivfsoverlay) that shows them to clang under their own names:
 * j->overlay, "" when no header needs one. Returns 0 or -1 (why in err). */
static int prepare_headers(simC_compile_job *j, char *dir, int *made, char *err,
                           size_t errlen) {
  j->overlay[0] = 0;
  char cwdbuf[4096];
  if (!getcwd(cwdbuf, sizeof cwdbuf)) return 0; /* no overlay: clang says what fails */
  char *cwd = simC_norm_path(cwdbuf), *abs = cwd ? simC_join_path(cwd, j->path) : NULL;
  char **idirs = calloc(j->o->ncflags + 1, sizeof *idirs), **hdrs = NULL;
  unsigned ni = 0, nh = 0, ncopies = 0;
  int rc = 0;
  FILE *ov = NULL;
  const char *open_dir = NULL;
  size_t open_len = 0;
  if (!abs || !idirs) goto oom;
  for (unsigned i = 0; i < j->o->ncflags; i++)
    if (!strncmp(j->o->cflags[i], "-I", 2) &&
        !(idirs[ni++] = simC_join_path(cwd, j->o->cflags[i] + 2)))
      goto oom;
  if (simC_project_headers(abs, idirs, ni, &hdrs, &nh) < 0) goto oom;
  if (nh > 1) qsort(hdrs, nh, sizeof *hdrs, cmp_path); /* one overlay folder entry per folder */
  for (unsigned i = 0; i < nh && rc == 0; i++) {
    size_t n = 0;
    char *text = read_all(hdrs[i], &n);
    size_t respelled = text ? simC_respell(&text, &n) : 0;
    if (!text || !respelled) {
      free(text);
      continue;
    }
    char copy[4200], e1[8192], e2[8192];
    if (make_dir(dir, made, err, errlen) < 0) {
      rc = -1;
    } else if (!ov) {
      snprintf(j->overlay, sizeof j->overlay, "%s/overlay.yaml", dir);
      if (!(ov = fopen(j->overlay, "wb"))) {
        snprintf(err, errlen, "cannot write %s: %s", j->overlay, strerror(errno));
        rc = -1;
      } else {
        fputs("{\"version\": 0, \"use-external-names\": false, \"roots\": [", ov);
      }
    }
    if (rc == 0) {
      snprintf(copy, sizeof copy, "%s/h%u", dir, ncopies++);
      if (write_file(copy, NULL, text, n) < 0) {
        snprintf(err, errlen, "cannot write %s: %s", copy, strerror(errno));
        rc = -1;
      }
    }
    free(text);
    if (rc < 0) break;
    const char *slash = strrchr(hdrs[i], '/');
    size_t dl = (size_t)(slash - hdrs[i]);
    if (!open_dir || dl != open_len || strncmp(open_dir, hdrs[i], dl)) {
      char d[4096];
      snprintf(d, sizeof d, "%.*s", (int)(dl ? dl : 1), dl ? hdrs[i] : "/");
      str_esc(d, e1, sizeof e1);
      fprintf(ov, "%s{\"type\": \"directory\", \"name\": \"%s\", \"contents\": [",
              open_dir ? "]}, " : "", e1);
      open_dir = hdrs[i];
      open_len = dl;
    } else {
      fputs(", ", ov);
    }
    str_esc(slash + 1, e1, sizeof e1);
    str_esc(copy, e2, sizeof e2);
    fprintf(ov, "{\"type\": \"file\", \"name\": \"%s\", \"external-contents\": \"%s\"}", e1, e2);
  }
  if (ov) {
    fputs(open_dir ? "]}]}\n" : "]}\n", ov);
    if (fclose(ov) != 0 && rc == 0) {
      snprintf(err, errlen, "cannot write %s", j->overlay);
      rc = -1;
    }
  }
  if (rc < 0) j->overlay[0] = 0;
  goto done;
oom:
  snprintf(err, errlen, "out of memory");
  rc = -1;
done:
  for (unsigned i = 0; i < nh; i++) free(hdrs[i]);
  free(hdrs);
  for (unsigned i = 0; i < ni; i++) free(idirs[i]);
  free(idirs);
  free(abs);
  free(cwd);
  return rc;
}

/* nvcc spellings: when the file has spaced launch chevrons, a copy with
 * them joined, in a fresh folder of TMPDIR under the file's own name and
 * starting with a `# 1 "PATH"` line, so that clang's messages and the debug
 * info name the user's file at the same lines and columns; j->qdir gets the
 * file's folder (searched first for "..." includes, as for the file).
 * Project headers with spaced chevrons get rewritten copies that clang sees
 * under their own names (prepare_headers). Returns 0 (j->src and
 * j->overlay empty when nothing needed rewriting), or -1 with why in err
 * (nothing left behind). */
/* Does the text have an OpenMP directive (`#pragma omp` at a line's start,
 * blanks allowed around `#`)? */
static int has_omp_pragma(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i && s[i - 1] != '\n') continue;
    size_t k = i;
    while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
    if (k >= n || s[k++] != '#') continue;
    while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
    if (n - k < 7 || strncmp(s + k, "pragma", 6) || (s[k + 6] != ' ' && s[k + 6] != '\t'))
      continue;
    k += 6;
    while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
    if (n - k >= 3 && !strncmp(s + k, "omp", 3) && (n - k == 3 || !ident_ch(s[k + 3]))) return 1;
  }
  return 0;
}

static int prepare_source(simC_compile_job *j, char *err, size_t errlen) {
  j->src[0] = j->qdir[0] = j->tmpdir[0] = j->overlay[0] = 0;
  const char *tmpdir = env_or("TMPDIR", "/tmp");
  char dir[2048];
  snprintf(dir, sizeof dir, "%s/simulee-src-XXXXXX", tmpdir);
  int made = 0, rc = 0;
  if (prepare_headers(j, dir, &made, err, errlen) < 0) rc = -1;
  size_t n = 0;
  char *s = rc == 0 ? read_all(j->path, &n) : NULL;
  j->openmp = s && has_omp_pragma(s, n);
  size_t respelled = s ? simC_respell(&s, &n) : 0;
  if (respelled) {
    const char *base = strrchr(j->path, '/');
    base = base ? base + 1 : j->path;
    char head[8300], esc[8192];
    if (strlen(dir) + strlen(base) + 2 > sizeof j->src) {
      snprintf(err, errlen, "cannot compile %s: path too long", j->path);
      rc = -1;
    } else if (make_dir(dir, &made, err, errlen) == 0) {
      memcpy(j->src, dir, strlen(dir));
      j->src[strlen(dir)] = '/';
      memcpy(j->src + strlen(dir) + 1, base, strlen(base) + 1);
      /* # 1 "PATH": what follows is line 1 of PATH */
      str_esc(j->path, esc, sizeof esc);
      snprintf(head, sizeof head, "# 1 \"%s\"\n", esc);
      if (write_file(j->src, head, s, n) < 0) {
        snprintf(err, errlen, "cannot write %s: %s", j->src, strerror(errno));
        rc = -1;
      }
      const char *slash = strrchr(j->path, '/');
      if (!slash) snprintf(j->qdir, sizeof j->qdir, ".");
      else if (slash == j->path) snprintf(j->qdir, sizeof j->qdir, "/");
      else snprintf(j->qdir, sizeof j->qdir, "%.*s", (int)(slash - j->path), j->path);
    } else {
      rc = -1;
    }
  }
  free(s);
  if (made) snprintf(j->tmpdir, sizeof j->tmpdir, "%s", dir);
  if (rc < 0) drop_source(j);
  return rc;
}

/* argv of one clang run: clang FLAGS... -O<n> -I/-D... FILE -o OUT. openmp:
 * -fopenmp (host) or _OPENMP defined (device). Debian's MPI headers are
 * searched after everything else (-idirafter), so that <mpi.h> of a host
 * file is found. host: the host side (--cuda-host-only, -O2 so launch dimensions fold to constants,
 * no NVPTX target feature, no warnings). pch: a precompiled cuda_runtime.h
 * to use instead of `-include cuda_runtime.h`, or NULL. Returns the
 * malloc'd argv (its strings point into *flags, also malloc'd), or NULL. */
static const char **make_argv(const char *path, const char *qdir, const char *overlay,
                              const simC_options *o, int host, int openmp, const char *pch,
                              const char *out, char **flags) {
  const char *clang = simC_clang();
  const char *cudadir = simC_cuda_dir();
  *flags = strdup(CUDA_FLAGS_STR);
  size_t nflags = 1;
  for (const char *p = CUDA_FLAGS_STR; *p; p++) nflags += *p == '|';
  const char **argv = calloc(nflags + o->ncflags + 21, sizeof *argv);
  if (!*flags || !argv) {
    free(*flags);
    *flags = NULL;
    free(argv);
    return NULL;
  }
  static const char *const arch_flags[] = {
    "--cuda-gpu-arch=sm_70", "--cuda-gpu-arch=sm_75", "--cuda-gpu-arch=sm_80",
    "--cuda-gpu-arch=sm_86", "--cuda-gpu-arch=sm_89", "--cuda-gpu-arch=sm_90",
    "--cuda-gpu-arch=sm_90a"};
  const char *arch_flag = arch_flags[0];
  for (unsigned k = 0; o->arch && k < sizeof arch_flags / sizeof arch_flags[0]; k++)
    if (!strcmp(arch_flags[k] + 16, o->arch)) arch_flag = arch_flags[k];
  size_t ac = 0;
  argv[ac++] = clang;
  for (char *save = NULL, *t = strtok_r(*flags, "|", &save); t;
       t = strtok_r(NULL, "|", &save)) {
    const char *u = t;
    if (host && !strcmp(u, "--cuda-device-only")) u = "--cuda-host-only";
    if (o->arch && !strcmp(u, "--cuda-gpu-arch=sm_70")) u = arch_flag;
    /* the PTX version a newer target needs for its builtins */
    if (o->arch && !strcmp(u, "+ptx75") && (!strcmp(o->arch, "sm_89") || !strcmp(o->arch, "sm_90")))
      u = "+ptx78";
    if (o->arch && !strcmp(u, "+ptx75") && !strcmp(o->arch, "sm_90a")) u = "+ptx80";
    argv[ac++] = strcmp(u, SIMULEE_CUDA_DIR) ? u : cudadir;
    /* -Xclang -target-feature -Xclang +ptx75 is for the NVPTX target */
    if (host && ac >= 4 && !strcmp(argv[ac - 3], "-target-feature") &&
        !strcmp(argv[ac - 4], "-Xclang") && !strcmp(argv[ac - 2], "-Xclang"))
      ac -= 4;
  }
  if (pch)
    for (size_t i = 1; i + 1 < ac; i++)
      if (!strcmp(argv[i], "-include") && !strcmp(argv[i + 1], "cuda_runtime.h")) {
        argv[i] = "-include-pch";
        argv[i + 1] = pch;
      }
  static const char *const OPT[4] = {"-O0", "-O1", "-O2", "-O3"};
  if (host) {
    argv[ac++] = "-O2";
    argv[ac++] = "-w";
  } else {
    argv[ac++] = OPT[o->opt_level >= 0 && o->opt_level <= 3 ? o->opt_level : 2];
    if (o->keep_globals && o->opt_level > 0) { /* optimized after (simC_keep_globals) */
      argv[ac++] = "-Xclang";
      argv[ac++] = "-disable-llvm-optzns";
    }
    argv[ac++] = "-ferror-limit=0"; /* every device-side launch (dp_retry) */
    /* the types of what the kernels use (beyond the line tables): an enum
     * parameter's enumerators bound the search (simI_param.enums) */
    argv[ac++] = "-Xclang";
    argv[ac++] = "-debug-info-kind=constructor";
  }
  if (qdir && *qdir) {
    argv[ac++] = "-iquote";
    argv[ac++] = qdir;
  }
  if (overlay && *overlay) {
    argv[ac++] = "-ivfsoverlay";
    argv[ac++] = overlay;
  }
  for (unsigned i = 0; i < o->ncflags; i++) argv[ac++] = o->cflags[i];
  /* clang drops -fopenmp on the device side; nvcc's device pass sees the
   * host compiler's _OPENMP (gcc: 201511), which projects test around <omp.h> */
  if (openmp) argv[ac++] = host ? "-fopenmp" : "-D_OPENMP=201511";
  const char *mpi = simC_mpi_include_dir();
  if (mpi) {
    argv[ac++] = "-idirafter";
    argv[ac++] = mpi;
  }
  argv[ac++] = path;
  argv[ac++] = "-o";
  argv[ac++] = out;
  argv[ac] = NULL;
  return argv;
}

/* Start one clang run (j->path, j->o, j->host, pch) writing a fresh
 * temporary file j->out. Returns 0, or -1 with why in err (nothing runs). */
static int job_spawn(simC_compile_job *j, const char *pch, char *err, size_t errlen) {
  const char *tmpdir = env_or("TMPDIR", "/tmp");
  j->pid = 0;
  j->fd = -1;
  j->pch = pch != NULL;
  if (stopping) { /* simulee is being stopped: no retry */
    snprintf(err, errlen, "stopped");
    j->out[0] = 0;
    return -1;
  }
  snprintf(j->out, sizeof j->out, "%s/simulee-XXXXXX.bc", tmpdir);
  int fd = mkstemps(j->out, 3);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create a temporary file in %s: %s", tmpdir,
             strerror(errno));
    j->out[0] = 0;
    return -1;
  }
  close(fd);
  char *flags = NULL;
  const char **argv = make_argv(j->src[0] ? j->src : j->path, j->qdir, j->overlay, j->o,
                                j->host, j->openmp, pch, j->out, &flags);
  if (!argv) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  int pfd[2];
  if (pipe2(pfd, O_CLOEXEC) < 0) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    goto fail;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "fork: %s", strerror(errno));
    close(pfd[0]);
    close(pfd[1]);
    goto fail;
  }
  if (pid == 0) {
    child_limits(child_mem_limit(j->o), clang_time_limit(j->o));
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
      dup2(nul, 0);
      dup2(nul, 1);
    }
    dup2(pfd[1], 2);
    execvp(argv[0], (char *const *)argv);
    dprintf(2, EXEC_FAILED "%s", strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no window where a kill misses the group */
  kid_add(pid);
  close(pfd[1]);
  j->pid = pid;
  j->fd = pfd[0];
  free(flags);
  free(argv);
  return 0;
fail:
  unlink(j->out);
  j->out[0] = 0;
  free(flags);
  free(argv);
  return -1;
}

/* Wait for the run of job_spawn. Returns 0 (j->out written), or -1 with
 * clang's first error line (or why clang could not run) in err and j->out
 * removed, or -2 when clang ran over the time or memory limit (said in err,
 * j->limit_hit set; past the deadline its process group was killed). */
static int job_wait(simC_compile_job *j, char *err, size_t errlen) {
  const char *clang = simC_clang();
  const char *path = j->path;
  /* read all of clang's stderr (keep the first 64 KiB) until the deadline */
  char *text = malloc(65536);
  size_t n = 0;
  int over = 0;
  for (;;) {
    int wait_ms = 100;
    if (j->deadline > 0) {
      double left = j->deadline - mono_now();
      if (left <= 0) {
        over = 1;
        break;
      }
      if (left * 1000 < wait_ms) wait_ms = (int)(left * 1000) + 1;
    }
    struct pollfd pf = {j->fd, POLLIN, 0};
    int pr = poll(&pf, 1, wait_ms);
    if (pr < 0 && errno != EINTR) break;
    if (pr <= 0) {
      if (stopping) kill(-j->pid, SIGKILL); /* one that started as simulee was stopped */
      pthread_mutex_lock(&kids_mu); /* meanwhile: other jobs' ended children */
      reap_others_locked();
      pthread_mutex_unlock(&kids_mu);
      continue;
    }
    char chunk[4096];
    ssize_t r = read(j->fd, chunk, sizeof chunk);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r <= 0) break;
    if (text && n + 1 < 65536) {
      size_t k = (size_t)r < 65535 - n ? (size_t)r : 65535 - n;
      memcpy(text + n, chunk, k);
      n += k;
    }
  }
  if (text) text[n] = 0;
  close(j->fd);
  j->fd = -1;
  int st = 0;
  if (over) st = kid_kill(j->pid);
  else if (kid_wait(j->pid, j->deadline, &st) < 0) over = 1;
  j->pid = 0;
  if (over) {
    j->limit_hit = 1;
    snprintf(err, errlen, "cannot compile %s: clang ran past the time limit of %.3g s "
             "(--time-limit, at least %g s for clang) and was stopped", path,
             clang_time_limit(j->o), SIMC_CLANG_MIN_TIME);
    free(text);
    unlink(j->out);
    j->out[0] = 0;
    return -2;
  }
  uint64_t mem = child_mem_limit(j->o);
  if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) && mem && text &&
      (strstr(text, "out of memory") || strstr(text, "bad_alloc") ||
       strstr(text, "Allocation failed") || strstr(text, "Cannot allocate memory"))) {
    j->limit_hit = 2;
    snprintf(err, errlen, "cannot compile %s: clang ran out of memory under the limit of "
             "%llu MiB (--mem-limit, at least %llu MiB for clang)", path,
             (unsigned long long)(mem >> 20), (unsigned long long)(SIMC_CLANG_MIN_MEM >> 20));
    free(text);
    unlink(j->out);
    j->out[0] = 0;
    return -2;
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
    free(j->warnings);
    j->warnings = NULL;
    if (j->keep_warnings) j->warnings = text;
    else free(text);
    return 0;
  }
  if (!j->host && text) {
    free(j->diag);
    j->diag = strdup(text);
  }
  if (text && !strncmp(text, EXEC_FAILED, strlen(EXEC_FAILED))) {
    snprintf(err, errlen, "cannot run clang '%s': %s (set SIMULEE_CLANG)", clang,
             text + strlen(EXEC_FAILED));
  } else {
    char line[512];
    first_error_line(text ? text : "", line, sizeof line);
    if (line[0])
      snprintf(err, errlen, "cannot compile %s: %s", path, line);
    else if (WIFSIGNALED(st))
      snprintf(err, errlen, "cannot compile %s: %s killed by signal %d", path,
               clang, WTERMSIG(st));
    else
      snprintf(err, errlen, "cannot compile %s: %s exited with status %d", path,
               clang, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  free(text);
  unlink(j->out);
  j->out[0] = 0;
  return -1;
}

#ifdef SIMULEE_PCH_DIR
/* What a PCH depends on (scripts/pch_manifest.sh): the headers it reads as
 * an #include would name them (path under the deepest header folder holding
 * it) and the identifiers in them (sorted). */
typedef struct manifest {
  char path[4096];  /* the PCH */
  int loaded;       /* tried (ok says whether it was there) */
  int ok;
  char **hdrs;      /* spelled header paths */
  unsigned nh;
  char *ident_buf;  /* the .idents file, lines NUL-terminated */
  char **idents;    /* into ident_buf, sorted */
  unsigned ni;
} manifest;

static manifest manifests[4];
static pthread_mutex_t manifest_mu = PTHREAD_MUTEX_INITIALIZER;

/* The lines of a file (malloc'd buffer, pointers into it). */
static char **read_lines(const char *path, char **buf, unsigned *n) {
  size_t len = 0;
  *n = 0;
  *buf = read_all(path, &len);
  if (!*buf) return NULL;
  unsigned cap = 1;
  for (size_t i = 0; i < len; i++) cap += (*buf)[i] == '\n';
  char **v = calloc(cap, sizeof *v);
  if (!v) return NULL;
  char *save = NULL;
  for (char *t = strtok_r(*buf, "\n", &save); t && *n < cap; t = strtok_r(NULL, "\n", &save))
    v[(*n)++] = t;
  return v;
}

static int cmp_cstr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The manifest of a PCH, loaded once; NULL when the build made none. */
static const manifest *manifest_for(const char *pch) {
  pthread_mutex_lock(&manifest_mu);
  manifest *m = NULL;
  for (unsigned i = 0; i < 4 && !m; i++)
    if (!manifests[i].loaded || !strcmp(manifests[i].path, pch)) m = &manifests[i];
  if (m && !m->loaded) {
    m->loaded = 1;
    snprintf(m->path, sizeof m->path, "%s", pch);
    char p[4200], *dbuf = NULL;
    snprintf(p, sizeof p, "%s.deps", pch);
    unsigned nd = 0;
    char **deps = read_lines(p, &dbuf, &nd);
    snprintf(p, sizeof p, "%s.idents", pch);
    m->idents = read_lines(p, &m->ident_buf, &m->ni);
    m->hdrs = deps ? calloc(nd + 1, sizeof *m->hdrs) : NULL;
    unsigned nsys = 0;
    char *const *sys = simC_system_include_dirs(&nsys);
    const char *cudadir = SIMULEE_CUDA_DIR;
    for (unsigned i = 0; m->hdrs && i < nd; i++) {
      /* spelled as under the deepest folder of headers that holds it */
      const char *best = NULL;
      size_t bl = 0;
      for (unsigned k = 0; k <= nsys; k++) {
        const char *r = k < nsys ? sys[k] : cudadir;
        size_t rl = strlen(r);
        if (rl > bl && !strncmp(deps[i], r, rl) && deps[i][rl] == '/') best = r, bl = rl;
      }
      const char *sp = best ? deps[i] + bl + 1 : strrchr(deps[i], '/');
      sp = sp ? (sp[0] == '/' ? sp + 1 : sp) : deps[i];
      if ((m->hdrs[m->nh] = strdup(sp))) m->nh++;
    }
    free(deps);
    free(dbuf);
    if (m->idents) qsort(m->idents, m->ni, sizeof *m->idents, cmp_cstr);
    m->ok = m->hdrs && m->idents;
  }
  pthread_mutex_unlock(&manifest_mu);
  return m && m->ok ? m : NULL;
}

/* Can the flag change what the PCH says? A -I folder that holds a header
 * the PCH reads (it would be found first), a -D/-U of a name the headers
 * contain, a --std other than gnu++17; not --include (read after the
 * headers either way). Without a manifest, -I folders are taken to shadow
 * nothing and -D/-U to change it. */
static int flag_changes_pch(const char *f, const manifest *m) {
  if (!strncmp(f, "-I", 2)) {
    for (unsigned i = 0; m && i < m->nh; i++) {
      char p[8192];
      struct stat st;
      snprintf(p, sizeof p, "%s/%s", f + 2, m->hdrs[i]);
      if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) return 1;
    }
    return 0;
  }
  /* a forced include is read after the headers, with or without the PCH;
   * gnu++17 is the standard the PCH was built with (clang-19's default) */
  if (!strncmp(f, "--include=", 10) || !strcmp(f, "--std=gnu++17")) return 0;
  if (!m || (strncmp(f, "-D", 2) && strncmp(f, "-U", 2))) return 1;
  char name[512];
  size_t n = strcspn(f + 2, "=(");
  if (!n || n >= sizeof name) return 1;
  memcpy(name, f + 2, n);
  name[n] = 0;
  const char *key = name;
  return bsearch(&key, m->idents, m->ni, sizeof *m->idents, cmp_cstr) != NULL;
}
#endif

/* 64-bit FNV-1a of a string, continued from h. */
static uint64_t fnv(uint64_t h, const char *s) {
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return (h ^ 0xff) * 0x100000001b3ull;
}

/* Run clang to precompile cuda_runtime.h for one flavour into out (kind
 * "O0", "O2" or "host", then "." and the language standard when std is not
 * NULL: "--std=c++17"). 0 or -1. */
static int build_pch(const char *kind, const char *std, int host, const char *out) {
  simC_options o;
  memset(&o, 0, sizeof o);
  o.opt_level = strncmp(kind, "O0", 2) ? 2 : 0;
  char *stdflag[1] = {(char *)std};
  if (std) {
    o.cflags = stdflag;
    o.ncflags = 1;
  }
  char header[PATH_MAX + 32];
  snprintf(header, sizeof header, "%s/cuda_runtime.h", simC_cuda_dir());
  char *flags = NULL;
  const char **argv = make_argv(header, NULL, NULL, &o, host, 0, NULL, out, &flags);
  if (!argv) return -1;
  /* the header is the input: `-include cuda_runtime.h` becomes -emit-pch */
  for (size_t i = 1; argv[i] && argv[i + 1]; i++)
    if (!strcmp(argv[i], "-include") && !strcmp(argv[i + 1], "cuda_runtime.h")) {
      argv[i] = "-Xclang";
      argv[i + 1] = "-emit-pch";
    }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    child_limits(SIMC_CLANG_MIN_MEM * 2, SIMC_PCH_TIME_LIMIT);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
      dup2(nul, 0);
      dup2(nul, 1);
      dup2(nul, 2);
    }
    execvp(argv[0], (char *const *)argv);
    _exit(127);
  }
  int st = 0;
  if (pid > 0) {
    setpgid(pid, pid);
    kid_add(pid);
    if (kid_wait(pid, mono_now() + SIMC_PCH_TIME_LIMIT, &st) < 0) st = -1;
  }
  free(flags);
  free(argv);
  return pid > 0 && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The precompiled headers of an installed simulee: built on first use into
 * the per-user cache, in a folder named by a hash of what they depend on
 * (version, clang, header folder and its cuda_runtime.h, flags), so a moved
 * prefix or another release gets its own. One lock file per flavour
 * (flock): parallel scans, and the threads of one, build each flavour once;
 * the file appears by rename, complete. A failed build leaves a .failed
 * mark so that later runs do not retry it for every file. std: NULL, or the
 * "--std=STD" flag it is built with (kind then names it too). Returns buf,
 * or NULL. */
static const char *cached_pch(const char *kind, const char *std, int host, char *buf,
                              size_t len) {
  char dir[PATH_MAX];
  if (simC_cache_dir(dir, sizeof dir) < 0) return NULL;
  char header[PATH_MAX + 32];
  snprintf(header, sizeof header, "%s/cuda_runtime.h", simC_cuda_dir());
  struct stat st, cst;
  if (stat(header, &st) < 0) return NULL;
  uint64_t h = 0xcbf29ce484222325ull;
  char num[96];
  snprintf(num, sizeof num, "%lld:%lld", (long long)st.st_size, (long long)st.st_mtime);
  h = fnv(fnv(fnv(fnv(h, simV_version()), simV_commit()), simC_clang()), simC_cuda_dir());
  h = fnv(fnv(h, num), CUDA_FLAGS_STR);
  if (stat(simC_clang(), &cst) == 0) {
    snprintf(num, sizeof num, "%lld:%lld", (long long)cst.st_size, (long long)cst.st_mtime);
    h = fnv(h, num);
  }
  size_t dl = strlen(dir);
  int n = snprintf(dir + dl, sizeof dir - dl, "/pch-%016llx", (unsigned long long)h);
  if (n < 0 || (size_t)n >= sizeof dir - dl) return NULL;
  /* mkdir -p, private to the user */
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      mkdir(dir, 0700);
      *p = '/';
    }
  if (mkdir(dir, 0700) < 0 && errno != EEXIST) return NULL;
  n = snprintf(buf, len, "%s/cuda_runtime.%s.pch", dir, kind);
  if (n < 0 || (size_t)n >= len) return NULL;
  if (access(buf, R_OK) == 0) return buf;
  char lockp[PATH_MAX + 64], failp[PATH_MAX + 64], tmp[PATH_MAX + 64];
  snprintf(lockp, sizeof lockp, "%s/%s.lock", dir, kind);
  snprintf(failp, sizeof failp, "%s/%s.failed", dir, kind);
  if (access(failp, F_OK) == 0) return NULL;
  int fd = open(lockp, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return NULL;
  while (flock(fd, LOCK_EX) < 0)
    if (errno != EINTR) {
      close(fd);
      return NULL;
    }
  int ok = access(buf, R_OK) == 0; /* another run built it meanwhile */
  if (!ok && access(failp, F_OK) != 0) {
    snprintf(tmp, sizeof tmp, "%s/%s.%ld.tmp", dir, kind, (long)getpid());
    if (build_pch(kind, std, host, tmp) == 0 && rename(tmp, buf) == 0) {
      ok = 1;
    } else {
      unlink(tmp);
      int ffd = open(failp, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
      if (ffd >= 0) close(ffd);
    }
  }
  flock(fd, LOCK_UN);
  close(fd);
  return ok ? buf : NULL;
}

/* The language standard of the flags when it is not the PCH's default
 * (gnu++17): the last "--std=STD" flag, or NULL. A standard spelled with
 * other characters than [A-Za-z0-9+_] gets "" (no PCH). */
static const char *pch_std(const simC_options *o) {
  const char *std = NULL;
  for (unsigned i = 0; i < o->ncflags; i++)
    if (!strncmp(o->cflags[i], "--std=", 6)) std = o->cflags[i];
  if (!std || !strcmp(std, "--std=gnu++17")) return NULL;
  size_t n = strlen(std + 6);
  if (!n || n > 24 || strspn(std + 6, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+_") != n)
    return "";
  return std;
}

/* The precompiled cuda_runtime.h (bench/README.md: the headers are most of
 * clang's time on a small kernel) for this side and -O level, or NULL where
 * it cannot stand for the headers: a user flag that can change what they say
 * (flag_changes_pch: a -I folder shadowing one of its headers, a -D/-U of a
 * name they contain), another header folder ($SIMULEE_CUDA_DIR),
 * SIMULEE_NO_PCH set, or no such file. Where from: $SIMULEE_PCH_DIR, else
 * the build tree's (built with simulee, with its manifest), else, for an
 * installed simulee, the per-user cache (cached_pch; no manifest there: only
 * -I flags keep it). __OPTIMIZE__ differs between -O0 and the rest, hence
 * two device flavours; the host side is always compiled at -O2. A --std
 * other than gnu++17 (the build's) has PCHs of its own, one per standard,
 * built on first use in the per-user cache (cuda_runtime.O2.c++17.pch)
 * and checked against the build's manifest as the default ones are. */
static const char *pch_for(const simC_options *o, int host, char *buf, size_t len) {
  if (getenv("SIMULEE_CUDA_DIR") || getenv("SIMULEE_NO_PCH")) return NULL;
  if (o->arch && strcmp(o->arch, "sm_70")) return NULL; /* built for sm_70 */
  const char *kind = host ? "host" : o->opt_level == 0 ? "O0" : "O2";
  const char *std = pch_std(o);
  if (std && !*std) return NULL;
  char skind[64];
  if (std) snprintf(skind, sizeof skind, "%s.%s", kind, std + 6);
  const char *dir = getenv("SIMULEE_PCH_DIR");
  const char *got = NULL;
#ifdef SIMULEE_PCH_DIR
  if (!(dir && *dir) && !simC_installed()) dir = SIMULEE_PCH_DIR;
#endif
  if (!(dir && *dir)) {
    for (unsigned i = 0; i < o->ncflags; i++)
      if (strncmp(o->cflags[i], "-I", 2) && strncmp(o->cflags[i], "--std=", 6)) return NULL;
    return simC_installed() || std ? cached_pch(std ? skind : kind, std, host, buf, len) : NULL;
  }
  snprintf(buf, len, "%s/cuda_runtime.%s.pch", dir, kind);
  if (access(buf, R_OK) != 0) return NULL;
  got = buf;
#ifdef SIMULEE_PCH_DIR
  const manifest *m = o->ncflags ? manifest_for(buf) : NULL;
  for (unsigned i = 0; i < o->ncflags; i++)
    if (strncmp(o->cflags[i], "--std=", 6) && flag_changes_pch(o->cflags[i], m)) return NULL;
#else
  for (unsigned i = 0; i < o->ncflags; i++)
    if (strncmp(o->cflags[i], "-I", 2) && strncmp(o->cflags[i], "--std=", 6)) return NULL;
#endif
  if (std) return cached_pch(skind, std, host, buf, len);
  return got;
}

int simC_compile_start(const char *path, const simC_options *o, int host,
                       simC_compile_job *j, char *err, size_t errlen) {
  memset(j, 0, sizeof *j);
  j->path = path;
  j->o = o;
  j->host = host;
  j->fd = -1;
  /* every clang run of the job (PCH and device-launch retries too) ends by
   * --time-limit from now */
  double tl = clang_time_limit(o);
  if (tl > 0) j->deadline = mono_now() + tl;
  /* clang would block on a FIFO or read a device for ever (a compilation
   * database may name anything) */
  if (simC_check_input_file(path, err, errlen) < 0) return -1;
  if (prepare_source(j, err, errlen) < 0) return -1;
  char pchbuf[4096];
  const char *pch = j->openmp ? NULL : pch_for(o, host, pchbuf, sizeof pchbuf);
  if (pch && job_spawn(j, pch, err, errlen) == 0) return 0;
  if (job_spawn(j, NULL, err, errlen) == 0) return 0;
  drop_source(j);
  return -1;
}

/* The byte offsets in text (n bytes) of the device-side launches clang's
 * messages diag name in file `path` (see simC_rewrite_device_launches);
 * at most cap. */
static unsigned dp_positions(const char *diag, const char *path, const char *text, size_t n,
                             size_t *offs, unsigned cap) {
  unsigned k = 0;
  size_t pl = strlen(path);
  for (const char *p = diag; *p && k < cap;) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    const char *next = p + len + (e ? 1 : 0);
    unsigned line = 0, col = 0;
    int used = 0;
    if (len > pl && !strncmp(p, path, pl) && p[pl] == ':' &&
        sscanf(p + pl, ":%u:%u: error: %n", &line, &col, &used) == 2 && used) {
      const char *msg = p + pl + used;
      size_t ml = len - pl - (size_t)used;
      int hit = 0;
#define MSG_IS(lit) (ml >= sizeof(lit) - 1 && !strncmp(msg, lit, sizeof(lit) - 1))
      if (MSG_IS("reference to __global__ function '") ||
          MSG_IS("reference to __host__ function 'cudaConfigureCall'") ||
          MSG_IS("reference to __host__ function '__cudaPushCallConfiguration'"))
        hit = 1;
      else if (MSG_IS("no matching function for call to '")) {
        /* its notes (up to the next error) say why: a kernel called */
        const char *q = next, *stop = strstr(next, " error: ");
        const char *why = strstr(q, "call to __global__ function from");
        hit = why && (!stop || why < stop);
      }
#undef MSG_IS
      if (hit && line && col) {
        size_t o = 0;
        for (unsigned l = 1; l < line && o < n; o++)
          if (text[o] == '\n') l++;
        if (o + col - 1 < n) offs[k++] = o + col - 1;
      }
    }
    p = next;
  }
  return k;
}

long simC_rewrite_diagnosed_launches(const char *diag, const char *path, const char *text,
                                     size_t n, int deduce, char **out, size_t *outn) {
  *out = NULL;
  *outn = 0;
  size_t *offs = malloc(512 * sizeof *offs);
  if (!offs) return -1;
  unsigned no = diag ? dp_positions(diag, path, text, n, offs, 512) : 0;
  long got = no ? simC_rewrite_device_launches(text, n, offs, no, deduce, out, outn) : 0;
  free(offs);
  return got;
}

/* Compile the rewritten text rw (rn bytes) of a failed device-side run
 * (dp_retry), under the file's name. Returns the result of that run (0 or
 * -1 with err), or -2 when it could not start (err untouched). */
static int dp_compile(simC_compile_job *j, char *rw, size_t rn, char *err, size_t errlen) {
  char dir[4096];
  int made = 0;
  if (j->tmpdir[0]) {
    snprintf(dir, sizeof dir, "%s", j->tmpdir);
    made = 1;
  } else {
    snprintf(dir, sizeof dir, "%s/simulee-src-XXXXXX", env_or("TMPDIR", "/tmp"));
  }
  const char *base = strrchr(j->path, '/');
  base = base ? base + 1 : j->path;
  char esc[8192], head[8300];
  if (strlen(dir) + strlen(base) + 2 > sizeof j->src || make_dir(dir, &made, err, errlen) < 0) {
    if (!j->tmpdir[0] && made) rmdir(dir);
    return -2;
  }
  if (!j->tmpdir[0]) snprintf(j->tmpdir, sizeof j->tmpdir, "%s", dir);
  if (snprintf(j->src, sizeof j->src, "%s/%s", dir, base) >= (int)sizeof j->src)
    return -2; /* not reached: the length was checked above */
  str_esc(j->path, esc, sizeof esc);
  snprintf(head, sizeof head, "# 1 \"%s\"\n", esc);
  if (write_file(j->src, head, rw, rn) < 0) {
    snprintf(err, errlen, "cannot write %s: %s", j->src, strerror(errno));
    return -1;
  }
  if (!j->qdir[0]) {
    const char *slash = strrchr(j->path, '/');
    if (!slash) snprintf(j->qdir, sizeof j->qdir, ".");
    else if (slash == j->path) snprintf(j->qdir, sizeof j->qdir, "/");
    else snprintf(j->qdir, sizeof j->qdir, "%.*s", (int)(slash - j->path), j->path);
  }
  j->dp = 1;
  char pchbuf[4096], e1[2048];
  const char *pch = j->openmp ? NULL : pch_for(j->o, 0, pchbuf, sizeof pchbuf);
  int rc = -1;
  if (pch && job_spawn(j, pch, e1, sizeof e1) == 0) rc = job_wait(j, err, errlen);
  if (rc == -1 && !j->limit_hit && job_spawn(j, NULL, err, errlen) == 0)
    rc = job_wait(j, err, errlen);
  return rc;
}

/* A failed device-side run whose messages are device-side launches: compile
 * a copy with them rewritten (simC_rewrite_device_launches), under the
 * file's name (`# 1 "PATH"`) with its folder first for "..." includes;
 * when clang cannot take the kernel's address as the launch spells it (a
 * template whose arguments the call deduces, an overloaded kernel), once
 * more with the launches rewritten to the probe that lets clang resolve it.
 * Returns the result of that run (0 or -1 with err), or -2 when there was
 * nothing to rewrite (err untouched). */
static int dp_retry(simC_compile_job *j, char *err, size_t errlen) {
  size_t n = 0;
  char *text = read_all(j->src[0] ? j->src : j->path, &n);
  if (!text) return -2;
  char *body = text;
  if (j->src[0]) { /* the copy's `# 1 "PATH"` line is not the file's */
    char *nl = memchr(text, '\n', n);
    if (nl) { n -= (size_t)(nl + 1 - text); body = nl + 1; }
  }
  /* each round rewrites the launches the last run's messages name: a
   * launch in a template is diagnosed once the launch that instantiates
   * it compiles */
  char *diag0 = strdup(j->diag);
  int rc = -2;
  for (int deduce = 0; deduce < 2 && diag0; deduce++) {
    char *cur = NULL, *rw = NULL;
    size_t cn = n, rn = 0;
    const char *diag = diag0;
    for (int round = 0; round < 16; round++) {
      long got = simC_rewrite_diagnosed_launches(diag, j->path, cur ? cur : body, cn, deduce,
                                                 &rw, &rn);
      if (got <= 0) break;
      free(cur);
      cur = rw;
      cn = rn;
      rc = dp_compile(j, cur, cn, err, errlen);
      if (rc != -1 || j->limit_hit || !j->diag) break;
      diag = j->diag;
      if (!deduce && strstr(diag, "no matching function for call to '__sim_dp_launch'")) break;
    }
    free(cur);
    if (rc != -1 || j->limit_hit || !j->diag ||
        !strstr(j->diag, "no matching function for call to '__sim_dp_launch'"))
      break;
  }
  free(diag0);
  free(text);
  if (rc == -2) return -2;
  if (rc < 0 && j->limit_hit) return -1; /* err says which limit */
  if (rc < 0 && j->diag &&
      strstr(j->diag, "no matching function for call to object of type '__sim_dp_pick")) {
    /* the probe found no kernel the launch's arguments name */
    char line[512];
    first_error_line(j->diag, line, sizeof line);
    char *cut = strstr(line, ": error:");
    if (cut) *cut = 0;
    /* the column is the probe's, not the file's: the line only */
    char *col = strrchr(line, ':');
    if (col && col > line && strspn(col + 1, "0123456789") == strlen(col + 1) && col[1]) {
      char *l = col;
      while (l > line && isdigit((unsigned char)l[-1])) l--;
      if (l < col && l > line && l[-1] == ':') *col = 0;
    }
    snprintf(err, errlen,
             "cannot compile %s: a device-side launch of a kernel template or an overloaded "
             "kernel whose parameter types differ from the call's argument types: simulee "
             "cannot tell which kernel it names (name the template arguments, "
             "kernel<T><<<...>>>, or cast the arguments to the parameter types)",
             line);
  }
  return rc;
}

int simC_compile_finish(simC_compile_job *j, char *out, size_t outlen, char *err,
                        size_t errlen) {
  if (out && outlen) out[0] = 0;
  if (!j->pid) {
    snprintf(err, errlen, "cannot compile %s: clang did not start", j->path);
    drop_source(j);
    return -1;
  }
  int rc = job_wait(j, err, errlen);
  if (rc == -2) { /* over a limit: a retry would be too */
    drop_source(j);
    return -2;
  }
  /* a stale or mismatching PCH makes clang fail: then compile without it, so
   * the PCH only ever saves time */
  if (rc < 0 && j->pch) {
    char e2[2048];
    if (job_spawn(j, NULL, e2, sizeof e2) == 0) rc = job_wait(j, err, errlen);
    /* else keep the first error */
  }
  if (rc == -1 && !j->host && !j->dp && j->diag) {
    int r = dp_retry(j, err, errlen);
    if (r >= 0 || j->limit_hit) rc = r < 0 ? -1 : r; /* -2 there: nothing rewritten */
  }
  drop_source(j);
  if (rc < 0) return j->limit_hit ? -2 : -1;
  snprintf(out, outlen, "%s", j->out);
  return 0;
}

void simC_compile_abort(simC_compile_job *j) {
  if (!j->pid) return;
  kill(-j->pid, SIGKILL);
  kill(j->pid, SIGKILL);
  char e[16];
  j->pch = 0;
  job_wait(j, e, sizeof e);
  drop_source(j);
}

int simC_compile_cu(const char *path, const simC_options *o, char *out,
                    size_t outlen, char *err, size_t errlen) {
  simC_compile_job j;
  if (simC_compile_start(path, o, 0, &j, err, errlen) < 0) {
    if (outlen) out[0] = 0;
    return -1;
  }
  return simC_compile_finish(&j, out, outlen, err, errlen);
}

int simC_compile_cu_warn(const char *path, const simC_options *o, char *out, size_t outlen,
                         char **warnings, char *err, size_t errlen) {
  simC_compile_job j;
  *warnings = NULL;
  if (simC_compile_start(path, o, 0, &j, err, errlen) < 0) {
    if (outlen) out[0] = 0;
    return -1;
  }
  j.keep_warnings = 1;
  int rc = simC_compile_finish(&j, out, outlen, err, errlen);
  if (rc == 0) *warnings = j.warnings;
  else free(j.warnings);
  return rc;
}

void simC_kill_children(void) {
  /* no lock: a signal handler may call it (kill is async-signal-safe) */
  stopping = 1;
  for (unsigned i = 0; i < MAX_KIDS; i++) {
    pid_t p = kids[i].pid;
    if (p > 0 && !kids[i].done) {
      kill(-p, SIGKILL);
      kill(p, SIGKILL);
    }
  }
}

int simC_run_bounded(char *const *argv, const char *errpath, const simC_options *o) {
  uint64_t mem = child_mem_limit(o);
  double secs = clang_time_limit(o);
  if (stopping) return -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    child_limits(mem, secs);
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0) dup2(nul, 0);
    if (errpath) {
      int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
      }
    }
    execvp(argv[0], argv);
    dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no window where a kill misses the group */
  kid_add(pid);
  int st = 0;
  if (kid_wait(pid, secs > 0 ? mono_now() + secs : 0, &st) < 0) return -2;
  if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) && mem && errpath) {
    size_t n = 0;
    char *text = read_all(errpath, &n);
    int oom = text && (strstr(text, "out of memory") || strstr(text, "bad_alloc") ||
                       strstr(text, "Allocation failed") ||
                       strstr(text, "Cannot allocate memory"));
    free(text);
    if (oom) return -3;
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

double simC_clang_time_limit(const simC_options *o) { return clang_time_limit(o); }
uint64_t simC_clang_mem_limit(const simC_options *o) { return child_mem_limit(o); }
