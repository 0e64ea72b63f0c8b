/**
 * The fixture's PIX payment-method page, edited, in a copy of the fixture site: the site
 * validated (any problem fails the test), cross-checked or the page compiled — what the
 * method tests (method-flow, method-test-data) read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { expect } from 'vitest';
import { compilePage } from '../../pipeline/compile/compile-page.ts';
import { compileInput } from '../../pipeline/compile/context.ts';
import { crossCheck } from '../../pipeline/content/cross-check.ts';
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent, type SiteModel } from '../../pipeline/content/validate.ts';
import type { Diagnostic } from '../../pipeline/diagnostics.ts';
import { currencyMinorUnits, isCountryCode, isCurrencyCode } from '../../pipeline/sources/index.ts';
import { fixtureCopy, fixtureRoot } from '../helpers.ts';

export const PIX = 'content/services/pix/payin.md';
/** The page's text in the fixture. */
export const PIX_TEXT = await readFile(path.join(fixtureRoot, PIX), 'utf8');

/** The line of `text` (from 1) that first holds `needle`. */
export const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** The fixture site with `edit` applied (files by path), validated: the test fails on any problem. */
export async function validSite(edit: Record<string, string>): Promise<SiteModel> {
  const site = await fixtureCopy(edit);
  try {
    const { site: model, diagnostics } = validateContent(await loadContent(site.root));
    expect(diagnostics).toEqual([]);
    return model!;
  } finally {
    await site.cleanup();
  }
}

/** The site's cross-file problems (pipeline/content/cross-check.ts). */
export const crossCheckProblems = (site: SiteModel): Diagnostic[] =>
  crossCheck(site, { isCountryCode, isCurrencyCode, currencyMinorUnits });

/** The PIX page of the site, compiled. */
export function compiledPix(site: SiteModel) {
  const page = site.pages.find((p) => p.relFile === PIX)!;
  return compilePage(compileInput(page), { config: site.config, data: site.data, kinds: { methodCountries: [] } });
}

/** The JSON shown in a compiled page's code blocks, in order. */
export const codeBlocksJson = (ast: { children: unknown[] }) =>
  (ast.children as Element[])
    .filter((n) => n.type === 'element' && (n.properties?.className as string[] | undefined)?.includes('code-block'))
    .map((n) => JSON.parse(toString(n.children.at(-1) as Element)));
