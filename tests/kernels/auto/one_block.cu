// Pattern: a kernel written for one block (<<<1, N>>>): it never reads
// blockIdx or gridDim and hands out slots with a block-scope atomic
// (atomicAdd_block). Within one block the slots are distinct and the
// counter is atomic; only a launch of several blocks, which the kernel is
// not written for, makes the blocks' block-scope atomics race. The search
// honours the precondition: that race is a note saying why
// (outside-program-launches, "written for one block"), not an error.
// claim_device: the same with atomicAdd (device scope): no precondition, and
// no race at any grid.
__device__ unsigned int next_slot = 0;
__device__ unsigned int next_slot_d = 0;

__global__ void claim_slots(int *out, int v) {
  unsigned int i = atomicAdd_block(&next_slot, 1u);
  out[i] = v;
}

__global__ void claim_device(int *out, int v) {
  unsigned int i = atomicAdd(&next_slot_d, 1u);
  out[i] = v;
}

//@ auto kernel=claim_slots
//@ expect race global ww 14 14
//@ grade outside-program-launches 14
//@ auto kernel=claim_device
//@ expect none
