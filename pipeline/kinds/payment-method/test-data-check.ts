/**
 * A method's sandbox test cases say how each failure fails, and say it once: a failing
 * case gets its `failure_reason` from its test card or sandbox value, or declares it (or
 * the API `error` it is refused with); what it declares is a defined code and agrees with
 * its card, its sandbox value and its own `result` text. The failed callback on the page
 * is built from it (./flow.ts), so a wrong reason would be shown as the API's answer.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { RuleId } from '../../rules.ts';
import type { SiteModel } from '../../content/validate.ts';
import { fieldDiagnostic, type PageOf } from '../types.ts';
import { namedError, namedReason, sandboxRule } from './test-data.ts';
import { didYouMean } from '../../near-miss.ts';

export function checkTestData(page: PageOf<'payment-method'>, site: SiteModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const m = page.frontmatter.method;
  const reasons = new Set(site.data.failure_reasons.map((r) => r.code));
  const errors = new Set(site.data.api_error_codes.map((e) => e.code));
  m.test_data.forEach((t, i) => {
    const at = (key: string | undefined, message: string, rule: RuleId, hint?: string) =>
      out.push(fieldDiagnostic(page, ['method', 'test_data', i, ...(key ? [key] : [])], message, rule, hint));
    if (t.outcome !== 'failure') {
      for (const key of ['failure_reason', 'error'] as const) {
        if (t[key])
          at(
            key,
            `Expected ${key} only on an outcome: failure case, found it on outcome: ${t.outcome}`,
            'test-data-reason',
            'A case that ends in failed later (a timeout after pending) says so in `result`.',
          );
      }
      return;
    }
    if (t.failure_reason && t.error) {
      at(
        'error',
        `Expected failure_reason (the transaction fails) or error (the request is refused), found both`,
        'test-data-reason',
      );
      return;
    }
    if (t.failure_reason && !reasons.has(t.failure_reason))
      at(
        'failure_reason',
        `Expected a failure reason from content/data/failure_reasons.yaml, found "${t.failure_reason}"`,
        'failure-reason',
        didYouMean(t.failure_reason, reasons).trim() || undefined,
      );
    if (t.error && !errors.has(t.error))
      at(
        'error',
        `Expected an API error code from content/data/api_error_codes.yaml, found "${t.error}"`,
        'api-error-code',
        didYouMean(t.error, errors).trim() || undefined,
      );
    const rule = sandboxRule(t, m, site.data);
    if (rule?.reason && t.failure_reason && t.failure_reason !== rule.reason) {
      at(
        'failure_reason',
        `Expected "${rule.reason}" (${rule.input}: ${rule.source}), found "${t.failure_reason}"`,
        'test-data-contradiction',
        'The test card or sandbox value decides the reason: drop failure_reason, or use an input that gives this one.',
      );
    }
    if (rule?.reason && t.error)
      at(
        'error',
        `Expected no error: ${rule.input} (${rule.source}) fails the ` +
          `transaction with "${rule.reason}", found error "${t.error}"`,
        'test-data-contradiction',
      );
    const reason = t.failure_reason ?? rule?.reason;
    if (!reason && !t.error) {
      at(
        undefined,
        `Expected failure_reason (or error) on a failing case: ${
          rule ? `${rule.input} (${rule.source}) gives no failure reason` : 'its input is no test card or sandbox value'
        }, found neither`,
        'test-data-reason',
        'Add `failure_reason: <code>` as `result` says, or `error: <code>` when the request is refused at once.',
      );
    }
    const named = namedReason(t.result);
    if (reason && named && named !== reason)
      at(
        'result',
        `Expected the result to name failure_reason ${reason}${t.failure_reason ? '' : ` (${rule!.source})`}, ` +
          `found "${named}"`,
        'test-data-contradiction',
      );
    const namedErr = t.error ? namedError(t.result) : undefined;
    if (t.error && namedErr && namedErr !== t.error)
      at('result', `Expected the result to name error ${t.error}, found "${namedErr}"`, 'test-data-contradiction');
  });
  return out;
}
