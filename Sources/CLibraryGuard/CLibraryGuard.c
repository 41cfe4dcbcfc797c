#define _GNU_SOURCE
#include "CLibraryGuard.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static char library_name[1024];
static char scenario_name[1024];
static volatile long timeline_frames;
static volatile long relayouts;
static volatile long limit_ms;
static char alternate_stack[1 << 16];

static void put(char *line, size_t *used, const char *text) {
    size_t length = strlen(text);
    if (*used + length >= 2048) length = 2047 - *used;
    memcpy(line + *used, text, length);
    *used += length;
}

static void put_number(char *line, size_t *used, long value) {
    char digits[24];
    int count = 0;
    unsigned long rest = value < 0 ? 0 : (unsigned long)value;
    do {
        digits[count++] = (char)('0' + rest % 10);
        rest /= 10;
    } while (rest > 0);
    char text[24];
    for (int i = 0; i < count; i++) text[i] = digits[count - 1 - i];
    text[count] = 0;
    put(line, used, text);
}

/* "foldbench: library L: PROBLEM in scenario S at frame F\n", then exit status 1. */
static void report(const char *problem, long number, int at_frame) {
    char line[2048];
    size_t used = 0;
    put(line, &used, "foldbench: library ");
    put(line, &used, library_name);
    put(line, &used, ": ");
    put(line, &used, problem);
    if (number >= 0) put_number(line, &used, number);
    if (scenario_name[0]) {
        put(line, &used, " in scenario ");
        put(line, &used, scenario_name);
    }
    if (scenario_name[0] && at_frame) {
        long index = relayouts;
        if (index < timeline_frames) {
            put(line, &used, " at frame ");
            put_number(line, &used, index);
        } else {
            put(line, &used, " at step ");
            put_number(line, &used, index - timeline_frames);
            put(line, &used, " of the checks after the timeline");
        }
    }
    put(line, &used, "\n");
    ssize_t ignored = write(2, line, used);
    (void)ignored;
    _exit(1);
}

static const char *signal_name(int signal) {
    switch (signal) {
    case SIGSEGV: return "crashed with SIGSEGV (signal 11)";
    case SIGBUS: return "crashed with SIGBUS (signal 7)";
    case SIGFPE: return "crashed with SIGFPE (signal 8)";
    case SIGILL: return "crashed with SIGILL (signal 4)";
    case SIGABRT: return "crashed with SIGABRT (signal 6)";
    case SIGTRAP: return "crashed with SIGTRAP (signal 5)";
    default: return "crashed with signal ";
    }
}

static void on_signal(int signal) {
    if (signal == SIGALRM) {
        char problem[64];
        size_t used = 0;
        put(problem, &used, "took longer than ");
        put_number(problem, &used, limit_ms);
        put(problem, &used, " ms on one frame (a hang?)");
        problem[used] = 0;
        report(problem, -1, 1);
    }
    const char *name = signal_name(signal);
    report(name, name[strlen(name) - 1] == ' ' ? signal : -1, 1);
}

void foldbench_guard_install(const char *library) {
    strncpy(library_name, library, sizeof library_name - 1);
    stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGALRM};
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
        sigaddset(&unblocked, signals[i]);
    }
    /* A parent may have started this process with signals blocked (the mask is inherited
     * through fork and exec): the time limit's SIGALRM would then never arrive. */
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
}

void foldbench_guard_scenario(const char *scenario, long frames) {
    strncpy(scenario_name, scenario, sizeof scenario_name - 1);
    timeline_frames = frames;
    relayouts = 0;
}

void foldbench_guard_enter(long limit_milliseconds) {
    limit_ms = limit_milliseconds;
    struct itimerval timer = {{0, 0}, {limit_milliseconds / 1000, (limit_milliseconds % 1000) * 1000}};
    setitimer(ITIMER_REAL, &timer, NULL);
}

void foldbench_guard_leave(void) {
    struct itimerval timer = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &timer, NULL);
    relayouts = relayouts + 1;
}

void foldbench_guard_fail(const char *problem, int after_relayout) {
    /* After foldbench_guard_leave, name the frame that just ran. */
    if (after_relayout) relayouts = relayouts - 1;
    report(problem, -1, after_relayout);
}
