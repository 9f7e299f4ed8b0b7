// Pattern: lost update. Each thread bumps a shared counter with a plain
// read-modify-write. The suppression below names the same-value grade only,
// so it must not hide these races.
__global__ void count_threads(int *count) {
  *count = *count + 1; // simulee: ignore data-race:same-value
}
