/**
 * The page files of the validate stage → their typed sources: each route checked (its name,
 * not reserved, produced once), each frontmatter against its zod schema, each body not empty.
 * A page whose frontmatter did not validate still has its Markdown checked (`UnvalidatedBody`).
 */
import {
  frontmatter as frontmatterSchema,
  pageKinds,
  type Frontmatter,
  type PageKind,
} from '../../schema/frontmatter.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { sha } from '../hash.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { escapedDiagnostics } from './characters.ts';
import { parseFrontmatter, parseSplit, splitFrontmatter, type SplitFile } from './frontmatter.ts';
import type { RawPage } from './load.ts';
import { misnamedRoute, reservedRoute } from './routes.ts';
import { characterDiagnostics, throughMemo, yamlDiagnostics } from './validate-file.ts';
import { validateWith } from './zod-diagnostics.ts';

export interface PageSource {
  route: string;
  file: string;
  relFile: string;
  hash: string;
  frontmatter: Frontmatter;
  /**
   * Hash of the frontmatter's text: it stands for `frontmatter` in the keys of stages that read
   * other pages' frontmatter.
   */
  frontmatterHash: string;
  body: string;
  bodyLine: number;
  /** Line of a frontmatter field, for later diagnostics. */
  lineOf: (path: (string | number)[]) => number;
}

/**
 * A page whose frontmatter did not validate, as far as its Markdown can still be checked
 * (build.ts): one run lists the problems of its body too, not only after the frontmatter is
 * fixed. `kind` is the one the frontmatter names, when it names one (it decides which
 * directives the body may use).
 */
export interface UnvalidatedBody {
  route: string;
  relFile: string;
  hash: string;
  kind: PageKind;
  body: string;
  bodyLine: number;
}

export interface ValidatedPages {
  pages: PageSource[];
  /** Routes of page files that exist but did not validate (SiteModel.invalidRoutes says why they are kept). */
  invalidRoutes: string[];
  unvalidatedBodies: UnvalidatedBody[];
  diagnostics: Diagnostic[];
}

/** Every page file: routes first (a file whose route is bad or taken is not read further), then each page. */
export function validatePages(rawPages: RawPage[], memo: StageMemo | undefined): ValidatedPages {
  const out: ValidatedPages = { pages: [], invalidRoutes: [], unvalidatedBodies: [], diagnostics: [] };
  const routes = new Map<string, string>();
  const unique: RawPage[] = [];
  for (const raw of rawPages) {
    const badRoute = misnamedRoute(raw) ?? reservedRoute(raw);
    if (badRoute) {
      out.diagnostics.push(badRoute);
      out.invalidRoutes.push(raw.route);
      continue;
    }
    if (routes.has(raw.route)) {
      out.diagnostics.push({
        file: raw.relFile,
        line: 1,
        message: `Route ${raw.route} is also produced by ${routes.get(raw.route)}`,
        rule: 'duplicate-route',
        hint: 'Keep either <name>.md or <name>/index.md.',
      });
      continue;
    }
    routes.set(raw.route, raw.relFile);
    unique.push(raw);
  }
  for (const raw of unique) {
    const result = validatePageMemo(raw, memo);
    out.diagnostics.push(...result.diagnostics);
    if (result.page) out.pages.push(result.page);
    else out.invalidRoutes.push(raw.route);
    if (result.unvalidated) out.unvalidatedBodies.push(result.unvalidated);
  }
  return out;
}

/**
 * A page's frontmatter → its typed value, or why not. Depends on nothing but the
 * frontmatter's text (its lines start at file line 2, whatever the body) and the file's name.
 * When it fails, `kind` is the kind the page's body is checked as (after a YAML error, the one
 * its `kind:` line names: see kindInText).
 */
function validateFrontmatter(
  raw: RawPage,
  split: SplitFile,
): { frontmatter?: Frontmatter; kind?: PageKind; diagnostics: Diagnostic[] } {
  const parsed = parseSplit(split);
  if (parsed.yamlErrors.length)
    return {
      kind: split.yaml === undefined ? undefined : kindInText(split.yaml),
      diagnostics: yamlDiagnostics(raw, parsed.yamlErrors),
    };
  if (parsed.data === undefined) {
    return {
      kind: 'doc',
      diagnostics: [
        {
          file: raw.relFile,
          line: 1,
          message: 'Expected frontmatter between "---" lines at the top of the file, found none',
          rule: 'frontmatter-missing',
          hint: 'Every page needs at least title, description and keywords.',
        },
      ],
    };
  }
  const r = validateWith(frontmatterSchema, parsed.data, {
    file: raw.relFile,
    lineOf: parsed.lineOf,
    rule: 'frontmatter',
  });
  const escaped = escapedDiagnostics(raw.relFile, parsed.data, parsed.lineOf);
  return r.ok && !escaped.length
    ? { frontmatter: r.value, diagnostics: [] }
    : { kind: kindNamed(parsed.data), diagnostics: [...escaped, ...(r.ok ? [] : r.diagnostics)] };
}

/** The page kind invalid frontmatter names, if it names one; a page names none by default (`doc`). */
function kindNamed(data: unknown): PageKind | undefined {
  const kind = data && typeof data === 'object' && 'kind' in data ? data.kind : 'doc';
  return pageKinds.find((k) => k === kind);
}

/**
 * The kind frontmatter that is not YAML names, read off its lines: one top-level `kind:` line
 * with a kind's name (quoted or not), or none at all (`doc`). Anything else — two such lines,
 * a value that is no kind — is unknown, and the body goes unchecked: checked as another kind,
 * each of its kind's directives would be a problem of its own.
 */
function kindInText(yaml: string): PageKind | undefined {
  const lines = yaml.split('\n').filter((line) => /^kind[ \t]*:/.test(line));
  if (!lines.length) return 'doc';
  const value =
    lines.length === 1 ? /^kind[ \t]*:[ \t]*(["']?)([a-z-]+)\1[ \t]*(?:#.*)?$/.exec(lines[0])?.[2] : undefined;
  return pageKinds.find((k) => k === value);
}

/**
 * One page file → its typed source, or why not. Depends on nothing but the file; its
 * frontmatter alone on nothing but its own text, so a changed file whose frontmatter is
 * unchanged — a body edit, most saves — reads no YAML (measured: bench/HISTORY.md, frontmatter memo).
 */
function validatePage(
  raw: RawPage,
  memo: StageMemo | undefined,
): { page?: Omit<PageSource, 'lineOf' | 'file'>; unvalidated?: UnvalidatedBody; diagnostics: Diagnostic[] } {
  const characters = characterDiagnostics(raw);
  if (characters.length) return { diagnostics: characters };
  const split = splitFrontmatter(raw.text);
  const frontmatterHash = sha(split.unclosed ? '\0unclosed' : (split.yaml ?? '\0none'));
  const { frontmatter, kind, diagnostics } = throughMemo(
    memo,
    FRONTMATTER_STAGE,
    frontmatterParts(raw.relFile, frontmatterHash),
    () => validateFrontmatter(raw, split),
  );
  if (!frontmatter) {
    const checkable = kind && split.body.trim();
    return {
      diagnostics,
      unvalidated: checkable
        ? { route: raw.route, relFile: raw.relFile, hash: raw.hash, kind, body: split.body, bodyLine: split.bodyLine }
        : undefined,
    };
  }
  if (!split.body.trim()) {
    return {
      diagnostics: [
        {
          file: raw.relFile,
          line: split.bodyLine,
          message: 'Expected page content after the frontmatter, found an empty body',
          rule: 'empty-body',
          hint: 'Write the page, or delete the file.',
        },
      ],
    };
  }
  return {
    diagnostics: [],
    page: {
      route: raw.route,
      relFile: raw.relFile,
      hash: raw.hash,
      frontmatter,
      frontmatterHash,
      body: split.body,
      bodyLine: split.bodyLine,
    },
  };
}

/**
 * One page, through the stage memo. In memory (the dev server) the page's value is kept under
 * its file's hash: a save cuts no unchanged page again. On disk only its frontmatter's value is
 * (the YAML and zod work): cutting the file again (control characters, fences, hash) costs less
 * than writing and reading a value that holds the body (measured: bench/HISTORY.md, validation
 * memo). What is kept is plain data; `lineOf` is made again from the text, lazily (only a later
 * diagnostic needs it).
 */
function validatePageMemo(
  raw: RawPage,
  memo: StageMemo | undefined,
): { page?: PageSource; unvalidated?: UnvalidatedBody; diagnostics: Diagnostic[] } {
  if (memo?.onDisk) return withLines(raw, validatePage(raw, memo));
  const kept = throughMemo(memo, 'validate-page', [raw.relFile, raw.hash, raw.route], () => validatePage(raw, memo));
  // Its frontmatter's value is still this build's, unread: a later body edit finds it (a build prunes what it
  // did not use).
  if (kept.page)
    memo?.touch(
      FRONTMATTER_STAGE,
      memo.key(FRONTMATTER_STAGE, frontmatterParts(raw.relFile, kept.page.frontmatterHash)),
    );
  return withLines(raw, kept);
}

/** The page as later stages take it: with its file, and `lineOf` made from the text when first asked. */
function withLines(
  raw: RawPage,
  kept: ReturnType<typeof validatePage>,
): { page?: PageSource; unvalidated?: UnvalidatedBody; diagnostics: Diagnostic[] } {
  if (!kept.page) return { diagnostics: kept.diagnostics, unvalidated: kept.unvalidated };
  let lines: PageSource['lineOf'] | undefined;
  return {
    diagnostics: kept.diagnostics,
    page: { ...kept.page, file: raw.file, lineOf: (p) => (lines ??= parseFrontmatter(raw.text).lineOf)(p) },
  };
}

/** A page's validated frontmatter, kept under the file's name and its frontmatter text's hash. */
const FRONTMATTER_STAGE = 'validate-frontmatter';
const frontmatterParts = (relFile: string, frontmatterHash: string) => [relFile, frontmatterHash];
