/**
 * An API operation against its route and the data files: the path matches the page's
 * route and version, error codes exist, required parameters have examples, and
 * examples fit their format (status, error code, failure reason, ISO codes) and their
 * definition (type, enum, required members, length, range, pattern: check-examples.ts).
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { SiteModel } from '../../content/validate.ts';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import { fieldDiagnostic, type CodeLists, type PageOf } from '../types.ts';
import type { RuleId } from '../../rules.ts';
import { checkExamples } from './check-examples.ts';
import { didYouMean } from '../../near-miss.ts';
import { checkSharedDefinitions } from './shared-request.ts';

/** Operations whose page the spec places outside /api/ (the invoicing calls live under /services/). */
export const OPERATION_ROUTES: Readonly<Record<string, string>> = {
  '/v2/invoicing/invoice/delete': '/services/invoice_delete',
};

export function crossCheckOperation(page: PageOf<'api-operation'>, site: SiteModel, codes: CodeLists): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (path: (string | number)[], message: string, rule: RuleId, hint?: string) =>
    out.push(fieldDiagnostic(page, path, message, rule, hint));
  const statuses = new Set(site.data.transaction_statuses.map((s) => s.code));
  const errorCodes = new Set(site.data.api_error_codes.map((e) => e.code));
  const reasons = new Set(site.data.failure_reasons.map((r) => r.code));
  const api = page.frontmatter.api;
  // The nearest known code, when there is one: otherwise the rule's own fix.
  const near = (code: string, known: Set<string>) => didYouMean(code, known).trim() || undefined;
  const expectedRoute =
    OPERATION_ROUTES[api.path] ?? `/api${api.path.replace(/^\/(v[12])\/reports\//, '/reports/$1/')}`;
  if (expectedRoute !== page.route)
    at(
      ['api', 'path'],
      `Expected the path to match the page's route ${page.route}, found "${api.path}" (→ ${expectedRoute})`,
      'api-path',
    );
  if (!api.path.startsWith(`/${api.version}/`))
    at(
      ['api', 'version'],
      `Expected version "${api.path.slice(1, 3)}" to match the path, found "${api.version}"`,
      'api-version',
    );
  api.errors.forEach((code, i) => {
    if (!errorCodes.has(code))
      at(
        ['api', 'errors', i],
        `Unknown API error code "${code}"`,
        'api-error-code',
        `${didYouMean(code, errorCodes)}Use a code from content/data/api_error_codes.yaml.`,
      );
  });
  const checkFields = (fields: ApiField[], trail: (string | number)[], isRequest: boolean) =>
    fields.forEach((f, i) => {
      const here = [...trail, i];
      if (isRequest && f.required && f.example === undefined && !f.fields?.length && f.default === undefined)
        at(
          [...here, 'name'],
          `Required parameter "${f.name}" has no example`,
          'api-example-missing',
          'The code samples are built from the examples: add `example:`.',
        );
      const ex = f.example;
      if (typeof ex === 'string') {
        if (f.format === 'status' && !statuses.has(ex))
          at([...here, 'example'], `Unknown transaction status "${ex}"`, 'status-code', near(ex, statuses));
        if (f.format === 'error-code' && !errorCodes.has(ex))
          at([...here, 'example'], `Unknown API error code "${ex}"`, 'api-error-code', near(ex, errorCodes));
        if (f.format === 'failure-reason' && !reasons.has(ex))
          at([...here, 'example'], `Unknown failure reason "${ex}"`, 'failure-reason', near(ex, reasons));
        if (f.format === 'currency' && !codes.isCurrencyCode(ex))
          at([...here, 'example'], `Expected an ISO 4217 code, found "${ex}"`, 'iso-currency');
        if (f.format === 'country' && !codes.isCountryCode(ex))
          at([...here, 'example'], `Expected an ISO 3166-1 alpha-2 code, found "${ex}"`, 'iso-country');
      }
      if (f.fields) checkFields(f.fields, [...here, 'fields'], isRequest);
    });
  checkFields(api.request, ['api', 'request'], true);
  checkFields(api.response, ['api', 'response'], false);
  // Type, enum, required members, length, range and pattern of every example: check-examples.ts.
  out.push(...checkExamples(page));
  out.push(...checkSharedDefinitions(page, site));
  return out;
}
