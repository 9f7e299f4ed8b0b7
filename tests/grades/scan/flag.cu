// Pattern: completion flag. Every thread marks the work as done by storing
// the same value into one word: a same-value write-write race, silenced by
// grade below.
__global__ void mark_done(int *done) {
  *done = 1; // simulee: ignore data-race:same-value (every thread stores 1)
}
