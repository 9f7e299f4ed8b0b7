// Pattern: a kernel left as a stub that traps on every path (`__trap()` as
// "not implemented yet"). Every input the search draws ends at the trap, and
// no branch could have gone another way: the trap is what the kernel does,
// an assertion finding (status error, as at a fixed launch), never a clean
// "checked".
__global__ void stub_trap(float *out, int n) {
  __trap();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 0.0f;
}

//@ auto kernel=stub_trap
//@ expect status error
//@ expect assertion 7
