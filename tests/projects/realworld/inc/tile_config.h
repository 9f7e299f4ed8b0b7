// Project header in inc/ (no include/ folder).
#pragma once
#include "grid_util.h" // resolved through the folder added for Common/
#define TILE_PAD 1
