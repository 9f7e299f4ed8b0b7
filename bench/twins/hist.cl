// hist.cu's kernels in OpenCL C, statement for statement.
#define BINS 256
#define THREADS 256

__kernel void histogram(__global const uchar *d, __global uint *bins, int n) {
  __local uint local_bins[BINS];
  int t = get_local_id(0);
  local_bins[t] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_group_id(0) * get_local_size(0) + t; i < n; i += get_num_groups(0) * get_local_size(0))
    atomic_add(&local_bins[d[i]], 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (local_bins[t]) atomic_add(&bins[t], local_bins[t]);
}

__kernel void sumsq(__global const uchar *d, __global uint *total, int n) {
  __local uint part[THREADS];
  int t = get_local_id(0);
  uint acc = 0;
  for (int i = get_group_id(0) * get_local_size(0) + t; i < n; i += get_num_groups(0) * get_local_size(0))
    acc += (uint)d[i] * d[i];
  part[t] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) atomic_add(total, part[0]);
}
