/**
 * D2 (@terrastruct/d2: the D2 compiler and renderer as WebAssembly, in its own worker
 * thread) behind one small function: D2 text → a light and a dark SVG, or D2's own
 * errors with their lines. The engine is started on the first diagram that is not in
 * the stage memo (it takes seconds), answers one request at a time (the package keeps
 * one pending answer), and never keeps the process alive while it waits for work.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { D2 } from '@terrastruct/d2';

/**
 * The package's version: part of every render key, so an upgrade draws every diagram again.
 * (Its package.json is not exported: found from the entry, dist/node-cjs/index.js.)
 */
export const D2_VERSION: string = JSON.parse(
  readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('@terrastruct/d2')), '../../package.json'),
    'utf8',
  ),
).version;

/**
 * D2's themes (https://d2lang.com/tour/themes): Neutral default for the light site, Dark
 * Flagship Terrastruct for the dark one. Layout: dagre (sequence diagrams lay themselves out).
 * Changing any of these draws every diagram again (they are part of the memo key).
 */
export const RENDER_OPTIONS = { layout: 'dagre', light: 0, dark: 201, pad: 16 } as const;

export interface D2Error {
  line: number;
  column: number;
  message: string;
}
export type D2Result = { ok: true; light: string; dark: string } | { ok: false; errors: D2Error[] };

interface Engine {
  d2: D2;
  worker?: { ref(): void; unref(): void; terminate(): Promise<number> };
}
let engine: Engine | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Compile and render one diagram (requests run one after another). */
export function renderD2(source: string): Promise<D2Result> {
  const run = queue.then(() => renderNow(source));
  queue = run.catch(() => {});
  return run;
}

async function renderNow(source: string): Promise<D2Result> {
  engine ??= { d2: new D2() };
  const { d2 } = engine;
  const worker = await workerOf(d2);
  worker?.ref();
  try {
    let compiled: Awaited<ReturnType<typeof d2.compile>>;
    try {
      compiled = await d2.compile({ fs: { index: source }, options: { layout: RENDER_OPTIONS.layout } });
    } catch (e) {
      return { ok: false, errors: parseErrors((e as Error).message ?? String(e)) };
    }
    const svg = await d2.render(compiled.diagram, {
      ...compiled.renderOptions,
      pad: RENDER_OPTIONS.pad,
      noXMLTag: true,
      themeID: RENDER_OPTIONS.light,
      darkThemeID: RENDER_OPTIONS.dark,
    });
    return { ok: true, ...splitThemes(svg) };
  } finally {
    worker?.unref();
  }
}

/**
 * The one place that reads past D2's public API (checked against @terrastruct/d2 0.1.33,
 * dist/node-cjs/index.js): its class keeps the promise of its async init in `ready` and the
 * worker thread that init starts in `worker`. Nothing public lets the process end while the
 * engine idles (unref) or stops its thread (terminate); if an upgrade renames them, this
 * returns undefined: diagrams still draw, the thread just keeps a finished build waiting.
 */
async function workerOf(d2: D2): Promise<Engine['worker']> {
  const internals = d2 as unknown as { ready?: Promise<void>; worker?: Engine['worker'] };
  await internals.ready;
  return internals.worker;
}

/** Stop the engine (tests, and the end of a build that started it). */
export async function closeD2(): Promise<void> {
  const current = engine;
  engine = undefined;
  if (current) await (await workerOf(current.d2).catch(() => undefined))?.terminate();
}

/**
 * One render carries both themes: the light palette, and the dark one inside
 * `@media screen and (prefers-color-scheme:dark)`. The site's toggle, not the system,
 * picks the mode, so each file gets one palette for good: the dark block never applies
 * in the light file (`not all`) and always in the dark one (`all`). Half the renders of
 * drawing each theme on its own.
 */
export function splitThemes(svg: string): { light: string; dark: string } {
  const query = /@media screen and \(prefers-color-scheme:\s*dark\)/g;
  if (!query.test(svg)) throw new Error('D2 drew no dark theme block (@media … prefers-color-scheme:dark)');
  return { light: svg.replace(query, '@media not all'), dark: svg.replace(query, '@media all') };
}

/**
 * D2 reports errors as a JSON list of `{range, errmsg}` with `errmsg` = "index:<line>:<col>: text"
 * (the file is called `index`); anything else is kept whole at line 1.
 */
export function parseErrors(raw: string): D2Error[] {
  let list: { errmsg?: string }[] = [];
  try {
    list = JSON.parse(raw);
  } catch {
    /* not D2's list */
  }
  if (!Array.isArray(list) || !list.length)
    return [{ line: 1, column: 1, message: raw.split('\n')[0] || 'D2 could not compile the diagram' }];
  return list.map(({ errmsg = '' }) => {
    const m = /^[^:]*:(\d+):(\d+):\s*(.*)$/s.exec(errmsg);
    return m ? { line: Number(m[1]), column: Number(m[2]), message: m[3] } : { line: 1, column: 1, message: errmsg };
  });
}
