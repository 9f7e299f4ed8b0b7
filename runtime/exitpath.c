/*
 * simulee runtime: the ways out of a program. Findings are printed when the
 * launch that made them ends (findings.c hands their text to simR_emit_locked)
 * and the report file is rewritten then (aside, then renamed); the summary
 * line is written on every way out: exit (atexit, from any thread), _exit,
 * _Exit and quick_exit (defined here: the program's calls reach these
 * before libc's), the fatal signals SIGSEGV, SIGBUS, SIGFPE, SIGILL and
 * SIGABRT (abort, assert, an uncaught C++ exception) and SIGTERM, SIGINT,
 * SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ (not SIGALRM: a tool timing the program,
 * libFuzzer among them, keeps its own alarm handler), after which the process dies
 * of the signal as it would have. In a signal handler only
 * async-signal-safe calls are made: the text not yet written is write()n,
 * the summary is formatted by hand.
 *
 * A forked child is a process of its own: it prints its own findings and a
 * summary naming its pid (when it launched or found anything); from the
 * first fork on, each process writes its records into a partial report of
 * its own (a private folder) and rewrites the report as the merge of every
 * process's partial under a lock, so the report holds the records of all
 * of them. A process's summary and exit status count the findings of its
 * children that ended before it (those it waited for), through a table in
 * memory shared by the processes of the run.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "runtime/internal.h"
#include "simulee/report.h"

#define EXPORT __attribute__((visibility("default")))

/* One process of the run. */
typedef struct proc {
  int pid;        /* 0: a free slot */
  int ppid;       /* the process that forked it (0: the first) */
  int state;      /* 1 running, 2 ended */
  uint64_t nf;    /* at its end: its findings and its ended children's */
  uint64_t nerr;  /* errors and failed launches, likewise */
} proc;

/* What the processes of a run share (MAP_SHARED, inherited by fork). */
typedef struct shared {
  int nprocs;     /* slots used */
  int live;       /* registered processes that have not ended */
  int forked;     /* reports are merged from the partials in dir */
  char dir[512];  /* the partial reports' folder */
  proc p[SIMR_MAX_PROCS];
} shared;

static shared *SH;             /* NULL before simR_exit_init_locked */
static int me = -1;            /* this process's slot, -1: not registered */
static int my_pid;             /* this process (0: a fork the runtime made) */
static int is_child;           /* forked from a process of the run */
static int ending;             /* a way out was taken (atomic) */
static uint64_t end_nerr;      /* what that way out counted */
static simR_counts counts;     /* this process's own, as of the last launch */
static char policy[64];        /* "first:3" */
static int report_failed;      /* the report could not be written (said once) */
static int report_special;     /* the report is a device or a link (/dev/stdout):
                                  written once, at the end */
static int report_final;       /* the end's write */
int simR_fork_internal;        /* the runtime's own fork (llvm-link): no
                                  process of the run */

/* Findings' text being written (async-signal-safe view of it). */
static char *volatile pend;
static volatile size_t pend_len, pend_done;

/* ------------------------------------------------------------- hooks */

static const simR_exit_hook *hooks[SIMR_MAX_EXIT_HOOKS];
static unsigned nhooks;

void simR_exit_hook_add(const simR_exit_hook *h) {
  if (nhooks < SIMR_MAX_EXIT_HOOKS) hooks[nhooks++] = h;
}

static void hooks_finish(void) {
  for (unsigned i = 0; i < nhooks; i++)
    if (hooks[i]->finish) hooks[i]->finish();
}

static void hooks_stats(void) {
  for (unsigned i = 0; i < nhooks; i++)
    if (hooks[i]->stats) hooks[i]->stats();
}

static void hooks_forked_child(void) {
  for (unsigned i = 0; i < nhooks; i++)
    if (hooks[i]->forked_child) hooks[i]->forked_child();
}

static int hooks_records_write(FILE *f, int fmt) {
  for (unsigned i = 0; i < nhooks; i++)
    if (hooks[i]->records_write) return hooks[i]->records_write(f, fmt);
  return 0;
}

/* ----------------------------------------- async-signal-safe helpers */

static void put(char *b, size_t *o, size_t len, const char *s) {
  while (*s && *o + 1 < len) b[(*o)++] = *s++;
  b[*o] = 0;
}

static void put_u(char *b, size_t *o, size_t len, uint64_t v) {
  char t[24];
  int n = 0;
  do t[n++] = (char)('0' + v % 10), v /= 10;
  while (v);
  while (n && *o + 1 < len) b[(*o)++] = t[--n];
  b[*o] = 0;
}

static void wr(const char *s, size_t n) {
  while (n) {
    ssize_t k = write(2, s, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return;
    s += k;
    n -= (size_t)k;
  }
}

/* path of process pid's partial report (suffix ".json" or ".tmp") */
static void partial_path(char *b, size_t len, int pid, const char *suffix) {
  size_t o = 0;
  b[0] = 0;
  put(b, &o, len, SH->dir);
  put(b, &o, len, "/");
  put_u(b, &o, len, (uint64_t)pid);
  put(b, &o, len, suffix);
}

static _Noreturn void real_exit(int status) {
  syscall(SYS_exit_group, status);
  for (;;) pause();
}

/* ------------------------------------------------------------ output */

void simR_emit_locked(char *text, size_t n) {
  if (!n) {
    free(text);
    return;
  }
  fflush(stderr);
  pend_done = 0;
  pend = text;
  pend_len = n;
  while (pend_done < pend_len) {
    ssize_t k = write(2, text + pend_done, pend_len - pend_done);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    pend_done += (size_t)k;
  }
  pend_len = 0;
  pend = NULL;
  free(text);
}

void simR_counts_set_locked(const simR_counts *c) { counts = *c; }

/* This process's findings and errors with those of its ended children
 * (async-signal-safe); *cnf, *nch: the children's part. */
static void totals(uint64_t *nf, uint64_t *nerr, uint64_t *cnf, unsigned *nch) {
  *cnf = 0;
  *nch = 0;
  uint64_t ce = 0;
  int n = SH ? __atomic_load_n(&SH->nprocs, __ATOMIC_ACQUIRE) : 0;
  for (int i = 0; i < n && i < (int)SIMR_MAX_PROCS; i++) {
    proc *p = &SH->p[i];
    if (i == me || p->ppid != my_pid || __atomic_load_n(&p->state, __ATOMIC_ACQUIRE) != 2)
      continue;
    *cnf += p->nf;
    ce += p->nerr;
    (*nch)++;
  }
  *nf = counts.findings + *cnf;
  *nerr = counts.errors + ce;
}

/* The summary line (async-signal-safe), when it is to be printed. */
static void summary(void) {
  uint64_t nf, nerr, cnf;
  unsigned nch;
  totals(&nf, &nerr, &cnf, &nch);
  if (!nf && !counts.bad && simR_set.quiet) return;
  if (is_child && !counts.launches && !nf && !counts.bad) return;
  char b[512];
  size_t o = 0, L = sizeof b;
  put(b, &o, L, "simulee: ");
  if (is_child) {
    put(b, &o, L, "process ");
    put_u(b, &o, L, (uint64_t)my_pid);
    put(b, &o, L, ": ");
  }
  put_u(b, &o, L, counts.launches);
  put(b, &o, L, counts.launches == 1 ? " launch of " : " launches of ");
  put_u(b, &o, L, counts.kernels);
  put(b, &o, L, counts.kernels == 1 ? " kernel, " : " kernels, ");
  put_u(b, &o, L, counts.checked);
  put(b, &o, L, " checked (--check ");
  put(b, &o, L, policy);
  put(b, &o, L, "), ");
  put_u(b, &o, L, nf);
  put(b, &o, L, nf == 1 ? " finding" : " findings");
  if (nch) {
    put(b, &o, L, " (");
    put_u(b, &o, L, cnf);
    put(b, &o, L, " in ");
    put_u(b, &o, L, nch);
    put(b, &o, L, nch == 1 ? " child process)" : " child processes)");
  }
  if (counts.bad) {
    put(b, &o, L, ", ");
    put_u(b, &o, L, counts.bad);
    put(b, &o, L, counts.bad == 1 ? " launch that did not run right" :
                                    " launches that did not run right");
  }
  put(b, &o, L, "\n");
  wr(b, o);
}

/* ------------------------------------------------------------ report */

/* Write the report (what the hooks' records say, or the merge of the
 * partials) into path's temporary neighbour, then rename it. merged: the
 * partials of every process. 0 or -1. */
static int write_aside(const char *path, int fmt, int merged) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
  /* a device or a link (/dev/stdout, a link into another folder) is
   * written in place, never replaced */
  struct stat st;
  int direct = lstat(path, &st) == 0 && !S_ISREG(st.st_mode);
  if (direct) snprintf(tmp, sizeof tmp, "%s", path);
  FILE *f = fopen(tmp, "w");
  int ok = f != NULL;
  if (ok && !merged) {
    ok = hooks_records_write(f, fmt) == 0;
  } else if (ok) {
    simD_report m;
    simD_report_init(&m);
    int n = __atomic_load_n(&SH->nprocs, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n && i < (int)SIMR_MAX_PROCS; i++) {
      char pp[600], err[256];
      if (!SH->p[i].pid) continue;
      partial_path(pp, sizeof pp, SH->p[i].pid, ".json");
      if (access(pp, F_OK) == 0) simD_report_read_json(&m, pp, err, sizeof err);
    }
    simD_write_opts wo = {0, 0, 0, NULL, 0};
    ok = simD_report_write(f, &m, (simD_format)fmt, &wo) == 0;
    simD_report_free(&m);
  }
  if (f && fclose(f) != 0) ok = 0;
  if (direct) return ok ? 0 : -1;
  if (ok && rename(tmp, path) == 0) return 0;
  if (f) unlink(tmp);
  return -1;
}

void simR_report_update_locked(void) {
  if (!simR_set.report || !SH || !my_pid) return;
  if (SH->forked && me < 0) return; /* a child with nothing of its own */
  if (report_special && !report_final) return;
  int bad;
  if (!SH->forked) {
    bad = write_aside(simR_set.report, simR_set.report_format, 0) < 0;
  } else {
    char pp[600], lk[600];
    partial_path(pp, sizeof pp, my_pid, ".json");
    bad = write_aside(pp, SIMD_FORMAT_JSON, 0) < 0;
    snprintf(lk, sizeof lk, "%s/lock", SH->dir);
    int fd = open(lk, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0) flock(fd, LOCK_EX);
    if (!bad) bad = write_aside(simR_set.report, simR_set.report_format, 1) < 0;
    if (fd >= 0) close(fd); /* and the lock with it */
  }
  if (bad && !report_failed) {
    report_failed = 1;
    char esc[8192];
    fprintf(stderr, "simulee: error: %s: cannot write the report: %s\n",
            simD_text_esc(simR_set.report, SIMD_ESC_PATH, esc, sizeof esc), strerror(errno));
  }
}

/* The partials are no longer needed: the last process of the run removes
 * them (async-signal-safe). */
static void partials_remove(void) {
  if (!SH->forked) return;
  char pp[600];
  for (int i = 0; i < SH->nprocs && i < (int)SIMR_MAX_PROCS; i++) {
    if (!SH->p[i].pid) continue;
    partial_path(pp, sizeof pp, SH->p[i].pid, ".json");
    unlink(pp);
  }
  size_t o = 0;
  pp[0] = 0;
  put(pp, &o, sizeof pp, SH->dir);
  put(pp, &o, sizeof pp, "/lock");
  unlink(pp);
  rmdir(SH->dir);
}

/* ----------------------------------------------------------- processes */

/* Register this process in the run's table (a forked child, on its first
 * launch). */
static void proc_register(int ppid) {
  if (me >= 0 || !SH) return;
  int i = __atomic_fetch_add(&SH->nprocs, 1, __ATOMIC_ACQ_REL);
  if (i >= (int)SIMR_MAX_PROCS) return; /* not counted, not merged */
  SH->p[i].ppid = ppid;
  SH->p[i].state = 1;
  __atomic_store_n(&SH->p[i].pid, my_pid, __ATOMIC_RELEASE);
  __atomic_add_fetch(&SH->live, 1, __ATOMIC_ACQ_REL);
  me = i;
}

static int parent_pid;

void simR_proc_active_locked(void) {
  if (is_child && me < 0 && my_pid) proc_register(parent_pid);
}

/* This process has ended (async-signal-safe): its totals in its slot. */
static void proc_end(uint64_t nf, uint64_t nerr) {
  if (me < 0) return;
  SH->p[me].nf = nf;
  SH->p[me].nerr = nerr;
  __atomic_store_n(&SH->p[me].state, 2, __ATOMIC_RELEASE);
  if (__atomic_sub_fetch(&SH->live, 1, __ATOMIC_ACQ_REL) == 0) partials_remove();
}

static void fork_prepare(void) {
  simR_lock();
  if (simR_fork_internal || !SH || !my_pid || SH->forked || !simR_set.report) return;
  /* from now on every process writes a partial report and merges */
  const char *t = getenv("TMPDIR");
  snprintf(SH->dir, sizeof SH->dir, "%s/simulee-report-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(SH->dir)) {
    SH->dir[0] = 0;
    return;
  }
  SH->forked = 1;
  simR_report_update_locked();
}

static void fork_parent(void) { simR_unlock(); }

static void fork_child(void) {
  simR_lock_reset();
  if (simR_fork_internal || !my_pid) {
    my_pid = 0; /* not a process of the run: it only execs */
    return;
  }
  parent_pid = my_pid;
  my_pid = (int)getpid();
  is_child = 1;
  me = -1;
  ending = 0;
  pend = NULL;
  pend_len = pend_done = 0;
  report_failed = 0;
  memset(&counts, 0, sizeof counts);
  hooks_forked_child();
}

/* ---------------------------------------------------------- ways out */

/* The end, in a signal handler or where the runtime's lock cannot be
 * taken: the findings' text not yet written, the summary. */
static uint64_t end_async(void) {
  char *p = pend;
  size_t l = pend_len, d = pend_done;
  if (p && d < l) wr(p + d, l - d);
  uint64_t nf, nerr, cnf;
  unsigned nch;
  totals(&nf, &nerr, &cnf, &nch);
  summary();
  proc_end(nf, nerr);
  return nerr;
}

/* The end with the lock held: the last records (host accesses seen since
 * the last synchronization), the summary, the statistics, the report. */
static uint64_t end_full(void) {
  hooks_finish();
  uint64_t nf, nerr, cnf;
  unsigned nch;
  totals(&nf, &nerr, &cnf, &nch);
  summary();
  hooks_stats();
  report_final = 1;
  if (SH->forked || report_special) simR_report_update_locked(); /* the children's latest */
  fflush(stderr);
  proc_end(nf, nerr);
  return nerr;
}

/* Take the way out once: the number of errors (with the ended children's). */
static uint64_t way_out(int async) {
  if (__atomic_exchange_n(&ending, 1, __ATOMIC_ACQ_REL)) return end_nerr;
  if (!async && !simR_lock_held() && simR_lock_within(1.0)) {
    end_nerr = end_full();
    simR_unlock();
  } else {
    end_nerr = end_async();
  }
  return end_nerr;
}

/* Whether this process is one of the run's (not a fork that only execs). */
static int ours(void) { return SH && my_pid && (int)getpid() == my_pid; }

static void at_exit(void) {
  if (!ours()) return;
  fflush(stdout);
  uint64_t nerr = way_out(0);
  if (nerr && simR_set.error_exitcode) {
    fflush(stdout);
    fflush(stderr);
    real_exit(simR_set.error_exitcode);
  }
}

static int exit_status(int status) {
  if (!ours()) return status;
  fflush(stdout); /* as _exit does not: the program's lines before the summary */
  uint64_t nerr = way_out(0);
  return nerr && simR_set.error_exitcode ? simR_set.error_exitcode : status;
}

EXPORT void _exit(int status) { real_exit(exit_status(status)); }

EXPORT void _Exit(int status) { real_exit(exit_status(status)); }

EXPORT void quick_exit(int status) {
  status = exit_status(status);
  void (*q)(int) = (void (*)(int))dlsym(RTLD_NEXT, "quick_exit");
  if (q) q(status); /* the program's at_quick_exit handlers */
  real_exit(status);
}

/* the signals whose default action ends the process that a program meets:
 * faults, abort, being stopped (timeout, Ctrl-C, a closed terminal, ulimit
 * -t, an alarm it set and did not handle) */
static const int FATAL[] = {SIGSEGV, SIGBUS, SIGFPE,  SIGILL,  SIGABRT, SIGTERM,
                            SIGINT,  SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ};

static void on_signal(int sig, siginfo_t *si, void *uc) {
  (void)si, (void)uc;
  if (ours()) way_out(1);
  /* die of it, as without the runtime (a fault re-executes and faults) */
  signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
}

/* ---------------------------------------------------------- the start */

void simR_init_locked(void) {
  static int once;
  if (!once) {
    once = 1;
    simR_settings_load();
    simR_exit_init_locked(); /* the ways out: exit, signals, forks */
    /* a launch's interpreter state (warps, registers) is freed when it
     * ends: keep up to 128 MiB of freed heap instead of giving it back to
     * the system and faulting it in again at the next launch (a program of
     * thousands of small launches spent half its time in page faults) */
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
  }
}

void simR_exit_init_locked(void) {
  if (SH) return;
  void *m = mmap(NULL, sizeof(shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return;
  SH = m;
  my_pid = (int)getpid();
  proc_register(0);
  if (simR_set.check_mode == SIMR_CHECK_ALL) snprintf(policy, sizeof policy, "all");
  else if (simR_set.check_mode == SIMR_CHECK_NONE) snprintf(policy, sizeof policy, "none");
  else snprintf(policy, sizeof policy, "%s:%u",
                simR_set.check_mode == SIMR_CHECK_SAMPLE ? "sample" : "first", simR_set.check_n);
  atexit(at_exit);
  pthread_atfork(fork_prepare, fork_parent, fork_child);
  /* a stack of its own for the handlers (a stack overflow is a SIGSEGV),
   * unless the program (or a sanitizer's runtime) gave the thread one */
  static char altstack[65536];
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0}, cur;
  if (sigaltstack(NULL, &cur) == 0 && (cur.ss_flags & SS_DISABLE)) sigaltstack(&ss, NULL);
  for (unsigned i = 0; i < sizeof FATAL / sizeof *FATAL; i++) {
    struct sigaction sa, old;
    /* the program's own handlers (installed before) and ignored signals
     * stay as they are */
    if (sigaction(FATAL[i], NULL, &old) < 0 || (old.sa_flags & SA_SIGINFO) ||
        old.sa_handler != SIG_DFL)
      continue;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigfillset(&sa.sa_mask);
    sigaction(FATAL[i], &sa, NULL);
  }
  /* the report exists from the start (and its folder is writable); a
   * relative name is of the folder the program starts in (it may change
   * its folder) */
  static char abs_report[8192];
  char cwd[4096];
  if (simR_set.report && simR_set.report[0] != '/' && getcwd(cwd, sizeof cwd) &&
      (size_t)snprintf(abs_report, sizeof abs_report, "%s/%s", cwd, simR_set.report) <
          sizeof abs_report)
    simR_set.report = abs_report;
  struct stat st;
  report_special = simR_set.report && lstat(simR_set.report, &st) == 0 && !S_ISREG(st.st_mode);
  if (simR_set.report && !report_special) {
    simR_report_update_locked();
    if (report_failed) {
      fflush(stderr);
      real_exit(SIMR_EXIT_SETTING);
    }
  }
}
