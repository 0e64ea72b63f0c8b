/**
 * A method's sandbox test cases say how each failure fails (pipeline/kinds/payment-method/
 * test-data*.ts): a test card or sandbox value gives the `failure_reason`, or the case
 * declares it (or the API `error` it is refused with) — `test-data-reason`,
 * `test-data-contradiction`, `failure-reason`, `api-error-code` — and the page's failed
 * callback shows the first failing case's reason.
 */
import { describe, expect, it } from 'vitest';
import { toString } from 'hast-util-to-string';
import {
  codeBlocksJson as blocks,
  compiledPix,
  crossCheckProblems,
  lineOf,
  PIX,
  PIX_TEXT as original,
  validSite,
} from './pix-page.ts';

const SANDBOX = 'content/data/sandbox_values.yaml';
const sandbox = [
  '- { code: "404", applies_to: both, outcome: failure, ' +
    'failure_reason: invalid_recipient, description: "No such account." }',
  '- { code: "408", applies_to: both, outcome: pending, description: "Nobody answers." }',
  '- { code: "402", applies_to: payin, outcome: failure, ' +
    'failure_reason: insufficient_funds, description: "No money." }',
].join('\n');

/** The fixture's PIX page with these test_data lines after its success case. */
const withCases = (...cases: string[]) =>
  original.replace(/( {4}- \{ outcome: success.*\n)/, (line) => line + cases.map((c) => `    - ${c}\n`).join(''));
/** The fixture site with the sandbox values above and the PIX page as `text`, validated. */
const load = (text: string) => validSite({ [SANDBOX]: sandbox, [PIX]: text });

async function problems(...cases: string[]) {
  const text = withCases(...cases);
  const d = crossCheckProblems(await load(text));
  return { text, d: d.filter((x) => x.file === PIX) };
}

describe('a failing sandbox test case says how it fails', () => {
  it('accepts a reason from a test card, from a sandbox value, declared, or an API error', async () => {
    const { d } = await problems(
      '{ outcome: failure, input: { card.number: "4000000000000101" }, ' +
        'result: "Status failed with failure_reason insufficient_funds." }',
      '{ outcome: failure, input: { amount: "404.00" }, result: ' +
        '"Status failed with failure_reason invalid_recipient." }',
      '{ outcome: failure, input: { amount: "1408.00" }, result: "Status failed ' +
        'with failure_reason payment_timeout.", failure_reason: payment_timeout }',
      '{ outcome: failure, input: { customer.vpa: "sandbox.unknown@pdtest" }, result: "Status ' +
        'failed with failure_reason invalid_recipient.", failure_reason: invalid_recipient }',
      '{ outcome: failure, input: { customer.document_id: "" }, result: ' +
        '"Rejected at once with error validation_error.", error: validation_error }',
    );
    expect(d).toEqual([]);
  });

  it('a failing case of unknown input declaring nothing: file, line, field, expected [test-data-reason]', async () => {
    const { text, d } = await problems(
      '{ outcome: failure, input: { customer.vpa: "sandbox.unknown@pdtest" ' +
        '}, result: "Status failed with failure_reason invalid_recipient." }',
    );
    expect(d).toEqual([
      expect.objectContaining({
        file: PIX,
        line: lineOf(text, 'sandbox.unknown'),
        field: 'method.test_data[1]',
        rule: 'test-data-reason',
      }),
    ]);
    expect(d[0].message).toBe(
      'Expected failure_reason (or error) on a failing case: its input is no test card or sandbox value, found neither',
    );
  });

  it('a sandbox value without a failure reason (408) needs one declared [test-data-reason]', async () => {
    const { d } = await problems(
      '{ outcome: failure, input: { amount: "408.00" }, result: "Status failed after a while." }',
    );
    expect(d.map((x) => [x.field, x.rule, x.message])).toEqual([
      [
        'method.test_data[1]',
        'test-data-reason',
        'Expected failure_reason (or error) on a failing case: amount ' +
          '(sandbox value 408) gives no failure reason, found neither',
      ],
    ]);
  });

  it('a reason on a case that does not fail, or both a reason and an error [test-data-reason]', async () => {
    const { d } = await problems(
      '{ outcome: pending, input: { amount: "408.00" }, result: "Status pending.", failure_reason: payment_timeout }',
      '{ outcome: failure, input: { customer.vpa: "x@pdtest" }, result: ' +
        '"Refused.", failure_reason: provider_rejected, error: validation_error }',
    );
    expect(d.map((x) => [x.field, x.rule])).toEqual([
      ['method.test_data[1].failure_reason', 'test-data-reason'],
      ['method.test_data[2].error', 'test-data-reason'],
    ]);
    expect(d[0].message).toBe('Expected failure_reason only on an outcome: failure case, found it on outcome: pending');
  });

  it('codes the data files lack [failure-reason] [api-error-code]', async () => {
    const { d } = await problems(
      '{ outcome: failure, input: { customer.vpa: "a@pdtest" }, result: "Failed.", failure_reason: no_money }',
      '{ outcome: failure, input: { customer.vpa: "b@pdtest" }, result: "Refused.", error: no_such_error }',
    );
    expect(d.map((x) => [x.field, x.rule, x.message])).toEqual([
      [
        'method.test_data[1].failure_reason',
        'failure-reason',
        'Expected a failure reason from content/data/failure_reasons.yaml, found "no_money"',
      ],
      [
        'method.test_data[2].error',
        'api-error-code',
        'Expected an API error code from content/data/api_error_codes.yaml, found "no_such_error"',
      ],
    ]);
  });

  it("a reason not the test card's or sandbox value's, a result naming another [test-data-contradiction]", async () => {
    const { text, d } = await problems(
      '{ outcome: failure, input: { card.number: "4000000000000101" ' +
        '}, result: "Declined.", failure_reason: card_declined }',
      '{ outcome: failure, input: { customer.phone: "+5511999990404" ' +
        '}, result: "Failed.", failure_reason: provider_rejected }',
      '{ outcome: failure, input: { customer.vpa: "c@pdtest" }, result: "Status failed ' +
        'with failure_reason customer_cancelled.", failure_reason: insufficient_funds }',
      '{ outcome: failure, input: { amount: "402.00" }, result: ' +
        '"Status failed with failure_reason invalid_recipient." }',
      '{ outcome: failure, input: { card.number: "4000000000000101" }, result: "Refused.", error: validation_error }',
    );
    expect(d.map((x) => [x.field, x.rule, x.line])).toEqual([
      ['method.test_data[1].failure_reason', 'test-data-contradiction', lineOf(text, '"Declined."')],
      ['method.test_data[2].failure_reason', 'test-data-contradiction', lineOf(text, '+5511999990404')],
      ['method.test_data[3].result', 'test-data-contradiction', lineOf(text, 'c@pdtest')],
      ['method.test_data[4].result', 'test-data-contradiction', lineOf(text, '402.00')],
      ['method.test_data[5].error', 'test-data-contradiction', lineOf(text, '"Refused."')],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      'Expected "insufficient_funds" (card.number: test card 4000000000000101), found "card_declined"',
      'Expected "invalid_recipient" (customer.phone: sandbox value 404), found "provider_rejected"',
      'Expected the result to name failure_reason insufficient_funds, found "customer_cancelled"',
      'Expected the result to name failure_reason insufficient_funds (sandbox value 402), found "invalid_recipient"',
      'Expected no error: card.number (test card 4000000000000101) fails the ' +
        'transaction with "insufficient_funds", found error "validation_error"',
    ]);
  });
});

describe('the failed callback', () => {
  const compiled = async (text: string) => compiledPix(await load(text));

  it('shows the declared reason of the first failing case; a case refused with an error makes none', async () => {
    const page = await compiled(
      withCases(
        '{ outcome: failure, input: { customer.document_id: "" }, result: ' +
          '"Rejected at once with error validation_error.", error: validation_error }',
        '{ outcome: failure, input: { customer.vpa: "sandbox.decline@pdtest" }, result: "Status ' +
          'failed with failure_reason customer_cancelled.", failure_reason: customer_cancelled }',
        '{ outcome: failure, input: { amount: "404.00" }, result: ' +
          '"Status failed with failure_reason invalid_recipient." }',
      ),
    );
    const [, success, failed] = blocks(page.ast);
    expect(success).toMatchObject({ status: 'success' });
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'customer_cancelled' });
    expect(toString({ type: 'root', children: page.ast.children } as never)).toContain(
      'Success and failure look like this:',
    );
  });

  it('without a failing case with a reason, success only', async () => {
    const page = await compiled(
      withCases(
        '{ outcome: failure, input: { customer.document_id: "" }, result: "Rejected.", error: validation_error }',
      ),
    );
    expect(blocks(page.ast).map((b) => b.status ?? 'response')).toEqual(['response', 'success']);
  });
});
