/** The zod contracts: they accept what the docs say, reject the rest, and export JSON Schema. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontmatter } from '../../schema/frontmatter.ts';
import { pageFile } from '../../schema/page.ts';
import { manifest } from '../../schema/manifest.ts';
import { siteConfig } from '../../schema/site-config.ts';
import { jsonSchemas } from '../../pipeline/emit/artifacts.ts';
import { fixtureCopy, projectRoot, read } from '../helpers.ts';
import { build } from '../../pipeline/build.ts';
import { parse } from 'yaml';

const base = { title: 'T', description: 'A description long enough to pass.', keywords: ['k'] };

describe('frontmatter schema', () => {
  it('defaults kind to doc and fills defaults', () => {
    expect(frontmatter.parse(base)).toMatchObject({ kind: 'doc', tags: [], hide_toc: false });
  });
  it('rejects unknown fields (every object is strict)', () => {
    expect(frontmatter.safeParse({ ...base, titel: 'x' }).success).toBe(false);
  });
  it('types an api-operation with defaults for auth and idempotency', () => {
    const fm = frontmatter.parse({
      ...base,
      kind: 'api-operation',
      api: {
        method: 'POST',
        path: '/v2/transaction/find',
        version: 'v2',
        response: [{ name: 'status', type: 'string', description: 'x' }],
        examples: [{ status: 200, title: 'ok', response: {} }],
      },
    });
    expect(fm.kind === 'api-operation' && fm.api).toMatchObject({
      auth: 'signature',
      idempotent: false,
      request: [],
      errors: [],
    });
  });
  it('checks code shapes of payment methods (ISO membership is checked by the pipeline)', () => {
    const method = {
      group: 'pix',
      name: 'PIX',
      variant: 'Payin',
      countries: ['BR'],
      currencies: ['brl'],
      direction: 'payin',
      integration: ['hpp'],
      limits: [{ currency: 'BRL', min: '1.00', max: '2.00' }],
      capture: 'auto',
      refunds: 'full',
      recurring: false,
      disputes: 'none',
      settlement: 'T+1',
      processing_time: 'seconds',
      status: 'live',
      service: 'pix_payin',
      test_data: [{ outcome: 'success', input: { a: 'b' }, result: 'ok' }],
    };
    const r = frontmatter.safeParse({ ...base, kind: 'payment-method', method });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('currencies');
    expect(
      frontmatter.safeParse({ ...base, kind: 'payment-method', method: { ...method, currencies: ['BRL'] } }).success,
    ).toBe(true);
  });
});

describe('site config schema', () => {
  it('accepts the real site config and requires one of to/href on links', () => {
    const config = parse(readFileSync(path.join(projectRoot, 'content/site.yaml'), 'utf8'), { schema: 'core' });
    expect(siteConfig.safeParse(config).success).toBe(true);
    const broken = {
      ...config,
      navbar: { items: [{ type: 'link', label: 'Both', to: '/', href: 'https://x.example' }] },
    };
    expect(siteConfig.safeParse(broken).success).toBe(false);
  });
});

describe('emitted JSON validates against its own contract', () => {
  it('page JSON and manifest of a real build parse with their schemas; JSON Schema exists for each', async () => {
    const site = await fixtureCopy();
    try {
      await build({ root: site.root, cacheDir: false, pool: false });
      const dist = path.join(site.root, 'dist');
      expect(manifest.safeParse(JSON.parse(await read(dist, '_data/manifest.json'))).success).toBe(true);
      for (const p of [
        'index',
        'introduction',
        'api/v2/transaction/create',
        'services/pix',
        'reference/currency_codes',
      ]) {
        const r = pageFile.safeParse(JSON.parse(await read(dist, `_data/pages/${p}.json`)));
        expect(r.success, p).toBe(true);
      }
      const schemas = jsonSchemas();
      for (const name of [
        'page',
        'manifest',
        'site-config',
        'frontmatter-api-operation',
        'search-manifest',
        'data-test_cards',
      ])
        expect(schemas[name], name).toHaveProperty('$schema');
    } finally {
      await site.cleanup();
    }
  });
});
