// Pattern: none (race-free), for the coverage report. An element-wise add
// with a diagnostic store that only runs for grids far larger than any
// launch the search makes (more than 60000 blocks): the search cannot
// execute it, so the report must say that the store on line 13 never ran
// (a race there was not checked) instead of calling the kernel clean
// without saying so.
__global__ void debug_tail(int *out, const int *in, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (unsigned)n) out[i] = in[i] + 1;
  if (gridDim.x > 60000u && i == 0) {
    // record that the launch was oversized (never reached in tests)
    int last = n > 0 ? n - 1 : 0;
    out[last] = -1;
  }
}

//@ auto kernel=debug_tail
//@ expect none
