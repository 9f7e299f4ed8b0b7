/*
 * Kernel printf formatting: see format.h. The kernel's format is parsed here
 * conversion by conversion; only floating conversions reach the host's
 * snprintf, through a format composed here from the parsed fields.
 */
#include "interp/format.h"

#include <stdio.h>
#include <string.h>

typedef struct wr {
  char *out;
  size_t len, pos; /* pos <= len - 1 */
} wr;

static void put(wr *o, char c) {
  if (o->pos + 1 < o->len) o->out[o->pos++] = c;
}

static void putn(wr *o, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) put(o, s[i]);
}

static void pad(wr *o, char c, long n) {
  for (; n > 0 && o->pos + 1 < o->len; n--) put(o, c);
}

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_HASH = 8, F_ZERO = 16 };
enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_BIG_L };

typedef struct spec {
  unsigned flags;
  long width;     /* -1: none */
  long prec;      /* -1: none */
  int len;        /* LEN_* */
  char conv;
} spec;

/* Argument reader over the vprintf buffer. */
typedef struct args {
  const simI_fmt_src *src;
  uint64_t off;
} args;

static uint64_t next_arg(args *a, unsigned size) {
  a->off = (a->off + size - 1) & ~(uint64_t)(size - 1);
  uint64_t v = 0;
  if (a->src->arg(a->src->ctx, a->off, size, &v) != 0) v = 0;
  a->off += size;
  return v;
}

static long clamp_field(long v) { return v > SIMI_FMT_MAX_FIELD ? SIMI_FMT_MAX_FIELD : v; }

/* Pads the body (prefix + zeros + digits) to the width. */
static void emit_padded(wr *o, const spec *s, const char *prefix, size_t plen, long zeros,
                        const char *body, size_t blen) {
  long total = (long)plen + zeros + (long)blen;
  long fill = s->width > total ? s->width - total : 0;
  if (!(s->flags & F_MINUS)) pad(o, ' ', fill);
  putn(o, prefix, plen);
  pad(o, '0', zeros);
  putn(o, body, blen);
  if (s->flags & F_MINUS) pad(o, ' ', fill);
}

static void fmt_int(wr *o, const spec *s, args *a) {
  int wide = s->len == LEN_L || s->len == LEN_LL;
  uint64_t raw = next_arg(a, wide ? 8 : 4);
  int sgn = s->conv == 'd' || s->conv == 'i';
  int neg = 0;
  uint64_t mag;
  if (sgn) {
    int64_t v = s->len == LEN_HH ? (int64_t)(signed char)(raw & 0xFF)
              : s->len == LEN_H ? (int64_t)(int16_t)(raw & 0xFFFF)
              : wide ? (int64_t)raw : (int64_t)(int32_t)(raw & 0xFFFFFFFFu);
    neg = v < 0;
    mag = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  } else {
    mag = s->len == LEN_HH ? (raw & 0xFF) : s->len == LEN_H ? (raw & 0xFFFF)
        : wide ? raw : (raw & 0xFFFFFFFFu);
  }
  unsigned base = s->conv == 'o' ? 8 : (s->conv == 'x' || s->conv == 'X') ? 16 : 10;
  const char *dig = s->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[32];
  size_t n = 0;
  for (uint64_t m = mag; m; m /= base) buf[sizeof buf - 1 - n++] = dig[m % base];
  const char *digits = buf + sizeof buf - n;
  long prec = s->prec;
  if (prec < 0) prec = 1;
  long zeros = prec > (long)n ? prec - (long)n : 0;
  if (s->conv == 'o' && (s->flags & F_HASH) && zeros == 0 && (n == 0 || digits[0] != '0'))
    zeros = 1;
  char prefix[3];
  size_t plen = 0;
  if (sgn) {
    if (neg) prefix[plen++] = '-';
    else if (s->flags & F_PLUS) prefix[plen++] = '+';
    else if (s->flags & F_SPACE) prefix[plen++] = ' ';
  } else if (base == 16 && (s->flags & F_HASH) && mag) {
    prefix[plen++] = '0';
    prefix[plen++] = s->conv;
  }
  if ((s->flags & F_ZERO) && !(s->flags & F_MINUS) && s->prec < 0) {
    long total = (long)plen + zeros + (long)n;
    if (s->width > total) zeros += s->width - total;
  }
  emit_padded(o, s, prefix, plen, zeros, digits, n);
}

static void fmt_float(wr *o, const spec *s, args *a) {
  uint64_t raw = next_arg(a, 8);
  double d;
  memcpy(&d, &raw, sizeof d);
  /* the host format is composed here: '%', known flags, '*', '.*', conv */
  char f[16];
  size_t n = 0;
  f[n++] = '%';
  if (s->flags & F_MINUS) f[n++] = '-';
  if (s->flags & F_PLUS) f[n++] = '+';
  if (s->flags & F_SPACE) f[n++] = ' ';
  if (s->flags & F_HASH) f[n++] = '#';
  if (s->flags & F_ZERO) f[n++] = '0';
  f[n++] = '*';
  if (s->prec >= 0) { f[n++] = '.'; f[n++] = '*'; }
  f[n++] = strchr("fFeEgGaA", s->conv) ? s->conv : 'g';
  f[n] = 0;
  /* %f of DBL_MAX has 309 integer digits; width and precision are clamped */
  char tmp[2 * SIMI_FMT_MAX_FIELD + 400];
  int w = (int)(s->width < 0 ? 0 : s->width), r;
  if (s->prec >= 0) r = snprintf(tmp, sizeof tmp, f, w, (int)s->prec, d);
  else r = snprintf(tmp, sizeof tmp, f, w, d);
  if (r < 0) return;
  putn(o, tmp, (size_t)r < sizeof tmp ? (size_t)r : sizeof tmp - 1);
}

static void fmt_str(wr *o, const spec *s, args *a) {
  uint64_t p = next_arg(a, 8);
  char buf[4096];
  const char *t = buf;
  long n;
  if (!p) {
    t = "(null)";
    n = 6;
  } else {
    size_t cap = sizeof buf;
    if (s->prec >= 0 && (size_t)s->prec + 1 < cap) cap = (size_t)s->prec + 1;
    n = a->src->str(a->src->ctx, p, buf, cap);
    if (n < 0) { t = "(bad pointer)"; n = 13; }
  }
  if (s->prec >= 0 && n > s->prec) n = s->prec;
  emit_padded(o, s, "", 0, 0, t, (size_t)n);
}

size_t simI_format(const char *fmt, size_t fmtlen, const simI_fmt_src *src, char *out,
                   size_t len) {
  wr o = {out, len, 0};
  args a = {src, 0};
  size_t i = 0;
  while (i < fmtlen && o.pos + 1 < len) {
    char c = fmt[i];
    if (c != '%') { put(&o, c); i++; continue; }
    size_t start = i++;
    spec s = {0, -1, -1, LEN_NONE, 0};
    for (; i < fmtlen; i++) {
      const char *fl = strchr("-+ #0", fmt[i]);
      if (!fl || !fmt[i]) break;
      s.flags |= fmt[i] == '-' ? F_MINUS : fmt[i] == '+' ? F_PLUS : fmt[i] == ' ' ? F_SPACE
               : fmt[i] == '#' ? F_HASH : F_ZERO;
    }
    if (i < fmtlen && fmt[i] == '*') {
      int32_t v = (int32_t)(uint32_t)next_arg(&a, 4);
      if (v < 0) { s.flags |= F_MINUS; s.width = v == INT32_MIN ? SIMI_FMT_MAX_FIELD : -(long)v; }
      else s.width = v;
      i++;
    } else {
      for (; i < fmtlen && fmt[i] >= '0' && fmt[i] <= '9'; i++)
        s.width = clamp_field((s.width < 0 ? 0 : s.width) * 10 + (fmt[i] - '0'));
    }
    s.width = clamp_field(s.width);
    if (i < fmtlen && fmt[i] == '.') {
      i++;
      s.prec = 0;
      if (i < fmtlen && fmt[i] == '*') {
        int32_t v = (int32_t)(uint32_t)next_arg(&a, 4);
        s.prec = v < 0 ? -1 : v;
        i++;
      } else {
        for (; i < fmtlen && fmt[i] >= '0' && fmt[i] <= '9'; i++)
          s.prec = clamp_field(s.prec * 10 + (fmt[i] - '0'));
      }
      s.prec = s.prec < 0 ? -1 : clamp_field(s.prec);
    }
    if (i < fmtlen) {
      char m = fmt[i];
      if (m == 'h') { s.len = LEN_H; i++; if (i < fmtlen && fmt[i] == 'h') { s.len = LEN_HH; i++; } }
      else if (m == 'l') { s.len = LEN_L; i++; if (i < fmtlen && fmt[i] == 'l') { s.len = LEN_LL; i++; } }
      else if (m == 'z' || m == 'j' || m == 't') { s.len = LEN_LL; i++; }
      else if (m == 'L') { s.len = LEN_BIG_L; i++; }
    }
    if (i >= fmtlen) { putn(&o, fmt + start, fmtlen - start); break; }
    s.conv = fmt[i++];
    switch (s.conv) {
    case '%':
      put(&o, '%');
      break;
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
      fmt_int(&o, &s, &a);
      break;
    case 'c': {
      char ch = (char)(next_arg(&a, 4) & 0xFF);
      emit_padded(&o, &s, "", 0, 0, &ch, 1);
      break;
    }
    case 's':
      fmt_str(&o, &s, &a);
      break;
    case 'p': {
      uint64_t v = next_arg(&a, 8);
      spec h = s;
      h.conv = 'x';
      h.prec = -1;
      char buf[24];
      size_t n = 0;
      for (uint64_t m = v; m || n == 0; m >>= 4) buf[sizeof buf - 1 - n++] = "0123456789abcdef"[m & 15];
      emit_padded(&o, &h, "0x", 2, 0, buf + sizeof buf - n, n);
      break;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      fmt_float(&o, &s, &a);
      break;
    default: /* %n and anything unknown: the text as it is */
      putn(&o, fmt + start, i - start);
      break;
    }
  }
  out[o.pos] = 0;
  return o.pos;
}
