// Compile test for simulee's CUDA headers: a kernel calling a warp reduction
// that CUDA only has from sm_80 on (and simulee's headers do not provide)
// must be rejected with clang's ordinary diagnostic, not crash or compile.
// ERROR: use of undeclared identifier '__reduce_add_sync'
__global__ void reduce(const unsigned int *in, unsigned int *out) {
  unsigned int v = in[threadIdx.x];
  out[threadIdx.x / 32] = __reduce_add_sync(0xffffffffu, v);
}
