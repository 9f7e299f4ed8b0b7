// Pattern: a degree-tiered work split of a CSR graph (the thread / warp /
// block tiers of load-balanced graph traversal), a race behind nested data
// guards. Each vertex writes one work item; its tier decides where: light
// vertices their own slot, vertices of degree above 100 a slot in the warp
// tier's list (split into chunks), above 300 one in the block tier's list.
// The heavy tier (degree above 900) is written to the block's single entry,
// on the assumption that a block never holds two such vertices: a
// write-write race on work[3 * nodes + blockIdx.x] as soon as two vertices
// of one block pass all three guards. The store is the same one on every
// path: only the branch outcomes (degree > 100, > 300, > 900) are new to an
// input that gets deeper into the tiers.
__global__ void tier_split(const int *row_off, int *work, int nodes, int chunk) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nodes) return;
  int deg = row_off[v + 1] - row_off[v];
  int slot = v, items = deg;
  if (deg > 100) {
    items = (deg + chunk - 1) / chunk;
    slot = nodes + v;
    if (deg > 300) {
      items = (deg + 4 * chunk - 1) / (4 * chunk);
      slot = 2 * nodes + v;
      if (deg > 900) {
        items = (deg + 16 * chunk - 1) / (16 * chunk);
        slot = 3 * nodes + blockIdx.x;
      }
    }
  }
  work[slot] = items;
}

//@ auto kernel=tier_split
//@ expect race global ww 29 29
