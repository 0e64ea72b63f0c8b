/**
 * The JSON Schemas in dist/schema/ are for other tools: each must compile in a stock
 * validator (ajv, draft 2020-12, with ajv-formats), and what the build emits —
 * every page JSON, the manifest, the search manifest and every shard — must
 * validate against them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { builtFixture } from '../helpers.ts';

let site: Awaited<ReturnType<typeof builtFixture>>;
let dist: string;
const json = async (file: string) => JSON.parse(await readFile(path.join(dist, file), 'utf8'));

beforeAll(async () => {
  site = await builtFixture();
  dist = site.dist;
}, 120_000);
afterAll(() => site?.cleanup());

async function validator() {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const names = (await readdir(path.join(dist, 'schema'))).filter((f) => f.endsWith('.json'));
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const name of names) compiled.set(name.replace(/\.json$/, ''), ajv.compile(await json(`schema/${name}`)));
  return compiled;
}

describe('dist/schema/*.json', () => {
  it('every schema compiles with ajv (2020-12) and ajv-formats', async () => {
    const compiled = await validator();
    expect(compiled.size).toBeGreaterThan(10);
    expect([...compiled.keys()]).toEqual(
      expect.arrayContaining(['page', 'manifest', 'site-config', 'search-manifest', 'search-shard']),
    );
  });

  it('every page JSON, the manifest, the search manifest and every search shard validate', async () => {
    const schemas = await validator();
    const check = (schema: string, data: unknown, what: string) => {
      const validate = schemas.get(schema)!;
      expect(validate(data), `${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    };
    const manifest = await json('_data/manifest.json');
    check('manifest', manifest, 'manifest');
    const pages = Object.values(manifest.routes as Record<string, { data: string }>).map((r) => r.data.split('?')[0]);
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) check('page', await json(p.replace(/^\//, '')), p);
    const searchManifestFile = (manifest.search as string).replace(/^\//, '');
    check('search-manifest', await json(searchManifestFile), searchManifestFile);
    const shards = (await readdir(path.join(dist, '_data/search'))).filter(
      (f) => f.endsWith('.json') && `_data/search/${f}` !== searchManifestFile && !f.startsWith('manifest'),
    );
    expect(shards.length).toBeGreaterThan(1);
    for (const f of shards) check('search-shard', await json(`_data/search/${f}`), f);
    check('site-config', manifest.site, 'manifest.site');
  });

  it('a page JSON that breaks the contract is refused (the validators are not vacuous)', async () => {
    const schemas = await validator();
    const page = await json('_data/pages/introduction.json');
    expect(schemas.get('page')!({ ...page, breadcrumbs: [{ label: 1 }] })).toBe(false);
    expect(schemas.get('manifest')!({})).toBe(false);
  });
});
