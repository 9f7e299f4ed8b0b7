// jacobi.cu's kernel in OpenCL C, statement for statement.
__kernel void sweep(__global const float *u, __global float *v, __global const float *f, int n) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x >= n || y >= n) return;
  int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
    v[i] = u[i];
    return;
  }
  v[i] = 0.25f * (((u[i - 1] + u[i + 1]) + (u[i - n] + u[i + n])) + f[i]);
}
