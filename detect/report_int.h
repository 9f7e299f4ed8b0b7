/*
 * simulee detect, private: what the report's files share (report.h is the
 * contract). Rooms: report.c (records: add, suppress, count; writing in a
 * format), report_merge.c (folding duplicates, taking another report's
 * records, sorting), report_text.c, report_json.c, report_sarif.c,
 * report_read.c (a JSON report read back).
 */
#ifndef SIMULEE_DETECT_REPORT_INT_H
#define SIMULEE_DETECT_REPORT_INT_H

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>

#include "simulee/detect.h"
#include "simulee/report.h"
#include "simulee/version.h"

#ifndef SIMULEE_VERSION
#define SIMULEE_VERSION "0.0.0"
#endif

/* ------------------------------------------------------------ records */

static inline int has_address(simD_kind k) {
  return k == SIMD_DATA_RACE || k == SIMD_OUT_OF_BOUNDS || k == SIMD_UNINITIALIZED_READ;
}

/* The JSON/text name of a SIMD_BRANCH_* side. */
static inline const char *branch_side_name(unsigned side) {
  return side == SIMD_BRANCH_TRUE ? "true" : side == SIMD_BRANCH_FALSE ? "false" : "case";
}

static inline const simD_loc *rec_loc(const simD_record *r, unsigned i, unsigned j) {
  return r->locs ? &r->locs[2 * i + j] : NULL;
}

static inline const char *loc_file(const simD_record *r, const simD_loc *l) {
  return l && l->file && *l->file ? l->file : r->file;
}

/* The command reproducing finding i: its witness's, else the record's (or NULL). */
static inline const char *finding_replay(const simD_record *r, unsigned i) {
  return r->witnesses && r->witnesses[i].replay ? r->witnesses[i].replay : r->replay;
}

static inline void free_strv(const char *const *v, unsigned n) {
  if (v)
    for (unsigned i = 0; i < n; i++) free((void *)v[i]);
  free((void *)v);
}

const char *simD_access_name(unsigned a);
const char *simD_relation_name(simD_relation r);
/* Findings of rec not suppressed. */
unsigned simD_live_findings(const simD_record *rec);

/* ------------------------------------------------ report_text.c pieces */

/* "block (x,y,z) thread (x,y,z)" with the access, size and value. */
void simD_thread_text(const simD_thread *th, char *buf, size_t len);
/* An IEEE half's value. */
double simD_half_value(uint16_t h);
/* "grid x,y,z block x,y,z" with cluster, shared bytes and arguments. */
void simD_launch_text(const simD_record *r, char *buf, size_t len);
/* The detector's message of f says nothing the headline head does not. */
int simD_repeats_headline(const simD_finding *f, const char *head);
/* The note of a finding's second location. */
const char *simD_second_site_note(simD_kind k);

/* ------------------------------------------- report_json.c builders */

/* A document being built; bad is set when an allocation failed (the
 * builders then return NULL and ignore NULL arguments). */
typedef struct jb {
  int bad; /* an allocation failed */
} jb;

json_object *simD_jstr(jb *b, const char *s);
json_object *simD_ju64(jb *b, uint64_t v);
void simD_jset(jb *b, json_object *obj, const char *key, json_object *val);
void simD_jpush(jb *b, json_object *arr, json_object *val);
json_object *simD_jobj(jb *b);
json_object *simD_jarr(jb *b);
json_object *simD_jlaunch_source(jb *b, const simD_record *r);
json_object *simD_json_doc(jb *b, const simD_report *r);

/* --------------------------------------------------- report_sarif.c */

json_object *simD_sarif_doc(jb *b, const simD_report *r, const simD_write_opts *o);

#endif
