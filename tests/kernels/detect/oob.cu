// Pattern: an index past the end of a buffer. scale reads and writes a[i]
// without checking i < n, and the launch has more threads than elements:
// out-of-bounds (the interpreter refuses the access and reports it).
// scale_ok checks the bound.
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] * 2.0f;
}

__global__ void scale_ok(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * 2.0f;
}

//@ run kernel=scale grid=2 block=64
//@ arg f32[100]=1
//@ arg 100
//@ expect oob global 7
//@ run kernel=scale_ok grid=2 block=64
//@ arg f32[100]=1
//@ arg 100
//@ expect none
