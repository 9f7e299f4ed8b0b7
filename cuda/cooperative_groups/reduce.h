/* simulee CUDA headers: <cooperative_groups/reduce.h>; everything is in
 * <cooperative_groups.h>. */
#include "../cooperative_groups.h"
