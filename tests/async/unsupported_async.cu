// Async-copy tests (tests/async.cmake): a tensor-map bulk copy (TMA) is not
// executed; the run ends "unsupported" naming the instruction.
__global__ void tma_load(int *out, const void *tmap) {
  __shared__ int tile[64];
  __shared__ unsigned long long bar;
  asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"
               ::"l"(tile), "l"(tmap), "r"(0), "l"(&bar) : "memory");
  out[threadIdx.x] = tile[threadIdx.x];
}
