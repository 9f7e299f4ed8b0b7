/*
 * simulee runtime: CUDA graphs. Stream capture (cudaStreamBeginCapture ..
 * cudaStreamEndCapture) turns the operations issued on the capturing
 * streams into graph nodes instead of running them: runtime/submit.c hands
 * each operation's record (runtime/op.h: kernel launches, copies, memsets,
 * host functions, library calls, stream-ordered allocations and frees)
 * here, and a node keeps a copy of it;
 * events recorded and waited for between capturing streams become edges
 * (fork and join). The explicit API builds the same nodes one by one.
 *
 * Graphs only keep records: they run none. cudaGraphLaunch
 * (runtime/submit.c) replays an instantiated graph's records through the
 * executors every other operation runs by; this file calls none of the
 * files that build records.
 */
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

const char *cudaGetErrorName(cudaError_t e); /* runtime/state.c */

/* A node (cudaGraphNode_t): a kept operation record. */
struct CUgraphNode_st {
  struct CUgraph_st *g;          /* its graph */
  unsigned idx;                  /* its index in g */
  struct CUgraphNode_st **deps;  /* the nodes it depends on */
  unsigned ndeps;                /* their number */
  simR_op op;                    /* what it does (owning its copies) */
};

/* A graph (cudaGraph_t). */
struct CUgraph_st {
  struct CUgraphNode_st **v; /* nodes, in the order added */
  unsigned n, cap;           /* used, allocated */
};

/* An instantiated graph (cudaGraphExec_t): a copy of the graph. */
struct CUgraphExec_st {
  struct CUgraph_st *g; /* the copy */
  unsigned *order;      /* node indices in a topological order */
};

/* A stream capture. */
typedef struct simR_capture {
  struct CUgraph_st *g;    /* the graph it builds */
  cudaStream_t origin;     /* the stream that began it */
  unsigned long long id;   /* cudaStreamGetCaptureInfo's id */
  int active;              /* not ended yet */
  int invalid;             /* an operation could not be captured */
  int to_graph;            /* cudaStreamBeginCaptureToGraph: g is the
                              program's (not freed on a failed end) */
  cudaStream_t *streams;   /* every stream that records into it */
  unsigned nstreams;
  struct simR_capture *next; /* every capture made (they stay: events may
                                point to them) */
} simR_capture;
static simR_capture *captures;

/* ------------------------------------------------------------- graphs */

/* Graphs and nodes are handles of the registry (runtime/handles.c): every
 * call looks its graph, exec or node up before touching it. */
static struct CUgraph_st *graph_new(void) {
  simR_lock();
  struct CUgraph_st *g = simR_handle_new_locked(SIMR_H_GRAPH, sizeof(struct CUgraph_st));
  simR_unlock();
  return g;
}

static void graph_free(struct CUgraph_st *g);

/* A conditional node's body execs (an instantiated graph's; their graphs
 * are the node's bodies) and bodies freed. */
static void cond_free(simR_op *op) {
  for (unsigned i = 0; op->u.cond.execs && i < op->u.cond.size; i++)
    if (op->u.cond.execs[i]) free(op->u.cond.execs[i]->order), free(op->u.cond.execs[i]);
  for (unsigned i = 0; op->u.cond.bodies && i < op->u.cond.size; i++)
    graph_free(op->u.cond.bodies[i]);
  free(op->u.cond.execs);
  free(op->u.cond.bodies);
  op->u.cond.execs = NULL;
  op->u.cond.bodies = NULL;
}

static void node_free(struct CUgraphNode_st *n) {
  if (!n) return;
  if (n->op.kind == SIMR_OP_COND) cond_free(&n->op);
  free(n->deps);
  simR_op_drop_locked(&n->op);
  n->deps = NULL;
  n->ndeps = 0;
  simR_handle_delete_locked(n, SIMR_H_GRAPH_NODE);
}

static void graph_free(struct CUgraph_st *g) {
  if (!g) return;
  simR_lock();
  for (unsigned i = 0; i < g->n; i++) node_free(g->v[i]);
  free(g->v);
  g->v = NULL;
  g->n = g->cap = 0;
  simR_handle_delete_locked(g, SIMR_H_GRAPH);
  simR_unlock();
}

/* (internal.h) */
cudaError_t simR_graph_bad_handle(const void *h, unsigned kind, const char *call) {
  cudaError_t e = h ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue;
  simR_lock();
  if (simR_handle_check_locked((uint64_t)(uintptr_t)h, kind, call, cudaGetErrorName(e)))
    e = cudaSuccess;
  else
    simR_error_locked(e);
  simR_unlock();
  return e;
}

/* A new node of g depending on deps[0..ndeps) (copied); NULL when out of
 * memory. */
static struct CUgraphNode_st *node_add(struct CUgraph_st *g, simR_opkind kind,
                                       struct CUgraphNode_st *const *deps, unsigned ndeps) {
  if (g->n == g->cap) {
    unsigned nc = g->cap ? 2 * g->cap : 8;
    struct CUgraphNode_st **nv = realloc(g->v, nc * sizeof *nv);
    if (!nv) return NULL;
    g->v = nv;
    g->cap = nc;
  }
  simR_lock();
  struct CUgraphNode_st *n = simR_handle_new_locked(SIMR_H_GRAPH_NODE, sizeof *n);
  simR_unlock();
  if (!n) return NULL;
  n->deps = ndeps ? malloc(ndeps * sizeof *n->deps) : NULL;
  if (ndeps && !n->deps) {
    simR_lock();
    simR_handle_delete_locked(n, SIMR_H_GRAPH_NODE);
    simR_unlock();
    return NULL;
  }
  if (ndeps) memcpy(n->deps, deps, ndeps * sizeof *deps);
  n->ndeps = ndeps;
  n->op.kind = kind;
  n->g = g;
  n->idx = g->n;
  g->v[g->n++] = n;
  return n;
}

/* Whether deps are nodes of g. */
static int deps_of(const struct CUgraph_st *g, struct CUgraphNode_st *const *deps, size_t n) {
  int ok = 1;
  simR_lock();
  for (size_t i = 0; i < n && ok; i++) {
    const struct CUgraphNode_st *d = simR_handle_get_locked((uint64_t)(uintptr_t)deps[i],
                                                            SIMR_H_GRAPH_NODE);
    ok = d && d->g == g;
  }
  simR_unlock();
  return ok;
}

/* A topological order of g's nodes into order; -1 on a cycle. */
static int topo(const struct CUgraph_st *g, unsigned *order) {
  unsigned *indeg = calloc(g->n + 1, sizeof *indeg), k = 0, done = 0;
  if (!indeg) return -1;
  for (unsigned i = 0; i < g->n; i++) indeg[i] = g->v[i]->ndeps;
  /* Kahn's algorithm over the reversed edges (a node's deps point back);
   * the graphs are small, so the successors are found by scanning */
  for (unsigned i = 0; i < g->n; i++)
    if (!indeg[i]) order[k++] = i;
  while (done < k) {
    unsigned u = order[done++];
    for (unsigned i = 0; i < g->n; i++)
      for (unsigned d = 0; d < g->v[i]->ndeps; d++)
        if (g->v[i]->deps[d]->idx == u && --indeg[i] == 0) order[k++] = i;
  }
  free(indeg);
  return k == g->n ? 0 : -1;
}

/* A deep copy of g (the nodes' dependencies point into the copy; each
 * record keeps copies of its own; a conditional node, copies of its
 * bodies). */
static struct CUgraph_st *graph_clone(const struct CUgraph_st *g) {
  struct CUgraph_st *c = graph_new();
  if (!c) return NULL;
  for (unsigned i = 0; i < g->n; i++) {
    const struct CUgraphNode_st *o = g->v[i];
    struct CUgraphNode_st *n = node_add(c, o->op.kind, NULL, 0);
    if (!n) goto fail;
    n->deps = o->ndeps ? malloc(o->ndeps * sizeof *n->deps) : NULL;
    if (o->ndeps && !n->deps) goto fail;
    n->ndeps = o->ndeps;
    simR_op op = o->op;
    simR_lock();
    cudaError_t e = simR_op_dup_locked(&op);
    simR_unlock();
    if (e) goto fail;
    n->op = op;
    if (op.site == o) n->op.site = n; /* a node is its copies' site */
    if (op.kind == SIMR_OP_COND) { /* the bodies are the node's own */
      n->op.u.cond.execs = NULL;
      n->op.u.cond.bodies = calloc(op.u.cond.size, sizeof *n->op.u.cond.bodies);
      if (!n->op.u.cond.bodies) goto fail;
      for (unsigned b = 0; b < op.u.cond.size; b++)
        if (!(n->op.u.cond.bodies[b] = graph_clone(op.u.cond.bodies[b]))) goto fail;
    }
  }
  for (unsigned i = 0; i < g->n; i++)
    for (unsigned d = 0; d < g->v[i]->ndeps; d++)
      c->v[i]->deps[d] = c->v[g->v[i]->deps[d]->idx];
  return c;
fail:
  graph_free(c);
  return NULL;
}

/* ------------------------------------------------------------ capture */

static unsigned long long next_capture_id = 1;

static simR_capture *capture_of(cudaStream_t s) {
  return (uintptr_t)s > 2 && s->cap && s->cap->active ? s->cap : NULL;
}

int simR_graph_capturing_locked(cudaStream_t s) { return capture_of(s) != NULL; }

/* Set s's tail to nodes[0..n). */
static int set_tail(cudaStream_t s, struct CUgraphNode_st *const *nodes, unsigned n) {
  struct CUgraphNode_st **t = n ? malloc(n * sizeof *t) : NULL;
  if (n && !t) return -1;
  if (n) memcpy(t, nodes, n * sizeof *t);
  free(s->tail);
  s->tail = t;
  s->ntail = n;
  return 0;
}

/* A node of kind on capturing stream s after its tail, which it becomes. */
static struct CUgraphNode_st *capture_node(cudaStream_t s, simR_opkind kind) {
  simR_capture *c = capture_of(s);
  struct CUgraphNode_st *n = node_add(c->g, kind, s->tail, s->ntail);
  if (!n || set_tail(s, &n, 1) < 0) {
    c->invalid = 1;
    return NULL;
  }
  return n;
}

cudaError_t simR_graph_refuse_locked(cudaStream_t s, const char *what) {
  simR_capture *c = capture_of(s);
  if (c) c->invalid = 1;
  fprintf(stderr, "simulee: error: %s on a capturing stream cannot be captured "
          "(cudaErrorStreamCaptureUnsupported); the capture is invalidated\n", what);
  return simR_error_locked(cudaErrorStreamCaptureUnsupported);
}

/* The name a node's copies and memsets go by in findings. */
static const char *node_call(simR_opkind kind, const char *call) {
  return kind == SIMR_OP_COPY    ? "a memcpy node"
         : kind == SIMR_OP_SET   ? "a memset node"
         : kind == SIMR_OP_ALLOC ? "a memory allocation node"
         : kind == SIMR_OP_FREE  ? "a memory free node"
                                 : call;
}

cudaError_t simR_graph_capture_locked(simR_op *op) {
  cudaStream_t s = op->stream;
  cudaError_t e = op->kind == SIMR_OP_LAUNCH ? simR_sticky_locked() : cudaSuccess;
  if (e) return e;
  simR_op keep = *op;
  int inval = 0;
  keep.flags = 0;
  keep.call = node_call(op->kind, op->call);
  if ((e = simR_op_keep_locked(&keep, &inval))) {
    if (inval) capture_of(s)->invalid = 1;
    return simR_error_locked(e);
  }
  struct CUgraphNode_st *n = capture_node(s, op->kind);
  if (!n) {
    simR_op_drop_locked(&keep);
    return simR_error_locked(cudaErrorMemoryAllocation);
  }
  n->op = keep;
  n->op.stream = NULL;
  if (op->kind == SIMR_OP_COPY || op->kind == SIMR_OP_SET) n->op.site = n;
  return cudaSuccess;
}

cudaError_t simR_graph_capture_record_locked(cudaEvent_t ev, cudaStream_t s) {
  simR_capture *c = capture_of(s);
  struct CUgraphNode_st **t = s->ntail ? malloc(s->ntail * sizeof *t) : NULL;
  if (s->ntail && !t) return simR_error_locked(cudaErrorMemoryAllocation);
  if (s->ntail) memcpy(t, s->tail, s->ntail * sizeof *t);
  free(ev->nodes);
  ev->nodes = t;
  ev->nnodes = s->ntail;
  ev->cap = c;
  return cudaSuccess;
}

int simR_graph_capture_wait_locked(cudaStream_t s, cudaEvent_t ev, cudaError_t *e) {
  simR_capture *c = ev->cap && ev->cap->active ? ev->cap : NULL, *sc = capture_of(s);
  *e = cudaSuccess;
  if (!c && !sc) return 0; /* an ordinary wait */
  if (!c) { /* a capturing stream waits for work outside the capture */
    sc->invalid = 1;
    fprintf(stderr, "simulee: error: cudaStreamWaitEvent: a capturing stream waits for an event "
            "recorded outside the capture; the capture is invalidated\n");
    *e = simR_error_locked(cudaErrorStreamCaptureIsolation);
    return 1;
  }
  if (sc && sc != c) { /* two captures would merge */
    sc->invalid = c->invalid = 1;
    *e = simR_error_locked(cudaErrorStreamCaptureMerge);
    return 1;
  }
  if ((uintptr_t)s <= 2) { /* the legacy stream cannot join a capture */
    c->invalid = 1;
    *e = simR_error_locked(cudaErrorStreamCaptureImplicit);
    return 1;
  }
  if (!sc) { /* fork: s joins the capture after the event's nodes */
    cudaStream_t *ns = realloc(c->streams, (c->nstreams + 1) * sizeof *ns);
    if (!ns || set_tail(s, ev->nodes, ev->nnodes) < 0) {
      if (ns) c->streams = ns;
      *e = simR_error_locked(cudaErrorMemoryAllocation);
      return 1;
    }
    c->streams = ns;
    c->streams[c->nstreams++] = s;
    s->cap = c;
    return 1;
  }
  /* join: the event's nodes are added to s's tail */
  struct CUgraphNode_st **t = malloc((s->ntail + ev->nnodes + 1) * sizeof *t);
  if (!t) {
    *e = simR_error_locked(cudaErrorMemoryAllocation);
    return 1;
  }
  unsigned n = s->ntail;
  if (n) memcpy(t, s->tail, n * sizeof *t);
  for (unsigned i = 0; i < ev->nnodes; i++) {
    int dup = 0;
    for (unsigned k = 0; k < n && !dup; k++) dup = t[k] == ev->nodes[i];
    if (!dup) t[n++] = ev->nodes[i];
  }
  free(s->tail);
  s->tail = t;
  s->ntail = n;
  return 1;
}

/* A capture on s into graph g (NULL: a new one) after deps[0..n). */
static cudaError_t begin_capture(cudaStream_t s, struct CUgraph_st *g,
                                 struct CUgraphNode_st *const *deps, unsigned n) {
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamBeginCapture");
  if (e) {
    /* the error as it is */
  } else if ((uintptr_t)s <= 2) {
    fprintf(stderr, "simulee: error: cudaStreamBeginCapture: the default stream cannot be "
            "captured\n");
    e = simR_error_locked(cudaErrorStreamCaptureUnsupported);
  } else if (capture_of(s)) {
    e = simR_error_locked(cudaErrorIllegalState);
  } else {
    simR_capture *c = calloc(1, sizeof *c);
    if (c) c->streams = malloc(sizeof *c->streams);
    if (c) c->g = g ? g : graph_new();
    if (c) c->to_graph = g != NULL;
    if (!c || !c->streams || !c->g) {
      if (c && !g) graph_free(c->g);
      if (c) free(c->streams);
      free(c);
      e = simR_error_locked(cudaErrorMemoryAllocation);
    } else {
      c->next = captures;
      captures = c;
      c->origin = s;
      c->id = next_capture_id++;
      c->active = 1;
      c->streams[0] = s;
      c->nstreams = 1;
      s->cap = c;
      if (set_tail(s, deps, n) < 0) c->invalid = 1;
    }
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode) {
  (void)mode; /* simulee makes no call unsafe for a capture in another thread */
  return begin_capture(s, NULL, NULL, 0);
}

/* edge data: default edges only (all zero bytes) */
EXPORT cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t s, cudaGraph_t g,
                                                 const cudaGraphNode_t *deps, const void *edges,
                                                 size_t n, int mode) {
  (void)mode;
  if (n && !deps) return cudaErrorInvalidValue;
  cudaError_t e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaStreamBeginCaptureToGraph");
  if (e) return e;
  if (!deps_of(g, deps, n)) return cudaErrorInvalidValue;
  for (size_t i = 0; edges && i < n * 8; i++)
    if (((const unsigned char *)edges)[i]) {
      simR_lock();
      e = simR_unsupported_locked("cudaStreamBeginCaptureToGraph with edge data other than the "
                                  "default");
      simR_unlock();
      return e;
    }
  return begin_capture(s, g, deps, (unsigned)n);
}

void simR_capture_forget_locked(cudaStream_t s) {
  simR_capture *c = capture_of(s);
  if (!c) return;
  unsigned k = 0;
  for (unsigned i = 0; i < c->nstreams; i++)
    if (c->streams[i] != s) c->streams[k++] = c->streams[i];
  c->nstreams = k;
  if (c->origin == s) { /* nobody can end it now */
    c->origin = NULL;
    c->invalid = 1;
  }
  s->cap = NULL;
}

/* Mark n and every node it depends on (transitively) in seen. */
static void mark_ancestors(const struct CUgraphNode_st *n, unsigned char *seen) {
  if (seen[n->idx]) return;
  seen[n->idx] = 1;
  for (unsigned d = 0; d < n->ndeps; d++) mark_ancestors(n->deps[d], seen);
}

EXPORT cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *graph) {
  cudaGraph_t none;
  simR_lock();
  if (!graph) { /* a capture into the program's graph needs no answer */
    if ((uintptr_t)s <= 2 || simR_handle_get_locked((uint64_t)(uintptr_t)s, SIMR_H_STREAM) == NULL ||
        !capture_of(s) || !capture_of(s)->to_graph) {
      simR_unlock();
      return cudaErrorInvalidValue;
    }
    graph = &none;
  }
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamEndCapture");
  if (e) {
    *graph = NULL;
    simR_unlock();
    return e;
  }
  simR_capture *c = capture_of(s);
  if (!c) {
    e = simR_error_locked(cudaErrorIllegalState);
  } else if (c->origin != s) {
    c->invalid = 1;
    e = simR_error_locked(cudaErrorStreamCaptureUnmatched);
  } else {
    /* every forked stream must have joined the origin again: its tail is
     * work the origin's tail depends on */
    unsigned char *seen = calloc(c->g->n + 1, 1);
    for (unsigned i = 0; seen && i < s->ntail; i++) mark_ancestors(s->tail[i], seen);
    int unjoined = 0;
    for (unsigned i = 0; seen && i < c->nstreams; i++)
      for (unsigned k = 0; k < c->streams[i]->ntail && !unjoined; k++)
        unjoined = !seen[c->streams[i]->tail[k]->idx];
    free(seen);
    for (unsigned i = 0; i < c->nstreams; i++) {
      c->streams[i]->cap = NULL;
      set_tail(c->streams[i], NULL, 0);
    }
    c->active = 0;
    if (unjoined) {
      fprintf(stderr, "simulee: error: cudaStreamEndCapture: a stream forked from the capture "
              "did not join its origin again (an event recorded on it and waited for by the "
              "origin)\n");
      e = simR_error_locked(cudaErrorStreamCaptureUnjoined);
    } else if (c->invalid) {
      e = simR_error_locked(cudaErrorStreamCaptureInvalidated);
    }
    if (e && !c->to_graph) graph_free(c->g);
    else if (!e) *graph = c->g;
    c->g = NULL;
    free(c->streams);
    c->streams = NULL;
    c->nstreams = 0;
    /* the capture stays (events recorded in it still point to it), ended */
  }
  if (e) *graph = NULL;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamIsCapturing(cudaStream_t s, int *status) {
  if (!status) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamIsCapturing");
  simR_capture *c = e ? NULL : capture_of(s);
  if (!e) *status = !c ? 0 /* None */ : c->invalid ? 2 /* Invalidated */ : 1 /* Active */;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, int *status, unsigned long long *id,
                                            cudaGraph_t *graph, const cudaGraphNode_t **deps,
                                            size_t *ndeps) {
  if (!status) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamGetCaptureInfo");
  if (e) {
    simR_unlock();
    return e;
  }
  simR_capture *c = capture_of(s);
  *status = !c ? 0 : c->invalid ? 2 : 1;
  if (c && id) *id = c->id;
  if (graph) *graph = c ? c->g : NULL;
  if (deps) *deps = c ? (const cudaGraphNode_t *)s->tail : NULL;
  if (ndeps) *ndeps = c ? s->ntail : 0;
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t s, int *status,
                                               unsigned long long *id, cudaGraph_t *graph,
                                               const cudaGraphNode_t **deps, size_t *ndeps) {
  return cudaStreamGetCaptureInfo(s, status, id, graph, deps, ndeps);
}

/* the edges of a capture are default ones: no edge data (NULL) */
EXPORT cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t s, int *status,
                                               unsigned long long *id, cudaGraph_t *graph,
                                               const cudaGraphNode_t **deps, const void **edges,
                                               size_t *ndeps) {
  if (edges) *edges = NULL;
  return cudaStreamGetCaptureInfo(s, status, id, graph, deps, ndeps);
}

/* flags: cudaStreamAddCaptureDependencies (0) adds nodes to s's
 * dependencies, cudaStreamSetCaptureDependencies (1) replaces them */
EXPORT cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t s, cudaGraphNode_t *nodes,
                                                       size_t n, unsigned flags) {
  if (flags > 1 || (n && !nodes)) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = simR_bad_stream_locked(s, "cudaStreamUpdateCaptureDependencies");
  simR_capture *c = e ? NULL : capture_of(s);
  if (!e && !c) e = simR_error_locked(cudaErrorIllegalState);
  if (!e && !deps_of(c->g, nodes, n)) e = simR_error_locked(cudaErrorInvalidValue);
  struct CUgraphNode_st **t = e ? NULL : malloc((s->ntail + n + 1) * sizeof *t);
  if (!e && !t) e = simR_error_locked(cudaErrorMemoryAllocation);
  if (!e) {
    unsigned k = flags ? 0 : s->ntail;
    if (k) memcpy(t, s->tail, k * sizeof *t);
    for (size_t i = 0; i < n; i++) {
      int dup = 0;
      for (unsigned j = 0; j < k && !dup; j++) dup = t[j] == nodes[i];
      if (!dup) t[k++] = nodes[i];
    }
    free(s->tail);
    s->tail = t;
    s->ntail = k;
  }
  simR_unlock();
  return e;
}

/* edge data: default edges only (all zero) */
EXPORT cudaError_t cudaStreamUpdateCaptureDependencies_v2(cudaStream_t s, cudaGraphNode_t *nodes,
                                                          const uint64_t *edges, size_t n,
                                                          unsigned flags) {
  for (size_t i = 0; edges && i < n; i++)
    if (edges[i]) {
      simR_lock();
      cudaError_t e = simR_unsupported_locked("cudaStreamUpdateCaptureDependencies with edge "
                                              "data other than the default");
      simR_unlock();
      return e;
    }
  return cudaStreamUpdateCaptureDependencies(s, nodes, n, flags);
}

EXPORT cudaError_t cudaThreadExchangeStreamCaptureMode(int *mode) {
  return mode ? cudaSuccess : cudaErrorInvalidValue;
}

/* ----------------------------------------------------- explicit graphs */

EXPORT cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned flags) {
  if (!graph || flags) return cudaErrorInvalidValue;
  *graph = graph_new();
  return *graph ? cudaSuccess : cudaErrorMemoryAllocation;
}

EXPORT cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  cudaError_t e = simR_graph_bad_handle(graph, SIMR_H_GRAPH, "cudaGraphDestroy");
  if (e) return e;
  simR_lock();
  graph_free(graph);
  simR_unlock();
  return cudaSuccess;
}

/* The start of an AddXNode: the checks, the node; NULL with *e. */
static struct CUgraphNode_st *add_api(cudaGraphNode_t *out, cudaGraph_t g,
                                      const cudaGraphNode_t *deps, size_t ndeps, simR_opkind kind,
                                      cudaError_t *e) {
  *e = cudaErrorInvalidValue;
  if (!out || (ndeps && !deps)) return NULL;
  if ((*e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphAdd*Node"))) return NULL;
  *e = cudaErrorInvalidValue;
  if (!deps_of(g, deps, ndeps)) return NULL;
  struct CUgraphNode_st *n = node_add(g, kind, deps, (unsigned)ndeps);
  *e = n ? cudaSuccess : cudaErrorMemoryAllocation;
  if (n) *out = n;
  return n;
}

/* A kept launch record of p into op (its arguments copied), under the
 * lock: an error when p cannot be one. */
static cudaError_t kernel_record(const struct cudaKernelNodeParams *p, const char *call, simR_op *op) {
  memset(op, 0, sizeof *op);
  if (p->extra) {
    char what[128];
    snprintf(what, sizeof what, "%s with `extra` arguments", call);
    return simR_unsupported_locked(what);
  }
  op->kind = SIMR_OP_LAUNCH;
  op->call = call;
  op->u.launch.stub = p->func;
  op->u.launch.grid = (simR_dim3){p->gridDim.x, p->gridDim.y, p->gridDim.z};
  op->u.launch.block = (simR_dim3){p->blockDim.x, p->blockDim.y, p->blockDim.z};
  op->u.launch.shared = p->sharedMemBytes;
  op->u.launch.args = p->kernelParams;
  int inval;
  cudaError_t e = simR_op_keep_locked(op, &inval); /* the shape checked, the arguments copied */
  if (!e) op->u.launch.nframes = backtrace(op->u.launch.frames, 16);
  return e;
}

EXPORT cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *out, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const struct cudaKernelNodeParams *p) {
  if (!p) return cudaErrorInvalidValue;
  simR_lock();
  simR_op op;
  cudaError_t e = kernel_record(p, "cudaGraphAddKernelNode", &op);
  if (e == cudaErrorNotSupported) {
    simR_unlock();
    return e;
  }
  struct CUgraphNode_st *n = e ? NULL : add_api(out, g, deps, ndeps, SIMR_OP_LAUNCH, &e);
  if (!n) {
    if (op.u.launch.args != p->kernelParams) simR_op_drop_locked(&op);
    e = simR_error_locked(e);
    simR_unlock();
    return e;
  }
  n->op = op;
  simR_unlock();
  return cudaSuccess;
}

/* Kernel node n's record replaced by p's (call: the API function). */
static cudaError_t kernel_set(struct CUgraphNode_st *n, const struct cudaKernelNodeParams *p, const char *call) {
  if (!p) return cudaErrorInvalidValue;
  simR_lock();
  simR_op op;
  cudaError_t e = n->op.kind == SIMR_OP_LAUNCH ? kernel_record(p, call, &op)
                                                : cudaErrorInvalidValue;
  if (!e) {
    simR_op_drop_locked(&n->op);
    n->op = op;
  } else if (e != cudaErrorNotSupported) {
    if (n->op.kind == SIMR_OP_LAUNCH && op.u.launch.args != p->kernelParams) simR_op_drop_locked(&op);
    e = simR_error_locked(e);
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p) {
  cudaError_t e = simR_graph_bad_handle(node, SIMR_H_GRAPH_NODE, "cudaGraphKernelNodeSetParams");
  return e ? e : kernel_set(node, p, "cudaGraphKernelNodeSetParams");
}

EXPORT cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *out, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps, void *dst,
                                            const void *src, size_t count, int kind) {
  (void)kind;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, SIMR_OP_COPY, &e);
  if (n) {
    n->op.call = node_call(SIMR_OP_COPY, NULL), n->op.site = n;
    n->op.u.copy.dir = -1;
    n->op.u.copy.dst = dst, n->op.u.copy.src = src;
    n->op.u.copy.dpitch = n->op.u.copy.spitch = n->op.u.copy.width = count;
    n->op.u.copy.height = 1;
  }
  simR_unlock();
  return e;
}

/* The bytes of p's copy between pitched pointers as op's rows (one 2-D
 * copy: depth slices of height rows); -1 when its slices are no evenly
 * spaced rows (a slice of fewer rows than its pointer's ysize). */
static int copy3d_rows(simR_op *op, const struct cudaMemcpy3DParms *p) {
  size_t w = p->extent.width, h = p->extent.height, d = p->extent.depth;
  if (d > 1 && (p->srcPtr.ysize != h || p->dstPtr.ysize != h)) return -1;
  size_t sp = p->srcPtr.pitch, dp = p->dstPtr.pitch;
  if (h * d <= 1) sp = sp > w ? sp : w, dp = dp > w ? dp : w;
  op->u.copy.dir = p->kind;
  op->u.copy.src = (const char *)p->srcPtr.ptr +
                   (p->srcPos.z * p->srcPtr.ysize + p->srcPos.y) * sp + p->srcPos.x;
  op->u.copy.dst = (char *)p->dstPtr.ptr +
                   (p->dstPos.z * p->dstPtr.ysize + p->dstPos.y) * dp + p->dstPos.x;
  op->u.copy.spitch = sp, op->u.copy.dpitch = dp;
  op->u.copy.width = w;
  op->u.copy.height = h * d;
  return 0;
}

EXPORT cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *out, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const struct cudaMemcpy3DParms *p) {
  if (!p) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  simR_op op;
  memset(&op, 0, sizeof op);
  if (p->srcArray || p->dstArray) {
    e = simR_unsupported_locked("cudaGraphAddMemcpyNode with a CUDA array (srcArray, dstArray)");
  } else if (copy3d_rows(&op, p) < 0) {
    e = simR_unsupported_locked("cudaGraphAddMemcpyNode with slices of fewer rows than the "
                                "pitched pointer's ysize");
  } else {
    struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, SIMR_OP_COPY, &e);
    if (n) {
      n->op.call = node_call(SIMR_OP_COPY, NULL), n->op.site = n;
      n->op.u.copy = op.u.copy;
    }
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphClone(cudaGraph_t *out, cudaGraph_t g) {
  if (!out) return cudaErrorInvalidValue;
  cudaError_t e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphClone");
  if (e) return e;
  simR_lock();
  *out = graph_clone(g);
  simR_unlock();
  return *out ? cudaSuccess : cudaErrorMemoryAllocation;
}

EXPORT cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *out, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const struct cudaMemsetParams *p) {
  if (!p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, SIMR_OP_SET, &e);
  if (n) {
    n->op.call = node_call(SIMR_OP_SET, NULL), n->op.site = n;
    n->op.u.set.dst = p->dst;
    n->op.u.set.pitch = p->pitch ? p->pitch : p->width * p->elementSize;
    n->op.u.set.value = p->value, n->op.u.set.elem = p->elementSize;
    n->op.u.set.width = p->width * p->elementSize;
    n->op.u.set.height = p->height ? p->height : 1;
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *out, cudaGraph_t g,
                                        const cudaGraphNode_t *deps, size_t ndeps,
                                        const struct cudaHostNodeParams *p) {
  if (!p || !p->fn) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, SIMR_OP_HOST, &e);
  if (n) n->op.call = "a host node", n->op.u.host.fn = p->fn, n->op.u.host.data = p->userData;
  simR_unlock();
  return e;
}

/* A memory node of kind (runtime/graphmem.c's executor keeps op: an
 * allocation's address reserved, a free's pointer checked). */
static cudaError_t add_mem_node(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                                size_t ndeps, simR_op *op) {
  if (!out || (ndeps && !deps)) return cudaErrorInvalidValue;
  cudaError_t e = simR_graph_bad_handle(g, SIMR_H_GRAPH, op->call);
  if (e) return e;
  if (!deps_of(g, deps, ndeps)) return cudaErrorInvalidValue;
  simR_lock();
  int inval;
  e = simR_op_keep_locked(op, &inval);
  struct CUgraphNode_st *n = e ? NULL : add_api(out, g, deps, ndeps, op->kind, &e);
  if (n) {
    n->op = *op;
    n->op.call = node_call(op->kind, NULL);
  }
  if (e) e = simR_error_locked(e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *out, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps,
                                            struct cudaMemAllocNodeParams *p) {
  if (!p || !p->bytesize || (p->accessDescCount && !p->accessDescs)) return cudaErrorInvalidValue;
  if (p->poolProps.allocType != cudaMemAllocationTypePinned ||
      p->poolProps.location.type != cudaMemLocationTypeDevice || p->poolProps.location.id != 0) {
    fprintf(stderr, "simulee: error: cudaGraphAddMemAllocNode: the pool properties must name "
            "pinned memory (cudaMemAllocationTypePinned) on device 0 "
            "(cudaMemLocationTypeDevice)\n");
    return cudaErrorInvalidValue;
  }
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_ALLOC;
  op.call = "cudaGraphAddMemAllocNode";
  op.u.mem.size = p->bytesize;
  op.u.mem.out = &p->dptr;
  return add_mem_node(out, g, deps, ndeps, &op);
}

EXPORT cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *out, cudaGraph_t g,
                                           const cudaGraphNode_t *deps, size_t ndeps,
                                           void *dptr) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_FREE;
  op.call = "cudaGraphAddMemFreeNode";
  op.u.mem.dptr = dptr;
  return add_mem_node(out, g, deps, ndeps, &op);
}

/* Node n of `kind`, looked up for call; NULL with *e. */
static struct CUgraphNode_st *node_of(cudaGraphNode_t n, simR_opkind kind, const char *call,
                                      cudaError_t *e) {
  if ((*e = simR_graph_bad_handle(n, SIMR_H_GRAPH_NODE, call))) return NULL;
  if (n->op.kind != kind) *e = cudaErrorInvalidValue;
  return *e ? NULL : n;
}

EXPORT cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *p) {
  cudaError_t e;
  struct CUgraphNode_st *n = node_of(node, SIMR_OP_ALLOC, "cudaGraphMemAllocNodeGetParams", &e);
  if (!n) return e;
  if (!p) return cudaErrorInvalidValue;
  memset(p, 0, sizeof *p);
  p->poolProps.allocType = cudaMemAllocationTypePinned;
  p->poolProps.location.type = cudaMemLocationTypeDevice;
  p->bytesize = n->op.u.mem.size;
  p->dptr = n->op.u.mem.dptr;
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void **dptr) {
  cudaError_t e;
  struct CUgraphNode_st *n = node_of(node, SIMR_OP_FREE, "cudaGraphMemFreeNodeGetParams", &e);
  if (!n) return e;
  if (!dptr) return cudaErrorInvalidValue;
  *dptr = n->op.u.mem.dptr;
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *out, cudaGraph_t g,
                                         const cudaGraphNode_t *deps, size_t ndeps);

/* ------------------------------------------------ conditional nodes */

/* flags: cudaGraphCondAssignDefault (1) or 0 */
EXPORT cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *out, cudaGraph_t g,
                                                    unsigned dflt, unsigned flags) {
  if (!out || (flags & ~1u)) return cudaErrorInvalidValue;
  cudaError_t e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphConditionalHandleCreate");
  if (e) return e;
  simR_lock();
  unsigned long long h = simR_cond_new_locked(dflt, (int)(flags & 1u));
  simR_unlock();
  if (!h) return cudaErrorMemoryAllocation;
  *out = h;
  return cudaSuccess;
}

/* A conditional node of p (its bodies made, empty, into p->phGraph_out). */
static cudaError_t add_cond_node(cudaGraphNode_t *out, cudaGraph_t g, const cudaGraphNode_t *deps,
                                 size_t ndeps, struct cudaConditionalNodeParams *p) {
  unsigned v;
  simR_lock();
  int known = simR_cond_get_locked(p->handle, &v) == 0;
  simR_unlock();
  int ok = p->type == cudaGraphCondTypeIf      ? p->size == 1 || p->size == 2
           : p->type == cudaGraphCondTypeWhile ? p->size == 1
           : p->type == cudaGraphCondTypeSwitch ? p->size >= 1 && p->size <= 65536
                                               : 0;
  if (!known || !ok) {
    fprintf(stderr, "simulee: error: cudaGraphAddNode: a conditional node needs a handle of "
            "cudaGraphConditionalHandleCreate and a size of 1 (WHILE), 1 or 2 (IF) or at least "
            "1 (SWITCH)%s\n", known ? "" : "; the handle is none");
    return cudaErrorInvalidValue;
  }
  struct CUgraph_st **bodies = calloc(p->size, sizeof *bodies);
  cudaError_t e = bodies ? cudaSuccess : cudaErrorMemoryAllocation;
  for (unsigned i = 0; !e && i < p->size; i++)
    if (!(bodies[i] = graph_new())) e = cudaErrorMemoryAllocation;
  simR_lock();
  struct CUgraphNode_st *n = e ? NULL : add_api(out, g, deps, ndeps, SIMR_OP_COND, &e);
  if (n) {
    n->op.call = "a conditional node";
    n->op.u.cond.handle = p->handle;
    n->op.u.cond.type = p->type;
    n->op.u.cond.size = p->size;
    n->op.u.cond.bodies = bodies;
    p->phGraph_out = bodies; /* the node's own, for its lifetime */
  } else {
    for (unsigned i = 0; bodies && i < p->size; i++) graph_free(bodies[i]);
    free(bodies);
  }
  if (e) e = simR_error_locked(e);
  simR_unlock();
  return e;
}

/* An instantiated graph g's conditional nodes (in its bodies too) get their
 * bodies in a topological order, and their handles their default values:
 * -1 on a cycle or out of memory. */
static int cond_prepare(struct CUgraph_st *g) {
  for (unsigned i = 0; i < g->n; i++) {
    simR_op *op = &g->v[i]->op;
    if (op->kind != SIMR_OP_COND) continue;
    simR_cond_start_locked(op->u.cond.handle, 1);
    if (!op->u.cond.execs && !(op->u.cond.execs = calloc(op->u.cond.size, sizeof *op->u.cond.execs)))
      return -1;
    for (unsigned b = 0; b < op->u.cond.size; b++) {
      struct CUgraph_st *body = op->u.cond.bodies[b];
      struct CUgraphExec_st *x = op->u.cond.execs[b];
      if (!x && !(x = op->u.cond.execs[b] = calloc(1, sizeof *x))) return -1;
      x->g = body;
      free(x->order);
      if (!(x->order = malloc((body->n + 1) * sizeof *x->order)) || topo(body, x->order) < 0 ||
          cond_prepare(body) < 0)
        return -1;
    }
  }
  return 0;
}

EXPORT cudaError_t cudaGraphAddNode(cudaGraphNode_t *out, cudaGraph_t g,
                                    const cudaGraphNode_t *deps, size_t ndeps, struct cudaGraphNodeParams *p) {
  if (!p) return cudaErrorInvalidValue;
  switch (p->type) {
  case cudaGraphNodeTypeKernel:
    return cudaGraphAddKernelNode(out, g, deps, ndeps,
                                  (const struct cudaKernelNodeParams *)&p->kernel);
  case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(out, g, deps, ndeps);
  case cudaGraphNodeTypeMemAlloc: return cudaGraphAddMemAllocNode(out, g, deps, ndeps, &p->alloc);
  case cudaGraphNodeTypeMemFree: return cudaGraphAddMemFreeNode(out, g, deps, ndeps, p->free.dptr);
  case cudaGraphNodeTypeConditional: return add_cond_node(out, g, deps, ndeps, &p->conditional);
  default: break;
  }
  simR_lock();
  cudaError_t e = simR_unsupported_locked("cudaGraphAddNode of a node type other than kernel, "
                                          "empty, memory allocation and free, and conditional");
  simR_unlock();
  return e;
}

/* cudaGraphEdgeData: default edges only (all zero) */
EXPORT cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *out, cudaGraph_t g,
                                       const cudaGraphNode_t *deps, const uint64_t *edges,
                                       size_t ndeps, struct cudaGraphNodeParams *p) {
  for (size_t i = 0; edges && i < ndeps; i++)
    if (edges[i]) {
      simR_lock();
      cudaError_t e = simR_unsupported_locked("cudaGraphAddNode with edge data other than "
                                              "the default");
      simR_unlock();
      return e;
    }
  return cudaGraphAddNode(out, g, deps, ndeps, p);
}

EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *out, cudaGraph_t g,
                                         const cudaGraphNode_t *deps, size_t ndeps) {
  simR_lock();
  cudaError_t e;
  add_api(out, g, deps, ndeps, SIMR_OP_EMPTY, &e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                            const cudaGraphNode_t *to, size_t num) {
  cudaError_t be = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphAddDependencies");
  if (be) return be;
  if ((num && (!from || !to)) || !deps_of(g, from, num) || !deps_of(g, to, num))
    return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e = cudaSuccess;
  for (size_t i = 0; i < num && !e; i++) {
    struct CUgraphNode_st *t = to[i];
    struct CUgraphNode_st **nd = realloc(t->deps, (t->ndeps + 1) * sizeof *nd);
    if (!nd) {
      e = cudaErrorMemoryAllocation;
      break;
    }
    t->deps = nd;
    t->deps[t->ndeps++] = from[i];
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *num) {
  if (!num) return cudaErrorInvalidValue;
  cudaError_t be = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphGetNodes");
  if (be) return be;
  simR_lock();
  if (nodes)
    for (size_t i = 0; i < *num && i < g->n; i++) nodes[i] = g->v[i];
  *num = g->n;
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphGetRootNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *num) {
  if (!num) return cudaErrorInvalidValue;
  cudaError_t be = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphGetRootNodes");
  if (be) return be;
  simR_lock();
  size_t k = 0;
  for (unsigned i = 0; i < g->n; i++) {
    if (g->v[i]->ndeps) continue;
    if (nodes && k < *num) nodes[k] = g->v[i];
    k++;
  }
  *num = k;
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphNodeGetType(cudaGraphNode_t n, int *type) {
  if (!type) return cudaErrorInvalidValue;
  cudaError_t be = simR_graph_bad_handle(n, SIMR_H_GRAPH_NODE, "cudaGraphNodeGetType");
  if (be) return be;
  /* cudaGraphNodeType of each operation kind: kernel 0, memcpy 1, memset
   * 2, host 3, empty 5 (a library call is kernels on a GPU; events make
   * edges, no nodes) */
  static const int T[SIMR_OP_NKINDS] = {
      [SIMR_OP_EMPTY] = 5, [SIMR_OP_LAUNCH] = 0, [SIMR_OP_COPY] = 1, [SIMR_OP_SET] = 2,
      [SIMR_OP_HOST] = 3,  [SIMR_OP_RECORD] = 7, [SIMR_OP_WAIT] = 6,  [SIMR_OP_LIB] = 0,
      [SIMR_OP_ALLOC] = 10, [SIMR_OP_FREE] = 11, [SIMR_OP_COND] = 13};
  *type = T[n->op.kind];
  return cudaSuccess;
}

/* ------------------------------------------ instantiate and launch */

EXPORT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *out, cudaGraph_t g,
                                                 unsigned long long flags) {
  (void)flags; /* uploads, auto-free, priorities: nothing to do here */
  if (!out) return cudaErrorInvalidValue;
  cudaError_t e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphInstantiate");
  if (e) return e;
  simR_lock();
  struct CUgraphExec_st *x = simR_handle_new_locked(SIMR_H_GRAPH_EXEC, sizeof *x);
  if (x) x->g = graph_clone(g);
  if (x && x->g) x->order = malloc((g->n + 1) * sizeof *x->order);
  if (!x || !x->g || !x->order) {
    e = cudaErrorMemoryAllocation;
  } else if (topo(x->g, x->order) < 0 || cond_prepare(x->g) < 0) {
    fprintf(stderr, "simulee: error: cudaGraphInstantiate: the graph's dependencies (or a "
            "conditional node's body's) form a cycle\n");
    e = cudaErrorInvalidValue;
  }
  if (e) {
    if (x) graph_free(x->g), free(x->order);
    simR_handle_delete_locked(x, SIMR_H_GRAPH_EXEC);
    *out = NULL;
    e = simR_error_locked(e);
  } else {
    *out = x;
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphInstantiate(cudaGraphExec_t *out, cudaGraph_t g,
                                        unsigned long long flags) {
  return cudaGraphInstantiateWithFlags(out, g, flags);
}

EXPORT cudaError_t cudaGraphExecDestroy(cudaGraphExec_t x) {
  cudaError_t e = simR_graph_bad_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphExecDestroy");
  if (e) return e;
  simR_lock();
  graph_free(x->g);
  free(x->order);
  x->g = NULL;
  x->order = NULL;
  simR_handle_delete_locked(x, SIMR_H_GRAPH_EXEC);
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphUpload(cudaGraphExec_t x, cudaStream_t s) {
  cudaError_t e = simR_graph_bad_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphUpload");
  if (e) return e;
  simR_lock();
  e = simR_bad_stream_locked(s, "cudaGraphUpload");
  simR_unlock();
  return e;
}

/* The node of exec x standing for node n of the graph x was made from
 * (the same index); NULL with *e when there is none. */
static struct CUgraphNode_st *exec_node(cudaGraphExec_t x, cudaGraphNode_t n, const char *call,
                                        cudaError_t *e) {
  if ((*e = simR_graph_bad_handle(x, SIMR_H_GRAPH_EXEC, call)) ||
      (*e = simR_graph_bad_handle(n, SIMR_H_GRAPH_NODE, call)))
    return NULL;
  if (n->idx < x->g->n && x->g->v[n->idx]->op.kind == n->op.kind) return x->g->v[n->idx];
  *e = cudaErrorInvalidValue;
  return NULL;
}

EXPORT cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                                    const struct cudaKernelNodeParams *p) {
  cudaError_t e;
  struct CUgraphNode_st *n = exec_node(x, node, "cudaGraphExecKernelNodeSetParams", &e);
  return n ? kernel_set(n, p, "cudaGraphExecKernelNodeSetParams") : e;
}

/* cudaGraphExecUpdateResult: how graph g differs from exec graph o in what
 * an update cannot change (0: nothing), *at: g's node that differs. */
static int update_result(const struct CUgraph_st *g, const struct CUgraph_st *o,
                         struct CUgraphNode_st **at) {
  *at = NULL;
  if (g->n != o->n) return 2; /* TopologyChanged */
  for (unsigned i = 0; i < g->n; i++) {
    const struct CUgraphNode_st *a = g->v[i], *b = o->v[i];
    *at = g->v[i];
    if (a->op.kind != b->op.kind) return 3; /* NodeTypeChanged */
    if (a->ndeps != b->ndeps) return 2;
    for (unsigned d = 0; d < a->ndeps; d++)
      if (a->deps[d]->idx != b->deps[d]->idx) return 2;
    /* a memory node's allocation cannot change (CUDA: not supported) */
    if ((a->op.kind == SIMR_OP_ALLOC || a->op.kind == SIMR_OP_FREE) &&
        (a->op.u.mem.dptr != b->op.u.mem.dptr || a->op.u.mem.size != b->op.u.mem.size))
      return 6; /* NotSupported */
    if (a->op.kind == SIMR_OP_COND &&
        (a->op.u.cond.type != b->op.u.cond.type || a->op.u.cond.size != b->op.u.cond.size ||
         a->op.u.cond.handle != b->op.u.cond.handle))
      return 4; /* FunctionChanged: another condition */
  }
  *at = NULL;
  return 0;
}

EXPORT cudaError_t cudaGraphExecUpdate(cudaGraphExec_t x, cudaGraph_t g, cudaGraphExecUpdateResultInfo *info) {
  cudaError_t e = simR_graph_bad_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphExecUpdate");
  if (!e) e = simR_graph_bad_handle(g, SIMR_H_GRAPH, "cudaGraphExecUpdate");
  if (e) return e;
  simR_lock();
  struct CUgraphNode_st *at;
  int r = update_result(g, x->g, &at);
  struct CUgraph_st *c = r ? NULL : graph_clone(g);
  unsigned *order = c ? malloc((c->n + 1) * sizeof *order) : NULL;
  if (r) {
    e = cudaErrorGraphExecUpdateFailure;
  } else if (!c || !order || topo(c, order) < 0 || cond_prepare(c) < 0) {
    graph_free(c);
    free(order);
    r = 1; /* Error */
    e = cudaErrorMemoryAllocation;
  } else { /* the exec's records become the graph's */
    graph_free(x->g);
    free(x->order);
    x->g = c;
    x->order = order;
  }
  if (info) {
    info->result = (enum cudaGraphExecUpdateResult)r;
    info->errorNode = at;
    info->errorFromNode = NULL;
  }
  if (e) e = simR_error_locked(e);
  simR_unlock();
  return e;
}

/* (runtime/submit.c replays an exec's nodes in this order) */
unsigned simR_graph_exec_size(cudaGraphExec_t x) { return x->g->n; }

simR_op *simR_graph_exec_step(cudaGraphExec_t x, unsigned k, unsigned *idx, unsigned *ndeps) {
  struct CUgraphNode_st *n = x->g->v[x->order[k]];
  *idx = n->idx;
  *ndeps = n->ndeps;
  return &n->op;
}

unsigned simR_graph_exec_dep(cudaGraphExec_t x, unsigned k, unsigned d) {
  return x->g->v[x->order[k]]->deps[d]->idx;
}
