// Pattern: a guard on data values. Threads whose flag is set publish their
// index to a single slot; the code assumes at most one flag is set (a
// "leader election" written without atomics). With one flagged element it is
// race-free; two flagged elements write the slot concurrently. The race
// needs input data with a repeated flag value, not a particular launch.
__global__ void flag_winner(const int *flags, int *winner, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i] == 1) *winner = i;
}

//@ auto kernel=flag_winner
//@ expect race global ww 8 8
