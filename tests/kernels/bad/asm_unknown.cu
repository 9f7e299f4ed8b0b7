// Unsupported input for simulee: inline PTX it does not execute (here a bit
// field extract). Pattern: none -- the kernel must end with status
// "unsupported" naming the asm text, the kernel and the line (exit status 3),
// and the file's other kernel still runs.
__global__ void field(const unsigned *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned r;
  asm("bfe.u32 %0, %1, 8, 4;" : "=r"(r) : "r"(in[i]));
  out[i] = r;
}

__global__ void direct(const unsigned *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 3u;
}
