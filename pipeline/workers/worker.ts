/**
 * A pipeline worker thread (piscina task function): compiles one page or
 * prerenders one route per task. Heavy modules load on first use, so a worker
 * that only prerenders never loads unified, and the reverse.
 */
import type { CompileContext, CompileInput } from '../compile/context.ts';
import type { CompileAnswer, PrerenderAnswer, WorkerTask } from './protocol.ts';
import type { Manifest } from '../../schema/manifest.ts';

/** The last shared value parsed, by key: every task of one stage carries the same one. */
const parsed = new Map<string, unknown>();
function shared<T>(key: string, json: string): T {
  if (!parsed.has(key)) { parsed.clear(); parsed.set(key, JSON.parse(json)); }
  return parsed.get(key) as T;
}

export default async function run(task: WorkerTask): Promise<CompileAnswer | PrerenderAnswer> {
  if (task.type === 'compile') {
    const { compilePage } = await import('../compile/compile-page.ts');
    const input = task.input as CompileInput;
    try {
      return { ok: true, json: JSON.stringify(compilePage(input, shared<CompileContext>(`ctx:${task.ctxKey}`, task.ctx))) };
    } catch (error) { return { ok: false, route: input.route, message: (error as Error).stack ?? String(error) }; }
  }
  const { renderHtmlFile } = await import('../emit/prerender.ts');
  const { pageFromFile } = await import('../../schema/page-codec.ts');
  const manifest = shared<Manifest>(`manifest:${task.manifestKey}`, task.manifest);
  return renderHtmlFile(manifest, task.page ? pageFromFile(JSON.parse(task.page)) : task.route!, task.options);
}
