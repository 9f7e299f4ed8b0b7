/*
 * simulee runtime: stream operations as records, and the one function that
 * takes them (runtime/submit.c).
 *
 * Every operation a stream carries is built as one record (simR_op) by the
 * file of its API (launch.c: launches; memory.c: copies, memsets,
 * stream-ordered allocations and frees, which pool.c's pools and array.c's
 * array copies reach through the API functions; api.c: host functions and
 * callbacks, event records and waits; blas.c, blaslt.c, rand.c, fft.c,
 * sparse.c, solver.c: library calls) and handed to simR_submit_locked.
 * That function alone decides what happens to it:
 *
 *   program call -> record -> submit -> run now (stream order, the
 *                                        between-launch race check)
 *                                     | capture (a node of the stream's
 *                                        capture's graph, runtime/graph.c)
 *   cudaGraphLaunch -> each node's record -> submit (on a branch) -> run
 *
 * A kind's work is done by its executor (simR_executor): functions its
 * file registers once (simR_op_register, from a constructor) in the table
 * of runtime/op.c. Submit and the graphs reach the executors only through
 * that table, so graph.c and submit.c call none of the files that build
 * records, and those call graph.c never (scripts/runtime_calls.sh, test
 * runtime_calls_seam).
 *
 * Adding an operation: a kind below (before SIMR_OP_NKINDS), its fields in
 * the union, an executor registered by the file that builds it (run: the
 * operation now on a clock index; keep, drop and dup when a graph may hold
 * it; check: its own checks before it is captured or run), and a graph node
 * type in graph.c's table (cudaGraphNodeGetType). An operation simulee does
 * not capture carries SIMR_OP_NOCAPTURE; one its caller runs itself,
 * SIMR_OP_INLINE.
 */
#ifndef SIMULEE_RUNTIME_OP_H
#define SIMULEE_RUNTIME_OP_H

#include <stddef.h>

#include "runtime/cuda_types.h"

typedef enum simR_opkind {
  SIMR_OP_EMPTY = 0, /* nothing (an empty graph node) */
  SIMR_OP_LAUNCH,    /* a kernel launch */
  SIMR_OP_COPY,      /* a copy: height rows of width bytes */
  SIMR_OP_SET,       /* a memset: height rows of width bytes of elem-byte values */
  SIMR_OP_HOST,      /* a host function (cudaLaunchHostFunc, a host node) */
  SIMR_OP_RECORD,    /* cudaEventRecord */
  SIMR_OP_WAIT,      /* cudaStreamWaitEvent */
  SIMR_OP_LIB,       /* a library call (cuBLAS, cuBLASLt, cuRAND, cuFFT, cuSPARSE, cuSOLVER) */
  SIMR_OP_ALLOC,     /* a stream-ordered allocation (cudaMallocAsync, from a pool) */
  SIMR_OP_FREE,      /* a stream-ordered free (cudaFreeAsync) */
  SIMR_OP_COND,      /* a conditional node (IF, WHILE, SWITCH): its body
                        graphs, run by cudaGraphLaunch (runtime/submit.c) */
  SIMR_OP_NKINDS
} simR_opkind;

/* simR_op.flags */
#define SIMR_OP_INLINE 1u  /* not captured: the caller runs it itself, at
                              once (a library call or copy that is its own
                              code on the host CPU, a host function called
                              outside the lock); submit only decides */
#define SIMR_OP_CHECKED 2u /* the caller checked the stream already (a
                              library answering in its own status codes, a
                              call whose checks come in an order of its own) */
#define SIMR_OP_NOCAPTURE 4u /* simulee does not capture it: on a capturing
                                stream the capture is invalidated and
                                cudaErrorStreamCaptureUnsupported returned
                                (3-D copies and memsets, stream callbacks) */

/* One stream operation. */
typedef struct simR_op {
  simR_opkind kind;
  cudaStream_t stream; /* the stream it is issued on */
  const char *call;    /* the API function that made it (messages) */
  const void *site;    /* its call site (copies and memsets: the check
                          policy collects a site's bytes), or NULL */
  unsigned flags;      /* SIMR_OP_* */
  int captured;        /* out: 1 when submit made it a node of a capture */
  union {
    struct {                         /* SIMR_OP_LAUNCH */
      const void *stub;              /* the kernel's host stub */
      simR_dim3 grid, block, cluster; /* its shape (cluster 0,0,0: none) */
      size_t shared;                 /* dynamic shared bytes */
      void **args;                   /* the argument pointers (the
                                        program's; a kept record: a copy) */
      size_t argbytes;               /* a kept record: bytes of its copy */
      unsigned nargs;                /* a kept record: argument pointers */
      void *frames[16];              /* the call stack that made it */
      int nframes;
    } launch;
    struct {                         /* SIMR_OP_COPY */
      int dir;                       /* the cudaMemcpyKind given, -1: none */
      void *dst;
      const void *src;
      size_t dpitch, spitch;         /* row pitches */
      size_t width, height;          /* bytes per row, rows */
    } copy;
    struct {                         /* SIMR_OP_SET */
      void *dst;
      size_t pitch;                  /* row pitch */
      size_t width, height;          /* bytes per row, rows */
      unsigned value, elem;          /* the element's value and bytes (1, 2, 4) */
    } set;
    struct {                         /* SIMR_OP_HOST */
      void (*fn)(void *);
      void *data;
    } host;
    struct {                         /* SIMR_OP_RECORD, SIMR_OP_WAIT */
      cudaEvent_t ev;
    } event;
    struct {                         /* SIMR_OP_LIB */
      int (*run)(const void *, cudaStream_t); /* makes the call with its
                                        data on a stream (a graph branch's
                                        stand-in): nonzero when it failed */
      int (*ready)(void *);          /* a capture keeps the call: on the
                                        kept copy of data, what the call
                                        does when it is captured (reads its
                                        host scalars, checks a sticky
                                        error); the library's status, 0:
                                        kept (NULL: nothing to do) */
      int *status;                   /* where ready's status goes */
      void *data;                    /* its arguments */
      size_t bytes;                  /* their bytes (a kept record owns a copy) */
    } lib;
    struct {                         /* SIMR_OP_ALLOC, SIMR_OP_FREE: graph
                                        memory (runtime/graphmem.c) */
      void *dptr;                    /* the allocation's device pointer (a
                                        kept record: its fixed address) */
      size_t size;                   /* ALLOC: its bytes */
      void **out;                    /* ALLOC, not kept yet: where keep
                                        writes the address it reserves */
      int any;                       /* FREE: may free memory allocated
                                        outside graphs (a captured
                                        cudaFreeAsync), not only a graph
                                        allocation */
    } mem;
    struct {                         /* SIMR_OP_COND (runtime/graph.c
                                        keeps the bodies) */
      unsigned long long handle;     /* its conditional handle */
      int type;                      /* cudaGraphConditionalNodeType */
      unsigned size;                 /* its body graphs */
      struct CUgraph_st **bodies;    /* the body graphs (the node owns them) */
      struct CUgraphExec_st **execs; /* an instantiated graph's node: the
                                        bodies in a topological order */
    } cond;
  } u;
} simR_op;

/* What a kind of operation does. */
typedef struct simR_executor {
  /* Run op now as an operation on clock index sidx (its stream's, or a
   * graph launch's branch; lane: a stream handle standing for sidx, what an
   * operation placed on a stream takes). */
  cudaError_t (*run)(simR_op *op, unsigned sidx, cudaStream_t lane);
  /* Make op own what it points to, for a graph that keeps it (NULL:
   * nothing to copy). An error; *invalidates: the error spoils the capture
   * making it. */
  cudaError_t (*keep)(simR_op *op, int *invalidates);
  /* Free what keep made. */
  void (*drop)(simR_op *op);
  /* Give op, a kept record, copies of its own of what it owns (a graph
   * instantiated); NULL: nothing to copy. An error. */
  cudaError_t (*dup)(simR_op *op);
  /* The operation's own checks, after its handles' and before it is
   * captured or run (NULL: none): an error stops it. */
  cudaError_t (*check)(simR_op *op);
} simR_executor;

/* runtime/op.c: the executors, by kind. */
void simR_op_register(simR_opkind kind, const simR_executor *x);
const simR_executor *simR_op_executor(simR_opkind kind);
cudaError_t simR_op_keep_locked(simR_op *op, int *invalidates);
void simR_op_drop_locked(simR_op *op);
cudaError_t simR_op_dup_locked(simR_op *op);

/* runtime/submit.c: the one way in. The handle checks of the operation
 * (its stream; an event record's or wait's event), then a capture's node
 * when its stream is capturing (SIMR_OP_NOCAPTURE: the capture refused),
 * else the operation now (SIMR_OP_INLINE: nothing; the caller runs it). The call's result; op->captured says which
 * way it went. */
cudaError_t simR_submit_locked(simR_op *op);
/* Whether stream s records into a capture. */
int simR_submit_capturing_locked(cudaStream_t s);
/* Call `what` cannot be captured and was issued on capturing stream s: the
 * capture is invalidated, cudaErrorStreamCaptureUnsupported returned. */
cudaError_t simR_submit_refuse_locked(cudaStream_t s, const char *what);
/* Stream s is destroyed: it leaves the capture it records into. */
void simR_submit_forget_locked(cudaStream_t s);
/* A library call `call` on stream s, which its library checked (its own
 * status codes): its record (run and ready with data[0..bytes), a copy
 * when kept) submitted, SIMR_OP_NOCAPTURE in flags when the call cannot be
 * a node (the capture is then invalidated). Submit decides: 1 when it made
 * the call a node of s's capture, or refused it there (*e the result:
 * cudaErrorMemoryAllocation, cudaErrorStreamCaptureUnsupported, or
 * cudaErrorInvalidValue with *status ready's status), 0 when the caller
 * makes the call now. */
int simR_submit_libcall_locked(cudaStream_t s, const char *call,
                               int (*run)(const void *, cudaStream_t), int (*ready)(void *),
                               void *data, size_t bytes, unsigned flags, int *status,
                               cudaError_t *e);
/* Run op now on clock index sidx: a graph launch's replay of a node. */
cudaError_t simR_submit_run_locked(simR_op *op, unsigned sidx);

#endif
