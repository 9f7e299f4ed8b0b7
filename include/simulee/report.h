/*
 * simulee report: what was checked and what was found, for people (text, in
 * the style of compiler diagnostics) and for tools (JSON, SARIF 2.1.0).
 *
 * A report is a list of per-kernel records. A record is self-contained: once
 * added it holds copies of every string and of its findings, with the source
 * locations and address descriptions already resolved, so the program and the
 * launch it came from may be freed. This keeps the report usable for a single
 * run, for a scan of many files, and for merging shard reports.
 *
 * Contract:
 *  - Functions returning int return 0 on success and -1 on failure (out of
 *    memory, or a write error on the stream).
 *  - Nothing here exits or prints to streams it was not given.
 */
#ifndef SIMULEE_REPORT_H
#define SIMULEE_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simulee/finding.h"
#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How far a kernel got. */
typedef enum simD_status {
  SIMD_STATUS_CHECKED = 0, /* ran to the end: the findings are complete */
  SIMD_STATUS_TIMEOUT,     /* the step budget or time limit ran out */
  SIMD_STATUS_UNSUPPORTED, /* it reached something simulee does not execute */
  SIMD_STATUS_ERROR,       /* anything else (trap, bad launch, compile error) */
  SIMD_STATUS_INCOMPLETE   /* ran to the end, but the search or detection
                              stopped at the time limit or a step budget
                              before finishing: the findings are what was
                              checked (the message says what) */
} simD_status;

/* "checked", "timeout", "unsupported", "error", "incomplete". Never NULL. */
const char *simD_status_name(simD_status s);
/* OK -> CHECKED, TIMEOUT -> TIMEOUT, UNSUPPORTED -> UNSUPPORTED, else ERROR. */
simD_status simD_status_from_interp(simI_status s);

typedef enum simD_format {
  SIMD_FORMAT_TEXT = 0, /* compiler-diagnostic style */
  SIMD_FORMAT_JSON,     /* one JSON document */
  SIMD_FORMAT_SARIF     /* SARIF 2.1.0, one run */
} simD_format;

/* Parse "text", "json" or "sarif". Returns 0, or -1 if unknown. */
int simD_format_parse(const char *s, simD_format *f);

/* A resolved source location. */
typedef struct simD_loc {
  const char *file;     /* source file ("" if unknown) */
  unsigned line;        /* 1-based, 0 if unknown */
  unsigned col;         /* 1-based, 0 if unknown */
  const char *function; /* enclosing function (demangled if possible), or "" */
} simD_loc;

/* The contents of a buffer after the run (--dump), for the JSON writer. */
typedef struct simD_dump {
  unsigned param;   /* parameter index (0-based) */
  simI_elem elem;   /* element type */
  uint64_t count;   /* elements */
  const void *data; /* count elements of elem */
} simD_dump;

/* How a finding was silenced (simulee scan). A suppressed finding stays in
 * the report (JSON "suppressed": true, SARIF "suppressions") but is not
 * printed as a diagnostic and does not count for the exit status. */
typedef enum simD_suppress {
  SIMD_SUPPRESS_NONE = 0,  /* reported */
  SIMD_SUPPRESS_IN_SOURCE, /* a `simulee: ignore KIND` comment at a location */
  SIMD_SUPPRESS_EXTERNAL   /* a line of a --suppressions file */
} simD_suppress;

/* The launch that showed one finding (the automatic input search runs
 * several): dims, the --arg values and the command that reproduces it. */
typedef struct simD_witness {
  simI_dim3 grid;          /* blocks */
  simI_dim3 block;         /* threads per block */
  uint64_t shared;         /* dynamic shared bytes */
  unsigned nargs;          /* number of args */
  const char *const *args; /* the --arg values */
  const char *replay;      /* shell command reproducing it; NULL: no witness */
  simI_dim3 cluster;       /* blocks per thread block cluster; 0,0,0: the
                              kernel uses no clusters (JSON "cluster" absent) */
} simD_witness;

/* One checked kernel (or, with kernel "", one file that could not be
 * loaded). As an argument to simD_report_add every pointer is borrowed; in a
 * report every pointer is owned by the report. */
typedef struct simD_record {
  const char *file;         /* input file as the user named it */
  const char *kernel;       /* symbol as in the module (mangled); "" if none */
  const char *name;         /* demangled name, or kernel */
  unsigned line;            /* kernel definition line, 0 if unknown */
  simD_status status;       /* how far it got */
  const char *message;      /* one line on why it is not CHECKED, or "" */
  int has_launch;           /* the launch fields below are meaningful */
  simI_dim3 grid;           /* blocks */
  simI_dim3 block;          /* threads per block */
  uint64_t shared;          /* dynamic shared bytes */
  unsigned nargs;           /* number of args */
  const char *const *args;  /* the --arg values, as given */
  const char *replay;       /* shell command reproducing the run, or NULL */
  uint64_t insns;           /* simulated thread instructions */
  uint64_t threads;         /* threads launched */
  double seconds;           /* wall time of the run */
  int has_search;           /* the input search ran (fields below) */
  uint64_t evaluations;     /* search: candidate evaluations */
  unsigned generations;     /* search: generations run */
  double fitness;           /* search: best primary fitness */
  uint64_t discarded;       /* search: candidates and detection runs a failed
                               device assert or __trap discarded (a launch
                               the search invented violates the kernel's
                               precondition; JSON stats.search.discarded) */
  simD_list findings;       /* the findings, deduplicated */
  const simD_loc *locs;     /* 2 per finding (site[0], site[1]), or NULL to
                               resolve them from the program in add */
  const char *const *addrs; /* per finding: the address as "buffer 'in' + 68",
                               or NULL (entries or the array) to describe it
                               from the program and launch in add */
  unsigned ndumps;          /* number of dumps */
  const simD_dump *dumps;   /* buffer contents for the JSON writer */
  const unsigned char *suppress; /* per finding a simD_suppress, or NULL for
                                    none suppressed */
  const char *const *suppress_why; /* per finding: where the suppression is
                                      ("src/a.cu:12", "supp.txt:3"), or NULL */
  const simD_witness *witnesses; /* per finding: its own launch (JSON
                                    "witness"; text and SARIF use its replay),
                                    or NULL when the record's launch is it */
  unsigned host_parts;      /* launch parts taken from the launches in the
                               .cu file's host code (SIMD_HOST_* bits; JSON
                               "launch_source"), 0 = none */
  const char *host_file;    /* host_parts: file of the first such launch
                               ("" or NULL if unknown) */
  unsigned host_line;       /* host_parts: its line, 0 if unknown */
  unsigned host_sites;      /* host_parts: launch sites of the kernel */
  unsigned cov_total;       /* search: access sites of the kernel (JSON
                               "coverage"), 0 = not measured */
  unsigned cov_reached;     /* search: of which some input executed */
  unsigned cov_nlines;      /* source lines of the others (distinct) */
  const unsigned *cov_lines;/* those lines, ascending */
  unsigned br_total;        /* search: branch outcomes of the kernel (JSON
                               "coverage"."branches"), 0 = none measured */
  unsigned br_reached;      /* of which some input took */
  unsigned br_nunreached;   /* distinct (line, side) of the others */
  const unsigned *br_lines; /* per such outcome: its branch's line, ascending */
  const unsigned char *br_sides; /* per such outcome: SIMD_BRANCH_* */
  simI_dim3 cluster;        /* has_launch: blocks per thread block cluster
                               (given, __cluster_dims__ or searched; text
                               "cluster X,Y,Z", JSON "cluster"); 0,0,0: the
                               kernel uses no clusters */
  uint64_t launch_ordinal;  /* a program run (simulee run): the launch's
                               ordinal in the program (1-based; JSON
                               "program_launch" with host_file:host_line,
                               the host line that made it), 0 = none */
} simD_record;

/* simD_record.br_sides: the outcome of a branch never taken. */
#define SIMD_BRANCH_FALSE 0u
#define SIMD_BRANCH_TRUE 1u
#define SIMD_BRANCH_CASE 2u /* a switch target */

/* simD_record.host_parts bits. */
#define SIMD_HOST_GRID 1u
#define SIMD_HOST_BLOCK 2u
#define SIMD_HOST_SHARED 4u
#define SIMD_HOST_ARGS 8u     /* scalar arguments that are constants at every
                                 launch (the same one: fixed; several: the
                                 search draws them; JSON "args": "host") */
#define SIMD_HOST_BUFFERS 32u /* buffer sizes as the host allocates them
                                 (JSON "buffers": "host") */
#define SIMD_HOST_DERIVED 16u /* grid or block computed from an argument as
                                 every launch does (JSON "derived": "host") */

/* A note about a file rather than a kernel (e.g. a kernel template that the
 * file never instantiates, so it was not analysed). Owned by the report. */
typedef struct simD_note {
  const char *file;    /* the file */
  unsigned line;       /* 1-based, 0 if unknown */
  const char *message; /* one line */
} simD_note;

/* A growable list of records. */
typedef struct simD_report {
  simD_record *v; /* the records, in order of addition */
  unsigned n;     /* records used */
  unsigned cap;   /* records allocated */
  simD_note *notes;   /* file notes (scan), in order of addition */
  unsigned nnotes;    /* notes used */
  unsigned capnotes;  /* notes allocated */
  char *root;         /* scan: absolute directory the relative paths of the
                         records are relative to (JSON "root"), or NULL */
  char *command;      /* scan: its options that shape the results (JSON
                         "command"; merge checks the shards agree), or NULL */
  unsigned shard;     /* scan --shard K/N: K (1-based), 0 if not sharded */
  unsigned nshards;   /* N, 0 if not sharded */
} simD_report;

void simD_report_init(simD_report *r);
/* Frees every record's copies and the array. */
void simD_report_free(simD_report *r);
/* Append a deep copy of rec. Where rec->locs / rec->addrs are NULL and p is
 * given, sites are resolved with simI_site_loc and addresses described with
 * simI_describe_addr(p, l, ...) (l may be NULL). p and l are not kept.
 * Returns 0, or -1 on out of memory (the report is unchanged). */
int simD_report_add(simD_report *r, const simD_record *rec,
                    const simI_program *p, const simI_launch *l);

/* Move every record and note of src to the end of dst (src is left empty;
 * its root and shard fields are untouched). Returns 0, or -1 on out of
 * memory (nothing moved). */
int simD_report_take(simD_report *dst, simD_report *src);
/* Append a note (strings copied). Returns 0 or -1 (out of memory). */
int simD_report_add_note(simD_report *r, const char *file, unsigned line,
                         const char *message);
/* One finding per bug across kernels: a finding of a record whose kind,
 * space, access kind, level and pair of source lines (file and line of both
 * sites; either order for races) equal those of a finding of an earlier
 * record (another template instantiation, another launch) is folded into
 * that one: its count added, the kernel named in the earlier one's evidence
 * ("also in kernel K"), and it leaves its record. Suppressed findings are
 * left alone. Returns the number folded (nothing is allocated). */
unsigned long simD_report_fold(simD_report *r);
/* Sort records by (file, line, kernel) and notes by (file, line, message):
 * the canonical order of scan and merge output. Stable for equal keys. */
void simD_report_sort(simD_report *r);
/* Set root (copied; NULL clears). Returns 0 or -1 (out of memory). */
int simD_report_set_root(simD_report *r, const char *root);
/* Set command (copied; NULL clears). Returns 0 or -1 (out of memory). */
int simD_report_set_command(simD_report *r, const char *command);
/* Mark finding i of a record of r as suppressed (why copied, may be NULL).
 * Returns 0 or -1 (out of memory, or i out of range). */
int simD_record_suppress(simD_record *rec, unsigned i, simD_suppress how,
                         const char *why);
/* How finding i of rec is suppressed (NONE when rec->suppress is NULL). */
simD_suppress simD_record_suppressed(const simD_record *rec, unsigned i);
/* Replace the record's file and every location's file by map(path, ctx)
 * where map returns a malloc'd string (NULL keeps the path). Returns 0, or
 * -1 if map failed for lack of memory (it signals it by setting *oom). */
int simD_record_map_paths(simD_record *rec,
                          char *(*map)(const char *path, void *ctx, int *oom),
                          void *ctx);

/* Number of findings over all records that are not suppressed. */
uint64_t simD_report_nfindings(const simD_report *r);
/* Number of suppressed findings over all records. */
uint64_t simD_report_nsuppressed(const simD_report *r);
/* 1 if any finding that is not suppressed has level ERROR; else 3 if any
 * record is not CHECKED; else 0. (Usage and input errors, status 2, are the
 * caller's business.) */
int simD_report_exit_status(const simD_report *r);
/* The same with the least severe level that fails (--fail-on): findings of
 * level fail_on or more severe (ERROR < WARNING < NOTE) make it 1. */
int simD_report_exit_status_at(const simD_report *r, simD_level fail_on);
/* Unsuppressed findings of level lvl over all records. */
uint64_t simD_report_nlevel(const simD_report *r, simD_level lvl);
/* Unsuppressed notes whose grade reason (grade_why) is why (one of the
 * SIMD_WHY_* of finding.h) over all records. */
uint64_t simD_report_nwhy(const simD_report *r, const char *why);

/* Bounds of simD_report_read_json: a report file of at most this many
 * bytes, a shard count of at most SIMD_MAX_SHARDS (scan --shard's limit). */
#define SIMD_MAX_REPORT_BYTES ((uint64_t)64 << 20)
#define SIMD_MAX_SHARDS 1000000u

/* Read a report written by simD_report_write in JSON (detect/report_read.c)
 * and append its records and notes to r; root and shard fields are set from
 * the document when r has none. Returns 0, or -1 with a one-line message in
 * err (not a regular file or larger than SIMD_MAX_REPORT_BYTES, unreadable,
 * not a simulee report, a field of the wrong type or out of range, a shard
 * other than K/N with 1 <= K <= N <= SIMD_MAX_SHARDS, out of memory); on
 * failure r keeps what it had before. */
int simD_report_read_json(simD_report *r, const char *path, char *err,
                          size_t errlen);

/* The one-line summary of a finding, e.g. "data race (write-write, shared
 * memory) on 'tile' + 68"; addr may be NULL. Writes into buf[len]. */
void simD_finding_headline(const simD_finding *f, const char *addr, char *buf,
                           size_t len);
/* "error" or "warning": the default diagnostic level of a kind (SARIF
 * rules); a finding's own level is simD_finding.level. */
const char *simD_kind_level(simD_kind k);
/* "none", "global", "shared", "local", "constant". */
const char *simD_space_name(unsigned space);

/* The length (1..4) of the valid UTF-8 sequence at p (shortest form, no
 * surrogates, at most U+10FFFF), or 0 when the bytes there are not one. */
size_t simD_utf8_len(const char *p);
/* Escaping of untrusted text (file and kernel names, messages, source
 * lines) before it is printed: nothing printed can start a line of its own
 * (a CI log runs lines such as `::error ...` as commands) or be invalid
 * UTF-8 in a report. */
enum {
  SIMD_ESC_PATH = 1, /* a name: a backslash becomes `\\`, and a relative
                        path starting with ':' gets "./" before it */
  SIMD_ESC_TAB = 2   /* keep tabs (a quoted source line) */
};
/* s with control characters (C0, DEL, C1) written \n, \r, \t, \xNN and
 * bytes that are not UTF-8 as \xNN, into buf[len] (cut with "..." when it
 * does not fit). flags: SIMD_ESC_*. Returns buf (NULL s: ""). */
const char *simD_text_esc(const char *s, unsigned flags, char *buf, size_t len);
/* s with the bytes that are not UTF-8 as the text \xNN (a backslash, x and
 * two hex digits; valid characters kept, control characters included: JSON
 * escapes those): a string every JSON and SARIF writer can take.
 * Malloc'd, NULL if out of memory. */
char *simD_utf8_fix(const char *s, size_t n);

typedef struct simD_write_opts {
  int color;           /* text: ANSI colours */
  int quiet;           /* text: omit the status line of CHECKED kernels */
  int no_source;       /* text: do not quote source lines (1); 2: quote
                          only those of files whose real path (links
                          resolved) lies under srcroot's (a scan: its tree;
                          the location of another stays) */
  const char *srcroot; /* SARIF: absolute paths under this directory become
                          relative URIs; NULL = the current directory. When
                          given (absolute), relative URIs carry uriBaseId
                          SRCROOT and the run its originalUriBaseIds */
  int verbose;         /* text: also print note-level findings (JSON and
                          SARIF always have them) */
} simD_write_opts;

/* Text: the status line of one record, then its findings as diagnostics. o
 * may be NULL (defaults: no colour, source lines quoted). */
int simD_write_text_record(FILE *out, const simD_record *rec,
                           const simD_write_opts *o);
/* The same with base, a directory prepended to relative paths when printing
 * locations and reading source lines (a scan's records hold paths relative
 * to the scanned folder; NULL = none). */
int simD_write_text_record_at(FILE *out, const simD_record *rec,
                              const simD_write_opts *o, const char *base);
/* Text: the notes of a report as "file:line: note: message" lines. */
int simD_write_text_notes(FILE *out, const simD_report *r,
                          const simD_write_opts *o, const char *base);
/* Write the whole report in format f (text: every record in order, then the
 * notes). */
int simD_report_write(FILE *out, const simD_report *r, simD_format f,
                      const simD_write_opts *o);

#ifdef __cplusplus
}
#endif
#endif
