/*
 * simulee runtime: the executors of stream operations, by kind (see
 * runtime/op.h). Each file that builds a kind's records registers its
 * executor here from a constructor; submit (runtime/submit.c) and the
 * graphs (runtime/graph.c) reach them only through this table. A library
 * call's executor is here: its record carries the function that makes it.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/op.h"

static const simR_executor *table[SIMR_OP_NKINDS];

void simR_op_register(simR_opkind kind, const simR_executor *x) {
  if ((unsigned)kind < SIMR_OP_NKINDS) table[kind] = x;
}

const simR_executor *simR_op_executor(simR_opkind kind) {
  return (unsigned)kind < SIMR_OP_NKINDS ? table[kind] : NULL;
}

cudaError_t simR_op_keep_locked(simR_op *op, int *invalidates) {
  const simR_executor *x = simR_op_executor(op->kind);
  *invalidates = 0;
  return x && x->keep ? x->keep(op, invalidates) : cudaSuccess;
}

void simR_op_drop_locked(simR_op *op) {
  const simR_executor *x = simR_op_executor(op->kind);
  if (x && x->drop) x->drop(op);
}

cudaError_t simR_op_dup_locked(simR_op *op) {
  const simR_executor *x = simR_op_executor(op->kind);
  return x && x->dup ? x->dup(op) : cudaSuccess;
}

/* ------------------------------------------------------- library calls */

static cudaError_t lib_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)sidx;
  return op->u.lib.run(op->u.lib.data, lane) ? simR_error_locked(cudaErrorLaunchFailure)
                                             : cudaSuccess;
}

static cudaError_t lib_copy(simR_op *op) {
  void *copy = malloc(op->u.lib.bytes ? op->u.lib.bytes : 1);
  if (!copy) return cudaErrorMemoryAllocation;
  memcpy(copy, op->u.lib.data, op->u.lib.bytes);
  op->u.lib.data = copy;
  return cudaSuccess;
}

/* A captured call: its own copy, readied by its library (a status of the
 * library's refuses it; the capture goes on). */
static cudaError_t lib_keep(simR_op *op, int *invalidates) {
  *invalidates = 0;
  cudaError_t e = lib_copy(op);
  int st = !e && op->u.lib.ready ? op->u.lib.ready(op->u.lib.data) : 0;
  if (op->u.lib.status) *op->u.lib.status = st;
  op->u.lib.status = NULL; /* the caller's, gone after the call */
  if (!st) return e;
  free(op->u.lib.data);
  op->u.lib.data = NULL;
  return cudaErrorInvalidValue;
}

static void lib_drop(simR_op *op) {
  free(op->u.lib.data);
  op->u.lib.data = NULL;
}

static const simR_executor lib_executor = {lib_run, lib_keep, lib_drop, lib_copy, NULL};

__attribute__((constructor)) static void register_lib(void) {
  simR_op_register(SIMR_OP_LIB, &lib_executor);
}
