/**
 * V8 optimizes a function (TurboFan, on background threads) once it has run for an "interrupt
 * budget" of bytecode. A build runs the same code in three isolates (this thread and two
 * workers), each optimizing its own copy: with V8's default budget that compiling was a large
 * share of a cold build's CPU (bench/threads.bench.ts: CPU by OS thread). A larger budget
 * optimizes only what stays hot (measured: bench/HISTORY.md, interrupt budget). The flag is
 * process-wide (set before the worker threads start) and has existed in V8 since 2013. The dev
 * benches run their engine with the same flags.
 *
 * --liftoff-only: D2 (pipeline/diagrams/d2.ts) is a large Go program compiled to WebAssembly.
 * V8 compiles it quickly with its baseline compiler (Liftoff), then recompiles every hot
 * function with TurboFan in background threads: for the ten or so diagrams of a build that
 * tier-up was most of D2's cost, for the same SVGs (bench/HISTORY.md). paydocs runs no other
 * WebAssembly; the flag must be set before D2 compiles its module, as it is here.
 */
export const V8_FLAGS = '--interrupt-budget=1000000 --liftoff-only';
