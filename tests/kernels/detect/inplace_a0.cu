// Pattern: a[i] = a[i] + a[0] in place: thread 0's write of a[0] is one
// write hidden among every thread's read of a[0]. Warp 0 reads a[0] in
// lock-step before lane 0 stores it; every other warp (and block) reads it
// unordered with that store: read-write on global memory. add_first_ok
// reads a[0] from a separate input.
__global__ void add_first(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] + a[0];
}

__global__ void add_first_ok(int *a, const int *a0, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] + a0[0];
}

//@ run kernel=add_first grid=4 block=256
//@ arg i32[1024]=1
//@ arg 1024
//@ expect race global rw 8 8
//@ run kernel=add_first_ok grid=4 block=256
//@ arg i32[1024]=1
//@ arg i32[1]=1
//@ arg 1024
//@ expect none
