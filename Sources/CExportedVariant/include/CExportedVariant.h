#ifndef FOLDBENCH_EXPORTED_VARIANT_H
#define FOLDBENCH_EXPORTED_VARIANT_H

/* The one function a package exporting a Swift variant through FoldBenchVariantKit
 * defines, in one line of Swift:
 *
 *   @_cdecl("foldbench_exported_variant")
 *   public func exportedVariant() -> UnsafeMutableRawPointer { exportVariant(MyResolver(), summary: "…") }
 *
 * The kit's seven entry points of foldbench_variant.h call it once, on the first call
 * into the library, and keep what it returns for the life of the process. */
void *foldbench_exported_variant(void);

#endif
