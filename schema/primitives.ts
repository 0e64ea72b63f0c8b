/**
 * Small reusable field shapes shared by every contract.
 * Format checks only: whether a code exists in ISO 4217 / 3166 is the pipeline's
 * job (pipeline/content/cross-check.ts), because the lists live in Node-side packages.
 * Each carries its description (`.meta`) into dist/schema/*.json; a field may override it.
 */
import { z } from 'zod';

export const route = z
  .string()
  .regex(/^\/([a-z0-9_-]+(\/[a-z0-9_-]+)*)?$/, 'a route such as "/api/v2/transaction/create"')
  .meta({ description: 'A site route: starts with `/`, no trailing slash (except the root), no `.html`.' });

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as "USD"')
  .meta({ description: 'ISO 4217 alphabetic currency code, upper case.' });

export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code such as "BR"')
  .meta({ description: 'ISO 3166-1 alpha-2 country code, upper case.' });

export const amount = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a decimal string such as "10.50"')
  .meta({ description: 'Decimal amount string in the currency\'s major unit: "10.50", "1500", "1.250".' });

/** YAML dates are normalised to this before validation. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date such as "2025-03-14"')
  .refine(isCalendarDate, { message: 'a real calendar date (month 01–12, day within the month)' })
  .meta({ description: 'Calendar date, ISO 8601 (YYYY-MM-DD).' });

/** "2025-02-30" has the shape of a date but names no day. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const identifier = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_]*$/, 'a lower-case identifier such as "pix_payin"')
  .meta({ description: 'Lower-case identifier: letters, digits and underscores.' });

export const webUrl = z
  .url({ protocol: /^https?$/, error: 'an http(s) URL such as "https://example.com/page"' })
  .meta({ description: 'An external web address: http or https only (no `javascript:`, `data:` or other schemes).' });

export const sitePath = z
  .string()
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path on this site such as "/img/social.png"')
  .meta({ description: 'A file of this site, from its root: "/img/social.png" (not "//host/…", not a URL).' });

/** Markdown-style links inside short config text, "[label](target)": routes or http(s) URLs only. */
const badLinkTarget = (text: string) =>
  [...text.matchAll(/\]\(([^)]*)\)/g)]
    .map(([, target]) => target)
    .find((target) => !/^\/(?![/\\])/.test(target) && !/^https?:\/\//i.test(target));
export const linkedText = z
  .string()
  .min(1)
  .refine((text) => badLinkTarget(text) === undefined, {
    error: (issue) =>
      'Expected links "[label](target)" to a route (/…) or an ' +
      `http(s) URL, found "${badLinkTarget(String(issue.input))}"`,
  })
  .meta({ description: 'Short text whose "[label](target)" links go to a route (/…) or an http(s) URL.' });
