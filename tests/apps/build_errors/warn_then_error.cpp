// A host file whose first diagnostic is a warning quoting a line with the
// word "error" in it; the build must name the real error after it.
static int error_code = 1 / 0;

int main() { return error_code + not_declared_anywhere; }
