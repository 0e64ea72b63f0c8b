/**
 * Two YAML parsers read content: js-yaml gives the values (fast), `yaml` the positions and the
 * syntax errors (pipeline/content/frontmatter.ts). A value must not depend on which one read it:
 * wherever js-yaml returns a value, `yaml`'s document has no error and the same value — on every
 * YAML text of the site, and on generated texts made of the site's keys and scalars and of the
 * plain scalars whose type a YAML schema decides (numbers, booleans, nulls, dates, times).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { fastYamlValue, parseYamlDocument, splitFrontmatter } from '../../pipeline/content/frontmatter.ts';
import { projectRoot } from '../helpers.ts';

/** Every YAML text of the site: each page's frontmatter and every .yaml file, by file. */
function siteYaml(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const name = path.relative(projectRoot, file);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.yaml')) out.push([name, readFileSync(file, 'utf8')]);
      else if (entry.name.endsWith('.md')) {
        const yaml = splitFrontmatter(readFileSync(file, 'utf8')).yaml;
        if (yaml !== undefined) out.push([name, yaml]);
      }
    }
  };
  walk(path.join(projectRoot, 'content'));
  return out;
}

/** The value of `text` by each parser: js-yaml's (undefined when it refuses), and `yaml`'s with its errors. */
function bothRead(text: string) {
  let fast: { value: unknown } | undefined;
  try {
    fast = { value: fastYamlValue(text) };
  } catch {
    fast = undefined;
  }
  const positioned = parseYamlDocument(text, 1);
  return { fast, positioned };
}

function expectAgreement(text: string, name: string) {
  const { fast, positioned } = bothRead(text);
  if (!fast) return; // js-yaml refuses: `yaml` reads it and reports its errors (parseYaml's fallback).
  expect(positioned.errors, `${name}: js-yaml read it, yaml reports errors`).toEqual([]);
  expect(positioned.data, `${name}: the two parsers read different values`).toStrictEqual(fast.value);
}

const site = siteYaml();

/** The site's keys and scalar values, gathered from what js-yaml read. */
function leaves(value: unknown, keys: Set<string>, scalars: Set<string | number | boolean | null>) {
  if (Array.isArray(value)) for (const v of value) leaves(v, keys, scalars);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      leaves(v, keys, scalars);
    }
  else scalars.add(value as string | number | boolean | null);
}
const keys = new Set<string>();
const scalars = new Set<string | number | boolean | null>();
for (const [, text] of site) leaves(fastYamlValue(text), keys, scalars);

/** Plain scalars whose type the schema decides: what a careless author may leave unquoted. */
const typedLooking = fc.oneof(
  fc.constantFrom(
    ...['yes', 'no', 'on', 'off', 'y', 'n', 'true', 'True', 'TRUE', 'false', 'null', 'Null', 'NULL', '~', ''],
    ...['.inf', '-.Inf', '+.INF', '.nan', '.NaN', '0x1A', '0o17', '017', '08', '0b11', '1_000', '1:20:30'],
    ...['2024-01-31', '2024-01-31T10:00:00Z', '2001-12-14 21:59:43.10 -5', '12:30', '1e3', '.5', '+12', '-0'],
  ),
  fc.stringMatching(/^[-+]?(0[xob])?[0-9a-fA-F_.:eE+-]{1,10}$/),
  fc
    .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

describe('the two YAML parsers (js-yaml for values, yaml for positions)', () => {
  it('read the same value from every YAML text of the site', () => {
    expect(site.length).toBeGreaterThan(200);
    for (const [name, text] of site) {
      expect(() => fastYamlValue(text), name).not.toThrow();
      expectAgreement(text, name);
    }
  });

  it('read the same value from a plain scalar, wherever js-yaml reads it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), typedLooking, (key, scalar) => {
        expectAgreement(`${key}: ${scalar}\nlist: [${scalar}]\nnested:\n  - ${scalar}\n`, JSON.stringify(scalar));
      }),
      { numRuns: 500 },
    );
  });

  it("read the same value from documents made of the site's keys and scalars, in each style yaml writes", () => {
    const scalar = fc.oneof(fc.constantFrom(...scalars), fc.string(), fc.double(), typedLooking);
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 4 }),
      ),
    }));
    const style = fc.record({
      flow: fc.boolean(),
      quote: fc.constantFrom<'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'>(
        'PLAIN',
        'QUOTE_DOUBLE',
        'QUOTE_SINGLE',
        'BLOCK_LITERAL',
        'BLOCK_FOLDED',
      ),
    });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: 6 }), style, (doc, s) => {
        const text = stringify(doc, { collectionStyle: s.flow ? 'flow' : 'any', defaultStringType: s.quote });
        expectAgreement(text, text);
      }),
      { numRuns: 200 },
    );
  });
});
