/**
 * The dev server's first build compiles every page in worker threads, so the first
 * save compiled its page on a thread whose compiler V8 had never run, several times slower
 * than a few saves later (measured: bench/HISTORY.md, compiler warm-up). While the server
 * waits for that save, this compiles
 * the largest page of each kind here, a few times, and drops the results: nothing is
 * kept, nothing else changes.
 */
import type { SiteModelBuild } from '../model.ts';
import type { ParsedChunks } from './markdown-chunks.ts';
import type { PageSource } from '../content/validate.ts';
import { compilePage } from './compile-page.ts';
import { compileInput } from './context.ts';

/** Rounds over the chosen pages: enough for V8 to optimize the parser and highlighter. */
const ROUNDS = 3;

/**
 * Warms this thread's compiler (and the session's parsed `chunks`); stops early when `stop()` says
 * a build wants the thread.
 */
export async function warmUpCompiler(
  model: Pick<SiteModelBuild, 'site' | 'compileContext'>,
  stop: () => boolean = () => false,
  chunks?: ParsedChunks,
): Promise<void> {
  const largest = new Map<string, PageSource>();
  for (const page of model.site.pages) {
    const kind = page.frontmatter.kind;
    if (page.body.length > (largest.get(kind)?.body.length ?? -1)) largest.set(kind, page);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of largest.values()) {
      // One page at a time: a request or a save waits at most for one page.
      await new Promise((resolve) => setImmediate(resolve));
      if (stop()) return;
      try {
        compilePage(compileInput(page), model.compileContext, { chunks });
      } catch {
        /* a page that does not compile is the build's to report */
      }
    }
  }
}
