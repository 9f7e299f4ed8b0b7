// Pattern: a kernel written for 2-D blocks that keeps a row index it never
// needs: `ty` only feeds a term multiplied by zero, so clang -O2 deletes the
// read of threadIdx.y (-O0 keeps it). Thread 0 of every block adds its
// block's sum into one global slot without an atomic: a lost update.
// At -O0 the search varies the rows it reads, and the rows of one block
// (threads (0,0) and (0,1)) race on `*total`. At -O2 the bitcode reads
// neither threadIdx.y nor blockIdx: the dimensions it does not read are
// still tried at more than one (3 blocks of 48 threads), and the blocks
// race on `*total` (read-write: a block reads what another writes).
__global__ void add_blocks(const int *in, int *total, int n) {
  int ty = threadIdx.y;
  int t = threadIdx.x + ty * 0;
  int sum = 0;
  for (int i = t; i < n; i += blockDim.x) sum += in[i];
  if (t == 0) *total = *total + sum;
}

//@ auto kernel=add_blocks
//@ expect-O0 race global rw 15 15
//@ expect-O0 race global ww 15 15
//@ expect-O2 race global rw 15 15
