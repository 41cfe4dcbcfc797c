#ifndef FOLDBENCH_CLIBRARYGUARD_H
#define FOLDBENCH_CLIBRARYGUARD_H
/* The watch FoldBench keeps on a library's variant while it checks it: a crash (a
 * signal), a hang (a time limit per frame) or a write past the last pane ends the
 * process with one line on standard error naming the library, the problem, the scenario
 * and the frame, and exit status 1. Everything the signal handler writes is formatted
 * from buffers filled beforehand, as a handler may call nothing but write and _exit. */

/* Install the handlers (with a stack of their own, for a stack overflow), once per
 * process; `library` names the library in every line. */
void foldbench_guard_install(const char *library);
/* The scenario now checked and its timeline's length: relayouts counted from here are
 * frame 0, 1, ... of the timeline, then steps of the checks that follow it. */
void foldbench_guard_scenario(const char *scenario, long frames);
/* Around each relayout: arm and disarm the time limit, count the relayout. */
void foldbench_guard_enter(long limit_milliseconds);
void foldbench_guard_leave(void);
/* A problem found outside a handler: the same line, then exit status 1. After a relayout
 * (guard bytes overwritten) the line names its frame; otherwise (a tree refused) only
 * the scenario. */
void foldbench_guard_fail(const char *problem, int after_relayout);
#endif
