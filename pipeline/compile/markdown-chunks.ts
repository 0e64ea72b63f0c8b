/**
 * Markdown parsed chunk by chunk, each chunk's tree kept: a dev save changes one part of a
 * page, and parsing is most of a page's compile (measured: bench/HISTORY.md, parsed chunks).
 * A body is cut before the ATX headings where
 * cutting cannot change the tree: each chunk is parsed alone, its positions moved to
 * where it stands, and the chunks' children joined under one root — the same tree, with
 * the same positions, as parsing the body whole (test/pipeline/site-parse.test.ts checks
 * every page of the site and of the test fixtures, markdown-chunks.test.ts bodies written
 * to tempt a wrong cut).
 */
import type { Root } from 'mdast';
import { LRUCache } from 'lru-cache';

/**
 * Constructs that reach across the whole document or across blank lines and headings:
 * definitions and footnotes (a reference in one chunk, its definition in another), and
 * raw HTML blocks — some end only at their own end marker (`<!--` … `-->`), and inside
 * one a fence line is not a fence, which would mislead the scan below. A body with any
 * of them is parsed whole (no page of the site has a raw HTML block).
 */
const UNSAFE = /^ {0,3}\[[^\]\n]*\]:|\[\^|^ {0,3}</m;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DIRECTIVE_FENCE = /^ {0,3}(:{3,})(.*)$/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;

/** A chunk of a body: its text, and the line (1-based) and offset it starts at. */
export interface Chunk {
  text: string;
  line: number;
  offset: number;
}

/**
 * The body cut before every ATX heading that starts a line (no indent), follows a blank
 * line (so no HTML block or table runs into it) and stands outside fenced code and
 * container directives (`:::name` … `:::`). One chunk when there is no such heading.
 */
export function chunksOf(body: string): Chunk[] {
  if (UNSAFE.test(body)) return [{ text: body, line: 1, offset: 0 }];
  const chunks: Chunk[] = [];
  let fence: { marker: string; length: number } | undefined;
  const directives: number[] = [];
  let start = { line: 1, offset: 0 };
  let previousBlank = true;
  let offset = 0;
  let line = 1;
  while (offset <= body.length) {
    const end = body.indexOf('\n', offset);
    const next = end === -1 ? body.length + 1 : end + 1;
    const text = body.slice(offset, end === -1 ? body.length : end);
    if (fence) {
      const m = FENCE.exec(text);
      if (m && m[1][0] === fence.marker && m[1].length >= fence.length && BLANK.test(text.slice(m[0].length)))
        fence = undefined;
    } else {
      const f = FENCE.exec(text);
      const d = DIRECTIVE_FENCE.exec(text);
      // A backtick fence's info string has no backtick (CommonMark): "```a`b" opens nothing.
      if (f && !(f[1][0] === '`' && text.slice(f[0].length).includes('`')))
        fence = { marker: f[1][0], length: f[1].length };
      else if (d && /^[A-Za-z]/.test(d[2])) directives.push(d[1].length);
      else if (d && BLANK.test(d[2]) && directives.length && d[1].length >= directives[directives.length - 1])
        directives.pop();
      else if (previousBlank && !directives.length && offset > 0 && HEADING.test(text)) {
        chunks.push({ text: body.slice(start.offset, offset), ...start });
        start = { line, offset };
      }
    }
    previousBlank = BLANK.test(text);
    offset = next;
    line++;
  }
  chunks.push({ text: body.slice(start.offset), ...start });
  return chunks;
}

/** A chunk as parsed (positions from its start), and whether a construct in it runs on past its text. */
interface ParsedChunk {
  tree: Root;
  spills: boolean;
}

/**
 * The chunks parsed last, by text (the last 256). Owned by a dev session, which creates
 * one and passes it to its compiles: a save compiles its page on that session's thread.
 * A build has none: it parses each page once, and cutting, copying and keeping chunks it
 * never reads again costs a cold build CPU (bench/HISTORY.md).
 */
export type ParsedChunks = LRUCache<string, ParsedChunk>;

export const parsedChunks = (): ParsedChunks => new LRUCache<string, ParsedChunk>({ max: 256 });

/**
 * `parse` (the Markdown parser) over the body's chunks: a chunk in `kept` is not parsed
 * again. The tree is the caller's to change. Without `kept`, the body is parsed whole.
 */
export function parseInChunks(body: string, parse: (text: string) => Root, kept?: ParsedChunks): Root {
  if (!kept) return parse(body);
  const chunks = chunksOf(body);
  const parsed = chunks.map((chunk) => {
    let done = kept.get(chunk.text);
    if (!done) {
      const tree = parse(chunk.text);
      kept.set(chunk.text, (done = { tree, spills: spillsOver(tree, chunk.text.trimEnd().length) }));
    }
    return done;
  });
  // A fence, container or HTML block left open at a cut runs on into the next chunk in the whole
  // document: the scan was misled (a fence opened on a list marker's line, say), so no cuts.
  if (parsed.slice(0, -1).some((p) => p.spills)) return parse(body);
  if (chunks.length === 1) return moveTree(parsed[0].tree, 0, 0);
  const root: Root = { type: 'root', children: [] };
  chunks.forEach((chunk, i) => root.children.push(...moveTree(parsed[i].tree, chunk.line - 1, chunk.offset).children));
  const end = parsed.at(-1)!.tree.position?.end;
  if (end)
    root.position = {
      start: { line: 1, column: 1, offset: 0 },
      end: movePoint(end, chunks.at(-1)!.line - 1, chunks.at(-1)!.offset),
    };
  return root;
}

/**
 * Whether a node ends past the chunk's last non-blank character: only an unclosed fence,
 * container directive or HTML block runs on to the end of the text (micromark closes it there).
 */
function spillsOver(tree: Root, contentEnd: number): boolean {
  const walk = (node: { position?: Position; children?: unknown[] }): boolean =>
    (node.position?.end.offset ?? 0) > contentEnd || (node.children ?? []).some((c) => walk(c as never));
  return tree.children.some((c) => walk(c as never));
}

/** A deep copy of a parsed tree, its positions moved down `lines` lines and on `offset` characters. */
function moveTree<T>(node: T, lines: number, offset: number): T {
  if (Array.isArray(node)) return node.map((n) => moveTree(n, lines, offset)) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] =
      key === 'position' && value ? movePosition(value as Position, lines, offset) : moveTree(value, lines, offset);
  }
  return copy as T;
}

/** unist's position types, as the mdast tree carries them. */
type Position = NonNullable<Root['position']>;
type Point = Position['start'];
const movePoint = (p: Point, lines: number, offset: number): Point => ({
  ...p,
  line: p.line + lines,
  ...(p.offset === undefined ? {} : { offset: p.offset + offset }),
});
const movePosition = (p: Position, lines: number, offset: number): Position => ({
  ...p,
  start: movePoint(p.start, lines, offset),
  end: movePoint(p.end, lines, offset),
});
