// Pattern: a consumer spins on a flag that no thread ever sets (the producer
// branch was deleted): a real deadlock, which must end as a timeout that names
// the spinning loop rather than hang.
__global__ void never_set(int *flag) {
  if (threadIdx.x == 0)
    while (atomicAdd(flag, 0) == 0) {
    }
}
