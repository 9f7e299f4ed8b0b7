// solver: the host program (not CUDA: simulee scan skips the database's
// entries that are not .cu files).
int main() { return 0; }
