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
 *    nothing to wait for today); a library call, a copy or a memset runs
 *    when it is made too and takes its place in the order between launches
 *    as an operation on its stream (simR_libcall_begin/access/end), so that
 *    its races with launches it is not ordered with are found.
 */
#ifndef SIMULEE_RUNTIME_INTERNAL_H
#define SIMULEE_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "runtime/cuda_types.h"
#include "simulee/interp.h"
#include "simulee/runtime.h"

/* ------------------------------------------------------------ the lock */

void simR_lock(void);
void simR_unlock(void);
/* Whether this thread holds the lock; take it within secs seconds (1, or 0
 * when it stays taken); a forked child's fresh, unlocked lock. */
int simR_lock_held(void);
int simR_lock_within(double secs);
void simR_lock_reset(void);

/* ------------------------------------------------------------- errors */

/* Record e as the last error (cudaGetLastError) and return it; cudaSuccess
 * is returned as it is. A sticky error (a kernel's illegal address, a
 * failed assert) wins over everything: once set every call returns it. */
cudaError_t simR_error_locked(cudaError_t e);
/* The sticky error, cudaSuccess if none. */
cudaError_t simR_sticky_locked(void);
/* A pending asynchronous error of an earlier launch becomes sticky (and the
 * last error): the sticky error, cudaSuccess if none (simR_sync_locked's
 * end); reset: no error at all (cudaDeviceReset). (runtime/state.c) */
cudaError_t simR_error_settle_locked(void);
void simR_error_reset_locked(void);
/* A synchronizing call: the host's accesses that raced with launches
 * become findings, a pending asynchronous error of an earlier launch
 * becomes sticky and is returned; else cudaSuccess. (runtime/findings.c) */
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
  simR_memkind was;  /* a freed slot: what it was */
  int reset;         /* a freed slot: freed by cudaDeviceReset (not cudaFree) */
  int registered;    /* SIMR_MEM_HOST: the program's own memory, registered
                        (cudaHostRegister, runtime/pool.c): never freed here */
} simR_alloc;

/* The allocation table: index = the launch buffer index of every launch. */
typedef struct simR_memtab {
  simR_alloc *v; /* allocations */
  unsigned n;    /* used slots */
  unsigned cap;  /* allocated slots */
} simR_memtab;
extern simR_memtab simR_mem;
/* Slot `slot` of simR_mem was taken or released (launch.c rebuilds only
 * the launch buffers of changed slots): every writer of a slot calls it. */
void simR_mem_changed_locked(unsigned slot);
/* The slots changed since the last call (launch.c's launch buffers): *n
 * of them, or *all 1 when every slot must be looked at. */
const unsigned *simR_mem_changed_take_locked(unsigned *n, int *all);

/* A free slot of the allocation table (grown when needed), -1 when none. */
int simR_mem_slot_locked(void);
/* Host bytes of [ptr, ptr + bytes) of device, managed or host memory: the
 * address, or NULL with *err set (cudaErrorInvalidValue: a range past its
 * allocation, a freed or unknown device pointer). A pointer that is no
 * simulated pointer is taken as host memory as it is. */
void *simR_host_bytes_locked(const void *ptr, uint64_t bytes, cudaError_t *err);
/* A library call's two host scalars (alpha, beta) of size bytes each,
 * read at once (a capture keeps their values): 0, or -1 when either is not
 * inside one allocation of host-readable memory. */
int simR_host_scalars_locked(const void *alpha, const void *beta, unsigned size, void *a_out,
                             void *b_out);
/* Whether v points into a freed allocation (cudaFree, cudaDeviceReset):
 * then a finding of API function `call` (using it as `what`, e.g. "the
 * source") at the program's line, and 1; else 0. */
int simR_dead_pointer_locked(const char *call, const char *what, uint64_t v);
/* cudaDeviceReset: every device allocation is freed (a later use of its
 * pointers is a finding). */
void simR_mem_reset_locked(void);
/* The simulated pointer a kernel argument `v` stands for: a host address
 * inside a managed or page-locked allocation becomes that allocation's
 * device pointer; everything else is returned unchanged. */
uint64_t simR_device_value_locked(uint64_t v);
/* cudaFree of ptr made by call fn (a graph's memory free node of memory
 * allocated outside graphs), under the lock: cudaErrorInvalidValue with a
 * finding when ptr is no live allocation's start (a double free, ...). */
cudaError_t simR_mem_free_locked(void *ptr, const char *fn);
/* An asynchronous call of `kind` (a simR_opkind) simulee does not capture
 * (its record, submitted; the caller runs it): 1 with *e the error when it
 * was issued on a capturing stream (the capture is invalidated) or on a
 * stream that is none. Takes the lock. */
int simR_mem_not_captured(int kind, cudaStream_t s, const char *what, cudaError_t *e);
/* cudaMemcpy3D (async 0; s unused) or cudaMemcpy3DAsync (on s) of p, made
 * at site, between pitched pointers (runtime/array.c makes CUDA arrays
 * such pointers first; an array left in p is refused). */
cudaError_t simR_memcpy3d_locked(const struct cudaMemcpy3DParms *p, cudaStream_t s, int async,
                                 const void *site);

/* ------------------------------------------------------------- streams */

/* Wait until every operation queued on stream s (NULL: the default stream)
 * is complete; a pending kernel error becomes sticky and is returned. */
cudaError_t simR_stream_sync_locked(cudaStream_t s);

struct simR_capture;
struct CUgraphNode_st;

/* A created stream (cudaStream_t). */
struct CUstream_st {
  unsigned flags;  /* cudaStreamNonBlocking or 0 */
  int priority;    /* as created */
  unsigned idx;    /* its clock index (runtime/order.c) */
  struct simR_capture *cap;     /* the capture it records into, NULL when none */
  struct CUgraphNode_st **tail; /* the nodes its next captured operation depends on */
  unsigned ntail;               /* their number */
};

/* An event (cudaEvent_t). */
struct CUevent_st {
  unsigned flags;  /* as created */
  double when;     /* wall seconds of the last record, < 0 never recorded */
  uint64_t vc[64]; /* the clock of its last record (SIMR_MAX_STREAMS) */
  struct simR_capture *cap;      /* recorded into this capture (nodes below), or NULL */
  struct CUgraphNode_st **nodes; /* the capturing stream's tail when recorded */
  unsigned nnodes;               /* their number */
};

/* ------------------------------------- handles (runtime/handles.c) */

/* Every handle given to the program is an entry of one registry keyed by
 * the handle's value (a pointer, or a 64-bit object id), with its kind, a
 * generation and whether it is alive. Validate a handle by lookup before
 * touching what it stands for: never dereference a handle the registry
 * does not know as alive and of the kind the call takes. Libraries with
 * handles of their own (cuBLASLt, arrays, textures, pools) use the same
 * functions with their kind. */
typedef enum simR_hkind {
  SIMR_H_NONE = 0,
  SIMR_H_STREAM,         /* cudaStream_t */
  SIMR_H_EVENT,          /* cudaEvent_t */
  SIMR_H_GRAPH,          /* cudaGraph_t */
  SIMR_H_GRAPH_EXEC,     /* cudaGraphExec_t */
  SIMR_H_GRAPH_NODE,     /* cudaGraphNode_t */
  SIMR_H_TEXTURE,        /* cudaTextureObject_t (an id, not a pointer) */
  SIMR_H_SURFACE,        /* cudaSurfaceObject_t */
  SIMR_H_ARRAY,          /* cudaArray_t, cudaMipmappedArray_t */
  SIMR_H_MEMPOOL,        /* cudaMemPool_t */
  SIMR_H_CUBLAS,         /* cublasHandle_t */
  SIMR_H_CUBLASLT,       /* cublasLtHandle_t */
  SIMR_H_CUBLASLT_DESC,  /* cuBLASLt's matmul, layout and preference descriptors */
  SIMR_H_CURAND,         /* curandGenerator_t */
  SIMR_H_CUSOLVER,       /* cusolverDnHandle_t */
  SIMR_H_CUSOLVER_SP,    /* cusolverSpHandle_t (runtime/solversp.c) */
  SIMR_H_CUSOLVER_RF,    /* cusolverRfHandle_t */
  SIMR_H_CUSOLVER_INFO,  /* the low-level sparse API's info objects */
  SIMR_H_CUSPARSE_INFO,  /* cuSPARSE's csrilu02, csric02, bsrsv2 infos, SpSV descriptors */
  SIMR_H_JITLINK,        /* nvJitLinkHandle */
  SIMR_H_NVJPEG,           /* nvjpegHandle_t (runtime/jpeg.c) */
  SIMR_H_NVJPEG_STATE,     /* nvjpegJpegState_t */
  SIMR_H_NVJPEG_STREAM,    /* nvjpegJpegStream_t */
  SIMR_H_NVJPEG_PARAMS,    /* nvjpegDecodeParams_t */
  SIMR_H_NVJPEG_DECODER,   /* nvjpegJpegDecoder_t */
  SIMR_H_NVJPEG_PBUF,      /* nvjpegBufferPinned_t */
  SIMR_H_NVJPEG_DBUF,      /* nvjpegBufferDevice_t */
  SIMR_H_NVJPEG_ENCSTATE,  /* nvjpegEncoderState_t */
  SIMR_H_NVJPEG_ENCPARAMS, /* nvjpegEncoderParams_t */
  SIMR_H_NKINDS
} simR_hkind;
#define SIMR_HANDLE_QUARANTINE 1024u /* destroyed handles' memory kept before it is freed */
#define SIMR_HANDLE_WARN_MAX 200u    /* misuse warnings printed per run */
/* simR_handle_state_locked */
enum { SIMR_HANDLE_UNKNOWN = 0, SIMR_HANDLE_LIVE, SIMR_HANDLE_DESTROYED, SIMR_HANDLE_OTHER_KIND };

/* Register handle `key` (nonzero) of kind `kind` standing for obj (for a
 * pointer handle: the pointer): 0, or -1 out of memory. Registering a value
 * again (a destroyed handle's memory reused) makes it alive with the new
 * kind and the next generation. */
int simR_handle_add_locked(uint64_t key, unsigned kind, void *obj);
/* obj of handle key when it is alive and of kind `kind`, else NULL; no
 * output. */
void *simR_handle_get_locked(uint64_t key, unsigned kind);
/* SIMR_HANDLE_*: what key is for a call taking a `kind`. */
int simR_handle_state_locked(uint64_t key, unsigned kind);
/* The check of every call: obj of live handle key of kind `kind`; else
 * NULL after one warning on stderr naming the call, the program's line
 * (simR_host_line_locked) and what is wrong (null, unknown, destroyed,
 * another kind), ending "returns ERR" (err: the status the caller returns,
 * such as "cudaErrorInvalidResourceHandle"). */
void *simR_handle_check_locked(uint64_t key, unsigned kind, const char *call, const char *err);
/* Destroy: the handle is no longer alive (a tombstone remembers its kind);
 * its obj, or NULL when it was not alive of that kind (nothing changes). */
void *simR_handle_remove_locked(uint64_t key, unsigned kind);
/* The memory of a destroyed handle, freed later (after
 * SIMR_HANDLE_QUARANTINE more), when its tombstone goes too: a stale
 * pointer does not alias a new handle meanwhile. */
void simR_handle_retire_locked(void *obj);
/* A pointer handle: `bytes` zeroed bytes registered alive as `kind` (NULL:
 * out of memory); delete: remove + retire (nothing when not alive). */
void *simR_handle_new_locked(unsigned kind, size_t bytes);
void simR_handle_delete_locked(void *p, unsigned kind);
/* "stream", "event", "cuBLAS handle", ... */
const char *simR_handle_kind_name(unsigned kind);
/* One warning line "simulee: warning: FILE:LINE: CALL: MESSAGE" (the
 * program's line of the call; printf-style message); at most
 * SIMR_HANDLE_WARN_MAX per run. */
void simR_handle_warn_locked(const char *call, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Stream s for API function `call`: 1 when it is the default, legacy or
 * per-thread stream or a live stream; else 0 after the warning. bad_stream:
 * the same as an error (cudaErrorInvalidResourceHandle, also the last
 * error) or cudaSuccess; bad_handle: the same for handle h of kind `kind`. */
int simR_stream_ok_locked(cudaStream_t s, const char *call);
cudaError_t simR_bad_stream_locked(cudaStream_t s, const char *call);
cudaError_t simR_bad_handle_locked(const void *h, unsigned kind, const char *call);
/* The program's source line among return addresses frames[0..n) (the first
 * frame outside simulee's runtime and the CUDA headers): 1 with file and
 * *line set, or 0 (*line 0). (runtime/hostline.c, llvm-symbolizer) */
int simR_host_line_locked(void *const *frames, int n, char *file, size_t len, unsigned *line);

/* An error finding of API call `call` at the program's line of the call
 * (an invalid free, a copy whose direction contradicts its pointers, a
 * pointer used after cudaDeviceReset): a report record of its own that
 * counts in the summary, the report file and the exit status (findings.c).
 * addr: the memory it names ("device memory 'cudaMalloc#3' + 4"), or NULL;
 * the message is printf-style, one line. */
void simR_api_finding_locked(const char *call, const char *addr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ------------------------- conditional handles (runtime/state.c) */

/* A new conditional handle (cudaGraphConditionalHandleCreate) of default
 * value dflt, assigned at each graph launch when assign
 * (cudaGraphCondAssignDefault); 0 when out of memory. */
unsigned long long simR_cond_new_locked(unsigned dflt, int assign);
/* Handle h's value into *value: 0, or -1 when h is no handle. */
int simR_cond_get_locked(unsigned long long h, unsigned *value);
/* cudaGraphSetConditional(h, value) of a kernel: 0, or -1 when h is no
 * handle. */
int simR_cond_set_locked(unsigned long long h, unsigned value);
/* A graph with a conditional node of h is instantiated (instantiate 1:
 * the value becomes the default) or launched (the default when assigned
 * at each launch). */
void simR_cond_start_locked(unsigned long long h, int instantiate);

/* ------------------------------------- stream capture (runtime/graph.c) */

/* Graphs keep operation records (runtime/op.h); these are for
 * runtime/submit.c, the one file that hands records to a capture or runs a
 * graph's, and for api.c (a stream destroyed). */
struct simR_op;
/* Whether stream s records into a capture (cudaStreamBeginCapture): its
 * operations become nodes of the capture's graph instead of running. */
int simR_graph_capturing_locked(cudaStream_t s);
/* Op, issued on capturing stream op->stream: a node after the stream's
 * tail, keeping a copy of the record (simR_op_keep_locked). */
cudaError_t simR_graph_capture_locked(struct simR_op *op);
/* cudaEventRecord on capturing stream s: the event stands for s's tail. */
cudaError_t simR_graph_capture_record_locked(cudaEvent_t ev, cudaStream_t s);
/* cudaStreamWaitEvent(s, ev) with ev recorded in an active capture or s
 * capturing: s joins it (fork) or adds ev's nodes to its tail (join). 1
 * when the wait is the capture's (*e the result), 0 when it is an ordinary
 * one. */
int simR_graph_capture_wait_locked(cudaStream_t s, cudaEvent_t ev, cudaError_t *e);
/* An operation `what` that cannot be captured was issued on capturing
 * stream s: the capture is invalidated (cudaStreamEndCapture fails) and
 * cudaErrorStreamCaptureUnsupported returned, with a line on stderr. */
cudaError_t simR_graph_refuse_locked(cudaStream_t s, const char *what);
/* Stream s is destroyed: it leaves its capture (which is invalidated when
 * s began it). */
void simR_capture_forget_locked(cudaStream_t s);
/* Graph, exec or node h of `kind` for API function `call`: cudaSuccess, or
 * after the registry's warning cudaErrorInvalidValue (a null handle, as
 * CUDA returns) or cudaErrorInvalidResourceHandle, also the last error.
 * Takes the lock. */
cudaError_t simR_graph_bad_handle(const void *h, unsigned kind, const char *call);
/* An instantiated graph's nodes in a topological order: their number; the
 * k-th one's record, with its index (*idx) and its dependencies' number;
 * the index of its d-th dependency. */
unsigned simR_graph_exec_size(cudaGraphExec_t x);
struct simR_op *simR_graph_exec_step(cudaGraphExec_t x, unsigned k, unsigned *idx,
                                     unsigned *ndeps);
unsigned simR_graph_exec_dep(cudaGraphExec_t x, unsigned k, unsigned d);

/* runtime/stubs.c: "simulee: warning: FN is not supported by simulee's
 * LIBRARY: it returns STATUS" once per function (takes the lock). */
void simR_not_supported_once(const char *fn, const char *library, const char *status_name);

/* A launch's argument values copied into one block of *bytes bytes: the
 * block starts with the argument pointer array (*nargs pointers, what a
 * launch takes), the values follow. NULL with *err when stub is no kernel
 * of the program. (runtime/launch.c) */
void **simR_copy_args_locked(const void *stub, void **args, size_t *bytes, unsigned *nargs,
                             cudaError_t *err);
/* Whether a launch shape is invalid (cudaErrorInvalidConfiguration). */
int simR_bad_config(simR_dim3 grid, simR_dim3 block, simR_dim3 cluster);
/* The device heap (malloc/new in kernels): the context's, one for every
 * launch of the run (simI_launch.heap; made at the first call, NULL when
 * out of memory), released at exit and by cudaDeviceReset
 * (runtime/devheap.c). Its size (cudaLimitMallocHeapSize); setting it
 * returns cudaErrorInvalidValue once a kernel that uses the heap ran, as
 * CUDA does. */
simI_heap *simR_heap_locked(void);
size_t simR_heap_limit_locked(void);
cudaError_t simR_heap_set_limit_locked(size_t bytes);
void simR_heap_reset_locked(void);

/* --------------------------------------------- order (runtime/order.c) */

#define SIMR_MAX_STREAMS 64u   /* streams with a clock of their own; later
                                  ones share the default stream's */
#define SIMR_MAX_GUARDS 256u   /* managed allocations guarded at once */
#define SIMR_MAX_HOSTRACES 64u /* host accesses recorded between reports */

/* An operation's place: its stream and its sequence number there. */
typedef struct simR_stamp {
  unsigned stream;  /* clock index (0: the default stream) */
  uint64_t seq;     /* 1, 2, ... on that stream */
} simR_stamp;

/* A granule two concurrent launches touch, one of them writing. */
typedef struct simR_conflict {
  const void *other;       /* the earlier launch's kernel (launch.c's func) */
  uint64_t other_ordinal;  /* its ordinal */
  unsigned other_stream;   /* its stream's clock index */
  unsigned alloc;          /* the allocation */
  uint64_t offset;         /* byte offset of the granule */
  int write_write;         /* both write */
  int cur_write, other_write; /* which side writes */
  uint32_t site, other_site;  /* an access of each launch there (their
                                 programs' sites) */
  void *other_frames[16];     /* the earlier operation's host call stack */
  int other_nframes;          /* (backtrace; 0: none) */
} simR_conflict;

/* A host access to managed memory a launch may still be using. */
typedef struct simR_hostrace {
  unsigned alloc;     /* the managed allocation */
  uint64_t offset;    /* byte offset of the access */
  const void *who;    /* the launch's kernel (launch.c's func) */
  uint64_t ordinal;   /* the launch's ordinal */
  void *pc;           /* the host instruction */
  void *frames[16];   /* the launch's call stack (backtrace) */
  int nframes;
} simR_hostrace;

/* A new stream's clock index (flags: cudaStreamNonBlocking). */
unsigned simR_order_new_stream_locked(unsigned flags);
/* An operation (launch, copy) issued on stream s: its stamp. */
simR_stamp simR_order_op_locked(unsigned s);
/* cudaEventRecord on stream s: the event's clock into vc. */
void simR_order_record_locked(unsigned s, uint64_t *vc);
/* cudaStreamWaitEvent(s, event with clock vc). */
void simR_order_wait_locked(unsigned s, const uint64_t *vc);
/* The host waited for stream s / an event / everything. */
void simR_order_host_stream_locked(unsigned s);
void simR_order_host_event_locked(const uint64_t *vc);
void simR_order_host_all_locked(void);
/* Whether the host has waited for the operation. */
int simR_order_done_locked(simR_stamp st);
/* A checked launch: begin collecting its granules (simR_order_access is
 * the access callback of its observer; frames: the host call stack that
 * made it, kept for the conflicts of later operations), end: the conflicts
 * with earlier launches it is not ordered with (at most max into out). */
void simR_order_begin_locked(simR_stamp st, const void *who, uint64_t ordinal,
                             void *const *frames, int nframes);
void simR_order_access(void *ctx, const simI_access *a);
unsigned simR_order_end_locked(simR_conflict *out, unsigned max);
/* The same for a checked launch whose blocks run on several threads
 * (simI_run_jobs): each worker collects its granules into a part of its
 * own (new; simR_order_part_access is the access callback of the worker's
 * observer, ctx the part; ok: nothing was lost to a failed allocation);
 * commit merges the parts of workers 0..n-1, in that order, into the
 * launch's record (between begin and end) as the serial run would have
 * made it: 0, or -1 (out of memory: the record is empty again and the
 * launch runs serially). */
typedef struct simR_order_part simR_order_part;
simR_order_part *simR_order_part_new(void);
void simR_order_part_access(void *ctx, const simI_access *a);
int simR_order_part_ok(const simR_order_part *p);
int simR_order_part_commit_locked(simR_order_part *const *parts, unsigned n);
void simR_order_part_free(simR_order_part *p);
/* Managed memory: guard allocation `alloc` for launch st; reguard: protect
 * every guarded allocation whose launch the host has not waited for and
 * drop the others; unguard: open one / all (the runtime's own accesses). */
void simR_order_guard_locked(unsigned alloc, simR_stamp st, const void *who, uint64_t ordinal,
                             void *const *frames, int nframes);
void simR_order_reguard_locked(void);
void simR_order_unguard_locked(unsigned alloc);
void simR_order_unguard_all_locked(void);
/* The host accesses recorded since the last call (at most max). */
unsigned simR_order_take_hostraces(simR_hostrace *out, unsigned max);
/* Turn the recorded host accesses into findings (findings.c). */
void simR_hostraces_locked(void);
/* The clock index of a stream handle. */
unsigned simR_stream_index(cudaStream_t s);
/* A clock index for a graph node with clock vc (a graph launch's branch,
 * runtime/graph.c): one whose operations so far all happen before vc,
 * else a new one; 0 when no index is left. */
unsigned simR_order_lane_locked(const uint64_t *vc);
/* Whether clock index s is a graph launch's branch. */
int simR_order_is_lane(unsigned s);
/* A library call (cuBLAS, cuRAND) as an operation on stream s in the
 * order between launches (memory.c): begin places call `name` on s and
 * collects the device bytes it touches (access: a pointer the program
 * gave, host memory ignored), end reports its races with launches it is
 * not ordered with (a record naming the function and the program's line). */
void simR_libcall_begin_locked(cudaStream_t s, const char *name);
void simR_libcall_access_locked(const void *ptr, uint64_t bytes, int write);
void simR_libcall_end_locked(void);
/* A library call that runs at once on stream s and cannot be a node of a
 * capture (NPP, nvJPEG): the lock taken, s checked, the call submitted (a
 * capture refuses it) and begun (simR_libcall_begin_locked). 0: it runs,
 * the lock held until simR_libcall_close; 1: s is not a stream (a line
 * said so); 2: it cannot run (refused by a capture, or an earlier kernel's
 * error is sticky); the lock is released on 1 and 2. */
int simR_libcall_open(cudaStream_t s, const char *call);
/* The end of a call simR_libcall_open began: the lock released. */
void simR_libcall_close(void);
/* Mark [ptr, ptr + bytes) as read or written by the operation being
 * checked (simR_order_begin_locked). */
void simR_order_range_locked(uint64_t devptr, uint64_t bytes, int write);

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
/* Whether the __device__ variable at ptr (as simR_var_bytes_locked finds
 * it) is a __managed__ one (NVVM IR's "managed" annotation): 1, 0, or -1
 * when ptr is no loaded module's variable; its size into *size. */
int simR_var_managed_locked(uint64_t ptr, uint64_t *size);

/* ------------------------------------ CUDA arrays, textures (array.c) */

/* Copy the texels of every texture object with a buffer of its own (over
 * linear or pitched memory) from its resource: before every launch. */
void simR_tex_refresh_locked(void);

/* ---------------------------------------------------------- the device */

/* The properties of the device (--arch: $SIMULEE_ARCH, default sm_70). */
const cudaDeviceProp *simR_props(void);
/* cudaDeviceGetAttribute of an attribute api.c's switch does not name
 * (runtime/settings.c): 1 with *value, 0 when it is no attribute. */
int simR_device_attr(int attr, int *value);

/* ----------------------------------------------------------- settings */

/* The run's settings, read once from the environment (simulee/runtime.h). */
typedef struct simR_settings {
  unsigned check_mode;     /* SIMR_CHECK_* */
  unsigned check_n;        /* FIRST: launches per kernel and shape; SAMPLE: K */
  uint64_t check_threads;  /* a checked launch of more threads is checked on
                              a sample of its blocks, the others run
                              unchecked (SIMULEE_CHECK_THREADS; default
                              SIMR_DEFAULT_CHECK_THREADS, 0 under
                              SIMULEE_CHECK=all); 0: every block */
  uint64_t check_steps;    /* a checked launch of a grid that syncs (one
                              worker runs it) is checked for its first this
                              many warp instructions, the rest runs
                              unchecked (SIMULEE_CHECK_STEPS; default
                              SIMR_DEFAULT_CHECK_STEPS, 0 under
                              SIMULEE_CHECK=all); 0: all of it */
  int error_exitcode;      /* exit status when findings exist */
  const char *report;      /* report file, or NULL */
  int report_format;       /* simD_format of the report file */
  uint64_t max_steps;      /* simI_launch.max_steps of every launch */
  int color;               /* text report in colour */
  int quiet;               /* no summary line when nothing was found */
  int stats;               /* a line of counters at exit (SIMULEE_STATS) */
  const char *record;      /* folder checked launches are recorded in
                              (SIMULEE_RECORD), or NULL */
  uint64_t record_max;     /* bytes the record may take (SIMULEE_RECORD_MAX) */
  unsigned jobs;           /* threads for the blocks of one launch
                              (SIMULEE_JOBS; default: the online cores,
                              at most SIMR_MAX_JOBS); 1: serial */
  int jit;                 /* unchecked launches as native code (jit/jit.h)
                              when the kernel allows it; SIMULEE_JIT=0: off */
} simR_settings;
#define SIMR_DEFAULT_CHECK_THREADS 65536u /* SIMULEE_CHECK_THREADS default */
#define SIMR_DEFAULT_CHECK_STEPS 10000000ull /* SIMULEE_CHECK_STEPS default */
#define SIMR_JOBS_FALLBACKS 3u /* a kernel's launches whose parallel run was
                                  refused before its later ones run serially */
#define SIMR_EXIT_SETTING 2    /* exit status of a bad SIMULEE_* value that
                                  stops the program */
enum { SIMR_CHECK_FIRST = 0, SIMR_CHECK_ALL, SIMR_CHECK_SAMPLE, SIMR_CHECK_NONE };
extern simR_settings simR_set;
void simR_settings_load(void);

/* ------------------------------------------ recording (runtime/record.c) */

#define SIMR_RECORD_DEFAULT_MAX ((uint64_t)256 << 20) /* SIMULEE_RECORD_MAX default */

/* One checked launch, as record.c writes it. */
typedef struct simR_record_launch {
  const void *module;          /* its module (identity: bitcode written once) */
  unsigned module_index;       /* the module's registration order */
  const uint8_t *bc;           /* the module's bitcode */
  uint64_t bclen;
  const char *source;          /* the module's .cu file */
  const simI_kernel_info *ki;  /* the kernel */
  uint64_t ordinal;            /* the launch's ordinal */
  simI_dim3 grid, block, cluster; /* its shape (cluster 0,0,0: none) */
  uint64_t shared;             /* dynamic shared bytes */
  const simI_arg *args;        /* its arguments as the interpreter gets them
                                  (device pointers; struct bytes in raw) */
} simR_record_launch;
/* Write launch L into the record folder (simR_set.record; nothing when
 * NULL), before it runs: DIR/launch-PID-N.args in the replay spelling and
 * its buffers' bytes, within simR_set.record_max bytes. */
void simR_record_launch_locked(const simR_record_launch *L);


/* ------------------------------------------ ways out (runtime/exitpath.c) */

#define SIMR_MAX_PROCS 256u /* processes of a run (forks) whose findings are
                               counted and merged into the report */

/* A process's own numbers for its summary line. */
typedef struct simR_counts {
  uint64_t launches;  /* launches made */
  unsigned kernels;   /* kernels launched */
  uint64_t checked;   /* launches checked */
  uint64_t findings;  /* findings reported */
  uint64_t errors;    /* error findings and launches that did not run right */
  uint64_t bad;       /* launches that did not run right */
} simR_counts;

/* Once, at the first registration (after simR_settings_load): the exit
 * handler, the handlers of fatal and stopping signals, fork handlers, the
 * report file (its folder is checked: exit SIMR_EXIT_SETTING). */
void simR_exit_init_locked(void);
/* What a file of the runtime does at the ends of a process: exitpath.c
 * calls every hook added, so that it calls none of those files itself
 * (each adds its hook from a constructor). Any field may be NULL. */
typedef struct simR_exit_hook {
  void (*finish)(void);                   /* the end, lock held, before the
                                             summary: the last records out */
  void (*stats)(void);                    /* after the summary: --stats lines */
  int (*records_write)(FILE *f, int fmt); /* this process's records (a
                                             forked child: those made after
                                             the fork) to f in format fmt
                                             (a simD_format): 0 or -1 */
  void (*forked_child)(void);             /* in a forked child: its records,
                                             launches and counts start empty */
} simR_exit_hook;
#define SIMR_MAX_EXIT_HOOKS 4u
void simR_exit_hook_add(const simR_exit_hook *h);
/* Print text (n bytes; malloc'd, taken) on stderr now: findings as their
 * launch ends (what a signal handler would finish writing). */
void simR_emit_locked(char *text, size_t n);
/* This process's counts as of now (for a summary written on any way out). */
void simR_counts_set_locked(const simR_counts *c);
/* Rewrite the report file (aside, then renamed) with the records so far;
 * after a fork, the merge of every process's records. */
void simR_report_update_locked(void);
/* This process launches: a forked child joins the run's processes. */
void simR_proc_active_locked(void);
/* Set around a fork of the runtime itself (the child only execs). */
extern int simR_fork_internal;

/* cuBLAS's (and cuBLASLt's) status st by name (text 0) or description
 * (text 1), from the one table of runtime/blas.c. */
const char *simR_blas_status(int st, int text);
/* Whether h is a live cuBLAS handle whose stream is one, for function fn
 * (else a warning naming fn): *s its stream (runtime/blas.c; the lock
 * held). The files of other cuBLAS functions (runtime/blas_batched.c) ask
 * it. */
int simR_blas_handle_locked(const void *h, const char *fn, cudaStream_t *s);

/* Load the settings and set up the ways out, once: at the first module's
 * registration, or at the first finding of a program that has no kernels. */
void simR_init_locked(void);

/* The blob of simulee's PTX text (SIMR_PTX_TEXT; len bytes when known,
 * else up to its NUL): malloc'd, its bytes in *n; NULL when it is not one
 * (or out of memory). runtime/jitlink.c */
uint8_t *simR_ptx_text_blob(const char *t, size_t len, size_t *n);
/* The bytes of file path (malloc'd, *len of them): 0; -1 it cannot be
 * opened; -2 out of memory or larger than twice SIMR_BLOB_MAX.
 * runtime/jitlink.c */
int simR_file_bytes(const char *path, uint8_t **out, size_t *len);

/* ---------------------- cuSPARSE's objects (runtime/sparse.c) */

/* For runtime/sparse_vec.c: cuSPARSE handle h's stream, dense vector v's
 * size, values and value type (CUDA_R_32F, CUDA_R_64F); a cuSPARSE status
 * (CUSPARSE_STATUS_NOT_INITIALIZED: not a handle; INVALID_VALUE: not a
 * dense vector). */
int simR_sparse_stream(const void *h, cudaStream_t *s);
int simR_sparse_dnvec(const void *v, long long *size, void **values, int *type);

#endif
