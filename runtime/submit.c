/*
 * simulee runtime: the one function every stream operation goes through
 * (runtime/op.h), the streams' clock indices, and the replay of an
 * instantiated graph (cudaGraphLaunch).
 *
 * simR_submit_locked checks the operation's handles, then decides: a node
 * of its stream's capture (runtime/graph.c keeps the record), or the
 * operation now, by its kind's executor (runtime/op.c's table), as an
 * operation on its stream's clock index (runtime/order.c: the order between
 * launches and the host, which the between-launch race check reads).
 *
 * cudaGraphLaunch replays an instantiated graph on its stream in a
 * topological order: every node's record runs at once through the same
 * executors, and takes its place in the order between launches as an
 * operation on a branch of its own whose clock is the launch stream's
 * joined with the clocks of its dependencies. Nodes the graph's edges do
 * not order are concurrent, as two streams are: a kernel node writing what
 * another unordered kernel node reads or writes is a race between launches.
 * After the graph, its stream is ordered after every node. A conditional
 * node reads its handle's value when it is reached (what a kernel before it
 * set with cudaGraphSetConditional, or the default) and replays the body
 * graph it chooses the same way (IF: once; WHILE: as long as the value is
 * nonzero, read again after each run; SWITCH: the body of that index), its
 * nodes after the conditional node's dependencies and each run after the
 * last.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* ---------------------------------------------------------- streams */

/* The calling host thread's per-thread default stream (cudaStreamPerThread):
 * a blocking stream of its own, made at its first use, which synchronizes
 * with the legacy default stream and with no other stream (its clock index;
 * 0, the legacy stream's, when no index is left). */
static _Thread_local unsigned per_thread;
static _Thread_local int per_thread_made;

unsigned simR_stream_index(cudaStream_t s) {
  if ((uintptr_t)s == 2) {
    if (!per_thread_made) {
      simR_lock();
      per_thread = simR_order_new_stream_locked(0);
      per_thread_made = 1;
      simR_unlock();
    }
    return per_thread;
  }
  /* 0 and cudaStreamLegacy (1): the legacy default stream */
  return (uintptr_t)s <= 1 ? 0 : s->idx;
}

/* A stand-in stream handle for clock index lane (a graph launch's branch):
 * what an operation placed on a stream takes. */
static cudaStream_t lane_stream(unsigned lane, struct CUstream_st *buf) {
  memset(buf, 0, sizeof *buf);
  buf->idx = lane;
  return lane ? buf : NULL;
}

/* ----------------------------------------------------------- submit */

int simR_submit_capturing_locked(cudaStream_t s) { return simR_graph_capturing_locked(s); }

cudaError_t simR_submit_refuse_locked(cudaStream_t s, const char *what) {
  return simR_graph_refuse_locked(s, what);
}

void simR_submit_forget_locked(cudaStream_t s) { simR_capture_forget_locked(s); }

/* The handle checks of op (once, here): its stream, and an event record's
 * or wait's event, in the order the API function makes them. */
static cudaError_t handles_of(const simR_op *op) {
  cudaError_t e = cudaSuccess;
  if (op->kind == SIMR_OP_RECORD)
    e = simR_bad_handle_locked(op->u.event.ev, SIMR_H_EVENT, op->call);
  if (!e && !(op->flags & SIMR_OP_CHECKED)) e = simR_bad_stream_locked(op->stream, op->call);
  if (!e && op->kind == SIMR_OP_WAIT)
    e = simR_bad_handle_locked(op->u.event.ev, SIMR_H_EVENT, op->call);
  return e;
}

cudaError_t simR_submit_locked(simR_op *op) {
  op->captured = 0;
  cudaError_t e = handles_of(op);
  const simR_executor *x = simR_op_executor(op->kind);
  if (!e && x && x->check) e = x->check(op);
  if (e) return e;
  /* capture: a node, or (events) an edge between the capture's streams */
  switch (op->kind) {
  case SIMR_OP_WAIT:
    if (simR_graph_capture_wait_locked(op->stream, op->u.event.ev, &e)) {
      op->captured = 1;
      return e;
    }
    break;
  case SIMR_OP_RECORD:
    if (simR_graph_capturing_locked(op->stream)) {
      op->captured = 1;
      return simR_graph_capture_record_locked(op->u.event.ev, op->stream);
    }
    break;
  default:
    if (simR_graph_capturing_locked(op->stream)) {
      op->captured = 1;
      return op->flags & SIMR_OP_NOCAPTURE ? simR_graph_refuse_locked(op->stream, op->call)
                                           : simR_graph_capture_locked(op);
    }
    break;
  }
  if (op->flags & SIMR_OP_INLINE) return cudaSuccess;
  return x && x->run ? x->run(op, simR_stream_index(op->stream), op->stream) : cudaSuccess;
}

int simR_submit_libcall_locked(cudaStream_t s, const char *call,
                               int (*run)(const void *, cudaStream_t), int (*ready)(void *),
                               void *data, size_t bytes, unsigned flags, int *status,
                               cudaError_t *e) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_LIB;
  op.stream = s;
  op.call = call;
  op.flags = SIMR_OP_CHECKED | SIMR_OP_INLINE | (flags & SIMR_OP_NOCAPTURE);
  op.u.lib.run = run;
  op.u.lib.ready = ready;
  op.u.lib.status = status;
  op.u.lib.data = data;
  op.u.lib.bytes = bytes;
  *status = 0;
  *e = simR_submit_locked(&op);
  return op.captured;
}

cudaError_t simR_submit_run_locked(simR_op *op, unsigned sidx) {
  const simR_executor *x = simR_op_executor(op->kind);
  struct CUstream_st ls;
  return x && x->run ? x->run(op, sidx, lane_stream(sidx, &ls)) : cudaSuccess;
}

/* ------------------------------------------------------ graph launch */

static void join(uint64_t *a, const uint64_t *b) {
  for (unsigned i = 0; i < SIMR_MAX_STREAMS; i++)
    if (b[i] > a[i]) a[i] = b[i];
}

/* Graph x's conditional handles that take their default value at each
 * launch get it (its conditional nodes', and their bodies', recursively). */
static void cond_start(cudaGraphExec_t x) {
  for (unsigned k = 0, n = simR_graph_exec_size(x); k < n; k++) {
    unsigned idx, ndeps;
    simR_op *op = simR_graph_exec_step(x, k, &idx, &ndeps);
    if (op->kind != SIMR_OP_COND) continue;
    simR_cond_start_locked(op->u.cond.handle, 0);
    for (unsigned b = 0; b < op->u.cond.size; b++) cond_start(op->u.cond.execs[b]);
  }
}

static cudaError_t replay(cudaGraphExec_t x, const uint64_t *base, uint64_t *all);

/* Conditional node op, reached with clock vc (its dependencies' joined):
 * its value read when it is reached (and, for WHILE, again after each run
 * of its body), the body it chooses replayed after vc, each run after the
 * last; *vc becomes the clock after them. */
static cudaError_t cond_run(const simR_op *op, uint64_t *vc) {
  unsigned value = 0;
  simR_cond_get_locked(op->u.cond.handle, &value);
  cudaError_t e = cudaSuccess;
  for (;;) {
    int b = op->u.cond.type == cudaGraphCondTypeIf    ? (value ? 0 : op->u.cond.size == 2 ? 1 : -1)
            : op->u.cond.type == cudaGraphCondTypeWhile ? (value ? 0 : -1)
                                                        : (value < op->u.cond.size ? (int)value : -1);
    if (b < 0) break;
    uint64_t after[SIMR_MAX_STREAMS];
    memcpy(after, vc, sizeof after);
    e = replay(op->u.cond.execs[b], vc, after);
    memcpy(vc, after, sizeof after);
    if (e || op->u.cond.type != cudaGraphCondTypeWhile) break;
    simR_cond_get_locked(op->u.cond.handle, &value);
  }
  return e;
}

/* Graph x's nodes, in its topological order, each on a branch whose clock
 * is base joined with its dependencies'; all: base joined with every
 * node's clock after it. */
static cudaError_t replay(cudaGraphExec_t x, const uint64_t *base, uint64_t *all) {
  unsigned n = simR_graph_exec_size(x);
  uint64_t (*vcs)[SIMR_MAX_STREAMS] = calloc(n + 1, sizeof *vcs);
  if (!vcs) return simR_error_locked(cudaErrorMemoryAllocation);
  cudaError_t e = cudaSuccess;
  for (unsigned k = 0; k < n && !e; k++) {
    unsigned idx, ndeps;
    simR_op *op = simR_graph_exec_step(x, k, &idx, &ndeps);
    uint64_t vc[SIMR_MAX_STREAMS];
    memcpy(vc, base, sizeof vc);
    for (unsigned d = 0; d < ndeps; d++) join(vc, vcs[simR_graph_exec_dep(x, k, d)]);
    if (op->kind == SIMR_OP_COND) {
      e = cond_run(op, vc);
      memcpy(vcs[idx], vc, sizeof vc);
    } else {
      unsigned lane = simR_order_lane_locked(vc);
      simR_order_wait_locked(lane, vc);
      e = simR_submit_run_locked(op, lane);
      simR_order_record_locked(lane, vcs[idx]);
    }
    join(all, vcs[idx]);
  }
  free(vcs);
  return e;
}

EXPORT cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t s) {
  cudaError_t e = simR_graph_bad_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphLaunch");
  if (e) return e;
  simR_lock();
  e = simR_bad_stream_locked(s, "cudaGraphLaunch");
  if (!e) e = simR_sticky_locked();
  if (!e && simR_graph_capturing_locked(s)) e = simR_graph_refuse_locked(s, "cudaGraphLaunch");
  if (e) {
    simR_unlock();
    return e;
  }
  unsigned sidx = simR_stream_index(s);
  uint64_t base[SIMR_MAX_STREAMS], all[SIMR_MAX_STREAMS];
  simR_order_record_locked(sidx, base); /* what the graph's stream did before it */
  memcpy(all, base, sizeof all);
  cond_start(x);
  e = replay(x, base, all);
  /* the stream's later work comes after every node */
  simR_order_wait_locked(sidx, all);
  simR_unlock();
  return e;
}
