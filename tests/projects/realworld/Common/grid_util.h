// Sample-style helper header kept in Common/ (no include/ folder): found
// through the tree, as a build's -I../../Common would.
#pragma once
#define TILE_DIM 16
static inline unsigned div_up(unsigned a, unsigned b) { return (a + b - 1) / b; }
