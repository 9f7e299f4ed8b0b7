// Bad input: a call through a pointer that designates no function (a
// callback slot holding a data value, as after a table was overwritten).
// Pattern: none -- fnptr_dispatch calls through pointers read from a buffer
// of integers: the lanes that call stop with a message naming the call's
// line (exit status 1), and the file's other kernel still runs.
typedef int (*binop)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ binop table[2] = {op_add, op_sub};

__global__ void fnptr_dispatch(const long long *slots, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  binop f = i < 0 ? table[i & 1] : (binop)slots[i];
  out[i] = f(i, 1);
}

__global__ void direct(const long long *slots, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = table[i & 1](i, 3);
}
