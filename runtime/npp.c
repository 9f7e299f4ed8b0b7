/*
 * simulee runtime: NVIDIA Performance Primitives (NPP), the image and
 * signal memory and the 8-bit one-channel image functions simulee runs
 * (cuda/nppi.h): box filters, the even histogram and the linear look-up
 * table, computed on the CPU from NPP's documented definitions.
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
 */
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
  simR_lock();
  if (!simR_stream_ok_locked(s, fn)) {
    simR_unlock();
    return N_NOT_SUPPORTED_MODE;
  }
  int rst;
  cudaError_t e0;
  if (simR_submit_libcall_locked(s, fn, NULL, NULL, NULL, 0, SIMR_OP_NOCAPTURE, &rst, &e0)) {
    simR_unlock();
    return N_KERNEL_EXECUTION;
  }
  if (simR_sticky_locked()) {
    simR_unlock();
    return N_KERNEL_EXECUTION;
  }
  simR_libcall_begin_locked(s, fn);
  return N_SUCCESS;
}
static int call_end(int r) {
  simR_libcall_end_locked();
  simR_unlock();
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
