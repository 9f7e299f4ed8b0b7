/*
 * simulee detect: the text report, compiler-style (file:line:col: error:
 * ...), with notes, source lines and terminal colours, and the text pieces
 * the SARIF log reuses.
 */
#include "detect/report_int.h"

#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* -------------------------------------------------------------- text */

/* Terminal colours (clang's palette). */
#define C_BOLD "\033[1m"
#define C_RED "\033[1;31m"
#define C_MAGENTA "\033[1;35m"
#define C_CYAN "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_YELLOW "\033[1;33m"
#define C_RESET "\033[0m"

typedef struct tout {
  FILE *f;          /* the stream */
  int color;        /* emit escapes */
  int err;          /* a write failed */
  const char *base; /* prefix of relative paths (simD_write_opts.base) */
} tout;

size_t simD_utf8_len(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  if (u[0] < 0x80) return 1;
  size_t n;
  uint32_t c;
  if (u[0] >= 0xc2 && u[0] <= 0xdf) n = 2, c = u[0] & 0x1fu;
  else if (u[0] >= 0xe0 && u[0] <= 0xef) n = 3, c = u[0] & 0x0fu;
  else if (u[0] >= 0xf0 && u[0] <= 0xf4) n = 4, c = u[0] & 0x07u;
  else return 0;
  for (size_t i = 1; i < n; i++) {
    if ((u[i] & 0xc0) != 0x80) return 0;
    c = c << 6 | (u[i] & 0x3fu);
  }
  if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
      (c >= 0xd800 && c <= 0xdfff))
    return 0;
  return n;
}

const char *simD_text_esc(const char *s, unsigned flags, char *buf, size_t len) {
  if (!len) return buf;
  buf[0] = 0;
  if (!s) return buf;
  size_t o = 0;
  if ((flags & SIMD_ESC_PATH) && s[0] == ':' && len > 3) {
    memcpy(buf, "./", 2);
    o = 2;
  }
  for (const char *p = s; *p;) {
    unsigned char c = (unsigned char)*p;
    char tmp[8];
    size_t k = simD_utf8_len(p), tn;
    int c1 = k == 2 && c == 0xc2 && (unsigned char)p[1] < 0xa0; /* U+0080..U+009F */
    if (k && !c1 && c >= 0x20 && c != 0x7f && !(c == '\\' && (flags & SIMD_ESC_PATH))) {
      memcpy(tmp, p, k);
      tn = k;
    } else if (c == '\\') {
      memcpy(tmp, "\\\\", 2);
      tn = 2, k = 1;
    } else if (c == '\t' && (flags & SIMD_ESC_TAB)) {
      tmp[0] = '\t';
      tn = 1, k = 1;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      tmp[0] = '\\';
      tmp[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
      tn = 2, k = 1;
    } else if (c1) { /* a C1 control: both bytes */
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
      tn = 4, k = 1;
    } else {
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
      tn = 4, k = 1;
    }
    if (o + tn + 4 > len) { /* no room: "..." */
      if (len >= 4) memcpy(buf + (o + 4 <= len ? o : len - 4), "...", 4);
      else buf[len - 1] = 0;
      return buf;
    }
    memcpy(buf + o, tmp, tn);
    o += tn;
    p += k;
  }
  buf[o] = 0;
  return buf;
}

char *simD_utf8_fix(const char *s, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n;) {
    size_t k = s[i] ? simD_utf8_len(s + i) : 0;
    if (k && i + k <= n) i += k;
    else bad++, i++;
  }
  char *out = malloc(n + 3 * bad + 1);
  if (!out) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t k = s[i] ? simD_utf8_len(s + i) : 0;
    if (k && i + k <= n) {
      memcpy(out + o, s + i, k);
      o += k, i += k;
    } else {
      snprintf(out + o, 5, "\\x%02x", (unsigned char)s[i]);
      o += 4, i++;
    }
  }
  out[o] = 0;
  return out;
}

/* path as printed: under base when relative and a base is given, escaped
 * (simD_text_esc). */
static const char *shown_path(const char *base, const char *path, char *buf,
                              size_t len) {
  char joined[PATH_MAX];
  if (base && *base && path && *path && path[0] != '/') {
    size_t bl = strlen(base);
    snprintf(joined, sizeof joined, "%s%s%s", base, base[bl - 1] == '/' ? "" : "/", path);
    path = joined;
  }
  return simD_text_esc(path, SIMD_ESC_PATH, buf, len);
}

/* The file to read a source line from: under base when relative. */
static const char *source_path(const char *base, const char *path, char *buf, size_t len) {
  if (!base || !*base || !path || !*path || path[0] == '/') return path;
  size_t bl = strlen(base);
  snprintf(buf, len, "%s%s%s", base, base[bl - 1] == '/' ? "" : "/", path);
  return buf;
}

/* A name or message as printed (simD_text_esc into a rotating buffer of
 * the thread, so that a few may appear in one call). */
static const char *esc(const char *s, unsigned flags) {
  static _Thread_local char bufs[4][2048];
  static _Thread_local unsigned next;
  char *b = bufs[next++ % 4];
  return simD_text_esc(s, flags, b, sizeof bufs[0]);
}

static void tput(tout *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (vfprintf(t->f, fmt, ap) < 0) t->err = 1;
  va_end(ap);
}

static const char *col(const tout *t, const char *c) { return t->color ? c : ""; }

static void put_where(tout *t, const simD_record *r, const simD_loc *l) {
  char pb[PATH_MAX];
  tput(t, "%s%s:", col(t, C_BOLD), shown_path(t->base, loc_file(r, l), pb, sizeof pb));
  if (l && l->line) {
    tput(t, "%u:", l->line);
    if (l->col) tput(t, "%u:", l->col);
  }
  tput(t, "%s ", col(t, C_RESET));
}

/* Line `line` (1-based) of file path into buf, without its newline. */
static int read_source_line(const char *path, unsigned line, char *buf,
                            size_t len) {
  if (!path || !*path || !line || len < 2) return -1;
  /* only a regular file: a report read back (merge) may name a FIFO, which
   * would block, or a device such as /dev/zero, which never ends */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
  if (!f) {
    close(fd);
    return -1;
  }
  unsigned cur = 1;
  size_t n = 0;
  int c, found = 0;
  while ((c = getc(f)) != EOF) {
    if (cur == line) {
      found = 1;
      if (c == '\n') break;
      if (n + 1 < len && c != '\r') buf[n++] = (char)c;
    } else if (c == '\n') {
      cur++;
    }
  }
  fclose(f);
  buf[n] = 0;
  return found || (cur == line && n) ? 0 : -1;
}

/* May the lines of file path be quoted: its real path under root's (a
 * scan's tree)? */
static int quotable(const char *root, const char *path) {
  char rp[PATH_MAX], rr[PATH_MAX];
  if (!path || !realpath(path, rp)) return 0;
  if (realpath(root, rr)) root = rr;
  size_t n = strlen(root);
  while (n > 1 && root[n - 1] == '/') n--;
  return !strncmp(rp, root, n) && (rp[n] == '/' || rp[n] == 0 || n == 1);
}

static void put_source(tout *t, const simD_loc *l, const simD_write_opts *o) {
  char src[512], pb[PATH_MAX];
  const char *path = l ? source_path(t->base, l->file, pb, sizeof pb) : NULL;
  if ((o && o->no_source == 1) || !l ||
      (o && o->no_source == 2 && o->srcroot && !quotable(o->srcroot, path)) ||
      read_source_line(path, l->line, src, sizeof src) < 0)
    return;
  tput(t, "%5u | %s\n", l->line, esc(src, SIMD_ESC_TAB));
  if (!l->col) return;
  tput(t, "      | ");
  size_t n = strlen(src);
  for (unsigned i = 1; i < l->col; i++)
    tput(t, "%c", (i - 1 < n && src[i - 1] == '\t') ? '\t' : ' ');
  tput(t, "%s^%s\n", col(t, C_GREEN), col(t, C_RESET));
}

static void put_note(tout *t, const simD_record *r, const simD_loc *l) {
  if (l) put_where(t, r, l);
  tput(t, "%snote:%s ", col(t, C_CYAN), col(t, C_RESET));
}

void simD_thread_text(const simD_thread *th, char *buf, size_t len) {
  int n = snprintf(buf, len, "block (%u,%u,%u) thread (%u,%u,%u)", th->block.x,
                   th->block.y, th->block.z, th->thread.x, th->thread.y,
                   th->thread.z);
  if (n < 0 || (size_t)n >= len) return;
  if (th->access) {
    int m = snprintf(buf + n, len - n, " %s", simD_access_name(th->access));
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
    if (th->size) {
      m = snprintf(buf + n, len - n, " of %u byte%s", th->size,
                   th->size == 1 ? "" : "s");
      if (m < 0 || (size_t)(n + m) >= len) return;
      n += m;
    }
  }
  if (th->has_value)
    snprintf(buf + n, len - n, ", value 0x%llx", (unsigned long long)th->value);
}

/* An IEEE half's value. */
double simD_half_value(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 1024, e - 25);
  return h & 0x8000 ? -v : v;
}

/* The number of a confirmation value (raw bits of element type e, of es
 * bytes) as text: integers exact, floats with enough digits to read them
 * back, an unknown type as an unsigned integer. */
static void confirm_value_text(unsigned e, unsigned es, uint64_t v, char *buf, size_t len) {
  switch ((simI_elem)e) {
  case SIMI_ELEM_I8: snprintf(buf, len, "%d", (int)(int8_t)v); break;
  case SIMI_ELEM_I16: snprintf(buf, len, "%d", (int)(int16_t)v); break;
  case SIMI_ELEM_I32: snprintf(buf, len, "%d", (int)(int32_t)v); break;
  case SIMI_ELEM_I64: snprintf(buf, len, "%lld", (long long)v); break;
  case SIMI_ELEM_F16: snprintf(buf, len, "%.5g", simD_half_value((uint16_t)v)); break;
  case SIMI_ELEM_F32: {
    float f;
    uint32_t u = (uint32_t)v;
    memcpy(&f, &u, 4);
    snprintf(buf, len, "%.9g", (double)f);
    break;
  }
  case SIMI_ELEM_F64: {
    double d;
    memcpy(&d, &v, 8);
    snprintf(buf, len, "%.17g", d);
    break;
  }
  default:
    snprintf(buf, len, "%llu",
             (unsigned long long)(es && es < 8 ? v & ((1ull << (8 * es)) - 1) : v));
    break;
  }
}

/* "confirmed: the result differs: out[3]: 17 vs 21 under warp order
 * reversed" or "not confirmed: no difference seen in 8 schedules". */
static void confirm_text(const simD_confirmation *c, char *buf, size_t len) {
  if (!c->differs) {
    snprintf(buf, len, "not confirmed: no difference seen in %u schedule%s", c->schedules,
             c->schedules == 1 ? "" : "s");
    return;
  }
  char a[48], b[48];
  confirm_value_text(c->elem, c->elem_size, c->values[0], a, sizeof a);
  confirm_value_text(c->elem, c->elem_size, c->values[1], b, sizeof b);
  snprintf(buf, len, "confirmed: the result differs: %s[%llu]: %s vs %s under %s", c->buffer,
           (unsigned long long)c->offset, a, b, c->schedule);
}

const char *simD_second_site_note(simD_kind k) {
  switch (k) {
  case SIMD_DATA_RACE: return "the other access";
  case SIMD_BARRIER_DIVERGENCE: return "the threads parted at this branch";
  case SIMD_REDUNDANT_BARRIER: return "related barrier";
  default: return "related location";
  }
}

void simD_launch_text(const simD_record *r, char *buf, size_t len) {
  if (!r->has_launch) {
    snprintf(buf, len, "unknown");
    return;
  }
  int n = snprintf(buf, len, "grid %u,%u,%u block %u,%u,%u", r->grid.x,
                   r->grid.y, r->grid.z, r->block.x, r->block.y, r->block.z);
  if (n < 0 || (size_t)n >= len) return;
  if (r->cluster.x) {
    int m = snprintf(buf + n, len - n, " cluster %u,%u,%u", r->cluster.x, r->cluster.y,
                     r->cluster.z);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
  if (r->shared) {
    int m = snprintf(buf + n, len - n, " shared %llu",
                     (unsigned long long)r->shared);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
  for (unsigned i = 0; i < r->nargs; i++) {
    int m = snprintf(buf + n, len - n, "%s%s", i ? " " : " args ", r->args[i]);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
}

/* A detector message that starts with the headline says nothing new. For
 * races, out-of-bounds accesses and redundant barriers, whose headline and
 * notes say all there is, the same opening (up to " on ", " at " or " (")
 * is enough. */
int simD_repeats_headline(const simD_finding *f, const char *head) {
  size_t n = strlen(head);
  const char *cut = f->kind == SIMD_DATA_RACE           ? " on "
                    : f->kind == SIMD_OUT_OF_BOUNDS     ? " at "
                    : f->kind == SIMD_REDUNDANT_BARRIER ? " ("
                                                        : NULL;
  if (f->message[0] && strstr(head, f->message)) return 1;
  const char *at = cut ? strstr(head, cut) : NULL;
  if (at) n = (size_t)(at - head);
  return !strncmp(f->message, head, n);
}

static void put_finding(tout *t, const simD_record *r, unsigned i,
                        const simD_write_opts *o) {
  const simD_finding *f = &r->findings.v[i];
  const simD_loc *l0 = rec_loc(r, i, 0), *l1 = rec_loc(r, i, 1);
  char head[640], buf[1024];
  simD_finding_headline(f, r->addrs ? r->addrs[i] : NULL, head, sizeof head);
  const char *lvl = simD_level_name(f->level);
  put_where(t, r, l0);
  tput(t, "%s%s:%s %s%s%s", col(t, f->level == SIMD_LEVEL_ERROR   ? C_RED
                                     : f->level == SIMD_LEVEL_NOTE ? C_CYAN
                                                                   : C_MAGENTA),
       lvl, col(t, C_RESET), col(t, C_BOLD), esc(head, 0), col(t, C_RESET));
  if (f->grade[0]) tput(t, " [%s%s%s]", f->grade, f->grade_why[0] ? ": " : "", f->grade_why);
  tput(t, "\n");
  put_source(t, l0, o);
  if (f->site[1] != UINT32_MAX && l1) {
    put_note(t, r, l1);
    tput(t, "%s\n", simD_second_site_note(f->kind));
    put_source(t, l1, o);
  }
  if (f->nthreads) {
    put_note(t, r, NULL);
    tput(t, "thread%s ", f->nthreads > 1 ? "s" : "");
    for (unsigned k = 0; k < f->nthreads && k < 2; k++) {
      simD_thread_text(&f->thread[k], buf, sizeof buf);
      tput(t, "%s%s", k ? " and " : "", buf);
    }
    if (f->relation != SIMD_REL_NONE)
      tput(t, " (%s)", f->relation == SIMD_REL_SAME_WARP    ? "same warp"
                       : f->relation == SIMD_REL_OTHER_WARP ? "different warps"
                                                            : "different blocks");
    tput(t, "\n");
  }
  int said = 0;
  if (f->message[0] && !simD_repeats_headline(f, head)) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->message, 0));
    said = 1;
  }
  if (f->why[0]) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->why, 0));
  }
  if (f->kind == SIMD_DATA_RACE && f->confirm.schedules) {
    confirm_text(&f->confirm, buf, sizeof buf);
    put_note(t, r, NULL);
    tput(t, "%s\n", buf);
  }
  if (f->evidence[0] && !(said && strstr(f->message, f->evidence))) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->evidence, 0));
  }
  /* library code: the pattern and the program's line that called it
   * (the message's "in library code: ..." part) */
  const char *lib = f->grade[0] ? strstr(f->message, "; in library code: ") : NULL;
  if (lib) {
    lib += 2;
    const char *end = strstr(lib, "; ");
    char part[sizeof f->message];
    snprintf(part, sizeof part, "%.*s", (int)(end ? (size_t)(end - lib) : strlen(lib)), lib);
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(part, 0));
  }
  if (f->grade[0] && *simD_finding_grade_text(f)) {
    put_note(t, r, NULL);
    tput(t, "%s: %s\n", f->grade, simD_finding_grade_text(f));
  }
  if (f->count > 1) {
    put_note(t, r, NULL);
    tput(t, "%llu dynamic instances\n", (unsigned long long)f->count);
  }
  put_note(t, r, NULL);
  const char *replay = finding_replay(r, i);
  if (replay) {
    tput(t, "reproduce with: %s\n", esc(replay, 0));
  } else {
    simD_launch_text(r, buf, sizeof buf);
    tput(t, "kernel %s, launch %s\n", esc(r->name, SIMD_ESC_PATH), esc(buf, 0));
  }
}

int simD_write_text_record(FILE *out, const simD_record *r,
                           const simD_write_opts *o) {
  return simD_write_text_record_at(out, r, o, NULL);
}

int simD_write_text_notes(FILE *out, const simD_report *r,
                          const simD_write_opts *o, const char *base) {
  int rc = 0;
  for (unsigned i = 0; i < r->nnotes; i++) {
    char pb[PATH_MAX];
    const simD_note *no = &r->notes[i];
    const char *p = shown_path(base, no->file, pb, sizeof pb);
    int c = o && o->color;
    char ln[32] = "";
    if (no->line) snprintf(ln, sizeof ln, "%u:", no->line);
    if (fprintf(out, "%s%s:%s%s %snote:%s %s\n", c ? C_BOLD : "", p, ln,
                c ? C_RESET : "", c ? C_CYAN : "", c ? C_RESET : "", esc(no->message, 0)) < 0)
      rc = -1;
  }
  return rc;
}

int simD_write_text_record_at(FILE *out, const simD_record *r,
                              const simD_write_opts *o, const char *base) {
  tout t = {out, o ? o->color : 0, 0, base};
  unsigned live = simD_live_findings(r), nsup = r->findings.n - live, hidden = 0;
  /* note-level findings are printed with verbose only */
  for (unsigned i = 0; i < r->findings.n && !(o && o->verbose); i++)
    hidden += simD_record_suppressed(r, i) == SIMD_SUPPRESS_NONE &&
              r->findings.v[i].level == SIMD_LEVEL_NOTE;
  live -= hidden;
  int checked = r->status == SIMD_STATUS_CHECKED || r->status == SIMD_STATUS_INCOMPLETE;
  if (r->status != SIMD_STATUS_CHECKED || !o || !o->quiet) {
    const char *sc = r->status == SIMD_STATUS_CHECKED ? C_GREEN
                     : r->status == SIMD_STATUS_ERROR ? C_RED
                                                      : C_YELLOW;
    if (r->kernel && *r->kernel)
      tput(&t, "%ssimulee:%s kernel %s: %s%s%s", col(&t, C_BOLD),
           col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), col(&t, sc), simD_status_name(r->status),
           col(&t, C_RESET));
    else {
      char pb[PATH_MAX];
      tput(&t, "%ssimulee:%s %s: %s%s%s", col(&t, C_BOLD), col(&t, C_RESET),
           shown_path(base, r->file, pb, sizeof pb), col(&t, sc),
           simD_status_name(r->status), col(&t, C_RESET));
    }
    if (r->has_launch && r->cluster.x)
      tput(&t, " (grid %u,%u,%u block %u,%u,%u cluster %u,%u,%u)", r->grid.x, r->grid.y,
           r->grid.z, r->block.x, r->block.y, r->block.z, r->cluster.x, r->cluster.y,
           r->cluster.z);
    else if (r->has_launch)
      tput(&t, " (grid %u,%u,%u block %u,%u,%u)", r->grid.x, r->grid.y,
           r->grid.z, r->block.x, r->block.y, r->block.z);
    if (checked) {
      tput(&t, ", %llu instructions", (unsigned long long)r->insns);
      if (live) tput(&t, ", %u finding%s", live, live == 1 ? "" : "s");
      if (hidden) tput(&t, ", %u note%s (-v shows %s)", hidden, hidden == 1 ? "" : "s",
                       hidden == 1 ? "it" : "them");
      if (nsup) tput(&t, ", %u suppressed", nsup);
    }
    if ((!checked || r->status == SIMD_STATUS_INCOMPLETE) && r->message && *r->message) {
      tput(&t, ": %s", esc(r->message, 0));
    }
    tput(&t, "\n");
    if (r->host_parts && r->has_launch) {
      /* where the fixed parts of the launch came from */
      char part[6][64], what[360] = "", pb[PATH_MAX];
      unsigned np = 0;
      if (r->host_parts & SIMD_HOST_GRID)
        snprintf(part[np++], sizeof part[0], "grid %u,%u,%u", r->grid.x, r->grid.y, r->grid.z);
      if (r->host_parts & SIMD_HOST_BLOCK)
        snprintf(part[np++], sizeof part[0], "block %u,%u,%u", r->block.x, r->block.y,
                 r->block.z);
      if (r->host_parts & SIMD_HOST_SHARED)
        snprintf(part[np++], sizeof part[0], "dynamic shared %llu bytes",
                 (unsigned long long)r->shared);
      if (r->host_parts & SIMD_HOST_ARGS)
        snprintf(part[np++], sizeof part[0], "scalar arguments from the sites' constants");
      if (r->host_parts & SIMD_HOST_DERIVED)
        snprintf(part[np++], sizeof part[0], "dims computed from an argument");
      if (r->host_parts & SIMD_HOST_BUFFERS)
        snprintf(part[np++], sizeof part[0], "buffer sizes");
      for (unsigned i = 0; i < np; i++) {
        size_t n = strlen(what);
        snprintf(what + n, sizeof what - n, "%s%s",
                 i == 0 ? "" : i + 1 == np ? " and " : ", ", part[i]);
      }
      if (r->host_file && *r->host_file && r->host_line)
        tput(&t, "%s%s:%u:%s %snote:%s kernel %s: %s as %s (--no-host-launch to search)\n",
             col(&t, C_BOLD), shown_path(base, r->host_file, pb, sizeof pb), r->host_line,
             col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), what,
             r->host_sites > 1 ? "in every launch of the host code, the first here"
                               : "launched here");
      else
        tput(&t, "%ssimulee:%s %snote:%s kernel %s: %s as the host code launches it "
             "(--no-host-launch to search)\n", col(&t, C_BOLD), col(&t, C_RESET),
             col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), what);
    }
    if (r->launch_ordinal) {
      /* a program run: the host line that made the launch */
      char pb[PATH_MAX];
      if (r->host_file && *r->host_file && r->host_line)
        tput(&t, "%s%s:%u:%s %snote:%s kernel %s: launch %llu of the program, made here\n",
             col(&t, C_BOLD), shown_path(base, r->host_file, pb, sizeof pb), r->host_line,
             col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), r->name,
             (unsigned long long)r->launch_ordinal);
      else
        tput(&t, "%ssimulee:%s %snote:%s kernel %s: launch %llu of the program\n",
             col(&t, C_BOLD), col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), r->name,
             (unsigned long long)r->launch_ordinal);
    }
    if (checked && r->cov_total && r->cov_reached < r->cov_total) {
      /* parts of the kernel no input of the search ran */
      char lines[200] = "";
      size_t n = 0;
      for (unsigned i = 0; i < r->cov_nlines && n + 24 < sizeof lines; i++)
        n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%u",
                              i ? ", " : r->cov_nlines > 1 ? " at lines " : " at line ",
                              r->cov_lines[i]);
      if (n + 24 >= sizeof lines) snprintf(lines + n, sizeof lines - n, ", ...");
      tput(&t, "%ssimulee:%s %snote:%s kernel %s: %u of %u memory accesses never ran%s "
           "(a race there was not checked)\n", col(&t, C_BOLD), col(&t, C_RESET),
           col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), r->cov_total - r->cov_reached,
           r->cov_total, lines);
    }
    if (checked && r->br_total && r->br_reached < r->br_total) {
      /* branch outcomes no input took */
      char lines[200] = "";
      size_t n = 0;
      for (unsigned i = 0; i < r->br_nunreached && n + 32 < sizeof lines; i++)
        n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%u %s", i ? ", " : " at line ",
                              r->br_lines[i], branch_side_name(r->br_sides[i]));
      if (r->br_nunreached && n + 32 >= sizeof lines) snprintf(lines + n, sizeof lines - n, ", ...");
      tput(&t, "%ssimulee:%s %snote:%s kernel %s: %u of %u branch outcomes never taken%s\n",
           col(&t, C_BOLD), col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH),
           r->br_total - r->br_reached, r->br_total, lines);
    }
  }
  for (unsigned i = 0; i < r->findings.n; i++)
    if (simD_record_suppressed(r, i) == SIMD_SUPPRESS_NONE &&
        (r->findings.v[i].level != SIMD_LEVEL_NOTE || (o && o->verbose)))
      put_finding(&t, r, i, o);
  if (fflush(out) != 0) t.err = 1;
  return t.err ? -1 : 0;
}
