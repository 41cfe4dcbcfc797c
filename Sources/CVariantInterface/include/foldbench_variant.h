/*
 * foldbench_variant.h: a resolver variant in a shared library, for FoldBench.
 *
 * Interface version 2. Plain C99; no FoldBench header or library is needed to build
 * against it. docs/c-interface.md explains it with examples in C, C++ and Rust; this
 * file is the whole promise.
 *
 * A library holds one variant and exports the seven functions declared at the end, with
 * C linkage and exactly these names, and, from version 2, may export an eighth,
 * foldbench_variant_edit, to take the app's edits to a tree in place. A library built
 * against version 1 (no edit entry point, the same seven functions and structures)
 * keeps working: its tree is prepared anew where edits land. FoldBench loads it only in a worker process of its
 * own, with dlopen(RTLD_NOW | RTLD_LOCAL), checks the interface version, the name and
 * every symbol, checks the variant against its reference resolver (every frame of every
 * scenario, and for a variant that remembers, the adversarial history), times it in the
 * same loop as its own variants, and checks every frame again (docs/c-interface.md
 * lists how each rule below is enforced).
 *
 * Numbers are points (double), the origin is the top-left corner, x grows right and y
 * grows down. Every number FoldBench hands over is finite; sizes are non-negative.
 *
 * The rules a library keeps:
 *  1. relayout writes panes[0 .. pane_count - 1] and nothing else: no byte before the
 *     first pane or past the last (inaccessible pages lie there), not the tree, not the
 *     context (both are in read-only pages).
 *  2. relayout writes every pane, unless the variant declares
 *     FOLDBENCH_READS_ITS_LAST_ANSWER: then the panes hold, on entry, what that same
 *     prepared value's previous relayout wrote (all hidden before the first one).
 *  3. What prepare and edit are given (the tree, its arrays, the edits) lives only
 *     during the call: copy what the variant needs. The context lives only during relayout.
 *  4. One call at a time: FoldBench calls from one thread, never two functions at once.
 *     A prepared value is used for one tree until it is released; several may be alive.
 *  5. Nothing is printed (FoldBench's reports go to standard output), nothing exits the
 *     process, no signal handler is installed, no resource limit is changed, no process
 *     is started, and no thread outlives the call that started it. The worker holds at
 *     most 4 GiB resident (FOLDBENCH_WORKER_MEMORY_MIB).
 *  6. A variant that keeps anything between two relayouts of one prepared value declares
 *     it (foldbench_variant_frame_memory); FoldBench then checks it over whole histories,
 *     not frame by frame. Nothing may be kept between two prepared values.
 *  7. The name is 1 to 40 characters of a-z, 0-9, '-' and '.', and names no variant built
 *     into FoldBench (foldbench list --variants shows them).
 * A relayout should not allocate: FoldBench counts every malloc it makes (jemalloc).
 */
#ifndef FOLDBENCH_VARIANT_H
#define FOLDBENCH_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version this header describes; foldbench_variant_interface_version returns it.
 * FoldBench takes 1 and 2. Version 2 adds foldbench_edit and foldbench_variant_edit. */
#define FOLDBENCH_VARIANT_INTERFACE_VERSION 2u

/* A rectangle: x and y of the top-left corner, then width and height (never negative). */
typedef struct foldbench_rect {
    double x;
    double y;
    double width;
    double height;
} foldbench_rect;

/* The two axes. A horizontal split puts the panes side by side (it divides the width);
 * a vertical split stacks them (it divides the height). */
enum {
    FOLDBENCH_AXIS_HORIZONTAL = 0,
    FOLDBENCH_AXIS_VERTICAL = 1
};

/* An arrangement's style (any named style is resolved to one of these first). */
enum {
    FOLDBENCH_STYLE_SPLIT = 0,  /* divides the bounds between the panes */
    FOLDBENCH_STYLE_OVERLAY = 1 /* layers the panes, or separates them at a fold */
};

/* The axes a style permits, as bits: 1 << FOLDBENCH_AXIS_HORIZONTAL, 1 << ..._VERTICAL. */
enum {
    FOLDBENCH_AXES_HORIZONTAL = 1,
    FOLDBENCH_AXES_VERTICAL = 2,
    FOLDBENCH_AXES_BOTH = 3
};

/* What a pane prefers along one split axis. */
enum {
    FOLDBENCH_PREFERENCE_NONE = 0,   /* no preference: a flexible view */
    FOLDBENCH_PREFERENCE_RATIO = 1,  /* min, ideal, max are fractions (0...1) of the axis length */
    FOLDBENCH_PREFERENCE_LENGTH = 2, /* min, ideal, max are points */
    FOLDBENCH_PREFERENCE_FIXED = 3   /* the pane's ideal size along the axis; no numbers */
};

/* A ratio or length preference; a field the preference leaves out is NaN (test it with
 * isnan). When present: min <= ideal <= max, and a ratio lies within 0...1. */
typedef struct foldbench_preference {
    uint32_t kind;     /* FOLDBENCH_PREFERENCE_* */
    uint32_t reserved; /* 0 */
    double min;
    double ideal;
    double max;
} foldbench_preference;

/* Edges an overlay's pane names, per axis, for when a fold separates the overlay. */
enum {
    FOLDBENCH_EDGE_NONE = 0,
    FOLDBENCH_EDGE_LEADING = 1,  /* horizontal axis: the leading side (left in LTR) */
    FOLDBENCH_EDGE_TRAILING = 2, /* horizontal axis */
    FOLDBENCH_EDGE_TOP = 1,      /* vertical axis */
    FOLDBENCH_EDGE_BOTTOM = 2    /* vertical axis */
};

/* One pane of an arrangement with its modifiers. */
typedef struct foldbench_tree_pane {
    const char *id;         /* unique in the tree, UTF-8, NUL-terminated */
    double layout_priority; /* any finite number; the higher wins */
    double min_width;       /* the content's minimums (>= 0) */
    double min_height;
    double ideal_width;     /* the content's ideal sizes (>= the minimums): what FIXED uses */
    double ideal_height;
    /* split[FOLDBENCH_AXIS_HORIZONTAL] is the preference when the split divides the
     * width, split[FOLDBENCH_AXIS_VERTICAL] when it divides the height. */
    foldbench_preference split[2];
    /* overlay_edge[FOLDBENCH_AXIS_HORIZONTAL]: NONE, LEADING or TRAILING;
     * overlay_edge[FOLDBENCH_AXIS_VERTICAL]: NONE, TOP or BOTTOM. */
    uint8_t overlay_edge[2];
    uint8_t reserved[2];    /* 0 */
    /* The index in `arrangements` of the arrangement this pane holds, or -1 for a view. */
    int32_t arrangement;
} foldbench_tree_pane;

/* One arrangement: a style and two panes. */
typedef struct foldbench_tree_arrangement {
    uint32_t style;     /* FOLDBENCH_STYLE_* */
    uint32_t axes;      /* FOLDBENCH_AXES_*, never 0 */
    uint32_t primary;   /* index in `panes` of the primary pane */
    uint32_t secondary; /* index in `panes` of the secondary pane */
    int32_t parent;     /* index in `panes` of the pane holding it, -1 for the root */
    uint32_t reserved;  /* 0 */
} foldbench_tree_arrangement;

/* A tree of nested arrangements, flat. Panes are in the order of every resolution:
 * depth first, the primary, the panes inside it, then the secondary and the panes
 * inside it. Arrangements are in the order their holding panes come (the root first).
 * Ids are unique; nesting is at most 256 arrangements deep. */
typedef struct foldbench_tree {
    uint32_t arrangement_count; /* >= 1 */
    uint32_t pane_count;        /* twice arrangement_count */
    uint32_t depth;             /* the deepest nesting in arrangements (1 for a lone root) */
    uint32_t reserved;          /* 0 */
    const foldbench_tree_arrangement *arrangements;
    const foldbench_tree_pane *panes;
} foldbench_tree;

/* What the tree is laid out in, one frame. */
typedef struct foldbench_context {
    foldbench_rect bounds;       /* the root's bounds, in global coordinates */
    uint8_t horizontal_compact;  /* 1 compact, 0 regular */
    uint8_t vertical_compact;    /* 1 compact, 0 regular */
    uint8_t right_to_left;       /* 1 right-to-left, 0 left-to-right */
    uint8_t reserved;            /* 0 */
    uint32_t region_count;
    /* Rects content must not straddle (folds, hinge bands), in global coordinates;
     * NULL when region_count is 0. */
    const foldbench_rect *regions;
} foldbench_context;

/* Bits of foldbench_pane_layout.bits. A hidden pane is 0 with a zero frame. */
enum {
    FOLDBENCH_PANE_VISIBLE = 1u << 0,
    FOLDBENCH_PANE_HORIZONTAL_COMPACT = 1u << 1,
    FOLDBENCH_PANE_VERTICAL_COMPACT = 1u << 2,
    /* Bits 3-4: the split axis when a split shows both panes: 0 none,
     * 1 horizontal, 2 vertical (FOLDBENCH_PANE_SPLIT_* below). */
    FOLDBENCH_PANE_SPLIT_HORIZONTAL = 1u << 3,
    FOLDBENCH_PANE_SPLIT_VERTICAL = 2u << 3,
    FOLDBENCH_PANE_SPLIT_MASK = 3u << 3,
    /* z-index 1: the primary of a layered overlay. */
    FOLDBENCH_PANE_FRONT = 1u << 5
};

/* One pane of the answer, 40 bytes: FoldBench hands relayout its own storage. */
typedef struct foldbench_pane_layout {
    foldbench_rect frame; /* meaningful when visible */
    uint32_t bits;        /* FOLDBENCH_PANE_* */
    uint32_t reserved;    /* may be left as found */
} foldbench_pane_layout;

/* What a variant keeps between the relayouts of one prepared value (bits). */
enum {
    FOLDBENCH_KEEPS_STATE = 1u << 0,          /* the prepared value changes from frame to frame */
    FOLDBENCH_READS_ITS_LAST_ANSWER = 1u << 1 /* relayout reads the panes it wrote last */
};

/* What an edit changed (version 2). An app edits its tree between two frames: a list
 * loaded (a pane's ideal size), the keyboard came up (a minimum), a sheet was presented
 * (a style). Kinds 0-4 leave every pane where it was (the same pane indices, the same
 * arrangement indices); kinds 5-7 move the panes after the edited one. */
enum {
    FOLDBENCH_EDIT_PREFERENCE = 0,    /* a pane's minimum or ideal size, or a split preference */
    FOLDBENCH_EDIT_PRIORITY = 1,      /* a pane's layout priority */
    FOLDBENCH_EDIT_OVERLAY_EDGES = 2, /* a pane's overlay edges */
    FOLDBENCH_EDIT_STYLE = 3,         /* an arrangement's style (split or overlay, with its axes) */
    FOLDBENCH_EDIT_AXES = 4,          /* an arrangement's permitted axes only */
    FOLDBENCH_EDIT_INSERT = 5,        /* a subtree into a pane that held a view */
    FOLDBENCH_EDIT_REMOVE = 6,        /* the subtree a pane held (it holds a view now) */
    FOLDBENCH_EDIT_REPLACE = 7        /* the subtree a pane held, for another */
};

/* One edit, its places given as indices into the edited tree (the tree after every edit
 * of the call). */
typedef struct foldbench_edit {
    uint32_t kind; /* FOLDBENCH_EDIT_* */
    /* The pane the edit names, in the edited tree's panes; -1 when the edit names the root
     * arrangement (kinds 3 and 4 only), or when a later edit of the same call removed it. */
    int32_t pane;
    /* The arrangement whose values changed, in the edited tree's arrangements: for kinds
     * 0-2 the arrangement the pane belongs to; for 3 and 4 the one the pane holds (0 for
     * the root); for 5 and 7 the root of the new subtree; -1 for 6, and when a later edit
     * removed it. */
    int32_t arrangement;
    uint32_t reserved; /* 0 */
} foldbench_edit;

/* The entry points, each exported with exactly this name. (FoldBench's own Swift code,
 * which defines or looks them up, leaves the declarations out.) */
#ifndef FOLDBENCH_VARIANT_NO_PROTOTYPES

/* FOLDBENCH_VARIANT_INTERFACE_VERSION of the header the library was built with. */
uint32_t foldbench_variant_interface_version(void);
/* The variant's name (rule 7) and a one-line summary; static strings. */
const char *foldbench_variant_name(void);
const char *foldbench_variant_summary(void);
/* FOLDBENCH_KEEPS_STATE | FOLDBENCH_READS_ITS_LAST_ANSWER, or 0 for none. */
uint32_t foldbench_variant_frame_memory(void);
/* Prepares the variant for one tree: everything that does not depend on the context.
 * Returns the prepared value (any non-NULL pointer), or NULL to refuse the tree after
 * writing why, NUL-terminated, into message (message_capacity bytes, at least 256). */
void *foldbench_variant_prepare(const foldbench_tree *tree, char *message, size_t message_capacity);
/* Resolves one frame: writes the tree's pane_count panes (rules 1 and 2). */
void foldbench_variant_relayout(void *prepared, const foldbench_context *context, foldbench_pane_layout *panes);
/* Frees a prepared value; FoldBench never uses it again. */
void foldbench_variant_release(void *prepared);
/* Version 2, optional: brings a prepared value up to date with edits made to its tree,
 * in the order given (edit_count >= 1). `tree` is the edited tree, whole, laid out as
 * prepare's is, and lives only during the call (rule 3). Returns 1 when the prepared
 * value now answers for `tree` exactly as a value prepared on it would; 0 to decline,
 * having changed nothing: FoldBench then releases the value and prepares `tree` anew.
 * A variant may take some kinds and decline the others. After an edit taken in place,
 * a variant that reads its last answer finds in the panes what its last relayout wrote
 * when the pane count is unchanged, all hidden when it changed. FoldBench checks every
 * frame after an edit against its reference on the edited tree. */
int foldbench_variant_edit(void *prepared, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t edit_count);
#endif

#ifdef __cplusplus
}
#endif

#endif
