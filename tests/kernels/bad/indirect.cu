// Unsupported input for simulee (for now): indirect calls. Pattern: none --
// fnptr_dispatch calls device functions through a table of function
// pointers, which the interpreter does not run yet; it must say so by name
// with the kernel and the source line, end that kernel with status
// "unsupported" (exit status 3) and still run the file's other kernel.
typedef int (*binop)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_xor(int a, int b) { return a ^ b; }

__global__ void fnptr_dispatch(const int *in, int *out) {
  binop ops[4] = {op_add, op_sub, op_mul, op_xor};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = ops[i % 4](in[i], i);
}

__global__ void direct(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = op_mul(in[i], 3);
}
