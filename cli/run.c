/*
 * simulee cli: one file. Load (compiling a .cu first), check every selected
 * kernel (simC_check_program: the fixed launch, or the input search for the
 * parts not given), report, dump.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/detect.h"

static void error_line(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  simC_vmessage("error", fmt, ap);
  va_end(ap);
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

static void print_dump(FILE *out, const simD_record *r, const simD_dump *d, int header) {
  char v[64];
  char nb[1024];
  if (header)
    fprintf(out, "# kernel %s param %u\n", simD_text_esc(r->name, SIMD_ESC_PATH, nb, sizeof nb),
            d->param);
  for (uint64_t i = 0; i < d->count; i++) {
    simC_format_elem(d->elem, d->data, i, v, sizeof v);
    fputs(v, out);
    fputc('\n', out);
  }
}

/* Flush a stream and say whether everything written to it arrived: 0, or -1
 * after an error line naming the stream and the reason (a full disk, a closed
 * pipe). */
static int check_written(FILE *f, const char *name, int first_errno) {
  errno = 0;
  int bad = fflush(f) != 0;
  int e = first_errno ? first_errno : errno;
  if (ferror(f)) bad = 1;
  if (!bad) return 0;
  error_line("%s: cannot write the report: %s", name, e ? strerror(e) : "write error");
  clearerr(f);
  return -1;
}

static int use_color(FILE *f, const simC_options *o) {
  if (o->no_color || !isatty(fileno(f))) return 0;
  const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
  if (nc && *nc) return 0;
  return !(term && !strcmp(term, "dumb"));
}

int simC_run_file(const simC_options *o) {
  char err[1024];
  const char *file = o->file;
  if (!file) {
    error_line("no input file (usage: simulee FILE [options], see simulee --help)");
    return SIMC_EXIT_USAGE;
  }
  if (access(file, R_OK) != 0) {
    error_line("%s: %s", file, strerror(errno));
    return SIMC_EXIT_USAGE;
  }
  if (simC_check_input_file(file, err, sizeof err) < 0) {
    error_line("%s", err);
    return SIMC_EXIT_USAGE;
  }
  int is_cu = has_suffix(file, ".cu");
  if (!is_cu && !has_suffix(file, ".bc") && !has_suffix(file, ".ll")) {
    error_line("%s: unknown file type (expected .cu, .bc or .ll)", file);
    return SIMC_EXIT_USAGE;
  }
  if (o->have_grid || o->have_block) {
    simI_dim3 one = {1, 1, 1};
    if (simC_check_launch(o->have_grid ? o->grid : one, o->have_block ? o->block : one, err,
                          sizeof err) < 0) {
      error_line("%s", err);
      return SIMC_EXIT_USAGE;
    }
  }

  /* load */
  char tmp[4096] = "";
  const char *load_path = file;
  simC_hints hints;
  simC_hints_init(&hints);
  simC_options ho = *o; /* o with the launch hints of the host code */
  simC_bounds bounds = {NULL, 0};
  if (is_cu) {
    /* the host side compiles while the device side does; its launches give
     * the launch parts not given (cli/hints.c); if it does not compile,
     * checking goes on without them */
    simC_compile_job hj;
    char herr[1024];
    simC_hints_start(file, o, &hj, herr, sizeof herr);
    char *warns = NULL;
    int crc = simC_compile_cu_warn(file, o, tmp, sizeof tmp, &warns, err, sizeof err);
    if (crc < 0) {
      simC_compile_abort(&hj); /* nothing if none was started */
      error_line("%s", err);
      /* clang over the time or memory limit: not checked, not a usage error */
      return crc == -2 ? SIMC_EXIT_INCOMPLETE : SIMC_EXIT_USAGE;
    }
    /* clang's constant-index warnings become findings (cli/bounds.c) */
    if (simC_bounds_parse(warns, &bounds) == 0 && bounds.n) ho.bounds = &bounds;
    free(warns);
    if (simC_hints_finish(&hj, &hints, herr, sizeof herr) < 0) {
      simC_hints_free(&hints);
      if (o->stats)
        simC_message("stats", "no launch hints from the host code: %s", herr);
    } else {
      ho.hints = &hints;
      if (o->stats)
        simC_message("stats",
                "host code: %u launch site%s of %u kernel%s (%.3f s after "
                "the device compile)",
                hints.nsites, hints.nsites == 1 ? "" : "s", hints.n, hints.n == 1 ? "" : "s",
                hints.seconds);
    }
    load_path = tmp;
  }
  simI_status ls = SIMI_OK;
  err[0] = 0;
  /* a .cu's bitcode is clang's output: no isolated reader */
  simI_program *prog = is_cu ? simI_load_compiled(load_path, &ls, err, sizeof err)
                             : simI_load(load_path, &ls, err, sizeof err);
  if (tmp[0]) unlink(tmp);
  if (!prog) {
    simC_hints_free(&hints);
    simC_bounds_free(&bounds);
    /* the interpreter's message may name the (temporary) path: say the file */
    const char *m = err;
    if (!strncmp(m, load_path, strlen(load_path)) && m[strlen(load_path)] == ':')
      m += strlen(load_path) + 1;
    while (*m == ' ') m++;
    error_line("%s: %s", file, *m ? m : simI_status_name(ls));
    return SIMC_EXIT_USAGE;
  }

  /* which kernels */
  unsigned nk = simI_kernel_count(prog);
  int rc = SIMC_EXIT_OK;
  FILE *out = stdout;
  simD_report rep;
  simD_report_init(&rep);
  if (nk == 0) {
    error_line("%s: no CUDA kernel in the module", file);
    rc = SIMC_EXIT_USAGE;
    goto done;
  }
  if (o->kernel && simI_find_kernel(prog, o->kernel) < 0) {
    char list[512] = "";
    for (unsigned i = 0; i < nk; i++) {
      size_t n = strlen(list);
      snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
               simI_kernel(prog, i)->demangled);
    }
    error_line("%s: no kernel named '%s' (kernels: %s)", file, o->kernel, list);
    rc = SIMC_EXIT_USAGE;
    goto done;
  }

  /* where things go */
  if (o->output) {
    out = fopen(o->output, "w");
    if (!out) {
      error_line("%s: %s", o->output, strerror(errno));
      out = stdout;
      rc = SIMC_EXIT_USAGE;
      goto done;
    }
  }
  int text = o->format == SIMD_FORMAT_TEXT;
  int machine_on_stdout = !text && !o->output;
  int dumps_as_text = !(machine_on_stdout);
  if (o->ndumps && o->format == SIMD_FORMAT_SARIF && machine_on_stdout)
    simC_message("warning", "--dump is not part of SARIF output; use -o "
                    "FILE to get the dump on stdout");
  simD_write_opts wo = {use_color(out, o), o->quiet, 0, NULL, o->verbose};
  int usage_error = 0;
  int out_errno = 0, stdout_errno = 0; /* first write error of out, stdout */

  /* check: the fixed launch, or the search for what is not given */
  if (simC_check_program(&ho, file, prog, &rep, err, sizeof err) < 0) {
    error_line("%s", err);
    rc = SIMC_EXIT_USAGE;
    goto done;
  }
  simD_report_fold(&rep); /* one finding per bug across instantiations */
  int headers = (uint64_t)rep.n * o->ndumps > 1;
  for (unsigned i = 0; i < rep.n; i++) {
    const simD_record *r = &rep.v[i];
    if (r->status != SIMD_STATUS_CHECKED && r->status != SIMD_STATUS_ERROR &&
        !(text && !o->output) && !o->quiet)
      simC_message(NULL, "kernel %s: %s: %s", r->name, simD_status_name(r->status), r->message);
    errno = 0;
    if (text && simD_write_text_record(out, r, &wo) < 0 && !out_errno) out_errno = errno;
    if (dumps_as_text)
      for (unsigned d = 0; d < r->ndumps; d++) print_dump(stdout, r, &r->dumps[d], headers);
    /* keep the first failure's reason (a later flush may not say it) */
    errno = 0;
    if (fflush(out) != 0 && !out_errno) out_errno = errno;
    errno = 0;
    if (out != stdout && fflush(stdout) != 0 && !stdout_errno) stdout_errno = errno;
  }
  errno = 0;
  if (!text && simD_report_write(out, &rep, o->format, &wo) < 0) {
    int e = out_errno ? out_errno : errno;
    error_line("%s: cannot write the report: %s", o->output ? o->output : "stdout",
               e ? strerror(e) : "write error");
    clearerr(out);
    usage_error = 1;
  }
  /* every report and dump line must have arrived (a full disk, a closed pipe:
   * exit 2 with the reason, never a silent pass) */
  if (!usage_error &&
      check_written(out, o->output ? o->output : "stdout", out_errno) < 0)
    usage_error = 1;
  if (!usage_error && out != stdout && check_written(stdout, "stdout", stdout_errno) < 0)
    usage_error = 1;
  rc = usage_error ? SIMC_EXIT_USAGE : simD_report_exit_status_at(&rep, o->fail_on);

done:
  if (out != stdout && fclose(out) != 0) {
    error_line("%s: %s", o->output, strerror(errno));
    rc = SIMC_EXIT_USAGE;
  }
  simD_report_free(&rep);
  simI_free(prog);
  simC_hints_free(&hints);
  simC_bounds_free(&bounds);
  return rc;
}
