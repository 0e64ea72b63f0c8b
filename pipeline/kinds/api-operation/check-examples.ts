/**
 * Part of an operation's cross-check: every example against the definition it illustrates —
 * each field's `example`, and each success scenario's `request` values and `response` body
 * (v2: its `data`; v1: the handled answer). A failing scenario (a 4xx or 5xx status, v1's
 * `result: error`, v2's `success: false`) may show a wrong request on purpose, and its response
 * is the error model's: neither is checked here.
 * An enum value outside its list is `api-enum-example`, any other contradiction
 * `api-example-schema`; each names the example's own field path and line.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import { fieldDiagnostic, type PageOf } from '../types.ts';
import { membersProblems, valueProblems, type ValueProblem } from './example-values.ts';

type Path = (string | number)[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkExamples(page: PageOf<'api-operation'>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (at: Path, problems: ValueProblem[]) => {
    for (const p of problems)
      out.push(
        fieldDiagnostic(
          page,
          [...at, ...p.path],
          p.message,
          p.kind === 'enum' ? 'api-enum-example' : 'api-example-schema',
        ),
      );
  };
  const fieldExamples = (fields: ApiField[], trail: Path) =>
    fields.forEach((f, i) => {
      if (f.example !== undefined) report([...trail, i, 'example'], valueProblems(f, f.example));
      if (f.fields) fieldExamples(f.fields, [...trail, i, 'fields']);
    });
  const api = page.frontmatter.api;
  fieldExamples(api.request, ['api', 'request']);
  fieldExamples(api.response, ['api', 'response']);

  api.examples.forEach((ex, i) => {
    const body = ex.response;
    // v1 answers a handled error with HTTP 200 and `result: error`; v2 with `success: false`.
    const failed = isObject(body) && (body.result === 'error' || body.success === false);
    if (ex.status < 200 || ex.status > 299 || failed) return;
    const at: Path = ['api', 'examples', i];
    for (const [name, value] of Object.entries(ex.request ?? {})) {
      const field = api.request.find((f) => f.name === name);
      if (!field) {
        const known = api.request.map((f) => f.name).join(', ') || 'none';
        report(
          [...at, 'request', name],
          [
            {
              path: [],
              kind: 'schema',
              message: `Expected a request field of this operation (${known}), found "${name}"`,
            },
          ],
        );
      } else report([...at, 'request', name], valueProblems(field, value));
    }
    if (api.version === 'v2' && isObject(body) && body.success === true) {
      if (isObject(body.data)) report([...at, 'response', 'data'], membersProblems(api.response, body.data));
      else report([...at, 'response'], [{ path: ['data'], kind: 'schema', message: 'Expected `data`, an object' }]);
    }
    if (api.version === 'v1' && isObject(body)) report([...at, 'response'], membersProblems(api.response, body));
  });
  return out;
}
