/*
 * Loading a module: reading the file, parsing and verifying it (in a child
 * process when isolation is on), finding the kernels and their metadata,
 * lowering every function they reach, then disposing of LLVM. The map of
 * the loader's files and the lowering rules are in load_int.h.
 */
#include "interp/load_int.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------------------ load */

/* Large initialised __device__ data moves into a memfd that every launch
 * maps copy-on-write (exec.c), instead of a private copy per launch. On any
 * failure the variable keeps its heap copy. */
static void share_init(simI_var *v) {
  if (!v->init || v->size < SIMI_COW_MIN || v->size > (uint64_t)SIZE_MAX) return;
  int fd = memfd_create("simulee-device-init", MFD_CLOEXEC);
  if (fd < 0) return;
  uint64_t off = 0;
  while (off < v->size) {
    ssize_t w = write(fd, v->init + off, (size_t)(v->size - off));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) { close(fd); return; }
    off += (uint64_t)w;
  }
  void *m = mmap(NULL, (size_t)v->size, PROT_READ, MAP_SHARED, fd, 0);
  if (m == MAP_FAILED) { close(fd); return; }
  free(v->init);
  v->init = m;
  v->cow = 1;
  v->cow_fd = fd;
}

static void diag_handler(LLVMDiagnosticInfoRef di, void *ctx) {
  lw *L = ctx;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError) return;
  char *d = LLVMGetDiagInfoDescription(di);
  if (!L->failed) lw_fail(L, "%s", d);
  LLVMDisposeMessage(d);
}

static int is_kernel(LLVMModuleRef mod, LLVMValueRef fn, LLVMValueRef *annot, unsigned nann) {
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv) return 1;
  for (unsigned i = 0; i < nann; i++) {
    unsigned n = LLVMGetMDNodeNumOperands(annot[i]);
    if (n < 3) continue;
    LLVMValueRef ops[8];
    if (n > 8) continue;
    LLVMGetMDNodeOperands(annot[i], ops);
    if (ops[0] != fn) continue;
    unsigned sl = 0;
    const char *s = ops[1] ? LLVMGetMDString(ops[1], &sl) : NULL;
    if (s && sl == 6 && memcmp(s, "kernel", 6) == 0) return 1;
  }
  (void)mod;
  return 0;
}

/* The kernel's __cluster_dims__(x, y, z): clang-19 ignores CUDA's attribute,
 * so our headers spell it annotate("simulee.cluster_dims", x, y, z), found in
 * llvm.global.annotations (the arguments are a constant struct of ints);
 * newer clangs write nvvm.annotations "cluster_dim_x/y/z", read as well.
 * Dimensions left out are 1; none at all (or a zero) leaves 0,0,0. */
static void cluster_dims(LLVMModuleRef mod, LLVMValueRef fn, LLVMValueRef *annot, unsigned nann,
                         simI_dim3 *out) {
  unsigned d[3] = {0, 0, 0};
  int found = 0;
  LLVMValueRef ga = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
  LLVMValueRef init = ga ? LLVMGetInitializer(ga) : NULL;
  if (init && LLVMGetTypeKind(LLVMTypeOf(init)) == LLVMArrayTypeKind) {
    unsigned n = LLVMGetArrayLength(LLVMTypeOf(init));
    for (unsigned i = 0; i < n && !found; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(init, i);
      if (!e || LLVMGetTypeKind(LLVMTypeOf(e)) != LLVMStructTypeKind ||
          LLVMCountStructElementTypes(LLVMTypeOf(e)) < 5)
        continue;
      LLVMValueRef f = LLVMGetAggregateElement(e, 0), str = LLVMGetAggregateElement(e, 1);
      LLVMValueRef args = LLVMGetAggregateElement(e, 4);
      if (f != fn || !str || !LLVMIsAGlobalVariable(str) || !LLVMGetInitializer(str)) continue;
      size_t sl = 0;
      LLVMValueRef si = LLVMGetInitializer(str);
      if (!LLVMIsAConstantDataSequential(si)) continue;
      const char *sv = LLVMGetAsString(si, &sl);
      if (!sv || sl < 20 || strncmp(sv, "simulee.cluster_dims", 20) || (sl > 20 && sv[20])) continue;
      LLVMValueRef ai = args && LLVMIsAGlobalVariable(args) ? LLVMGetInitializer(args) : NULL;
      if (!ai || LLVMGetTypeKind(LLVMTypeOf(ai)) != LLVMStructTypeKind) continue;
      unsigned na = LLVMCountStructElementTypes(LLVMTypeOf(ai));
      for (unsigned k = 0; k < na && k < 3; k++) {
        LLVMValueRef c = LLVMGetAggregateElement(ai, k);
        long long v = c && LLVMIsAConstantInt(c) ? LLVMConstIntGetSExtValue(c) : 0;
        d[k] = v > 0 && v <= 0xFFFF ? (unsigned)v : 0;
      }
      for (unsigned k = na; k < 3; k++) d[k] = 1;
      found = na > 0;
    }
  }
  for (unsigned i = 0; i < nann && !found; i++) {
    unsigned n = LLVMGetMDNodeNumOperands(annot[i]);
    LLVMValueRef ops[8];
    if (n < 3 || n > 8) continue;
    LLVMGetMDNodeOperands(annot[i], ops);
    if (ops[0] != fn) continue;
    for (unsigned j = 1; j + 1 < n; j += 2) {
      unsigned sl = 0;
      const char *sv = ops[j] ? LLVMGetMDString(ops[j], &sl) : NULL;
      if (!sv || sl != 13 || strncmp(sv, "cluster_dim_", 12) || sv[12] < 'x' || sv[12] > 'z')
        continue;
      LLVMValueRef c = ops[j + 1];
      long long v = c && LLVMIsAConstantInt(c) ? LLVMConstIntGetSExtValue(c) : 0;
      d[sv[12] - 'x'] = v > 0 && v <= 0xFFFF ? (unsigned)v : 0;
    }
  }
  if (!found && (d[0] || d[1] || d[2]))
    for (unsigned k = 0; k < 3; k++) if (!d[k]) d[k] = 1;
  if (!d[0] || !d[1] || !d[2]) d[0] = d[1] = d[2] = 0;
  out->x = d[0];
  out->y = d[1];
  out->z = d[2];
}

/* Reading the file: only a regular file of at most SIMI_MAX_MODULE_BYTES, read
 * whole into memory (NUL-terminated, for the IR parser). O_NONBLOCK keeps
 * open() of a FIFO from waiting for a writer; fstat then refuses it. */
static int read_module_file(const char *path, char **data, size_t *len, char *err,
                            size_t errlen) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  struct stat sb;
  if (fstat(fd, &sb) != 0) {
    snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  if (!S_ISREG(sb.st_mode)) {
    snprintf(err, errlen, "%s: not a regular file (%s)", path,
             S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO"
             : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode) ? "a device" : "a socket or special file");
    close(fd);
    return -1;
  }
  if ((uint64_t)sb.st_size > SIMI_MAX_MODULE_BYTES) {
    snprintf(err, errlen, "%s: too large for a CUDA module (%llu bytes, at most %llu)", path,
             (unsigned long long)sb.st_size, (unsigned long long)SIMI_MAX_MODULE_BYTES);
    close(fd);
    return -1;
  }
  size_t want = (size_t)sb.st_size, have = 0;
  char *buf = malloc(want + 1);
  if (!buf) {
    snprintf(err, errlen, "%s: out of memory", path);
    close(fd);
    return -2;
  }
  while (have < want) {
    ssize_t r = read(fd, buf + have, want - have);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
      free(buf);
      close(fd);
      return -1;
    }
    if (r == 0) break; /* shrank while reading: take what is there */
    have += (size_t)r;
  }
  close(fd);
  buf[have] = 0;
  *data = buf;
  *len = have;
  return 0;
}

/* ------------------------------------------------------- crash isolation */

/* -1: not decided yet (SIMULEE_PARSE_ISOLATION decides), 0 off, 1 on. */
static _Atomic int parse_isolation = -1;
/* Forks take it for writing, in-process LLVM work for reading, so no thread
 * is inside LLVM (holding its locks) at the moment of a fork. */
static pthread_rwlock_t llvm_lock = PTHREAD_RWLOCK_INITIALIZER;

void simI_set_parse_isolation(int on) { atomic_store(&parse_isolation, on ? 1 : 0); }

int simI_parse_isolation(void) {
  int v = atomic_load(&parse_isolation);
  if (v < 0) {
    const char *e = getenv("SIMULEE_PARSE_ISOLATION");
    v = !(e && strcmp(e, "0") == 0);
    atomic_store(&parse_isolation, v);
  }
  return v;
}

typedef struct diag_sink { char msg[400]; int got; } diag_sink;

static void sink_handler(LLVMDiagnosticInfoRef di, void *ctx) {
  diag_sink *d = ctx;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->got) return;
  char *m = LLVMGetDiagInfoDescription(di);
  snprintf(d->msg, sizeof d->msg, "%s", m ? m : "error");
  LLVMDisposeMessage(m);
  d->got = 1;
}

static int is_bitcode_magic(const char *data, size_t len) {
  const unsigned char *m = (const unsigned char *)data;
  return len >= 4 && ((m[0] == 'B' && m[1] == 'C' && m[2] == 0xC0 && m[3] == 0xDE) ||
                      (m[0] == 0xDE && m[1] == 0xC0 && m[2] == 0x17 && m[3] == 0x0B));
}

/* Parse and verify (never with an aborting action). 0: *mod is a valid module;
 * else a one-line message (without the path) is in msg and *mod is NULL.
 * The context's diagnostic handler must be a sink_handler on `sink`.
 * verified: the isolated reader already verified these very bytes (the
 * reader is deterministic), so the verifier is not run again. */
static int parse_verify(LLVMContextRef ctx, diag_sink *sink, const char *data, size_t len,
                        int verified, LLVMModuleRef *mod, char *msg, size_t msglen) {
  *mod = NULL;
  char *m = NULL;
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(data, len, "module", 1);
  if (!buf) { snprintf(msg, msglen, "out of memory"); return 1; }
  if (is_bitcode_magic(data, len)) {
    int bad = LLVMParseBitcodeInContext2(ctx, buf, mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      snprintf(msg, msglen, "corrupt LLVM bitcode: %s", sink->got ? sink->msg : "parse error");
      *mod = NULL;
      return 1;
    }
  } else if (LLVMParseIRInContext(ctx, buf, mod, &m)) { /* takes buf */
    char *nl = m ? strchr(m, '\n') : NULL;
    if (nl) *nl = 0;
    snprintf(msg, msglen, "not LLVM bitcode or IR: %s", m ? m : "parse error");
    LLVMDisposeMessage(m);
    *mod = NULL;
    return 1;
  }
  sink->got = 0;
  if (verified) return 0;
  if (LLVMVerifyModule(*mod, LLVMReturnStatusAction, &m)) {
    char *nl = m ? strchr(m, '\n') : NULL;
    if (nl) *nl = 0;
    snprintf(msg, msglen, "invalid LLVM module: %s", m ? m : "");
    LLVMDisposeMessage(m);
    LLVMDisposeModule(*mod);
    *mod = NULL;
    return 1;
  }
  LLVMDisposeMessage(m);
  return 0;
}

static const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGABRT: return "SIGABRT";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGFPE: return "SIGFPE";
  case SIGTRAP: return "SIGTRAP";
  case SIGKILL: return "SIGKILL";
  case SIGXCPU: return "SIGXCPU";
  default: return NULL;
  }
}

/* Seconds of CPU the isolated reader may use (a reader that loops). */
#define PARSE_CPU_LIMIT 120
/* Address space the isolated reader may add to the process's: 2 GiB plus
 * 32 bytes per input byte (LLVM holds a module in about 10-20 times its
 * bitcode size). */
#define PARSE_MEM_LIMIT (2ull << 30)
#define PARSE_MEM_PER_BYTE 32ull

/* Parse and verify in a forked child. 0: the input parses and verifies (the
 * parent may parse it in-process: the reader is deterministic); 1: msg says
 * why not (a reader error, or the reader crashed); -1: could not fork. */
static int parse_isolated(const char *data, size_t len, char *msg, size_t msglen) {
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(msg, msglen, "cannot start the isolated LLVM reader: %s", strerror(errno));
    return -1;
  }
  /* the child's stderr (what LLVM prints before it aborts) goes to a memfd:
   * never blocks the child, and its first line explains an abort */
  int efd = memfd_create("simulee-llvm-stderr", MFD_CLOEXEC);
  /* the program's buffered output is not the child's to write (LLVM may
   * exit() it) */
  fflush(stdout);
  fflush(stderr);
  pthread_rwlock_wrlock(&llvm_lock);
  pid_t pid = fork();
  if (pid == 0) {
    /* the child: the verdict goes to the pipe */
    close(fds[0]);
    int dn = efd >= 0 ? efd : open("/dev/null", O_WRONLY);
    if (dn >= 0) dup2(dn, 2);
    /* a crash must end the child by its signal, whatever handlers the
     * process has (a sanitizer's would report and exit with a status) */
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGALRM};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
    alarm(PARSE_CPU_LIMIT);
    /* memory: what the process maps now plus PARSE_MEM_LIMIT and
     * PARSE_MEM_PER_BYTE per input byte (a few bytes of a hostile module
     * make LLVM allocate gigabytes: then its allocation fails, LLVM reports
     * "out of memory" and aborts, an error of this input) */
    long pg = sysconf(_SC_PAGESIZE);
    unsigned long long vm = 0;
    FILE *sf = fopen("/proc/self/statm", "r");
    if (sf) {
      if (fscanf(sf, "%llu", &vm) != 1) vm = 0;
      fclose(sf);
    }
    if (vm && pg > 0) {
      struct rlimit rl;
      if (getrlimit(RLIMIT_AS, &rl) == 0) {
        rlim_t want = (rlim_t)(vm * (unsigned long long)pg + PARSE_MEM_LIMIT +
                               (unsigned long long)len * PARSE_MEM_PER_BYTE);
        if (rl.rlim_max == RLIM_INFINITY || want < rl.rlim_max) rl.rlim_cur = want;
        setrlimit(RLIMIT_AS, &rl);
      }
    }
    diag_sink sink;
    memset(&sink, 0, sizeof sink);
    LLVMContextRef c = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(c, sink_handler, &sink);
    LLVMModuleRef mod;
    char out[512];
    int r = parse_verify(c, &sink, data, len, 0, &mod, out + 1, sizeof out - 1);
    out[0] = r ? '1' : '0';
    size_t n = r ? 1 + strlen(out + 1) : 1, off = 0;
    while (off < n) {
      ssize_t w = write(fds[1], out + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      off += (size_t)w;
    }
    _exit(0);
  }
  int ferr = errno;
  pthread_rwlock_unlock(&llvm_lock);
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    if (efd >= 0) close(efd);
    snprintf(msg, msglen, "cannot start the isolated LLVM reader: %s", strerror(ferr));
    return -1;
  }
  char got[512];
  size_t n = 0;
  for (;;) {
    ssize_t r = read(fds[0], got + n, sizeof got - 1 - n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    n += (size_t)r;
    if (n == sizeof got - 1) break;
  }
  got[n] = 0;
  close(fds[0]);
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
  /* the first line LLVM printed, printable characters only */
  char why[160] = "";
  if (efd >= 0) {
    ssize_t r = pread(efd, why, sizeof why - 1, 0);
    why[r > 0 ? r : 0] = 0;
    why[strcspn(why, "\n")] = 0;
    for (char *c = why; *c; c++)
      if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) *c = '?';
    close(efd);
  }
  const char *what = is_bitcode_magic(data, len) ? "corrupt LLVM bitcode" : "invalid LLVM IR";
  if (WIFSIGNALED(ws)) {
    int sig = WTERMSIG(ws);
    char sn[24];
    if (signal_name(sig)) snprintf(sn, sizeof sn, "%s", signal_name(sig));
    else snprintf(sn, sizeof sn, "signal %d", sig);
    if (sig == SIGALRM)
      snprintf(msg, msglen, "%s (the LLVM reader did not finish in %d s)", what, PARSE_CPU_LIMIT);
    else
      snprintf(msg, msglen, "%s (the LLVM reader crashed: %s)%s%s", what, sn, why[0] ? ": " : "",
               why);
    return 1;
  }
  if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0 || n == 0) {
    snprintf(msg, msglen, "%s (the LLVM reader exited with status %d)", what,
             WIFEXITED(ws) ? WEXITSTATUS(ws) : -1);
    return 1;
  }
  if (got[0] == '0') return 0;
  snprintf(msg, msglen, "%s", got + 1);
  return 1;
}

static simI_program *load(const char *path, int isolate, simI_status *status, char *err,
                          size_t errlen);

void simI_llvm_hold(void) { pthread_rwlock_rdlock(&llvm_lock); }
void simI_llvm_release(void) { pthread_rwlock_unlock(&llvm_lock); }

int simI_check_module(const char *data, size_t len, char *msg, size_t msglen) {
  if (!simI_parse_isolation()) return 0;
  return parse_isolated(data, len, msg, msglen) == 1 ? -1 : 0;
}

simI_program *simI_load(const char *path, simI_status *status, char *err, size_t errlen) {
  return load(path, simI_parse_isolation(), status, err, errlen);
}

simI_program *simI_load_compiled(const char *path, simI_status *status, char *err,
                                 size_t errlen) {
  return load(path, 0, status, err, errlen);
}

static simI_program *load(const char *path, int isolate, simI_status *status, char *err,
                          size_t errlen) {
  lw L;
  memset(&L, 0, sizeof L);
  L.forge = -1;
  simI_status st = SIMI_E_INPUT;
  simI_program *p = calloc(1, sizeof *p);
  if (!p) { if (status) *status = SIMI_E_NOMEM; snprintf(err, errlen, "out of memory"); return NULL; }
  L.p = p;
  p->path = strdup(path);
  lw_intern(&L, "", 0); /* string 0 = "" */
  char *data = NULL;
  size_t len = 0;
  int rr = read_module_file(path, &data, &len, err, errlen);
  if (rr) {
    simI_map_free(&L.smap);
    simI_free(p);
    if (status) *status = rr == -2 ? SIMI_E_NOMEM : SIMI_E_INPUT;
    return NULL;
  }
  char msg[512];
  if (isolate && parse_isolated(data, len, msg, sizeof msg)) {
    snprintf(err, errlen, "%s: %s", path, msg);
    free(data);
    simI_map_free(&L.smap);
    simI_free(p);
    if (status) *status = SIMI_E_INPUT;
    return NULL;
  }
  pthread_rwlock_rdlock(&llvm_lock);
  L.ctx = LLVMContextCreate();
  diag_sink sink;
  memset(&sink, 0, sizeof sink);
  LLVMContextSetDiagnosticHandler(L.ctx, sink_handler, &sink);
  int bad = parse_verify(L.ctx, &sink, data, len, isolate, &L.mod, msg, sizeof msg);
  free(data);
  if (bad) {
    snprintf(err, errlen, "%s: %s", path, msg);
    goto fail;
  }
  LLVMContextSetDiagnosticHandler(L.ctx, diag_handler, &L);
  const char *dl = LLVMGetDataLayoutStr(L.mod);
  L.td = LLVMCreateTargetData(dl ? dl : "");
  /* kernels */
  unsigned nann = LLVMGetNamedMetadataNumOperands(L.mod, "nvvm.annotations");
  LLVMValueRef *annot = calloc(nann + 1, sizeof *annot);
  if (!annot) goto nomem;
  LLVMGetNamedMetadataOperands(L.mod, "nvvm.annotations", annot);
  uint32_t capk = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(L.mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || !is_kernel(L.mod, fn, annot, nann)) continue;
    if (simI_grow((void **)&p->kernels, &capk, p->nkernels, sizeof(simI_kernel_rec))) {
      free(annot);
      goto nomem;
    }
    lw_kernel_info(&L, fn, &p->kernels[p->nkernels]);
    cluster_dims(L.mod, fn, annot, nann, &p->kernels[p->nkernels++].info.cluster_dims);
  }
  if (L.dbg_old) LLVMSetIsNewDbgInfoFormat(L.mod, 1); /* lowered as it was read */
  free(annot);
  if (!p->nkernels) {
    const char *tr = LLVMGetTarget(L.mod);
    if (tr && strncmp(tr, "nvptx", 5) != 0)
      snprintf(err, errlen, "%s: not a CUDA device module (target '%s', no kernels)", path, tr);
    else
      snprintf(err, errlen, "%s: no CUDA kernels in the module", path);
    goto fail;
  }
  /* lower every function reachable from the kernels */
  for (uint32_t w = 0; w < L.nwork && !L.failed; w++) lw_lower_function(&L, L.worklist[w]);
  if (L.failed) {
    snprintf(err, errlen, "%s: %s", path, L.err);
    st = strncmp(L.err, "out of memory", 13) == 0 ? SIMI_E_NOMEM : SIMI_E_UNSUPPORTED;
    goto fail;
  }
  /* NVVM IR's __managed__ variables: variables of the program whether or
   * not a kernel uses them (the host reaches them by name) */
  nann = LLVMGetNamedMetadataNumOperands(L.mod, "nvvm.annotations");
  annot = calloc(nann + 1, sizeof *annot);
  if (!annot) goto nomem;
  LLVMGetNamedMetadataOperands(L.mod, "nvvm.annotations", annot);
  for (unsigned i = 0; i < nann && !L.failed; i++) {
    LLVMValueRef ops[8];
    unsigned n = LLVMGetMDNodeNumOperands(annot[i]), sl = 0;
    if (n < 2 || n > 8) continue;
    LLVMGetMDNodeOperands(annot[i], ops);
    const char *s = ops[1] ? LLVMGetMDString(ops[1], &sl) : NULL;
    if (!s || sl != 7 || memcmp(s, "managed", 7) || !ops[0] || !LLVMIsAGlobalVariable(ops[0]) ||
        LLVMGetPointerAddressSpace(LLVMTypeOf(ops[0])) != 1)
      continue;
    uint32_t id = lw_var_of(&L, ops[0]);
    if (id != UINT32_MAX) p->vars[id].managed = 1;
  }
  free(annot);
  if (L.failed) {
    snprintf(err, errlen, "%s: %s", path, L.err);
    goto fail;
  }
  for (uint32_t k = 0; k < p->nkernels; k++)
    if (lw_kernel_facts(p, &p->kernels[k])) goto nomem;
  for (uint32_t i = 0; i < p->nglobalvars; i++) share_init(&p->vars[p->globalvar[i]]);
  p->args_only = !lw_module_forges_pointers(&L);
  LLVMDisposeTargetData(L.td);
  LLVMDisposeModule(L.mod);
  LLVMContextDispose(L.ctx);
  simI_map_free(&L.kmap); simI_map_free(&L.fmap); simI_map_free(&L.gmap);
  simI_map_free(&L.smap); simI_map_free(&L.vmap); simI_map_free(&L.amap);
  simI_map_free(&L.bmap);
  free(L.worklist); free(L.blocks); free(L.bstart); free(L.fix);
  pthread_rwlock_unlock(&llvm_lock);
  if (status) *status = SIMI_OK;
  return p;
nomem:
  st = SIMI_E_NOMEM;
  snprintf(err, errlen, "%s: out of memory", path);
fail:
  if (L.td) LLVMDisposeTargetData(L.td);
  if (L.mod) LLVMDisposeModule(L.mod);
  LLVMContextDispose(L.ctx);
  pthread_rwlock_unlock(&llvm_lock);
  simI_map_free(&L.kmap); simI_map_free(&L.fmap); simI_map_free(&L.gmap);
  simI_map_free(&L.smap); simI_map_free(&L.vmap); simI_map_free(&L.amap);
  simI_map_free(&L.bmap);
  free(L.worklist); free(L.blocks); free(L.bstart); free(L.fix);
  simI_free(p);
  if (status) *status = st;
  return NULL;
}

void simI_free(simI_program *p) {
  if (!p) return;
  free(p->code); free(p->locs); free(p->konst); free(p->aux);
  for (uint32_t i = 0; i < p->nfuncs; i++) {
    free(p->funcs[i].name);
    free(p->funcs[i].param_reg);
    free(p->funcs[i].param_slots);
    free(p->funcs[i].shvars);
  }
  free(p->funcs);
  for (uint32_t i = 0; i < p->nvars; i++) {
    simI_var *v = &p->vars[i];
    free(v->name);
    if (v->cow) {
      munmap(v->init, (size_t)v->size);
      close(v->cow_fd);
    } else {
      free(v->init);
    }
  }
  free(p->vars);
  free(p->globalvar); free(p->sharedvar); free(p->constvar);
  for (uint32_t k = 0; k < p->nkernels; k++) {
    simI_kernel_info *ki = &p->kernels[k].info;
    free((char *)ki->demangled);
    free((char *)ki->pretty);
    for (unsigned i = 0; i < ki->nparams; i++) {
      if (ki->params[i].name && ki->params[i].name[0]) free((char *)ki->params[i].name);
      free((simI_field *)ki->params[i].fields);
      free((int64_t *)ki->params[i].enums);
    }
    free((simI_param *)ki->params);
    free((simI_texref *)ki->texrefs);
    free(p->kernels[k].unsupported);
    free(p->kernels[k].shoff);
  }
  free(p->kernels);
  for (uint32_t i = 0; i < p->nstrings; i++) free(p->strings[i]);
  free(p->strings);
  free(p->path);
  free(p);
}
