#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for a program that has its own main (libclang_rt.fuzzer_no_main).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
