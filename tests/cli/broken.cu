// A file that does not compile (for the CLI test of compile errors): it uses
// an undeclared identifier. Bug pattern: none, it never runs.
__global__ void broken(int *out) {
  out[threadIdx.x] = not_declared_anywhere;
}
