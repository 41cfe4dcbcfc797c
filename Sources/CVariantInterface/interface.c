/* A C target needs a source file; the interface itself is the header. */
#include "foldbench_variant.h"
