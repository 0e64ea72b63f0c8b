/** Schema descriptions (`.meta({ description })`) reach the JSON Schema files in dist/schema/. */
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from '../../pipeline/emit/artifacts.ts';

type JsonSchema = {
  description?: string;
  const?: unknown;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $defs?: Record<string, JsonSchema>;
};

/** Paths of object properties without a description (a `const` discriminator such as `type: "link"` needs none). */
function undescribed(schema: JsonSchema): string[] {
  const missing: string[] = [];
  const walk = (node: JsonSchema | boolean | undefined, at: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      if (value.description === undefined && value.$ref === undefined && value.const === undefined)
        missing.push(`${at}.${key}`);
      walk(value, `${at}.${key}`);
    }
    walk(node.items, `${at}[]`);
    walk(node.additionalProperties, `${at}{}`);
    for (const list of [node.anyOf, node.oneOf, node.allOf]) list?.forEach((n, i) => walk(n, `${at}|${i}`));
    for (const [key, value] of Object.entries(node.$defs ?? {})) walk(value, `#${key}`);
  };
  walk(schema, '');
  return missing;
}

describe('JSON Schema descriptions', () => {
  const schemas = jsonSchemas() as Record<string, JsonSchema>;
  // The contracts of site config, sidebars, manifest and data files; the others join this list as they are described.
  const described = [
    'site-config',
    'sidebars',
    'manifest',
    'diff-report',
    ...Object.keys(schemas).filter((n) => n.startsWith('data-')),
  ];

  for (const name of described) {
    it(`${name}: the schema and every field have a description`, () => {
      expect(
        schemas[name].description ?? (schemas[name].items as JsonSchema | undefined)?.description,
        name,
      ).toBeTruthy();
      expect(undescribed(schemas[name])).toEqual([]);
    });
  }

  it('finds a missing description (the check can fail)', () => {
    expect(
      undescribed({ properties: { a: { description: 'x' }, b: { properties: { c: {} } }, t: { const: 'link' } } }),
    ).toEqual(['.b', '.b.c']);
  });

  it(`describes a field by its own text over the shared shape's (route → "Route the category…")`, () => {
    expect(JSON.stringify(schemas.sidebars)).toContain('Route the category label links to.');
    expect(JSON.stringify(schemas['site-config'])).toContain('Production origin, for canonical URLs and the sitemap.');
  });
});
