/**
 * Rules that keep a fact in one place (pipeline/kinds/payment-method/, pipeline/kinds/api-operation/):
 * a second copy drifts from the first. Registered in pipeline/rules.ts.
 */
import { inArea } from './area.ts';

export const factsOnceRules = inArea('crossCheck', {
  'repeated-test-data': {
    summary:
      'A payment-method page with `method.test_data` repeats its sandbox cases in a Markdown ' +
      "table or list of the body (two or more rows sending a test case's input value).",
    why:
      'The page already prints `test_data` as its generated "Sandbox test data" ' +
      'table; a hand-written copy drifts from it (a row the data lacks, an outcome ' +
      'the sandbox does not give) and the integrator tests against the wrong one.',
    fix:
      'Delete the table or list. Move a row that `test_data` lacks into it, true ' +
      'to content/data/sandbox_values.yaml; keep in prose only what the table ' +
      'does not say (which wallet a prefix simulates, how long a pending lasts).',
    judgedAgainst: ['sandbox_values', 'test_cards'],
  },
  'method-integration': {
    summary:
      'A payment method that supports more than one integration (`method.integration: [hpp, ' +
      'h2h]`) does not say which one its generated response shows (`method.flow.integration`).',
    why:
      'transaction/create answers differently per integration (a `redirect` to ' +
      "`payment_url` for `hpp`, the method's own `next_action` for `h2h`); a silent default " +
      'shows one integration beside prose and a request example written for the other.',
    fix:
      'Add `integration: hpp` or `integration: h2h` under ' +
      "`method.flow`: the integration the page's request example sends.",
  },
  'shared-request': {
    summary:
      'An operation that takes the request of another (v2 `transaction/validate` and v1 `transaction/create` ' +
      "and `transaction/validate` take v2 `transaction/create`'s, v1 flattened with `_` and " +
      "without `metadata`; v1 create also returns v2 create's response, flattened) lacks one of its " +
      'fields, or has a request field the source lacks (pipeline/kinds/api-operation/shared-request.ts).',
    why:
      'An integrator validates the request they are about to create, and v1 ' +
      'integrations send the same fields as v2 ones; a field added to create ' +
      'alone is refused or ignored by the others while their pages say nothing.',
    fix:
      "Copy the field's definition from content/api/v2/transaction/create.md (in v1 under " +
      'its flat name: `crypto.asset` → `crypto_asset`); a new field goes into create first.',
    judgedAgainst: ['/api/v2/transaction/create'],
  },
  'refunds-part': {
    summary:
      'A payment method that takes refunds (`method.refunds: full | partial`) has no `::refunds` placeholder ' +
      'in its body, or no row in content/data/refunds.yaml; or one that takes none has the placeholder.',
    why:
      'How a refund is made and what its callback carries is defined once, in ' +
      'content/data/refunds.yaml, and printed at `::refunds` on every refundable method page; a ' +
      'page without it leaves the integrator guessing, or words it by hand and drifts.',
    fix:
      "Put `::refunds` on its own line in the page's section about refunds (keep only what is the method's " +
      'own: deadlines, how long the money takes), or add the missing row to content/data/refunds.yaml.',
    judgedAgainst: ['refunds'],
  },
  'method-flow-api': {
    summary:
      "A payment method's generated transaction/create response disagrees with the operation's own examples " +
      '(content/api/v2/transaction/create.md): for `hpp`, `payment_url` and a `redirect` `next_action`, as ' +
      'every hosted-page example has; for an example of the same service and integration, its `status` and ' +
      '`next_action` type (a host-to-host card payin answers `submit_card`). A widget is created as `hpp`.',
    why:
      'The method page and the API page describe the same response; when they ' +
      'differ, the integrator codes against one of them and the other is wrong.',
    fix:
      'Correct `method.flow` (`integration`, `status`, `next_action`), or ' +
      'the example of transaction/create if it is the one that is wrong.',
    judgedAgainst: ['/api/v2/transaction/create'],
  },
});
