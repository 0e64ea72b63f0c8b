/**
 * Stage: cross-check. Rules that need more than one file: ISO codes, references
 * into the data files, unique service ids, payment groups and their variants,
 * API operations against their route. Pure: (site, codes) → diagnostics.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { RuleId } from '../rules.ts';
import type { PageSource, SiteModel } from './validate.ts';
import type { ApiField } from '../../schema/frontmatter-api.ts';
import { checkMethodFields } from './method-fields.ts';

/** ISO lookups (pipeline/sources/), injected so this stage stays pure. */
/** Operations whose page the spec places outside /api/ (the invoicing calls live under /services/). */
export const OPERATION_ROUTES: Readonly<Record<string, string>> = {
  '/v2/invoicing/invoice/delete': '/services/invoice_delete',
};

export interface CodeLists {
  isCountryCode(code: string): boolean;
  isCurrencyCode(code: string): boolean;
  currencyMinorUnits(code: string): number | undefined;
}

export function crossCheck(site: SiteModel, codes: CodeLists): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (page: PageSource, path: (string | number)[], message: string, rule: RuleId, hint?: string) =>
    out.push({ file: page.relFile, line: page.lineOf(path), field: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join(''), message, rule, hint });

  const statuses = new Set(site.data.transaction_statuses.map((s) => s.code));
  const errorCodes = new Set(site.data.api_error_codes.map((e) => e.code));
  const reasons = new Set(site.data.failure_reasons.map((r) => r.code));
  const services = new Map<string, string>();
  const groups = new Map<string, PageSource>();
  const variantsByGroup = new Map<string, PageSource[]>();

  for (const page of site.pages) {
    const fm = page.frontmatter;
    if (fm.kind === 'payment-method') {
      const m = fm.method;
      if (m.countries !== 'worldwide') m.countries.forEach((c, i) => {
        if (!codes.isCountryCode(c)) at(page, ['method', 'countries', i], `Expected an ISO 3166-1 alpha-2 country code, found "${c}"`, 'iso-country', 'See /reference/country_codes.');
      });
      m.currencies.forEach((c, i) => {
        if (!codes.isCurrencyCode(c)) at(page, ['method', 'currencies', i], `Expected an ISO 4217 currency code, found "${c}"`, 'iso-currency', 'See /reference/currency_codes.');
      });
      m.limits.forEach((limit, i) => {
        if (!m.currencies.includes(limit.currency)) at(page, ['method', 'limits', i, 'currency'], `Expected one of the method's currencies (${m.currencies.join(', ')}), found "${limit.currency}"`, 'method-limits');
        const units = codes.currencyMinorUnits(limit.currency);
        for (const key of ['min', 'max'] as const) {
          const decimals = limit[key].split('.')[1]?.length ?? 0;
          if (units !== undefined && decimals !== units) at(page, ['method', 'limits', i, key], `Expected ${units} decimal place(s) for ${limit.currency} (ISO 4217 minor units), found "${limit[key]}"`, 'amount-minor-units');
        }
        if (Number(limit.min) > Number(limit.max)) at(page, ['method', 'limits', i], `Expected min ≤ max, found ${limit.min} > ${limit.max}`, 'method-limits');
      });
      out.push(...checkMethodFields(page, m, site));
      m.return_codes?.codes.forEach((c, i) => {
        if (!reasons.has(c.failure_reason)) at(page, ['method', 'return_codes', 'codes', i, 'failure_reason'], `Expected a failure reason from content/data/failure_reasons.yaml, found "${c.failure_reason}"`, 'failure-reason');
      });
      const first = services.get(m.service);
      if (first) at(page, ['method', 'service'], `Service identifier "${m.service}" is already used by ${first}`, 'service-unique', 'Every service identifier is unique site-wide.');
      else services.set(m.service, page.relFile);
      const folder = page.route.match(/^\/services\/([^/]+)\/[^/]+$/)?.[1];
      if (folder && folder !== m.group) at(page, ['method', 'group'], `Expected group "${folder}" (the page's folder), found "${m.group}"`, 'method-group');
      const list = variantsByGroup.get(m.group) ?? [];
      list.push(page);
      variantsByGroup.set(m.group, list);
    }
    if (fm.kind === 'payment-group') groups.set(fm.group, page);
    if (fm.kind === 'api-operation') {
      const api = fm.api;
      const expectedRoute = OPERATION_ROUTES[api.path] ?? `/api${api.path.replace(/^\/(v[12])\/reports\//, '/reports/$1/')}`;
      if (expectedRoute !== page.route) at(page, ['api', 'path'], `Expected the path to match the page's route ${page.route}, found "${api.path}" (→ ${expectedRoute})`, 'api-path');
      if (!api.path.startsWith(`/${api.version}/`)) at(page, ['api', 'version'], `Expected version "${api.path.slice(1, 3)}" to match the path, found "${api.version}"`, 'api-version');
      api.errors.forEach((code, i) => {
        if (!errorCodes.has(code)) at(page, ['api', 'errors', i], `Unknown API error code "${code}"`, 'api-error-code', `Use a code from content/data/api_error_codes.yaml.`);
      });
      const checkFields = (fields: ApiField[], trail: (string | number)[], isRequest: boolean) => fields.forEach((f, i) => {
        const here = [...trail, i];
        if (isRequest && f.required && f.example === undefined && !f.fields?.length && f.default === undefined) at(page, [...here, 'name'], `Required parameter "${f.name}" has no example`, 'api-example-missing', 'The code samples are built from the examples: add `example:`.');
        const ex = f.example;
        if (typeof ex === 'string') {
          if (f.format === 'status' && !statuses.has(ex)) at(page, [...here, 'example'], `Unknown transaction status "${ex}"`, 'status-code');
          if (f.format === 'error-code' && !errorCodes.has(ex)) at(page, [...here, 'example'], `Unknown API error code "${ex}"`, 'api-error-code');
          if (f.format === 'failure-reason' && !reasons.has(ex)) at(page, [...here, 'example'], `Unknown failure reason "${ex}"`, 'failure-reason');
          if (f.format === 'currency' && !codes.isCurrencyCode(ex)) at(page, [...here, 'example'], `Expected an ISO 4217 code, found "${ex}"`, 'iso-currency');
          if (f.format === 'country' && !codes.isCountryCode(ex)) at(page, [...here, 'example'], `Expected an ISO 3166-1 alpha-2 code, found "${ex}"`, 'iso-country');
        }
        if (f.enum && ex !== undefined && typeof ex !== 'object' && !f.enum.some((e) => e.value === ex)) at(page, [...here, 'example'], `Expected the example to be one of the enum values (${f.enum.map((e) => e.value).join(', ')}), found ${JSON.stringify(ex)}`, 'api-enum-example');
        if (f.fields) checkFields(f.fields, [...here, 'fields'], isRequest);
      });
      checkFields(api.request, ['api', 'request'], true);
      checkFields(api.response, ['api', 'response'], false);
    }
  }
  for (const [group, page] of groups) {
    if (!variantsByGroup.get(group)?.length) out.push({ file: page.relFile, line: page.lineOf(['group']), field: 'group', message: `Expected at least one payment-method page with method.group "${group}", found none`, rule: 'group-variants' });
  }
  return out;
}
