// Interpreter corpus: the same particle update on a struct of arrays and on
// an array of structs, and an array of structs whose fields are split
// between two threads. Pattern: none (race-free): in aos_fields two threads
// write different fields (different bytes) of one struct, which is not a
// race at byte granularity.

// One explicit step of a unit spring: v -= x * dt; x += v * dt.
__global__ void soa_step(float *x, float *y, float *vx, float *vy, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  vx[i] -= x[i] * dt;
  vy[i] -= y[i] * dt;
  x[i] += vx[i] * dt;
  y[i] += vy[i] * dt;
}

struct particle {
  float x, y;   // position
  float vx, vy; // velocity
};

__global__ void aos_step(particle *p, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  particle q = p[i];
  q.vx -= q.x * dt;
  q.vy -= q.y * dt;
  q.x += q.vx * dt;
  q.y += q.vy * dt;
  p[i] = q;
}

// 16 bytes: two ints, two shorts, four chars.
struct cell {
  int count, sum;
  short lo, hi;
  char tag[4];
};

// Thread 2k updates count, lo, tag[0] and tag[1] of c[k]; thread 2k+1
// updates sum, hi, tag[2] and tag[3]. Each reads only what it writes.
__global__ void aos_fields(cell *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i >> 1;
  if (k >= n) return;
  cell *e = &c[k];
  if (i & 1) {
    e->sum = e->sum * 3 + k;
    e->hi = (short)(e->hi - 7 * k);
    e->tag[2] = (char)(e->tag[2] + 1);
    e->tag[3] = (char)(e->tag[3] ^ 0x5a);
  } else {
    e->count = e->count + 100;
    e->lo = (short)(e->lo * 2 + 1);
    e->tag[0] = (char)(e->tag[0] - 3);
    e->tag[1] = (char)k;
  }
}

//@ run soa_step: --kernel soa_step --grid 2 --block 64 --arg f32[100]=iota --arg f32[100]=-2 --arg f32[100]=0.5 --arg f32[100]=iota --arg 0.125 --arg 100 --dump 0 --dump 1 --dump 2 --dump 3
//@ run aos_step: --kernel aos_step --grid 2 --block 64 --arg f32[400]=iota --arg 0.125 --arg 100 --dump 0
//@ run aos_fields: --kernel aos_fields --grid 3 --block 64 --arg i32[360]=iota --arg 90 --dump 0
