/*
 * Unit tests of the runtime's handle registry (runtime/handles.c): kinds,
 * tombstones of destroyed handles, id handles, the quarantine that keeps a
 * destroyed handle's memory (and its tombstone) for a while, lookups after
 * many insertions and erasures, and the stream check's special values.
 * handles.c is compiled in here with the two runtime functions it calls.
 */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/handles.c"

/* (runtime/hostline.c and state.c in the library) */
int simR_host_line_locked(void *const *frames, int n, char *file, size_t len, unsigned *line) {
  (void)frames, (void)n;
  if (len) file[0] = 0;
  *line = 0;
  return 0;
}
static cudaError_t last_err;
cudaError_t simR_error_locked(cudaError_t e) {
  if (e) last_err = e;
  return e;
}

static void test_kinds(void) {
  int obj;
  CU_ASSERT_EQUAL(simR_handle_add_locked(0x5000, SIMR_H_EVENT, &obj), 0);
  CU_ASSERT_PTR_EQUAL(simR_handle_get_locked(0x5000, SIMR_H_EVENT), &obj);
  CU_ASSERT_PTR_NULL(simR_handle_get_locked(0x5000, SIMR_H_STREAM));
  CU_ASSERT_EQUAL(simR_handle_state_locked(0x5000, SIMR_H_STREAM), SIMR_HANDLE_OTHER_KIND);
  CU_ASSERT_EQUAL(simR_handle_state_locked(0x5008, SIMR_H_EVENT), SIMR_HANDLE_UNKNOWN);
  CU_ASSERT_EQUAL(simR_handle_add_locked(0, SIMR_H_EVENT, &obj), -1); /* 0 is no handle */
  /* removing it as another kind changes nothing */
  CU_ASSERT_PTR_NULL(simR_handle_remove_locked(0x5000, SIMR_H_STREAM));
  CU_ASSERT_PTR_EQUAL(simR_handle_remove_locked(0x5000, SIMR_H_EVENT), &obj);
  CU_ASSERT_EQUAL(simR_handle_state_locked(0x5000, SIMR_H_EVENT), SIMR_HANDLE_DESTROYED);
  CU_ASSERT_PTR_NULL(simR_handle_remove_locked(0x5000, SIMR_H_EVENT)); /* twice */
  CU_ASSERT_PTR_NULL(simR_handle_check_locked(0x5000, SIMR_H_EVENT, "cudaEventRecord", "E"));
  /* registered again: alive, next generation */
  CU_ASSERT_EQUAL(simR_handle_add_locked(0x5000, SIMR_H_EVENT, &obj), 0);
  CU_ASSERT_EQUAL(find(0x5000)->gen, 2u);
  CU_ASSERT_PTR_EQUAL(simR_handle_check_locked(0x5000, SIMR_H_EVENT, "cudaEventRecord", "E"),
                      &obj);
  simR_handle_remove_locked(0x5000, SIMR_H_EVENT);
}

static void test_id_handles(void) {
  /* a texture object is an id, not a pointer */
  static char tex[16];
  CU_ASSERT_EQUAL(simR_handle_add_locked(42, SIMR_H_TEXTURE, tex), 0);
  CU_ASSERT_PTR_EQUAL(simR_handle_get_locked(42, SIMR_H_TEXTURE), tex);
  CU_ASSERT_PTR_EQUAL(simR_handle_remove_locked(42, SIMR_H_TEXTURE), tex);
  CU_ASSERT_PTR_NULL(simR_handle_get_locked(42, SIMR_H_TEXTURE));
  CU_ASSERT_STRING_EQUAL(simR_handle_kind_name(SIMR_H_TEXTURE), "texture object");
  CU_ASSERT_STRING_EQUAL(simR_handle_kind_name(999), "handle");
}

static void test_streams(void) {
  last_err = cudaSuccess;
  CU_ASSERT(simR_stream_ok_locked(NULL, "cudaLaunchKernel"));
  CU_ASSERT(simR_stream_ok_locked((cudaStream_t)(uintptr_t)1, "cudaLaunchKernel"));
  CU_ASSERT(simR_stream_ok_locked((cudaStream_t)(uintptr_t)2, "cudaLaunchKernel"));
  CU_ASSERT(!simR_stream_ok_locked((cudaStream_t)(uintptr_t)0x1234, "cudaLaunchKernel"));
  CU_ASSERT_EQUAL(simR_bad_stream_locked((cudaStream_t)(uintptr_t)0x1234, "cudaMemcpyAsync"),
                  cudaErrorInvalidResourceHandle);
  CU_ASSERT_EQUAL(last_err, cudaErrorInvalidResourceHandle);
  struct CUstream_st *s = simR_handle_new_locked(SIMR_H_STREAM, sizeof *s);
  CU_ASSERT_PTR_NOT_NULL_FATAL(s);
  CU_ASSERT(simR_stream_ok_locked(s, "cudaStreamSynchronize"));
  simR_handle_delete_locked(s, SIMR_H_STREAM);
  /* destroyed: refused, never read (its memory is still the registry's) */
  CU_ASSERT(!simR_stream_ok_locked(s, "cudaStreamSynchronize"));
  simR_handle_delete_locked(s, SIMR_H_STREAM); /* a second destroy: nothing */
  CU_ASSERT_EQUAL(simR_handle_state_locked((uint64_t)(uintptr_t)s, SIMR_H_STREAM),
                  SIMR_HANDLE_DESTROYED);
}

static void test_quarantine(void) {
  /* a destroyed handle stays destroyed (its memory kept, so no new handle
   * gets its value) until SIMR_HANDLE_QUARANTINE more are retired after it;
   * then its memory is freed and its entry goes */
  void *first = simR_handle_new_locked(SIMR_H_EVENT, 8);
  CU_ASSERT_PTR_NOT_NULL_FATAL(first);
  simR_handle_delete_locked(first, SIMR_H_EVENT);
  void *live[64];
  for (unsigned i = 0; i < 64; i++) live[i] = simR_handle_new_locked(SIMR_H_GRAPH, 24);
  while (qn < SIMR_HANDLE_QUARANTINE) { /* fill it: `first` is its oldest but one */
    void *p = simR_handle_new_locked(SIMR_H_EVENT, 8);
    CU_ASSERT_PTR_NOT_EQUAL(p, first);
    simR_handle_delete_locked(p, SIMR_H_EVENT);
  }
  const uint64_t fk = (uint64_t)(uintptr_t)first;
  CU_ASSERT_EQUAL(simR_handle_state_locked(fk, SIMR_H_EVENT), SIMR_HANDLE_DESTROYED);
  void *p = simR_handle_new_locked(SIMR_H_STREAM, 8); /* evicts the oldest */
  simR_handle_delete_locked(p, SIMR_H_STREAM);
  CU_ASSERT_EQUAL(simR_handle_state_locked(fk, SIMR_H_EVENT), SIMR_HANDLE_DESTROYED);
  p = simR_handle_new_locked(SIMR_H_STREAM, 8);
  CU_ASSERT_PTR_NOT_EQUAL(p, first);
  simR_handle_delete_locked(p, SIMR_H_STREAM); /* evicts `first` */
  CU_ASSERT_EQUAL(simR_handle_state_locked(fk, SIMR_H_EVENT), SIMR_HANDLE_UNKNOWN);
  /* many more, erasing entries from the middle of probe chains: every live
   * handle is still found */
  for (unsigned i = 0; i < 3 * SIMR_HANDLE_QUARANTINE; i++) {
    void *q = simR_handle_new_locked(i % 2 ? SIMR_H_STREAM : SIMR_H_EVENT, 8 + i % 40);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    simR_handle_delete_locked(q, i % 2 ? SIMR_H_STREAM : SIMR_H_EVENT);
  }
  for (unsigned i = 0; i < 64; i++)
    CU_ASSERT_PTR_EQUAL(simR_handle_get_locked((uint64_t)(uintptr_t)live[i], SIMR_H_GRAPH),
                        live[i]);
  CU_ASSERT_EQUAL(qn, SIMR_HANDLE_QUARANTINE);
  /* the table holds the live handles, the quarantine's tombstones and the
   * id handles' of the tests above */
  CU_ASSERT(used <= 64 + SIMR_HANDLE_QUARANTINE + 4);
  for (unsigned i = 0; i < 64; i++) simR_handle_delete_locked(live[i], SIMR_H_GRAPH);
}

int test_handles_register(void) {
  CU_pSuite s = CU_add_suite("handles", NULL, NULL);
  if (!s) return -1;
  if (!CU_add_test(s, "kinds", test_kinds) || !CU_add_test(s, "id_handles", test_id_handles) ||
      !CU_add_test(s, "streams", test_streams) ||
      !CU_add_test(s, "quarantine", test_quarantine))
    return -1;
  return 0;
}
