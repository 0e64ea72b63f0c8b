/**
 * A page's JSON file (schema/page.ts `PageFile`) made from its assembled data and its tree:
 * by link/page-json.ts on the main thread, or — in a build — by the worker thread that has
 * just compiled the page, from an order the main thread sends with it (`PageFileOrder`).
 * Then the compiled tree never crosses back: the main thread parsed it only to encode it
 * again (measured: bench/HISTORY.md, page file on the worker).
 */
import type { Root } from 'hast';
import type { PageData } from '../../schema/page.ts';
import type { Frontmatter } from '../../schema/frontmatter.ts';
import type { CompiledPage } from '../compile/compile-page.ts';
import type { KeepAt } from '../incremental/memo.ts';
import { keepTextAt } from '../incremental/pack-store.ts';
import { shortHash as hash } from '../hash.ts';
import { pageFile, printedParts } from './encode-content.ts';
import { filledTree } from './assemble.ts';
import { shareText } from '../workers/shared-text.ts';

/**
 * A page JSON file as made: its text, content hash and size, and its generated parts as printed
 * (see page-json.ts `PageFileText`).
 */
export interface MadePageFile {
  json: string;
  hash: string;
  bytes: number;
  printed?: string;
}

/**
 * A page JSON file as a worker thread sends it back: its text and printed parts stay UTF-8 in
 * shared memory (workers/shared-text.ts). The main thread writes the bytes to dist and hands
 * them to the prerender and twin tasks without ever making strings of them.
 */
export interface SharedPageFile {
  hash: string;
  bytes: number;
  json: SharedArrayBuffer;
  printed?: SharedArrayBuffer;
}

export const sharePageFile = (file: MadePageFile): SharedPageFile => ({
  hash: file.hash,
  bytes: file.bytes,
  json: shareText(file.json),
  ...(file.printed !== undefined ? { printed: shareText(file.printed) } : {}),
});

/**
 * What the stage memo keeps of a page JSON file (stage `page-json`): one text, the page JSON
 * then, if the page prints generated parts, a line break and their JSON. JSON text holds no
 * raw line break, so the first one divides them. Kept as text, not as JSON of the two: the
 * disk memo writes a text as it is (incremental/pack-store.ts), without escaping it. The
 * parts as strings (this thread) or as the bytes a worker thread shares (`keepPageFile`).
 */
const keptParts = <T>(json: T, printed: T | undefined): (T | string)[] =>
  printed === undefined ? [json] : [json, '\n', printed];

export const keptPageFile = (file: MadePageFile): string => keptParts(file.json, file.printed).join('');

/** A page JSON file as `keptPageFile` kept it. */
export function readKeptPageFile(text: string): { json: string; printed?: string } {
  const at = text.indexOf('\n');
  return at === -1 ? { json: text } : { json: text.slice(0, at), printed: text.slice(at + 1) };
}

export function makePageFile(data: Omit<PageData, 'ast'>, ast: Root): MadePageFile {
  const json = JSON.stringify(pageFile({ ...data, ast: ast as PageData['ast'] }));
  const parts = printedParts(ast);
  return {
    json,
    hash: hash(json),
    bytes: Buffer.byteLength(json),
    ...(parts.length ? { printed: JSON.stringify(parts) } : {}),
  };
}

/**
 * What the thread that compiles a page needs to make its file too: everything assembly adds
 * around the tree (not the toc, which the compile makes, nor the frontmatter, which the
 * compile input carries), the kind's fill inputs, and where to keep the file in the memo.
 */
export interface PageFileOrder {
  data: Omit<PageData, 'ast' | 'toc' | 'frontmatter'>;
  fill?: unknown;
  keep: KeepAt;
}

/** The file of a page just compiled, made as its order says. */
export function fileOfOrder(order: PageFileOrder, frontmatter: Frontmatter, page: CompiledPage): MadePageFile {
  return makePageFile(
    { ...order.data, toc: page.toc, frontmatter },
    filledTree(frontmatter, page.ast, order.fill) as Root,
  );
}

/**
 * Keeps a file in the build's disk memo where its order says (`PageFileOrder.keep`), as
 * `keptPageFile` (from the bytes the main thread gets).
 */
export const keepPageFile = (at: KeepAt, file: SharedPageFile): void =>
  keepTextAt(at, ...keptParts(new Uint8Array(file.json), file.printed && new Uint8Array(file.printed)));
