/**
 * A payment-method page may only name callback and response fields the shared
 * definitions have: transaction/create v2's response (and its `next_action` members),
 * content/data/transaction_fields.yaml (callbacks and transaction/find), and the
 * request and response fields of the API operations. A page names a field
 *  - in its data sheet: `method.flow.next_action`, `method.flow.response`, `method.flow.callback`;
 *  - in its prose: a backticked snake_case name with an underscore (`provider_reference`)
 *    or a dotted path (`crypto.tx_hash`) inside the section whose heading mentions
 *    callbacks ("Statuses and callbacks"), or in a sentence elsewhere that mentions a
 *    callback or transaction/find. Fenced code is not read.
 * Values are not fields: statuses, failure reasons, error codes, enum values and
 * service ids in backticks are accepted too.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { RuleId } from '../../rules.ts';
import type { PageSource, SiteModel } from '../../content/validate.ts';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { sandboxCode } from './test-data.ts';
import { flowIntegration } from './flow.ts';
import { siteIndex } from '../site-index.ts';

export const CREATE_ROUTE = '/api/v2/transaction/create';

export interface FieldVocabulary {
  /** Top-level response fields of transaction/create v2. */
  createResponse: Set<string>;
  /** Members of its `next_action`, and the values of `next_action.type`. */
  nextActionMembers: Set<string>;
  nextActionTypes: Set<string>;
  /** content/data/transaction_fields.yaml by name. */
  callback: Map<string, { members?: string[]; filled_by?: string[] }>;
  /** Every name prose may mention: fields (with their dotted paths) and defined values. */
  known: Set<string>;
}

function walk(fields: ApiField[], out: Set<string>, prefix = ''): void {
  for (const f of fields) {
    out.add(f.name);
    if (prefix) out.add(prefix + f.name);
    for (const e of f.enum ?? []) out.add(String(e.value));
    if (f.fields) walk(f.fields, out, `${prefix}${f.name}.`);
  }
}

const cache = new WeakMap<SiteModel, FieldVocabulary>();

export function fieldVocabulary(site: SiteModel): FieldVocabulary {
  const hit = cache.get(site);
  if (hit) return hit;
  const response = siteIndex(site.pages).operationByRoute.get(CREATE_ROUTE)?.frontmatter.api.response ?? [];
  const nextAction = response.find((f) => f.name === 'next_action');
  const known = new Set<string>();
  for (const p of site.pages) {
    const fm = p.frontmatter;
    if (fm.kind === 'api-operation') {
      walk(fm.api.request, known);
      walk(fm.api.response, known);
    }
    if (fm.kind === 'payment-method') known.add(fm.method.service);
  }
  const d = site.data;
  for (const f of d.transaction_fields) {
    known.add(f.name);
    for (const m of f.members ?? []) known.add(`${f.name}.${m}`).add(m);
  }
  for (const list of [d.transaction_statuses, d.failure_reasons, d.api_error_codes])
    for (const row of list) known.add(row.code);
  // Columns of the reference data (a bank's `national_id`) are defined by schema/data.ts.
  for (const rows of Object.values(d)) for (const key of Object.keys(rows[0] ?? {})) known.add(key);
  const vocab: FieldVocabulary = {
    createResponse: new Set(response.map((f) => f.name)),
    nextActionMembers: new Set((nextAction?.fields ?? []).map((f) => f.name)),
    nextActionTypes: new Set(
      (nextAction?.fields?.find((f) => f.name === 'type')?.enum ?? []).map((e) => String(e.value)),
    ),
    callback: new Map(d.transaction_fields.map((f) => [f.name, f])),
    known,
  };
  cache.set(site, vocab);
  return vocab;
}

const FIELD_LIKE = /`([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)`/g;

/** The body with fenced code blanked out (offsets and lines kept). */
const withoutCode = (body: string) =>
  body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, (m) => m.replace(/[^\n]/g, ' '));

/** [start, end) offsets of the H2 sections whose heading mentions callbacks. */
function callbackSections(body: string): [number, number][] {
  const heads = [...body.matchAll(/^## .*$/gm)];
  return heads.flatMap((h, i) =>
    /callback/i.test(h[0]) ? [[h.index!, heads[i + 1]?.index ?? body.length] as [number, number]] : [],
  );
}

/** The sentence around an offset: within its paragraph (or list item, or table row), between sentence ends. */
function sentenceAt(body: string, at: number): string {
  const start = Math.max(body.lastIndexOf('\n\n', at), body.lastIndexOf('\n|', at), body.lastIndexOf('\n- ', at), 0);
  const ends = [body.indexOf('\n\n', at), body.indexOf('\n|', at), body.indexOf('\n- ', at)].filter((i) => i !== -1);
  const block = body.slice(start, ends.length ? Math.min(...ends) : body.length);
  let offset = start;
  for (const s of block.split(/(?<=[.!?])\s+/)) {
    const i = body.indexOf(s, offset);
    if (at >= i && at < i + s.length) return s;
    offset = i + s.length;
  }
  return block;
}

/** Fields named in the page's prose, with their 1-based file lines. */
export function namedFields(page: Pick<PageSource, 'body' | 'bodyLine'>): { name: string; line: number }[] {
  const body = withoutCode(page.body);
  const sections = callbackSections(body);
  const out: { name: string; line: number }[] = [];
  for (const m of body.matchAll(FIELD_LIKE)) {
    const at = m.index!;
    const inSection = sections.some(([a, b]) => at >= a && at < b);
    // Link targets do not count: `[x](#response-and-callback)` says nothing about callbacks.
    if (!inSection && !/callback|transaction\/find/i.test(sentenceAt(body, at).replace(/\]\([^)]*\)/g, ']'))) continue;
    out.push({ name: m[1], line: page.bodyLine + body.slice(0, at).split('\n').length - 1 });
  }
  return out;
}

export function checkMethodFields(page: PageSource, m: PaymentMethod, site: SiteModel): Diagnostic[] {
  const v = fieldVocabulary(site);
  const out: Diagnostic[] = [];
  const at = (path: (string | number)[], message: string, rule: RuleId, hint?: string) =>
    out.push({ file: page.relFile, line: page.lineOf(path), field: path.join('.'), message, rule, hint });
  const flow = m.flow;
  const integration = flowIntegration(m);
  if (flow.integration && !m.integration.includes(flow.integration))
    at(
      ['method', 'flow', 'integration'],
      `Expected one of the method's integrations (${m.integration.join(', ')}), found "${flow.integration}"`,
      'method-flow',
    );
  if (flow.currency && !m.currencies.includes(flow.currency))
    at(
      ['method', 'flow', 'currency'],
      `Expected one of the method's currencies (${m.currencies.join(', ')}), found "${flow.currency}"`,
      'method-flow',
    );
  const limit = m.limits.find((l) => l.currency === (flow.currency ?? m.limits[0].currency));
  if (flow.amount && limit) {
    const decimals = (s: string) => s.split('.')[1]?.length ?? 0;
    if (
      decimals(flow.amount) !== decimals(limit.min) ||
      Number(flow.amount) < Number(limit.min) ||
      Number(flow.amount) > Number(limit.max)
    ) {
      at(
        ['method', 'flow', 'amount'],
        `Expected an amount within the method's ${limit.currency} limits ` +
          `(${limit.min} – ${limit.max}) with as many decimals, found "${flow.amount}"`,
        'method-flow',
      );
    }
    const code = sandboxCode(flow.amount);
    if (site.data.sandbox_values.some((v) => v.code === code))
      at(
        ['method', 'flow', 'amount'],
        'Expected an amount that succeeds in the sandbox (content/data/sandbox_values.yaml), ' +
          `found "${flow.amount}" (${code} chooses another outcome)`,
        'method-flow',
      );
  }
  if (flow.next_action) {
    if (!v.nextActionTypes.has(flow.next_action.type))
      at(
        ['method', 'flow', 'next_action', 'type'],
        'Expected a next_action type of transaction/create ' +
          `(${[...v.nextActionTypes].join(', ')}), found "${flow.next_action.type}"`,
        'undefined-field',
      );
    for (const key of Object.keys(flow.next_action)) {
      if (key !== 'type' && !v.nextActionMembers.has(key))
        at(
          ['method', 'flow', 'next_action', key],
          `Expected a member of next_action defined in transaction/create's response, found "${key}"`,
          'undefined-field',
          `Define it in ${CREATE_ROUTE} (api.response → next_action.fields) with the methods that return it.`,
        );
    }
  } else if (integration === 'h2h' && m.direction === 'payin' && !flow.status && flow.transaction) {
    at(
      ['method', 'flow'],
      'Expected method.flow.next_action (or a status without one): a host-to-host ' +
        'payin says what transaction/create asks the integrator to do next',
      'method-flow',
    );
  }
  for (const key of Object.keys(flow.response ?? {})) {
    if (!v.createResponse.has(key))
      at(
        ['method', 'flow', 'response', key],
        `Expected a field of transaction/create's response, found "${key}"`,
        'undefined-field',
        `Define it in ${CREATE_ROUTE} (api.response).`,
      );
  }
  for (const [key, value] of Object.entries(flow.callback ?? {})) {
    const def = v.callback.get(key);
    if (!def) {
      at(
        ['method', 'flow', 'callback', key],
        `Expected a field of content/data/transaction_fields.yaml, found "${key}"`,
        'undefined-field',
        'Define the field there, with its type and the methods that fill it.',
      );
      continue;
    }
    if (def.filled_by && !def.filled_by.includes(page.route))
      at(
        ['method', 'flow', 'callback', key],
        `Expected ${page.route} in the filled_by of "${key}" ` +
          `(content/data/transaction_fields.yaml), found ${def.filled_by.join(', ')}`,
        'field-filled-by',
      );
    if (def.members && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const member of Object.keys(value))
        if (!def.members.includes(member))
          at(
            ['method', 'flow', 'callback', key, member],
            `Expected a member of "${key}" (${def.members.join(', ')}), found "${member}"`,
            'undefined-field',
          );
    }
  }
  for (const [key, value] of Object.entries(flow.failed_callback ?? {})) {
    const filled = flow.callback?.[key];
    if (filled === undefined) {
      at(
        ['method', 'flow', 'failed_callback', key],
        'Expected a field of method.flow.callback ' +
          `(${Object.keys(flow.callback ?? {}).join(', ') || 'none'}), found "${key}"`,
        'method-flow',
        'A failed callback carries only fields the method fills: declare it in callback first.',
      );
      continue;
    }
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      filled &&
      typeof filled === 'object' &&
      !Array.isArray(filled)
    ) {
      for (const member of Object.keys(value))
        if (!(member in filled))
          at(
            ['method', 'flow', 'failed_callback', key, member],
            `Expected a member of method.flow.callback.${key} (${Object.keys(filled).join(', ')}), found "${member}"`,
            'method-flow',
          );
    }
  }
  for (const [name, def] of v.callback) {
    if (def.filled_by?.includes(page.route) && !(name in (flow.callback ?? {})))
      at(
        ['method'],
        `Expected method.flow.callback to give "${name}" an example: ` +
          `content/data/transaction_fields.yaml lists ${page.route} in its filled_by`,
        'field-filled-by',
      );
  }
  for (const { name, line } of namedFields(page)) {
    if (!v.known.has(name))
      out.push({
        file: page.relFile,
        line,
        field: name,
        message:
          "Expected a field defined in transaction/create's response, " +
          `content/data/transaction_fields.yaml or an API operation, found \`${name}\``,
        rule: 'undefined-field',
        hint: 'Define the field (with its type and the methods that fill it), or correct the name.',
      });
  }
  return out;
}
