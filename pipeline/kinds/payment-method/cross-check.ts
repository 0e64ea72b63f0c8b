/**
 * A payment method against the ISO lists and the rest of the site: country and
 * currency codes, limits in the method's currencies with the currency's minor units,
 * a service id unique site-wide, the group of the page's folder, its sandbox test cases'
 * failure reasons (./test-data-check.ts), and the fields it names against the shared
 * definitions (./fields-check.ts).
 */
import type { RuleId } from '../../rules.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { SiteModel } from '../../content/validate.ts';
import { fieldDiagnostic, type CodeLists, type PageOf } from '../types.ts';
import { checkMethodFields } from './fields-check.ts';
import { checkTestData } from './test-data-check.ts';
import { repeatedTestData } from './repeated-test-data.ts';
import { checkFlowAgainstApi } from './flow-api-check.ts';
import { refundRuleOf } from './refunds.ts';
import { siteIndex } from '../site-index.ts';
import { didYouMean } from '../../near-miss.ts';

export function crossCheckMethod(page: PageOf<'payment-method'>, site: SiteModel, codes: CodeLists): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (path: (string | number)[], message: string, rule: RuleId, hint?: string) =>
    out.push(fieldDiagnostic(page, path, message, rule, hint));
  const m = page.frontmatter.method;
  if (m.countries !== 'worldwide')
    m.countries.forEach((c, i) => {
      if (!codes.isCountryCode(c))
        at(
          ['method', 'countries', i],
          `Expected an ISO 3166-1 alpha-2 country code, found "${c}"`,
          'iso-country',
          'See /reference/country_codes.',
        );
    });
  m.currencies.forEach((c, i) => {
    if (!codes.isCurrencyCode(c))
      at(
        ['method', 'currencies', i],
        `Expected an ISO 4217 currency code, found "${c}"`,
        'iso-currency',
        'See /reference/currency_codes.',
      );
  });
  m.limits.forEach((limit, i) => {
    if (!m.currencies.includes(limit.currency))
      at(
        ['method', 'limits', i, 'currency'],
        `Expected one of the method's currencies (${m.currencies.join(', ')}), found "${limit.currency}"`,
        'method-limits',
      );
    const units = codes.currencyMinorUnits(limit.currency);
    for (const key of ['min', 'max'] as const) {
      const decimals = limit[key].split('.')[1]?.length ?? 0;
      if (units !== undefined && decimals !== units)
        at(
          ['method', 'limits', i, key],
          `Expected ${units} decimal place(s) for ${limit.currency} (ISO 4217 minor units), found "${limit[key]}"`,
          'amount-minor-units',
        );
    }
    if (Number(limit.min) > Number(limit.max))
      at(['method', 'limits', i], `Expected min ≤ max, found ${limit.min} > ${limit.max}`, 'method-limits');
  });
  if (typeof m.return_codes === 'object')
    m.return_codes.codes.forEach((c, i) => {
      if (!site.data.failure_reasons.some((r) => r.code === c.failure_reason))
        at(
          ['method', 'return_codes', 'codes', i, 'failure_reason'],
          `Expected a failure reason from content/data/failure_reasons.yaml, found "${c.failure_reason}"`,
          'failure-reason',
          didYouMean(
            c.failure_reason,
            site.data.failure_reasons.map((r) => r.code),
          ).trim() || undefined,
        );
    });
  out.push(...checkTestData(page, site));
  out.push(...repeatedTestData(page, m));
  out.push(...checkFlowAgainstApi(page, site));
  const placeholder = /^::refunds[ \t]*$/m.test(page.body);
  if (m.refunds !== 'none' && !refundRuleOf(m, site.data))
    at(
      ['method', 'refunds'],
      `Expected a row for refunds: ${m.refunds} in content/data/refunds.yaml, found none`,
      'refunds-part',
    );
  else if (m.refunds !== 'none' && !placeholder)
    at(
      ['method', 'refunds'],
      `Expected \`::refunds\` in the body: the method takes ` +
        `${m.refunds} refunds, and the page prints how to make one there`,
      'refunds-part',
      "Put `::refunds` on its own line in the section about refunds, and keep only what is the method's own around it.",
    );
  else if (m.refunds === 'none' && placeholder)
    at(['method', 'refunds'], 'Expected no `::refunds` placeholder: the method takes no refunds', 'refunds-part');
  out.push(...checkMethodFields(page, m, site));
  // The first page to use a service id owns it; later ones are reported.
  const first = siteIndex(site.pages).firstByService.get(m.service);
  if (first && first !== page)
    at(
      ['method', 'service'],
      `Service identifier "${m.service}" is already used by ${first.relFile}`,
      'service-unique',
      'Every service identifier is unique site-wide.',
    );
  const folder = page.route.match(/^\/services\/([^/]+)\/[^/]+$/)?.[1];
  if (folder && folder !== m.group)
    at(['method', 'group'], `Expected group "${folder}" (the page's folder), found "${m.group}"`, 'method-group');
  return out;
}
