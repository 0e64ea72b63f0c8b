/**
 * A pipeline worker thread (piscina task function): compiles one page (and, in a build, makes
 * its page JSON), prerenders one route or writes one page's Markdown twin per task. Heavy
 * modules load on first use, so a worker that only prerenders never loads unified, and the reverse.
 */
import type { CompileContext, CompileInput } from '../compile/context.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { MadePageFile } from '../link/page-file.ts';
import { shareText, sharedText } from './shared-text.ts';
import type { CompileAnswer, PageText, PrerenderReply, SharedJson, TwinReply, WorkerTask } from './protocol.ts';
import type { Manifest } from '../../schema/manifest.ts';
import type { GeneratedData } from '../../schema/generated/index.ts';
import type { KeepAt } from '../incremental/memo.ts';
import { keepAt, keepTextAt } from '../incremental/pack-store.ts';
import { summaryOf } from '../compile/summary.ts';
import { LRUCache } from 'lru-cache';

/**
 * The shared values parsed last, by key: every task of one stage carries the same ones (a
 * prerender task two: the manifest and the generated content's data). A few are kept.
 */
const parsed = new LRUCache<string, object>({ max: 4 });
function shared<T>(value: SharedJson): T {
  let kept = parsed.get(value.key);
  if (kept === undefined) parsed.set(value.key, (kept = JSON.parse(sharedText(value.bytes)) as object));
  return kept as T;
}

export default async function run(task: WorkerTask): Promise<CompileAnswer | PrerenderReply | TwinReply | null> {
  // Started early, while the main thread validates: the compiler is loaded before the first page arrives.
  if (task.type === 'warm') {
    await import('../compile/compile-page.ts');
    return null;
  }
  if (task.type === 'compile') {
    const { compilePage } = await import('../compile/compile-page.ts');
    const { fileOfOrder, keepPageFile, sharePageFile } = await import('../link/page-file.ts');
    const input = task.input as CompileInput;
    let page: CompiledPage, json: string, file: MadePageFile | undefined;
    try {
      page = compilePage(input, shared<CompileContext>(task.ctx));
      json = JSON.stringify(page);
      file = task.file && fileOfOrder(task.file, input.frontmatter, page);
    } catch (error) {
      return { ok: false, route: input.route, message: (error as Error).stack ?? String(error) };
    }
    if (task.keep) keepAt(task.keep, json);
    if (!task.file || !file) return { ok: true, json };
    const madeFile = sharePageFile(file);
    keepPageFile(task.file.keep, madeFile);
    return { ok: true, summary: summaryOf(page), file: madeFile };
  }
  if (task.type === 'twin') {
    const { pageJsonTwin } = await import('../machine/outputs.ts');
    return kept(
      task.keep,
      pageJsonTwin(
        sharedText(task.page),
        { url: task.siteUrl },
        shared<GeneratedData>(task.generatedData),
        task.printed && sharedText(task.printed),
      ),
    );
  }
  const { renderHtmlFromJson } = await import('../emit/prerender.ts');
  const html = renderHtmlFromJson(
    shared<Manifest>(task.manifest),
    task.page && sharedText(task.page),
    task.route,
    task.options,
    shared<GeneratedData>(task.generatedData),
    task.printed && sharedText(task.printed),
  );
  return kept(task.keep, html);
}

/**
 * A text answer (HTML, twin), kept first in the build's memo if the task says where. Kept, it
 * goes to the main thread as the UTF-8 written to the memo (protocol.ts `PageText`): encoded once.
 */
function kept(at: KeepAt | undefined, text: string): PageText {
  if (!at) return text;
  const bytes = shareText(text);
  keepTextAt(at, new Uint8Array(bytes));
  return bytes;
}
