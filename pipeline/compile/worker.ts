/** Worker thread: compiles the pages it is sent with the context it was started with. */
import { parentPort, workerData } from 'node:worker_threads';
import { compilePage } from './compile-page.ts';
import type { CompileContext, CompileInput } from './context.ts';

const ctx = workerData.ctx as CompileContext;
parentPort!.on('message', (batch: { id: number; inputs: CompileInput[] }) => {
  const results = batch.inputs.map((input) => {
    try {
      return { ok: true as const, page: compilePage(input, ctx) };
    } catch (error) {
      return { ok: false as const, route: input.route, message: (error as Error).stack ?? String(error) };
    }
  });
  parentPort!.postMessage({ id: batch.id, results });
});
