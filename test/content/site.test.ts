/**
 * The real site, as integrators will read it: every route exists, everything
 * validates, facts are consistent, and no page is a copy of another with names swapped.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCountryCode, isCurrencyCode } from '../../pipeline/sources/index.ts';
import type { PageSource } from '../../pipeline/content/validate.ts';
import { buildProjectSite, projectRoot } from '../helpers.ts';

const built = await buildProjectSite();
const pages = built.site.pages;
const byKind = <K extends PageSource['frontmatter']['kind']>(kind: K) =>
  pages.filter((p) => p.frontmatter.kind === kind) as (PageSource & {
    frontmatter: Extract<PageSource['frontmatter'], { kind: K }>;
  })[];

/** Prose words of a page body: code blocks, tables and markup left out. */
function proseWords(body: string): number {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\|.*\|$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`[\]()|:-]+/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;
}

function shingles(text: string, n = 5): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) out.add(words.slice(i, i + n).join(' '));
  return out;
}

describe('the real site', () => {
  it('has a page for every route of the spec', () => {
    // A copy of the spec's route list travels with the repo; where the spec is beside it, they must agree.
    const copy = readFileSync(path.join(projectRoot, 'test/content/spec-routes.txt'), 'utf8');
    const spec = path.join(projectRoot, '../shared/spec/routes.txt');
    if (existsSync(spec)) expect(copy).toBe(readFileSync(spec, 'utf8'));
    const routes = copy
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const have = new Set(pages.map((p) => p.route));
    expect(routes.filter((r) => r !== '/search' && !have.has(r))).toEqual([]);
  });

  it('gives every page a title, description and keywords, and at least ~150 words of prose', () => {
    const short = pages.filter((p) => proseWords(p.body) < 150).map((p) => p.route);
    expect(short).toEqual([]);
    for (const p of pages) expect(p.frontmatter.keywords.length, p.route).toBeGreaterThan(0);
  });

  it('points only at reserved example hosts', () => {
    const bad: string[] = [];
    for (const p of pages)
      for (const m of p.body.matchAll(/https?:\/\/([a-z0-9.-]+)/gi)) {
        if (!/(\.example|(^|\.)example\.(com|org|net))$/i.test(m[1])) bad.push(`${p.route}: ${m[1]}`);
      }
    expect(bad).toEqual([]);
  });
});

describe('payment-method pages', () => {
  const methods = byKind('payment-method');

  it('are all there and validate', () => expect(methods.length).toBeGreaterThanOrEqual(110));

  it('use only real ISO 3166-1 and ISO 4217 codes', () => {
    for (const p of methods) {
      const m = p.frontmatter.method;
      if (m.countries !== 'worldwide')
        for (const c of m.countries) expect(isCountryCode(c), `${p.route} ${c}`).toBe(true);
      for (const c of m.currencies) expect(isCurrencyCode(c), `${p.route} ${c}`).toBe(true);
    }
  });

  it('have unique service identifiers', () => {
    const services = methods.map((p) => p.frontmatter.method.service);
    expect(services.length).toBe(new Set(services).size);
  });

  it('each group overview lists every one of its variants', () => {
    const groups = byKind('payment-group');
    expect(groups.length).toBeGreaterThan(30);
    for (const g of groups) {
      const variants = methods.filter((m) => m.frontmatter.method.group === g.frontmatter.group).map((m) => m.route);
      expect(variants.length, g.route).toBeGreaterThan(0);
      const page = built.pages.find((p) => p.route === g.route)!;
      const text = JSON.stringify(page.ast);
      for (const v of variants) expect(text, `${g.route} lists ${v}`).toContain(`"href":"${v}"`);
    }
  });

  it('are not templates with only names swapped (5-word shingle overlap below 50%)', () => {
    const sets = methods.map((p) => ({ route: p.route, s: shingles(p.body) }));
    const clones: string[] = [];
    for (let i = 0; i < sets.length; i++)
      for (let j = i + 1; j < sets.length; j++) {
        const a = sets[i].s,
          b = sets[j].s;
        let shared = 0;
        for (const x of a) if (b.has(x)) shared++;
        const ratio = shared / Math.min(a.size, b.size);
        if (ratio > 0.5) clones.push(`${sets[i].route} ~ ${sets[j].route} (${(ratio * 100).toFixed(0)}%)`);
      }
    expect(clones).toEqual([]);
  });
});

describe('API reference pages', () => {
  const ops = byKind('api-operation');

  it('cover v1, v2 and reports', () => {
    expect(ops.filter((p) => p.route.startsWith('/api/v1/')).length).toBe(25);
    expect(ops.filter((p) => p.route.startsWith('/api/v2/')).length).toBe(25);
    expect(ops.filter((p) => p.route.startsWith('/api/reports/')).length).toBe(8);
  });

  it('differ as real API versions do: v1 form-encoded with a signature field, v2 JSON with signature headers', () => {
    for (const p of ops) {
      const page = built.pages.find((x) => x.route === p.route)!;
      const text = JSON.stringify(page.ast);
      if (p.frontmatter.api.version === 'v1') {
        expect(text, p.route).toContain('application/x-www-form-urlencoded');
        expect(text, p.route).toContain('signature=');
      } else {
        expect(text, p.route).toContain('X-Signature');
      }
    }
  });

  it('return only error codes defined in the data file', () => {
    const codes = new Set(built.site.data.api_error_codes.map((e) => e.code));
    for (const p of ops)
      for (const code of p.frontmatter.api.errors) expect(codes.has(code), `${p.route}: ${code}`).toBe(true);
  });
});
