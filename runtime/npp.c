/*
 * simulee runtime: NVIDIA Performance Primitives (NPP), the image and
 * signal memory and the one-channel image functions simulee runs
 * (cuda/nppi.h): box filters, the even histogram and the linear look-up
 * table; the constant border copy, the absolute difference, the comparison
 * with a constant; the Prewitt gradient vector, Canny edge detection,
 * watershed segmentation and marker-label compression, computed on the
 * CPU from NPP's documented definitions.
 *
 * Each function with a stream context (_Ctx; the others use nppSetStream's
 * stream) is a library call on that stream through the submit seam, in the
 * order between launches, its reads and writes checked against kernels for
 * races (simR_libcall_access_locked); on a capturing stream it is refused
 * (the capture invalidated). Every image it reads or writes must lie in one
 * allocation: else one line naming the image and NPP_CUDA_KERNEL_EXECUTION_ERROR,
 * as a kernel's out-of-bounds access would end on a GPU. Sizes, steps,
 * masks and anchors are checked first (NPP_SIZE_ERROR, NPP_STEP_ERROR,
 * NPP_MASK_SIZE_ERROR, NPP_ANCHOR_ERROR, NPP_NULL_POINTER_ERROR), as NPP
 * checks them.
 *
 * Rounding: a box filter's mean is rounded to nearest, halves up; the
 * linear look-up table interpolates in integers and truncates toward zero
 * (NPP's 8-bit linear LUT), pixels outside the levels keep their value.
 *
 * Border control (the ...Border functions): pSrc is the pixel at
 * oSrcOffset of a source image of oSrcSize, the ROI's first pixel; pixels
 * the filter reads outside that image come from the border type.
 *
 * Gradients: X = right column - left column, Y = bottom row - top row
 * (Prewitt 3x3; Sobel 3x3 and 5x5 and Scharr 3x3 for Canny); a magnitude
 * by eNorm (L2 rounded to nearest), the angle atan2(Y, X) in radians.
 * Canny: the magnitude (L1 or L2) kept where it is at least that of the
 * neighbour behind and more than that of the one ahead along the gradient
 * (its direction to the nearest 45 degrees), >= nHighThreshold an edge,
 * >= nLowThreshold an edge when 8-connected to one; edges 0xFF, else 0.
 * Watershed: each pixel flows to its lowest lower neighbour (4 with
 * nppiNormL1, 8 with nppiNormInf; the first of equals), across a plateau
 * toward its nearest pixel that has one; a plateau with none is a minimum.
 * A pixel's label is the raster index of its minimum's first pixel, its
 * value the minimum's; a boundary pixel is one with a neighbour of a
 * greater label (black, white, contrasting: 255 on a segment below 128,
 * else 0; "only": boundaries 255 on 0). Marker-label compression numbers
 * labels 1, 2, ... in the order they first appear in raster order.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* the runtime API calls NPP makes (runtime/memory.c, api.c) */
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);

/* cuda/nppdefs.h's codes simulee returns */
enum {
  N_SUCCESS = 0,
  N_NULL_POINTER = -8,
  N_SIZE = -6,
  N_STEP = -14,
  N_MASK_SIZE = -33,
  N_ANCHOR = -34,
  N_HIST_LEVELS = -107,
  N_LUT_LEVELS = -106,
  N_NOT_SUPPORTED_MODE = -9999,
  N_KERNEL_EXECUTION = -1000,
  N_MEMORY_ALLOCATION = -9,
  N_RANGE = -7,
  N_BAD_ARGUMENT = -5,
};
enum { B_CONSTANT = 1, B_REPLICATE = 2, B_WRAP = 3, B_MIRROR = 4 };

typedef struct { int width, height; } size2;
typedef struct { int x, y; } point2;
typedef struct {
  cudaStream_t hStream;
  int nCudaDeviceId, nMultiProcessorCount, nMaxThreadsPerMultiProcessor, nMaxThreadsPerBlock;
  size_t nSharedMemPerBlock;
  int major, minor;
  unsigned nStreamFlags;
  int reserved;
} ctx_t;
typedef struct { int major, minor, build; } version_t;

static cudaStream_t default_stream; /* nppSetStream */

/* ------------------------------------------------------------ core */

EXPORT const version_t *nppGetLibVersion(void) {
  static const version_t v = {12, 0, 0};
  return &v;
}
EXPORT cudaStream_t nppGetStream(void) { return default_stream; }
EXPORT int nppSetStream(cudaStream_t s) {
  simR_lock();
  int ok = simR_stream_ok_locked(s, "nppSetStream");
  simR_unlock();
  if (!ok) return N_NOT_SUPPORTED_MODE;
  default_stream = s;
  return N_SUCCESS;
}
EXPORT int nppGetStreamContext(ctx_t *c) {
  if (!c) return N_NULL_POINTER;
  memset(c, 0, sizeof *c);
  c->hStream = default_stream;
  /* cudaDevAttrMultiProcessorCount, MaxThreadsPerMultiProcessor,
   * MaxThreadsPerBlock, MaxSharedMemoryPerBlock, ComputeCapabilityMajor/Minor */
  int d = 0, shared = 0;
  if (cudaGetDevice(&d) != cudaSuccess || cudaDeviceGetAttribute(&c->nMultiProcessorCount, 16, d) ||
      cudaDeviceGetAttribute(&c->nMaxThreadsPerMultiProcessor, 39, d) ||
      cudaDeviceGetAttribute(&c->nMaxThreadsPerBlock, 1, d) ||
      cudaDeviceGetAttribute(&shared, 8, d) || cudaDeviceGetAttribute(&c->major, 75, d) ||
      cudaDeviceGetAttribute(&c->minor, 76, d))
    return N_NOT_SUPPORTED_MODE;
  c->nCudaDeviceId = d;
  c->nSharedMemPerBlock = (size_t)shared;
  return N_SUCCESS;
}

/* ------------------------------------------------------------ memory */

static void *image_malloc(int w, int h, size_t px, int *step) {
  if (w <= 0 || h <= 0 || !step) return NULL;
  void *p = NULL;
  size_t pitch = 0;
  if (cudaMallocPitch(&p, &pitch, (size_t)w * px, (size_t)h) != cudaSuccess) return NULL;
  *step = (int)pitch;
  return p;
}
#define IMALLOC(T, PX, C)                                                                 \
  EXPORT void *nppiMalloc_##T##_C##C(int w, int h, int *step) {                           \
    return image_malloc(w, h, (size_t)(PX) * (C), step);                                  \
  }
IMALLOC(8u, 1, 1) IMALLOC(8u, 1, 2) IMALLOC(8u, 1, 3) IMALLOC(8u, 1, 4)
IMALLOC(16u, 2, 1) IMALLOC(16u, 2, 2) IMALLOC(16u, 2, 3) IMALLOC(16u, 2, 4)
IMALLOC(16s, 2, 1) IMALLOC(16s, 2, 2) IMALLOC(16s, 2, 4)
IMALLOC(32s, 4, 1) IMALLOC(32s, 4, 3) IMALLOC(32s, 4, 4)
IMALLOC(32f, 4, 1) IMALLOC(32f, 4, 2) IMALLOC(32f, 4, 3) IMALLOC(32f, 4, 4)
#undef IMALLOC
EXPORT void nppiFree(void *p) { cudaFree(p); }

static void *signal_malloc(size_t n, size_t sz) {
  void *p = NULL;
  if (!n || cudaMalloc(&p, n * sz) != cudaSuccess) return NULL;
  return p;
}
#define SMALLOC(T, SZ) \
  EXPORT void *nppsMalloc_##T(size_t n) { return signal_malloc(n, SZ); }
SMALLOC(8u, 1) SMALLOC(16u, 2) SMALLOC(16s, 2) SMALLOC(16sc, 4) SMALLOC(32u, 4) SMALLOC(32s, 4)
SMALLOC(32sc, 8) SMALLOC(32f, 4) SMALLOC(32fc, 8) SMALLOC(64s, 8) SMALLOC(64sc, 16)
SMALLOC(64f, 8) SMALLOC(64fc, 16)
#undef SMALLOC
EXPORT void nppsFree(void *p) { cudaFree(p); }

/* ------------------------------------------------ a call on a stream */

/* Start call fn on stream s: 0 and the lock held (call_end releases it), or
 * an NPP status (the capture refused, an earlier kernel error). */
static int call_begin(const char *fn, cudaStream_t s) {
  int r = simR_libcall_open(s, fn);
  return r == 0 ? N_SUCCESS : r == 1 ? N_NOT_SUPPORTED_MODE : N_KERNEL_EXECUTION;
}
static int call_end(int r) {
  simR_libcall_close();
  return r;
}

/* The host bytes of image rows [y0, y1) x bytes [x0, x1) of an image at p
 * with `step` bytes per row (one allocation), recorded as read or written;
 * NULL after a line naming `what` when they do not lie in one. */
static uint8_t *image_bytes(const char *fn, const char *what, const void *p, long step, long x0,
                            long x1, long y0, long y1, int write) {
  const uint8_t *first = (const uint8_t *)p + y0 * step + x0;
  uint64_t span = (uint64_t)((y1 - 1 - y0) * step + (x1 - x0));
  cudaError_t e;
  uint8_t *h = simR_host_bytes_locked(first, span, &e);
  if (!h) {
    fprintf(stderr,
            "simulee: error: %s: the %s (%ld rows of %ld bytes from %p, step %ld) is not inside one "
            "allocation of device, managed or host memory: returns NPP_CUDA_KERNEL_EXECUTION_ERROR\n",
            fn, what, y1 - y0, x1 - x0, (const void *)first, step);
    return NULL;
  }
  simR_libcall_access_locked(first, span, write);
  return h - (y0 * step + x0); /* so that h[y * step + x] addresses pixel (x, y) */
}

/* ------------------------------------------------------- box filters */

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* the source pixel at (x, y) of an image of size w x h under border b;
 * -1 for a constant border's outside */
static int border_at(int b, int *x, int *y, int w, int h) {
  if (*x >= 0 && *x < w && *y >= 0 && *y < h) return 0;
  switch (b) {
  case B_REPLICATE: *x = clampi(*x, 0, w - 1), *y = clampi(*y, 0, h - 1); return 0;
  case B_WRAP: *x = ((*x % w) + w) % w, *y = ((*y % h) + h) % h; return 0;
  case B_MIRROR:
    while (*x < 0 || *x >= w) *x = *x < 0 ? -*x : 2 * (w - 1) - *x;
    while (*y < 0 || *y >= h) *y = *y < 0 ? -*y : 2 * (h - 1) - *y;
    return 0;
  default: return -1; /* constant: 0 */
  }
}

static int box(const char *fn, const uint8_t *src, int sstep, size2 ssize, point2 soff, uint8_t *dst,
               int dstep, size2 roi, size2 mask, point2 anchor, int border, cudaStream_t s) {
  if (!src || !dst) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0 || (border && (ssize.width <= 0 || ssize.height <= 0)))
    return N_SIZE;
  if (sstep <= 0 || dstep < roi.width || (border && sstep < ssize.width) || (!border && sstep < roi.width))
    return N_STEP;
  if (mask.width <= 0 || mask.height <= 0) return N_MASK_SIZE;
  if (anchor.x < 0 || anchor.y < 0 || anchor.x >= mask.width || anchor.y >= mask.height)
    return N_ANCHOR;
  if (border && border != B_CONSTANT && border != B_REPLICATE && border != B_WRAP && border != B_MIRROR)
    return N_NOT_SUPPORTED_MODE;
  int r = call_begin(fn, s);
  if (r) return r;
  /* what is read: the whole source image with a border, else the ROI grown
   * by the mask around it (the caller's image goes on there) */
  long x0 = border ? -soff.x : -anchor.x, y0 = border ? -soff.y : -anchor.y;
  long x1 = border ? ssize.width - soff.x : roi.width - anchor.x + mask.width - 1;
  long y1 = border ? ssize.height - soff.y : roi.height - anchor.y + mask.height - 1;
  const uint8_t *in = image_bytes(fn, "source image", src, sstep, x0, x1, y0, y1, 0);
  uint8_t *out = in ? image_bytes(fn, "destination image", dst, dstep, 0, roi.width, 0, roi.height, 1) : NULL;
  if (!in || !out) return call_end(N_KERNEL_EXECUTION);
  long area = (long)mask.width * mask.height;
  uint8_t *tmp = malloc((size_t)roi.width * (size_t)roi.height);
  if (!tmp) return call_end(N_MEMORY_ALLOCATION);
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      long sum = 0;
      for (int j = 0; j < mask.height; j++)
        for (int i = 0; i < mask.width; i++) {
          int sx = x - anchor.x + i, sy = y - anchor.y + j;
          if (border) {
            sx += soff.x, sy += soff.y;
            if (border_at(border, &sx, &sy, ssize.width, ssize.height) < 0) continue;
            sx -= soff.x, sy -= soff.y; /* pSrc is the pixel at oSrcOffset */
          }
          sum += in[(long)sy * sstep + sx];
        }
      tmp[(size_t)y * (size_t)roi.width + (size_t)x] = (uint8_t)((sum + area / 2) / area);
    }
  /* written after every read: the destination may be the source */
  for (int y = 0; y < roi.height; y++)
    memcpy(out + (long)y * dstep, tmp + (size_t)y * (size_t)roi.width, (size_t)roi.width);
  free(tmp);
  return call_end(N_SUCCESS);
}

EXPORT int nppiFilterBox_8u_C1R_Ctx(const uint8_t *src, int sstep, uint8_t *dst, int dstep, size2 roi,
                                    size2 mask, point2 anchor, ctx_t c) {
  size2 none = {0, 0};
  point2 zero = {0, 0};
  return box("nppiFilterBox_8u_C1R_Ctx", src, sstep, none, zero, dst, dstep, roi, mask, anchor, 0,
             c.hStream);
}
EXPORT int nppiFilterBox_8u_C1R(const uint8_t *src, int sstep, uint8_t *dst, int dstep, size2 roi,
                                size2 mask, point2 anchor) {
  size2 none = {0, 0};
  point2 zero = {0, 0};
  return box("nppiFilterBox_8u_C1R", src, sstep, none, zero, dst, dstep, roi, mask, anchor, 0,
             default_stream);
}
EXPORT int nppiFilterBoxBorder_8u_C1R_Ctx(const uint8_t *src, int sstep, size2 ssize, point2 soff,
                                          uint8_t *dst, int dstep, size2 roi, size2 mask,
                                          point2 anchor, int border, ctx_t c) {
  if (!border) return N_NOT_SUPPORTED_MODE;
  return box("nppiFilterBoxBorder_8u_C1R_Ctx", src, sstep, ssize, soff, dst, dstep, roi, mask,
             anchor, border, c.hStream);
}
EXPORT int nppiFilterBoxBorder_8u_C1R(const uint8_t *src, int sstep, size2 ssize, point2 soff,
                                      uint8_t *dst, int dstep, size2 roi, size2 mask, point2 anchor,
                                      int border) {
  if (!border) return N_NOT_SUPPORTED_MODE;
  return box("nppiFilterBoxBorder_8u_C1R", src, sstep, ssize, soff, dst, dstep, roi, mask, anchor,
             border, default_stream);
}

/* ------------------------------------------------------- histograms */

EXPORT int nppiEvenLevelsHost_32s(int32_t *levels, int n, int32_t lower, int32_t upper) {
  if (!levels) return N_NULL_POINTER;
  if (n < 2) return N_HIST_LEVELS;
  for (int i = 0; i < n; i++)
    levels[i] = (int32_t)(lower + (int64_t)(upper - lower) * i / (n - 1));
  return N_SUCCESS;
}

EXPORT int nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(size2 roi, int n, size_t *size, ctx_t c) {
  (void)c;
  if (!size) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (n < 2) return N_HIST_LEVELS;
  *size = (size_t)n * sizeof(int32_t); /* the computation needs none; a small buffer */
  return N_SUCCESS;
}
EXPORT int nppiHistogramEvenGetBufferSize_8u_C1R(size2 roi, int n, size_t *size) {
  ctx_t c = {0};
  return nppiHistogramEvenGetBufferSize_8u_C1R_Ctx(roi, n, size, c);
}

static int hist(const char *fn, const uint8_t *src, int sstep, size2 roi, int32_t *hist, int n,
                int32_t lower, int32_t upper, cudaStream_t s) {
  if (!src || !hist) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (sstep < roi.width) return N_STEP;
  if (n < 2) return N_HIST_LEVELS;
  int32_t *lv = malloc((size_t)n * sizeof *lv);
  if (!lv) return N_MEMORY_ALLOCATION;
  nppiEvenLevelsHost_32s(lv, n, lower, upper);
  int r = call_begin(fn, s);
  if (r) {
    free(lv);
    return r;
  }
  const uint8_t *in = image_bytes(fn, "source image", src, sstep, 0, roi.width, 0, roi.height, 0);
  cudaError_t e;
  int32_t *out = in ? simR_host_bytes_locked(hist, (uint64_t)(n - 1) * 4, &e) : NULL;
  if (in && !out)
    fprintf(stderr, "simulee: error: %s: the histogram (%d bins at %p) is not inside one allocation "
            "of device, managed or host memory: returns NPP_CUDA_KERNEL_EXECUTION_ERROR\n", fn,
            n - 1, (void *)hist);
  if (!in || !out) {
    free(lv);
    return call_end(N_KERNEL_EXECUTION);
  }
  simR_libcall_access_locked(hist, (uint64_t)(n - 1) * 4, 1);
  /* the bin of each 8-bit value: levels[k] <= v < levels[k + 1] */
  int bin[256];
  for (int v = 0; v < 256; v++) {
    bin[v] = -1;
    for (int k = 0; k + 1 < n; k++)
      if (lv[k] <= v && v < lv[k + 1]) {
        bin[v] = k;
        break;
      }
  }
  memset(out, 0, (size_t)(n - 1) * 4);
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      int b = bin[in[(long)y * sstep + x]];
      if (b >= 0) out[b]++;
    }
  free(lv);
  return call_end(N_SUCCESS);
}

EXPORT int nppiHistogramEven_8u_C1R_Ctx(const uint8_t *src, int sstep, size2 roi, int32_t *h, int n,
                                        int32_t lower, int32_t upper, uint8_t *buf, ctx_t c) {
  (void)buf;
  return hist("nppiHistogramEven_8u_C1R_Ctx", src, sstep, roi, h, n, lower, upper, c.hStream);
}
EXPORT int nppiHistogramEven_8u_C1R(const uint8_t *src, int sstep, size2 roi, int32_t *h, int n,
                                    int32_t lower, int32_t upper, uint8_t *buf) {
  (void)buf;
  return hist("nppiHistogramEven_8u_C1R", src, sstep, roi, h, n, lower, upper, default_stream);
}

/* --------------------------------------------------- look-up tables */

static int lut(const char *fn, const uint8_t *src, int sstep, uint8_t *dst, int dstep, size2 roi,
               const int32_t *values, const int32_t *levels, int n, cudaStream_t s) {
  if (!src || !dst || !values || !levels) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (sstep < roi.width || dstep < roi.width) return N_STEP;
  if (n < 2) return N_LUT_LEVELS;
  int r = call_begin(fn, s);
  if (r) return r;
  cudaError_t e;
  const int32_t *v = simR_host_bytes_locked(values, (uint64_t)n * 4, &e);
  const int32_t *l = v ? simR_host_bytes_locked(levels, (uint64_t)n * 4, &e) : NULL;
  if (!v || !l) {
    fprintf(stderr, "simulee: error: %s: the %s (%d values at %p) is not inside one allocation of "
            "device, managed or host memory: returns NPP_CUDA_KERNEL_EXECUTION_ERROR\n", fn,
            v ? "levels" : "values", n, v ? (const void *)levels : (const void *)values);
    return call_end(N_KERNEL_EXECUTION);
  }
  simR_libcall_access_locked(values, (uint64_t)n * 4, 0);
  simR_libcall_access_locked(levels, (uint64_t)n * 4, 0);
  const uint8_t *in = image_bytes(fn, "source image", src, sstep, 0, roi.width, 0, roi.height, 0);
  uint8_t *out = in ? image_bytes(fn, "destination image", dst, dstep, 0, roi.width, 0, roi.height, 1) : NULL;
  if (!in || !out) return call_end(N_KERNEL_EXECUTION);
  uint8_t map[256];
  for (int p = 0; p < 256; p++) {
    int m = p; /* outside the levels: unchanged */
    for (int k = 0; k + 1 < n; k++)
      if (l[k] <= p && p < l[k + 1]) {
        m = v[k] + (int)((int64_t)(v[k + 1] - v[k]) * (p - l[k]) / (l[k + 1] - l[k]));
        break;
      }
    if (p == l[n - 1]) m = v[n - 1];
    map[p] = (uint8_t)clampi(m, 0, 255);
  }
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) out[(long)y * dstep + x] = map[in[(long)y * sstep + x]];
  return call_end(N_SUCCESS);
}

EXPORT int nppiLUT_Linear_8u_C1R_Ctx(const uint8_t *src, int sstep, uint8_t *dst, int dstep, size2 roi,
                                     const int32_t *values, const int32_t *levels, int n, ctx_t c) {
  return lut("nppiLUT_Linear_8u_C1R_Ctx", src, sstep, dst, dstep, roi, values, levels, n, c.hStream);
}
EXPORT int nppiLUT_Linear_8u_C1R(const uint8_t *src, int sstep, uint8_t *dst, int dstep, size2 roi,
                                 const int32_t *values, const int32_t *levels, int n) {
  return lut("nppiLUT_Linear_8u_C1R", src, sstep, dst, dstep, roi, values, levels, n, default_stream);
}

/* ------------------------------------------- borders, differences, compares */

/* The host bytes of an image the call reads or writes: rows [0, h) of
 * `rowbytes` bytes; NULL (after the line) when not in one allocation. */
static uint8_t *plane(const char *fn, const char *what, const void *p, long step, long rowbytes, long h,
                      int write) {
  return image_bytes(fn, what, p, step, 0, rowbytes, 0, h, write);
}

static int copy_const_border(const char *fn, const uint8_t *src, int sstep, size2 ssize, uint8_t *dst,
                             int dstep, size2 dsize, int top, int left, uint8_t value, cudaStream_t s) {
  if (!src || !dst) return N_NULL_POINTER;
  if (ssize.width <= 0 || ssize.height <= 0 || dsize.width <= 0 || dsize.height <= 0 || top < 0 ||
      left < 0 || (long)left + ssize.width > dsize.width || (long)top + ssize.height > dsize.height)
    return N_SIZE;
  if (sstep < ssize.width || dstep < dsize.width) return N_STEP;
  int r = call_begin(fn, s);
  if (r) return r;
  const uint8_t *in = plane(fn, "source image", src, sstep, ssize.width, ssize.height, 0);
  uint8_t *out = in ? plane(fn, "destination image", dst, dstep, dsize.width, dsize.height, 1) : NULL;
  if (!in || !out) return call_end(N_KERNEL_EXECUTION);
  for (int y = 0; y < dsize.height; y++)
    for (int x = 0; x < dsize.width; x++) {
      int sx = x - left, sy = y - top;
      int inside = sx >= 0 && sx < ssize.width && sy >= 0 && sy < ssize.height;
      out[(long)y * dstep + x] = inside ? in[(long)sy * sstep + sx] : value;
    }
  return call_end(N_SUCCESS);
}

EXPORT int nppiCopyConstBorder_8u_C1R_Ctx(const uint8_t *src, int sstep, size2 ssize, uint8_t *dst, int dstep,
                                          size2 dsize, int top, int left, uint8_t value, ctx_t c) {
  return copy_const_border("nppiCopyConstBorder_8u_C1R_Ctx", src, sstep, ssize, dst, dstep, dsize, top, left,
                           value, c.hStream);
}
EXPORT int nppiCopyConstBorder_8u_C1R(const uint8_t *src, int sstep, size2 ssize, uint8_t *dst, int dstep,
                                      size2 dsize, int top, int left, uint8_t value) {
  return copy_const_border("nppiCopyConstBorder_8u_C1R", src, sstep, ssize, dst, dstep, dsize, top, left,
                           value, default_stream);
}

static int absdiff(const char *fn, const uint8_t *a, int astep, const uint8_t *b, int bstep, uint8_t *dst,
                   int dstep, size2 roi, cudaStream_t s) {
  if (!a || !b || !dst) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (astep < roi.width || bstep < roi.width || dstep < roi.width) return N_STEP;
  int r = call_begin(fn, s);
  if (r) return r;
  const uint8_t *ia = plane(fn, "first source image", a, astep, roi.width, roi.height, 0);
  const uint8_t *ib = ia ? plane(fn, "second source image", b, bstep, roi.width, roi.height, 0) : NULL;
  uint8_t *out = ib ? plane(fn, "destination image", dst, dstep, roi.width, roi.height, 1) : NULL;
  if (!out) return call_end(N_KERNEL_EXECUTION);
  /* each pixel from the same pixel of the sources: in place is well defined */
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      int d = (int)ia[(long)y * astep + x] - (int)ib[(long)y * bstep + x];
      out[(long)y * dstep + x] = (uint8_t)(d < 0 ? -d : d);
    }
  return call_end(N_SUCCESS);
}

EXPORT int nppiAbsDiff_8u_C1R_Ctx(const uint8_t *a, int astep, const uint8_t *b, int bstep, uint8_t *dst,
                                  int dstep, size2 roi, ctx_t c) {
  return absdiff("nppiAbsDiff_8u_C1R_Ctx", a, astep, b, bstep, dst, dstep, roi, c.hStream);
}
EXPORT int nppiAbsDiff_8u_C1R(const uint8_t *a, int astep, const uint8_t *b, int bstep, uint8_t *dst,
                              int dstep, size2 roi) {
  return absdiff("nppiAbsDiff_8u_C1R", a, astep, b, bstep, dst, dstep, roi, default_stream);
}

enum { CMP_LESS, CMP_LESS_EQ, CMP_EQ, CMP_GREATER_EQ, CMP_GREATER };

static int compare_c(const char *fn, const int16_t *src, int sstep, int16_t k, uint8_t *dst, int dstep,
                     size2 roi, int op, cudaStream_t s) {
  if (!src || !dst) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (sstep < roi.width * 2 || dstep < roi.width) return N_STEP;
  if (op < CMP_LESS || op > CMP_GREATER) return N_NOT_SUPPORTED_MODE;
  int r = call_begin(fn, s);
  if (r) return r;
  const uint8_t *in = plane(fn, "source image", src, sstep, (long)roi.width * 2, roi.height, 0);
  uint8_t *out = in ? plane(fn, "destination image", dst, dstep, roi.width, roi.height, 1) : NULL;
  if (!out) return call_end(N_KERNEL_EXECUTION);
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      int16_t v;
      memcpy(&v, in + (long)y * sstep + 2L * x, 2);
      int t = op == CMP_LESS ? v < k : op == CMP_LESS_EQ ? v <= k : op == CMP_EQ ? v == k
              : op == CMP_GREATER_EQ ? v >= k : v > k;
      out[(long)y * dstep + x] = t ? 0xFF : 0;
    }
  return call_end(N_SUCCESS);
}

EXPORT int nppiCompareC_16s_C1R_Ctx(const int16_t *src, int sstep, const int16_t k, uint8_t *dst, int dstep,
                                    size2 roi, int op, ctx_t c) {
  return compare_c("nppiCompareC_16s_C1R_Ctx", src, sstep, k, dst, dstep, roi, op, c.hStream);
}
EXPORT int nppiCompareC_16s_C1R(const int16_t *src, int sstep, const int16_t k, uint8_t *dst, int dstep,
                                size2 roi, int op) {
  return compare_c("nppiCompareC_16s_C1R", src, sstep, k, dst, dstep, roi, op, default_stream);
}

/* ------------------------------------------------- gradients and Canny */

enum { NORM_INF = 0, NORM_L1 = 1, NORM_L2 = 2 };
enum { MASK_3X3 = 200, MASK_5X5 = 201 };
enum { FILTER_SOBEL = 0, FILTER_SCHARR = 1 };

/* A source image under border control: pSrc is the pixel at oSrcOffset of
 * an image of oSrcSize; pixels outside it replicate its edge. `in` is the
 * host address of pSrc. */
typedef struct {
  const uint8_t *in;
  long step;
  size2 size;
  point2 off;
} bsrc;

/* the pixel at ROI position (x, y), the ROI's (0, 0) at pSrc */
static int bsrc_at(const bsrc *b, int x, int y) {
  int ix = clampi(x + b->off.x, 0, b->size.width - 1), iy = clampi(y + b->off.y, 0, b->size.height - 1);
  return b->in[(long)(iy - b->off.y) * b->step + (ix - b->off.x)];
}

/* Check a border-controlled source and record what a filter of radius
 * `rad` around a ROI of `roi` reads of it: the ROI grown by rad, clipped to
 * the image. 0, or an NPP status (after a line). */
static int bsrc_open(const char *fn, bsrc *b, const uint8_t *src, int sstep, size2 ssize, point2 soff, size2 roi,
                     int rad) {
  long x0 = soff.x - rad, y0 = soff.y - rad, x1 = (long)soff.x + roi.width + rad,
       y1 = (long)soff.y + roi.height + rad;
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 > ssize.width) x1 = ssize.width;
  if (y1 > ssize.height) y1 = ssize.height;
  /* image coordinates to offsets from pSrc */
  const uint8_t *h = image_bytes(fn, "source image", src, sstep, x0 - soff.x, x1 - soff.x, y0 - soff.y,
                                 y1 - soff.y, 0);
  if (!h) return N_KERNEL_EXECUTION;
  b->in = h, b->step = sstep, b->size = ssize, b->off = soff;
  return 0;
}

/* a source's checks shared by the border-controlled filters */
static int bsrc_check(const void *src, int sstep, size2 ssize, point2 soff, size2 roi) {
  if (!src) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0 || ssize.width <= 0 || ssize.height <= 0) return N_SIZE;
  /* the ROI must start inside the source image (it may run past it: the
   * border is then replicated) */
  if (soff.x < 0 || soff.y < 0 || soff.x >= ssize.width || soff.y >= ssize.height) return N_SIZE;
  if (sstep <= 0 || (long)sstep < (long)ssize.width - soff.x) return N_STEP;
  return 0;
}

static int16_t sat16(long v) { return (int16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v); }

static long magnitude(long gx, long gy, int norm) {
  long ax = gx < 0 ? -gx : gx, ay = gy < 0 ? -gy : gy;
  if (norm == NORM_INF) return ax > ay ? ax : ay;
  if (norm == NORM_L1) return ax + ay;
  return (long)(sqrt((double)(gx * gx + gy * gy)) + 0.5);
}

static int prewitt(const char *fn, const uint8_t *src, int sstep, size2 ssize, point2 soff, int16_t *dx,
                   int dxstep, int16_t *dy, int dystep, int16_t *dmag, int magstep, float *dang, int angstep,
                   size2 roi, int mask, int norm, int border, cudaStream_t s) {
  int r = bsrc_check(src, sstep, ssize, soff, roi);
  if (r) return r;
  if ((dx && dxstep < roi.width * 2) || (dy && dystep < roi.width * 2) || (dmag && magstep < roi.width * 2) ||
      (dang && angstep < roi.width * 4))
    return N_STEP;
  if (mask != MASK_3X3) return N_MASK_SIZE;
  if (norm != NORM_INF && norm != NORM_L1 && norm != NORM_L2) return N_NOT_SUPPORTED_MODE;
  if (border != B_REPLICATE) return N_NOT_SUPPORTED_MODE;
  r = call_begin(fn, s);
  if (r) return r;
  bsrc b;
  if (bsrc_open(fn, &b, src, sstep, ssize, soff, roi, 1)) return call_end(N_KERNEL_EXECUTION);
  uint8_t *ox = NULL, *oy = NULL, *om = NULL, *oa = NULL;
  if ((dx && !(ox = plane(fn, "X destination image", dx, dxstep, roi.width * 2L, roi.height, 1))) ||
      (dy && !(oy = plane(fn, "Y destination image", dy, dystep, roi.width * 2L, roi.height, 1))) ||
      (dmag && !(om = plane(fn, "magnitude destination image", dmag, magstep, roi.width * 2L, roi.height, 1))) ||
      (dang && !(oa = plane(fn, "angle destination image", dang, angstep, roi.width * 4L, roi.height, 1))))
    return call_end(N_KERNEL_EXECUTION);
  /* the results wait until every pixel is read: a destination may overlap the source */
  size_t n = (size_t)roi.width * (size_t)roi.height;
  long *gx = malloc(n * sizeof *gx), *gy = malloc(n * sizeof *gy);
  if (!gx || !gy) {
    free(gx), free(gy);
    return call_end(N_MEMORY_ALLOCATION);
  }
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      long sx = 0, sy = 0;
      for (int k = -1; k <= 1; k++) {
        sx += bsrc_at(&b, x + 1, y + k) - bsrc_at(&b, x - 1, y + k); /* right column - left */
        sy += bsrc_at(&b, x + k, y + 1) - bsrc_at(&b, x + k, y - 1); /* bottom row - top */
      }
      gx[(size_t)y * roi.width + x] = sx, gy[(size_t)y * roi.width + x] = sy;
    }
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      long sx = gx[(size_t)y * roi.width + x], sy = gy[(size_t)y * roi.width + x];
      int16_t v;
      if (ox) v = sat16(sx), memcpy(ox + (long)y * dxstep + 2L * x, &v, 2);
      if (oy) v = sat16(sy), memcpy(oy + (long)y * dystep + 2L * x, &v, 2);
      if (om) v = sat16(magnitude(sx, sy, norm)), memcpy(om + (long)y * magstep + 2L * x, &v, 2);
      if (oa) {
        float a = (float)atan2((double)sy, (double)sx);
        memcpy(oa + (long)y * angstep + 4L * x, &a, 4);
      }
    }
  free(gx), free(gy);
  return call_end(N_SUCCESS);
}

EXPORT int nppiGradientVectorPrewittBorder_8u16s_C1R_Ctx(const uint8_t *src, int sstep, size2 ssize, point2 soff,
                                                         int16_t *dx, int dxstep, int16_t *dy, int dystep,
                                                         int16_t *dmag, int magstep, float *dang, int angstep,
                                                         size2 roi, int mask, int norm, int border, ctx_t c) {
  return prewitt("nppiGradientVectorPrewittBorder_8u16s_C1R_Ctx", src, sstep, ssize, soff, dx, dxstep, dy, dystep,
                 dmag, magstep, dang, angstep, roi, mask, norm, border, c.hStream);
}
EXPORT int nppiGradientVectorPrewittBorder_8u16s_C1R(const uint8_t *src, int sstep, size2 ssize, point2 soff,
                                                     int16_t *dx, int dxstep, int16_t *dy, int dystep,
                                                     int16_t *dmag, int magstep, float *dang, int angstep,
                                                     size2 roi, int mask, int norm, int border) {
  return prewitt("nppiGradientVectorPrewittBorder_8u16s_C1R", src, sstep, ssize, soff, dx, dxstep, dy, dystep,
                 dmag, magstep, dang, angstep, roi, mask, norm, border, default_stream);
}

EXPORT int nppiFilterCannyBorderGetBufferSize(size2 roi, int *size) {
  if (!size) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  /* the computation is on the CPU; a buffer of a magnitude per pixel */
  long n = (long)roi.width * roi.height * 4;
  if (n > 0x7fffffff) n = 0x7fffffff;
  *size = (int)n;
  return N_SUCCESS;
}

/* the gradient (x: right - left, y: bottom - top) of a Sobel 3x3 or 5x5 or
 * a Scharr 3x3 filter at ROI position (x, y) */
static void canny_gradient(const bsrc *b, int filter, int mask, int x, int y, long *gx, long *gy) {
  static const int sobel3s[3] = {1, 2, 1}, sobel3d[3] = {-1, 0, 1};
  static const int scharr3s[3] = {3, 10, 3};
  static const int sobel5s[5] = {1, 4, 6, 4, 1}, sobel5d[5] = {-1, -2, 0, 2, 1};
  int r = mask == MASK_5X5 ? 2 : 1;
  const int *sm = mask == MASK_5X5 ? sobel5s : filter == FILTER_SCHARR ? scharr3s : sobel3s;
  const int *dv = mask == MASK_5X5 ? sobel5d : sobel3d;
  long sx = 0, sy = 0;
  for (int j = -r; j <= r; j++)
    for (int i = -r; i <= r; i++) {
      int p = bsrc_at(b, x + i, y + j);
      sx += (long)sm[j + r] * dv[i + r] * p;  /* smooth down, differentiate across */
      sy += (long)sm[i + r] * dv[j + r] * p;  /* smooth across, differentiate down */
    }
  *gx = sx, *gy = sy;
}

static int canny(const char *fn, const uint8_t *src, int sstep, size2 ssize, point2 soff, uint8_t *dst, int dstep,
                 size2 roi, int filter, int mask, int16_t low, int16_t high, int norm, int border, uint8_t *buf,
                 cudaStream_t s) {
  int r = bsrc_check(src, sstep, ssize, soff, roi);
  if (r) return r;
  if (!dst || !buf) return N_NULL_POINTER;
  if (dstep < roi.width) return N_STEP;
  if (filter != FILTER_SOBEL && filter != FILTER_SCHARR) return N_NOT_SUPPORTED_MODE;
  if (mask != MASK_3X3 && !(mask == MASK_5X5 && filter == FILTER_SOBEL)) return N_MASK_SIZE;
  if (norm != NORM_L1 && norm != NORM_L2) return N_NOT_SUPPORTED_MODE;
  if (border != B_REPLICATE) return N_NOT_SUPPORTED_MODE;
  if (low < 0 || high < low) return N_BAD_ARGUMENT;
  r = call_begin(fn, s);
  if (r) return r;
  int rad = mask == MASK_5X5 ? 2 : 1;
  bsrc b;
  /* the magnitudes of a ring around the ROI too: suppression compares with them */
  if (bsrc_open(fn, &b, src, sstep, ssize, soff, roi, rad + 1)) return call_end(N_KERNEL_EXECUTION);
  uint8_t *out = plane(fn, "destination image", dst, dstep, roi.width, roi.height, 1);
  if (!out) return call_end(N_KERNEL_EXECUTION);
  long W = roi.width + 2L, H = roi.height + 2L;
  double *mag = malloc((size_t)(W * H) * sizeof *mag);
  long *gxs = malloc((size_t)(W * H) * sizeof *gxs), *gys = malloc((size_t)(W * H) * sizeof *gys);
  uint8_t *cls = calloc((size_t)roi.width * (size_t)roi.height, 1); /* 0 none, 1 weak, 2 strong */
  int *stack = malloc((size_t)roi.width * (size_t)roi.height * sizeof *stack);
  if (!mag || !gxs || !gys || !cls || !stack) {
    free(mag), free(gxs), free(gys), free(cls), free(stack);
    return call_end(N_MEMORY_ALLOCATION);
  }
  for (long y = 0; y < H; y++)
    for (long x = 0; x < W; x++) {
      long gx, gy;
      canny_gradient(&b, filter, mask, (int)x - 1, (int)y - 1, &gx, &gy);
      gxs[y * W + x] = gx, gys[y * W + x] = gy;
      long ax = gx < 0 ? -gx : gx, ay = gy < 0 ? -gy : gy;
      mag[y * W + x] = norm == NORM_L1 ? (double)(ax + ay) : sqrt((double)gx * gx + (double)gy * gy);
    }
  /* non-maximum suppression across the edge: the gradient's direction
   * (y down) to the nearest of 0, 45, 90, 135 degrees */
  int top = 0;
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      long c = (y + 1L) * W + x + 1;
      double m = mag[c];
      if (m < low) continue;
      long gx = gxs[c], gd = gys[c];
      double ax = fabs((double)gx), ad = fabs((double)gd);
      long n1, n2; /* the neighbours along the gradient */
      if (ad <= 0.41421356 * ax) n1 = c - 1, n2 = c + 1;
      else if (ax <= 0.41421356 * ad) n1 = c - W, n2 = c + W;
      else if ((gx > 0) == (gd > 0)) n1 = c - W - 1, n2 = c + W + 1;
      else n1 = c - W + 1, n2 = c + W - 1;
      if (!(m >= mag[n1] && m > mag[n2])) continue;
      cls[(size_t)y * roi.width + x] = m >= high ? 2 : 1;
      if (m >= high) stack[top++] = y * roi.width + x;
    }
  /* hysteresis: weak pixels 8-connected to a strong one become edges */
  while (top > 0) {
    int p = stack[--top], py = p / roi.width, px = p % roi.width;
    for (int j = -1; j <= 1; j++)
      for (int i = -1; i <= 1; i++) {
        int qx = px + i, qy = py + j;
        if (qx < 0 || qy < 0 || qx >= roi.width || qy >= roi.height) continue;
        int q = qy * roi.width + qx;
        if (cls[q] == 1) cls[q] = 2, stack[top++] = q;
      }
  }
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++)
      out[(long)y * dstep + x] = cls[(size_t)y * roi.width + x] == 2 ? 0xFF : 0;
  free(mag), free(gxs), free(gys), free(cls), free(stack);
  return call_end(N_SUCCESS);
}

EXPORT int nppiFilterCannyBorder_8u_C1R_Ctx(const uint8_t *src, int sstep, size2 ssize, point2 soff, uint8_t *dst,
                                            int dstep, size2 roi, int filter, int mask, int16_t low, int16_t high,
                                            int norm, int border, uint8_t *buf, ctx_t c) {
  return canny("nppiFilterCannyBorder_8u_C1R_Ctx", src, sstep, ssize, soff, dst, dstep, roi, filter, mask, low,
               high, norm, border, buf, c.hStream);
}
EXPORT int nppiFilterCannyBorder_8u_C1R(const uint8_t *src, int sstep, size2 ssize, point2 soff, uint8_t *dst,
                                        int dstep, size2 roi, int filter, int mask, int16_t low, int16_t high,
                                        int norm, int border, uint8_t *buf) {
  return canny("nppiFilterCannyBorder_8u_C1R", src, sstep, ssize, soff, dst, dstep, roi, filter, mask, low, high,
               norm, border, buf, default_stream);
}

/* ------------------------------------------ watershed and marker labels */

enum { WS_NONE, WS_BLACK, WS_WHITE, WS_CONTRAST, WS_ONLY };

EXPORT int nppiSegmentWatershedGetBufferSize_8u_C1R(size2 roi, size_t *size) {
  if (!size) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  *size = (size_t)roi.width * (size_t)roi.height * 4; /* the computation is on the CPU */
  return N_SUCCESS;
}

static int uf_find(int *parent, int i) {
  while (parent[i] != i) i = parent[i] = parent[parent[i]];
  return i;
}

static int watershed(const char *fn, uint8_t *img, int step, uint32_t *labels, int lstep, int norm, int btype,
                     size2 roi, uint8_t *buf, cudaStream_t s) {
  if (!img || !buf) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (step < roi.width || (labels && lstep < roi.width * 4)) return N_STEP;
  if (norm != NORM_INF && norm != NORM_L1) return N_NOT_SUPPORTED_MODE;
  if (btype < WS_NONE || btype > WS_ONLY) return N_NOT_SUPPORTED_MODE;
  int r = call_begin(fn, s);
  if (r) return r;
  uint8_t *io = plane(fn, "source and destination image", img, step, roi.width, roi.height, 1);
  uint8_t *lab = io && labels ? plane(fn, "marker labels image", labels, lstep, roi.width * 4L, roi.height, 1) : NULL;
  if (!io || (labels && !lab)) return call_end(N_KERNEL_EXECUTION);
  const int w = roi.width, h = roi.height, n = w * h;
  /* the neighbours: 4 (L1) or 8 (Inf), as (dx, dy) */
  static const int nb[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
  const int nn = norm == NORM_L1 ? 4 : 8;
  uint8_t *v = malloc((size_t)n);
  int *parent = malloc((size_t)n * sizeof *parent), *dest = malloc((size_t)n * sizeof *dest);
  int *queue = malloc((size_t)n * sizeof *queue), *label = malloc((size_t)n * sizeof *label);
  if (!v || !parent || !dest || !queue || !label) {
    free(v), free(parent), free(dest), free(queue), free(label);
    return call_end(N_MEMORY_ALLOCATION);
  }
  for (int y = 0; y < h; y++) memcpy(v + (size_t)y * w, io + (long)y * step, (size_t)w);
  /* plateaus: connected pixels of one value */
  for (int i = 0; i < n; i++) parent[i] = i;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int k = 0; k < nn; k++) {
        int qx = x + nb[k][0], qy = y + nb[k][1];
        if (qx < 0 || qy < 0 || qx >= w || qy >= h || v[qy * w + qx] != v[y * w + x]) continue;
        int a = uf_find(parent, y * w + x), b = uf_find(parent, qy * w + qx);
        if (a != b) parent[a > b ? a : b] = a < b ? a : b; /* the root: the plateau's first pixel */
      }
  /* each pixel flows to its lowest lower neighbour (the first of equals);
   * a plateau's pixels without one flow toward its nearest pixel with one
   * (breadth first from those); a plateau with none is a minimum */
  int qh = 0, qt = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x, best = -1;
      for (int k = 0; k < nn; k++) {
        int qx = x + nb[k][0], qy = y + nb[k][1];
        if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
        int q = qy * w + qx;
        if (v[q] < v[i] && (best < 0 || v[q] < v[best])) best = q;
      }
      dest[i] = best;
      if (best >= 0) queue[qt++] = i;
    }
  while (qh < qt) {
    int p = queue[qh++], px = p % w, py = p / w;
    for (int k = 0; k < nn; k++) {
      int qx = px + nb[k][0], qy = py + nb[k][1];
      if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
      int q = qy * w + qx;
      if (v[q] == v[p] && dest[q] < 0 && uf_find(parent, q) == uf_find(parent, p)) {
        dest[q] = p;
        queue[qt++] = q;
      }
    }
  }
  /* labels: the first pixel (raster index) of the minimum each pixel flows to */
  for (int i = 0; i < n; i++) label[i] = dest[i] < 0 ? uf_find(parent, i) : -1;
  for (int i = 0; i < n; i++) {
    int top = 0, p = i;
    while (label[p] < 0) queue[top++] = p, p = dest[p];
    while (top > 0) label[queue[--top]] = label[p];
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int i = y * w + x, seg = v[label[i]], edge = 0;
      for (int k = 0; k < nn && !edge; k++) {
        int qx = x + nb[k][0], qy = y + nb[k][1];
        edge = qx >= 0 && qy >= 0 && qx < w && qy < h && label[qy * w + qx] > label[i];
      }
      int o = seg;
      if (edge && btype == WS_BLACK) o = 0;
      else if (edge && btype == WS_WHITE) o = 255;
      else if (edge && btype == WS_CONTRAST) o = seg < 128 ? 255 : 0;
      else if (btype == WS_ONLY) o = edge ? 255 : 0;
      io[(long)y * step + x] = (uint8_t)o;
      if (lab) {
        uint32_t l = (uint32_t)label[i];
        memcpy(lab + (long)y * lstep + 4L * x, &l, 4);
      }
    }
  free(v), free(parent), free(dest), free(queue), free(label);
  return call_end(N_SUCCESS);
}

EXPORT int nppiSegmentWatershed_8u_C1IR_Ctx(uint8_t *img, int step, uint32_t *labels, int lstep, int norm,
                                            int btype, size2 roi, uint8_t *buf, ctx_t c) {
  return watershed("nppiSegmentWatershed_8u_C1IR_Ctx", img, step, labels, lstep, norm, btype, roi, buf,
                   c.hStream);
}

EXPORT int nppiCompressMarkerLabelsGetBufferSize_32u_C1R(int start, int *size) {
  if (!size) return N_NULL_POINTER;
  if (start < 1) return N_RANGE;
  long n = (long)start * 8; /* the computation is on the CPU */
  *size = (int)(n > 0x7fffffff ? 0x7fffffff : n);
  return N_SUCCESS;
}

static int compress_labels(const char *fn, uint32_t *img, int step, size2 roi, int start, int *newn, uint8_t *buf,
                           cudaStream_t s) {
  if (!img || !newn || !buf) return N_NULL_POINTER;
  if (roi.width <= 0 || roi.height <= 0) return N_SIZE;
  if (step < roi.width * 4) return N_STEP;
  if (start < 1) return N_RANGE;
  int r = call_begin(fn, s);
  if (r) return r;
  uint8_t *io = plane(fn, "marker labels image", img, step, roi.width * 4L, roi.height, 1);
  cudaError_t e;
  int *count = io ? simR_host_bytes_locked(newn, sizeof(int), &e) : NULL;
  if (io && !count)
    fprintf(stderr, "simulee: error: %s: the label count (%p) is not the program's memory: returns "
            "NPP_CUDA_KERNEL_EXECUTION_ERROR\n", fn, (void *)newn);
  if (!io || !count) return call_end(N_KERNEL_EXECUTION);
  simR_libcall_access_locked(newn, sizeof(int), 1);
  /* each label its number in the order of first appearance, from 1: an
   * open-addressing table from label to number */
  size_t n = (size_t)roi.width * (size_t)roi.height, cap = 16;
  while (cap < 2 * n) cap *= 2;
  uint32_t *key = malloc(cap * sizeof *key);
  int *num = calloc(cap, sizeof *num); /* 0: empty */
  if (!key || !num) {
    free(key), free(num);
    return call_end(N_MEMORY_ALLOCATION);
  }
  int next = 0;
  for (int y = 0; y < roi.height; y++)
    for (int x = 0; x < roi.width; x++) {
      uint8_t *px = io + (long)y * step + 4L * x;
      uint32_t l;
      memcpy(&l, px, 4);
      size_t slot = (l * 2654435761u) & (cap - 1);
      while (num[slot] && key[slot] != l) slot = (slot + 1) & (cap - 1);
      if (!num[slot]) key[slot] = l, num[slot] = ++next;
      uint32_t m = (uint32_t)num[slot];
      memcpy(px, &m, 4);
    }
  *count = next;
  free(key), free(num);
  return call_end(N_SUCCESS);
}

EXPORT int nppiCompressMarkerLabelsUF_32u_C1IR_Ctx(uint32_t *img, int step, size2 roi, int start, int *newn,
                                                   uint8_t *buf, ctx_t c) {
  return compress_labels("nppiCompressMarkerLabelsUF_32u_C1IR_Ctx", img, step, roi, start, newn, buf, c.hStream);
}
EXPORT int nppiCompressMarkerLabelsUF_32u_C1IR(uint32_t *img, int step, size2 roi, int start, int *newn,
                                               uint8_t *buf) {
  return compress_labels("nppiCompressMarkerLabelsUF_32u_C1IR", img, step, roi, start, newn, buf, default_stream);
}
