/* The interface's types for FoldBench's Swift code, without the entry points' prototypes. */
#define FOLDBENCH_VARIANT_NO_PROTOTYPES 1
#include "foldbench_variant.h"
