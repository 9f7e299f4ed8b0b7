/*
 * simulee runtime: nvJPEG (cuda/nvjpeg.h, libnvjpeg.so in the toolkit) on
 * libjpeg-turbo (Debian's libjpeg62-turbo-dev): JPEG decoding and encoding
 * are libjpeg's, this file moves the planes between the host and the
 * program's device images.
 *
 * Decoding: the JPEG data (host memory, as nvJPEG takes it) is decoded on
 * the host into a picture in the output format: libjpeg's RGB conversion
 * for NVJPEG_OUTPUT_RGB/BGR/RGBI/BGRI (planar or interleaved, the channels
 * in the order the format names), its grayscale output for NVJPEG_OUTPUT_Y,
 * its raw component planes at their coded sampling for NVJPEG_OUTPUT_YUV
 * and NVJPEG_OUTPUT_UNCHANGED (a grayscale JPEG has one plane). Writing
 * the picture into the destination's planes is a library call on the
 * stream through the submit seam (in order between launches, its writes
 * checked for races with kernels; refused on a capturing stream); every
 * plane must lie in one allocation, else one line naming it and
 * NVJPEG_STATUS_EXECUTION_FAILED. libjpeg's fatal errors never leave the
 * process: its error_exit longjmps back here, and the call returns
 * NVJPEG_STATUS_BAD_JPEG (NVJPEG_STATUS_JPEG_NOT_SUPPORTED for data libjpeg
 * does not decode: 12-bit samples, ...). Data that ends early is decoded
 * as far as it goes (libjpeg fills the rest) and returns
 * NVJPEG_STATUS_INCOMPLETE_BITSTREAM; with NVJPEG_FLAGS_BITSTREAM_STRICT any
 * corrupt-data warning of libjpeg is NVJPEG_STATUS_BAD_JPEG.
 *
 * The decoded picture lives in page-locked memory from the handle's pinned
 * allocator (or a pinned buffer attached to the state); the decoupled API's
 * transfer copies it into device memory from the device allocator (or the
 * attached device buffer), from which nvjpegDecodeJpegDevice writes the
 * destination. Encoding reads the source planes in a library call,
 * compresses with libjpeg (quality, sampling factors, optimized Huffman
 * tables, progressive) and keeps the bitstream in device memory from the
 * device allocator; nvjpegEncodeRetrieveBitstream copies it out.
 *
 * Handles, states, decoders, bitstream handles, parameters and buffers are
 * entries of the runtime's handle registry (runtime/handles.c). Calls
 * simulee does not run return NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED
 * after one line on stderr naming them (once per function).
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* the runtime API calls nvJPEG makes (runtime/memory.c) */
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);

/* cuda/nvjpeg.h's values */
enum {
  S_OK = 0, S_NOT_INITIALIZED = 1, S_INVALID = 2, S_BAD_JPEG = 3, S_JPEG_NOT_SUPPORTED = 4,
  S_ALLOCATOR = 5, S_EXECUTION = 6, S_INTERNAL = 8, S_NOT_SUPPORTED = 9, S_INCOMPLETE = 10
};
enum { F_UNCHANGED = 0, F_YUV, F_Y, F_RGB, F_BGR, F_RGBI, F_BGRI, F_UNCHANGEDI_U16 };
enum { CSS_444 = 0, CSS_422, CSS_420, CSS_440, CSS_411, CSS_410, CSS_GRAY, CSS_410V, CSS_UNKNOWN = -1 };
enum { ENC_BASELINE = 0xc0, ENC_EXTENDED = 0xc1, ENC_PROGRESSIVE = 0xc2, ENC_LOSSLESS = 0xc3 };
#define FLAG_STRICT 4u
#define MAXC 4
/* the largest image decoded (16384 x 16384): a frame header a corrupt
 * stream makes larger is refused rather than given gigabytes */
#define MAX_PIXELS ((uint64_t)1 << 28)

/* ------------------------------------------------ not supported: a line */

static const char *said[64];
static unsigned nsaid;

static int unsupported(const char *fn, const char *what) {
  simR_lock();
  unsigned i = 0;
  while (i < nsaid && strcmp(said[i], fn)) i++;
  if (i == nsaid) {
    if (nsaid < 64) said[nsaid++] = fn;
    fprintf(stderr, "simulee: warning: %s%s%s is not supported by simulee's nvJPEG: it returns "
                    "NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED\n", fn, what ? " " : "",
            what ? what : "");
  }
  simR_unlock();
  return S_NOT_SUPPORTED;
}

/* ------------------------------------------------------ allocators */

typedef struct allocs {
  int (*dmalloc)(void **, size_t);
  int (*dfree)(void *);
  int (*pmalloc)(void **, size_t, unsigned);
  int (*pfree)(void *);
  int (*dmalloc2)(void *, void **, size_t, cudaStream_t);
  int (*dfree2)(void *, void *, size_t, cudaStream_t);
  int (*pmalloc2)(void *, void **, size_t, cudaStream_t);
  int (*pfree2)(void *, void *, size_t, cudaStream_t);
  void *dctx, *pctx;
} allocs;

static int def_dmalloc(void **p, size_t n) { return (int)cudaMalloc(p, n); }
static int def_dfree(void *p) { return (int)cudaFree(p); }
static int def_pmalloc(void **p, size_t n, unsigned f) { return (int)cudaHostAlloc(p, n, f); }
static int def_pfree(void *p) { return (int)cudaFreeHost(p); }

/* A block of device (dev 1) or pinned memory from allocators a. */
typedef struct block {
  void *p;
  size_t size;
} block;

static int block_free(const allocs *a, int dev, block *b) {
  int r = 0;
  if (b->p) {
    if (dev)
      r = a->dfree2 ? a->dfree2(a->dctx, b->p, b->size, NULL) : a->dfree(b->p);
    else
      r = a->pfree2 ? a->pfree2(a->pctx, b->p, b->size, NULL) : a->pfree(b->p);
  }
  b->p = NULL;
  b->size = 0;
  return r ? S_ALLOCATOR : S_OK;
}
/* b holds at least n bytes (grown through the allocator): S_OK or S_ALLOCATOR */
static int block_reserve(const allocs *a, int dev, block *b, size_t n) {
  if (b->p && b->size >= n) return S_OK;
  block_free(a, dev, b);
  void *p = NULL;
  int r = dev ? (a->dmalloc2 ? a->dmalloc2(a->dctx, &p, n, NULL) : a->dmalloc(&p, n))
              : (a->pmalloc2 ? a->pmalloc2(a->pctx, &p, n, NULL) : a->pmalloc(&p, n, 0));
  if (r || !p) return S_ALLOCATOR;
  b->p = p;
  b->size = n;
  return S_OK;
}

/* ------------------------------------------------------------ objects */

typedef struct jhandle {
  allocs a;
  unsigned flags;
  size_t dpad, ppad;
} jhandle;

/* A picture in an output format: planes of w[c] bytes by h[c] rows, tight,
 * one after another from byte 0 of its memory. */
typedef struct pic {
  int n;
  int w[MAXC], h[MAXC];
  size_t off[MAXC];
  size_t size;
} pic;

typedef struct jbuf {
  allocs a;
  int dev;
  block b;
} jbuf;

typedef struct jstate {
  jhandle *h;
  block host;          /* the picture when no pinned buffer is attached */
  block dev;           /* its device copy when no device buffer is attached */
  jbuf *pinned, *device;
  pic p;               /* the last host phase's picture */
  int have, moved;     /* a picture decoded; copied to the device */
  /* batched decoding */
  int batch, threads, fmt;
  uint8_t **bdata;     /* per image: its picture (malloc'd), NULL when none */
  pic *bpic;
} jstate;

typedef struct jinfo {
  int ncomp, css, width, height, encoding, precision, color;
  int w[MAXC], h[MAXC];
} jinfo;

typedef struct jstream {
  uint8_t *data;
  size_t len;
  jinfo info;
  int parsed;
} jstream;

typedef struct jparams {
  int fmt;
  int roi_x, roi_y, roi_w, roi_h;
  int cmyk;
} jparams;

typedef struct jdecoder {
  int backend;
} jdecoder;

typedef struct encparams {
  int quality, css, optimized, encoding;
} encparams;

typedef struct encstate {
  jhandle *h;
  block dev; /* the bitstream, in device memory */
  size_t len;
  int have;
} encstate;

static void *get(const void *key, unsigned kind, const char *fn) {
  return simR_handle_check_locked((uint64_t)(uintptr_t)key, kind, fn,
                                  "NVJPEG_STATUS_INVALID_PARAMETER");
}

/* get under the lock (the object's own fields are the caller's). */
static void *lookup(const void *key, unsigned kind, const char *fn) {
  simR_lock();
  void *p = get(key, kind, fn);
  simR_unlock();
  return p;
}

/* The Destroy of an object that owns nothing else. */
static int destroy(void *key, unsigned kind, const char *fn) {
  simR_lock();
  void *p = get(key, kind, fn);
  if (p) simR_handle_delete_locked(p, kind);
  simR_unlock();
  return p ? S_OK : S_INVALID;
}

/* ------------------------------------------------ libjpeg, guarded */

typedef struct guard {
  struct jpeg_error_mgr pub;
  jmp_buf jb;
  int code;    /* the fatal error's message code */
  int corrupt; /* corrupt-data warnings */
  int eof;     /* the data ended early */
} guard;

static void g_exit(j_common_ptr c) {
  guard *g = (guard *)c->err;
  g->code = c->err->msg_code;
  longjmp(g->jb, 1);
}
static void g_emit(j_common_ptr c, int level) {
  guard *g = (guard *)c->err;
  if (level >= 0) return;
  if (c->err->msg_code == JWRN_JPEG_EOF)
    g->eof = 1;
  else
    g->corrupt++;
}
static void g_output(j_common_ptr c) { (void)c; }

static void guard_init(guard *g) {
  memset(g, 0, sizeof *g);
  jpeg_std_error(&g->pub);
  g->pub.error_exit = g_exit;
  g->pub.emit_message = g_emit;
  g->pub.output_message = g_output;
}

/* nvJPEG's status for libjpeg's fatal error code */
static int status_of(int code) {
  switch (code) {
  case JERR_BAD_PRECISION:
  case JERR_NOT_COMPILED:
  case JERR_ARITH_NOTIMPL:
  case JERR_CONVERSION_NOTIMPL:
  case JERR_COMPONENT_COUNT:
  case JERR_IMAGE_TOO_BIG:
  case JERR_WIDTH_OVERFLOW: return S_JPEG_NOT_SUPPORTED;
  case JERR_OUT_OF_MEMORY: return S_INTERNAL;
  default: return S_BAD_JPEG;
  }
}

/* The frame marker's type (0xc0..0xcf) of JPEG data, 0 when none is found. */
static int frame_type(const uint8_t *d, size_t n) {
  size_t i = 2;
  while (i + 4 <= n) {
    if (d[i] != 0xff) return 0;
    int m = d[i + 1];
    if (m == 0xff) {
      i++;
      continue;
    }
    if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) return m;
    if (m == 0xd8 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2;
      continue;
    }
    i += 2 + ((size_t)d[i + 2] << 8 | d[i + 3]);
  }
  return 0;
}

static int css_of(const struct jpeg_decompress_struct *d) {
  if (d->num_components == 1) return CSS_GRAY;
  if (d->num_components < 3) return CSS_UNKNOWN;
  const jpeg_component_info *y = &d->comp_info[0], *u = &d->comp_info[1], *v = &d->comp_info[2];
  if (u->h_samp_factor != v->h_samp_factor || u->v_samp_factor != v->v_samp_factor)
    return CSS_UNKNOWN;
  if (y->h_samp_factor % u->h_samp_factor || y->v_samp_factor % u->v_samp_factor)
    return CSS_UNKNOWN;
  int hx = y->h_samp_factor / u->h_samp_factor, vy = y->v_samp_factor / u->v_samp_factor;
  static const int tab[][3] = {{1, 1, CSS_444}, {2, 1, CSS_422}, {2, 2, CSS_420}, {1, 2, CSS_440},
                               {4, 1, CSS_411}, {4, 2, CSS_410}, {2, 4, CSS_410V}};
  for (unsigned k = 0; k < sizeof tab / sizeof tab[0]; k++)
    if (tab[k][0] == hx && tab[k][1] == vy) return tab[k][2];
  return CSS_UNKNOWN;
}

static void info_of(const struct jpeg_decompress_struct *d, const uint8_t *data, size_t len,
                    jinfo *in) {
  memset(in, 0, sizeof *in);
  in->ncomp = d->num_components;
  in->css = css_of(d);
  in->width = (int)d->image_width;
  in->height = (int)d->image_height;
  in->precision = d->data_precision;
  in->color = d->jpeg_color_space;
  in->encoding = frame_type(data, len);
  for (int c = 0; c < d->num_components && c < MAXC; c++) {
    const jpeg_component_info *ci = &d->comp_info[c];
    in->w[c] = (int)(((long)d->image_width * ci->h_samp_factor + d->max_h_samp_factor - 1) /
                     d->max_h_samp_factor);
    in->h[c] = (int)(((long)d->image_height * ci->v_samp_factor + d->max_v_samp_factor - 1) /
                     d->max_v_samp_factor);
  }
}

/* The header of JPEG data: S_OK with *in, or a status. */
typedef struct hjob {
  guard g;
  struct jpeg_decompress_struct d;
} hjob;
static int header_run(hjob *j, const uint8_t *data, size_t len) {
  if (setjmp(j->g.jb)) return status_of(j->g.code);
  jpeg_mem_src(&j->d, data, (unsigned long)len);
  if (jpeg_read_header(&j->d, TRUE) != JPEG_HEADER_OK) return S_BAD_JPEG;
  return S_OK;
}
static int header(const uint8_t *data, size_t len, jinfo *in) {
  if (!data || !len) return S_INVALID;
  hjob *j = calloc(1, sizeof *j);
  if (!j) return S_INTERNAL;
  guard_init(&j->g);
  j->d.err = &j->g.pub;
  jpeg_create_decompress(&j->d);
  int r = header_run(j, data, len);
  if (r == S_OK) info_of(&j->d, data, len, in); /* header warnings: decoding decides */
  jpeg_destroy_decompress(&j->d);
  free(j);
  return r;
}

/* ---------------------------------------------------------- decoding */

typedef struct djob {
  guard g;
  struct jpeg_decompress_struct d;
  const allocs *a; /* the pinned allocator, with mem */
  block *mem;      /* where the picture goes */
  uint8_t *out;    /* (malloc'd memory when mem is NULL) */
  int fmt;
  int rx, ry, rw, rh; /* the region decoded (rw 0: the image) */
  uint8_t *row;       /* one output row */
  uint8_t *tmp[MAXC]; /* raw planes: an iMCU row of each component */
  pic p;
  int status;
} djob;

static void lay_out(pic *p) {
  size_t o = 0;
  for (int c = 0; c < p->n; c++) {
    p->off[c] = o;
    o += (size_t)p->w[c] * (size_t)p->h[c];
  }
  p->size = o;
}

/* The body: 0, or a status before any pixel (a longjmp returns through the
 * setjmp with the error's status). */
static int decode_run(djob *j, const uint8_t *data, size_t len) {
  if (setjmp(j->g.jb)) return status_of(j->g.code);
  struct jpeg_decompress_struct *d = &j->d;
  jpeg_mem_src(d, data, (unsigned long)len);
  if (jpeg_read_header(d, TRUE) != JPEG_HEADER_OK) return S_BAD_JPEG;
  int W = (int)d->image_width, H = (int)d->image_height, nc = d->num_components;
  if ((uint64_t)W * (uint64_t)H > MAX_PIXELS) return S_JPEG_NOT_SUPPORTED;
  if (j->rw > 0) {
    if (j->rx < 0 || j->ry < 0 || j->rx + j->rw > W || j->ry + j->rh > H) return S_INVALID;
  } else {
    j->rx = j->ry = 0, j->rw = W, j->rh = H;
  }
  pic *p = &j->p;
  memset(p, 0, sizeof *p);
  int raw = j->fmt == F_UNCHANGED || j->fmt == F_YUV;
  if (raw) {
    if (j->fmt == F_YUV && d->jpeg_color_space != JCS_YCbCr && d->jpeg_color_space != JCS_GRAYSCALE)
      return S_JPEG_NOT_SUPPORTED;
    if (nc > MAXC) return S_JPEG_NOT_SUPPORTED;
    d->raw_data_out = TRUE;
    d->out_color_space = d->jpeg_color_space;
    jinfo in;
    info_of(d, data, len, &in);
    p->n = nc;
    for (int c = 0; c < nc; c++) p->w[c] = in.w[c], p->h[c] = in.h[c];
  } else if (j->fmt == F_Y) {
    if (nc != 1 && nc != 3) return S_JPEG_NOT_SUPPORTED;
    d->out_color_space = JCS_GRAYSCALE;
    p->n = 1, p->w[0] = j->rw, p->h[0] = j->rh;
  } else {
    if (nc != 1 && nc != 3) return S_JPEG_NOT_SUPPORTED; /* CMYK, YCCK */
    d->out_color_space = JCS_RGB;
    int inter = j->fmt == F_RGBI || j->fmt == F_BGRI;
    p->n = inter ? 1 : 3;
    for (int c = 0; c < p->n; c++) p->w[c] = inter ? 3 * j->rw : j->rw, p->h[c] = j->rh;
  }
  lay_out(p);
  if (j->mem) {
    if (block_reserve(j->a, 0, j->mem, p->size ? p->size : 1)) return S_ALLOCATOR;
    j->out = j->mem->p;
  } else if (!(j->out = malloc(p->size ? p->size : 1))) {
    return S_INTERNAL;
  }
  jpeg_start_decompress(d);
  if (raw) {
    int rows = d->max_v_samp_factor * DCTSIZE;
    JSAMPROW ptrs[MAXC][4 * DCTSIZE];
    JSAMPARRAY planes[MAXC];
    for (int c = 0; c < nc; c++) {
      jpeg_component_info *ci = &d->comp_info[c];
      size_t cw = (size_t)ci->width_in_blocks * DCTSIZE, ch = (size_t)ci->v_samp_factor * DCTSIZE;
      if (ci->v_samp_factor > 4 || !(j->tmp[c] = malloc(cw * ch))) return S_INTERNAL;
      for (size_t r = 0; r < ch; r++) ptrs[c][r] = j->tmp[c] + r * cw;
      planes[c] = ptrs[c];
    }
    for (long imcu = 0; d->output_scanline < d->output_height; imcu++) {
      if (jpeg_read_raw_data(d, planes, (JDIMENSION)rows) == 0) break;
      for (int c = 0; c < nc; c++) {
        jpeg_component_info *ci = &d->comp_info[c];
        long ch = (long)ci->v_samp_factor * DCTSIZE;
        for (long r = 0; r < ch; r++) {
          long y = imcu * ch + r;
          if (y >= p->h[c]) break;
          memcpy(j->out + p->off[c] + (size_t)y * (size_t)p->w[c], ptrs[c][r], (size_t)p->w[c]);
        }
      }
    }
  } else {
    int comps = d->output_components;
    if (!(j->row = malloc((size_t)d->output_width * (size_t)comps))) return S_INTERNAL;
    while (d->output_scanline < d->output_height) {
      int y = (int)d->output_scanline;
      JSAMPROW r = j->row;
      if (jpeg_read_scanlines(d, &r, 1) != 1) break;
      if (y < j->ry || y >= j->ry + j->rh) continue;
      size_t oy = (size_t)(y - j->ry);
      const uint8_t *s = j->row + (size_t)j->rx * (size_t)comps;
      if (j->fmt == F_Y) {
        memcpy(j->out + oy * (size_t)p->w[0], s, (size_t)j->rw);
        continue;
      }
      int bgr = j->fmt == F_BGR || j->fmt == F_BGRI;
      for (int x = 0; x < j->rw; x++) {
        uint8_t px[3];
        for (int k = 0; k < 3; k++) px[k] = s[(size_t)x * (size_t)comps + (comps == 3 ? (size_t)k : 0)];
        if (bgr) {
          uint8_t t = px[0];
          px[0] = px[2], px[2] = t;
        }
        if (p->n == 1)
          memcpy(j->out + oy * (size_t)p->w[0] + 3 * (size_t)x, px, 3);
        else
          for (int k = 0; k < 3; k++) j->out[p->off[k] + oy * (size_t)p->w[k] + (size_t)x] = px[k];
      }
    }
  }
  jpeg_finish_decompress(d);
  return S_OK;
}

/* Decode data (len bytes) into picture *p in format fmt, region roi (NULL:
 * the image), in mem (grown through a's pinned allocator) or, mem NULL, in
 * malloc'd memory at *out. A status; S_INCOMPLETE also has the picture. */
static int decode(const uint8_t *data, size_t len, int fmt, const jparams *roi, unsigned flags,
                  const allocs *a, block *mem, pic *p, uint8_t **out) {
  if (!data || !len) return S_INVALID;
  if (fmt == F_UNCHANGEDI_U16) return unsupported("NVJPEG_OUTPUT_UNCHANGEDI_U16", "output");
  if (fmt < F_UNCHANGED || fmt > F_BGRI) return S_INVALID;
  if (roi && roi->roi_w > 0 && roi->roi_h > 0 && (fmt == F_UNCHANGED || fmt == F_YUV))
    return unsupported("nvjpegDecodeParamsSetROI", "with NVJPEG_OUTPUT_YUV or NVJPEG_OUTPUT_UNCHANGED");
  djob *j = calloc(1, sizeof *j);
  if (!j) return S_INTERNAL;
  guard_init(&j->g);
  j->d.err = &j->g.pub;
  jpeg_create_decompress(&j->d);
  j->a = a, j->mem = mem, j->fmt = fmt;
  if (roi && roi->roi_w > 0 && roi->roi_h > 0)
    j->rx = roi->roi_x, j->ry = roi->roi_y, j->rw = roi->roi_w, j->rh = roi->roi_h;
  int r = decode_run(j, data, len);
  jpeg_destroy_decompress(&j->d);
  free(j->row);
  for (int c = 0; c < MAXC; c++) free(j->tmp[c]);
  if (r == S_OK && (flags & FLAG_STRICT) && (j->g.corrupt || j->g.eof)) r = S_BAD_JPEG;
  else if (r == S_OK && j->g.eof) r = S_INCOMPLETE;
  if (r == S_OK || r == S_INCOMPLETE) {
    *p = j->p;
    if (out) *out = j->out;
  } else if (!mem) {
    free(j->out);
  }
  free(j);
  return r;
}

/* ------------------------------------------------ a call on a stream */

/* Start call fn on stream s: S_OK and the lock held (call_end releases it),
 * or an nvJPEG status (not a stream, refused by a capture, an earlier
 * kernel error). */
static int call_begin(const char *fn, cudaStream_t s) {
  int r = simR_libcall_open(s, fn);
  return r == 0 ? S_OK : r == 1 ? S_INVALID : S_EXECUTION;
}
static int call_end(int r) {
  simR_libcall_close();
  return r;
}

/* Host bytes of rows [0, h) of w bytes of a plane at p with `pitch` bytes a
 * row (one allocation), recorded as read or written; NULL after a line. */
static uint8_t *plane_bytes(const char *fn, const char *what, int c, const void *p, size_t pitch,
                            size_t w, size_t h, int write) {
  uint64_t span = (uint64_t)(h - 1) * pitch + w;
  cudaError_t e;
  uint8_t *b = p ? simR_host_bytes_locked(p, span, &e) : NULL;
  if (!b) {
    fprintf(stderr,
            "simulee: error: %s: the %s's channel[%d] (%zu rows of %zu bytes from %p, pitch %zu) is "
            "not inside one allocation of device, managed or host memory: returns "
            "NVJPEG_STATUS_EXECUTION_FAILED\n", fn, what, c, h, w, p, pitch);
    return NULL;
  }
  simR_libcall_access_locked(p, span, write);
  return b;
}

/* The destination's planes hold picture p: S_OK or S_INVALID. */
static int dest_ok(const pic *p, const void *dest) {
  if (!dest) return S_INVALID;
  const unsigned char *const *ch = dest;
  const size_t *pitch = (const size_t *)((const char *)dest + MAXC * sizeof(void *));
  for (int c = 0; c < p->n; c++)
    if (!ch[c] || pitch[c] < (size_t)p->w[c]) return S_INVALID;
  return S_OK;
}

/* Write picture p (bytes src) into the destination image; the lock held,
 * inside a library call. S_OK or S_EXECUTION. */
static int write_pic(const char *fn, const pic *p, const uint8_t *src, const void *dest) {
  unsigned char *const *ch = dest;
  const size_t *pitch = (const size_t *)((const char *)dest + MAXC * sizeof(void *));
  for (int c = 0; c < p->n; c++) {
    if (!p->w[c] || !p->h[c]) continue;
    uint8_t *o = plane_bytes(fn, "destination image", c, ch[c], pitch[c], (size_t)p->w[c],
                             (size_t)p->h[c], 1);
    if (!o) return S_EXECUTION;
    for (int y = 0; y < p->h[c]; y++)
      memcpy(o + (size_t)y * pitch[c], src + p->off[c] + (size_t)y * (size_t)p->w[c],
             (size_t)p->w[c]);
  }
  return S_OK;
}

/* -------------------------------------------------- library, handles */

EXPORT int nvjpegGetProperty(int type, int *value) {
  if (!value || type < 0 || type > 2) return S_INVALID;
  *value = type == 0 ? 12 : 0;
  return S_OK;
}
EXPORT int nvjpegGetCudartProperty(int type, int *value) {
  if (!value || type < 0 || type > 2) return S_INVALID;
  *value = type == 0 ? 12 : 0;
  return S_OK;
}

static int create(const char *fn, int backend, const allocs *a, unsigned flags, void **handle) {
  if (!handle) return S_INVALID;
  if (backend < 0 || backend > 6) return S_INVALID;
  if (backend == 6) return unsupported(fn, "with NVJPEG_BACKEND_LOSSLESS_JPEG");
  simR_lock();
  jhandle *h = simR_handle_new_locked(SIMR_H_NVJPEG, sizeof *h);
  if (h) {
    h->a = *a;
    h->flags = flags;
  }
  simR_unlock();
  if (!h) return S_ALLOCATOR;
  *handle = h;
  return S_OK;
}
static allocs default_allocs(void) {
  allocs a = {0};
  a.dmalloc = def_dmalloc, a.dfree = def_dfree, a.pmalloc = def_pmalloc, a.pfree = def_pfree;
  return a;
}
typedef struct { int (*m)(void **, size_t); int (*f)(void *); } dev_alloc_t;
typedef struct { int (*m)(void **, size_t, unsigned); int (*f)(void *); } pin_alloc_t;
typedef struct { int (*m)(void *, void **, size_t, cudaStream_t); int (*f)(void *, void *, size_t, cudaStream_t); void *ctx; } alloc2_t;

static int set_dev(allocs *a, const dev_alloc_t *d) {
  if (!d) return S_OK;
  if (!d->m || !d->f) return S_INVALID;
  a->dmalloc = d->m, a->dfree = d->f;
  return S_OK;
}
static int set_pin(allocs *a, const pin_alloc_t *p) {
  if (!p) return S_OK;
  if (!p->m || !p->f) return S_INVALID;
  a->pmalloc = p->m, a->pfree = p->f;
  return S_OK;
}

EXPORT int nvjpegCreate(int backend, const dev_alloc_t *dev, void **handle) {
  allocs a = default_allocs();
  if (set_dev(&a, dev)) return S_INVALID;
  return create("nvjpegCreate", backend, &a, 0, handle);
}
EXPORT int nvjpegCreateSimple(void **handle) {
  allocs a = default_allocs();
  return create("nvjpegCreateSimple", 0, &a, 0, handle);
}
EXPORT int nvjpegCreateEx(int backend, const dev_alloc_t *dev, const pin_alloc_t *pin,
                          unsigned flags, void **handle) {
  allocs a = default_allocs();
  if (set_dev(&a, dev) || set_pin(&a, pin)) return S_INVALID;
  return create("nvjpegCreateEx", backend, &a, flags, handle);
}
EXPORT int nvjpegCreateExV2(int backend, const alloc2_t *dev, const alloc2_t *pin, unsigned flags,
                            void **handle) {
  allocs a = default_allocs();
  if ((dev && (!dev->m || !dev->f)) || (pin && (!pin->m || !pin->f))) return S_INVALID;
  if (dev) a.dmalloc2 = dev->m, a.dfree2 = dev->f, a.dctx = dev->ctx;
  if (pin) a.pmalloc2 = pin->m, a.pfree2 = pin->f, a.pctx = pin->ctx;
  return create("nvjpegCreateExV2", backend, &a, flags, handle);
}
EXPORT int nvjpegDestroy(void *handle) { return destroy(handle, SIMR_H_NVJPEG, "nvjpegDestroy"); }

static int padding(const char *fn, void *handle, size_t *get_to, size_t set, int pinned) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  if (h) {
    size_t *v = pinned ? &h->ppad : &h->dpad;
    if (get_to) *get_to = *v;
    else *v = set;
  }
  simR_unlock();
  return h ? S_OK : S_INVALID;
}
EXPORT int nvjpegSetDeviceMemoryPadding(size_t pad, void *handle) {
  return padding("nvjpegSetDeviceMemoryPadding", handle, NULL, pad, 0);
}
EXPORT int nvjpegGetDeviceMemoryPadding(size_t *pad, void *handle) {
  return pad ? padding("nvjpegGetDeviceMemoryPadding", handle, pad, 0, 0) : S_INVALID;
}
EXPORT int nvjpegSetPinnedMemoryPadding(size_t pad, void *handle) {
  return padding("nvjpegSetPinnedMemoryPadding", handle, NULL, pad, 1);
}
EXPORT int nvjpegGetPinnedMemoryPadding(size_t *pad, void *handle) {
  return pad ? padding("nvjpegGetPinnedMemoryPadding", handle, pad, 0, 1) : S_INVALID;
}
EXPORT int nvjpegGetHardwareDecoderInfo(void *handle, unsigned *engines, unsigned *cores) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegGetHardwareDecoderInfo");
  simR_unlock();
  if (!h || !engines || !cores) return S_INVALID;
  *engines = 0, *cores = 0; /* no hardware decoder */
  return S_OK;
}

static int state_new(const char *fn, void *handle, void **out) {
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? simR_handle_new_locked(SIMR_H_NVJPEG_STATE, sizeof *s) : NULL;
  if (s) s->h = h, s->fmt = F_RGB;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!s) return S_ALLOCATOR;
  *out = s;
  return S_OK;
}
EXPORT int nvjpegJpegStateCreate(void *handle, void **state) {
  return state_new("nvjpegJpegStateCreate", handle, state);
}

static void batch_clear(jstate *s) {
  for (int i = 0; i < s->batch && s->bdata; i++) free(s->bdata[i]);
  free(s->bdata);
  free(s->bpic);
  s->bdata = NULL, s->bpic = NULL;
}

EXPORT int nvjpegJpegStateDestroy(void *state) {
  simR_lock();
  jstate *s = get(state, SIMR_H_NVJPEG_STATE, "nvjpegJpegStateDestroy");
  int r = S_INVALID;
  if (s) {
    r = block_free(&s->h->a, 0, &s->host);
    if (block_free(&s->h->a, 1, &s->dev)) r = S_ALLOCATOR;
    batch_clear(s);
    simR_handle_delete_locked(s, SIMR_H_NVJPEG_STATE);
  }
  simR_unlock();
  return r;
}

/* ---------------------------------------------------- image information */

EXPORT int nvjpegGetImageInfo(void *handle, const unsigned char *data, size_t length, int *ncomp,
                              int *css, int *widths, int *heights) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegGetImageInfo");
  simR_unlock();
  if (!h || !ncomp || !css || !widths || !heights) return S_INVALID;
  jinfo in;
  int r = header(data, length, &in);
  if (r) return r;
  *ncomp = in.ncomp;
  *css = in.css;
  for (int c = 0; c < MAXC; c++) {
    widths[c] = c < in.ncomp ? in.w[c] : 0;
    heights[c] = c < in.ncomp ? in.h[c] : 0;
  }
  return S_OK;
}

/* ------------------------------------------------------- single decode */

EXPORT int nvjpegDecode(void *handle, void *state, const unsigned char *data, size_t length,
                        int fmt, void *dest, cudaStream_t stream) {
  const char *fn = "nvjpegDecode";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  if (!s || !dest) {
    simR_unlock();
    return S_INVALID;
  }
  block *mem = s->pinned ? &s->pinned->b : &s->host;
  const allocs *a = s->pinned ? &s->pinned->a : &h->a;
  pic p;
  uint8_t *bytes = NULL;
  int r = decode(data, length, fmt, NULL, h->flags, a, mem, &p, &bytes);
  if (r == S_OK || r == S_INCOMPLETE) {
    int d = dest_ok(&p, dest);
    if (d) r = d;
  }
  if (r != S_OK && r != S_INCOMPLETE) {
    simR_unlock();
    return r;
  }
  int c = call_begin(fn, stream);
  if (c) {
    simR_unlock();
    return c;
  }
  int w = write_pic(fn, &p, bytes, dest);
  call_end(0);
  simR_unlock();
  return w ? w : r;
}

/* ------------------------------------------------------ batched decode */

EXPORT int nvjpegDecodeBatchedInitialize(void *handle, void *state, int batch, int threads,
                                         int fmt) {
  const char *fn = "nvjpegDecodeBatchedInitialize";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  int r = S_INVALID;
  if (s && batch > 0 && threads > 0 && fmt >= F_UNCHANGED && fmt <= F_BGRI) {
    batch_clear(s);
    s->bdata = calloc((size_t)batch, sizeof *s->bdata);
    s->bpic = calloc((size_t)batch, sizeof *s->bpic);
    s->batch = s->bdata && s->bpic ? batch : 0;
    s->threads = threads;
    s->fmt = fmt;
    r = s->batch ? S_OK : S_INTERNAL;
  } else if (s && fmt == F_UNCHANGEDI_U16) {
    simR_unlock();
    return unsupported("NVJPEG_OUTPUT_UNCHANGEDI_U16", "output");
  }
  simR_unlock();
  return r;
}

EXPORT int nvjpegDecodeBatchedPreAllocate(void *handle, void *state, int batch, int width,
                                          int height, int css, int fmt) {
  (void)css, (void)fmt;
  const char *fn = "nvjpegDecodeBatchedPreAllocate";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  simR_unlock();
  return s && batch > 0 && width > 0 && height > 0 ? S_OK : S_INVALID;
}

/* Write the batch's pictures 0..n-1 to destinations dest[] (array of
 * nvjpegImage_t, `stride` bytes apart); the lock held. */
static int batch_write(const char *fn, jstate *s, int n, const uint8_t *dest, size_t stride,
                       cudaStream_t stream) {
  for (int i = 0; i < n; i++) {
    if (!s->bdata[i]) return S_INVALID;
    int d = dest_ok(&s->bpic[i], dest + (size_t)i * stride);
    if (d) return d;
  }
  int c = call_begin(fn, stream);
  if (c) return c;
  int r = S_OK;
  for (int i = 0; i < n && !r; i++)
    r = write_pic(fn, &s->bpic[i], s->bdata[i], dest + (size_t)i * stride);
  return call_end(r);
}

static int batched(const char *fn, void *handle, void *state, const unsigned char *const *data,
                   const size_t *lengths, void *dests, void *const *params, cudaStream_t stream) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  if (!s || !data || !lengths || !dests) {
    simR_unlock();
    return S_INVALID;
  }
  if (!s->batch) {
    simR_unlock();
    return S_NOT_INITIALIZED; /* nvjpegDecodeBatchedInitialize first */
  }
  int r = S_OK, incomplete = 0;
  for (int i = 0; i < s->batch && !r; i++) {
    int fmt = s->fmt;
    const jparams *roi = NULL;
    if (params) {
      const jparams *pp = get(params[i], SIMR_H_NVJPEG_PARAMS, fn);
      if (!pp) {
        r = S_INVALID;
        break;
      }
      fmt = pp->fmt, roi = pp;
    }
    free(s->bdata[i]);
    s->bdata[i] = NULL;
    uint8_t *out = NULL;
    r = decode(data[i], lengths[i], fmt, roi, h->flags, NULL, NULL, &s->bpic[i], &out);
    if (r == S_INCOMPLETE) incomplete = 1, r = S_OK;
    if (r == S_OK) s->bdata[i] = out;
  }
  if (!r) r = batch_write(fn, s, s->batch, dests, sizeof(void *) * MAXC + sizeof(size_t) * MAXC,
                          stream);
  simR_unlock();
  return r ? r : incomplete ? S_INCOMPLETE : S_OK;
}

EXPORT int nvjpegDecodeBatched(void *handle, void *state, const unsigned char *const *data,
                               const size_t *lengths, void *dests, cudaStream_t stream) {
  return batched("nvjpegDecodeBatched", handle, state, data, lengths, dests, NULL, stream);
}
EXPORT int nvjpegDecodeBatchedEx(void *handle, void *state, const unsigned char *const *data,
                                 const size_t *lengths, void *dests, void *const *params,
                                 cudaStream_t stream) {
  if (!params) return S_INVALID;
  return batched("nvjpegDecodeBatchedEx", handle, state, data, lengths, dests, params, stream);
}

EXPORT int nvjpegDecodeBatchedPhaseOne(void *handle, void *state, const unsigned char *data,
                                       size_t length, int idx, int thread, cudaStream_t stream) {
  (void)stream;
  const char *fn = "nvjpegDecodeBatchedPhaseOne";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  int r = S_INVALID;
  if (s && !s->batch) r = S_NOT_INITIALIZED;
  else if (s && idx >= 0 && idx < s->batch && thread >= 0 && thread < s->threads) {
    free(s->bdata[idx]);
    s->bdata[idx] = NULL;
    uint8_t *out = NULL;
    r = decode(data, length, s->fmt, NULL, h->flags, NULL, NULL, &s->bpic[idx], &out);
    if (r == S_OK || r == S_INCOMPLETE) s->bdata[idx] = out;
  }
  simR_unlock();
  return r;
}
EXPORT int nvjpegDecodeBatchedPhaseTwo(void *handle, void *state, cudaStream_t stream) {
  const char *fn = "nvjpegDecodeBatchedPhaseTwo";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  int ok = s && simR_stream_ok_locked(stream, fn);
  simR_unlock();
  if (!ok) return S_INVALID;
  return s->batch ? S_OK : S_NOT_INITIALIZED;
}
EXPORT int nvjpegDecodeBatchedPhaseThree(void *handle, void *state, void *dests,
                                         cudaStream_t stream) {
  const char *fn = "nvjpegDecodeBatchedPhaseThree";
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstate *s = h ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  int r = !s || !dests ? S_INVALID : !s->batch ? S_NOT_INITIALIZED
          : batch_write(fn, s, s->batch, dests, sizeof(void *) * MAXC + sizeof(size_t) * MAXC, stream);
  simR_unlock();
  return r;
}

/* ------------------------------------------------- bitstream handles */

EXPORT int nvjpegJpegStreamCreate(void *handle, void **out) {
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegJpegStreamCreate");
  jstream *j = h ? simR_handle_new_locked(SIMR_H_NVJPEG_STREAM, sizeof *j) : NULL;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!j) return S_ALLOCATOR;
  *out = j;
  return S_OK;
}
EXPORT int nvjpegJpegStreamDestroy(void *stream) {
  simR_lock();
  jstream *j = get(stream, SIMR_H_NVJPEG_STREAM, "nvjpegJpegStreamDestroy");
  if (j) {
    free(j->data);
    j->data = NULL;
    simR_handle_delete_locked(j, SIMR_H_NVJPEG_STREAM);
  }
  simR_unlock();
  return j ? S_OK : S_INVALID;
}

static int parse(const char *fn, void *handle, const unsigned char *data, size_t length,
                 void *stream) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jstream *j = h ? get(stream, SIMR_H_NVJPEG_STREAM, fn) : NULL;
  int r = S_INVALID;
  if (j) {
    j->parsed = 0;
    r = header(data, length, &j->info);
    if (!r) {
      uint8_t *copy = malloc(length);
      if (!copy) {
        r = S_INTERNAL;
      } else {
        memcpy(copy, data, length);
        free(j->data);
        j->data = copy, j->len = length, j->parsed = 1;
      }
    }
  }
  simR_unlock();
  return r;
}
EXPORT int nvjpegJpegStreamParse(void *handle, const unsigned char *data, size_t length,
                                 int save_metadata, int save_stream, void *stream) {
  (void)save_metadata, (void)save_stream;
  return parse("nvjpegJpegStreamParse", handle, data, length, stream);
}
EXPORT int nvjpegJpegStreamParseHeader(void *handle, const unsigned char *data, size_t length,
                                       void *stream) {
  return parse("nvjpegJpegStreamParseHeader", handle, data, length, stream);
}

static jstream *parsed(void *stream, const char *fn) {
  simR_lock();
  jstream *j = get(stream, SIMR_H_NVJPEG_STREAM, fn);
  simR_unlock();
  return j && j->parsed ? j : NULL;
}
EXPORT int nvjpegJpegStreamGetJpegEncoding(void *stream, int *enc) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetJpegEncoding");
  if (!j || !enc) return S_INVALID;
  *enc = j->info.encoding;
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetFrameDimensions(void *stream, unsigned *w, unsigned *h) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetFrameDimensions");
  if (!j || !w || !h) return S_INVALID;
  *w = (unsigned)j->info.width, *h = (unsigned)j->info.height;
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetComponentsNum(void *stream, unsigned *n) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetComponentsNum");
  if (!j || !n) return S_INVALID;
  *n = (unsigned)j->info.ncomp;
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetComponentDimensions(void *stream, unsigned c, unsigned *w,
                                                  unsigned *h) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetComponentDimensions");
  if (!j || !w || !h || c >= (unsigned)j->info.ncomp || c >= MAXC) return S_INVALID;
  *w = (unsigned)j->info.w[c], *h = (unsigned)j->info.h[c];
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetExifOrientation(void *stream, int *o) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetExifOrientation");
  if (!j || !o) return S_INVALID;
  *o = 0; /* NVJPEG_ORIENTATION_UNKNOWN: the Exif block is not read */
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetSamplePrecision(void *stream, unsigned *prec) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetSamplePrecision");
  if (!j || !prec) return S_INVALID;
  *prec = (unsigned)j->info.precision;
  return S_OK;
}
EXPORT int nvjpegJpegStreamGetChromaSubsampling(void *stream, int *css) {
  jstream *j = parsed(stream, "nvjpegJpegStreamGetChromaSubsampling");
  if (!j || !css) return S_INVALID;
  *css = j->info.css;
  return S_OK;
}

/* Whether libjpeg decodes what the header says: 8-bit Huffman frames
 * (baseline, extended, progressive) of 1, 3 or 4 components. */
static int supported(const jinfo *in) {
  int e = in->encoding;
  return in->precision == 8 && (e == ENC_BASELINE || e == ENC_EXTENDED || e == ENC_PROGRESSIVE) &&
         (in->ncomp == 1 || in->ncomp == 3 || in->ncomp == 4);
}
EXPORT int nvjpegDecodeBatchedSupported(void *handle, void *stream, int *is) {
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegDecodeBatchedSupported");
  simR_unlock();
  jstream *j = h ? parsed(stream, "nvjpegDecodeBatchedSupported") : NULL;
  if (!j || !is) return S_INVALID;
  *is = supported(&j->info) ? 0 : 1; /* 0: supported */
  return S_OK;
}
EXPORT int nvjpegDecodeBatchedSupportedEx(void *handle, void *stream, void *params, int *is) {
  (void)params;
  return nvjpegDecodeBatchedSupported(handle, stream, is);
}

/* ------------------------------------------------ decode parameters */

EXPORT int nvjpegDecodeParamsCreate(void *handle, void **out) {
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegDecodeParamsCreate");
  jparams *p = h ? simR_handle_new_locked(SIMR_H_NVJPEG_PARAMS, sizeof *p) : NULL;
  if (p) p->fmt = F_RGB;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!p) return S_ALLOCATOR;
  *out = p;
  return S_OK;
}
EXPORT int nvjpegDecodeParamsDestroy(void *params) {
  return destroy(params, SIMR_H_NVJPEG_PARAMS, "nvjpegDecodeParamsDestroy");
}
static jparams *dparams(void *params, const char *fn) {
  return lookup(params, SIMR_H_NVJPEG_PARAMS, fn);
}
EXPORT int nvjpegDecodeParamsSetOutputFormat(void *params, int fmt) {
  jparams *p = dparams(params, "nvjpegDecodeParamsSetOutputFormat");
  if (!p || fmt < F_UNCHANGED || fmt > F_UNCHANGEDI_U16) return S_INVALID;
  if (fmt == F_UNCHANGEDI_U16) return unsupported("NVJPEG_OUTPUT_UNCHANGEDI_U16", "output");
  p->fmt = fmt;
  return S_OK;
}
EXPORT int nvjpegDecodeParamsSetROI(void *params, int x, int y, int w, int h) {
  jparams *p = dparams(params, "nvjpegDecodeParamsSetROI");
  if (!p || x < 0 || y < 0) return S_INVALID;
  p->roi_x = x, p->roi_y = y, p->roi_w = w, p->roi_h = h;
  return S_OK;
}
EXPORT int nvjpegDecodeParamsSetAllowCMYK(void *params, int allow) {
  jparams *p = dparams(params, "nvjpegDecodeParamsSetAllowCMYK");
  if (!p) return S_INVALID;
  p->cmyk = allow;
  return S_OK;
}
EXPORT int nvjpegDecodeParamsSetScaleFactor(void *params, int scale) {
  jparams *p = dparams(params, "nvjpegDecodeParamsSetScaleFactor");
  if (!p || scale < 0 || scale > 3) return S_INVALID;
  return scale ? unsupported("nvjpegDecodeParamsSetScaleFactor", "(a scale other than NVJPEG_SCALE_NONE)")
               : S_OK;
}
EXPORT int nvjpegDecodeParamsSetExifOrientation(void *params, int o) {
  jparams *p = dparams(params, "nvjpegDecodeParamsSetExifOrientation");
  if (!p || o < 0 || o > 8) return S_INVALID;
  return o > 1 ? unsupported("nvjpegDecodeParamsSetExifOrientation", "(a rotation or flip)") : S_OK;
}

/* --------------------------------------------------- decoders, buffers */

EXPORT int nvjpegDecoderCreate(void *handle, int backend, void **out) {
  if (!out || backend < 0 || backend > 6) return S_INVALID;
  if (backend == 6) return unsupported("nvjpegDecoderCreate", "with NVJPEG_BACKEND_LOSSLESS_JPEG");
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegDecoderCreate");
  jdecoder *d = h ? simR_handle_new_locked(SIMR_H_NVJPEG_DECODER, sizeof *d) : NULL;
  if (d) d->backend = backend;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!d) return S_ALLOCATOR;
  *out = d;
  return S_OK;
}
EXPORT int nvjpegDecoderDestroy(void *decoder) {
  return destroy(decoder, SIMR_H_NVJPEG_DECODER, "nvjpegDecoderDestroy");
}
EXPORT int nvjpegDecoderJpegSupported(void *decoder, void *stream, void *params, int *is) {
  (void)params;
  simR_lock();
  jdecoder *d = get(decoder, SIMR_H_NVJPEG_DECODER, "nvjpegDecoderJpegSupported");
  simR_unlock();
  jstream *j = d ? parsed(stream, "nvjpegDecoderJpegSupported") : NULL;
  if (!j || !is) return S_INVALID;
  *is = supported(&j->info) ? 0 : 1;
  return S_OK;
}
EXPORT int nvjpegDecoderStateCreate(void *handle, void *decoder, void **state) {
  simR_lock();
  jdecoder *d = get(decoder, SIMR_H_NVJPEG_DECODER, "nvjpegDecoderStateCreate");
  simR_unlock();
  if (!d) return S_INVALID;
  return state_new("nvjpegDecoderStateCreate", handle, state);
}

static int buffer_new(const char *fn, void *handle, int dev, const allocs *own, void **out) {
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, fn);
  jbuf *b = h ? simR_handle_new_locked(dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF, sizeof *b)
              : NULL;
  if (b) b->a = own ? *own : h->a, b->dev = dev;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!b) return S_ALLOCATOR;
  *out = b;
  return S_OK;
}
EXPORT int nvjpegBufferPinnedCreate(void *handle, const pin_alloc_t *pin, void **out) {
  allocs a = default_allocs();
  if (pin && set_pin(&a, pin)) return S_INVALID;
  return buffer_new("nvjpegBufferPinnedCreate", handle, 0, pin ? &a : NULL, out);
}
EXPORT int nvjpegBufferPinnedCreateV2(void *handle, const alloc2_t *pin, void **out) {
  allocs a = default_allocs();
  if (pin && (!pin->m || !pin->f)) return S_INVALID;
  if (pin) a.pmalloc2 = pin->m, a.pfree2 = pin->f, a.pctx = pin->ctx;
  return buffer_new("nvjpegBufferPinnedCreateV2", handle, 0, pin ? &a : NULL, out);
}
EXPORT int nvjpegBufferDeviceCreate(void *handle, const dev_alloc_t *dev, void **out) {
  allocs a = default_allocs();
  if (dev && set_dev(&a, dev)) return S_INVALID;
  return buffer_new("nvjpegBufferDeviceCreate", handle, 1, dev ? &a : NULL, out);
}
EXPORT int nvjpegBufferDeviceCreateV2(void *handle, const alloc2_t *dev, void **out) {
  allocs a = default_allocs();
  if (dev && (!dev->m || !dev->f)) return S_INVALID;
  if (dev) a.dmalloc2 = dev->m, a.dfree2 = dev->f, a.dctx = dev->ctx;
  return buffer_new("nvjpegBufferDeviceCreateV2", handle, 1, dev ? &a : NULL, out);
}
static int buffer_destroy(void *buf, int dev, const char *fn) {
  simR_lock();
  jbuf *b = get(buf, dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF, fn);
  int r = S_INVALID;
  if (b) {
    r = block_free(&b->a, dev, &b->b);
    simR_handle_delete_locked(b, dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF);
  }
  simR_unlock();
  return r;
}
EXPORT int nvjpegBufferPinnedDestroy(void *buf) {
  return buffer_destroy(buf, 0, "nvjpegBufferPinnedDestroy");
}
EXPORT int nvjpegBufferDeviceDestroy(void *buf) {
  return buffer_destroy(buf, 1, "nvjpegBufferDeviceDestroy");
}
static int buffer_retrieve(void *buf, int dev, const char *fn, size_t *size, void **ptr) {
  simR_lock();
  jbuf *b = get(buf, dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF, fn);
  if (b && size && ptr) *size = b->b.size, *ptr = b->b.p;
  simR_unlock();
  return b && size && ptr ? S_OK : S_INVALID;
}
EXPORT int nvjpegBufferPinnedRetrieve(void *buf, size_t *size, void **ptr) {
  return buffer_retrieve(buf, 0, "nvjpegBufferPinnedRetrieve", size, ptr);
}
EXPORT int nvjpegBufferDeviceRetrieve(void *buf, size_t *size, void **ptr) {
  return buffer_retrieve(buf, 1, "nvjpegBufferDeviceRetrieve", size, ptr);
}
static int buffer_resize(void *buf, int dev, const char *fn, size_t size) {
  simR_lock();
  jbuf *b = get(buf, dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF, fn);
  int r = b ? block_reserve(&b->a, dev, &b->b, size ? size : 1) : S_INVALID;
  simR_unlock();
  return r;
}
EXPORT int nvjpegBufferPinnedResize(void *buf, size_t size, cudaStream_t stream) {
  (void)stream;
  return buffer_resize(buf, 0, "nvjpegBufferPinnedResize", size);
}
EXPORT int nvjpegBufferDeviceResize(void *buf, size_t size, cudaStream_t stream) {
  (void)stream;
  return buffer_resize(buf, 1, "nvjpegBufferDeviceResize", size);
}
static int attach(void *state, void *buf, int dev, const char *fn) {
  simR_lock();
  jstate *s = get(state, SIMR_H_NVJPEG_STATE, fn);
  jbuf *b = s ? get(buf, dev ? SIMR_H_NVJPEG_DBUF : SIMR_H_NVJPEG_PBUF, fn) : NULL;
  if (b) {
    if (dev) s->device = b;
    else s->pinned = b;
    s->have = s->moved = 0;
  }
  simR_unlock();
  return b ? S_OK : S_INVALID;
}
EXPORT int nvjpegStateAttachPinnedBuffer(void *state, void *buf) {
  return attach(state, buf, 0, "nvjpegStateAttachPinnedBuffer");
}
EXPORT int nvjpegStateAttachDeviceBuffer(void *state, void *buf) {
  return attach(state, buf, 1, "nvjpegStateAttachDeviceBuffer");
}

/* ----------------------------------------------------- decoupled decode */

typedef struct dctx {
  jhandle *h;
  jstate *s;
} dctx;

/* handle, decoder, state of a decoupled call; NULL (with the lock released)
 * when one is not there. */
static int dcheck(const char *fn, void *handle, void *decoder, void *state, dctx *c) {
  simR_lock();
  c->h = get(handle, SIMR_H_NVJPEG, fn);
  jdecoder *d = c->h ? get(decoder, SIMR_H_NVJPEG_DECODER, fn) : NULL;
  c->s = d ? get(state, SIMR_H_NVJPEG_STATE, fn) : NULL;
  if (!c->s) simR_unlock();
  return c->s ? S_OK : S_INVALID;
}

EXPORT int nvjpegDecodeJpegHost(void *handle, void *decoder, void *state, void *params,
                                void *stream) {
  const char *fn = "nvjpegDecodeJpegHost";
  dctx c;
  if (dcheck(fn, handle, decoder, state, &c)) return S_INVALID;
  jparams *p = get(params, SIMR_H_NVJPEG_PARAMS, fn);
  jstream *j = p ? get(stream, SIMR_H_NVJPEG_STREAM, fn) : NULL;
  int r = S_INVALID;
  if (j && j->parsed) {
    jstate *s = c.s;
    block *mem = s->pinned ? &s->pinned->b : &s->host;
    const allocs *a = s->pinned ? &s->pinned->a : &c.h->a;
    s->have = s->moved = 0;
    r = decode(j->data, j->len, p->fmt, p, c.h->flags, a, mem, &s->p, NULL);
    if (r == S_OK || r == S_INCOMPLETE) s->have = 1;
  }
  simR_unlock();
  return r;
}

EXPORT int nvjpegDecodeJpegTransferToDevice(void *handle, void *decoder, void *state,
                                            void *jstream_, cudaStream_t stream) {
  const char *fn = "nvjpegDecodeJpegTransferToDevice";
  dctx c;
  if (dcheck(fn, handle, decoder, state, &c)) return S_INVALID;
  jstate *s = c.s;
  jstream *j = get(jstream_, SIMR_H_NVJPEG_STREAM, fn);
  if (!j || !s->have) {
    simR_unlock();
    return S_INVALID;
  }
  block *dev = s->device ? &s->device->b : &s->dev;
  const allocs *a = s->device ? &s->device->a : &c.h->a;
  const block *host = s->pinned ? &s->pinned->b : &s->host;
  int r = block_reserve(a, 1, dev, s->p.size ? s->p.size : 1);
  if (!r) r = call_begin(fn, stream);
  if (!r) {
    uint8_t *o = plane_bytes(fn, "device buffer", 0, dev->p, s->p.size, s->p.size, 1, 1);
    if (o) {
      memcpy(o, host->p, s->p.size);
      s->moved = 1;
    }
    r = call_end(o ? S_OK : S_EXECUTION);
  }
  simR_unlock();
  return r;
}

EXPORT int nvjpegDecodeJpegDevice(void *handle, void *decoder, void *state, void *dest,
                                  cudaStream_t stream) {
  const char *fn = "nvjpegDecodeJpegDevice";
  dctx c;
  if (dcheck(fn, handle, decoder, state, &c)) return S_INVALID;
  jstate *s = c.s;
  int r = !s->moved ? S_INVALID : dest_ok(&s->p, dest);
  if (!r) r = call_begin(fn, stream);
  if (!r) {
    const block *dev = s->device ? &s->device->b : &s->dev;
    const uint8_t *in = plane_bytes(fn, "device buffer", 0, dev->p, s->p.size, s->p.size, 1, 0);
    r = call_end(in ? write_pic(fn, &s->p, in, dest) : S_EXECUTION);
  }
  simR_unlock();
  return r;
}

EXPORT int nvjpegDecodeJpeg(void *handle, void *decoder, void *state, void *jstream_, void *dest,
                            void *params, cudaStream_t stream) {
  int r = nvjpegDecodeJpegHost(handle, decoder, state, params, jstream_);
  if (r != S_OK && r != S_INCOMPLETE) return r;
  int t = nvjpegDecodeJpegTransferToDevice(handle, decoder, state, jstream_, stream);
  if (!t) t = nvjpegDecodeJpegDevice(handle, decoder, state, dest, stream);
  return t ? t : r;
}

/* ------------------------------------------------------------ encoding */

EXPORT int nvjpegEncoderStateCreate(void *handle, void **out, cudaStream_t stream) {
  (void)stream;
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegEncoderStateCreate");
  encstate *e = h ? simR_handle_new_locked(SIMR_H_NVJPEG_ENCSTATE, sizeof *e) : NULL;
  if (e) e->h = h;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!e) return S_ALLOCATOR;
  *out = e;
  return S_OK;
}
EXPORT int nvjpegEncoderStateDestroy(void *state) {
  simR_lock();
  encstate *e = get(state, SIMR_H_NVJPEG_ENCSTATE, "nvjpegEncoderStateDestroy");
  int r = S_INVALID;
  if (e) {
    r = block_free(&e->h->a, 1, &e->dev);
    simR_handle_delete_locked(e, SIMR_H_NVJPEG_ENCSTATE);
  }
  simR_unlock();
  return r;
}
EXPORT int nvjpegEncoderParamsCreate(void *handle, void **out, cudaStream_t stream) {
  (void)stream;
  if (!out) return S_INVALID;
  simR_lock();
  jhandle *h = get(handle, SIMR_H_NVJPEG, "nvjpegEncoderParamsCreate");
  encparams *p = h ? simR_handle_new_locked(SIMR_H_NVJPEG_ENCPARAMS, sizeof *p) : NULL;
  if (p) p->quality = 70, p->css = CSS_444, p->encoding = ENC_BASELINE;
  simR_unlock();
  if (!h) return S_INVALID;
  if (!p) return S_ALLOCATOR;
  *out = p;
  return S_OK;
}
EXPORT int nvjpegEncoderParamsDestroy(void *params) {
  return destroy(params, SIMR_H_NVJPEG_ENCPARAMS, "nvjpegEncoderParamsDestroy");
}
static encparams *eparams(void *params, const char *fn) {
  return lookup(params, SIMR_H_NVJPEG_ENCPARAMS, fn);
}
EXPORT int nvjpegEncoderParamsSetQuality(void *params, int q, cudaStream_t stream) {
  (void)stream;
  encparams *p = eparams(params, "nvjpegEncoderParamsSetQuality");
  if (!p || q < 1 || q > 100) return S_INVALID;
  p->quality = q;
  return S_OK;
}
EXPORT int nvjpegEncoderParamsSetEncoding(void *params, int enc, cudaStream_t stream) {
  (void)stream;
  encparams *p = eparams(params, "nvjpegEncoderParamsSetEncoding");
  if (!p) return S_INVALID;
  if (enc == ENC_LOSSLESS)
    return unsupported("nvjpegEncoderParamsSetEncoding", "(NVJPEG_ENCODING_LOSSLESS_HUFFMAN)");
  if (enc != ENC_BASELINE && enc != ENC_EXTENDED && enc != ENC_PROGRESSIVE) return S_INVALID;
  p->encoding = enc;
  return S_OK;
}
EXPORT int nvjpegEncoderParamsSetOptimizedHuffman(void *params, int opt, cudaStream_t stream) {
  (void)stream;
  encparams *p = eparams(params, "nvjpegEncoderParamsSetOptimizedHuffman");
  if (!p) return S_INVALID;
  p->optimized = opt != 0;
  return S_OK;
}
EXPORT int nvjpegEncoderParamsSetSamplingFactors(void *params, int css, cudaStream_t stream) {
  (void)stream;
  encparams *p = eparams(params, "nvjpegEncoderParamsSetSamplingFactors");
  if (!p || css < CSS_444 || css > CSS_410V) return S_INVALID;
  p->css = css;
  return S_OK;
}
EXPORT int nvjpegEncoderParamsCopyMetadata(void *state, void *params, void *stream,
                                           cudaStream_t s) {
  (void)state, (void)params, (void)stream, (void)s;
  return unsupported("nvjpegEncoderParamsCopyMetadata", NULL);
}
EXPORT int nvjpegEncoderParamsCopyQuantizationTables(void *params, void *stream, cudaStream_t s) {
  (void)params, (void)stream, (void)s;
  return unsupported("nvjpegEncoderParamsCopyQuantizationTables", NULL);
}
EXPORT int nvjpegEncoderParamsCopyHuffmanTables(void *state, void *params, void *stream,
                                                cudaStream_t s) {
  (void)state, (void)params, (void)stream, (void)s;
  return unsupported("nvjpegEncoderParamsCopyHuffmanTables", NULL);
}

/* An upper bound of the bitstream of a w x h image: 3 full planes of
 * 16-aligned size (coefficients never take more than twice the samples)
 * and the headers. */
static size_t bound(int w, int h) {
  return ((size_t)w + 16) * ((size_t)h + 16) * 6 + 4096;
}
EXPORT int nvjpegEncodeGetBufferSize(void *handle, void *params, int w, int h, size_t *max) {
  simR_lock();
  jhandle *jh = get(handle, SIMR_H_NVJPEG, "nvjpegEncodeGetBufferSize");
  encparams *p = jh ? get(params, SIMR_H_NVJPEG_ENCPARAMS, "nvjpegEncodeGetBufferSize") : NULL;
  simR_unlock();
  if (!p || !max || w <= 0 || h <= 0) return S_INVALID;
  *max = bound(w, h);
  return S_OK;
}

/* the luma factors (h, v) of a subsampling (chroma 1 x 1) */
static int factors(int css, int *hf, int *vf) {
  static const int tab[][2] = {{1, 1}, {2, 1}, {2, 2}, {1, 2}, {4, 1}, {4, 2}, {1, 1}, {2, 4}};
  if (css < CSS_444 || css > CSS_410V) return -1;
  *hf = tab[css][0], *vf = tab[css][1];
  return 0;
}

typedef struct cjob {
  guard g;
  struct jpeg_compress_struct c;
  unsigned char *out;
  unsigned long len;
} cjob;

/* Compress w x h samples of `comps` interleaved components in color space
 * cs (JCS_RGB, JCS_YCbCr, JCS_GRAYSCALE) with parameters p. */
static int compress_run(cjob *j, const uint8_t *px, int w, int h, int comps, int cs,
                        const encparams *p) {
  if (setjmp(j->g.jb)) return j->g.code == JERR_OUT_OF_MEMORY ? S_INTERNAL : S_INVALID;
  struct jpeg_compress_struct *c = &j->c;
  jpeg_mem_dest(c, &j->out, &j->len);
  c->image_width = (JDIMENSION)w;
  c->image_height = (JDIMENSION)h;
  c->input_components = comps;
  c->in_color_space = (J_COLOR_SPACE)cs;
  jpeg_set_defaults(c);
  if (p->css == CSS_GRAY || comps == 1) {
    jpeg_set_colorspace(c, JCS_GRAYSCALE);
  } else {
    jpeg_set_colorspace(c, JCS_YCbCr);
    int hf = 1, vf = 1;
    factors(p->css, &hf, &vf);
    c->comp_info[0].h_samp_factor = hf, c->comp_info[0].v_samp_factor = vf;
    for (int k = 1; k < 3; k++) c->comp_info[k].h_samp_factor = c->comp_info[k].v_samp_factor = 1;
  }
  jpeg_set_quality(c, p->quality, TRUE);
  c->optimize_coding = p->optimized ? TRUE : FALSE;
  if (p->encoding == ENC_PROGRESSIVE) jpeg_simple_progression(c);
  jpeg_start_compress(c, TRUE);
  while (c->next_scanline < c->image_height) {
    JSAMPROW r = (JSAMPROW)(px + (size_t)c->next_scanline * (size_t)w * (size_t)comps);
    jpeg_write_scanlines(c, &r, 1);
  }
  jpeg_finish_compress(c);
  return S_OK;
}

/* What an encode reads: the planes of the source (n of them, w x h bytes)
 * gathered into interleaved samples. */
typedef struct src_plan {
  int n;
  int w[3], h[3];
  int comps, cs;
  int yuv, hf, vf; /* YUV input: its chroma factors */
  int order[3];    /* RGB/BGR: plane of R, G, B */
  int inter;       /* one interleaved plane */
} src_plan;

static int encode(const char *fn, void *handle, void *state, void *params, const void *src,
                  const src_plan *sp, int w, int h, cudaStream_t stream) {
  simR_lock();
  jhandle *jh = get(handle, SIMR_H_NVJPEG, fn);
  encstate *e = jh ? get(state, SIMR_H_NVJPEG_ENCSTATE, fn) : NULL;
  encparams *p = e ? get(params, SIMR_H_NVJPEG_ENCPARAMS, fn) : NULL;
  if (!p || !src || w <= 0 || h <= 0) {
    simR_unlock();
    return S_INVALID;
  }
  unsigned char *const *ch = src;
  const size_t *pitch = (const size_t *)((const char *)src + MAXC * sizeof(void *));
  for (int c = 0; c < sp->n; c++)
    if (!ch[c] || pitch[c] < (size_t)sp->w[c]) {
      simR_unlock();
      return S_INVALID;
    }
  size_t need = bound(w, h);
  int r = block_reserve(&jh->a, 1, &e->dev, need);
  uint8_t *px = r ? NULL : malloc((size_t)w * (size_t)h * (size_t)sp->comps);
  if (r || !px) {
    simR_unlock();
    return r ? r : S_INTERNAL;
  }
  e->have = 0;
  r = call_begin(fn, stream);
  if (r) {
    free(px);
    simR_unlock();
    return r;
  }
  const uint8_t *in[3] = {NULL, NULL, NULL};
  for (int c = 0; c < sp->n && !r; c++)
    if (!(in[c] = plane_bytes(fn, "source image", c, ch[c], pitch[c], (size_t)sp->w[c],
                              (size_t)sp->h[c], 0)))
      r = S_EXECUTION;
  for (int y = 0; y < h && !r; y++)
    for (int x = 0; x < w; x++) {
      uint8_t *o = px + ((size_t)y * (size_t)w + (size_t)x) * (size_t)sp->comps;
      if (sp->inter) {
        const uint8_t *s = in[0] + (size_t)y * pitch[0] + 3 * (size_t)x;
        for (int k = 0; k < 3; k++) o[k] = s[sp->order[k]];
      } else if (sp->yuv) {
        o[0] = in[0][(size_t)y * pitch[0] + (size_t)x];
        for (int k = 1; k < sp->comps; k++)
          o[k] = in[k][(size_t)(y / sp->vf) * pitch[k] + (size_t)(x / sp->hf)];
      } else {
        for (int k = 0; k < 3; k++) o[k] = in[sp->order[k]][(size_t)y * pitch[sp->order[k]] + (size_t)x];
      }
    }
  if (!r) {
    cjob *j = calloc(1, sizeof *j);
    if (!j) {
      r = S_INTERNAL;
    } else {
      guard_init(&j->g);
      j->c.err = &j->g.pub;
      jpeg_create_compress(&j->c);
      r = compress_run(j, px, w, h, sp->comps, sp->cs, p);
      jpeg_destroy_compress(&j->c);
      if (!r && j->len > e->dev.size) r = S_INTERNAL;
      if (!r) {
        uint8_t *o = plane_bytes(fn, "bitstream buffer", 0, e->dev.p, j->len, j->len, 1, 1);
        if (o) {
          memcpy(o, j->out, j->len);
          e->len = j->len, e->have = 1;
        } else {
          r = S_EXECUTION;
        }
      }
      free(j->out);
      free(j);
    }
  }
  free(px);
  call_end(0);
  simR_unlock();
  return r;
}

EXPORT int nvjpegEncodeImage(void *handle, void *state, void *params, const void *src, int fmt,
                             int w, int h, cudaStream_t stream) {
  src_plan sp;
  memset(&sp, 0, sizeof sp);
  sp.comps = 3, sp.cs = JCS_RGB;
  if (w <= 0 || h <= 0) return S_INVALID;
  switch (fmt) {
  case F_RGB: case F_BGR:
    sp.n = 3;
    for (int c = 0; c < 3; c++) sp.w[c] = w, sp.h[c] = h;
    for (int k = 0; k < 3; k++) sp.order[k] = fmt == F_RGB ? k : 2 - k;
    break;
  case F_RGBI: case F_BGRI:
    sp.n = 1, sp.inter = 1, sp.w[0] = 3 * w, sp.h[0] = h;
    for (int k = 0; k < 3; k++) sp.order[k] = fmt == F_RGBI ? k : 2 - k;
    break;
  default: return S_INVALID;
  }
  return encode("nvjpegEncodeImage", handle, state, params, src, &sp, w, h, stream);
}

EXPORT int nvjpegEncodeYUV(void *handle, void *state, void *params, const void *src, int css,
                           int w, int h, cudaStream_t stream) {
  src_plan sp;
  memset(&sp, 0, sizeof sp);
  if (w <= 0 || h <= 0) return S_INVALID;
  sp.yuv = 1;
  sp.n = 1, sp.w[0] = w, sp.h[0] = h;
  if (css == CSS_GRAY) {
    sp.comps = 1, sp.cs = JCS_GRAYSCALE, sp.hf = sp.vf = 1;
  } else {
    if (factors(css, &sp.hf, &sp.vf)) return S_INVALID;
    sp.comps = 3, sp.cs = JCS_YCbCr, sp.n = 3;
    for (int c = 1; c < 3; c++) sp.w[c] = (w + sp.hf - 1) / sp.hf, sp.h[c] = (h + sp.vf - 1) / sp.vf;
  }
  return encode("nvjpegEncodeYUV", handle, state, params, src, &sp, w, h, stream);
}

static int retrieve(const char *fn, void *handle, void *state, unsigned char *data, size_t *length,
                    cudaStream_t stream, int to_device) {
  simR_lock();
  jhandle *jh = get(handle, SIMR_H_NVJPEG, fn);
  encstate *e = jh ? get(state, SIMR_H_NVJPEG_ENCSTATE, fn) : NULL;
  int r = !e || !length || !e->have ? S_INVALID : S_OK;
  if (!r && !data) *length = e->len;
  if (!r && data) {
    if (*length < e->len) r = S_INVALID;
    if (!r) r = call_begin(fn, stream);
    if (!r) {
      const uint8_t *in = plane_bytes(fn, "bitstream buffer", 0, e->dev.p, e->len, e->len, 1, 0);
      uint8_t *out = !in ? NULL
                     : to_device ? plane_bytes(fn, "destination", 0, data, e->len, e->len, 1, 1)
                                 : data;
      if (out) memcpy(out, in, e->len);
      r = call_end(out ? S_OK : S_EXECUTION);
      if (!r) *length = e->len;
    }
  }
  simR_unlock();
  return r;
}
EXPORT int nvjpegEncodeRetrieveBitstream(void *handle, void *state, unsigned char *data,
                                         size_t *length, cudaStream_t stream) {
  return retrieve("nvjpegEncodeRetrieveBitstream", handle, state, data, length, stream, 0);
}
EXPORT int nvjpegEncodeRetrieveBitstreamDevice(void *handle, void *state, unsigned char *data,
                                               size_t *length, cudaStream_t stream) {
  return retrieve("nvjpegEncodeRetrieveBitstreamDevice", handle, state, data, length, stream, 1);
}
