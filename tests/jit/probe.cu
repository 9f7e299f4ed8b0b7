// Fibers against the interpreter (tests/jit.cmake): a kernel with barriers
// runs one fiber per thread natively, and where little work lies between
// its barriers the switches cost more than the interpreter's lock step. Its
// first large unchecked launch runs a few blocks each way and keeps the
// faster for the rest: the tree sum (8 barriers around an add each) is left
// to the interpreter after its first launch; the smoothing kernel (a long
// arithmetic loop between two barriers) stays native. Results checked
// against host loops, the same either way.
#include <cstdio>

#define T 256

// per block: the sum of its values, by a tree in shared memory
__global__ void tree_sum(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[T];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * T + t];
  __syncthreads();
  for (unsigned d = T / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
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
    tree_sum<<<nb, T>>>(out, in);
    cudaMemcpy(o, out, nb * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int b = 0; b < nb; b++) {
      unsigned sum = 0;
      for (int j = 0; j < T; j++) sum += h[b * T + j];
      wrong += o[b] != sum;
    }
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
