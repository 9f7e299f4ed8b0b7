/*
 * simulee scan, stage 5: the report as text: diagnostics, notes and the
 * summary table (files, kernels, findings by kind); JSON and SARIF are the
 * report's own writers.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

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
