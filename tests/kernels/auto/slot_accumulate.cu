// Pattern: a per-slot accumulator written for a single block. Every thread
// adds its input element into acc[threadIdx.x] with a plain read-modify-
// write. The kernel never reads blockIdx or gridDim, so one block is
// race-free; but a launch with several blocks (the host's grid is not the
// kernel's to choose) makes the threads of one slot in different blocks
// race on acc[t]: a block reads the slot another block writes. The search
// varies only the dimensions a kernel reads, so this needs the grid to be
// tried at more than one block anyway.
__global__ void slot_accumulate(const float *in, float *acc, int n) {
  unsigned t = threadIdx.x;
  if (t < (unsigned)n) acc[t] = acc[t] + 0.5f * in[t];
}

//@ auto kernel=slot_accumulate
//@ expect race global rw 11 11
