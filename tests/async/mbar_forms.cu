// Async-copy tests (tests/async.cmake): the inline-PTX spellings of mbarrier
// operations one thread at a time, each result written out so that the
// phase, pending-count and transaction-count rules are checked exactly
// (expected values in the comments, tests/async/expect/forms.txt).
typedef unsigned long long u64;

__device__ __forceinline__ u64 arrive(u64 *b) {
  u64 t;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(t) : "l"(b) : "memory");
  return t;
}
__device__ __forceinline__ u64 arrive_n(u64 *b, unsigned n) {
  u64 t;
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "l"(b), "r"(n) : "memory");
  return t;
}
__device__ __forceinline__ unsigned pending(u64 t) {
  unsigned n;
  asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(n) : "l"(t));
  return n;
}
__device__ __forceinline__ unsigned test_wait(u64 *b, u64 t) {
  unsigned ok;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.b32 %0, 1, 0, p; }"
               : "=r"(ok) : "l"(b), "l"(t) : "memory");
  return ok;
}
__device__ __forceinline__ unsigned test_parity(u64 *b, unsigned par) {
  unsigned ok;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2; selp.b32 %0, 1, 0, p; }"
               : "=r"(ok) : "l"(b), "r"(par) : "memory");
  return ok;
}

__global__ void forms(unsigned *out, int *flag) {
  __shared__ u64 b, c;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"l"(&b), "r"(4u) : "memory");
    u64 t1 = arrive(&b);
    out[0] = pending(t1);                                  // 3
    u64 t2;
    asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], %2;" : "=l"(t2) : "l"(&b), "r"(2u) : "memory");
    out[1] = pending(t2);                                  // 1
    u64 t3;
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(t3) : "l"(&b) : "memory");
    out[2] = pending(t3);                                  // 0: phase 0 completes, 3 expected from now
    out[3] = test_wait(&b, t1);                            // 1
    u64 t4 = arrive(&b);
    out[4] = pending(t4);                                  // 2
    out[5] = test_wait(&b, t4);                            // 0
    out[6] = test_parity(&b, 1);                           // 0: phase 1 runs
    out[7] = test_parity(&b, 0);                           // 1: phase 0 completed
    asm volatile("mbarrier.expect_tx.shared::cta.b64 [%0], %1;" ::"l"(&b), "r"(64u) : "memory");
    u64 t5 = arrive_n(&b, 2);
    out[8] = test_wait(&b, t5);                            // 0: 64 transaction bytes pending
    asm volatile("mbarrier.complete_tx.shared::cta.b64 [%0], %1;" ::"l"(&b), "r"(64u) : "memory");
    out[9] = test_wait(&b, t5);                            // 1
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"l"(&b) : "memory");
    // a wait written as a loop of branches
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"l"(&c), "r"(1u) : "memory");
    (void)arrive(&c);
    asm volatile("{\n\t.reg .pred P1;\n\tLAB_WAIT:\n\t"
                 "mbarrier.try_wait.parity.shared.b64 P1, [%0], %1;\n\t"
                 "@P1 bra.uni DONE;\n\tbra.uni LAB_WAIT;\n\tDONE:\n\t}" ::"l"(&c), "r"(0u) : "memory");
    out[10] = 7;
    // acquire/release words and the warp's own mask
    asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(flag), "r"(5) : "memory");
    int v;
    asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
    unsigned am;
    asm volatile("activemask.b32 %0;" : "=r"(am));
    asm volatile("nanosleep.u32 %0;" ::"r"(100u));
    out[11] = (unsigned)v * 100 + __popc(am);             // 501
  }
}
