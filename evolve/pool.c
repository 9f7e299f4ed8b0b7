/*
 * simulee evolve: work items shared by worker threads (simE_parallel).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "evolve/evolve_int.h"

/* Work items 0..n-1 shared by worker threads: each takes the next index. */
typedef struct pool {
  unsigned n;                            /* items */
  atomic_uint next;                      /* next index to take */
  void (*fn)(void *ctx, unsigned i);     /* the work of item i */
  void *ctx;
} pool;

static void *pool_worker(void *arg) {
  pool *p = arg;
  for (;;) {
    unsigned i = atomic_fetch_add(&p->next, 1);
    if (i >= p->n) break;
    p->fn(p->ctx, i);
  }
  return NULL;
}

/* Run fn(ctx, i) for i in 0..n-1 on up to `threads` threads (the caller's
 * included; fewer when threads cannot be made). */
void simE_workers(unsigned threads, unsigned n, void (*fn)(void *, unsigned), void *ctx) {
  pool p;
  p.n = n;
  atomic_init(&p.next, 0);
  p.fn = fn;
  p.ctx = ctx;
  unsigned nt = threads < n ? threads : n;
  pthread_t few[64];
  pthread_t *th = nt <= 64 ? few : malloc((nt - 1) * sizeof *th);
  unsigned started = 0;
  for (unsigned i = 1; th && i < nt; i++)
    if (pthread_create(&th[started], NULL, pool_worker, &p) == 0) started++;
  pool_worker(&p);
  for (unsigned i = 0; i < started; i++) pthread_join(th[i], NULL);
  if (th != few) free(th);
}

/* The same on at most 64 threads (the searches' batches). */
void simE_parallel(unsigned jobs, unsigned n, void (*fn)(void *, unsigned), void *ctx) {
  simE_workers(jobs > 64 ? 64 : jobs, n, fn, ctx);
}
