/** Rules across pages and data (pipeline/content/cross-check.ts). Registered in pipeline/rules.ts. */
import { inArea } from './area.ts';

export const crossCheckRules = inArea('crossCheck', {
  'iso-country': {
    summary: 'A country is not an ISO 3166-1 alpha-2 code.',
    why: 'Country lists and filters are built from the codes; an unknown code shows as a raw string.',
    fix: 'Use a code from /reference/country_codes.',
  },
  'iso-currency': {
    summary: 'A currency is not an ISO 4217 code (`BRR`).',
    why: "Amounts are checked and formatted with the currency's ISO data.",
    fix: 'Use a code from /reference/currency_codes.',
  },
  'amount-minor-units': {
    summary: 'A limit has the wrong number of decimals for its currency (`"10.5"` USD, `"1500.00"` JPY).',
    why:
      'The API rejects amounts with other decimals than the ' +
      "currency's minor units; the docs must show amounts it accepts.",
    fix: 'Use exactly the ISO 4217 minor units of the currency.',
  },
  'method-limits': {
    summary: "A limit's currency is not one of the method's currencies, or min > max.",
    why: 'A limit the method cannot have misleads the integrator.',
    fix: 'Fix the limit.',
  },
  'service-unique': {
    summary: 'Two payment methods declare the same `service` identifier.',
    why: 'Integrators pass the identifier to the API: it must name one method.',
    fix: 'Service ids are unique site-wide: rename one.',
  },
  'method-group': {
    summary: 'A variant under /services/&lt;group&gt;/ declares another `method.group`.',
    why:
      'The group overview lists its variants by `method.group`; ' +
      "the page would be missing from its own folder's overview.",
    fix: 'Match the folder.',
  },
  'group-variants': {
    summary: 'A `payment-group` page has no variants.',
    why: 'A group overview is a table of its variants: without any it is empty.',
    fix: 'Give variants `method.group: <group>`.',
  },
  'api-path': {
    summary: "An api-operation's `api.path` does not match the page's route.",
    why: "Readers find an endpoint's page by its path; a mismatch sends them to the wrong operation.",
    fix: '`/api/v2/x/y` ↔ `/v2/x/y`; reports: `/api/reports/v2/x` ↔ `/v2/reports/x`.',
  },
  'api-version': {
    summary: "`api.version` disagrees with the path's version.",
    why: 'The version decides the authentication and body format of the generated samples.',
    fix: 'Make them agree.',
  },
  'api-error-code': {
    summary:
      'An error code (in `errors`, an `error-code` example, or a payment ' +
      "method's `test_data` `error`) is not in content/data/api_error_codes.yaml.",
    why: "Error tables link to the code's row in the error reference; an unknown code has no row.",
    fix: 'Use a defined code, or add it to the data file.',
    judgedAgainst: ['api_error_codes'],
  },
  'api-example-missing': {
    summary: 'A required request parameter has no `example`.',
    why: 'The code samples are built from the examples: they would send a request without a required parameter.',
    fix: 'Add `example:`.',
  },
  'api-enum-example': {
    summary:
      "An example (a field's `example`, an item of an array example, a value of a " +
      "success scenario's `request` or `response`) is not one of the field's enum values.",
    why: 'A sample built from it would send a value the API rejects, and the OpenAPI document would contradict itself.',
    fix: 'Use one of the enum values.',
  },
  'api-example-schema': {
    summary:
      "An example contradicts its field's definition: a field's `example`, or a success scenario's " +
      "(2xx) `request` values or `response` body (v2: `data`) against the operation's fields " +
      '— wrong type, a required member missing, a request field the operation does not have, ' +
      "a length, range or `pattern` not met. Failing scenarios (a 4xx/5xx status, v1's `result: " +
      "error`, v2's `success: false`) may show a wrong request on purpose and are not checked.",
    why:
      'Integrators copy examples, and OpenAPI tools (Redocly, Swagger UI, mock servers) validate them against ' +
      'the schema the same definition produces: an example outside it is a documentation bug either way.',
    fix: 'Correct the example, or the definition if the example is what the API really sends.',
  },
  'status-code': {
    summary: 'A `format: status` example is not a transaction status.',
    why: 'Statuses link to the status reference; an unknown one has no row.',
    fix: 'Use a code from content/data/transaction_statuses.yaml.',
    judgedAgainst: ['transaction_statuses'],
  },
  'failure-reason': {
    summary:
      'A failure reason is not in content/data/failure_reasons.yaml: a `format: failure-reason` ' +
      "example, or a payment method's `return_codes` or `test_data` `failure_reason`.",
    why: 'Failure reasons link to the reason reference; an unknown one has no row.',
    fix: 'Use a code from content/data/failure_reasons.yaml.',
    judgedAgainst: ['failure_reasons'],
  },
  'undefined-field': {
    summary:
      'A payment-method page names a callback or response field that no definition has: in `method.flow` ' +
      '(a `next_action` member, a create-response field, a callback field or one of its members), ' +
      'or in its prose — a backticked `snake_case` name or `dotted.path` in the section whose heading ' +
      'mentions callbacks, or in a sentence elsewhere that mentions a callback or transaction/find.',
    why:
      'Integrators read the field from the page and wait for it in the response or callback; a field ' +
      'the API definitions do not have is never sent, and its type and presence are nowhere said.',
    fix:
      "Define the field once — transaction/create's response (with `next_action` members) in " +
      'content/api/v2/transaction/create.md, callback and transaction/find fields in ' +
      'content/data/transaction_fields.yaml and transaction/find — with its type and the methods that fill it; ' +
      'or correct the name.',
    judgedAgainst: ['transaction_fields', '/api/v2/transaction/create'],
  },
  'field-filled-by': {
    summary:
      'A method fills a callback field whose definition (content/data/transaction_fields.yaml ' +
      '`filled_by`) does not list the method, or is listed ' +
      'there without giving the field an example in `method.flow.callback`.',
    why:
      'The callbacks page says which methods fill a field from `filled_by`, and the method ' +
      "page's generated callback shows it from `method.flow.callback`: the two must say the same.",
    fix:
      "Add the page's route to the field's `filled_by`, or give the field " +
      "an example in the page's `method.flow.callback` (or remove the route).",
    judgedAgainst: ['transaction_fields'],
  },
  'test-data-reason': {
    summary:
      "A payment method's failing sandbox test case (`test_data`, `outcome: failure`) " +
      'does not say how it fails — its input is no test card or sandbox value with ' +
      'a failure reason, and it declares neither `failure_reason` nor `error` — or ' +
      'a case that is not `outcome: failure` declares one, or a case declares both.',
    why:
      "The page's failed callback is generated from the first failing case's reason; a failure without one " +
      'leaves the page showing success only, and the integrator does not learn which `failure_reason` to ' +
      'branch on.',
    fix:
      'Give the case `failure_reason: <code>` (content/data/failure_reasons.yaml) as its `result` ' +
      'says, or `error: <code>` (content/data/api_error_codes.yaml) when the request is refused at ' +
      'once and no transaction fails. A case that times out after pending stays `outcome: pending`.',
    judgedAgainst: ['sandbox_values', 'test_cards'],
  },
  'test-data-contradiction': {
    summary:
      "A sandbox test case's failure reason disagrees with itself: its declared " +
      '`failure_reason` (or `error`) is not the one its test card or sandbox value ' +
      'gives, or its `result` text names another `failure_reason` (or `error`).',
    why:
      'The sandbox answers with the reason of the card or value, and the page ' +
      'shows the reason in the failed callback and in the text: two different ' +
      'reasons for one input leave the integrator testing for the wrong one.',
    fix: 'Make them one: drop the declared reason where the card or value gives it, or correct the `result` text.',
    judgedAgainst: ['sandbox_values', 'test_cards'],
  },
  'method-flow': {
    summary:
      "`method.flow` cannot describe the method's flow: a host-to-host payin " +
      'without `next_action`, an `integration` the method does not have, or ' +
      'a `failed_callback` field (or member) that `callback` does not fill.',
    why:
      "The page's generated transaction/create response shows what the " +
      'integrator must do next; without it the example would be wrong.',
    fix: 'Declare `method.flow.next_action` with its `type` and the members the method returns, with example values.',
  },
});
