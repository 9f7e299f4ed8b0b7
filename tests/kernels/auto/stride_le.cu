// Pattern: a grid-stride loop that clears n elements, written with `<=`
// (an off-by-one): the thread whose index reaches n writes a[n], one past
// the end of an n-element buffer. The search draws n and sizes the buffer
// to it in one detection run, so the write past the end shows.
__global__ void zero_le(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += gridDim.x * blockDim.x)
    a[i] = 0.0f;
}

//@ auto kernel=zero_le
//@ expect oob global 7
