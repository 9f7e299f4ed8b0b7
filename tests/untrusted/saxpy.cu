// Source of the corrupt-bitcode fixtures (tests/untrusted/*.bc): a plain,
// race-free saxpy. The fixtures are its -O2 bitcode with a few bits flipped,
// the bug pattern being a damaged or hostile module that crashes LLVM's own
// reader (SIGSEGV) or makes it abort (SIGABRT) while it is parsed.
__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
