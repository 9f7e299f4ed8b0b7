#error "zz_include/stencil_coef.cuh: gpu_include comes first in name order"
