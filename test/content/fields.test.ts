/**
 * Fields the method pages promise in callbacks and transaction/find are defined once
 * (issue 16, "Rely on the fields the prose promises"): content/data/transaction_fields.yaml
 * for callbacks, with transaction/find v1 and v2 returning the same fields, and
 * transaction/create's response. The build rejects a method page naming an undefined
 * field (pipeline/kinds/payment-method/fields-check.ts, rule `undefined-field`): here it runs over
 * the real site, and the definitions are kept in step with each other.
 */
import { describe, expect, it } from 'vitest';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { checkMethodFields } from '../../pipeline/kinds/payment-method/fields-check.ts';
import { FLOW_LINKS } from '../../pipeline/kinds/payment-method/flow-section.ts';
import { flowExamples } from '../../pipeline/kinds/payment-method/flow.ts';
import { loadSiteModel, pagesOf } from './site-model.ts';

const site = await loadSiteModel();
const ops = pagesOf(site, 'api-operation');
const response = (route: string) =>
  new Map(ops.find((p) => p.route === route)!.frontmatter.api.response.map((f) => [f.name, f] as [string, ApiField]));
const fields = site.data.transaction_fields;
const findV1 = response('/api/v1/transaction/find');
const findV2 = response('/api/v2/transaction/find');
const methods = pagesOf(site, 'payment-method');

describe('callback and response field definitions', () => {
  it('provider_reference, beneficiary_name, failure_message: strings in callbacks, find; PSE fills the first', () => {
    for (const name of ['provider_reference', 'beneficiary_name', 'failure_message']) {
      expect(fields.find((f) => f.name === name)?.type, `callbacks: ${name}`).toBe('string');
      expect(findV1.get(name)?.type, `find v1: ${name}`).toBe('string');
      expect(findV2.get(name)?.type, `find v2: ${name}`).toBe('string');
    }
    expect(response('/api/v2/transaction/create').get('provider_reference')?.description).toMatch(/PSE/);
  });

  it('find v2 returns every callback field with its type and members; find v1 the same, flattened', () => {
    for (const f of fields) {
      if (f.name === 'point_id') continue; // the point is the caller's own in find
      expect(findV2.get(f.name)?.type, `find v2: ${f.name}`).toBe(f.type);
      for (const member of f.members ?? [])
        expect(
          findV2.get(f.name)!.fields?.some((m) => m.name === member),
          `find v2: ${f.name}.${member}`,
        ).toBe(true);
      if (f.name === 'metadata') continue; // v1 has no metadata
      if (f.members)
        for (const member of f.members)
          expect(findV1.has(`${f.name}_${member}`), `find v1: ${f.name}_${member}`).toBe(true);
      else expect(findV1.get(f.name)?.type, `find v1: ${f.name}`).toBe(f.type);
    }
  });

  it('filled_by names payment-method pages, and each of them gives the field an example', () => {
    for (const f of fields) {
      for (const route of f.filled_by ?? []) {
        const page = methods.find((p) => p.route === route);
        expect(page, `${f.name}: ${route}`).toBeDefined();
        expect(page!.frontmatter.method.flow.callback?.[f.name], `${route} flow.callback.${f.name}`).toBeDefined();
      }
    }
  });

  it('the pages the generated response sections link to exist', () => {
    for (const route of Object.values(FLOW_LINKS))
      expect(
        site.pages.some((p) => p.route === route),
        route,
      ).toBe(true);
  });

  it('no method page names a field the definitions lack', () => {
    expect(
      methods
        .flatMap((p) => checkMethodFields(p, p.frontmatter.method, site))
        .map((d) => `${d.file}:${d.line} ${d.field}: ${d.message}`),
    ).toEqual([]);
  });

  it('every generated create response and callback has the types and values the definitions give', () => {
    const create = response('/api/v2/transaction/create');
    const typeOf = (v: unknown) =>
      Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v;
    const ok = (def: ApiField | undefined, v: unknown) =>
      def && (typeOf(v) === def.type || (def.type === 'integer' && Number.isInteger(v)));
    const statuses = new Set(site.data.transaction_statuses.map((s) => s.code));
    const wrong: string[] = [];
    for (const p of methods.filter((m) => m.frontmatter.method.flow.transaction)) {
      const ex = flowExamples(p.frontmatter.method, site.data, site.config.environments.sandbox!.payment_page);
      const data = ex.response.data as Record<string, unknown>;
      for (const [k, v] of Object.entries(data)) if (!ok(create.get(k), v)) wrong.push(`${p.route} create.${k}`);
      const nextAction = create.get('next_action')!.fields!;
      for (const [k, v] of Object.entries((data.next_action ?? {}) as Record<string, unknown>))
        if (
          !ok(
            nextAction.find((f) => f.name === k),
            v,
          )
        )
          wrong.push(`${p.route} next_action.${k}`);
      if (!statuses.has(String(data.status))) wrong.push(`${p.route} status ${data.status}`);
      for (const c of ex.callbacks)
        for (const [k, v] of Object.entries(c.body))
          if (typeOf(v) !== fields.find((f) => f.name === k)?.type) wrong.push(`${p.route} callback.${k}`);
    }
    expect(wrong).toEqual([]);
  });
});
