/*
 * Libraries that break foldbench_variant.h's rules on purpose, one per FAULT, for the
 * tests that show FoldBench ends each with one clear line and nothing half-written.
 * Each is c-fast with one thing wrong:
 *   crash       SIGSEGV on the 8th relayout of the process
 *   hang        loops forever on the 8th relayout
 *   deaf        blocks SIGALRM, then loops forever on the 8th relayout
 *   overrun     writes one pane past the last on the 8th relayout
 *   refuse      refuses trees of more than 3 arrangements
 *   version     speaks interface version 99
 *   clash       names itself "fast", a built-in variant
 *   no-release  exports no foldbench_variant_release
 *   allocate    one malloc and free per relayout (jemalloc must count it)
 *   wrong       answers with the primary one point wider on the 8th relayout
 *   stale       remembers its last answer and skips while the bounds stay the same,
 *               forgetting the size class, the direction and the regions
 *   exit        calls exit(0) on the 8th relayout
 *   write-context  answers right, then writes into the context's regions (or bounds) every relayout
 *   write-tree  writes into the tree it is given, during prepare
 *   stop        correct for 20,000 relayouts, then writes nothing
 *   late-crash  SIGSEGV on the 60,000th relayout (while timing)
 *   fork        starts a helper on the first relayout that keeps the inherited outputs open for 30 s
 *   far-overrun writes 64 KiB past the last pane, every relayout
 *   underrun    writes 8 bytes before the first pane, every relayout
 *   far-underrun  writes 4 KiB before the first pane, every relayout
 *   print       prints a line from every relayout
 *   constructor crashes in its constructor, while loaded
 *   forget-edit takes every edit in place (interface version 2) and changes nothing
 *   infinite    writes x = +infinity into every visible pane on the 8th relayout
 *   forget-subtree  takes a pane's or an arrangement's edit as c-fast does, and answers 1 to a
 *               subtree inserted, removed or replaced, changing nothing
 *   skip        reads its last answer without declaring it: returns at once when its panes
 *               hold an answer and the bounds are the last call's (right on a still timeline)
 *   keep-tree   keeps the tree prepare (or edit) gave it and reads it on the 8th relayout
 *   edit-crash  SIGSEGV in its first edit that inserts a subtree
 *   forge-report   writes a report of its own and "done" on the worker's channel (descriptor 3)
 *               in its first prepare, 1.05 ns a frame
 *   forge-done  writes "done" on the worker's channel in its first prepare
 *   forge-failure  writes a failure with exit status 0 on the worker's channel in its first prepare
 *   escape      on its first relayout, forks twice with setsid() between: a grandchild in a
 *               session of its own, holding the outputs, sleeps 60 s (its pid written to
 *               $MISBEHAVING_ESCAPE_PID_FILE, when set)
 *   thread      its first prepare starts a thread that spins for ever
 *   escape-crash  escape's grandchild, then SIGSEGV on the 8th relayout (once the grandchild
 *               has written its pid, when asked): the worker dies before it can look for
 *               processes, and the supervisor ends the grandchild
 *   handler     installs its own SIGSEGV handler (exiting 0) in its first prepare, then
 *               writes past the last pane on the 8th relayout
 *   slow-prepare  its first prepare takes 11 s
 *   close-channel  closes descriptor 3 on the 8th relayout
 *   protect-panes  makes its panes' pages read-only on the 8th relayout
 *   limit       lowers the process's limit on open descriptors to 4 on the 8th relayout
 *   rounding    sets the rounding mode toward zero on the 8th relayout (and leaves it so)
 *   exhaust     allocates and touches memory without end on the 8th relayout
 *   memo        declares no frame memory, yet keeps its last context and answer and copies
 *               that answer when the next context is the same (every pane written, right)
 * Build: cc -std=c99 -shared -fPIC -DFAULT_<NAME> -I<interface> misbehaving.c -lm
 */
#define foldbench_variant_name c_fast_name
#define foldbench_variant_relayout c_fast_relayout
#define foldbench_variant_interface_version c_fast_interface_version
#define foldbench_variant_prepare c_fast_prepare
#define foldbench_variant_frame_memory c_fast_frame_memory
#define foldbench_variant_release c_fast_release
#define foldbench_variant_summary c_fast_summary
#define foldbench_variant_edit c_fast_edit
#define _DEFAULT_SOURCE 1
#define _POSIX_C_SOURCE 200809L
#include <fenv.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <string.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../c-fast/c_fast.c"
#undef foldbench_variant_name
#undef foldbench_variant_relayout
#undef foldbench_variant_interface_version
#undef foldbench_variant_prepare
#undef foldbench_variant_frame_memory
#undef foldbench_variant_release
#undef foldbench_variant_summary
#undef foldbench_variant_edit

#if defined(FAULT_CRASH)
#define NAME "misbehaving-crash"
#elif defined(FAULT_HANG)
#define NAME "misbehaving-hang"
#elif defined(FAULT_DEAF)
#define NAME "misbehaving-deaf"
#elif defined(FAULT_OVERRUN)
#define NAME "misbehaving-overrun"
#elif defined(FAULT_REFUSE)
#define NAME "misbehaving-refuse"
#elif defined(FAULT_VERSION)
#define NAME "misbehaving-version"
#elif defined(FAULT_CLASH)
#define NAME "fast"
#elif defined(FAULT_NO_RELEASE)
#define NAME "misbehaving-no-release"
#elif defined(FAULT_ALLOCATE)
#define NAME "misbehaving-allocate"
#elif defined(FAULT_WRONG)
#define NAME "misbehaving-wrong"
#elif defined(FAULT_INFINITE)
#define NAME "misbehaving-infinite"
#elif defined(FAULT_STALE)
#define NAME "misbehaving-stale"
#elif defined(FAULT_EXIT)
#define NAME "misbehaving-exit"
#elif defined(FAULT_WRITE_CONTEXT)
#define NAME "misbehaving-write-context"
#elif defined(FAULT_WRITE_TREE)
#define NAME "misbehaving-write-tree"
#elif defined(FAULT_STOP)
#define NAME "misbehaving-stop"
#elif defined(FAULT_LATE_CRASH)
#define NAME "misbehaving-late-crash"
#elif defined(FAULT_FORK)
#define NAME "misbehaving-fork"
#elif defined(FAULT_FAR_OVERRUN)
#define NAME "misbehaving-far-overrun"
#elif defined(FAULT_UNDERRUN)
#define NAME "misbehaving-underrun"
#elif defined(FAULT_FAR_UNDERRUN)
#define NAME "misbehaving-far-underrun"
#elif defined(FAULT_PRINT)
#define NAME "misbehaving-print"
#elif defined(FAULT_CONSTRUCTOR)
#define NAME "misbehaving-constructor"
#elif defined(FAULT_FORGET_EDIT)
#define NAME "misbehaving-forget-edit"
#elif defined(FAULT_FORGET_SUBTREE)
#define NAME "misbehaving-forget-subtree"
#elif defined(FAULT_SKIP)
#define NAME "misbehaving-skip"
#elif defined(FAULT_KEEP_TREE)
#define NAME "misbehaving-keep-tree"
#elif defined(FAULT_EDIT_CRASH)
#define NAME "misbehaving-edit-crash"
#elif defined(FAULT_FORGE_REPORT)
#define NAME "misbehaving-forge-report"
#elif defined(FAULT_FORGE_DONE)
#define NAME "misbehaving-forge-done"
#elif defined(FAULT_FORGE_FAILURE)
#define NAME "misbehaving-forge-failure"
#elif defined(FAULT_ESCAPE)
#define NAME "misbehaving-escape"
#elif defined(FAULT_THREAD)
#define NAME "misbehaving-thread"
#elif defined(FAULT_ESCAPE_CRASH)
#define NAME "misbehaving-escape-crash"
#elif defined(FAULT_HANDLER)
#define NAME "misbehaving-handler"
#elif defined(FAULT_SLOW_PREPARE)
#define NAME "misbehaving-slow-prepare"
#elif defined(FAULT_CLOSE_CHANNEL)
#define NAME "misbehaving-close-channel"
#elif defined(FAULT_PROTECT_PANES)
#define NAME "misbehaving-protect-panes"
#elif defined(FAULT_LIMIT)
#define NAME "misbehaving-limit"
#elif defined(FAULT_ROUNDING)
#define NAME "misbehaving-rounding"
#elif defined(FAULT_EXHAUST)
#define NAME "misbehaving-exhaust"
#elif defined(FAULT_MEMO)
#define NAME "misbehaving-memo"
#else
#error "define one FAULT_*"
#endif

static long relayouts;

#ifdef FAULT_CONSTRUCTOR
__attribute__((constructor)) static void crash_while_loaded(void) {
    volatile int *volatile nowhere = NULL;
    *nowhere = 1;
}
#endif

uint32_t foldbench_variant_interface_version(void) {
#ifdef FAULT_VERSION
    return 99;
#else
    return FOLDBENCH_VARIANT_INTERFACE_VERSION;
#endif
}

const char *foldbench_variant_name(void) { return NAME; }
const char *foldbench_variant_summary(void) { return "test only: c-fast breaking one rule of the interface"; }

uint32_t foldbench_variant_frame_memory(void) {
#ifdef FAULT_STALE
    return FOLDBENCH_KEEPS_STATE | FOLDBENCH_READS_ITS_LAST_ANSWER;
#else
    return 0;
#endif
}

typedef struct wrapper {
    void *inner;
    uint32_t pane_count;
    int has_last;
    foldbench_rect last_bounds;
    const foldbench_tree *tree; /* FAULT_KEEP_TREE: kept past the call that gave it */
#ifdef FAULT_MEMO
    foldbench_context memo_context; /* its regions in memo_regions */
    foldbench_rect memo_regions[16];
    foldbench_pane_layout *memo_answer;
#endif
} wrapper;

#ifdef FAULT_MEMO
static int same_context(const wrapper *w, const foldbench_context *context) {
    const foldbench_context *last = &w->memo_context;
    return w->has_last && memcmp(&last->bounds, &context->bounds, sizeof context->bounds) == 0 &&
           last->horizontal_compact == context->horizontal_compact &&
           last->vertical_compact == context->vertical_compact && last->right_to_left == context->right_to_left &&
           last->region_count == context->region_count &&
           (context->region_count == 0 ||
            memcmp(w->memo_regions, context->regions, context->region_count * sizeof *context->regions) == 0);
}
#endif

#if defined(FAULT_FORGE_REPORT) || defined(FAULT_FORGE_DONE) || defined(FAULT_FORGE_FAILURE)
/* Lines of the worker's own protocol, written where only the worker writes. */
static void forge(void) {
    static int forged;
    if (forged++) return;
#if defined(FAULT_FORGE_REPORT)
    const char *lines = "{\"reply\":\"report\",\"report\":{\"results\":[{\"timeSamples\":[1.05],"
                        "\"batchFrames\":600}]},\"frameChanges\":{}}\n{\"reply\":\"done\"}\n";
#elif defined(FAULT_FORGE_DONE)
    const char *lines = "{\"reply\":\"done\"}\n";
#else
    const char *lines = "{\"reply\":\"failure\",\"status\":0,\"message\":\"failed\"}\n";
#endif
    ssize_t written = write(3, lines, strlen(lines));
    (void)written;
}
#endif

#ifdef FAULT_THREAD
static void *spin(void *unused) {
    for (volatile unsigned long turns = 0;; turns++) {
    }
    return unused;
}
#endif

#ifdef FAULT_HANDLER
static void quiet_exit(int signal) {
    (void)signal;
    _exit(0);
}
#endif

void *foldbench_variant_prepare(const foldbench_tree *tree, char *message, size_t capacity) {
#ifdef FAULT_HANDLER
    signal(SIGSEGV, quiet_exit);
#endif
#ifdef FAULT_SLOW_PREPARE
    static int slept;
    if (!slept++) sleep(11);
#endif
#ifdef FAULT_THREAD
    static int started;
    if (!started++) {
        pthread_t thread;
        pthread_create(&thread, NULL, spin, NULL);
        pthread_detach(thread);
    }
#endif
#if defined(FAULT_FORGE_REPORT) || defined(FAULT_FORGE_DONE) || defined(FAULT_FORGE_FAILURE)
    forge();
#endif
#ifdef FAULT_REFUSE
    if (tree->arrangement_count > 3) {
        snprintf(message, capacity, "%u arrangements; this library takes 3 at most", tree->arrangement_count);
        return NULL;
    }
#endif
#ifdef FAULT_WRITE_TREE
    ((foldbench_tree_pane *)tree->panes)[0].layout_priority += 1;
#endif
    wrapper *w = calloc(1, sizeof(wrapper));
    w->inner = c_fast_prepare(tree, message, capacity);
    w->pane_count = tree->pane_count;
    w->tree = tree;
    return w;
}

void foldbench_variant_relayout(void *prepared, const foldbench_context *context, foldbench_pane_layout *panes) {
    wrapper *w = prepared;
    relayouts++;
#ifdef FAULT_STOP
    if (relayouts > 20000) return;
#endif
#ifdef FAULT_SKIP
    if (w->has_last && panes[0].bits != 0xFFFFFFFFu && memcmp(&w->last_bounds, &context->bounds, sizeof context->bounds) == 0)
        return;
    w->has_last = 1;
    w->last_bounds = context->bounds;
#endif
#ifdef FAULT_STALE
    if (w->has_last && memcmp(&w->last_bounds, &context->bounds, sizeof context->bounds) == 0) return;
    w->has_last = 1;
    w->last_bounds = context->bounds;
#endif
#ifdef FAULT_MEMO
    if (same_context(w, context)) {
        memcpy(panes, w->memo_answer, w->pane_count * sizeof *panes);
        return;
    }
#endif
    c_fast_relayout(w->inner, context, panes);
#ifdef FAULT_MEMO
    if (context->region_count <= 16) {
        if (w->memo_answer == NULL) w->memo_answer = malloc((w->pane_count + 1) * sizeof *panes);
        memcpy(w->memo_answer, panes, w->pane_count * sizeof *panes);
        w->memo_context = *context;
        if (context->region_count)
            memcpy(w->memo_regions, context->regions, context->region_count * sizeof *context->regions);
        w->has_last = 1;
    }
#endif
#if defined(FAULT_CRASH)
    if (relayouts == 8) {
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
    }
#elif defined(FAULT_HANG)
    if (relayouts == 8)
        for (volatile int spin = 1; spin;) {
        }
#elif defined(FAULT_DEAF)
    if (relayouts == 8) {
        sigset_t alarm;
        sigemptyset(&alarm);
        sigaddset(&alarm, SIGALRM);
        pthread_sigmask(SIG_BLOCK, &alarm, NULL);
        for (volatile int spin = 1; spin;) {
        }
    }
#elif defined(FAULT_OVERRUN)
    if (relayouts == 8) panes[w->pane_count].bits = 1;
#elif defined(FAULT_ALLOCATE)
    {
        /* volatile, or the compiler drops the pair */
        void *volatile block = malloc(64);
        free(block);
    }
#elif defined(FAULT_WRONG)
    if (relayouts == 8 && (panes[0].bits & FOLDBENCH_PANE_VISIBLE)) panes[0].frame.width += 1;
#elif defined(FAULT_INFINITE)
    if (relayouts == 8)
        for (uint32_t i = 0; i < w->pane_count; i++)
            if (panes[i].bits & FOLDBENCH_PANE_VISIBLE) panes[i].frame.x = INFINITY;
#elif defined(FAULT_EXIT)
    if (relayouts == 8) exit(0);
#elif defined(FAULT_WRITE_CONTEXT)
    if (context->region_count > 0)
        ((foldbench_rect *)context->regions)[0].x += 1;
    else
        ((foldbench_context *)context)->bounds.x += 1;
#elif defined(FAULT_LATE_CRASH)
    if (relayouts == 60000) {
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
    }
#elif defined(FAULT_FORK)
    if (relayouts == 1 && fork() == 0) {
        sleep(30);
        _exit(0);
    }
#elif defined(FAULT_ESCAPE) || defined(FAULT_ESCAPE_CRASH)
#ifdef FAULT_ESCAPE_CRASH
    if (relayouts == 8) {
        /* The grandchild's pid written first (a test reads it to see it ended), waited
           for at most 5 s: crashing at once could end the grandchild before it wrote. */
        const char *file = getenv("MISBEHAVING_ESCAPE_PID_FILE");
        for (int wait = 0; file != NULL && wait < 500 && access(file, F_OK) != 0; wait++) usleep(10000);
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
    }
#endif
    if (relayouts == 1 && fork() == 0) {
        setsid();
        if (fork() == 0) {
            const char *file = getenv("MISBEHAVING_ESCAPE_PID_FILE");
            if (file != NULL) {
                /* Written whole, then renamed: the file is there only with the pid in it. */
                char partial[4096];
                snprintf(partial, sizeof partial, "%s.partial", file);
                FILE *out = fopen(partial, "w");
                if (out != NULL) {
                    fprintf(out, "%d\n", (int)getpid());
                    fclose(out);
                    rename(partial, file);
                }
            }
            sleep(60);
        }
        _exit(0);
    }
#elif defined(FAULT_HANDLER)
    if (relayouts == 8) ((volatile char *)(panes + w->pane_count))[64 * 1024] = 1;
#elif defined(FAULT_CLOSE_CHANNEL)
    if (relayouts == 8) close(3);
#elif defined(FAULT_PROTECT_PANES)
    if (relayouts == 8) {
        uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t start = (uintptr_t)panes & ~(page - 1);
        uintptr_t end = ((uintptr_t)(panes + w->pane_count) + page - 1) & ~(page - 1);
        mprotect((void *)start, end - start, PROT_READ);
    }
#elif defined(FAULT_LIMIT)
    if (relayouts == 8) {
        struct rlimit four = {4, 4};
        setrlimit(RLIMIT_NOFILE, &four);
    }
#elif defined(FAULT_ROUNDING)
    if (relayouts == 8) fesetround(FE_TOWARDZERO);
#elif defined(FAULT_EXHAUST)
    if (relayouts == 8)
        for (;;) {
            char *block = malloc(64 << 20);
            if (block) memset(block, 1, 64 << 20);
        }
#elif defined(FAULT_FAR_OVERRUN)
    ((volatile char *)(panes + w->pane_count))[64 * 1024] = 1;
#elif defined(FAULT_UNDERRUN)
    ((volatile char *)panes)[-8] = 1;
#elif defined(FAULT_FAR_UNDERRUN)
    ((volatile char *)panes)[-4096] = 1;
#elif defined(FAULT_PRINT)
    printf("relayout %ld\n", relayouts);
#elif defined(FAULT_KEEP_TREE)
    /* The tree it was given, read at a later call: the kind of reuse rule 3 forbids. */
    if (relayouts == 8) {
        volatile double priority = w->tree->panes[0].layout_priority;
        (void)priority;
    }
#endif
}

#ifdef FAULT_FORGET_EDIT
int foldbench_variant_edit(void *prepared, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t count) {
    (void)prepared;
    (void)tree;
    (void)edits;
    (void)count;
    return 1;
}
#endif

#ifdef FAULT_FORGET_SUBTREE
int foldbench_variant_edit(void *prepared, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t count) {
    wrapper *w = prepared;
    for (uint32_t i = 0; i < count; i++)
        if (edits[i].kind == FOLDBENCH_EDIT_INSERT || edits[i].kind == FOLDBENCH_EDIT_REMOVE ||
            edits[i].kind == FOLDBENCH_EDIT_REPLACE)
            return 1;
    return c_fast_edit(w->inner, tree, edits, count);
}
#endif

#ifdef FAULT_KEEP_TREE
int foldbench_variant_edit(void *prepared, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t count) {
    wrapper *w = prepared;
    w->tree = tree;
    return c_fast_edit(w->inner, tree, edits, count);
}
#endif

#ifdef FAULT_EDIT_CRASH
int foldbench_variant_edit(void *prepared, const foldbench_tree *tree, const foldbench_edit *edits, uint32_t count) {
    wrapper *w = prepared;
    for (uint32_t i = 0; i < count; i++)
        if (edits[i].kind == FOLDBENCH_EDIT_INSERT) {
            volatile int *volatile nowhere = NULL;
            *nowhere = 1;
        }
    return c_fast_edit(w->inner, tree, edits, count);
}
#endif

#ifndef FAULT_NO_RELEASE
void foldbench_variant_release(void *prepared) {
    wrapper *w = prepared;
    c_fast_release(w->inner);
#ifdef FAULT_MEMO
    free(w->memo_answer);
#endif
    free(w);
}
#endif
