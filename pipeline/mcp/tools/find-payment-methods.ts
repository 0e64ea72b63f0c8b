/**
 * `find_payment_methods(country?, currency?, direction?, integration?)`: the payment-method
 * pages' data sheets (their frontmatter, in page JSON) that fit — service id, limits,
 * settlement, refunds, the page's route.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { paymentMethod } from '../../../schema/frontmatter-method.ts';
import { isCountryCode, isCurrencyCode } from '../../sources/codes.ts';
import { isoCountries } from '../../sources/packages.ts';
import { answer, answered, didYouMean, nearest, quoted, ToolError } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import type { MethodSheet } from '../site.ts';

const shape = paymentMethod.shape;

const methodOutput = z.object({
  route: z.string(),
  title: z.string(),
  name: z.string(),
  variant: z.string(),
  service: z.string().describe('The `service` value of transaction/create.'),
  status: shape.status,
  direction: shape.direction,
  integration: shape.integration,
  countries: shape.countries,
  currencies: shape.currencies,
  limits: shape.limits,
  customer_fields: z.array(z.string()),
  settlement: z.string(),
  processing_time: z.string(),
  refunds: shape.refunds,
  capture: shape.capture,
  recurring: z.boolean(),
});

/** An ISO 3166-1 alpha-2 code from a code or an English name; ToolError with the nearest names. */
export function countryOf(value: string): string {
  const v = value.trim();
  if (isCountryCode(v.toUpperCase())) return v.toUpperCase();
  const names = isoCountries().getNames('en', { select: 'official' });
  const byName = new Map(Object.entries(names).map(([code, name]) => [name.toLowerCase(), code]));
  const code = byName.get(v.toLowerCase());
  if (code) return code;
  throw new ToolError(
    'Expected a country as an ISO 3166-1 alpha-2 code ("BR") or its English name ' +
      `("Brazil"), found ${quoted(v)}.${didYouMean(nearest(v, Object.values(names)))}`,
  );
}

const fits = (
  m: MethodSheet['method'],
  f: { country?: string; currency?: string; direction?: string; integration?: string },
) =>
  (!f.country ||
    (m.countries === 'worldwide' ? !m.excluded_countries?.includes(f.country) : m.countries.includes(f.country))) &&
  (!f.currency || m.currencies.includes(f.currency)) &&
  (!f.direction || m.direction === f.direction) &&
  (!f.integration || (m.integration as string[]).includes(f.integration));

export function registerFindPaymentMethods(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'find_payment_methods',
    {
      title: 'Find payment methods',
      description:
        'The payment methods that fit a country, currency, direction (payin or payout) and integration (hpp: ' +
        'hosted payment page, h2h: host-to-host, widget), from the data sheets of the method pages: the ' +
        'service id to pass to transaction/create, limits per currency, required customer fields, ' +
        'settlement, refunds, and the page route. Every filter is optional.',
      inputSchema: {
        country: z.string().max(100).optional().describe('ISO 3166-1 alpha-2 code ("MX") or English name ("Mexico").'),
        currency: z.string().max(10).optional().describe('ISO 4217 code ("MXN").'),
        direction: shape.direction.optional(),
        integration: shape.integration.element.optional(),
      },
      outputSchema: { count: z.number(), methods: z.array(methodOutput) },
      annotations: { title: 'Find payment methods', ...READ_ONLY },
    },
    (args) =>
      answered(async () => {
        const country = args.country ? countryOf(args.country) : undefined;
        const currency = args.currency?.trim().toUpperCase();
        if (currency && !isCurrencyCode(currency))
          throw new ToolError(`Expected an ISO 4217 currency code ("USD", "BRL"), found ${quoted(args.currency!)}.`);
        const sheets = (await ctx.site.methods()).filter((s) => fits(s.method, { ...args, country, currency }));
        const methods = sheets.map(({ route, title, method: m }) => ({
          route,
          title,
          ...Object.fromEntries(
            Object.keys(methodOutput.shape).flatMap((k) => (k in m ? [[k, m[k as keyof typeof m]]] : [])),
          ),
        })) as z.output<typeof methodOutput>[];
        const asked = [country, currency, args.direction, args.integration].filter(Boolean).join(', ') || 'any';
        const text = methods.length
          ? `${methods.length} method${methods.length === 1 ? '' : 's'} (${asked}):\n${methods
              .map(
                (m) =>
                  `- ${m.title} — service \`${m.service}\`, ${m.direction}, ${m.integration.join('/')}, ` +
                  `${m.limits.map((l) => `${l.min}–${l.max} ${l.currency}`).join('; ')}, ` +
                  `settlement ${m.settlement}, refunds ${m.refunds} — ${m.route}`,
              )
              .join('\n')}`
          : `No payment method fits (${asked}). Fewer filters find more; search_docs finds methods by name.`;
        return answer(text, { count: methods.length, methods });
      }, ctx.log),
  );
}
