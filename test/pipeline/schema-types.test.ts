import { describe, expect, it } from 'vitest';
import { field } from '../../schema/frontmatter-api.ts';
import { pageData, PAGE_SCHEMA_VERSION } from '../../schema/page.ts';
import { pageKinds } from '../../schema/frontmatter.ts';
import { jsonSchemas } from '../../pipeline/emit/artifacts.ts';

const page = (kind: string, frontmatter: Record<string, unknown>) => ({
  schemaVersion: PAGE_SCHEMA_VERSION,
  route: '/x',
  kind,
  title: 'T',
  description: 'd',
  keywords: ['k'],
  breadcrumbs: [],
  toc: [],
  frontmatter,
  ast: { type: 'root', children: [] },
});
const doc = {
  kind: 'doc',
  title: 'T',
  description: 'A description long enough.',
  keywords: ['k'],
  tags: [],
  hide_toc: false,
};

describe('types come from the schemas', () => {
  it('an API field validates its nested fields at any depth (zod getter recursion)', () => {
    const nested = (name: string) => ({
      name: 'customer',
      type: 'object',
      description: 'The payer.',
      fields: [
        {
          name: 'address',
          type: 'object',
          description: 'Where.',
          fields: [{ name, type: 'string', description: 'City.' }],
        },
      ],
    });
    expect(field.safeParse(nested('city')).success).toBe(true);
    const r = field.safeParse(nested('City'));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['fields', 0, 'fields', 0, 'name']);
  });

  it('page JSON frontmatter is the frontmatter of a page kind, not any record', () => {
    expect(pageData.safeParse(page('doc', doc)).success).toBe(true);
    expect(pageData.safeParse(page('doc', { anything: 1 })).success).toBe(false);
    expect(
      pageData.safeParse(page('api-operation', { ...doc, kind: 'api-operation', api: { method: 'GET' } })).success,
    ).toBe(false);
  });

  it('dist/schema/page.json describes the frontmatter of every kind', () => {
    const schema = jsonSchemas().page as {
      properties: { frontmatter: { oneOf: { properties: { kind: { const: string } } }[] } };
    };
    expect(schema.properties.frontmatter.oneOf.map((s) => s.properties.kind.const)).toEqual(pageKinds);
  });
});
