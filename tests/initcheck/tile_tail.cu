// Pattern: a partial tile load. The block loads its tile into shared memory
// only while the index is below n, then every thread reads its neighbour's
// slot: the last threads of the last block read slots no thread wrote
// (shared memory is not zeroed on a GPU) and store them to the output.
__global__ void shift_left(const float *in, float *out, int n) {
  __shared__ float tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = in[i];
  __syncthreads();
  if (threadIdx.x + 1 < blockDim.x) out[i] = tile[threadIdx.x + 1];
}

// Pattern: the same partial tile, but the stale slot only feeds a local
// temporary that is thrown away (a debugging leftover): the read is still
// undefined, but its value goes nowhere: no finding.
__global__ void shift_unused(const float *in, float *out, int n) {
  __shared__ float tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = in[i];
  __syncthreads();
  volatile float peek = tile[(threadIdx.x + 1) % blockDim.x];
  (void)peek;
  if (i < n) out[i] = 2.0f * in[i];
}

// Correct: the whole tile is written (zero past n) before the barrier.
__global__ void shift_padded(const float *in, float *out, int n) {
  __shared__ float tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x + 1 < blockDim.x && i < n) out[i] = tile[threadIdx.x + 1];
}

// Pattern: a local array summed before it is filled: the loop that fills
// acc[] skips the last entry when k is odd, and the sum reads it anyway.
__global__ void local_sum(const int *in, int *out, int k) {
  int acc[4];
  for (int j = 0; j + 1 < k && j < 4; j++) acc[j] = in[threadIdx.x] + j;
  int s = 0;
  for (int j = 0; j < 4; j++) s += acc[j];
  out[threadIdx.x] = s;
}

// Pattern: device-heap scratch read before it is filled: malloc in device
// code returns memory with undefined contents, and the sum reads the slots
// the fill loop skipped when k < 4.
__global__ void heap_scratch(int *out, int k) {
  int *buf = (int *)malloc(4 * sizeof(int));
  if (!buf) return;
  for (int j = 0; j < k && j < 4; j++) buf[j] = threadIdx.x + j;
  int s = 0;
  for (int j = 0; j < 4; j++) s += buf[j];
  out[threadIdx.x] = s;
  free(buf);
}
