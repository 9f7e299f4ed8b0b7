/*
 * simulee runtime: CUDA graphs. Stream capture (cudaStreamBeginCapture ..
 * cudaStreamEndCapture) turns the operations issued on the capturing
 * streams into graph nodes instead of running them: kernel launches (their
 * arguments copied), asynchronous copies and memsets, host functions,
 * cuBLAS and cuRAND calls (a node that makes the call when the graph runs);
 * events recorded and waited for between capturing streams become edges
 * (fork and join). The explicit API builds the same graphs node by node.
 *
 * cudaGraphLaunch replays an instantiated graph on its stream in a
 * topological order: every node runs at once, as every launch does, and
 * takes its place in the order between launches (runtime/order.c) as an
 * operation on a branch of its own whose clock is the launch stream's
 * joined with the clocks of its dependencies. Nodes the graph's edges do
 * not order are concurrent, as two streams are: a kernel node writing what
 * another unordered kernel node reads or writes is a race between launches.
 * After the graph, its stream is ordered after every node.
 */
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

const char *cudaGetErrorName(cudaError_t e); /* runtime/api.c */

typedef enum nkind { N_KERNEL, N_COPY, N_SET, N_HOST, N_EMPTY, N_LIB } nkind;

/* A node (cudaGraphNode_t). */
struct CUgraphNode_st {
  nkind kind;                    /* what it does */
  struct CUgraph_st *g;          /* its graph */
  unsigned idx;                  /* its index in g */
  struct CUgraphNode_st **deps;  /* the nodes it depends on */
  unsigned ndeps;                /* their number */
  /* N_KERNEL */
  const void *stub;              /* the kernel's host stub */
  simR_dim3 grid, block, cluster; /* its shape */
  size_t shared;                 /* dynamic shared bytes */
  void **args;                   /* the copied arguments (simR_copy_args_locked) */
  size_t argbytes;               /* bytes of that block */
  unsigned nargs;                /* argument pointers at its start */
  void *frames[16];              /* the call stack that made it (the launch's line) */
  int nframes;
  /* N_COPY, N_SET: rows of width bytes (N_SET: of elem-byte elements) */
  void *dst;                     /* destination */
  const void *src;               /* N_COPY: source */
  size_t dpitch, spitch;         /* row pitches */
  size_t width, height;          /* bytes per row, rows */
  unsigned value;                /* N_SET: the element's value */
  unsigned elem;                 /* N_SET: its bytes (1, 2 or 4) */
  /* N_HOST */
  void (*fn)(void *);            /* the host function */
  void *data;                    /* its argument */
  /* N_LIB */
  int (*run)(const void *, cudaStream_t); /* the captured library call */
  void *libdata;                 /* its arguments (owned) */
  size_t libbytes;               /* their bytes */
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

static void node_free(struct CUgraphNode_st *n) {
  if (!n) return;
  free(n->deps);
  free(n->args);
  free(n->libdata);
  n->deps = NULL, n->args = NULL, n->libdata = NULL;
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

/* Graph, exec or node h of `kind` for API function `call`: cudaSuccess, or
 * after the registry's warning cudaErrorInvalidValue (a null handle, as
 * CUDA returns) or cudaErrorInvalidResourceHandle (a destroyed or unknown
 * one), also the last error. */
static cudaError_t bad_graph_handle(const void *h, unsigned kind, const char *call) {
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
static struct CUgraphNode_st *node_add(struct CUgraph_st *g, nkind kind,
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
  n->kind = kind;
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

/* A deep copy of g (the nodes' dependencies point into the copy). */
static struct CUgraph_st *graph_clone(const struct CUgraph_st *g) {
  struct CUgraph_st *c = graph_new();
  if (!c) return NULL;
  for (unsigned i = 0; i < g->n; i++) {
    const struct CUgraphNode_st *o = g->v[i];
    struct CUgraphNode_st *n = node_add(c, o->kind, NULL, 0);
    if (!n) goto fail;
    struct CUgraphNode_st keep = *n;
    *n = *o;
    n->g = keep.g;
    n->idx = keep.idx;
    n->deps = o->ndeps ? malloc(o->ndeps * sizeof *n->deps) : NULL;
    n->args = NULL;
    n->libdata = NULL;
    if (o->ndeps && !n->deps) goto fail;
    if (o->libdata) {
      n->libdata = malloc(o->libbytes ? o->libbytes : 1);
      if (!n->libdata) goto fail;
      memcpy(n->libdata, o->libdata, o->libbytes);
    }
    if (o->args) {
      n->args = malloc(o->argbytes ? o->argbytes : 1);
      if (!n->args) goto fail;
      memcpy(n->args, o->args, o->argbytes);
      /* the argument pointers point into the block: relocate them */
      for (unsigned a = 0; a < o->nargs; a++)
        n->args[a] = (uint8_t *)n->args + ((uint8_t *)o->args[a] - (uint8_t *)o->args);
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

int simR_capturing_locked(cudaStream_t s) { return capture_of(s) != NULL; }

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
static struct CUgraphNode_st *capture_node(cudaStream_t s, nkind kind) {
  simR_capture *c = capture_of(s);
  struct CUgraphNode_st *n = node_add(c->g, kind, s->tail, s->ntail);
  if (!n || set_tail(s, &n, 1) < 0) {
    c->invalid = 1;
    return NULL;
  }
  return n;
}

cudaError_t simR_capture_refuse_locked(cudaStream_t s, const char *what) {
  simR_capture *c = capture_of(s);
  if (c) c->invalid = 1;
  fprintf(stderr, "simulee: error: %s on a capturing stream cannot be captured "
          "(cudaErrorStreamCaptureUnsupported); the capture is invalidated\n", what);
  return simR_error_locked(cudaErrorStreamCaptureUnsupported);
}

cudaError_t simR_capture_kernel_locked(cudaStream_t s, const void *stub, simR_dim3 grid,
                                       simR_dim3 block, simR_dim3 cluster, size_t shared,
                                       void **args, void *const *frames, int nframes) {
  cudaError_t e = simR_sticky_locked();
  if (e) return e;
  if (simR_bad_config(grid, block, cluster)) {
    capture_of(s)->invalid = 1;
    return simR_error_locked(cudaErrorInvalidConfiguration);
  }
  size_t bytes = 0;
  unsigned nargs = 0;
  void **copy = simR_copy_args_locked(stub, args, &bytes, &nargs, &e);
  if (!copy) {
    capture_of(s)->invalid = 1;
    return simR_error_locked(e);
  }
  struct CUgraphNode_st *n = capture_node(s, N_KERNEL);
  if (!n) {
    free(copy);
    return simR_error_locked(cudaErrorMemoryAllocation);
  }
  n->stub = stub;
  n->grid = grid, n->block = block, n->cluster = cluster;
  n->shared = shared;
  n->args = copy;
  n->argbytes = bytes;
  n->nargs = nargs;
  n->nframes = nframes < 16 ? nframes : 16;
  memcpy(n->frames, frames, (size_t)n->nframes * sizeof *frames);
  return cudaSuccess;
}

cudaError_t simR_capture_copy_locked(cudaStream_t s, void *dst, size_t dpitch, const void *src,
                                     size_t spitch, size_t width, size_t height) {
  if (height > 1 && (width > dpitch || width > spitch))
    return simR_error_locked(cudaErrorInvalidPitchValue);
  struct CUgraphNode_st *n = capture_node(s, N_COPY);
  if (!n) return simR_error_locked(cudaErrorMemoryAllocation);
  n->dst = dst, n->src = src, n->dpitch = dpitch, n->spitch = spitch;
  n->width = width, n->height = height;
  return cudaSuccess;
}

cudaError_t simR_capture_set_locked(cudaStream_t s, void *dst, size_t pitch, int value,
                                    size_t width, size_t height) {
  if (height > 1 && width > pitch) return simR_error_locked(cudaErrorInvalidPitchValue);
  struct CUgraphNode_st *n = capture_node(s, N_SET);
  if (!n) return simR_error_locked(cudaErrorMemoryAllocation);
  n->dst = dst, n->dpitch = pitch, n->value = (unsigned)value & 0xffu, n->elem = 1;
  n->width = width, n->height = height;
  return cudaSuccess;
}

cudaError_t simR_capture_host_locked(cudaStream_t s, void (*fn)(void *), void *data) {
  struct CUgraphNode_st *n = capture_node(s, N_HOST);
  if (!n) return simR_error_locked(cudaErrorMemoryAllocation);
  n->fn = fn, n->data = data;
  return cudaSuccess;
}

cudaError_t simR_capture_libcall_locked(cudaStream_t s, int (*run)(const void *, cudaStream_t),
                                        const void *data, size_t bytes) {
  void *copy = malloc(bytes ? bytes : 1);
  struct CUgraphNode_st *n = copy ? capture_node(s, N_LIB) : NULL;
  if (!n) {
    free(copy);
    return simR_error_locked(cudaErrorMemoryAllocation);
  }
  memcpy(copy, data, bytes);
  n->run = run, n->libdata = copy, n->libbytes = bytes;
  return cudaSuccess;
}

cudaError_t simR_capture_record_locked(cudaEvent_t ev, cudaStream_t s) {
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

int simR_capture_wait_locked(cudaStream_t s, cudaEvent_t ev, cudaError_t *e) {
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

EXPORT cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode) {
  (void)mode; /* simulee makes no call unsafe for a capture in another thread */
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
    if (c) c->g = graph_new();
    if (!c || !c->streams || !c->g) {
      if (c) free(c->streams), graph_free(c->g);
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
      set_tail(s, NULL, 0);
    }
  }
  simR_unlock();
  return e;
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
  if (!graph) return cudaErrorInvalidValue;
  simR_lock();
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
    if (e) graph_free(c->g);
    else *graph = c->g;
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
  cudaError_t e = bad_graph_handle(graph, SIMR_H_GRAPH, "cudaGraphDestroy");
  if (e) return e;
  simR_lock();
  graph_free(graph);
  simR_unlock();
  return cudaSuccess;
}

/* The start of an AddXNode: the checks, the node; NULL with *e. */
static struct CUgraphNode_st *add_api(cudaGraphNode_t *out, cudaGraph_t g,
                                      const cudaGraphNode_t *deps, size_t ndeps, nkind kind,
                                      cudaError_t *e) {
  *e = cudaErrorInvalidValue;
  if (!out || (ndeps && !deps)) return NULL;
  if ((*e = bad_graph_handle(g, SIMR_H_GRAPH, "cudaGraphAdd*Node"))) return NULL;
  *e = cudaErrorInvalidValue;
  if (!deps_of(g, deps, ndeps)) return NULL;
  struct CUgraphNode_st *n = node_add(g, kind, deps, (unsigned)ndeps);
  *e = n ? cudaSuccess : cudaErrorMemoryAllocation;
  if (n) *out = n;
  return n;
}

/* cudaKernelNodeParams (cuda/driver_types.h) */
typedef struct kernel_params {
  void *func;
  simR_dim3 grid, block;
  unsigned shared;
  void **args;
  void **extra;
} kernel_params;

EXPORT cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *out, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const kernel_params *p) {
  if (!p) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  if (p->extra) {
    e = simR_unsupported_locked("cudaGraphAddKernelNode with `extra` arguments");
    simR_unlock();
    return e;
  }
  if (simR_bad_config(p->grid, p->block, (simR_dim3){0, 0, 0})) {
    e = simR_error_locked(cudaErrorInvalidConfiguration);
    simR_unlock();
    return e;
  }
  size_t bytes = 0;
  unsigned nargs = 0;
  void **copy = simR_copy_args_locked(p->func, p->args, &bytes, &nargs, &e);
  struct CUgraphNode_st *n = copy ? add_api(out, g, deps, ndeps, N_KERNEL, &e) : NULL;
  if (!n) {
    free(copy);
    e = simR_error_locked(e);
    simR_unlock();
    return e;
  }
  n->stub = p->func;
  n->grid = p->grid, n->block = p->block;
  n->shared = p->shared;
  n->args = copy;
  n->argbytes = bytes;
  n->nargs = nargs;
  n->nframes = backtrace(n->frames, 16);
  simR_unlock();
  return cudaSuccess;
}

EXPORT cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *out, cudaGraph_t g,
                                            const cudaGraphNode_t *deps, size_t ndeps, void *dst,
                                            const void *src, size_t count, int kind) {
  (void)kind;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, N_COPY, &e);
  if (n) {
    n->dst = dst, n->src = src, n->dpitch = n->spitch = n->width = count;
    n->height = 1;
  }
  simR_unlock();
  return e;
}

/* cudaMemsetParams (cuda/driver_types.h) */
typedef struct memset_params {
  void *dst;
  size_t pitch;
  unsigned value, elem;
  size_t width, height;
} memset_params;

EXPORT cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *out, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t ndeps,
                                          const memset_params *p) {
  if (!p || (p->elem != 1 && p->elem != 2 && p->elem != 4)) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, N_SET, &e);
  if (n) {
    n->dst = p->dst, n->dpitch = p->pitch ? p->pitch : p->width * p->elem;
    n->value = p->value, n->elem = p->elem, n->width = p->width * p->elem;
    n->height = p->height ? p->height : 1;
  }
  simR_unlock();
  return e;
}

/* cudaHostNodeParams (cuda/driver_types.h) */
typedef struct host_params {
  void (*fn)(void *);
  void *data;
} host_params;

EXPORT cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *out, cudaGraph_t g,
                                        const cudaGraphNode_t *deps, size_t ndeps,
                                        const host_params *p) {
  if (!p || !p->fn) return cudaErrorInvalidValue;
  simR_lock();
  cudaError_t e;
  struct CUgraphNode_st *n = add_api(out, g, deps, ndeps, N_HOST, &e);
  if (n) n->fn = p->fn, n->data = p->data;
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *out, cudaGraph_t g,
                                         const cudaGraphNode_t *deps, size_t ndeps) {
  simR_lock();
  cudaError_t e;
  add_api(out, g, deps, ndeps, N_EMPTY, &e);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                            const cudaGraphNode_t *to, size_t num) {
  cudaError_t be = bad_graph_handle(g, SIMR_H_GRAPH, "cudaGraphAddDependencies");
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
  cudaError_t be = bad_graph_handle(g, SIMR_H_GRAPH, "cudaGraphGetNodes");
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
  cudaError_t be = bad_graph_handle(g, SIMR_H_GRAPH, "cudaGraphGetRootNodes");
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
  cudaError_t be = bad_graph_handle(n, SIMR_H_GRAPH_NODE, "cudaGraphNodeGetType");
  if (be) return be;
  /* cudaGraphNodeType: kernel 0, memcpy 1, memset 2, host 3, empty 5 (a
   * library call is kernels on a GPU) */
  static const int T[] = {0, 1, 2, 3, 5, 0};
  *type = T[n->kind];
  return cudaSuccess;
}

/* ------------------------------------------ instantiate and launch */

EXPORT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *out, cudaGraph_t g,
                                                 unsigned long long flags) {
  (void)flags; /* uploads, auto-free, priorities: nothing to do here */
  if (!out) return cudaErrorInvalidValue;
  cudaError_t e = bad_graph_handle(g, SIMR_H_GRAPH, "cudaGraphInstantiate");
  if (e) return e;
  simR_lock();
  struct CUgraphExec_st *x = simR_handle_new_locked(SIMR_H_GRAPH_EXEC, sizeof *x);
  if (x) x->g = graph_clone(g);
  if (x && x->g) x->order = malloc((g->n + 1) * sizeof *x->order);
  if (!x || !x->g || !x->order) {
    e = cudaErrorMemoryAllocation;
  } else if (topo(x->g, x->order) < 0) {
    fprintf(stderr, "simulee: error: cudaGraphInstantiate: the graph's dependencies form a "
            "cycle\n");
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
  cudaError_t e = bad_graph_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphExecDestroy");
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
  cudaError_t e = bad_graph_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphUpload");
  if (e) return e;
  simR_lock();
  e = simR_bad_stream_locked(s, "cudaGraphUpload");
  simR_unlock();
  return e;
}

/* A stand-in stream handle for clock index lane (a graph launch's branch):
 * what an operation placed on a stream (simR_libcall_begin_locked) takes. */
static cudaStream_t lane_stream(unsigned lane, struct CUstream_st *buf) {
  memset(buf, 0, sizeof *buf);
  buf->idx = lane;
  return lane ? buf : NULL;
}

/* A memset node of 2- or 4-byte elements, issued on clock index lane: an
 * operation in the order between launches, as a memset is. */
static cudaError_t set_elements(unsigned lane, const struct CUgraphNode_st *n) {
  struct CUstream_st ls;
  simR_libcall_begin_locked(lane_stream(lane, &ls), "a memset node");
  cudaError_t e = simR_sticky_locked();
  if (!e && n->height > 1 && n->width > n->dpitch)
    e = simR_error_locked(cudaErrorInvalidPitchValue);
  for (size_t r = 0; r < n->height && !e; r++) {
    void *row = (void *)((uintptr_t)n->dst + r * n->dpitch);
    uint8_t *h = simR_host_bytes_locked(row, n->width, &e);
    if (!h) {
      e = simR_error_locked(e);
      break;
    }
    simR_libcall_access_locked(row, n->width, 1);
    for (size_t k = 0; k + n->elem <= n->width; k += n->elem) {
      uint16_t v2 = (uint16_t)n->value;
      uint32_t v4 = n->value;
      memcpy(h + k, n->elem == 2 ? (const void *)&v2 : (const void *)&v4, n->elem);
    }
  }
  simR_libcall_end_locked();
  return e;
}

static void join(uint64_t *a, const uint64_t *b) {
  for (unsigned i = 0; i < SIMR_MAX_STREAMS; i++)
    if (b[i] > a[i]) a[i] = b[i];
}

EXPORT cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t s) {
  cudaError_t e = bad_graph_handle(x, SIMR_H_GRAPH_EXEC, "cudaGraphLaunch");
  if (e) return e;
  simR_lock();
  e = simR_bad_stream_locked(s, "cudaGraphLaunch");
  if (!e) e = simR_sticky_locked();
  if (!e && simR_capturing_locked(s)) e = simR_capture_refuse_locked(s, "cudaGraphLaunch");
  const struct CUgraph_st *g = x->g;
  uint64_t (*vcs)[SIMR_MAX_STREAMS] = e ? NULL : calloc(g->n + 1, sizeof *vcs);
  if (!e && !vcs) e = simR_error_locked(cudaErrorMemoryAllocation);
  if (e) {
    simR_unlock();
    return e;
  }
  unsigned sidx = simR_stream_index(s);
  uint64_t base[SIMR_MAX_STREAMS], all[SIMR_MAX_STREAMS];
  simR_order_record_locked(sidx, base); /* what the graph's stream did before it */
  memcpy(all, base, sizeof all);
  for (unsigned k = 0; k < g->n && !e; k++) {
    const struct CUgraphNode_st *n = g->v[x->order[k]];
    uint64_t vc[SIMR_MAX_STREAMS];
    memcpy(vc, base, sizeof vc);
    for (unsigned d = 0; d < n->ndeps; d++) join(vc, vcs[n->deps[d]->idx]);
    unsigned lane = simR_order_lane_locked(vc);
    simR_order_wait_locked(lane, vc);
    switch (n->kind) {
    case N_KERNEL:
      e = simR_launch_locked(n->stub, n->grid, n->block, n->args, n->shared, lane, n->cluster,
                             n->frames, n->nframes);
      break;
    case N_COPY:
      e = simR_copy2d_locked(lane, n, n->dst, n->dpitch, n->src, n->spitch, n->width,
                             n->height);
      break;
    case N_SET:
      e = n->elem == 1 ? simR_set2d_locked(lane, n, n->dst, n->dpitch, (int)n->value, n->width,
                                           n->height)
                       : set_elements(lane, n);
      break;
    case N_HOST:
      simR_order_op_locked(lane);
      n->fn(n->data); /* everything it depends on is complete */
      break;
    case N_LIB: {
      struct CUstream_st ls;
      if (n->run(n->libdata, lane_stream(lane, &ls))) e = simR_error_locked(cudaErrorLaunchFailure);
      break;
    }
    case N_EMPTY:
      break;
    }
    simR_order_record_locked(lane, vcs[n->idx]);
    join(all, vcs[n->idx]);
  }
  /* the stream's later work comes after every node */
  simR_order_wait_locked(sidx, all);
  free(vcs);
  simR_unlock();
  return e;
}
