/* simulee CUDA headers: <cooperative_groups/memcpy_async.h>; everything is
 * in <cooperative_groups.h>. */
#include "../cooperative_groups.h"
