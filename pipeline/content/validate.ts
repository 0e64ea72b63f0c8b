/**
 * Stage: validate. Raw content → a typed site model, or diagnostics.
 * Checks each file against its zod schema (schema/), with file:line and field.
 * Cross-file rules (codes, references, groups) live in cross-check.ts.
 */
import path from 'node:path';
import { frontmatter as frontmatterSchema, type Frontmatter } from '../../schema/frontmatter.ts';
import { siteConfig as siteConfigSchema, sidebarsConfig, categoryMeta, type SiteConfig, type SidebarConfigItem } from '../../schema/site-config.ts';
import { dataFiles, type DataFileName, type LoadedData } from '../../schema/data.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { ContentSet, RawFile } from './load.ts';
import { parseFrontmatter, parseYamlFile } from './frontmatter.ts';
import { validateWith } from './zod-diagnostics.ts';
import { z } from 'zod';

export interface PageSource {
  route: string;
  file: string;
  relFile: string;
  hash: string;
  frontmatter: Frontmatter;
  body: string;
  bodyLine: number;
  /** Line of a frontmatter field, for later diagnostics. */
  lineOf: (path: (string | number)[]) => number;
}

export interface CategoryInfo { dir: string; label: string; position?: number; collapsed: boolean }

export interface SiteModel {
  config: SiteConfig;
  sidebars: Record<string, SidebarConfigItem[]>;
  categories: Map<string, CategoryInfo>;
  data: LoadedData;
  /** Hash of everything every page's compile depends on (data + config). */
  sharedHash: string;
  pages: PageSource[];
}

export interface ValidateResult { site: SiteModel | undefined; diagnostics: Diagnostic[] }

function yamlDiagnostics(file: RawFile, errors: { line: number; message: string }[]): Diagnostic[] {
  return errors.map((e) => ({ file: file.relFile, line: e.line, message: `Invalid YAML: ${e.message}`, rule: 'yaml-syntax', hint: 'Fix the YAML syntax; quote strings that contain ": ", "#", or start with a special character.' }));
}

export function validateContent(content: ContentSet): ValidateResult {
  const diagnostics: Diagnostic[] = [];

  // Site config
  let config: SiteConfig | undefined;
  if (!content.site) {
    diagnostics.push({ file: 'content/site.yaml', message: 'Expected the site config file, found none', rule: 'site-config', hint: 'Create content/site.yaml (see schema/site-config.ts).' });
  } else {
    const parsed = parseYamlFile(content.site.text);
    if (parsed.errors.length) diagnostics.push(...yamlDiagnostics(content.site, parsed.errors));
    else {
      const r = validateWith(siteConfigSchema, parsed.data, { file: content.site.relFile, lineOf: parsed.lineOf, rule: 'site-config' });
      if (r.ok) config = r.value; else diagnostics.push(...r.diagnostics);
    }
  }

  // Sidebars
  let sidebars: Record<string, SidebarConfigItem[]> = { docs: [] };
  if (content.sidebars) {
    const parsed = parseYamlFile(content.sidebars.text);
    if (parsed.errors.length) diagnostics.push(...yamlDiagnostics(content.sidebars, parsed.errors));
    else {
      const r = validateWith(sidebarsConfig, parsed.data, { file: content.sidebars.relFile, lineOf: parsed.lineOf, rule: 'sidebars' });
      if (r.ok) sidebars = r.value; else diagnostics.push(...r.diagnostics);
    }
  }

  // Categories
  const categories = new Map<string, CategoryInfo>();
  for (const file of content.categories) {
    const parsed = parseYamlFile(file.text);
    if (parsed.errors.length) { diagnostics.push(...yamlDiagnostics(file, parsed.errors)); continue; }
    const r = validateWith(categoryMeta, parsed.data, { file: file.relFile, lineOf: parsed.lineOf, rule: 'category' });
    if (!r.ok) { diagnostics.push(...r.diagnostics); continue; }
    const dir = path.relative(content.contentDir, path.dirname(file.file)).split(path.sep).join('/');
    categories.set(dir, { dir, ...r.value });
  }

  // Data files
  const data = Object.fromEntries(Object.keys(dataFiles).map((k) => [k, []])) as unknown as LoadedData;
  for (const file of content.data) {
    const name = path.basename(file.file).replace(/\.ya?ml$/, '') as DataFileName;
    const rowSchema = dataFiles[name];
    if (!rowSchema) {
      diagnostics.push({ file: file.relFile, message: `Unknown data file "${name}"`, rule: 'data-file', hint: `Data files are: ${Object.keys(dataFiles).join(', ')} (schema/data.ts).` });
      continue;
    }
    const parsed = parseYamlFile(file.text);
    if (parsed.errors.length) { diagnostics.push(...yamlDiagnostics(file, parsed.errors)); continue; }
    const r = validateWith(z.array(rowSchema as z.ZodType), parsed.data, { file: file.relFile, lineOf: parsed.lineOf, rule: 'data-file' });
    if (!r.ok) { diagnostics.push(...r.diagnostics); continue; }
    const seen = new Map<string, number>();
    (r.value as Record<string, unknown>[]).forEach((row, i) => {
      const key = String(row.code ?? row.number ?? '') + (row.country ? `@${row.country}` : '');
      if (seen.has(key)) diagnostics.push({ file: file.relFile, line: parsed.lineOf([i]), field: `[${i}].code`, message: `Duplicate key "${key}" (first at row ${seen.get(key)})`, rule: 'data-duplicate' });
      seen.set(key, i);
    });
    (data as Record<string, unknown[]>)[name] = r.value as unknown[];
  }

  // Pages
  const pages: PageSource[] = [];
  const routes = new Map<string, string>();
  for (const raw of content.pages) {
    if (routes.has(raw.route)) {
      diagnostics.push({ file: raw.relFile, line: 1, message: `Route ${raw.route} is also produced by ${routes.get(raw.route)}`, rule: 'duplicate-route', hint: 'Keep either <name>.md or <name>/index.md.' });
      continue;
    }
    routes.set(raw.route, raw.relFile);
    const parsed = parseFrontmatter(raw.text);
    if (parsed.yamlErrors.length) { diagnostics.push(...yamlDiagnostics(raw, parsed.yamlErrors)); continue; }
    if (parsed.data === undefined) {
      diagnostics.push({ file: raw.relFile, line: 1, message: 'Expected frontmatter between "---" lines at the top of the file, found none', rule: 'frontmatter-missing', hint: 'Every page needs at least title, description and keywords.' });
      continue;
    }
    const r = validateWith(frontmatterSchema, parsed.data, { file: raw.relFile, lineOf: parsed.lineOf, rule: 'frontmatter' });
    if (!r.ok) { diagnostics.push(...r.diagnostics); continue; }
    if (!parsed.body.trim()) {
      diagnostics.push({ file: raw.relFile, line: parsed.bodyLine, message: 'Expected page content after the frontmatter, found an empty body', rule: 'empty-body', hint: 'Write the page, or delete the file.' });
      continue;
    }
    pages.push({ route: raw.route, file: raw.file, relFile: raw.relFile, hash: raw.hash, frontmatter: r.value, body: parsed.body, bodyLine: parsed.bodyLine, lineOf: parsed.lineOf });
  }

  const sharedHash = [content.site?.hash, ...content.data.map((d) => d.hash)].join(':');
  const site = config ? { config, sidebars, categories, data, sharedHash, pages } : undefined;
  return { site, diagnostics };
}
