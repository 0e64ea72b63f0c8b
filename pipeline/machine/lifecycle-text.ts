/**
 * The lifecycle of an operation, a field or an enum value (schema/frontmatter-api.ts) for
 * the machine-readable outputs: OpenAPI's `deprecated` flag and the extensions Adyen's
 * documents use (`x-addedInVersion`, `x-deprecatedInVersion`, `x-deprecatedMessage`, plus
 * `x-sunset`), and one sentence of plain text for descriptions (enum values, Postman).
 */
import type { ApiOperation, Lifecycle } from '../../schema/frontmatter-api.ts';
import { lifecycleEntries } from '../kinds/api-operation/lifecycle.ts';

/** OpenAPI keys for an operation or a field schema (none when it declares no lifecycle). */
export function lifecycleExtensions({ since, deprecated, sunset }: Lifecycle): Record<string, unknown> {
  return {
    ...(deprecated ? { deprecated: true } : {}),
    ...(since ? { 'x-addedInVersion': since } : {}),
    ...(deprecated ? { 'x-deprecatedInVersion': deprecated.in, 'x-deprecatedMessage': deprecated.message } : {}),
    ...(sunset ? { 'x-sunset': sunset } : {}),
  };
}

/** "New in 2024-05. Deprecated in 2026-06 (use `x`): why. Sunset 2027-06-30." — empty when none. */
export function lifecycleText({ since, deprecated, sunset }: Lifecycle): string {
  const parts: string[] = [];
  if (since) parts.push(`New in ${since}.`);
  if (deprecated)
    parts.push(
      `Deprecated in ${deprecated.in}${deprecated.use ? ` (use \`${deprecated.use}\`)` : ''}: ${deprecated.message}`,
    );
  if (sunset) parts.push(`Sunset ${sunset}.`);
  return parts.join(' ');
}

/** An operation's lifecycle and its fields' and values', one Markdown line each (Postman's request description). */
export function operationLifecycleText(api: ApiOperation): string {
  return lifecycleEntries(api)
    .map((e) => {
      const text = lifecycleText(e.lifecycle);
      if (e.target === 'operation') return text;
      const what = `\`${e.side}.${e.path}\`${e.target === 'value' ? ` value \`${String(e.value)}\`` : ''}`;
      return `- ${what}: ${text}`;
    })
    .join('\n');
}
