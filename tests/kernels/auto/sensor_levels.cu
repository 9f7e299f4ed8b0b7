// Pattern: nested data guards on float readings (a sensor-stream cleanup),
// a race behind the deepest one. Readings above 40 go to the warning list
// (rescaled by the integer `scale`), above 300 to the alarm list, and a
// saturated reading (above 2000) to the block's single "saturated" entry,
// on the assumption that a block never holds two saturated sensors: a
// write-write race on value[3 * n + blockIdx.x] as soon as two readings of
// one block pass all three guards. The store is the same one on every
// path; an input that gets one guard deeper takes only new branch outcomes.
__global__ void sensor_levels(const float *reading, float *value, int n, int scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = reading[i];
  int slot = i;
  float v = r;
  if (r > 40.0f) {
    v = (float)((int)r / scale);
    slot = n + i;
    if (r > 300.0f) {
      v = (float)((int)r / (4 * scale));
      slot = 2 * n + i;
      if (r > 2000.0f) {
        v = (float)((int)r / (16 * scale));
        slot = 3 * n + blockIdx.x;
      }
    }
  }
  value[slot] = v;
}

//@ auto kernel=sensor_levels
//@ expect race global ww 27 27
