/*
 * simulee cli: `simulee merge A.json B.json ...` joins the JSON reports of
 * the shards of a scan (simulee scan --shard K/N --format json) into one
 * report, as the unsharded scan would have written it: records in canonical
 * order, one root, no shard field. Shard reports must be a complete set
 * 1..N of one N, each once (--allow-partial accepts missing shards); the
 * same kernel in two inputs is an error. Reports without shard fields merge
 * freely (e.g. the scans of several projects).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static void merge_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char m[8192];
  vsnprintf(m, sizeof m, fmt, ap);
  simC_message("error", "merge: %s", m);
  va_end(ap);
}

static const char *merge_usage(void) {
  return
"usage: simulee merge REPORT.json... [--format json|sarif|text] [-o FILE]\n"
"                     [--allow-partial]\n"
"\n"
"Joins the JSON reports of `simulee scan --shard K/N --format json` runs into\n"
"the report the unsharded scan writes (same JSON except timings). Every shard\n"
"1..N must be given once; --allow-partial accepts missing shards (a warning).\n"
"Exit status as for scan: 0 clean, 1 findings, 2 usage or input error, 3\n"
"something not checked.\n";
}

enum { M_FORMAT = 256, M_PARTIAL, M_QUIET, M_NO_COLOR, M_HELP };

static const struct option MOPTS[] = {
  {"format", required_argument, NULL, M_FORMAT},
  {"output", required_argument, NULL, 'o'},
  {"allow-partial", no_argument, NULL, M_PARTIAL},
  {"quiet", no_argument, NULL, M_QUIET},
  {"no-color", no_argument, NULL, M_NO_COLOR},
  {"help", no_argument, NULL, 'h'},
  {NULL, 0, NULL, 0},
};

int simC_merge_main(int argc, char **argv) {
  simD_format fmt = SIMD_FORMAT_JSON;
  const char *output = NULL;
  int partial = 0, quiet = 0, no_color = 0;
  optind = 0;
  opterr = 0;
  for (;;) {
    int c = getopt_long(argc, argv, ":hqo:", MOPTS, NULL);
    if (c == -1) break;
    switch (c) {
    case 'h': fputs(merge_usage(), stdout); return SIMC_EXIT_OK;
    case 'o': output = optarg; break;
    case M_FORMAT:
      if (simD_format_parse(optarg, &fmt) < 0) {
        merge_error("--format '%s': expected json, sarif or text", optarg);
        return SIMC_EXIT_USAGE;
      }
      break;
    case M_PARTIAL: partial = 1; break;
    case 'q':
    case M_QUIET: quiet = 1; break;
    case M_NO_COLOR: no_color = 1; break;
    case ':': merge_error("%s needs a value", argv[optind - 1]); return SIMC_EXIT_USAGE;
    default:
      merge_error("unknown option '%s' (see simulee merge --help)", argv[optind - 1]);
      return SIMC_EXIT_USAGE;
    }
  }
  int nin = argc - optind;
  if (nin < 1) {
    merge_error("no report given (usage: simulee merge A.json B.json ...)");
    return SIMC_EXIT_USAGE;
  }
  simD_report all;
  simD_report_init(&all);
  int rc = SIMC_EXIT_USAGE;
  unsigned nshards = 0;
  unsigned char *seen = NULL;
  const char **seen_by = NULL;
  char err[1024];
  FILE *out = stdout;
  for (int i = optind; i < argc; i++) {
    simD_report one;
    simD_report_init(&one);
    if (simD_report_read_json(&one, argv[i], err, sizeof err) < 0) {
      merge_error("%s", err);
      simD_report_free(&one);
      goto done;
    }
    if (one.nshards) {
      if (!nshards) {
        nshards = one.nshards;
        seen = calloc(nshards + 1, 1);
        seen_by = calloc(nshards + 1, sizeof *seen_by);
        if (!seen || !seen_by) {
          merge_error("out of memory");
          simD_report_free(&one);
          goto done;
        }
      }
      if (one.nshards != nshards || one.shard == 0 || one.shard > nshards) {
        merge_error("%s is shard %u/%u, the first shard report says /%u", argv[i], one.shard,
                    one.nshards, nshards);
        simD_report_free(&one);
        goto done;
      }
      if (seen[one.shard]) {
        merge_error("%s and %s are both shard %u/%u", seen_by[one.shard], argv[i], one.shard,
                    nshards);
        simD_report_free(&one);
        goto done;
      }
      seen[one.shard] = 1;
      seen_by[one.shard] = argv[i];
    }
    if (one.command && all.command && strcmp(one.command, all.command)) {
      merge_error("%s and %s come from different scans: '%s' and '%s' (run every shard "
                  "with the same options)", argv[optind], argv[i], all.command, one.command);
      simD_report_free(&one);
      goto done;
    }
    if (one.command && !all.command && simD_report_set_command(&all, one.command) < 0) {
      merge_error("out of memory");
      simD_report_free(&one);
      goto done;
    }
    if (one.root && !all.root && simD_report_set_root(&all, one.root) < 0) {
      merge_error("out of memory");
      simD_report_free(&one);
      goto done;
    }
    if (one.root && all.root && strcmp(one.root, all.root))
      simC_message("warning", "merge: %s was scanned under %s, %s under %s; paths are "
              "relative to each", argv[optind], all.root, argv[i], one.root);
    if (simD_report_take(&all, &one) < 0) {
      merge_error("out of memory");
      simD_report_free(&one);
      goto done;
    }
    simD_report_free(&one);
  }
  if (nshards) {
    char missing[512] = "";
    unsigned nmiss = 0;
    for (unsigned k = 1; k <= nshards; k++)
      if (!seen[k]) {
        size_t n = strlen(missing);
        if (n + 16 < sizeof missing) snprintf(missing + n, sizeof missing - n, "%s%u", nmiss ? ", " : "", k);
        nmiss++;
      }
    if (nmiss && !partial) {
      merge_error("shard%s %s of %u missing (or use --allow-partial)", nmiss == 1 ? "" : "s",
                  missing, nshards);
      goto done;
    }
    if (nmiss)
      simC_message("warning", "merge: shard%s %s of %u missing: the report is partial",
              nmiss == 1 ? "" : "s", missing, nshards);
  }
  simD_report_sort(&all);
  simD_report_fold(&all); /* one finding per bug across kernels and shards */
  for (unsigned i = 1; i < all.n; i++)
    if (!strcmp(all.v[i].file, all.v[i - 1].file) &&
        !strcmp(all.v[i].kernel, all.v[i - 1].kernel)) {
      merge_error("%s%s%s is in two reports (the same shard twice?)", all.v[i].file,
                  all.v[i].kernel[0] ? ": kernel " : "", all.v[i].name);
      goto done;
    }
  if (output) {
    out = fopen(output, "w");
    if (!out) {
      merge_error("%s: %s", output, strerror(errno));
      out = stdout;
      goto done;
    }
  }
  /* base for text: the root relative to the working directory if under it */
  char cwd[4096], base[4096] = "";
  const char *b = NULL;
  if (all.root && getcwd(cwd, sizeof cwd)) {
    size_t cl = strlen(cwd);
    if (!strncmp(all.root, cwd, cl) && all.root[cl] == '/') b = all.root + cl + 1;
    else if (!strcmp(all.root, cwd)) b = NULL;
    else b = all.root;
    if (b) snprintf(base, sizeof base, "%s", b);
  }
  unsigned nfiles = 0, nfailed = 0;
  for (unsigned i = 0; i < all.n; i++) {
    if (i == 0 || strcmp(all.v[i].file, all.v[i - 1].file)) nfiles++;
    if (!all.v[i].kernel[0] && all.v[i].status == SIMD_STATUS_ERROR) nfailed++;
  }
  /* as the scan: source lines only of files of the scanned tree */
  simD_write_opts wo = {!no_color && fmt == SIMD_FORMAT_TEXT && isatty(fileno(out)), quiet, 2,
                        all.root, 0};
  errno = 0;
  if (simC_write_scan_report(out, &all, fmt, &wo, base[0] ? base : NULL, quiet, -1.0, nfiles,
                             nfailed) < 0) {
    merge_error("%s: cannot write the report: %s", output ? output : "stdout",
                errno ? strerror(errno) : "write error");
    goto done;
  }
  rc = simD_report_exit_status(&all);
done:
  if (out != stdout && fclose(out) != 0) {
    merge_error("%s: %s", output, strerror(errno));
    rc = SIMC_EXIT_USAGE;
  }
  free(seen);
  free(seen_by);
  simD_report_free(&all);
  return rc;
}
