/**
 * The machine-readable outputs of the real site: every route's Markdown twin round-trips
 * the page's visible text, llms.txt lists every twin, the OpenAPI 3.1 documents validate
 * (@readme/openapi-parser) and cover every api-operation page, and the Postman collections
 * parse with Postman's own collection SDK (postman-collection) into one signed request per operation.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Collection } from 'postman-collection';
import { validate, compileErrors } from '@readme/openapi-parser';
import { machineFiles, twinLinks } from '../../pipeline/machine/outputs.ts';
import { twinPath } from '../../schema/machine-docs.ts';
import { API_IDS, apiIdOf, openApiPath, postmanPath } from '../../schema/machine-docs.ts';
import { pageKinds } from '../../schema/frontmatter.ts';
import type { ApiOperation } from '../../schema/frontmatter-api.ts';
import { buildProjectSite } from '../helpers.ts';
import { sharedBuild } from '../shared/builds.ts';
import { compareTwin, squeeze } from './twin-text.ts';

const built = await buildProjectSite();
const config = built.site.config;
// As text: llms-full.txt comes as UTF-8 bytes (joined from the twins' bytes).
const files = new Map(
  [
    ...machineFiles({
      config,
      pages: built.pages,
      sidebar: built.sidebar,
      errorCodes: built.site.data.api_error_codes,
    }),
  ].map(([p, made]) => [p, typeof made === 'string' ? made : Buffer.from(made).toString('utf8')]),
);
const apiPages = built.pages.filter((p) => p.kind === 'api-operation');
const apiOf = (p: (typeof built.pages)[number]) => (p.frontmatter as { api: ApiOperation }).api;
const json = (file: string) => JSON.parse(files.get(file)!) as Record<string, any>;

/**
 * Text a twin adds on purpose: its H1 and description, tab labels (buttons on the page), the API
 * document links, and the header rows of the tables an API reference's lists and environment URLs
 * become (pipeline/machine/twin-api-reference.ts).
 */
function addedText(page: (typeof built.pages)[number]): number {
  const labels: string[] = [];
  const walk = (n: { tagName?: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
    if (n.properties?.dataLabel) labels.push(String(n.properties.dataLabel));
    const classes = (n.properties?.className as string[] | undefined) ?? [];
    if (classes.includes('api-environments')) labels.push('Environment', 'URL');
    if (n.tagName === 'ul' && classes.includes('api-fields')) {
      labels.push('Name', 'Type', ...(n.properties?.dataScope === 'request' ? ['Required'] : []), 'Description');
      return; // a member list is rows of its parent's table
    }
    for (const c of n.children ?? []) walk(c as never);
  };
  walk(page.ast as never);
  return squeeze(
    [page.title, page.description, ...labels, ...twinLinks(page, config.url).map((l) => l.label)].join(' '),
  ).length;
}

describe('Markdown twins', () => {
  it('exist for every route and round-trip its visible text, for every page kind', () => {
    expect(new Set(built.pages.map((p) => p.kind))).toEqual(new Set(pageKinds));
    const failures: string[] = [];
    for (const page of built.pages) {
      const twin = files.get(twinPath(page.route));
      if (!twin) {
        failures.push(`${page.route}: no twin`);
        continue;
      }
      const { missing, extra } = compareTwin(page.ast, twin);
      if (missing.length)
        failures.push(
          `${page.route} (${page.kind}) lost: ${missing
            .slice(0, 2)
            .map((m) => m.slice(0, 80))
            .join(' | ')}`,
        );
      else if (extra !== addedText(page))
        failures.push(`${page.route} (${page.kind}): ${extra - addedText(page)} unexpected characters`);
    }
    expect(failures).toEqual([]);
    expect(built.pages.length).toBeGreaterThanOrEqual(272);
  }, 300_000); // parses all 272 twins back: minutes on a loaded 2-core machine

  it('are the same written by the build (made from the page JSON) as made from the page trees', async () => {
    // The build converts the tree it decodes in place (pipeline/machine/outputs.ts pageJsonTwin); from a shared
    // tree, a copy. The run's shared build wrote its twins that way.
    const { dist } = await sharedBuild('real');
    for (const page of built.pages) {
      const written = readFileSync(path.join(dist, twinPath(page.route)), 'utf8');
      expect(written, page.route).toBe(files.get(twinPath(page.route)));
    }
  });

  it('open with the title as H1 and use absolute links only', () => {
    for (const page of built.pages) {
      const twin = files.get(twinPath(page.route))!;
      expect(twin.split('\n')[0], page.route).toBe(`# ${page.title}`);
      expect(twin, page.route).not.toMatch(/\]\((?!https?:|mailto:|tel:)/);
    }
  });

  it('render generated parts as Markdown: parameter tables, code samples, data sheets, variant tables', () => {
    const create = files.get('api/v2/transaction/create.md')!;
    expect(create).toMatch(/^\| Name \| Type \| Required \| Description \|$/m);
    expect(create).toMatch(/^\| `amount` \| string \(amount\) \| required \| .+<br>Example: `120\.00` \|$/m);
    expect(create).toMatch(/^\*\*cURL\*\*\n\n```bash\n/m);
    expect(create).toContain(`[OpenAPI 3.1 document](${config.url}/openapi/v2.json)`);
    expect(files.get('services/pix/payin.md')).toMatch(/^- \*\*Service:\*\* `pix_payin_brl`$/m);
    expect(files.get('services/pix.md')).toMatch(/^\| Variant \| Direction \|/m);
  });
});

describe('Markdown twins of API operation pages', () => {
  /** Every field of a definition as its twin names it: `customer.email`, `next_action.accounts[].cci`. */
  const paths = (
    fields: ApiOperation['request'],
    prefix = '',
  ): { name: string; field: ApiOperation['request'][number] }[] =>
    fields.flatMap((f) => [
      { name: prefix + f.name, field: f },
      ...paths(f.fields ?? [], `${prefix}${f.name}${f.type === 'array' ? '[]' : ''}.`),
    ]);

  it('keep the reference as tables: every field of the definition a row, its members after it with their path', () => {
    for (const page of apiPages) {
      const twin = files.get(twinPath(page.route))!;
      const api = apiOf(page);
      // The rows of the field tables (header `| Name | Type |`), not of the guide's own tables.
      const tables = twin.split('\n\n').filter((block) => block.startsWith('| Name | Type |'));
      const rows = [...tables.join('\n').matchAll(/^\| `([^`]+)` \| ([^|]+) \|(?: (required|optional) \|)? /gm)].map(
        (m) => ({
          name: m[1],
          type: m[2],
          required: m[3],
        }),
      );
      const expected = [
        ...paths(api.request).map(({ name, field }) => ({ name, required: field.required ? 'required' : 'optional' })),
        ...paths(api.response).map(({ name }) => ({ name, required: undefined })),
      ];
      expect(
        rows.map(({ name, required }) => ({ name, required })),
        page.route,
      ).toEqual(expected);
      expect(twin, page.route).toMatch(/^\| Environment \| URL \|$/m);
      for (const example of api.examples) expect(twin, page.route).toContain(`**${example.status} ${example.title}**`);
    }
  });
});

describe('llms.txt', () => {
  const llms = files.get('llms.txt')!;
  it('follows llmstxt.org: H1 site title, a quoted summary, H2 sections by sidebar category', () => {
    expect(llms.startsWith(`# ${config.title}\n\n> `)).toBe(true);
    const sections = [...llms.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections.slice(0, built.sidebar.length)).toEqual(
      built.sidebar.filter((s) => s.type === 'category').map((s) => s.label),
    );
  });

  it("lists every route's twin exactly once, with its description", () => {
    for (const page of built.pages) {
      const url = `${config.url}/${twinPath(page.route)}`;
      const lines = llms.split('\n').filter((l) => l.includes(`](${url})`));
      expect(lines, page.route).toHaveLength(1);
      expect(lines[0]).toMatch(/^- \[.+\]\(\S+\.md\): .+/);
    }
  });

  it('llms-full.txt holds every twin with its source URL', () => {
    const full = files.get('llms-full.txt')!;
    for (const page of built.pages)
      expect(full).toContain(`Source: <${config.url}${page.route === '/' ? '/' : page.route}>`);
    expect(full.length).toBeGreaterThan([...built.pages].reduce((n, p) => n + files.get(twinPath(p.route))!.length, 0));
  });
});

describe('OpenAPI 3.1', () => {
  it('has one valid document per API that covers every api-operation page', async () => {
    expect(apiPages).toHaveLength(59);
    let total = 0;
    for (const id of API_IDS) {
      const doc = json(openApiPath(id));
      const result = await validate(structuredClone(doc) as never);
      expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
      expect(doc.openapi).toBe('3.1.0');
      const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .flatMap(([p, m]) => Object.keys(m).map((method) => `${method.toUpperCase()} ${p}`))
        .sort();
      const pages = apiPages
        .filter((p) => apiIdOf(apiOf(p)) === id)
        .map((p) => `${apiOf(p).method} ${apiOf(p).path}`)
        .sort();
      expect(ops).toEqual(pages);
      total += ops.length;
      expect(doc.servers.map((s: { url: string }) => s.url)).toEqual([
        config.environments.sandbox!.api,
        config.environments.production!.api,
      ]);
    }
    expect(total).toBe(59);
  });

  it('carries types, required flags, enums, examples, error responses and the signature scheme', () => {
    const v2 = json('openapi/v2.json');
    const create = v2.paths['/v2/transaction/create'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toContain('amount');
    expect(body.properties.payment_type).toMatchObject({ type: 'string', enum: ['payin', 'payout'] });
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    expect(create.security).toEqual([{ pointId: [], signature: [] }]);
    expect(v2.components.securitySchemes.signature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
    });
    const codes = new Map(built.site.data.api_error_codes.map((e) => [e.code, e]));
    for (const code of apiOf(apiPages.find((p) => p.route === '/api/v2/transaction/create')!).errors) {
      expect(create.responses[String(codes.get(code)!.http_status)].description).toContain(`\`${code}\``);
    }
    const v1 = json('openapi/v1.json').paths['/v1/transaction/create'].post;
    expect(v1.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(
      expect.arrayContaining(['point_id', 'signature', 'request_id']),
    );
  });

  it('the validator rejects a broken document (it is a real check)', async () => {
    const broken = json('openapi/v2.json');
    broken.paths['/v2/transaction/create'].post.parameters.push({ name: 'x', in: 'body', schema: { type: 'string' } });
    expect((await validate(broken as never)).valid).toBe(false);
  });
});

describe('Postman collections', () => {
  // Postman publishes the v2.1 format's JSON Schema only in a repository, in no registry
  // package: the collections are read by Postman's own SDK instead, the parser Postman's
  // tools use, and what it understood is checked.
  it('parse with postman-collection (v2.1), one signed request per operation', () => {
    for (const id of API_IDS) {
      const raw = json(postmanPath(id));
      expect(raw.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
      expect(Collection.isCollection(new Collection(raw))).toBe(true);
      const collection = new Collection(raw);
      const requests: {
        method: string;
        url: string;
        host: string;
        headers: Record<string, string>;
        form: Record<string, string>;
      }[] = [];
      collection.forEachItem((item) => {
        const r = item.request;
        requests.push({
          method: r.method,
          url: r.url.toString(),
          host: r.url.getHost(),
          headers: Object.fromEntries(r.headers.all().map((h) => [h.key, String(h.value)])),
          form: Object.fromEntries(
            ((r.body?.urlencoded?.all() ?? []) as { key: string; value: string }[]).map((f) => [f.key, f.value]),
          ),
        });
      });
      const pages = apiPages.filter((p) => apiIdOf(apiOf(p)) === id);
      expect(requests).toHaveLength(pages.length);
      expect(
        new Set(
          requests.map((r) => `${r.method} ${new URL(r.url.replace('{{baseUrl}}', 'https://x.example')).pathname}`),
        ).size,
      ).toBe(pages.length);
      for (const r of requests) {
        const signature = id.endsWith('v2') ? r.headers['X-Signature'] : r.form.signature;
        if (signature !== undefined) expect(signature).toBe('{{signature}}');
      }
      expect(
        collection.events
          .all()
          .some(
            (e) =>
              e.listen === 'prerequest' && (e.script?.exec ?? []).join('\n').includes("pm.variables.set('signature'"),
          ),
      ).toBe(true);
    }
  });
});
