/* A C target needs a source file; foldbench_exported_variant is defined by the package
 * that exports a variant, not here, so FoldBench itself never links this target. */
#include "CExportedVariant.h"
