/*
 * simulee runtime, internal: what the files of runtime/ share, and what a
 * library that runs on the host CPU beside the runtime (runtime/blas.c for
 * cuBLAS, runtime/rand.c for cuRAND, ...) needs from it: device memory as
 * host bytes, stream order, the runtime's lock and error state.
 *
 * Contract:
 *  - Every exported API function takes the runtime lock (simR_lock) for its
 *    whole body; helpers named *_locked expect it held.
 *  - Device memory is host memory the runtime owns: a device pointer the
 *    program holds is a simulated pointer (include/simulee/interp.h,
 *    SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, allocation, offset)) of an allocation
 *    of the table below, the address of a __device__ / __constant__
 *    variable (allocation SIMI_GLOBALVAR_FIRST + i / space CONST), or a
 *    host address (managed and page-locked memory, which host and kernels
 *    share byte for byte).
 *  - Launches run to completion when they are made (simR_stream_sync has
 *    nothing to wait for today); a library that reads device memory calls
 *    it first, so that asynchronous execution can come later.
 */
#ifndef SIMULEE_RUNTIME_INTERNAL_H
#define SIMULEE_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/cuda_types.h"
#include "simulee/interp.h"
#include "simulee/runtime.h"

/* ------------------------------------------------------------ the lock */

void simR_lock(void);
void simR_unlock(void);

/* ------------------------------------------------------------- errors */

/* Record e as the last error (cudaGetLastError) and return it; cudaSuccess
 * is returned as it is. A sticky error (a kernel's illegal address, a
 * failed assert) wins over everything: once set every call returns it. */
cudaError_t simR_error_locked(cudaError_t e);
/* The sticky error, cudaSuccess if none. */
cudaError_t simR_sticky_locked(void);
/* A synchronizing call: a pending asynchronous error of an earlier launch
 * becomes sticky and is returned; else cudaSuccess. */
cudaError_t simR_sync_locked(void);
/* Say once on stderr that `what` (an API function, an attribute) is not
 * implemented by simulee's CUDA runtime, and return cudaErrorNotSupported
 * (also as the last error). */
cudaError_t simR_unsupported_locked(const char *what);

/* ------------------------------------------------------------- memory */

/* What an allocation of the table is. */
typedef enum simR_memkind {
  SIMR_MEM_FREE = 0, /* a freed slot (its device pointers fault) */
  SIMR_MEM_DEVICE,   /* cudaMalloc & co.: simulated pointers */
  SIMR_MEM_MANAGED,  /* cudaMallocManaged: the program holds host addresses */
  SIMR_MEM_HOST      /* cudaMallocHost / cudaHostAlloc: host addresses,
                        mapped for kernels */
} simR_memkind;

typedef struct simR_alloc {
  uint8_t *data;     /* the bytes (simI_mem_alloc), NULL when freed */
  uint64_t size;     /* bytes */
  simR_memkind kind; /* what it is */
} simR_alloc;

/* The allocation table: index = the launch buffer index of every launch. */
typedef struct simR_memtab {
  simR_alloc *v; /* allocations */
  unsigned n;    /* used slots */
  unsigned cap;  /* allocated slots */
} simR_memtab;
extern simR_memtab simR_mem;

/* Host bytes of [ptr, ptr + bytes) of device, managed or host memory: the
 * address, or NULL with *err set (cudaErrorInvalidValue: a range past its
 * allocation, a freed or unknown device pointer). A pointer that is no
 * simulated pointer is taken as host memory as it is. */
void *simR_host_bytes_locked(const void *ptr, uint64_t bytes, cudaError_t *err);
/* The simulated pointer a kernel argument `v` stands for: a host address
 * inside a managed or page-locked allocation becomes that allocation's
 * device pointer; everything else is returned unchanged. */
uint64_t simR_device_value_locked(uint64_t v);

/* ------------------------------------------------------------- streams */

/* Wait until every operation queued on stream s (NULL: the default stream)
 * is complete; a pending kernel error becomes sticky and is returned. */
cudaError_t simR_stream_sync_locked(cudaStream_t s);

/* ---------------------------------------------------- modules, symbols */

/* Storage of a registered __device__ / __constant__ variable given by its
 * host shadow address: its bytes and size, or NULL (*err
 * cudaErrorInvalidSymbol, or the module's load error). */
uint8_t *simR_symbol_locked(const void *symbol, uint64_t *size, uint64_t *devptr,
                            cudaError_t *err);
/* Host bytes of a __device__ (space GLOBAL, allocation >=
 * SIMI_GLOBALVAR_FIRST) or __constant__ (space CONST) variable address of
 * the loaded modules, with `bytes` of room; NULL if none. */
uint8_t *simR_var_bytes_locked(uint64_t ptr, uint64_t bytes);

/* ---------------------------------------------------------- the device */

/* The properties of the device (--arch: $SIMULEE_ARCH, default sm_70). */
const cudaDeviceProp *simR_props(void);

/* ----------------------------------------------------------- settings */

/* The run's settings, read once from the environment (simulee/runtime.h). */
typedef struct simR_settings {
  unsigned check_mode;     /* SIMR_CHECK_* */
  unsigned check_n;        /* FIRST: launches per kernel and shape; SAMPLE: K */
  int error_exitcode;      /* exit status when findings exist */
  const char *report;      /* report file, or NULL */
  int report_format;       /* simD_format of the report file */
  uint64_t max_steps;      /* simI_launch.max_steps of every launch */
  int color;               /* text report in colour */
  int quiet;               /* no summary line when nothing was found */
} simR_settings;
enum { SIMR_CHECK_FIRST = 0, SIMR_CHECK_ALL, SIMR_CHECK_SAMPLE, SIMR_CHECK_NONE };
extern simR_settings simR_set;
void simR_settings_load(void);

/* Write the report (text to stderr, the report file) once; the number of
 * error findings and failed launches. Called at exit. */
uint64_t simR_report_finish_locked(void);

#endif
