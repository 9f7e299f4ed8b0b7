// Kernels for the input-search unit tests (tests/unit/test_evolve.c).
//
// collide: pattern "strided slots", a[(t * stride) % n] = t: the slots of
// threads t < n are distinct exactly when stride is coprime with n (for
// the threads that run), so a write-write race needs a scalar argument
// that makes two indices collide.
__global__ void collide(int *a, int stride, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (n <= 0 || n > 4096 || t >= n) return;
  unsigned slot = ((unsigned)t * (unsigned)stride) % (unsigned)n;
  a[slot] = t;
}

// with_struct: pattern "parameters in a struct passed by value", with a
// pointer inside the struct and a 2-D block; race-free for every input.
struct params {
  int n;
  float scale;
  int *out;
};
__global__ void with_struct(params p, const short *in) {
  int t = threadIdx.x + threadIdx.y * blockDim.x;
  if (t < p.n) p.out[t] = (int)(in[t] * p.scale);
}

// only_y: reads threadIdx.y only (the search varies block.y alone).
__global__ void only_y(float *o) { o[threadIdx.y] = 2.0f * threadIdx.y; }

// copy: pattern "element-wise map", race-free for every input.
__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

// dyn: reads an `extern __shared__` array (the search sizes it).
__global__ void dyn(float *o) {
  extern __shared__ float s[];
  s[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  o[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
