/**
 * V8 optimizes a function (TurboFan, on background threads) once it has run for an "interrupt
 * budget" of bytecode. A build runs the same code in three isolates (this thread and two
 * workers), each optimizing its own copy: with V8's default budget that compiling was a large
 * share of a cold build's CPU (bench/threads.bench.ts: CPU by OS thread). A larger budget
 * optimizes only what stays hot (measured: bench/HISTORY.md, interrupt budget). The flag is
 * process-wide (set before the worker threads start) and has existed in V8 since 2013. The dev
 * benches run their engine with the same flags.
 */
export const V8_FLAGS = '--interrupt-budget=1000000';
