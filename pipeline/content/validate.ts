/**
 * Stage: validate. Raw content → a typed site model, or diagnostics.
 * Checks each file against its zod schema (schema/), with file:line and field.
 * Cross-file rules (codes, references, groups) live in cross-check.ts.
 */
import path from 'node:path';
import {
  frontmatter as frontmatterSchema,
  pageKinds,
  type Frontmatter,
  type PageKind,
} from '../../schema/frontmatter.ts';
import {
  siteConfig as siteConfigSchema,
  sidebarsConfig,
  categoryMeta,
  type SiteConfig,
  type SidebarConfigItem,
} from '../../schema/site-config.ts';
import { dataFiles, type DataFileName, type LoadedData } from '../../schema/data.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { RuleId } from '../rules.ts';
import type { StageMemo } from '../incremental/memo.ts';
import type { ContentSet, RawFile, RawPage } from './load.ts';
import { parseFrontmatter, parseSplit, parseYamlFile, splitFrontmatter, type SplitFile } from './frontmatter.ts';
import { validateWith } from './zod-diagnostics.ts';
import { sha } from '../hash.ts';
import { checkCharacters, escapedDiagnostics } from './characters.ts';
import { misnamedRoute, reservedRoute } from './routes.ts';
import { z } from 'zod';

export interface PageSource {
  route: string;
  file: string;
  relFile: string;
  hash: string;
  frontmatter: Frontmatter;
  /** Hash of the frontmatter's text: it stands for `frontmatter` in the keys of stages that read other pages' frontmatter. */
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

export interface CategoryInfo {
  dir: string;
  label: string;
  position?: number;
  collapsed: boolean;
}

export interface SiteModel {
  config: SiteConfig;
  sidebars: Record<string, SidebarConfigItem[]>;
  categories: Map<string, CategoryInfo>;
  data: LoadedData;
  /** Hash of everything every page's compile depends on (data + config). */
  sharedHash: string;
  pages: PageSource[];
  /**
   * Routes of page files that exist but did not validate. Their own problems are reported;
   * a link or sidebar entry to one is not a problem of its own (one bad title on a page
   * many others link to was followed by a "broken link" for each of them).
   */
  invalidRoutes: string[];
  /** The bodies of pages whose frontmatter did not validate, to check their Markdown. */
  unvalidatedBodies: UnvalidatedBody[];
  /** Data files that did not validate: their rows are left out (none of them is in `data`). */
  invalidData: { name: DataFileName; relFile: string }[];
  /** A valid data file's name and the line of a path in it (parsed again only when asked: a problem found later). */
  dataFiles: Partial<Record<DataFileName, { relFile: string; lineOf: (path: (string | number)[]) => number }>>;
}

export interface ValidateResult {
  site: SiteModel | undefined;
  diagnostics: Diagnostic[];
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

/** Control characters anywhere in a file (characters.ts), before its YAML or Markdown is read. */
function characterDiagnostics(file: RawFile): Diagnostic[] {
  return checkCharacters(file.text).map(({ line, rule, message, hint }) => ({
    file: file.relFile,
    line,
    rule,
    message,
    hint,
  }));
}

function yamlDiagnostics(file: RawFile, errors: { line: number; message: string }[]): Diagnostic[] {
  return errors.map((e) => ({
    file: file.relFile,
    line: e.line,
    message: `Invalid YAML: ${e.message}`,
    rule: 'yaml-syntax',
    hint: 'Fix the YAML syntax; quote strings that contain ": ", "#", or start with a special character.',
  }));
}

interface YamlResult<T> {
  value?: T;
  diagnostics: Diagnostic[];
}

/** Parse and validate one YAML file, through the stage memo (key: file and content hash). `extra` adds file-level checks on a valid value. */
function yamlFile<T>(
  file: RawFile,
  schema: z.ZodType<T>,
  rule: RuleId,
  memo: StageMemo | undefined,
  extra?: (value: T, lineOf: (p: (string | number)[]) => number) => Diagnostic[],
): YamlResult<T> {
  return through(memo, 'validate-yaml', [file.relFile, file.hash, rule], (): YamlResult<T> => {
    const characters = characterDiagnostics(file);
    if (characters.length) return { diagnostics: characters };
    const parsed = parseYamlFile(file.text);
    if (parsed.errors.length) return { diagnostics: yamlDiagnostics(file, parsed.errors) };
    const r = validateWith(schema, parsed.data, { file: file.relFile, lineOf: parsed.lineOf, rule });
    const escaped = escapedDiagnostics(file.relFile, parsed.data, parsed.lineOf);
    if (escaped.length) return { diagnostics: [...escaped, ...(r.ok ? [] : r.diagnostics)] };
    return r.ok
      ? { value: r.value, diagnostics: extra ? extra(r.value, parsed.lineOf) : [] }
      : { diagnostics: r.diagnostics };
  });
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
  const { frontmatter, kind, diagnostics } = through(
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
 * than writing and reading a value that holds the body
 * (measured: bench/HISTORY.md, validation memo). What is kept is plain data; `lineOf` is made again from
 * the text, lazily (only a later diagnostic needs it).
 */
function validatePageMemo(
  raw: RawPage,
  memo: StageMemo | undefined,
): { page?: PageSource; unvalidated?: UnvalidatedBody; diagnostics: Diagnostic[] } {
  if (memo?.onDisk) return withLines(raw, validatePage(raw, memo));
  const kept = through(memo, 'validate-page', [raw.relFile, raw.hash, raw.route], () => validatePage(raw, memo));
  // Its frontmatter's value is still this build's, unread: a later body edit finds it (a build prunes what it did not use).
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

/** A sub-step through the memo when there is one. */
const through = <T>(memo: StageMemo | undefined, stage: string, parts: unknown[], compute: () => T): T =>
  memo ? memo.runSync(stage, parts, compute) : compute();

export function validateContent(content: ContentSet, memo?: StageMemo): ValidateResult {
  const diagnostics: Diagnostic[] = content.unread.map((u) => ({
    file: u.relFile,
    message: `Expected a ${u.folder ? 'folder' : 'file'}, found ${u.found}`,
    rule: 'not-a-file',
    hint: `Put the ${u.folder ? 'folder' : 'file'} itself here (move or copy it): the build reads only real files in content/, and follows links only in content/public/.`,
  }));
  for (const link of content.publicLinksOut) {
    diagnostics.push({
      file: link.relFile,
      message: `Expected a file inside the project, found a link to ${link.target ?? 'nothing (a broken link)'}.`,
      rule: 'public-link',
      hint: 'Copy the file into content/public instead of linking to it: everything there is published.',
    });
  }

  // Site config
  let config: SiteConfig | undefined;
  if (!content.site) {
    diagnostics.push({
      file: 'content/site.yaml',
      message: 'Expected the site config file, found none',
      rule: 'site-config',
      hint: 'Create content/site.yaml (see schema/site-config.ts).',
    });
  } else {
    const r = yamlFile(content.site, siteConfigSchema, 'site-config', memo);
    diagnostics.push(...r.diagnostics);
    config = r.value;
  }

  // Sidebars
  let sidebars: Record<string, SidebarConfigItem[]> = { docs: [] };
  if (content.sidebars) {
    const r = yamlFile(content.sidebars, sidebarsConfig, 'sidebars', memo);
    diagnostics.push(...r.diagnostics);
    if (r.value) sidebars = r.value;
  }

  // Categories
  const categories = new Map<string, CategoryInfo>();
  for (const file of content.categories) {
    const r = yamlFile(file, categoryMeta, 'category', memo);
    diagnostics.push(...r.diagnostics);
    if (!r.value) continue;
    const dir = path.relative(content.contentDir, path.dirname(file.file)).split(path.sep).join('/');
    categories.set(dir, { dir, ...r.value });
  }

  // Data files
  const data = Object.fromEntries(Object.keys(dataFiles).map((k) => [k, []])) as unknown as LoadedData;
  const invalidData: SiteModel['invalidData'] = [];
  const validData: SiteModel['dataFiles'] = {};
  for (const file of content.data) {
    const name = path.basename(file.file).replace(/\.ya?ml$/, '') as DataFileName;
    const rowSchema = dataFiles[name];
    if (!rowSchema) {
      diagnostics.push({
        file: file.relFile,
        message: `Unknown data file "${name}"`,
        rule: 'data-file',
        hint: `Data files are: ${Object.keys(dataFiles).join(', ')} (schema/data.ts).`,
      });
      continue;
    }
    const r = yamlFile(
      file,
      z.array(rowSchema as z.ZodType<Record<string, unknown>>),
      'data-file',
      memo,
      (rows, lineOf) => {
        const found: Diagnostic[] = [];
        const seen = new Map<string, number>();
        rows.forEach((row, i) => {
          const key = String(row.code ?? row.number ?? row.id ?? '') + (row.country ? `@${row.country}` : '');
          if (!key) return; // a file without keys (search_synonyms)
          if (seen.has(key))
            found.push({
              file: file.relFile,
              line: lineOf([i]),
              field: `[${i}].${row.id !== undefined ? 'id' : 'code'}`,
              message: `Duplicate key "${key}" (first at row ${seen.get(key)})`,
              rule: 'data-duplicate',
            });
          seen.set(key, i);
        });
        return found;
      },
    );
    diagnostics.push(...r.diagnostics);
    if (r.value && !r.diagnostics.length) {
      (data as Record<string, unknown[]>)[name] = r.value;
      let lineOf: ((path: (string | number)[]) => number) | undefined;
      validData[name] = { relFile: file.relFile, lineOf: (p) => (lineOf ??= parseYamlFile(file.text).lineOf)(p) };
    } else invalidData.push({ name, relFile: file.relFile });
  }

  // Pages
  const pages: PageSource[] = [];
  const routes = new Map<string, string>();
  const unique: RawPage[] = [];
  const invalidRoutes: string[] = [];
  const unvalidatedBodies: UnvalidatedBody[] = [];
  for (const raw of content.pages) {
    const badRoute = misnamedRoute(raw) ?? reservedRoute(raw);
    if (badRoute) {
      diagnostics.push(badRoute);
      invalidRoutes.push(raw.route);
      continue;
    }
    if (routes.has(raw.route)) {
      diagnostics.push({
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
    diagnostics.push(...result.diagnostics);
    if (result.page) pages.push(result.page);
    else invalidRoutes.push(raw.route);
    if (result.unvalidated) unvalidatedBodies.push(result.unvalidated);
  }

  const sharedHash = [content.site?.hash, ...content.data.map((d) => d.hash)].join(':');
  const site = config
    ? {
        config,
        sidebars,
        categories,
        data,
        sharedHash,
        pages,
        invalidRoutes,
        unvalidatedBodies,
        invalidData,
        dataFiles: validData,
      }
    : undefined;
  return { site, diagnostics };
}
