/*
 * simulee cli: one file, one fixed launch per kernel. Load (compiling a .cu
 * first), bind the --arg values to each kernel's parameters, run, report,
 * dump.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/detect.h"

/* One kernel's launch, ready to run. */
typedef struct prepared {
  unsigned k;                  /* kernel index */
  const simI_kernel_info *ki;  /* its description */
  simI_arg *args;              /* one per parameter */
  simI_buffer *bufs;           /* launch buffers */
  unsigned nbufs;              /* buffers used */
  int *param_buf;              /* per parameter: buffer index, or -1 */
  unsigned char **raws;        /* per parameter: struct bytes, or NULL */
  char replay[4096];           /* the command that reproduces the run */
} prepared;

static void error_line(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("simulee: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static void prepared_free(prepared *pr) {
  if (pr->bufs)
    for (unsigned i = 0; i < pr->nbufs; i++) free(pr->bufs[i].data);
  if (pr->raws && pr->ki)
    for (unsigned i = 0; i < pr->ki->nparams; i++) free(pr->raws[i]);
  free(pr->bufs);
  free(pr->args);
  free(pr->param_buf);
  free(pr->raws);
  memset(pr, 0, sizeof *pr);
}

static const char *kind_text(const simI_param *p, char *buf, size_t len) {
  switch (p->kind) {
  case SIMI_PARAM_INT: snprintf(buf, len, "i%u", p->bits); break;
  case SIMI_PARAM_FLOAT: snprintf(buf, len, "f%u", p->bits); break;
  case SIMI_PARAM_PTR: snprintf(buf, len, "pointer"); break;
  case SIMI_PARAM_STRUCT:
    snprintf(buf, len, "struct of %u field%s", p->nfields, p->nfields == 1 ? "" : "s");
    break;
  }
  return buf;
}

/* Add a buffer for spec b; returns its index or -1 (message in err). */
static int add_buffer(prepared *pr, const simC_bufspec *b, const char *name,
                      char *err, size_t errlen) {
  void *data = simC_bufspec_make(b);
  if (!data) {
    snprintf(err, errlen, "cannot allocate %llu bytes for %s",
             (unsigned long long)(b->count * simC_elem_size(b->elem)), name);
    return -1;
  }
  simI_buffer *bf = &pr->bufs[pr->nbufs];
  bf->data = data;
  bf->size = b->count * simC_elem_size(b->elem);
  bf->elem = b->elem;
  bf->name = name;
  bf->cap = 0;
  return (int)pr->nbufs++;
}

/* Write a scalar of `bits` bits (1..64) at dst (little-endian). */
static void put_scalar(unsigned char *dst, uint64_t v, unsigned bytes) {
  memcpy(dst, &v, bytes);
}

/* Bind argument text `s` to parameter i of the kernel. */
static int bind_arg(prepared *pr, unsigned i, const char *s, char *err, size_t errlen) {
  const simI_param *p = &pr->ki->params[i];
  simI_arg *a = &pr->args[i];
  simC_argval v;
  char e2[300], kt[64];
  const char *pname = p->name && *p->name ? p->name : NULL;
  char who[200];
  if (pname)
    snprintf(who, sizeof who, "--arg %u ('%s') for parameter '%s' (%s) of %s", i, s,
             pname, kind_text(p, kt, sizeof kt), pr->ki->demangled);
  else
    snprintf(who, sizeof who, "--arg %u ('%s') for parameter %u (%s) of %s", i, s,
             i, kind_text(p, kt, sizeof kt), pr->ki->demangled);
  if (simC_parse_argval(s, &v, e2, sizeof e2) < 0) {
    snprintf(err, errlen, "%s: %s", who, e2);
    return -1;
  }
  int rc = -1;
  pr->param_buf[i] = -1;
  switch (p->kind) {
  case SIMI_PARAM_INT:
  case SIMI_PARAM_FLOAT:
    if (v.kind != SIMC_ARG_NUMBER) {
      snprintf(err, errlen, "%s: expected a number", who);
      break;
    }
    if ((p->kind == SIMI_PARAM_INT
             ? simC_number_to_int(&v.num, p->bits, &a->bits, e2, sizeof e2)
             : simC_number_to_float(&v.num, p->bits, &a->bits, e2, sizeof e2)) < 0) {
      snprintf(err, errlen, "%s: %s", who, e2);
      break;
    }
    rc = 0;
    break;
  case SIMI_PARAM_PTR:
    if (v.kind == SIMC_ARG_NULL) {
      a->bits = 0;
      rc = 0;
    } else if (v.kind == SIMC_ARG_BUFFER) {
      int bi = add_buffer(pr, &v.buf, pname ? pname : "", e2, sizeof e2);
      if (bi < 0) {
        snprintf(err, errlen, "%s: %s", who, e2);
        break;
      }
      a->is_buffer = 1;
      a->buffer = (unsigned)bi;
      a->offset = 0;
      pr->param_buf[i] = bi;
      rc = 0;
    } else {
      snprintf(err, errlen, "%s: expected a buffer TYPE[COUNT] or null", who);
    }
    break;
  case SIMI_PARAM_STRUCT: {
    if (v.kind != SIMC_ARG_STRUCT) {
      snprintf(err, errlen, "%s: expected {...} with %u field%s", who, p->nfields,
               p->nfields == 1 ? "" : "s");
      break;
    }
    if (v.nfields != p->nfields) {
      snprintf(err, errlen, "%s: %u field%s given, the struct has %u", who, v.nfields,
               v.nfields == 1 ? "" : "s", p->nfields);
      break;
    }
    unsigned char *raw = calloc(p->size ? p->size : 1, 1);
    if (!raw) {
      snprintf(err, errlen, "out of memory");
      break;
    }
    pr->raws[i] = raw;
    rc = 0;
    for (unsigned f = 0; f < p->nfields && rc == 0; f++) {
      const simI_field *fd = &p->fields[f];
      const simC_argval *fv = &v.fields[f];
      unsigned bytes = fd->kind == SIMI_PARAM_PTR ? 8 : (fd->bits + 7) / 8;
      uint64_t bits = 0;
      rc = -1;
      if ((uint64_t)fd->offset + bytes > p->size) {
        snprintf(err, errlen, "%s: field %u lies outside the struct", who, f);
      } else if (fd->kind == SIMI_PARAM_PTR) {
        if (fv->kind == SIMC_ARG_NULL) {
          rc = 0;
        } else if (fv->kind == SIMC_ARG_BUFFER) {
          int bi = add_buffer(pr, &fv->buf, pname ? pname : "", e2, sizeof e2);
          if (bi < 0)
            snprintf(err, errlen, "%s: %s", who, e2);
          else {
            bits = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)bi, 0);
            rc = 0;
          }
        } else {
          snprintf(err, errlen, "%s: field %u is a pointer: give a buffer or null", who, f);
        }
      } else if (fv->kind != SIMC_ARG_NUMBER) {
        snprintf(err, errlen, "%s: field %u expects a number", who, f);
      } else if ((fd->kind == SIMI_PARAM_INT
                      ? simC_number_to_int(&fv->num, fd->bits, &bits, e2, sizeof e2)
                      : simC_number_to_float(&fv->num, fd->bits, &bits, e2, sizeof e2)) < 0) {
        snprintf(err, errlen, "%s: field %u: %s", who, f, e2);
      } else {
        rc = 0;
      }
      if (rc == 0) put_scalar(raw + fd->offset, bits, bytes);
    }
    a->raw = raw;
    a->rawlen = p->size;
    break;
  }
  }
  simC_argval_free(&v);
  return rc;
}

/* Counts the buffers the args of a kernel will need (upper bound). */
static unsigned count_buffers(const simC_options *o) {
  unsigned n = 0;
  for (unsigned i = 0; i < o->nargs; i++) {
    n++;
    for (const char *p = o->args[i]; *p; p++) n += *p == ',';
  }
  return n + 1;
}

static int prepare(prepared *pr, const simI_program *prog, unsigned k,
                   const simC_options *o, const char *file, int name_kernel,
                   int hint, char *err, size_t errlen) {
  memset(pr, 0, sizeof *pr);
  pr->k = k;
  pr->ki = simI_kernel(prog, k);
  const simI_kernel_info *ki = pr->ki;
  if (o->nargs != ki->nparams) {
    snprintf(err, errlen, "kernel %s takes %u argument%s, %u --arg given%s",
             ki->pretty && *ki->pretty ? ki->pretty : ki->demangled, ki->nparams,
             ki->nparams == 1 ? "" : "s", o->nargs,
             hint ? " (use --kernel to pick one kernel)" : "");
    return -1;
  }
  unsigned np = ki->nparams;
  pr->args = calloc(np ? np : 1, sizeof *pr->args);
  pr->param_buf = calloc(np ? np : 1, sizeof *pr->param_buf);
  pr->raws = calloc(np ? np : 1, sizeof *pr->raws);
  pr->bufs = calloc(count_buffers(o), sizeof *pr->bufs);
  if (!pr->args || !pr->param_buf || !pr->raws || !pr->bufs) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (unsigned i = 0; i < np; i++)
    if (bind_arg(pr, i, o->args[i], err, errlen) < 0) return -1;
  for (unsigned d = 0; d < o->ndumps; d++) {
    unsigned pi = o->dumps[d];
    if (pi >= np) {
      snprintf(err, errlen, "--dump %u: kernel %s has %u parameter%s", pi,
               ki->demangled, np, np == 1 ? "" : "s");
      return -1;
    }
    if (pr->param_buf[pi] < 0) {
      snprintf(err, errlen, "--dump %u: parameter %u of %s is not a buffer", pi, pi,
               ki->demangled);
      return -1;
    }
  }
  /* the replay line */
  char num[64];
  char *r = pr->replay;
  size_t rl = sizeof pr->replay;
  r[0] = 0;
  simC_shell_append(r, rl, "simulee");
  simC_shell_append(r, rl, file);
  if (name_kernel) {
    simC_shell_append(r, rl, "--kernel");
    simC_shell_append(r, rl, simI_find_kernel(prog, ki->demangled) == (int)k
                                 ? ki->demangled : ki->name);
  }
  if (o->opt_level != 2) {
    snprintf(num, sizeof num, "-O%d", o->opt_level);
    simC_shell_append(r, rl, num);
  }
  for (unsigned i = 0; i < o->ncflags; i++) simC_shell_append(r, rl, o->cflags[i]);
  snprintf(num, sizeof num, "%u,%u,%u", o->grid.x, o->grid.y, o->grid.z);
  simC_shell_append(r, rl, "--grid");
  simC_shell_append(r, rl, num);
  snprintf(num, sizeof num, "%u,%u,%u", o->block.x, o->block.y, o->block.z);
  simC_shell_append(r, rl, "--block");
  simC_shell_append(r, rl, num);
  if (o->shared) {
    snprintf(num, sizeof num, "%llu", (unsigned long long)o->shared);
    simC_shell_append(r, rl, "--shared");
    simC_shell_append(r, rl, num);
  }
  if (o->warp_size) {
    snprintf(num, sizeof num, "%u", o->warp_size);
    simC_shell_append(r, rl, "--warp-size");
    simC_shell_append(r, rl, num);
  }
  if (o->its) simC_shell_append(r, rl, "--its");
  if (o->max_steps) {
    snprintf(num, sizeof num, "%llu", (unsigned long long)o->max_steps);
    simC_shell_append(r, rl, "--max-steps");
    simC_shell_append(r, rl, num);
  }
  for (unsigned i = 0; i < o->nargs; i++) {
    simC_shell_append(r, rl, "--arg");
    simC_shell_append(r, rl, o->args[i]);
  }
  return 0;
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

static void print_dump(FILE *out, const prepared *pr, unsigned param, int header) {
  const simI_buffer *b = &pr->bufs[pr->param_buf[param]];
  unsigned es = simC_elem_size(b->elem);
  uint64_t n = es ? b->size / es : 0;
  char v[64];
  if (header) fprintf(out, "# kernel %s param %u\n", pr->ki->demangled, param);
  for (uint64_t i = 0; i < n; i++) {
    simC_format_elem(b->elem, b->data, i, v, sizeof v);
    fputs(v, out);
    fputc('\n', out);
  }
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
  int is_cu = has_suffix(file, ".cu");
  if (!is_cu && !has_suffix(file, ".bc") && !has_suffix(file, ".ll")) {
    error_line("%s: unknown file type (expected .cu, .bc or .ll)", file);
    return SIMC_EXIT_USAGE;
  }
  if (!o->have_grid || !o->have_block) {
    error_line("no launch given: use --grid and --block (the automatic input "
               "search is not available yet)");
    return SIMC_EXIT_USAGE;
  }
  if (simC_check_launch(o->grid, o->block, err, sizeof err) < 0) {
    error_line("%s", err);
    return SIMC_EXIT_USAGE;
  }

  /* load */
  char tmp[4096] = "";
  const char *load_path = file;
  if (is_cu) {
    if (simC_compile_cu(file, o, tmp, sizeof tmp, err, sizeof err) < 0) {
      error_line("%s", err);
      return SIMC_EXIT_USAGE;
    }
    load_path = tmp;
  }
  simI_status ls = SIMI_OK;
  err[0] = 0;
  simI_program *prog = simI_load(load_path, &ls, err, sizeof err);
  if (tmp[0]) unlink(tmp);
  if (!prog) {
    /* the interpreter's message may name the (temporary) path: say the file */
    const char *m = err;
    if (!strncmp(m, load_path, strlen(load_path)) && m[strlen(load_path)] == ':')
      m += strlen(load_path) + 1;
    while (*m == ' ') m++;
    error_line("%s: %s", file, *m ? m : simI_status_name(ls));
    return SIMC_EXIT_USAGE;
  }

  /* which kernels */
  unsigned nk = simI_kernel_count(prog), nsel = 0;
  unsigned *sel = calloc(nk ? nk : 1, sizeof *sel);
  prepared *prs = calloc(nk ? nk : 1, sizeof *prs);
  int rc = SIMC_EXIT_OK;
  FILE *out = stdout;
  simD_report rep;
  simD_report_init(&rep);
  if (!sel || !prs) {
    error_line("out of memory");
    rc = SIMC_EXIT_USAGE;
    goto done;
  }
  if (nk == 0) {
    error_line("%s: no CUDA kernel in the module", file);
    rc = SIMC_EXIT_USAGE;
    goto done;
  }
  if (o->kernel) {
    int k = simI_find_kernel(prog, o->kernel);
    if (k < 0) {
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
    sel[nsel++] = (unsigned)k;
  } else {
    for (unsigned i = 0; i < nk; i++) sel[nsel++] = i;
  }
  int name_kernel = o->kernel != NULL || nk > 1;
  for (unsigned i = 0; i < nsel; i++) {
    if (prepare(&prs[i], prog, sel[i], o, file, name_kernel, !o->kernel && nk > 1,
                err, sizeof err) < 0) {
      error_line("%s", err);
      rc = SIMC_EXIT_USAGE;
      goto done;
    }
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
    fprintf(stderr, "simulee: warning: --dump is not part of SARIF output; use -o "
                    "FILE to get the dump on stdout\n");
  int headers = (uint64_t)nsel * o->ndumps > 1;
  simD_write_opts wo = {use_color(out, o), o->quiet, 0, NULL};
  int usage_error = 0;

  for (unsigned i = 0; i < nsel; i++) {
    prepared *pr = &prs[i];
    simD_list findings;
    simD_list_init(&findings);
    simD_ctx *dc = simD_new(prog, pr->k, NULL);
    if (!dc) {
      error_line("out of memory");
      usage_error = 1;
      break;
    }
    simI_observer ob = simD_observer(dc);
    simI_launch l;
    memset(&l, 0, sizeof l);
    l.grid = o->grid;
    l.block = o->block;
    l.dyn_shared = o->shared;
    l.warp_size = o->warp_size;
    l.max_steps = o->max_steps;
    l.its = o->its;
    l.nargs = pr->ki->nparams;
    l.args = pr->args;
    l.nbuffers = pr->nbufs;
    l.buffers = pr->bufs;
    simI_result res;
    memset(&res, 0, sizeof res);
    res.site = UINT32_MAX;
    simI_status st = simI_run(prog, pr->k, &l, &ob, 1, &res);
    res.message[sizeof res.message - 1] = 0;
    /* the detectors: races, divergence, redundant barriers, out-of-bounds,
     * and the assertion finding of a trap */
    if (simD_end_execution(dc, &l, &res) < 0 || simD_collect(dc, &findings) < 0) {
      error_line("kernel %s: out of memory in the detectors", pr->ki->demangled);
      usage_error = 1;
    }
    simD_free(dc);

    simD_record rec;
    memset(&rec, 0, sizeof rec);
    rec.file = file;
    rec.kernel = pr->ki->name;
    rec.name = pr->ki->demangled;
    rec.line = pr->ki->line;
    rec.status = simD_status_from_interp(st);
    rec.message = st == SIMI_OK ? "" : (res.message[0] ? res.message : simI_status_name(st));
    rec.has_launch = 1;
    rec.grid = o->grid;
    rec.block = o->block;
    rec.shared = o->shared;
    rec.nargs = o->nargs;
    rec.args = o->args;
    rec.replay = pr->replay;
    rec.insns = res.insns;
    rec.threads = res.threads;
    rec.seconds = res.seconds;
    if (st == SIMI_E_TRAP) {
      /* a trap is a bug of the kernel: report it as an assertion finding
       * unless a detector already did */
      int seen = 0;
      for (unsigned f = 0; f < findings.n; f++) seen |= findings.v[f].kind == SIMD_ASSERTION;
      if (!seen) {
        simD_finding f;
        memset(&f, 0, sizeof f);
        f.kind = SIMD_ASSERTION;
        f.site[0] = res.site;
        f.site[1] = UINT32_MAX;
        f.count = 1;
        snprintf(f.message, sizeof f.message, "%s",
                 res.message[0] ? res.message : "the kernel trapped");
        if (simD_list_add(&findings, &f) < 0) usage_error = 1;
      }
    }
    rec.findings = findings;
    simD_dump *dumps = NULL;
    if (st == SIMI_OK && o->ndumps && o->format == SIMD_FORMAT_JSON) {
      dumps = calloc(o->ndumps, sizeof *dumps);
      if (dumps) {
        for (unsigned d = 0; d < o->ndumps; d++) {
          const simI_buffer *b = &pr->bufs[pr->param_buf[o->dumps[d]]];
          unsigned es = simC_elem_size(b->elem);
          dumps[d].param = o->dumps[d];
          dumps[d].elem = b->elem;
          dumps[d].count = es ? b->size / es : 0;
          dumps[d].data = b->data;
        }
        rec.ndumps = o->ndumps;
        rec.dumps = dumps;
      }
    }
    if (st == SIMI_E_USAGE || st == SIMI_E_INPUT || st == SIMI_E_NOMEM) {
      error_line("kernel %s: %s", pr->ki->demangled, rec.message);
      usage_error = 1;
    } else if (st == SIMI_E_INTERNAL) {
      error_line("kernel %s: internal error: %s", pr->ki->demangled, rec.message);
    } else if (st != SIMI_OK && st != SIMI_E_TRAP && !(text && !o->output) && !o->quiet) {
      fprintf(stderr, "simulee: kernel %s: %s: %s\n", pr->ki->demangled,
              simD_status_name(rec.status), rec.message);
    }
    if (o->stats)
      fprintf(stderr,
              "simulee: stats: kernel %s: %llu instructions, %llu threads, %.6f s, "
              "%.0f instructions/s\n",
              pr->ki->demangled, (unsigned long long)res.insns,
              (unsigned long long)res.threads, res.seconds,
              res.seconds > 0 ? (double)res.insns / res.seconds : 0.0);
    if (simD_report_add(&rep, &rec, prog, &l) < 0) {
      error_line("out of memory");
      usage_error = 1;
    } else if (text) {
      simD_write_text_record(out, &rep.v[rep.n - 1], &wo);
    }
    free(dumps);
    simD_list_free(&findings);
    if (st == SIMI_OK && dumps_as_text)
      for (unsigned d = 0; d < o->ndumps; d++)
        print_dump(stdout, pr, o->dumps[d], headers);
    fflush(stdout);
  }
  if (!text && simD_report_write(out, &rep, o->format, &wo) < 0) {
    error_line("%s: cannot write the report", o->output ? o->output : "stdout");
    usage_error = 1;
  }
  rc = usage_error ? SIMC_EXIT_USAGE : simD_report_exit_status(&rep);

done:
  if (out != stdout && fclose(out) != 0) {
    error_line("%s: %s", o->output, strerror(errno));
    rc = SIMC_EXIT_USAGE;
  }
  for (unsigned i = 0; i < nk && prs; i++) prepared_free(&prs[i]);
  free(prs);
  free(sel);
  simD_report_free(&rep);
  simI_free(prog);
  return rc;
}
