// Pattern: a push-style graph update over a CSR adjacency (row_off, cols).
// Each thread owns one node and adds its share of rank to every neighbour
// with a plain read-modify-write of next[u]. A node with one neighbour and
// distinct targets is race-free; two nodes (threads) that reach the same
// neighbour race on next[u], read-write and write-write. The offsets are a
// prefix sum (non-decreasing, row_off[nodes] bounds cols), so the race needs
// an input the program could build: degrees of at least one and a shared
// target.
__global__ void csr_push(const int *row_off, const int *cols, const float *rank,
                         float *next, int nodes) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nodes) return;
  int begin = row_off[v], end = row_off[v + 1];
  if (end <= begin) return;
  float share = rank[v] / (float)(end - begin);
  for (int e = begin; e < end; e++) {
    int u = cols[e];
    next[u] = next[u] + share;
  }
}

//@ auto kernel=csr_push
//@ expect race global rw 18 18
//@ expect race global ww 18 18
