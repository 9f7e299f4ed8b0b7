// Coroutines against the interpreter (tests/jit.cmake): a kernel with
// barriers runs each thread as a coroutine natively, suspended at each
// barrier, and where little work lies between its barriers the suspensions
// can cost more than the interpreter's lock step. Its first large unchecked
// launch runs a few blocks each way, and the rest of it and its later
// launches go to the engine the probe chose: the rotation (128 barriers
// around a shared-memory move each) and the smoothing kernel (a long
// arithmetic loop between two barriers). Results checked against host
// loops, the same either way.
#include <cstdio>

#define T 256
#define R 64

// per block: its values rotated by R places, one place per step through
// shared memory
__global__ void rotate(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[T];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * T + t];
  for (int r = 0; r < R; r++) {
    __syncthreads();
    unsigned v = s[(t + 1) % T];
    __syncthreads();
    s[t] = v;
  }
  out[blockIdx.x * T + t] = s[t];
}

// per element: a long integer recurrence seeded by its neighbour's value
__global__ void smooth(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[T];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * T + t];
  __syncthreads();
  unsigned v = s[(t + 1) % T];
  for (int i = 0; i < 4000; i++) v = v * 1664525u + 1013904223u + (v >> 13);
  __syncthreads();
  out[blockIdx.x * T + t] = v;
}

int main() {
  const int nb = 1024, n = nb * T;
  unsigned *h = new unsigned[n], *o = new unsigned[n], *in, *out;
  for (int i = 0; i < n; i++) h[i] = (unsigned)(i * 2654435761u) >> 20;
  cudaMalloc(&in, n * sizeof(unsigned));
  cudaMalloc(&out, n * sizeof(unsigned));
  cudaMemcpy(in, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
  long wrong = 0;
  for (int round = 0; round < 3; round++) {
    rotate<<<nb, T>>>(out, in);
    cudaMemcpy(o, out, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) wrong += o[i] != h[(i / T) * T + (i % T + R) % T];
    smooth<<<nb, T>>>(out, in);
    cudaMemcpy(o, out, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i += 97) {
      unsigned v = h[(i / T) * T + (i % T + 1) % T];
      for (int k = 0; k < 4000; k++) v = v * 1664525u + 1013904223u + (v >> 13);
      wrong += o[i] != v;
    }
  }
  printf("probe: %ld wrong\n", wrong);
  return 0;
}
