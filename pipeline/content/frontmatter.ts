/**
 * Split a Markdown file into YAML frontmatter and body, keeping line numbers.
 * No gray-matter (it evals `---js` and caches — ARCHITECTURE.md pitfalls): js-yaml and
 * `yaml` with the YAML 1.2 core schema, so unquoted dates stay strings.
 */
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import { load as loadYaml, CORE_SCHEMA } from 'js-yaml';

export interface ParsedFile {
  data: unknown;
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  /** Line of the value at a data path, e.g. ['api', 'request', 2, 'example']; falls back to the nearest parent. */
  lineOf(path: (string | number)[]): number;
  /** YAML syntax problems: { line, message }. */
  yamlErrors: { line: number; message: string }[];
}

const FENCE = /^---[ \t]*\r?\n/;

/** Full parse with positions; frontmatter starts on line 2 of the file (line 1 is the fence). */
function detailedParse(yamlText: string) {
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter, schema: 'core', prettyErrors: false, uniqueKeys: true });
  const toFileLine = (offset: number) => counter.linePos(offset).line + 1;
  const errors = doc.errors.map((e) => ({ line: toFileLine(e.pos[0]), message: e.message.split('\n')[0] }));
  const lineOf = (path: (string | number)[]) => {
    // For a missing key, fall back to the nearest parent that exists.
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node && node.range) return toFileLine(node.range[0]);
    }
    return 2;
  };
  return { errors, lineOf };
}

export function parseFrontmatter(source: string): ParsedFile {
  // A BOM and CRLF line endings give the same page as plain LF (lines keep their numbers).
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!FENCE.test(text)) {
    return { data: undefined, body: text, bodyLine: 1, lineOf: () => 1, yamlErrors: [] };
  }
  const afterOpen = text.indexOf('\n') + 1;
  const close = /^---[ \t]*$/m;
  close.lastIndex = 0;
  const rest = text.slice(afterOpen);
  const match = close.exec(rest);
  if (!match) {
    return {
      data: undefined, body: '', bodyLine: 1, lineOf: () => 1,
      yamlErrors: [{ line: 1, message: 'Expected a closing "---" line after the frontmatter, found the end of the file' }],
    };
  }
  const yamlText = rest.slice(0, match.index);
  const bodyStart = afterOpen + match.index + match[0].length;
  // The body starts with the rest of the closing fence's line.
  const bodyLine = text.slice(0, bodyStart).split('\n').length;
  // Fast path: js-yaml with the YAML 1.2 core schema (no eval, no Date objects).
  // The slower `yaml` Document, which knows every node's position, is built only
  // when a line is needed: on a syntax error or a failed validation.
  let detailed: ReturnType<typeof detailedParse> | undefined;
  const details = () => (detailed ??= detailedParse(yamlText));
  let data: unknown;
  let yamlErrors: { line: number; message: string }[] = [];
  try {
    data = loadYaml(yamlText, { schema: CORE_SCHEMA });
  } catch {
    yamlErrors = details().errors;
    if (!yamlErrors.length) yamlErrors = [{ line: 2, message: 'the frontmatter is not valid YAML' }];
  }
  const lineOf = (path: (string | number)[]) => details().lineOf(path);
  return { data, body: text.slice(bodyStart), bodyLine, lineOf, yamlErrors };
}

/** Parse a standalone YAML file (data, config) with line lookup. */
export function parseYamlFile(text: string) {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, schema: 'core', prettyErrors: false, uniqueKeys: true });
  const errors = doc.errors.map((e) => ({ line: counter.linePos(e.pos[0]).line, message: e.message.split('\n')[0] }));
  const lineOf = (path: (string | number)[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node && (node as Node).range) return counter.linePos((node as Node).range![0]).line;
    }
    return 1;
  };
  let data: unknown;
  if (!errors.length) data = doc.toJS();
  return { data, errors, lineOf, isCollection: isMap(doc.contents) || isSeq(doc.contents) };
}
