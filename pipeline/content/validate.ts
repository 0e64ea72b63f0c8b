/**
 * Stage: validate. Raw content → a typed site model, or diagnostics.
 * Checks each file against its zod schema (schema/), with file:line and field: the site
 * config, sidebars and categories here, the data files in validate-data.ts, the pages in
 * validate-pages.ts. Cross-file rules (codes, references, groups) live in cross-check.ts.
 */
import path from 'node:path';
import type { LoadedData } from '../../schema/data.ts';
import {
  siteConfig as siteConfigSchema,
  sidebarsConfig,
  categoryMeta,
  type SiteConfig,
  type SidebarConfigItem,
} from '../../schema/site-config.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { StageMemo } from '../incremental/memo.ts';
import type { ContentSet } from './load.ts';
import { validateDataFiles, type DataFileLines, type InvalidDataFile } from './validate-data.ts';
import { validateYamlFile } from './validate-file.ts';
import { validatePages, type PageSource, type UnvalidatedBody } from './validate-pages.ts';

export type { PageSource, UnvalidatedBody } from './validate-pages.ts';

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
  invalidData: InvalidDataFile[];
  dataFiles: DataFileLines;
}

export interface ValidateResult {
  site: SiteModel | undefined;
  diagnostics: Diagnostic[];
}

export function validateContent(content: ContentSet, memo?: StageMemo): ValidateResult {
  const diagnostics = unreadDiagnostics(content);
  const { config, sidebars, categories } = validateSiteFiles(content, memo, diagnostics);
  const { data, invalidData, dataFiles, diagnostics: dataDiagnostics } = validateDataFiles(content.data, memo);
  diagnostics.push(...dataDiagnostics);
  const { pages, invalidRoutes, unvalidatedBodies, diagnostics: pageDiagnostics } = validatePages(content.pages, memo);
  diagnostics.push(...pageDiagnostics);

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
        dataFiles,
      }
    : undefined;
  return { site, diagnostics };
}

/** Entries the build does not read: links and pipes named like content, links out of content/public. */
function unreadDiagnostics(content: ContentSet): Diagnostic[] {
  const diagnostics: Diagnostic[] = content.unread.map((u) => ({
    file: u.relFile,
    message: `Expected a ${u.folder ? 'folder' : 'file'}, found ${u.found}`,
    rule: 'not-a-file',
    hint:
      `Put the ${u.folder ? 'folder' : 'file'} itself here (move or copy it): the build reads only real files ` +
      'in content/, and follows links only in content/public/.',
  }));
  for (const link of content.publicLinksOut) {
    diagnostics.push({
      file: link.relFile,
      message: `Expected a file inside the project, found a link to ${link.target ?? 'nothing (a broken link)'}.`,
      rule: 'public-link',
      hint: 'Copy the file into content/public instead of linking to it: everything there is published.',
    });
  }
  return diagnostics;
}

/** The site config, the sidebars and the category files; their problems are added to `diagnostics`. */
function validateSiteFiles(
  content: ContentSet,
  memo: StageMemo | undefined,
  diagnostics: Diagnostic[],
): Pick<SiteModel, 'sidebars' | 'categories'> & { config: SiteConfig | undefined } {
  let config: SiteConfig | undefined;
  if (!content.site) {
    diagnostics.push({
      file: 'content/site.yaml',
      message: 'Expected the site config file, found none',
      rule: 'site-config',
      hint: 'Create content/site.yaml (see schema/site-config.ts).',
    });
  } else {
    const r = validateYamlFile(content.site, siteConfigSchema, 'site-config', memo);
    diagnostics.push(...r.diagnostics);
    config = r.value;
  }

  let sidebars: Record<string, SidebarConfigItem[]> = { docs: [] };
  if (content.sidebars) {
    const r = validateYamlFile(content.sidebars, sidebarsConfig, 'sidebars', memo);
    diagnostics.push(...r.diagnostics);
    if (r.value) sidebars = r.value;
  }

  const categories = new Map<string, CategoryInfo>();
  for (const file of content.categories) {
    const r = validateYamlFile(file, categoryMeta, 'category', memo);
    diagnostics.push(...r.diagnostics);
    if (!r.value) continue;
    const dir = path.relative(content.contentDir, path.dirname(file.file)).split(path.sep).join('/');
    categories.set(dir, { dir, ...r.value });
  }
  return { config, sidebars, categories };
}
