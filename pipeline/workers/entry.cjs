/**
 * The script piscina loads in every build thread, CommonJS on purpose. piscina require()s
 * its script first; given an ES module, Node ≥ 20.19 then loads it synchronously
 * (require(esm)), and a thread terminated during that load aborts the whole process
 * (Node 20.20: "FATAL ERROR: v8::Module::IsGraphAsync … must be used on an instantiated
 * module"), as when the pool stops its threads because one died or the build failed early.
 * Here the worker script (pool.ts: the bundle's worker.js or boot.mjs) comes by import(),
 * which a terminated thread abandons cleanly.
 */
'use strict';
const { workerData } = require('node:worker_threads');

let handler;
module.exports = function run(task) {
  handler ??= import(workerData.paydocsWorker).then((module) => module.default);
  return handler.then((work) => work(task));
};
