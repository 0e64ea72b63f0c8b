/**
 * The build's output steps, from the site model and the reader bundle to dist/: page JSON
 * → prerender HTML (workers) ‖ search index (this thread) → Markdown twins → machine outputs
 * → service worker and manifest → diagrams → site files → public files → atomic swap.
 * Files go to disk as they are made (write.ts): the build never holds the whole site.
 */
import path from 'node:path';
import type { SiteModelBuild } from '../model.ts';
import type { Bundle } from './bundle.ts';
import { openOutput, type OutputRecord, type OutputWriter, type WriteOptions } from './write.ts';
import { prerenderSite } from './prerender-site.ts';
import { offlineFiles } from './service-worker.ts';
import { siteFiles } from './artifacts.ts';
import { publicClashes } from './public-files.ts';
import { pageFileContents } from '../link/page-json.ts';
import { markdownTwins } from '../machine/twin-stage.ts';
import { machineFiles, machineInput } from '../machine/outputs.ts';
import { buildSearch, withSearch } from '../search/search-step.ts';
import { BuildError } from '../diagnostics.ts';
import type { StageMemo } from '../incremental/memo.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { Step } from '../step.ts';
import { awaitedLater } from '../later.ts';
import { MANIFEST_FILE, MANIFEST_URL } from '../../schema/dist-layout.ts';

export interface SiteOutputInput {
  model: SiteModelBuild;
  bundle: Bundle;
  outDir: string;
  /** What the build that wrote the current dist recorded: files with the same hash are linked from there. */
  previous?: OutputRecord;
  memo: StageMemo;
  step: Step;
  pool?: WorkerPool;
  minify?: boolean;
  write?: WriteOptions;
}

export interface SiteOutput {
  record: OutputRecord;
  rendered: number;
  twins: number;
  shardsRebuilt: number;
  /** Settles when the dist the swap replaced is deleted. */
  removed(): Promise<void>;
}

/** Writes the site into a new dist and swaps it in; a failure leaves the previous dist as it was. */
export async function writeSite(input: SiteOutputInput): Promise<SiteOutput> {
  const output = await openOutput(input.outDir, input.previous, input.write);
  try {
    return { ...(await emitInto(output, input)), removed: () => output.removed() };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

async function emitInto(output: OutputWriter, input: SiteOutputInput): Promise<Omit<SiteOutput, 'removed'>> {
  const { model, bundle, memo, step, pool } = input;
  const put = (name: string, contents: string | Uint8Array, hash?: string) => void output.put(name, contents, hash);
  const pageJsonPut = awaitedLater(putPageJson(output, model));
  for (const f of bundle.files) put(f.path, f.contents);
  put(model.generatedData.path, model.generatedData.json);
  // The HTML does not show the search index: the workers render while this thread indexes.
  const prerendering = awaitedLater(
    step('prerender HTML', () => prerenderSite(model, bundle, output, MANIFEST_URL, memo, pool)),
  );
  const machining = awaitedLater(machineOutputs(model, memo, step, put, pool));
  const search = await buildSearch(model, memo, step);
  for (const [p, json] of search.files) put(p, json);
  // Shard names carry their content's hash: a name the last dist did not have is a shard made anew.
  const shardsRebuilt = [...search.files.keys()].filter((p) => !input.previous?.hashes[p]).length;
  const twins = await machining;
  // Offline reading: dist/sw.js and its shell; the manifest gets its final build id and names the worker.
  const offline = await step('service worker', () =>
    offlineFiles({
      manifest: withSearch(model.manifest, search, bundle),
      bundle,
      searchFiles: search.files.keys(),
      publicFiles: model.content.publicFiles,
      minify: input.minify,
      memo,
    }),
  );
  for (const [p, text] of offline.files) put(p, text);
  put(MANIFEST_FILE, JSON.stringify(offline.manifest));
  const rendered = await prerendering;
  for (const [p, svg] of await step('draw diagrams', () => model.diagramFiles)) put(p, svg);
  await step('site files', () => siteFiles(model.site.config.url, model.pages, put, memo.runSync));
  await pageJsonPut; // every file the build makes has its name claimed by now
  // Checked before the compile against the names a build makes (model.ts); here against those it wrote.
  const { contentDir, publicFiles } = model.content;
  const clashes = publicClashes(publicFiles, (name) => output.claimed(name));
  if (clashes.length) throw new BuildError(clashes);
  for (const name of publicFiles) void output.copy(path.join(contentDir, 'public', name), name);
  const record = await step('write dist (atomic swap)', () => output.commit());
  return { record, rendered, twins, shardsRebuilt };
}

/** Every page JSON: linked from the last dist unread when it wrote the same (link/page-json.ts), else written. */
function putPageJson(output: OutputWriter, model: SiteModelBuild): Promise<unknown> {
  return Promise.all(
    [...model.pageFiles].map(async ([p, file]) => {
      if (!(await output.kept(p, file.hash))) void output.put(p, pageFileContents(file), file.hash);
    }),
  );
}

/**
 * Markdown twins (a function of the page JSON alone, made in the workers after the HTML),
 * then the machine outputs, which need every twin and no index: made while this thread
 * indexes. Returns how many twins were made anew.
 */
async function machineOutputs(
  model: SiteModelBuild,
  memo: StageMemo,
  step: Step,
  put: (name: string, contents: string | Uint8Array) => void,
  pool?: WorkerPool,
): Promise<number> {
  // Held only here: the twins (tens of MB at 2,000 pages) do not sit in the prerender's peak.
  const { twins, made } = await step('Markdown twins', () =>
    markdownTwins({ ...model, siteUrl: model.site.config.url }, memo, pool),
  );
  for (const [p, text] of await step('machine-readable outputs', () =>
    machineFiles(machineInput(model), twins, memo.runSync),
  ))
    put(p, text);
  return made;
}
