/**
 * The generated "Response and callback" section (./flow.ts) against transaction/create v2:
 * it shows one integration, which a method with several must name (`method.flow.integration`),
 * and what it shows for that integration agrees with create's own examples — the hosted
 * page's `payment_url` and `redirect` for every `hpp` service, and the status and
 * `next_action` of an example of the same service (a host-to-host card payin's `submit_card`).
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { SiteModel } from '../../content/validate.ts';
import type { ApiField } from '../../../schema/frontmatter-api.ts';
import { fieldDiagnostic, type PageOf } from '../types.ts';
import { apiIntegration, flowExamples, flowIntegration } from './flow.ts';
import { CREATE_ROUTE } from './fields-check.ts';
import { siteIndex } from '../site-index.ts';

type Data = Record<string, unknown>;

/** What a create response says about its integration: status, next_action type, payment_url. */
const shape = (d: Data) => ({
  status: d.status,
  next_action: (d.next_action as Data | undefined)?.type ?? 'none',
  payment_url: 'payment_url' in d ? 'present' : 'absent',
});

/** transaction/create's 200 examples with the integration each one sends (the request's default when it sends none). */
function createExamples(site: SiteModel): { integration: string; service: unknown; data: Data; title: string }[] {
  const fm = siteIndex(site.pages).operationByRoute.get(CREATE_ROUTE)?.frontmatter;
  if (!fm) return [];
  const field = fm.api.request.find((f: ApiField) => f.name === 'integration');
  return fm.api.examples.flatMap((e) => {
    const data = (e.response as Data | undefined)?.data as Data | undefined;
    if (e.status !== 200 || !data) return [];
    const integration = String(e.request?.integration ?? field?.default ?? 'hpp');
    return [{ integration, service: data.service, data, title: e.title }];
  });
}

export function checkFlowAgainstApi(page: PageOf<'payment-method'>, site: SiteModel): Diagnostic[] {
  const m = page.frontmatter.method;
  if (!m.flow.transaction) return [];
  if (m.integration.length > 1 && !m.flow.integration)
    return [
      fieldDiagnostic(
        page,
        ['method', 'integration'],
        'Expected method.flow.integration: the method supports ' +
          `${m.integration.join(', ')}, and the generated response shows one of them`,
        'method-integration',
        `Add \`integration: ${m.integration.join(' | ')}\` under ` +
          "method.flow: the one the page's request example sends.",
      ),
    ];
  const integration = apiIntegration(flowIntegration(m));
  const generated = shape(flowExamples(m, site.data, '').response.data as Data);
  const out: Diagnostic[] = [];
  for (const ex of createExamples(site)) {
    if (ex.integration !== integration) continue;
    const expected = shape(ex.data);
    // The hosted page answers alike for every service; other integrations differ by service.
    const keys =
      ex.service === m.service
        ? (['status', 'next_action', 'payment_url'] as const)
        : integration === 'hpp'
          ? (['next_action', 'payment_url'] as const)
          : [];
    for (const key of keys)
      if (generated[key] !== expected[key])
        out.push(
          fieldDiagnostic(
            page,
            ['method', 'flow', ...(key === 'next_action' || key === 'status' ? [key] : [])],
            `Expected the generated ${integration} response to have ${key} ${expected[key]}, ` +
              `as ${CREATE_ROUTE}'s example "${ex.title}" has, found ${generated[key]}`,
            'method-flow-api',
            'Correct method.flow (integration, status, next_action), ' +
              `or the example in ${CREATE_ROUTE} if the method is right.`,
          ),
        );
  }
  return out;
}
