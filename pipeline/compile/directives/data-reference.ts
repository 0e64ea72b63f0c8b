/**
 * `:status[code]`, `:error[code]`, `:reason[code]` → the code, linked to its row in the
 * reference table (reference tables give each row the id of its key). Unknown codes
 * are reported.
 */
import type { RootContent } from 'mdast';
import { SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { LoadedData } from '../../../schema/data.ts';
import type { DirectiveHandler } from './types.ts';
import type { RuleId } from '../../rules.ts';
import { didYouMean } from '../../near-miss.ts';

const reference = (
  rule: RuleId,
  data: 'transaction_statuses' | 'api_error_codes' | 'failure_reasons',
  href: string,
  what: string,
): DirectiveHandler => ({
  form: 'textDirective',
  handle(d, { ctx, issues, line, parent, index }) {
    const code = toString(d).trim();
    const known: LoadedData[typeof data] = ctx.data[data];
    if (!known.some((s) => s.code === code)) {
      issues.push({
        line,
        rule,
        message: `Unknown ${what} "${code}"`,
        hint: `${didYouMean(
          code,
          known.map((s) => s.code),
        )}Use a code from content/data/${data}.yaml.`,
      });
    }
    parent.children.splice(index, 1, {
      type: 'link',
      url: `${href}#${code}`,
      children: [{ type: 'inlineCode', value: code }],
      position: d.position,
    } as RootContent);
    return SKIP;
  },
});

export const dataReferences = {
  status: reference(
    'status-reference',
    'transaction_statuses',
    '/reference/transaction_statuses',
    'transaction status',
  ),
  error: reference('error-reference', 'api_error_codes', '/reference/api_error_codes', 'API error code'),
  reason: reference('reason-reference', 'failure_reasons', '/reference/failure_reason_codes', 'failure reason'),
};
