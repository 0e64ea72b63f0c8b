/**
 * Split a Markdown file into YAML frontmatter and body, keeping line numbers.
 * No gray-matter (it evaluates `---js` frontmatter as code, and caches by text). Values come
 * from js-yaml (faster than building `yaml`'s document;
 * measured: bench/HISTORY.md, two YAML parsers). `yaml`, with its node
 * positions, is read only when a diagnostic needs a line, or when js-yaml rejects the
 * text: its syntax errors are the ones reported. Both read YAML 1.2's core schema
 * (unquoted dates stay strings), for frontmatter and standalone YAML files alike.
 */
import { load } from 'js-yaml';
import { LineCounter, parseDocument, type Node, type YAMLError } from 'yaml';

export interface ParsedYaml {
  /** The value, when the text parses. */
  data: unknown;
  /** YAML syntax problems, with file lines. */
  errors: { line: number; message: string }[];
  /** Line of the value at a data path, e.g. ['api', 'request', 2, 'example']; falls back to the nearest parent. */
  lineOf(path: (string | number)[]): number;
  /** The text holds no value at all (empty, or comments only). */
  empty: boolean;
}

export interface ParsedFile {
  data: unknown;
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  lineOf(path: (string | number)[]): number;
  yamlErrors: { line: number; message: string }[];
}

/**
 * js-yaml's value of `text`; throws where js-yaml refuses it. Wherever it returns, `yaml`'s
 * document (parseYamlDocument) has no error and the same value: test/pipeline/yaml-agreement.test.ts.
 * No aliases: content has no use for them, and `yaml` (below) bounds their expansion.
 */
export const fastYamlValue = (text: string): unknown => load(text, { maxAliases: 0 });

/** Parse YAML text that starts on file line `firstLine`. */
export function parseYaml(text: string, firstLine = 1): ParsedYaml {
  let data: unknown;
  try {
    data = fastYamlValue(text);
  } catch {
    // Not YAML to js-yaml, or empty, or aliased: `yaml` says what is wrong, with its line.
    return parseYamlDocument(text, firstLine);
  }
  // A null (`~`, or a bare `---`, which `yaml` calls empty) is rare: `yaml` tells which.
  if (data === null) return parseYamlDocument(text, firstLine);
  let document: ParsedYaml | undefined;
  return {
    data,
    errors: [],
    empty: false,
    lineOf: (path) => (document ??= parseYamlDocument(text, firstLine)).lineOf(path),
  };
}

/** A YAML error in words: a stack overflow (thousands of nested `[` or `- `) is named as the nesting it is. */
const yamlMessage = (message: string): string =>
  /Maximum call stack size exceeded/.test(message)
    ? 'nested too deeply to read (hundreds of levels of lists or maps)'
    : message.split('\n')[0];

/**
 * `yaml` notices an unclosed `[`, `{` or quote where the next line begins: the line to fix
 * is the one that opened it (the nearest unmatched one before), so the error is put there.
 */
function openerOffset(text: string, error: YAMLError): number | undefined {
  const closer =
    /end with an? ([\]}])/.exec(error.message)?.[1] ?? /^Missing closing (["'])quote/.exec(error.message)?.[1];
  if (!closer) return undefined;
  const at = error.pos[0] - 1;
  if (closer === '"' || closer === "'") {
    const i = text.lastIndexOf(closer, at);
    return i >= 0 ? i : undefined;
  }
  const opener = closer === ']' ? '[' : '{';
  for (let i = at, depth = 0; i >= 0; i--) {
    if (text[i] === closer) depth++;
    else if (text[i] === opener && depth-- === 0) return i;
  }
  return undefined;
}

/** `yaml`'s document: the value, the syntax errors and every node's position. */
export function parseYamlDocument(text: string, firstLine: number): ParsedYaml {
  const counter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter: counter, schema: 'core', prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    // Hundreds of nested block maps overflow the parser's own stack: it throws, not reports.
    return {
      data: undefined,
      errors: [{ line: firstLine, message: yamlMessage((error as Error).message) }],
      lineOf: () => firstLine,
      empty: false,
    };
  }
  const fileLine = (offset: number) => counter.linePos(offset).line + firstLine - 1;
  // Once per line and message: a stack overflow is reported at every level it unwinds through.
  const errors = [
    ...new Map(
      doc.errors.map((e) => {
        const error = { line: fileLine(openerOffset(text, e) ?? e.pos[0]), message: yamlMessage(e.message) };
        return [`${error.line} ${error.message}`, error] as const;
      }),
    ).values(),
  ];
  const lineOf = (path: (string | number)[]) => {
    // For a missing key, fall back to the nearest parent that exists.
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node?.range) return fileLine(node.range[0]);
    }
    return firstLine;
  };
  const empty = doc.contents === null;
  if (errors.length) return { data: undefined, errors, lineOf, empty };
  try {
    return { data: doc.toJS(), errors, lineOf, empty };
  } catch (error) {
    // An alias bomb ("Excessive alias count…"): `yaml` refuses to expand it.
    return {
      data: undefined,
      errors: [{ line: firstLine, message: yamlMessage((error as Error).message) }],
      lineOf,
      empty,
    };
  }
}

const FENCE = /^---[ \t]*\r?\n/;

/** A Markdown file cut at its frontmatter fences, before any YAML is read. */
export interface SplitFile {
  /** The YAML between the fences (it starts on file line 2), or undefined if there are no fences. */
  yaml: string | undefined;
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  /** The opening fence has no closing one. */
  unclosed: boolean;
}

export function splitFrontmatter(source: string): SplitFile {
  // A BOM and CRLF line endings give the same page as plain LF (lines keep their numbers).
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!FENCE.test(text)) return { yaml: undefined, body: text, bodyLine: 1, unclosed: false };
  const afterOpen = text.indexOf('\n') + 1;
  const rest = text.slice(afterOpen);
  const match = /^---[ \t]*$/m.exec(rest);
  if (!match) return { yaml: undefined, body: '', bodyLine: 1, unclosed: true };
  const bodyStart = afterOpen + match.index + match[0].length;
  // The body starts with the rest of the closing fence's line.
  return {
    yaml: rest.slice(0, match.index),
    body: text.slice(bodyStart),
    bodyLine: text.slice(0, bodyStart).split('\n').length,
    unclosed: false,
  };
}

/** A split file's frontmatter parsed (its lines counted from the file's line 2). */
export function parseSplit({ yaml: text, body, bodyLine, unclosed }: SplitFile): ParsedFile {
  if (unclosed) {
    return {
      data: undefined,
      body,
      bodyLine,
      lineOf: () => 1,
      yamlErrors: [
        { line: 1, message: 'Expected a closing "---" line after the frontmatter, found the end of the file' },
      ],
    };
  }
  if (text === undefined) return { data: undefined, body, bodyLine, lineOf: () => 1, yamlErrors: [] };
  const yaml = parseYaml(text, 2);
  // An empty block is no frontmatter (frontmatter-missing), not a null value.
  return { data: yaml.empty ? undefined : yaml.data, body, bodyLine, lineOf: yaml.lineOf, yamlErrors: yaml.errors };
}

export const parseFrontmatter = (source: string): ParsedFile => parseSplit(splitFrontmatter(source));

/** Parse a standalone YAML file (data, config) with line lookup. */
export const parseYamlFile = (text: string) => parseYaml(text);
