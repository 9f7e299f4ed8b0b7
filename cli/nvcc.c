/*
 * simulee cli: an nvcc-compatible driver. A toolkit root that simulee
 * installs (bin/nvcc: simulee itself, include/: simulee's CUDA headers,
 * lib64/: the runtime library as libcudart, libcublas, libcurand, ...) lets
 * build systems that expect NVIDIA's toolkit build a project against
 * simulee's CUDA runtime on the CPU: CMake's CUDA language with
 * CMAKE_CUDA_COMPILER=ROOT/bin/nvcc (FindCUDAToolkit, CUDA::cudart,
 * CUDA::cublas), or a Makefile with NVCC=ROOT/bin/nvcc. Each .cu file is
 * compiled as `simulee run` compiles it (cli/prog.c: the device side to
 * bitcode embedded in the host object); links add the runtime library, so
 * every built program checks its launches when it runs.
 *
 * nvcc's options are translated: -c, -o, -I, -D, -U, -isystem, -include,
 * -std, -O, -g, -G, -lineinfo, -arch/-code/-gencode (the first sm_NN is
 * the device target), -Xcompiler/-Xlinker (host compiler and linker
 * flags), -L/-l, -x cu, -MD/-MMD/-MT/-MF (dependency files), -shared;
 * accepted with no effect: --expt-relaxed-constexpr, --extended-lambda,
 * -rdc=true and -dc (relocatable device code: the device code of every
 * such file of the program is linked when it runs; -dlink makes an empty
 * object), -Xptxas,
 * -Xnvlink, -Xcudafe, -maxrregcount, --use_fast_math, -ccbin, --keep,
 * -t, --diag-suppress, -cudart, -Wno-deprecated-gpu-targets. Other options
 * starting with '-' go to the host compiler, as with
 * -forward-unknown-to-host-compiler. -v prints the "#$ NAME=VALUE" lines
 * and commands nvcc prints, which CMake reads to find the toolkit (TOP,
 * INCLUDES, LIBRARIES, the architecture, the link command).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/report.h"
#include "simulee/runtime.h"

#ifndef SIMULEE_TOOLKIT_DIR
#define SIMULEE_TOOLKIT_DIR "."
#endif

#pragma GCC diagnostic ignored "-Wformat-truncation"

static int suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

/* The toolkit root: the folder above the folder of the nvcc the build
 * system ran (argv0 with a '/'), else $SIMULEE_TOOLKIT, else the installed
 * or built one. */
static void toolkit_root(const char *argv0, char *out, size_t len) {
  char buf[PATH_MAX];
  if (strchr(argv0, '/')) {
    snprintf(buf, sizeof buf, "%s", argv0);
    char *d = dirname(buf);
    char up[PATH_MAX + 4];
    snprintf(up, sizeof up, "%s/..", d);
    if (realpath(up, out)) return;
  }
  simC_lib_dir("SIMULEE_TOOLKIT", "toolkit", SIMULEE_TOOLKIT_DIR, out, len);
}

/* sm_NN of an -arch/-code/-gencode value (compute_NN or sm_NN anywhere in
 * it), into arch; 0 when none. */
static int arch_of(const char *v, char *arch, size_t len) {
  const char *p = strstr(v, "sm_");
  if (!p) p = strstr(v, "compute_");
  if (!p) return 0;
  p = strchr(p, '_') + 1;
  int n = atoi(p);
  if (n < 30) return 0;
  snprintf(arch, len, "sm_%d", n);
  return 1;
}

/* The value of option a (at argv[*i]) named by one of the names: "-name=V"
 * or "-name V" (then *i advances). NULL when a is not the option; *missing
 * set when the value is absent. */
static const char *value(char **argv, int argc, int *i, const char *const *names, int *missing) {
  const char *a = argv[*i];
  for (; *names; names++) {
    size_t n = strlen(*names);
    if (strncmp(a, *names, n)) continue;
    if (a[n] == '=') return a + n + 1;
    if (a[n]) continue;
    if (*i + 1 >= argc) {
      *missing = 1;
      return NULL;
    }
    return argv[++*i];
  }
  return NULL;
}

#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Append a split copy of a comma-separated -Xcompiler value to list. */
static void add_split(char **list, unsigned *n, const char *v, const char *prefix) {
  char *copy = strdup(v);
  if (!copy) return;
  for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
    /* nvcc drops the quotes of a value (FindCUDA passes -Xcompiler ,\"-g\") */
    size_t tl = strlen(tok);
    if (tl >= 2 && tok[0] == '"' && tok[tl - 1] == '"') tok[tl - 1] = 0, tok++;
    if (!*tok) continue;
    char *t = malloc(strlen(prefix) + strlen(tok) + 1);
    if (!t) break;
    sprintf(t, "%s%s", prefix, tok);
    list[(*n)++] = t;
  }
  free(copy);
}

static const char USAGE[] =
    "usage: simulee nvcc [nvcc options] FILE... (or TOOLKIT/bin/nvcc, a link to simulee)\n"
    "\n"
    "An nvcc-compatible compiler driver: builds .cu, .cpp and .c files and links\n"
    "programs against simulee's CUDA runtime on the CPU, so build systems that\n"
    "expect NVIDIA's toolkit (CMake with CMAKE_CUDA_COMPILER=TOOLKIT/bin/nvcc, a\n"
    "Makefile with NVCC=TOOLKIT/bin/nvcc) build programs that check every launch\n"
    "when they run. TOOLKIT is PREFIX/lib/simulee/toolkit (build/toolkit in a\n"
    "build tree).\n"
    "\n"
    "Translated:\n"
    "  -c, -o FILE          compile only; the output\n"
    "  -I, -D, -U, -isystem, -include, -std\n"
    "                       preprocessor and language flags\n"
    "  -O0..-O3             optimisation (device code: -O2 when not given)\n"
    "  -arch, -code, -gencode\n"
    "                       the first sm_NN or compute_NN is the device target\n"
    "  -rdc=true, -dc       relocatable device code: kernels may call extern\n"
    "                       __device__ functions of other files (linked when the\n"
    "                       program runs); -dlink makes an empty object\n"
    "  -Xcompiler, -Xlinker, -L, -l, -shared\n"
    "                       host compiler and linker flags\n"
    "  -MD, -MMD, -MT, -MF  dependency files\n"
    "  -E, -M, -MM          the host pass preprocessed, its dependencies (all, or\n"
    "                       without system headers), to -o FILE or stdout\n"
    "  -fatbin, -cubin, -ptx the device code alone (NAME.fatbin, .cubin, .ptx or -o\n"
    "                       FILE): simulee's GPU binary, which cuModuleLoad and\n"
    "                       cuModuleLoadData load (compiled unoptimized: every\n"
    "                       __device__/__constant__ variable stays, static or not)\n"
    "  -cuda                the host pass preprocessed, as NAME.cu.cpp.ii\n"
    "  --options-file F, @F response files\n"
    "  -v                   nvcc's #$ lines (what CMake reads)\n"
    "  --dryrun             the #$ lines and the steps, nothing run\n"
    "  --version            nvcc's version lines (release 12.0)\n"
    "\n"
    "Accepted with no effect: -g, -G, -lineinfo (host code is always built with\n"
    "-g), --expt-relaxed-constexpr, --extended-lambda, -Xptxas, -Xnvlink,\n"
    "-maxrregcount, --use_fast_math, -ccbin, --keep. Other options go to the host\n"
    "compiler.\n";

static void print_version(void) {
  printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
         "simulee's nvcc-compatible driver: clang-19 with simulee's CUDA headers, programs\n"
         "linked with simulee's CUDA runtime on the CPU\n"
         "Cuda compilation tools, release 12.0, V12.0.140\n"
         "Build simulee_%s\n",
         SIMULEE_VERSION);
}

/* An error about argv word i: "nvcc fatal   : " then msg (a format with
 * one %s, the word) for a command-line word; a word of an options file
 * (cli/optfile.c) is named by its file and byte offset, never quoted (the
 * file may be anything readable, /etc/shadow): "FILE: byte N: " then
 * file_msg. */
static void word_fatal(const simC_optwords *ow, int i, const char *file_msg, const char *msg,
                       const char *word) {
  char where[PATH_MAX + 64];
  fprintf(stderr, "nvcc fatal   : ");
  if (simC_optwords_where(ow, (unsigned)i, where, sizeof where))
    fprintf(stderr, "%s: %s\n", where, file_msg);
  else {
    char esc[8192]; /* a word holding "\n::error ..." starts no line */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    fprintf(stderr, msg, simD_text_esc(word, 0, esc, sizeof esc));
#pragma GCC diagnostic pop
    fputc('\n', stderr);
  }
}

/* clang's messages in file path onto stderr, every source file name in them
 * escaped as simulee's own lines escape names (a name holding a newline
 * and "::error ..." must not start a line of a CI log). */
static void print_messages(const char *path, char *const *srcs, unsigned nsrc) {
  FILE *f = fopen(path, "r");
  if (!f) return;
  char *text = malloc(65536);
  size_t n = text ? fread(text, 1, 65535, f) : 0;
  fclose(f);
  if (!text) return;
  text[n] = 0;
  for (size_t i = 0; i < n;) {
    const char *hit = NULL;
    size_t hl = 0;
    for (unsigned k = 0; k < nsrc; k++) {
      size_t l = strlen(srcs[k]);
      if (l > hl && l <= n - i && !memcmp(text + i, srcs[k], l)) hit = srcs[k], hl = l;
    }
    if (hit) {
      char esc[8192];
      fputs(simD_text_esc(hit, SIMD_ESC_PATH, esc, sizeof esc), stderr);
      i += hl;
      continue;
    }
    size_t e = strcspn(text + i, "\n") + 1; /* the rest of the line, escaped */
    size_t run = 0;
    while (run < e && i + run < n) {
      int starts = 0;
      for (unsigned k = 0; k < nsrc && !starts; k++)
        starts = *srcs[k] && !strncmp(text + i + run, srcs[k], strlen(srcs[k]));
      if (starts) break;
      run++;
    }
    if (!run) run = 1;
    char piece[4096], esc[16400];
    for (size_t o = 0; o < run;) {
      size_t c = run - o < sizeof piece - 1 ? run - o : sizeof piece - 1;
      memcpy(piece, text + i + o, c);
      piece[c] = 0;
      int nl = c && piece[c - 1] == '\n';
      if (nl) piece[c - 1] = 0;
      fputs(simD_text_esc(piece, SIMD_ESC_TAB, esc, sizeof esc), stderr);
      if (nl) fputc('\n', stderr);
      o += c;
    }
    i += run;
  }
  free(text);
}

/* nvcc -E / -M / -MM: each source's host pass preprocessed (clang's flag
 * pp), into out or onto stdout. 0 or 1. */
static int preprocess(char **srcs, unsigned nsrc, const char *out, const char *pp, char **cflags,
                      unsigned nc, char **host, unsigned nhost, int as_cu, const char *arch) {
  simC_options co;
  memset(&co, 0, sizeof co);
  co.arch = arch;
  co.cflags = cflags;
  co.ncflags = nc;
  co.as_cu = as_cu;
  co.pp = pp;
  char err[4096];
  if (simC_prog_limits(NULL, NULL, &co, err, sizeof err) < 0) {
    fprintf(stderr, "nvcc fatal   : %s\n", err);
    return 1;
  }
  const char *tmp = getenv("TMPDIR");
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/simulee-nvcc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    fprintf(stderr, "nvcc (simulee): cannot make a temporary folder: %s\n", strerror(errno));
    return 1;
  }
  char errpath[PATH_MAX + 16], res[PATH_MAX + 16], esc[8192];
  snprintf(errpath, sizeof errpath, "%s/clang.err", dir);
  snprintf(res, sizeof res, "%s/out", dir);
  int rc = 0;
  FILE *dst = NULL;
  if (out && !(dst = fopen(out, "w"))) {
    fprintf(stderr, "nvcc fatal   : Could not open output file '%s': %s\n",
            simD_text_esc(out, SIMD_ESC_PATH, esc, sizeof esc), strerror(errno));
    rc = 1;
  }
  for (unsigned k = 0; !rc && k < nsrc; k++) {
    int crc = simC_prog_compile(srcs[k], res, NULL, &co, host, nhost, errpath, err, sizeof err);
    if (crc < 0) {
      if (simC_stopped()) simC_die_stopped();
      print_messages(errpath, srcs, nsrc); /* clang's messages */
      fprintf(stderr, "nvcc (simulee): error: %s\n", simD_text_esc(err, 0, esc, sizeof esc));
      rc = crc == -2 ? SIMC_EXIT_INCOMPLETE : 1;
      break;
    }
    FILE *f = fopen(res, "r");
    char buf[65536];
    size_t got;
    while (f && (got = fread(buf, 1, sizeof buf, f)) > 0)
      if (fwrite(buf, 1, got, dst ? dst : stdout) != got) rc = 1;
    if (f) fclose(f);
    unlink(res);
  }
  if (dst && fclose(dst) != 0) rc = 1;
  if (fflush(stdout) != 0) rc = 1;
  unlink(errpath);
  rmdir(dir);
  return rc;
}

/* src opened to read and dst to write (binary): 0, or -1 with errno and
 * neither open. */
static int open_pair(const char *src, const char *dst, FILE **in, FILE **o) {
  *in = fopen(src, "rb");
  if (!*in) return -1;
  *o = fopen(dst, "wb");
  if (*o) return 0;
  int e = errno;
  fclose(*in);
  errno = e;
  return -1;
}

/* Copy file src to dst. 0, or -1 with errno. */
static int copy_file(const char *src, const char *dst) {
  FILE *in, *o;
  if (open_pair(src, dst, &in, &o) < 0) return -1;
  char buf[65536];
  size_t got;
  int ok = 1;
  while ((got = fread(buf, 1, sizeof buf, in)) > 0)
    if (fwrite(buf, 1, got, o) != got) ok = 0;
  if (ferror(in)) ok = 0;
  fclose(in);
  if (fclose(o) != 0) ok = 0;
  if (!ok && !errno) errno = EIO;
  return ok ? 0 : -1;
}

/* Copy file src to dst as text (SIMR_PTX_TEXT, then base64 lines): what
 * -ptx writes, for programs that read a .ptx file into a C string. */
static int copy_as_text(const char *src, const char *dst) {
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  FILE *in, *o;
  if (open_pair(src, dst, &in, &o) < 0) return -1;
  int ok = fputs(SIMR_PTX_TEXT, o) >= 0, col = 0;
  unsigned char t[3];
  size_t got;
  while ((got = fread(t, 1, 3, in)) > 0) {
    unsigned v = (unsigned)t[0] << 16 | (got > 1 ? (unsigned)t[1] << 8 : 0) | (got > 2 ? t[2] : 0);
    char q[4] = {b64[v >> 18], b64[(v >> 12) & 63], got > 1 ? b64[(v >> 6) & 63] : '=',
                 got > 2 ? b64[v & 63] : '='};
    if (fwrite(q, 1, 4, o) != 4) ok = 0;
    if ((col += 4) == 76) col = 0, fputc('\n', o);
  }
  if (col) fputc('\n', o);
  if (ferror(in)) ok = 0;
  fclose(in);
  if (fclose(o) != 0) ok = 0;
  if (!ok && !errno) errno = EIO;
  return ok ? 0 : -1;
}
static const char *obj_of(const char *o) { return o ? o : ""; }

int simC_nvcc_main(int argc0, char **argv0) {
  char root[PATH_MAX], err[4096];
  toolkit_root(argv0[0], root, sizeof root);
  /* response files: --options-file F, -optf F, @F (cli/optfile.c) */
  simC_optwords ow;
  simC_optwords_init(&ow);
  for (int i = 0; i < argc0; i++) {
    const char *rsp = NULL;
    if (i && (!strcmp(argv0[i], "--options-file") || !strcmp(argv0[i], "-optf")) && i + 1 < argc0)
      rsp = argv0[++i];
    else if (i && argv0[i][0] == '@')
      rsp = argv0[i] + 1;
    if (rsp ? simC_optwords_read(&ow, rsp, err, sizeof err) < 0
            : simC_optwords_add(&ow, argv0[i]) < 0) {
      fprintf(stderr, "nvcc fatal   : %s\n", rsp ? err : "out of memory");
      simC_optwords_free(&ow);
      return SIMC_EXIT_USAGE;
    }
  }
  char **argv = ow.w;
  unsigned na = ow.n;
  int argc = (int)na;
  unsigned cap = (unsigned)argc * 4 + 64; /* and one more per comma of a list value */
  for (int i = 0; i < argc; i++)
    for (const char *c = argv[i]; *c; c++) cap += *c == ',';
  char **srcs = calloc(cap, sizeof *srcs), **inputs = calloc(cap, sizeof *inputs);
  char **host = calloc(cap, sizeof *host), **lflags = calloc(cap, sizeof *lflags);
  char **cflags = calloc(cap, sizeof *cflags);
  unsigned nsrc = 0, nin = 0, nhost = 0, nl = 0, nc = 0;
  const char *out = NULL;
  int as_cu = 0;
  const char *pp = NULL; /* -E, -M, -MM: what clang does instead of compiling */
  int compile_only = 0, rdc = 0, dlink = 0, verbose = 0, opt = -1, rc = SIMC_EXIT_USAGE, missing = 0, dryrun = 0;
  /* -fatbin / -cubin / -ptx: the device code alone, as the file a driver
   * API program loads (cuModuleLoad, cuModuleLoadData): simulee's GPU
   * binary (the kernels' bitcode), whatever the extension */
  const char *devbin = NULL;
  int cuda_ii = 0; /* -cuda */
  char ii_out[PATH_MAX + 16];
  char arch[32] = "";
  if (!srcs || !inputs || !host || !lflags || !cflags) {
    fprintf(stderr, "nvcc (simulee): out of memory\n");
    goto done;
  }
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    const char *v;
    if (a[0] != '-') {
      if (suffix(a, ".cu") || suffix(a, ".c") || suffix(a, ".cc") || suffix(a, ".cpp") ||
          suffix(a, ".cxx") || suffix(a, ".C"))
        srcs[nsrc++] = a;
      else if (suffix(a, ".o") || suffix(a, ".a") || strstr(a, ".so"))
        inputs[nin++] = a;
      else {
        word_fatal(&ow, i, "Don't know what to do with this word",
                   "Don't know what to do with '%s'", a);
        goto done;
      }
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(USAGE, stdout);
      rc = SIMC_EXIT_OK;
      goto done;
    } else if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
      print_version();
      rc = SIMC_EXIT_OK;
      goto done;
    } else if (!strcmp(a, "-c") || !strcmp(a, "--compile")) {
      compile_only = 1;
    } else if (!strcmp(a, "-dc") || !strcmp(a, "--device-c")) {
      compile_only = 1;
      rdc = 1;
    } else if ((v = value(argv, argc, &i, NAMES("-rdc", "--relocatable-device-code"),
                          &missing))) {
      rdc = !strcmp(v, "true");
    } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
      verbose = 1;
    } else if (!strcmp(a, "--dryrun") || !strcmp(a, "-dryrun")) {
      dryrun = verbose = 1;
    } else if (a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      opt = a[2] - '0';
    } else if ((v = value(argv, argc, &i, NAMES("-o", "--output-file"), &missing))) {
      out = v;
    } else if ((a[1] == 'I' || a[1] == 'D' || a[1] == 'U') && a[2]) {
      cflags[nc++] = a;
    } else if ((v = value(argv, argc, &i, NAMES("-I", "--include-path"), &missing))) {
      add_split(cflags, &nc, v, "-I");
    } else if ((v = value(argv, argc, &i, NAMES("-D", "--define-macro"), &missing))) {
      add_split(cflags, &nc, v, "-D");
    } else if ((v = value(argv, argc, &i, NAMES("-U", "--undefine-macro"), &missing))) {
      add_split(cflags, &nc, v, "-U");
    } else if ((v = value(argv, argc, &i, NAMES("-isystem", "--system-include"), &missing))) {
      add_split(cflags, &nc, v, "-isystem");
    } else if ((v = value(argv, argc, &i, NAMES("-include", "--pre-include"), &missing))) {
      host[nhost++] = "-include";
      host[nhost++] = (char *)v;
    } else if ((v = value(argv, argc, &i, NAMES("-std", "--std"), &missing))) {
      char *s = malloc(strlen(v) + 8);
      if (s) sprintf(s, "--std=%s", v), cflags[nc++] = s;
    } else if ((v = value(argv, argc, &i, NAMES("-x", "--x"), &missing))) {
      if (strcmp(v, "cu") && strcmp(v, "c++") && strcmp(v, "c")) {
        word_fatal(&ow, i, "this -x language is not supported by simulee's nvcc",
                   "-x %s is not supported by simulee's nvcc", v);
        goto done;
      }
      as_cu = !strcmp(v, "cu"); /* .cpp and .c files compiled as CUDA */
    } else if ((v = value(argv, argc, &i,
                          NAMES("-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
                                "--generate-code"),
                          &missing))) {
      if (!*arch) arch_of(v, arch, sizeof arch);
    } else if ((v = value(argv, argc, &i, NAMES("-Xcompiler", "--compiler-options"), &missing))) {
      add_split(host, &nhost, v, "");
    } else if ((v = value(argv, argc, &i, NAMES("-Xlinker", "--linker-options"), &missing))) {
      add_split(lflags, &nl, v, "-Wl,");
    } else if ((v = value(argv, argc, &i, NAMES("-L", "--library-path"), &missing))) {
      add_split(lflags, &nl, v, "-L");
    } else if ((v = value(argv, argc, &i, NAMES("-l", "--library"), &missing))) {
      add_split(lflags, &nl, v, "-l");
    } else if (!strncmp(a, "-L", 2) || !strncmp(a, "-l", 2) || !strncmp(a, "-Wl,", 4)) {
      lflags[nl++] = a;
    } else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") ||
               !strcmp(a, "--generate-dependencies-with-compile") ||
               !strcmp(a, "--generate-nonsystem-dependencies-with-compile")) {
      host[nhost++] = a[1] != '-' ? a : strstr(a, "nonsystem") ? "-MMD" : "-MD";
    } else if ((v = value(argv, argc, &i, NAMES("--dependency-output"), &missing))) {
      host[nhost++] = "-MF";
      host[nhost++] = (char *)v;
    } else if ((v = value(argv, argc, &i, NAMES("--dependency-target-name"), &missing))) {
      host[nhost++] = "-MT";
      host[nhost++] = (char *)v;
    } else if ((v = value(argv, argc, &i, NAMES("-MT", "-MF", "-MQ"), &missing))) {
      host[nhost++] = strndup(a, 3); /* -MT, -MF or -MQ */
      host[nhost++] = (char *)v;
    } else if (!strcmp(a, "-g") || !strcmp(a, "--debug") || !strcmp(a, "-G") ||
               !strcmp(a, "--device-debug") || !strcmp(a, "-lineinfo") ||
               !strcmp(a, "--generate-line-info")) {
      /* host code is always built with -g; device lines are always known */
    } else if (!strcmp(a, "-shared") || !strcmp(a, "--shared")) {
      lflags[nl++] = "-shared";
    } else if (value(argv, argc, &i,
                     NAMES("-Xptxas", "--ptxas-options",
                           "-Xnvlink", "--nvlink-options", "-Xcudafe", "-maxrregcount",
                           "--maxrregcount", "-ccbin", "--compiler-bindir", "--keep-dir",
                           "-keep-dir", "-t", "--threads", "--diag-suppress", "-diag-suppress",
                           "-cudart", "--cudart", "--default-stream", "-default-stream",
                           "-m", "--machine"),
                     &missing) ||
               missing) {
      /* nothing to do on the CPU */
    } else if (!strcmp(a, "--expt-relaxed-constexpr") || !strcmp(a, "-expt-relaxed-constexpr") ||
               !strcmp(a, "--expt-extended-lambda") || !strcmp(a, "-expt-extended-lambda") ||
               !strcmp(a, "--extended-lambda") || !strcmp(a, "-extended-lambda") ||
               !strcmp(a, "--keep") || !strcmp(a, "-keep") || !strcmp(a, "-use_fast_math") ||
               !strcmp(a, "--use_fast_math") || !strcmp(a, "-Wno-deprecated-gpu-targets") ||
               !strcmp(a, "-forward-unknown-to-host-compiler") ||
               !strcmp(a, "--forward-unknown-to-host-compiler") || !strcmp(a, "-w") ||
               !strcmp(a, "--resource-usage") || !strcmp(a, "-res-usage") ||
               !strcmp(a, "-m64") || !strncmp(a, "-Werror=", 8) || !strncmp(a, "--Werror=", 9)) {
      if (!strcmp(a, "-w")) host[nhost++] = a;
    } else if (!strcmp(a, "-dlink") || !strcmp(a, "--device-link")) {
      dlink = 1;
    } else if (!strcmp(a, "-E") || !strcmp(a, "--preprocess")) {
      pp = "-E";
    } else if (!strcmp(a, "-M") || !strcmp(a, "--generate-dependencies")) {
      pp = "-M";
    } else if (!strcmp(a, "-MM") || !strcmp(a, "--generate-nonsystem-dependencies")) {
      pp = "-MM";
    } else if (!strcmp(a, "-ptx") || !strcmp(a, "--ptx") || !strcmp(a, "-cubin") ||
               !strcmp(a, "--cubin") || !strcmp(a, "-fatbin") || !strcmp(a, "--fatbin")) {
      devbin = strstr(a, "ptx") ? ".ptx" : strstr(a, "cubin") ? ".cubin" : ".fatbin";
    } else if (!strcmp(a, "-cuda") || !strcmp(a, "--cuda")) {
      /* the host code as NAME.cu.cpp.ii: the host pass preprocessed */
      pp = "-E";
      cuda_ii = 1;
    } else {
      host[nhost++] = a; /* a host compiler option */
    }
    if (missing) {
      word_fatal(&ow, i, "this option needs a value", "Option '%s' needs a value", a);
      goto done;
    }
  }
  char lib[PATH_MAX + 8], inc[PATH_MAX + 16], ldir[PATH_MAX + 8], rpath[PATH_MAX + 16];
  snprintf(lib, sizeof lib, "%s/lib64", root);
  snprintf(ldir, sizeof ldir, "-L%s", lib);
  snprintf(rpath, sizeof rpath, "-Wl,-rpath,%s", lib);
  snprintf(inc, sizeof inc, "%s/include", root);
  if (verbose) { /* what CMake reads from nvcc -v */
    const char *path = getenv("PATH");
    fprintf(stderr,
            "#$ _NVVM_BRANCH_=nvvm\n#$ _HERE_=%s/bin\n#$ _THERE_=%s/bin\n#$ TOP=%s\n"
            "#$ NVVMIR_LIBRARY_DIR=%s/nvvm/libdevice\n#$ PATH=%s/bin:%s\n"
            "#$ INCLUDES=\"-I%s\"  \n#$ LIBRARIES=  \"-L%s\"\n",
            root, root, root, root, root, path ? path : "", inc, lib);
    char esc[8192];
    for (unsigned k = 0; k < nsrc; k++)
      if (suffix(srcs[k], ".cu"))
        fprintf(stderr, "#$ simulee-device -arch compute_%s \"%s\"\n",
                *arch ? arch + 3 : "70", simD_text_esc(srcs[k], 0, esc, sizeof esc));
  }
  simC_options co;
  memset(&co, 0, sizeof co);
  if (simC_prog_limits(NULL, NULL, &co, err, sizeof err) < 0) {
    fprintf(stderr, "nvcc fatal   : %s\n", err);
    goto done;
  }
  simC_stop_on_signals();
  /* -o onto an input would overwrite it */
  struct stat so, si;
  for (unsigned k = 0; out && stat(out, &so) == 0 && k < nsrc + nin; k++) {
    const char *in = k < nsrc ? srcs[k] : inputs[k - nsrc];
    if (stat(in, &si) == 0 && so.st_dev == si.st_dev && so.st_ino == si.st_ino) {
      char e1[4096], e2[4096];
      fprintf(stderr, "nvcc fatal   : -o %s is the input file %s (it would be overwritten)\n",
              simD_text_esc(out, SIMD_ESC_PATH, e1, sizeof e1),
              simD_text_esc(in, SIMD_ESC_PATH, e2, sizeof e2));
      goto done;
    }
  }
  if (dlink && !nsrc) {
    /* the device link of -rdc objects happens when the program runs (the
     * runtime links their device code): an empty object stands for it */
    char *cmd[] = {(char *)simC_clang(), "-x", "c", "-c", "/dev/null", "-o",
                   (char *)(out ? out : "a_dlink.o"), NULL};
    rc = simC_prog_tool(cmd, NULL, &co) == 0 ? SIMC_EXIT_OK : 1;
    goto done;
  }
  if (!nsrc && !nin) {
    if (verbose || dryrun) rc = 1;
    else fprintf(stderr, "nvcc fatal   : No input files specified; use option --help for more information\n");
    goto done;
  }
  if (cuda_ii && !out && nsrc == 1) { /* nvcc -cuda: NAME.cu.cpp.ii in the working folder */
    char b[PATH_MAX];
    snprintf(b, sizeof b, "%s", srcs[0]);
    snprintf(ii_out, sizeof ii_out, "%s.cpp.ii", basename(b));
    out = ii_out;
  }
  if (pp) { /* -E, -M, -MM: the host pass preprocessed, to -o FILE or stdout */
    rc = preprocess(srcs, nsrc, out, pp, cflags, nc, host, nhost, as_cu, *arch ? arch : NULL);
    goto done;
  }
  if (dryrun) { /* the steps, none run */
    char esc[8192];
    for (unsigned k = 0; k < nsrc; k++)
      fprintf(stderr, "#$ %s -c \"%s\"\n", simC_clang(), simD_text_esc(srcs[k], 0, esc, sizeof esc));
    if (!compile_only)
      fprintf(stderr, "#$ %s --driver-mode=g++ -o \"%s\" \"-L%s\" -lcudart\n", simC_clang(),
              simD_text_esc(out ? out : "a.out", 0, esc, sizeof esc), lib);
    rc = SIMC_EXIT_OK;
    goto done;
  }
  if ((compile_only || devbin) && out && nsrc > 1) {
    fprintf(stderr, "nvcc fatal   : A single input file is required for a non-link phase when an "
                    "outputfile is specified\n");
    goto done;
  }
  co.opt_level = opt < 0 ? 2 : opt;
  /* a GPU binary for the driver API keeps every variable: the host may set
   * a static __constant__ one by name (cuModuleGetGlobal), which clang's
   * optimizer would fold to its initializer (no host code of the file uses
   * it); the bitcode is optimized with every variable kept (simC_keep_globals:
   * unoptimized, its checked launches ran 10x the instructions) */
  if (devbin) co.keep_globals = 1;
  co.arch = *arch ? arch : NULL;
  co.cflags = cflags;
  co.ncflags = nc;
  co.rdc = rdc;
  co.as_cu = as_cu;
  char olevel[8];
  snprintf(olevel, sizeof olevel, "-O%d", opt < 0 ? 0 : opt);
  host[nhost++] = olevel;
  const char *tmp = getenv("TMPDIR");
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/simulee-nvcc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    fprintf(stderr, "nvcc (simulee): cannot make a temporary folder: %s\n", strerror(errno));
    goto done;
  }
  char errpath[PATH_MAX + 16], blob[PATH_MAX + 16];
  snprintf(errpath, sizeof errpath, "%s/clang.err", dir);
  snprintf(blob, sizeof blob, "%s/gpu.bin", dir);
  char **objs = calloc(nsrc + 1, sizeof *objs);
  int ok = objs != NULL, limit = 0;
  for (unsigned k = 0; ok && k < nsrc; k++) {
    char obj[PATH_MAX + 32];
    if (compile_only && out) {
      snprintf(obj, sizeof obj, "%s", out);
    } else if (compile_only) { /* name.o in the working folder */
      char b[PATH_MAX];
      snprintf(b, sizeof b, "%s", srcs[k]);
      char *base = basename(b), *dot = strrchr(base, '.');
      if (dot) *dot = 0;
      snprintf(obj, sizeof obj, "%s.o", base);
    } else {
      snprintf(obj, sizeof obj, "%s/%u.o", dir, k);
    }
    if (devbin) /* the object is a by-product */
      snprintf(obj, sizeof obj, "%s/%u.o", dir, k);
    objs[k] = strdup(obj);
    /* CMake's compiler identification needs nvcc's own macro */
    char b[PATH_MAX];
    snprintf(b, sizeof b, "%s", srcs[k]);
    int id = !strncmp(basename(b), "CMakeCUDACompilerId", 19);
    if (id) host[nhost] = "-D__NVCC__";
    int crc = objs[k] ? simC_prog_compile(srcs[k], obj, blob, &co, host, nhost + (unsigned)id,
                                          errpath, err, sizeof err) : -1;
    if (crc < 0 && simC_stopped()) {
      ok = 0;
      break;
    }
    if (crc < 0) {
      print_messages(errpath, srcs, nsrc); /* clang's messages */
      char esc[8192];
      fprintf(stderr, "nvcc (simulee): error: %s\n",
              objs[k] ? simD_text_esc(err, 0, esc, sizeof esc) : "out of memory");
      ok = 0;
      limit |= crc == -2;
    }
    if (ok && devbin) {
      char dst[PATH_MAX + 16], b[PATH_MAX];
      if (out) {
        snprintf(dst, sizeof dst, "%s", out);
      } else { /* NAME.fatbin (.cubin, .ptx) in the working folder */
        snprintf(b, sizeof b, "%s", srcs[k]);
        char *base = basename(b), *dot = strrchr(base, '.');
        if (dot) *dot = 0;
        snprintf(dst, sizeof dst, "%s%s", base, devbin);
      }
      if (!suffix(srcs[k], ".cu") && !as_cu) {
        char esc[8192];
        fprintf(stderr, "nvcc fatal   : %s needs a .cu file (%s has no device code)\n", devbin + 1,
                simD_text_esc(srcs[k], SIMD_ESC_PATH, esc, sizeof esc));
        ok = 0;
      } else if ((strcmp(devbin, ".ptx") ? copy_file(blob, dst) : copy_as_text(blob, dst)) < 0) {
        char esc[8192];
        fprintf(stderr, "nvcc fatal   : Could not write output file '%s': %s\n",
                simD_text_esc(dst, SIMD_ESC_PATH, esc, sizeof esc), strerror(errno));
        ok = 0;
      }
      unlink(obj_of(objs[k]));
    }
    unlink(blob);
  }
  if (ok && !compile_only && !devbin) { /* link, with the runtime library */
    char **link = calloc(nsrc + nin + nl + nhost + 16, sizeof *link);
    unsigned n = 0;
    ok = link != NULL;
    if (ok) {
      link[n++] = (char *)simC_clang();
      link[n++] = "--driver-mode=g++";
      for (unsigned k = 0; k < nsrc; k++) link[n++] = objs[k];
      for (unsigned k = 0; k < nin; k++) link[n++] = inputs[k];
      link[n++] = "-o";
      link[n++] = (char *)(out ? out : "a.out");
      link[n++] = ldir;
      link[n++] = rpath;
      for (unsigned k = 0; k < nl; k++) link[n++] = lflags[k];
      /* the host compiler's -fopenmp (libomp) and -pthread go to the link too */
      for (unsigned k = 0; k < nhost; k++)
        if (!strcmp(host[k], "-fopenmp") || !strncmp(host[k], "-fopenmp=", 9) ||
            !strcmp(host[k], "-pthread"))
          link[n++] = host[k];
      link[n++] = "-lsimulee_cudart";
      link[n++] = "-lm";
      link[n++] = "-lpthread";
      link[n] = NULL;
      if (verbose) { /* the link command as nvcc shows it, launcher first */
        char self[PATH_MAX + 8];
        snprintf(self, sizeof self, "%s/bin/nvcc", root);
        fprintf(stderr, "#$ %s", self);
        char esc[8192];
        for (unsigned k = 3; k < n; k++)
          fprintf(stderr, " \"%s\"", simD_text_esc(link[k], 0, esc, sizeof esc));
        fprintf(stderr, " \"-L%s\" -lcudart\n", lib);
        /* and the host linker's line, as nvcc -v shows the host compiler's
         * link (no "#$": the host compiler prints it): CMake's ABI check reads the toolkit's library folder from it
         * (CMAKE_CUDA_IMPLICIT_LINK_DIRECTORIES, so a CXX-linked target finds
         * -lcudadevrt and -lcudart); unquoted, so that CMake's search for
         * nvcc's own link line (the quoted LIBRARIES) does not take it */
        fprintf(stderr, "/usr/bin/ld -o %s -L%s", out ? out : "a.out", lib);
        for (unsigned k = 0; k < nsrc; k++) fprintf(stderr, " %s", objs[k]);
        for (unsigned k = 0; k < nin; k++) fprintf(stderr, " %s", inputs[k]);
        fprintf(stderr, " -lcudadevrt -lcudart_static -lrt -lpthread -ldl\n");
      }
      int s = simC_prog_tool(link, NULL, &co);
      if (s == -2 || s == -3)
        fprintf(stderr, "nvcc (simulee): error: the link ran past the time limit or out of "
                "memory (SIMULEE_TIME_LIMIT, SIMULEE_MEM_LIMIT)\n");
      limit |= s == -2 || s == -3;
      if (s != 0) ok = 0;
    }
    free(link);
  }
  for (unsigned k = 0; objs && k < nsrc; k++) {
    if (!compile_only && objs[k]) unlink(objs[k]);
    free(objs[k]);
  }
  free(objs);
  unlink(errpath);
  rmdir(dir);
  if (simC_stopped()) simC_die_stopped();
  rc = ok ? SIMC_EXIT_OK : limit ? SIMC_EXIT_INCOMPLETE : 1;
done:
  free(srcs), free(inputs), free(host), free(lflags), free(cflags);
  simC_optwords_free(&ow);
  return rc;
}
