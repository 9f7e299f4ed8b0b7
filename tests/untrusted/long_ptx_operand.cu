// Untrusted inline PTX: an mbarrier operand far longer than any register or
// address (kernel text a host buffer once overflowed on): unsupported by
// name, never a crash. Pattern: none.
__global__ void long_operand(int *out) {
  asm volatile("mbarrier.init.shared.b64 [a_very_long_symbol_name_that_is_no_register_or_address_at_all_0123456789], 1;");
  out[threadIdx.x] = 1;
}
