/**
 * Stage: the Markdown twins of every page, through the stage memo (key: the page JSON's
 * hash, the site URL and the error rows' hash if it prints some, with the code hash), the
 * misses in worker threads beside the prerender — a twin is a function of its page JSON
 * alone, so a warm build converts only the pages that changed.
 */
import type { PageData } from '../../schema/page.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { pageTexts, type PageFileText } from '../link/page-json.ts';
import { runKept, sharedJson, type WorkerPool } from '../workers/pool.ts';
import type { TwinReply } from '../workers/protocol.ts';
import { dataKeyOf, type GeneratedDataFile } from '../link/generated-data.ts';
import { pageDataPath } from '../../schema/dist-layout.ts';
import { twinPath } from '../../schema/machine-docs.ts';

/** Below this many twins to make, the round trip to the workers costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 24;

export interface TwinInput {
  pages: PageData[];
  pageFiles: Map<string, PageFileText>;
  generatedData: GeneratedDataFile;
  siteUrl: string;
}

/**
 * Twin path → Markdown for every page (as shared UTF-8 from a thread that kept it); `made` counts
 * the twins not taken from the memo.
 */
export async function markdownTwins(
  input: TwinInput,
  memo: StageMemo,
  pool?: WorkerPool,
): Promise<{ twins: Map<string, TwinReply>; made: number }> {
  const twins = new Map<string, TwinReply>();
  const misses: { page: PageData; file: PageFileText; key: string }[] = [];
  for (const page of input.pages) {
    const file = input.pageFiles.get(pageDataPath(page.route))!;
    const key = memo.key('twin', [file.hash, input.siteUrl, dataKeyOf(page, input.generatedData)]);
    const kept = memo.get<string>('twin', key);
    if (kept !== undefined) twins.set(twinPath(page.route), kept);
    else misses.push({ page, file, key });
  }
  const config = { url: input.siteUrl };
  // Each twin is kept in the memo: by the worker thread that writes it (runKept), or here.
  let make: (m: (typeof misses)[number]) => Promise<TwinReply>;
  if (pool && misses.length >= MIN_PAGES_FOR_WORKERS) {
    const generatedData = sharedJson(JSON.stringify(input.generatedData.data));
    make = (m) =>
      runKept<TwinReply>(
        pool,
        memo,
        'twin',
        m.key,
        { type: 'twin', siteUrl: input.siteUrl, generatedData, ...pageTexts(m.file) },
        `writing the Markdown twin of ${m.page.route}`,
      );
  } else {
    const { pageJsonTwin } = await import('./outputs.ts');
    // From the page JSON, as the workers do: the build keeps no page trees.
    make = async (m) => {
      const twin = pageJsonTwin(m.file.json, config, input.generatedData.data, m.file.printed);
      memo.set('twin', m.key, twin);
      return twin;
    };
  }
  await Promise.all(misses.map(async (m) => twins.set(twinPath(m.page.route), await make(m))));
  return { twins, made: misses.length };
}
