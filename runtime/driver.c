/*
 * simulee runtime: the CUDA driver API (cuda.h) that programs use to set up
 * the device and to load and launch kernels themselves. Each call is its
 * runtime API twin (device queries, memory, streams, events, launches); the
 * one context is the device's (cuCtxCreate hands it out, push and pop keep
 * a per-thread stack of it); a module is a GPU binary of simulee's nvcc
 * (`nvcc -fatbin`, `-cubin` or `-ptx` write one; NVRTC makes one, runtime/
 * nvrtc.c) registered as a program's own kernels are (__cudaRegisterFatBinary),
 * a CUfunction the stub its launches name (`nvcc -ptx` writes the binary as
 * text, SIMR_PTX_TEXT, which the loads decode; a link, cuLink*, gives its
 * one binary back). NVIDIA's PTX and cubins cannot run here: loading one
 * fails with CUDA_ERROR_INVALID_IMAGE and one line on stderr. Virtual memory
 * management is runtime/vmm.c's. The driver's versioned symbols (cuMemAlloc_v2, cuCtxCreate_v4, ...)
 * are the same functions, for programs that look them up by name
 * (dlsym on libcuda.so.1, cuGetProcAddress).
 */
#define _GNU_SOURCE /* memmem */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/module.h"

#define EXPORT __attribute__((visibility("default")))
/* a second exported name of function f */
#define ALIAS(name, f) EXPORT __typeof__(f) name __attribute__((alias(#f)));

typedef int CUresult; /* cuda.h's enum cudaError_enum */
enum {
  CU_OK = 0,
  CU_INVALID_VALUE = 1,
  CU_NOT_INITIALIZED = 3,
  CU_INVALID_DEVICE = 101,
  CU_INVALID_IMAGE = 200,
  CU_INVALID_CONTEXT = 201,
  CU_FILE_NOT_FOUND = 301,
  CU_INVALID_HANDLE = 400,
  CU_NOT_FOUND = 500,
  CU_NOT_SUPPORTED = 801,
};

/* the runtime API (runtime/api.c, memory.c, launch.c, pool.c) */
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device);
cudaError_t cudaDriverGetVersion(int *v);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags);
cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *at, const void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t s);
cudaError_t cudaMemset(void *ptr, int value, size_t n);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamQuery(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t cudaLaunchKernel(const void *f, simR_dim3 grid, simR_dim3 block, void **args,
                             size_t shared, cudaStream_t s);
cudaError_t cudaLaunchCooperativeKernel(const void *f, simR_dim3 grid, simR_dim3 block,
                                        void **args, size_t shared, cudaStream_t s);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *at, const void *f);
cudaError_t cudaFuncSetAttribute(const void *f, int attr, int value);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *f, int bs,
                                                          size_t dyn);
cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
const char *cudaGetErrorName(cudaError_t e);
const char *cudaGetErrorString(cudaError_t e);
void **__cudaRegisterFatBinary(void *wrapper);
void __cudaRegisterFunction(void **handle, const char *stub, char *dev_fun, const char *dev_name,
                            int thread_limit, void *tid, void *bid, void *bdim, void *gdim,
                            int *wsize);
void __cudaRegisterVar(void **handle, char *host_var, char *dev_addr, const char *dev_name,
                       int ext, size_t size, int constant, int global);

/* The driver's status of a runtime error: the same numbers, but for the
 * launch configuration (the driver says CUDA_ERROR_INVALID_VALUE). */
static CUresult cu(cudaError_t e) {
  if (e == cudaErrorInvalidConfiguration) return CU_INVALID_VALUE;
  return (CUresult)e;
}

/* Say once per kind on stderr why a call fails (what: "cuModuleLoadData:
 * ..."), and return status. */
static CUresult drv_fail(CUresult status, const char *what) {
  simR_lock();
  fprintf(stderr, "simulee: error: %s\n", what);
  simR_unlock();
  return status;
}

static void *dptr(unsigned long long p) { return (void *)(uintptr_t)p; }

/* ------------------------------------------------- device and context */

struct CUctx_st {
  int device;
};
static struct CUctx_st the_ctx;
/* the thread's context stack: only the device's context, so its depth */
static __thread int ctx_depth = -1; /* -1: the thread never set one (current: the device's) */

EXPORT CUresult cuInit(unsigned flags) { return flags ? CU_INVALID_VALUE : CU_OK; }
EXPORT CUresult cuDriverGetVersion(int *v) { return cu(cudaDriverGetVersion(v)); }
EXPORT CUresult cuDeviceGetCount(int *n) { return cu(cudaGetDeviceCount(n)); }
EXPORT CUresult cuDeviceGet(int *dev, int ordinal) {
  if (!dev) return CU_INVALID_VALUE;
  int n = 0;
  cudaGetDeviceCount(&n);
  if (ordinal < 0 || ordinal >= n) return CU_INVALID_DEVICE;
  *dev = ordinal;
  return CU_OK;
}
EXPORT CUresult cuDeviceGetAttribute(int *v, int attr, int dev) {
  /* the driver's own: virtual memory management (runtime/vmm.c) with POSIX
   * file descriptor handles; no Windows handles, compression or RDMA */
  if (v && dev == 0 && attr >= 102 && attr <= 110 && attr != 106 && attr != 108 && attr != 109) {
    *v = attr == 102 || attr == 103;
    return CU_OK;
  }
  return cu(cudaDeviceGetAttribute(v, attr, dev));
}
EXPORT CUresult cuDeviceComputeCapability(int *major, int *minor, int dev) {
  if (!major || !minor) return CU_INVALID_VALUE;
  cudaError_t e = cudaDeviceGetAttribute(major, 75, dev);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(minor, 76, dev);
  return cu(e);
}
static CUresult props(cudaDeviceProp **p, int dev) {
  *p = malloc(sizeof **p);
  if (!*p) return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  cudaError_t e = cudaGetDeviceProperties(*p, dev);
  if (e != cudaSuccess) {
    free(*p);
    return cu(e);
  }
  return CU_OK;
}
EXPORT CUresult cuDeviceGetName(char *name, int len, int dev) {
  if (!name || len <= 0) return CU_INVALID_VALUE;
  cudaDeviceProp *p;
  CUresult r = props(&p, dev);
  if (r != CU_OK) return r;
  snprintf(name, (size_t)len, "%s", p->name);
  free(p);
  return CU_OK;
}
EXPORT CUresult cuDeviceTotalMem(size_t *bytes, int dev) {
  if (!bytes) return CU_INVALID_VALUE;
  cudaDeviceProp *p;
  CUresult r = props(&p, dev);
  if (r != CU_OK) return r;
  *bytes = p->totalGlobalMem;
  free(p);
  return CU_OK;
}
ALIAS(cuDeviceTotalMem_v2, cuDeviceTotalMem)
EXPORT CUresult cuDeviceGetUuid(void *uuid, int dev) {
  if (!uuid) return CU_INVALID_VALUE;
  cudaDeviceProp *p;
  CUresult r = props(&p, dev);
  if (r != CU_OK) return r;
  memcpy(uuid, p->uuid.bytes, 16);
  free(p);
  return CU_OK;
}
ALIAS(cuDeviceGetUuid_v2, cuDeviceGetUuid)
EXPORT CUresult cuCtxEnablePeerAccess(struct CUctx_st *peer, unsigned flags) {
  (void)peer, (void)flags;
  return drv_fail(CU_INVALID_DEVICE, "cuCtxEnablePeerAccess: simulee has one device, no peer");
}
EXPORT CUresult cuDeviceCanAccessPeer(int *can, int dev, int peer) {
  (void)dev, (void)peer;
  if (!can) return CU_INVALID_VALUE;
  *can = 0;
  return CU_OK;
}

static CUresult ctx_for(struct CUctx_st **ctx, int dev) {
  if (!ctx) return CU_INVALID_VALUE;
  int n = 0;
  cudaGetDeviceCount(&n);
  if (dev < 0 || dev >= n) return CU_INVALID_DEVICE;
  the_ctx.device = dev;
  *ctx = &the_ctx;
  return CU_OK;
}
/* cuCtxCreate (CUDA 12: cuCtxCreate_v2) makes the context current */
EXPORT CUresult cuCtxCreate(struct CUctx_st **ctx, unsigned flags, int dev) {
  (void)flags;
  CUresult r = ctx_for(ctx, dev);
  if (r == CU_OK) ctx_depth = ctx_depth < 1 ? 1 : ctx_depth + 1;
  return r;
}
ALIAS(cuCtxCreate_v2, cuCtxCreate)
/* CUDA 13's cuCtxCreate(ctx, CUctxCreateParams *, flags, dev) */
EXPORT CUresult cuCtxCreate_v4(struct CUctx_st **ctx, void *params, unsigned flags, int dev) {
  (void)params;
  return cuCtxCreate(ctx, flags, dev);
}
EXPORT CUresult cuCtxDestroy(struct CUctx_st *ctx) {
  if (ctx != &the_ctx) return CU_INVALID_CONTEXT;
  if (ctx_depth > 0) ctx_depth--;
  return CU_OK;
}
ALIAS(cuCtxDestroy_v2, cuCtxDestroy)
EXPORT CUresult cuDevicePrimaryCtxRetain(struct CUctx_st **ctx, int dev) { return ctx_for(ctx, dev); }
EXPORT CUresult cuDevicePrimaryCtxRelease(int dev) {
  int n = 0;
  cudaGetDeviceCount(&n);
  return dev < 0 || dev >= n ? CU_INVALID_DEVICE : CU_OK;
}
ALIAS(cuDevicePrimaryCtxRelease_v2, cuDevicePrimaryCtxRelease)
ALIAS(cuDevicePrimaryCtxReset, cuDevicePrimaryCtxRelease)
ALIAS(cuDevicePrimaryCtxReset_v2, cuDevicePrimaryCtxRelease)
EXPORT CUresult cuCtxGetCurrent(struct CUctx_st **ctx) {
  if (!ctx) return CU_INVALID_VALUE;
  *ctx = ctx_depth == 0 ? NULL : &the_ctx;
  return CU_OK;
}
EXPORT CUresult cuCtxSetCurrent(struct CUctx_st *ctx) {
  if (ctx && ctx != &the_ctx) return CU_INVALID_CONTEXT;
  ctx_depth = ctx ? (ctx_depth < 1 ? 1 : ctx_depth) : 0;
  return CU_OK;
}
EXPORT CUresult cuCtxPushCurrent(struct CUctx_st *ctx) {
  if (ctx != &the_ctx) return CU_INVALID_CONTEXT;
  ctx_depth = ctx_depth < 0 ? 1 : ctx_depth + 1;
  return CU_OK;
}
ALIAS(cuCtxPushCurrent_v2, cuCtxPushCurrent)
EXPORT CUresult cuCtxPopCurrent(struct CUctx_st **ctx) {
  if (ctx_depth == 0) return CU_INVALID_CONTEXT;
  if (ctx) *ctx = &the_ctx;
  if (ctx_depth > 0) ctx_depth--;
  return CU_OK;
}
ALIAS(cuCtxPopCurrent_v2, cuCtxPopCurrent)
EXPORT CUresult cuCtxGetDevice(int *dev) {
  if (!dev) return CU_INVALID_VALUE;
  *dev = the_ctx.device;
  return CU_OK;
}
EXPORT CUresult cuCtxSynchronize(void) { return cu(cudaDeviceSynchronize()); }
EXPORT CUresult cuCtxGetApiVersion(struct CUctx_st *ctx, unsigned *v) {
  (void)ctx;
  if (!v) return CU_INVALID_VALUE;
  *v = 3020; /* the API of CUDA 4 contexts and later */
  return CU_OK;
}
EXPORT CUresult cuCtxSetCacheConfig(int c) { (void)c; return CU_OK; }
EXPORT CUresult cuCtxGetCacheConfig(int *c) {
  if (c) *c = 0;
  return CU_OK;
}

/* ------------------------------------------------------------- memory */

EXPORT CUresult cuMemAlloc(unsigned long long *p, size_t n) {
  if (!p) return CU_INVALID_VALUE;
  void *d = NULL;
  cudaError_t e = cudaMalloc(&d, n);
  *p = (unsigned long long)(uintptr_t)d;
  return cu(e);
}
ALIAS(cuMemAlloc_v2, cuMemAlloc)
EXPORT CUresult cuMemAllocManaged(unsigned long long *p, size_t n, unsigned flags) {
  if (!p) return CU_INVALID_VALUE;
  void *d = NULL;
  cudaError_t e = cudaMallocManaged(&d, n, flags);
  *p = (unsigned long long)(uintptr_t)d;
  return cu(e);
}
EXPORT CUresult cuMemAllocPitch(unsigned long long *p, size_t *pitch, size_t width, size_t height,
                                unsigned elem) {
  (void)elem;
  if (!p) return CU_INVALID_VALUE;
  void *d = NULL;
  cudaError_t e = cudaMallocPitch(&d, pitch, width, height);
  *p = (unsigned long long)(uintptr_t)d;
  return cu(e);
}
ALIAS(cuMemAllocPitch_v2, cuMemAllocPitch)
int simR_vmm_reserved(unsigned long long ptr); /* runtime/vmm.c */
EXPORT CUresult cuMemFree(unsigned long long p) {
  if (simR_vmm_reserved(p))
    return drv_fail(CU_INVALID_VALUE, "cuMemFree: the pointer is a range of cuMemAddressReserve "
                    "(cuMemUnmap and cuMemAddressFree release it)");
  return cu(cudaFree(dptr(p)));
}
ALIAS(cuMemFree_v2, cuMemFree)
EXPORT CUresult cuMemAllocHost(void **p, size_t n) { return cu(cudaMallocHost(p, n)); }
ALIAS(cuMemAllocHost_v2, cuMemAllocHost)
EXPORT CUresult cuMemHostAlloc(void **p, size_t n, unsigned flags) {
  return cu(cudaHostAlloc(p, n, flags));
}
EXPORT CUresult cuMemFreeHost(void *p) { return cu(cudaFreeHost(p)); }
EXPORT CUresult cuMemHostGetDevicePointer(unsigned long long *d, void *h, unsigned flags) {
  if (!d) return CU_INVALID_VALUE;
  void *p = NULL;
  cudaError_t e = cudaHostGetDevicePointer(&p, h, flags);
  *d = (unsigned long long)(uintptr_t)p;
  return cu(e);
}
ALIAS(cuMemHostGetDevicePointer_v2, cuMemHostGetDevicePointer)
EXPORT CUresult cuMemHostRegister(void *p, size_t n, unsigned flags) {
  return cu(cudaHostRegister(p, n, flags));
}
ALIAS(cuMemHostRegister_v2, cuMemHostRegister)
EXPORT CUresult cuMemHostUnregister(void *p) { return cu(cudaHostUnregister(p)); }
EXPORT CUresult cuMemGetInfo(size_t *free_bytes, size_t *total) {
  return cu(cudaMemGetInfo(free_bytes, total));
}
ALIAS(cuMemGetInfo_v2, cuMemGetInfo)

enum { H2H, H2D, D2H, D2D, DEFAULT };
/* A pointer's attributes: what cudaPointerGetAttributes says of it, and of
 * a __device__ variable's address whether it is __managed__ (NVVM IR's
 * "managed" annotation), whose host pointer is then the variable's bytes. */
EXPORT CUresult cuPointerGetAttribute(void *data, int attr, unsigned long long p) {
  if (!data) return CU_INVALID_VALUE;
  uint64_t size = 0;
  simR_lock();
  int managed = simR_var_managed_locked(p, &size);
  uint8_t *bytes = managed > 0 ? simR_var_bytes_locked(p, size) : NULL;
  simR_unlock();
  struct cudaPointerAttributes at;
  if (cudaPointerGetAttributes(&at, dptr(p)) != cudaSuccess ||
      at.type == cudaMemoryTypeUnregistered)
    return CU_INVALID_VALUE;
  if (managed > 0) at.type = cudaMemoryTypeManaged, at.hostPointer = bytes;
  switch (attr) {
  case 1: /* CU_POINTER_ATTRIBUTE_CONTEXT */
    *(struct CUctx_st **)data = &the_ctx;
    return CU_OK;
  case 2: /* CU_POINTER_ATTRIBUTE_MEMORY_TYPE: CU_MEMORYTYPE_HOST 1, DEVICE 2 */
    *(unsigned *)data = at.type == cudaMemoryTypeHost ? 1 : 2;
    return CU_OK;
  case 3: /* CU_POINTER_ATTRIBUTE_DEVICE_POINTER */
    *(unsigned long long *)data = p;
    return CU_OK;
  case 4: /* CU_POINTER_ATTRIBUTE_HOST_POINTER */
    if (!at.hostPointer) return CU_INVALID_VALUE;
    *(void **)data = at.hostPointer;
    return CU_OK;
  case 8: /* CU_POINTER_ATTRIBUTE_IS_MANAGED */
    *(unsigned *)data = at.type == cudaMemoryTypeManaged;
    return CU_OK;
  case 9: /* CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL */
    *(int *)data = the_ctx.device;
    return CU_OK;
  default:
    return CU_INVALID_VALUE;
  }
}

EXPORT CUresult cuMemcpyHtoD(unsigned long long d, const void *h, size_t n) {
  return cu(cudaMemcpy(dptr(d), h, n, H2D));
}
ALIAS(cuMemcpyHtoD_v2, cuMemcpyHtoD)
EXPORT CUresult cuMemcpyDtoH(void *h, unsigned long long d, size_t n) {
  return cu(cudaMemcpy(h, dptr(d), n, D2H));
}
ALIAS(cuMemcpyDtoH_v2, cuMemcpyDtoH)
EXPORT CUresult cuMemcpyDtoD(unsigned long long d, unsigned long long s, size_t n) {
  return cu(cudaMemcpy(dptr(d), dptr(s), n, D2D));
}
ALIAS(cuMemcpyDtoD_v2, cuMemcpyDtoD)
EXPORT CUresult cuMemcpy(unsigned long long d, unsigned long long s, size_t n) {
  return cu(cudaMemcpy(dptr(d), dptr(s), n, DEFAULT));
}
EXPORT CUresult cuMemcpyHtoDAsync(unsigned long long d, const void *h, size_t n, cudaStream_t s) {
  return cu(cudaMemcpyAsync(dptr(d), h, n, H2D, s));
}
ALIAS(cuMemcpyHtoDAsync_v2, cuMemcpyHtoDAsync)
EXPORT CUresult cuMemcpyDtoHAsync(void *h, unsigned long long d, size_t n, cudaStream_t s) {
  return cu(cudaMemcpyAsync(h, dptr(d), n, D2H, s));
}
ALIAS(cuMemcpyDtoHAsync_v2, cuMemcpyDtoHAsync)
EXPORT CUresult cuMemcpyDtoDAsync(unsigned long long d, unsigned long long src, size_t n,
                                  cudaStream_t s) {
  return cu(cudaMemcpyAsync(dptr(d), dptr(src), n, D2D, s));
}
ALIAS(cuMemcpyDtoDAsync_v2, cuMemcpyDtoDAsync)
EXPORT CUresult cuMemcpyAsync(unsigned long long d, unsigned long long s, size_t n,
                              cudaStream_t st) {
  return cu(cudaMemcpyAsync(dptr(d), dptr(s), n, DEFAULT, st));
}
EXPORT CUresult cuMemsetD8(unsigned long long d, unsigned char v, size_t n) {
  return cu(cudaMemset(dptr(d), v, n));
}
ALIAS(cuMemsetD8_v2, cuMemsetD8)
/* n elements of `size` bytes of value v: a byte memset when its bytes are
 * equal, else a copy of the filled elements */
static CUresult fill(unsigned long long d, unsigned v, size_t n, unsigned size) {
  unsigned char b[4];
  memcpy(b, &v, sizeof b);
  int same = b[0] == b[1] && (size == 2 || (b[0] == b[2] && b[0] == b[3]));
  if (same) return cu(cudaMemset(dptr(d), b[0], n * size));
  unsigned char *h = malloc(n * size + 1);
  if (!h) return 2;
  for (size_t i = 0; i < n; i++) memcpy(h + i * size, &v, size);
  cudaError_t e = cudaMemcpy(dptr(d), h, n * size, H2D);
  free(h);
  return cu(e);
}
EXPORT CUresult cuMemsetD16(unsigned long long d, unsigned short v, size_t n) {
  return fill(d, v, n, 2);
}
ALIAS(cuMemsetD16_v2, cuMemsetD16)
EXPORT CUresult cuMemsetD32(unsigned long long d, unsigned v, size_t n) { return fill(d, v, n, 4); }
ALIAS(cuMemsetD32_v2, cuMemsetD32)
EXPORT CUresult cuMemsetD32Async(unsigned long long d, unsigned v, size_t n, cudaStream_t s) {
  (void)s; /* the copy is ordered on the legacy stream, as a synchronous memset */
  return fill(d, v, n, 4);
}
EXPORT CUresult cuMemsetD8Async(unsigned long long d, unsigned char v, size_t n, cudaStream_t s) {
  (void)s;
  return cu(cudaMemset(dptr(d), v, n));
}

/* ------------------------------------------------ streams and events */

EXPORT CUresult cuStreamCreate(cudaStream_t *s, unsigned flags) {
  return cu(cudaStreamCreateWithFlags(s, flags));
}
EXPORT CUresult cuStreamDestroy(cudaStream_t s) { return cu(cudaStreamDestroy(s)); }
ALIAS(cuStreamDestroy_v2, cuStreamDestroy)
EXPORT CUresult cuStreamSynchronize(cudaStream_t s) { return cu(cudaStreamSynchronize(s)); }
EXPORT CUresult cuStreamQuery(cudaStream_t s) { return cu(cudaStreamQuery(s)); }
EXPORT CUresult cuStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags) {
  return cu(cudaStreamWaitEvent(s, e, flags));
}
EXPORT CUresult cuEventCreate(cudaEvent_t *e, unsigned flags) {
  return cu(cudaEventCreateWithFlags(e, flags));
}
EXPORT CUresult cuEventDestroy(cudaEvent_t e) { return cu(cudaEventDestroy(e)); }
ALIAS(cuEventDestroy_v2, cuEventDestroy)
EXPORT CUresult cuEventRecord(cudaEvent_t e, cudaStream_t s) { return cu(cudaEventRecord(e, s)); }
EXPORT CUresult cuEventSynchronize(cudaEvent_t e) { return cu(cudaEventSynchronize(e)); }
EXPORT CUresult cuEventQuery(cudaEvent_t e) { return cu(cudaEventQuery(e)); }
EXPORT CUresult cuEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  return cu(cudaEventElapsedTime(ms, a, b));
}
ALIAS(cuEventElapsedTime_v2, cuEventElapsedTime)

/* ------------------------------------------------------------ modules */

struct CUfunc_st {
  struct CUmod_st *mod;
  char *name;
  struct CUfunc_st *next;
};
/* a __device__ / __constant__ variable looked up: its registered token */
typedef struct global_tok {
  char *name;
  char space[2]; /* the tokens: registered as __device__, as __constant__ */
  struct global_tok *next;
} global_tok;
struct CUmod_st {
  struct {
    uint32_t magic, version;
    const void *data, *unused;
  } wrapper;                /* what __cudaRegisterFatBinary reads */
  uint8_t *image;           /* the blob (the runtime's module points into it) */
  uint64_t bclen;           /* its bitcode's bytes */
  void **handle;            /* the registered module */
  struct CUfunc_st *funcs;  /* looked up so far */
  global_tok *globals;
};


/* Load a GPU binary of simulee's (image; len bytes when known, else 0). */
static CUresult load_image(struct CUmod_st **mod, const void *image, size_t len, const char *call) {
  char msg[512];
  if (!mod || !image) return CU_INVALID_VALUE;
  size_t blen = 0;
  uint8_t *blob = simR_ptx_text_blob(image, len, &blen);
  if (blob) { /* nvcc -ptx's text: the blob it holds */
    CUresult r = blen ? load_image(mod, blob, blen, call) : CU_INVALID_IMAGE;
    free(blob);
    return r;
  }
  const uint8_t *b = image;
  int ours = (len == 0 || len >= SIMR_BLOB_HEADER) &&
             (!memcmp(b, SIMR_BLOB_MAGIC, 8) || !memcmp(b, SIMR_BLOB_MAGIC_RDC, 8));
  uint64_t bclen = 0;
  if (ours) {
    memcpy(&bclen, b + 8, 8);
    ours = bclen > 0 && bclen <= SIMR_BLOB_MAX && (!len || SIMR_BLOB_HEADER + bclen < len);
  }
  if (!ours) {
    const char *what = !memcmp(b, "\x7f" "ELF", 4)          ? "a cubin of NVIDIA's compiler"
                       : !memcmp(b, "\x50\xed\x55\xba", 4) ? "a fatbin of NVIDIA's compiler"
                       : (b[0] == '/' || b[0] == '.' || b[0] == '\n' || b[0] == '\t')
                           ? "PTX, which simulee cannot run"
                           : "not a GPU binary of simulee's nvcc";
    snprintf(msg, sizeof msg,
             "%s: the image is %s: build the kernels' .cu file with simulee's nvcc "
             "(-fatbin, -cubin or -ptx) or compile it with NVRTC (libnvrtc of simulee's toolkit); "
             "it returns CUDA_ERROR_INVALID_IMAGE", call, what);
    return drv_fail(CU_INVALID_IMAGE, msg);
  }
  const char *src = (const char *)b + SIMR_BLOB_HEADER + bclen;
  size_t srclen = len ? strnlen(src, len - SIMR_BLOB_HEADER - bclen) : strlen(src);
  size_t total = SIMR_BLOB_HEADER + bclen + srclen + 1;
  struct CUmod_st *m = calloc(1, sizeof *m);
  uint8_t *copy = m ? malloc(total) : NULL;
  if (!copy) {
    free(m);
    return 2;
  }
  memcpy(copy, b, total - 1);
  copy[total - 1] = 0;
  m->image = copy;
  m->bclen = bclen;
  m->wrapper.magic = SIMR_FATBIN_MAGIC;
  m->wrapper.version = 1;
  m->wrapper.data = copy;
  m->handle = __cudaRegisterFatBinary(&m->wrapper);
  if (!m->handle) {
    free(copy);
    free(m);
    return 2;
  }
  *mod = m;
  return CU_OK;
}

EXPORT CUresult cuModuleLoadData(struct CUmod_st **mod, const void *image) {
  return load_image(mod, image, 0, "cuModuleLoadData");
}
EXPORT CUresult cuModuleLoadDataEx(struct CUmod_st **mod, const void *image, unsigned n,
                                   void *options, void **values) {
  (void)n, (void)options, (void)values; /* JIT options: nothing to compile */
  return load_image(mod, image, 0, "cuModuleLoadDataEx");
}
EXPORT CUresult cuModuleLoadFatBinary(struct CUmod_st **mod, const void *image) {
  return load_image(mod, image, 0, "cuModuleLoadFatBinary");
}
EXPORT CUresult cuModuleLoad(struct CUmod_st **mod, const char *path) {
  if (!mod || !path) return CU_INVALID_VALUE;
  uint8_t *b;
  size_t n;
  int fr = simR_file_bytes(path, &b, &n);
  if (fr < 0) return fr == -2 ? 2 : CU_FILE_NOT_FOUND;
  char call[512];
  snprintf(call, sizeof call, "cuModuleLoad(\"%.400s\")", path);
  CUresult r = n ? load_image(mod, b, n, call) : CU_INVALID_IMAGE;
  free(b);
  return r;
}
/* A link (cuLinkCreate .. cuLinkComplete): GPU binaries of simulee's (PTX,
 * cubin or fatbin as its nvcc writes them, its NVRTC's and libNVVM's
 * output), their bitcode linked into one module by llvm-link-19 when there
 * are several (simR_linkset, as nvJitLink links). */
struct CUlinkState_st {
  simR_linkset in;
  uint8_t *image;   /* the linked blob, after cuLinkComplete */
  size_t size;
  unsigned nopts;   /* the options given to cuLinkCreate, */
  const int *opts;  /* whose outputs cuLinkComplete writes */
  void **vals;
};

EXPORT CUresult cuLinkCreate(unsigned n, int *opts, void **vals, struct CUlinkState_st **state) {
  if (!state || (n && (!opts || !vals))) return CU_INVALID_VALUE;
  struct CUlinkState_st *l = calloc(1, sizeof *l);
  if (!l) return 2;
  l->nopts = n, l->opts = opts, l->vals = vals;
  *state = l;
  return CU_OK;
}

EXPORT CUresult cuLinkAddData(struct CUlinkState_st *l, int type, void *data, size_t size,
                              const char *name, unsigned n, int *opts, void **vals) {
  (void)name, (void)n, (void)opts, (void)vals;
  if (!l || !data || !size) return CU_INVALID_VALUE;
  /* the toolkit's libcudadevrt.a: the device runtime is the interpreter's */
  static const char devrt[] = "/* simulee: no device runtime library */";
  if (type == 4 && size >= sizeof devrt - 1 && !memcmp(data, devrt, sizeof devrt - 1))
    return CU_OK;
  /* CU_JIT_INPUT_NVVM: what simulee's libNVVM compiles is its GPU binary */
  int ours = size >= 8 && (!memcmp(data, SIMR_BLOB_MAGIC, 8) ||
                           !memcmp(data, SIMR_BLOB_MAGIC_RDC, 8) ||
                           (size >= strlen(SIMR_PTX_TEXT) &&
                            !memcmp(data, SIMR_PTX_TEXT, strlen(SIMR_PTX_TEXT))));
  if (type > 2 && !(type == 5 && ours)) /* CU_JIT_INPUT_OBJECT, _LIBRARY, _NVVM */
    return drv_fail(CU_NOT_SUPPORTED, "cuLinkAddData: simulee links PTX, cubins and fatbins "
                    "of its own nvcc and the results of its libNVVM (and takes its toolkit's "
                    "libcudadevrt.a); an object, another library or NVVM IR it does not");
  if (l->image)
    return drv_fail(CU_INVALID_VALUE, "cuLinkAddData: the link is complete already");
  int r = simR_linkset_add(&l->in, data, size);
  if (r == -3) return 2;
  if (r == -2)
    return drv_fail(CU_INVALID_IMAGE, "cuLinkAddData: the GPU binary of simulee's nvcc is cut "
                    "short (a program that reads it as a C string stops at its first zero "
                    "byte: write it with nvcc -ptx, whose file is text)");
  if (r < 0)
    return drv_fail(CU_INVALID_IMAGE, "cuLinkAddData: the input is not a GPU binary of "
                    "simulee's nvcc, NVRTC or libNVVM");
  return CU_OK;
}

EXPORT CUresult cuLinkAddFile(struct CUlinkState_st *l, int type, const char *path, unsigned n,
                              int *opts, void **vals) {
  if (!l || !path) return CU_INVALID_VALUE;
  uint8_t *b;
  size_t len;
  int fr = simR_file_bytes(path, &b, &len);
  if (fr < 0) return fr == -2 ? 2 : CU_FILE_NOT_FOUND;
  CUresult r = cuLinkAddData(l, type, b, len, path, n, opts, vals);
  free(b);
  return r;
}

EXPORT CUresult cuLinkComplete(struct CUlinkState_st *l, void **image, size_t *size) {
  if (!l || !image || !size) return CU_INVALID_VALUE;
  if (!l->in.n) return drv_fail(CU_INVALID_VALUE, "cuLinkComplete: nothing was added to link");
  char lerr[512], msg[600];
  if (!l->image && simR_linkset_finish(&l->in, &l->image, &l->size, lerr, sizeof lerr) < 0) {
    snprintf(msg, sizeof msg, "cuLinkComplete: %s", lerr);
    return drv_fail(CU_INVALID_IMAGE, msg);
  }
  /* the outputs of the JIT options: no time spent, empty logs */
  size_t info = 0, err = 0;
  for (unsigned i = 0; i < l->nopts; i++) {
    if (l->opts[i] == 4) info = (size_t)(uintptr_t)l->vals[i];
    if (l->opts[i] == 6) err = (size_t)(uintptr_t)l->vals[i];
  }
  for (unsigned i = 0; i < l->nopts; i++) {
    float ms = 0;
    switch (l->opts[i]) {
    case 2: memcpy(&l->vals[i], &ms, sizeof ms); break; /* CU_JIT_WALL_TIME */
    case 3: if (info && l->vals[i]) *(char *)l->vals[i] = 0; break;
    case 5: if (err && l->vals[i]) *(char *)l->vals[i] = 0; break;
    case 4: case 6: l->vals[i] = 0; break; /* bytes of log written */
    default: break;
    }
  }
  *image = l->image;
  *size = l->size;
  return CU_OK;
}

EXPORT CUresult cuLinkDestroy(struct CUlinkState_st *l) {
  if (!l) return CU_INVALID_HANDLE;
  simR_linkset_free(&l->in);
  free(l->image);
  free(l);
  return CU_OK;
}
ALIAS(cuLinkCreate_v2, cuLinkCreate)
ALIAS(cuLinkAddData_v2, cuLinkAddData)
ALIAS(cuLinkAddFile_v2, cuLinkAddFile)

EXPORT CUresult cuModuleUnload(struct CUmod_st *mod) {
  /* the runtime keeps its modules to the end (their kernels are named in
   * the report); the handles stay valid */
  return mod ? CU_OK : CU_INVALID_HANDLE;
}

/* Whether the module's bitcode names symbol `name` (its string table holds
 * every symbol's name). */
static int names(const struct CUmod_st *m, const char *name) {
  return memmem(m->image + SIMR_BLOB_HEADER, m->bclen, name, strlen(name)) != NULL;
}

EXPORT CUresult cuModuleGetFunction(struct CUfunc_st **fn, struct CUmod_st *mod, const char *name) {
  if (!fn || !mod || !name) return CU_INVALID_VALUE;
  simR_lock();
  for (struct CUfunc_st *f = mod->funcs; f; f = f->next)
    if (!strcmp(f->name, name)) {
      *fn = f;
      simR_unlock();
      return CU_OK;
    }
  simR_unlock();
  if (!names(mod, name)) return CU_NOT_FOUND;
  struct CUfunc_st *f = calloc(1, sizeof *f);
  if (!f || !(f->name = strdup(name))) {
    free(f);
    return 2;
  }
  f->mod = mod;
  /* the CUfunction is the stub its launches name */
  __cudaRegisterFunction(mod->handle, (const char *)f, f->name, f->name, -1, NULL, NULL, NULL,
                         NULL, NULL);
  simR_lock();
  f->next = mod->funcs;
  mod->funcs = f;
  simR_unlock();
  *fn = f;
  return CU_OK;
}

static CUresult get_global(unsigned long long *p, size_t *bytes, struct CUmod_st *mod,
                           const char *name);
/* a variable by its name in the source: as the module spells it, or, for
 * one declared static at namespace scope, as clang names it (_ZL<n><name>) */
EXPORT CUresult cuModuleGetGlobal(unsigned long long *p, size_t *bytes, struct CUmod_st *mod,
                                  const char *name) {
  if (!mod || !name) return CU_INVALID_VALUE;
  CUresult r = get_global(p, bytes, mod, name);
  if (r == CU_NOT_FOUND && strlen(name) < 200) {
    char internal[256];
    snprintf(internal, sizeof internal, "_ZL%zu%s", strlen(name), name);
    r = get_global(p, bytes, mod, internal);
  }
  return r;
}
ALIAS(cuModuleGetGlobal_v2, cuModuleGetGlobal)

static CUresult get_global(unsigned long long *p, size_t *bytes, struct CUmod_st *mod,
                           const char *name) {
  global_tok *t;
  simR_lock();
  for (t = mod->globals; t && strcmp(t->name, name); t = t->next) {}
  simR_unlock();
  if (!t) {
    if (!names(mod, name)) return CU_NOT_FOUND;
    t = calloc(1, sizeof *t);
    if (!t || !(t->name = strdup(name))) {
      free(t);
      return 2;
    }
    /* the tokens' addresses are the variable's host shadows, one for
     * each space it may be in (the name does not say which) */
    __cudaRegisterVar(mod->handle, &t->space[0], t->name, t->name, 0, 0, 0, 0);
    __cudaRegisterVar(mod->handle, &t->space[1], t->name, t->name, 0, 0, 1, 0);
    simR_lock();
    t->next = mod->globals;
    mod->globals = t;
    simR_unlock();
  }
  void *d = NULL;
  size_t n = 0;
  cudaError_t e = cudaErrorInvalidSymbol;
  for (int c = 0; c < 2 && e != cudaSuccess; c++) {
    e = cudaGetSymbolAddress(&d, &t->space[c]);
    if (e == cudaSuccess) e = cudaGetSymbolSize(&n, &t->space[c]);
  }
  if (e != cudaSuccess) return CU_NOT_FOUND;
  if (p) *p = (unsigned long long)(uintptr_t)d;
  if (bytes) *bytes = n;
  return CU_OK;
}

/* ----------------------------------------------------------- launches */

EXPORT CUresult cuLaunchKernel(struct CUfunc_st *f, unsigned gx, unsigned gy, unsigned gz,
                               unsigned bx, unsigned by, unsigned bz, unsigned shared,
                               cudaStream_t s, void **params, void **extra) {
  if (!f) return CU_INVALID_HANDLE;
  if (!params && extra && extra[0])
    return drv_fail(CU_NOT_SUPPORTED,
                    "cuLaunchKernel: kernel parameters packed in one buffer "
                    "(CU_LAUNCH_PARAM_BUFFER_POINTER) are not supported by simulee's driver API: "
                    "pass kernelParams; it returns CUDA_ERROR_NOT_SUPPORTED");
  simR_dim3 g = {gx, gy, gz}, b = {bx, by, bz};
  return cu(cudaLaunchKernel(f, g, b, params, shared, s));
}
EXPORT CUresult cuLaunchCooperativeKernel(struct CUfunc_st *f, unsigned gx, unsigned gy,
                                          unsigned gz, unsigned bx, unsigned by, unsigned bz,
                                          unsigned shared, cudaStream_t s, void **params) {
  if (!f) return CU_INVALID_HANDLE;
  simR_dim3 g = {gx, gy, gz}, b = {bx, by, bz};
  return cu(cudaLaunchCooperativeKernel(f, g, b, params, shared, s));
}
EXPORT CUresult cuFuncGetAttribute(int *v, int attr, struct CUfunc_st *f) {
  if (!v || !f) return CU_INVALID_VALUE;
  struct cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, f);
  if (e != cudaSuccess) return cu(e);
  switch (attr) {
  case 0: *v = a.maxThreadsPerBlock; break;
  case 1: *v = (int)a.sharedSizeBytes; break;
  case 2: *v = (int)a.constSizeBytes; break;
  case 3: *v = (int)a.localSizeBytes; break;
  case 4: *v = a.numRegs; break;
  case 5: *v = a.ptxVersion; break;
  case 6: *v = a.binaryVersion; break;
  case 7: *v = a.cacheModeCA; break;
  case 8: *v = a.maxDynamicSharedSizeBytes; break;
  case 9: *v = a.preferredShmemCarveout; break;
  default: return CU_INVALID_VALUE;
  }
  return CU_OK;
}
EXPORT CUresult cuFuncSetAttribute(struct CUfunc_st *f, int attr, int v) {
  return cu(cudaFuncSetAttribute(f, attr, v));
}
EXPORT CUresult cuFuncSetCacheConfig(struct CUfunc_st *f, int c) {
  (void)c;
  return f ? CU_OK : CU_INVALID_HANDLE;
}
EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, struct CUfunc_st *f, int bs,
                                                            size_t dyn) {
  return cu(cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, f, bs, dyn));
}

/* The block size with the most resident threads per multiprocessor (the
 * largest such), and the grid that fills the device with it. */
EXPORT CUresult cuOccupancyMaxPotentialBlockSize(int *min_grid, int *block, struct CUfunc_st *f,
                                                 size_t (*b2d)(int), size_t dyn, int limit) {
  if (!min_grid || !block || !f) return CU_INVALID_VALUE;
  struct cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, f);
  if (e != cudaSuccess) return cu(e);
  int most = a.maxThreadsPerBlock, sms = 1;
  if (limit > 0 && limit < most) most = limit;
  cudaDeviceGetAttribute(&sms, 16, 0); /* multiprocessors */
  int best = 0, best_bs = most, best_blocks = 1;
  for (int bs = most >= 32 ? most / 32 * 32 : most; bs > 0; bs -= bs > 32 ? 32 : bs) {
    int nb = 0;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, f, bs, b2d ? b2d(bs) : dyn);
    if (e != cudaSuccess) return cu(e);
    if (nb * bs > best) {
      best = nb * bs;
      best_bs = bs;
      best_blocks = nb;
    }
  }
  *block = best_bs;
  *min_grid = best_blocks * sms;
  return CU_OK;
}

/* ------------------------------------------------------------- errors */

EXPORT CUresult cuGetErrorString(CUresult r, const char **s) {
  if (!s) return CU_INVALID_VALUE;
  *s = r == CU_INVALID_IMAGE    ? "device kernel image is invalid"
       : r == CU_INVALID_CONTEXT ? "invalid device context"
       : r == CU_FILE_NOT_FOUND  ? "file not found"
       : r == CU_NOT_FOUND       ? "named symbol not found"
                                 : cudaGetErrorString((cudaError_t)r);
  return CU_OK;
}
EXPORT CUresult cuGetErrorName(CUresult r, const char **s) {
  if (!s) return CU_INVALID_VALUE;
  static const struct {
    int r;
    const char *name;
  } names_[] = {{0, "CUDA_SUCCESS"},
                {1, "CUDA_ERROR_INVALID_VALUE"},
                {2, "CUDA_ERROR_OUT_OF_MEMORY"},
                {3, "CUDA_ERROR_NOT_INITIALIZED"},
                {4, "CUDA_ERROR_DEINITIALIZED"},
                {100, "CUDA_ERROR_NO_DEVICE"},
                {101, "CUDA_ERROR_INVALID_DEVICE"},
                {200, "CUDA_ERROR_INVALID_IMAGE"},
                {201, "CUDA_ERROR_INVALID_CONTEXT"},
                {301, "CUDA_ERROR_FILE_NOT_FOUND"},
                {400, "CUDA_ERROR_INVALID_HANDLE"},
                {500, "CUDA_ERROR_NOT_FOUND"},
                {600, "CUDA_ERROR_NOT_READY"},
                {700, "CUDA_ERROR_ILLEGAL_ADDRESS"},
                {710, "CUDA_ERROR_ASSERT"},
                {719, "CUDA_ERROR_LAUNCH_FAILED"},
                {801, "CUDA_ERROR_NOT_SUPPORTED"},
                {999, "CUDA_ERROR_UNKNOWN"}};
  for (size_t i = 0; i < sizeof names_ / sizeof *names_; i++)
    if (names_[i].r == r) {
      *s = names_[i].name;
      return CU_OK;
    }
  *s = NULL;
  return CU_INVALID_VALUE;
}

EXPORT CUresult cuProfilerStart(void) { return CU_OK; }
EXPORT CUresult cuProfilerStop(void) { return CU_OK; }

/* A driver function by name (CUDA 12: cuGetProcAddress_v2), as programs
 * that load the driver's entry points themselves ask for them. */
EXPORT CUresult cuGetProcAddress(const char *symbol, void **fn, int version, unsigned long long flags,
                                 int *status) {
  (void)version, (void)flags;
  if (!symbol || !fn) return CU_INVALID_VALUE;
  /* this library's own symbols, however the program loaded it */
  Dl_info self;
  void *lib = dladdr((void *)cuInit, &self) && self.dli_fname
                  ? dlopen(self.dli_fname, RTLD_LAZY | RTLD_NOLOAD)
                  : NULL;
  char v2[256];
  snprintf(v2, sizeof v2, "%s_v2", symbol);
  void *p = dlsym(lib ? lib : RTLD_DEFAULT, v2);
  if (!p) p = dlsym(lib ? lib : RTLD_DEFAULT, symbol);
  if (lib) dlclose(lib);
  *fn = p;
  if (status) *status = p ? 0 : 1; /* CU_GET_PROC_ADDRESS_SUCCESS, _SYMBOL_NOT_FOUND */
  return p ? CU_OK : CU_NOT_FOUND;
}
ALIAS(cuGetProcAddress_v2, cuGetProcAddress)
