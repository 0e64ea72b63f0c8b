/**
 * Stage: the diagram list. content/diagrams/diagrams.yaml and its `.d2` files → what
 * each diagram is (source, title, text alternative, guide page, the method pages that
 * link to it) and the addresses of its two SVGs, or diagnostics. The addresses are
 * known before anything is drawn — they hash everything the SVG is made from — so
 * pages compile while the diagrams render, and the SVG files can be cached forever.
 */
import path from 'node:path';
import { diagramsFile, type DiagramEntry } from '../../schema/diagrams.ts';
import type { LoadedData } from '../../schema/data.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { RawFile } from '../content/load.ts';
import type { PageSource } from '../content/validate.ts';
import { parseYamlFile } from '../content/frontmatter.ts';
import { validateWith } from '../content/zod-diagnostics.ts';
import { characterDiagnostics } from '../content/validate-file.ts';
import { shortHash } from '../hash.ts';
import { D2_VERSION, RENDER_OPTIONS } from './d2.ts';
import { SVG_FINISH_VERSION } from './svg.ts';
// Where the SVGs go in dist: a folder of hashed names, cached for a year.
import { DIAGRAMS_DIR } from '../../schema/dist-layout.ts';
import { statusDiagramDescription, statusDiagramSource } from './statuses.ts';
import type { DiagramRef } from './figure.ts';

export const DIAGRAMS_LIST = 'diagrams.yaml';

/** A diagram ready to draw: its D2 text and where the SVGs go. */
export interface DiagramSpec {
  ref: DiagramRef;
  /** The file a D2 error points into (the generated diagram: its data file). */
  relFile: string;
  /** The D2 text. */
  source: string;
  /** Drawn from a data file: D2's line numbers are of the generated text, not of `relFile`. */
  generated: boolean;
  /** Where the entry's `guide` and `applies_to` items are, for the checks against pages. */
  at: { file: string; guide: number; applies_to: number[] };
}

export interface DiagramRegistry {
  specs: DiagramSpec[];
  diagnostics: Diagnostic[];
}

/**
 * `files`: every file under content/diagrams/ (the list and the D2 sources). A file name
 * hashes what its SVG is made of: the D2 text, D2's version and options, the title and
 * text alternative, and the version of the finishing (svg.ts) — not the code hash.
 */
export function diagramRegistry(files: readonly RawFile[], data: LoadedData): DiagramRegistry {
  const list = files.find((f) => path.posix.basename(f.relFile) === DIAGRAMS_LIST);
  const sources = new Map(
    files.filter((f) => f.relFile.endsWith('.d2')).map((f) => [path.posix.basename(f.relFile), f]),
  );
  if (!list) return { specs: [], diagnostics: [...sources.values()].map((f) => unlisted(f, 'no such file')) };
  const read = readList(list);
  if ('diagnostics' in read) return { specs: [], diagnostics: read.diagnostics };
  const { entries, lineOf } = read;

  const diagnostics: Diagnostic[] = [];
  const specs: DiagramSpec[] = [];
  const seen = new Set<string>();
  const listed = new Set<string>();
  entries.forEach((entry, i) => {
    const where = (field: string) => ({
      file: list.relFile,
      line: lineOf([i, field]),
      field: `[${i}].${field}`,
    });
    if (seen.has(entry.id)) {
      diagnostics.push({ ...where('id'), message: `Duplicate diagram id "${entry.id}"`, rule: 'diagram-file' });
      return;
    }
    seen.add(entry.id);
    const drawn = sourceOf(entry, sources, data);
    if (!drawn) {
      diagnostics.push({
        ...where('source'),
        message: `Expected the D2 file content/diagrams/${'source' in entry ? entry.source : ''}, found none`,
        rule: 'diagram-file',
        hint: `Files here: ${[...sources.keys()].join(', ') || 'none'}.`,
      });
      return;
    }
    if ('source' in entry) listed.add(entry.source);
    const at = {
      file: list.relFile,
      guide: lineOf([i, 'guide']),
      applies_to: entry.applies_to.map((_, j) => lineOf([i, 'applies_to', j])),
    };
    specs.push({
      ref: diagramRef(entry, drawn),
      relFile: drawn.relFile,
      source: drawn.source,
      generated: !('source' in entry),
      at,
    });
  });
  for (const [name, file] of sources) {
    if (!listed.has(name))
      diagnostics.push(
        unlisted(
          file,
          `no entry with source: ${name}`,
          'Add an entry with its id, title, description and guide, or delete the file.',
        ),
      );
  }
  return { specs, diagnostics };
}

/** A D2 file the list does not name (`found`: what the list has instead). */
const unlisted = (file: RawFile, found: string, hint?: string): Diagnostic => ({
  file: file.relFile,
  line: 1,
  message: `Expected this diagram to be listed in content/diagrams/${DIAGRAMS_LIST}, found ${found}`,
  rule: 'diagram-file',
  ...(hint ? { hint } : {}),
});

/** The list's entries, valid against the schema, and the line of a path in it; or why not. */
function readList(
  list: RawFile,
): { entries: DiagramEntry[]; lineOf: (path: (string | number)[]) => number } | { diagnostics: Diagnostic[] } {
  const characters = characterDiagnostics(list);
  if (characters.length) return { diagnostics: characters };
  const parsed = parseYamlFile(list.text);
  if (parsed.errors.length)
    return {
      diagnostics: parsed.errors.map((e) => ({
        file: list.relFile,
        line: e.line,
        message: `Invalid YAML: ${e.message}`,
        rule: 'yaml-syntax' as const,
      })),
    };
  const r = validateWith(diagramsFile, parsed.data ?? [], {
    file: list.relFile,
    lineOf: parsed.lineOf,
    rule: 'diagram-file',
  });
  return r.ok ? { entries: r.value, lineOf: parsed.lineOf } : { diagnostics: r.diagnostics };
}

/** What a page shows of a diagram, and the addresses of its SVGs, named by a hash of what they are drawn from. */
function diagramRef(entry: DiagramEntry, drawn: { source: string; description: string }): DiagramRef {
  const { id, title, guide, applies_to } = entry;
  const name = shortHash(
    [SVG_FINISH_VERSION, D2_VERSION, JSON.stringify(RENDER_OPTIONS), id, title, drawn.description, drawn.source].join(
      '\0',
    ),
  );
  return {
    id,
    title,
    alt: drawn.description,
    guide,
    applies_to,
    light: `/${DIAGRAMS_DIR}/${id}.${name}.svg`,
    dark: `/${DIAGRAMS_DIR}/${id}.dark.${name}.svg`,
  };
}

function sourceOf(
  entry: DiagramEntry,
  sources: Map<string, RawFile>,
  data: LoadedData,
): { source: string; description: string; relFile: string } | undefined {
  if ('generated' in entry) {
    const statuses = data.transaction_statuses;
    return {
      source: statusDiagramSource(statuses),
      description: statusDiagramDescription(statuses),
      relFile: 'content/data/transaction_statuses.yaml',
    };
  }
  const file = sources.get(entry.source);
  return file && { source: file.text, description: entry.description, relFile: file.relFile };
}

/**
 * Each diagram against the pages: its guide is a page that shows it (`::diagram[id]` in
 * the body: method pages link there), and the groups and services it applies to exist.
 */
export function checkDiagramPages(
  specs: readonly DiagramSpec[],
  pages: readonly PageSource[],
  invalidRoutes: readonly string[] = [],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const methods = pages.flatMap((p) => (p.frontmatter.kind === 'payment-method' ? [p.frontmatter.method] : []));
  const groups = new Set(methods.map((m) => m.group));
  const services = new Set(methods.map((m) => m.service));
  for (const { ref, at } of specs) {
    const guide = byRoute.get(ref.guide);
    const directive = `::diagram[${ref.id}]`;
    // A guide that did not validate is no missing page: its own problems are listed.
    if (!guide && !invalidRoutes.includes(ref.guide))
      diagnostics.push({
        file: at.file,
        line: at.guide,
        field: 'guide',
        message: `Expected a page route, found ${ref.guide}, which is no page`,
        rule: 'diagram-guide',
      });
    else if (guide && !guide.body.includes(directive))
      diagnostics.push({
        file: at.file,
        line: at.guide,
        field: 'guide',
        message: `Expected ${guide.relFile} to show the diagram with ${directive}, found no such line`,
        rule: 'diagram-guide',
        hint: `Add ${directive} where the page describes the flow.`,
      });
    ref.applies_to.forEach((match, j) => {
      for (const [field, known] of [
        ['group', groups],
        ['service', services],
      ] as const) {
        const value = match[field];
        if (value && !known.has(value))
          diagnostics.push({
            file: at.file,
            line: at.applies_to[j],
            field: `applies_to[${j}].${field}`,
            message: `Expected the ${field} of a payment method, found "${value}"`,
            rule: 'diagram-file',
          });
      }
    });
  }
  return diagnostics;
}
