/**
 * V8 optimizes a function (TurboFan, on background threads) once it has run for an "interrupt
 * budget" of bytecode. A build runs the same code in three isolates (this thread and two
 * workers), each optimizing its own copy: with V8's default budget that compiling was ~3.8 s
 * of a cold real-site build's ~16 s of CPU (bench/threads.bench.ts: CPU by OS thread).
 * A larger budget optimizes only what stays hot: −1.6 s CPU and −0.55 s wall on the real site,
 * −3.7 s CPU at 2,000 pages (alternating runs; flat between 0.5 and 2 M). The flag is
 * process-wide (set before the worker threads start) and has existed in V8 since 2013. The dev
 * benches run their engine with the same flags.
 */
export const V8_FLAGS = '--interrupt-budget=1000000';
