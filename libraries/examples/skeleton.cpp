// A variant in C++ through foldbench_variant.h, as a starting point: it loads, names
// itself, copies what it needs of the tree, and answers every pane hidden, which
// `foldbench run` refuses at frame 0 until relayout follows the contract
// (docs/contract.md; libraries/c-fast/c_fast.c is a complete resolver to read).
//
//   c++ -std=c++17 -O2 -fPIC -shared -I Sources/CVariantInterface/include
//       -o libskeleton-cpp.so libraries/examples/skeleton.cpp   (one line)
//   foldbench list --variant-library ./libskeleton-cpp.so
#include <cstring>
#include <new>
#include <vector>

#include "foldbench_variant.h"

namespace {
struct Prepared {
    std::vector<foldbench_tree_arrangement> arrangements;
    std::vector<foldbench_tree_pane> panes;  // the ids point into the caller's tree: not kept
};
}  // namespace

extern "C" {
uint32_t foldbench_variant_interface_version(void) { return FOLDBENCH_VARIANT_INTERFACE_VERSION; }
const char *foldbench_variant_name(void) { return "skeleton-cpp"; }
const char *foldbench_variant_summary(void) { return "a C++ starting point: every pane hidden"; }
uint32_t foldbench_variant_frame_memory(void) { return 0; }

void *foldbench_variant_prepare(const foldbench_tree *tree, char *message, size_t capacity) {
    // No exception may cross the C boundary.
    try {
        auto *prepared = new Prepared;
        prepared->arrangements.assign(tree->arrangements, tree->arrangements + tree->arrangement_count);
        prepared->panes.assign(tree->panes, tree->panes + tree->pane_count);
        for (auto &pane : prepared->panes) pane.id = nullptr;
        return prepared;
    } catch (const std::bad_alloc &) {
        std::strncpy(message, "skeleton-cpp: out of memory", capacity - 1);
        return nullptr;
    }
}

void foldbench_variant_relayout(void *value, const foldbench_context *, foldbench_pane_layout *panes) {
    const auto *prepared = static_cast<const Prepared *>(value);
    // Your resolver goes here; it must write every pane (rule 2) and nothing else.
    std::memset(panes, 0, prepared->panes.size() * sizeof(foldbench_pane_layout));
}

void foldbench_variant_release(void *value) { delete static_cast<Prepared *>(value); }
}
