// The project's own copy of its block primitives, laid out as CUB 2.x is
// (cub/version.cuh, cub/cub.cuh, cub/block/...). Its version number is
// newer than Debian's CUB 1.17, so a build that picks Debian's fails.
#pragma once
#define CUB_VERSION 200300
#define CUB_MAJOR_VERSION (CUB_VERSION / 100000)
#define CUB_MINOR_VERSION (CUB_VERSION / 100 % 1000)
#define CUB_PATCH_NUMBER 0
