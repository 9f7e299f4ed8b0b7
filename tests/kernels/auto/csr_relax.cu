// Pattern (race-free, in bounds): one step of a breadth-first relaxation
// over a graph in CSR form. Each vertex reads its row offsets and the
// distances of its neighbours (col[e]: vertex ids, indices into dist) and
// writes its own next distance. In the graph-sized detection run the
// neighbour ids are drawn below the vertex count, so no read of dist goes
// past its end. auto mode must report nothing.
__global__ void relax(const int *rowptr, const int *col, const int *dist, int *next, int nv) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < nv) {
    int best = dist[v];
    for (int e = rowptr[v]; e < rowptr[v + 1]; e++) {
      int d = dist[col[e]] + 1;
      if (d < best) best = d;
    }
    next[v] = best;
  }
}

//@ auto kernel=relax
//@ expect none
