// Async-copy tests (tests/async.cmake): a tensor-map bulk store (TMA,
// shared to global) is not executed; the run ends "unsupported" naming the
// instruction. (Tensor-map loads run: tests/async/tma.cu.)
__global__ void tma_load(int *out, const void *tmap) {
  __shared__ int tile[64];
  tile[threadIdx.x] = threadIdx.x;
  asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%0, {%1}], [%2];"
               ::"l"(tmap), "r"(0), "l"(tile) : "memory");
  out[threadIdx.x] = tile[threadIdx.x];
}
