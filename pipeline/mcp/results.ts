/**
 * What a tool answers: readable text plus structured content (MCP `structuredContent`),
 * or a tool error (`isError: true`) that says what was expected and, where it can, the
 * nearest match. A tool throws ToolError for bad input; `answered` turns it into the
 * error result, and anything else into one line naming a paydocs bug (never a stack).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { editDistance } from '../../search/engine/index.ts';

/** Bad input or an unknown name: the message is the whole answer. */
export class ToolError extends Error {}

/** A tool's answer: `text` for the reader of the conversation, `data` for the client (the tool's output schema). */
export function answer(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: data };
}

/** Runs a tool's handler; its failures become tool errors, and the server keeps answering. */
export async function answered(
  run: () => CallToolResult | Promise<CallToolResult>,
  log: (line: string) => void,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolError) return { content: [{ type: 'text', text: error.message }], isError: true };
    const line = (error as Error)?.message?.split('\n')[0] ?? String(error);
    log(`paydocs mcp: a tool failed: ${line}`);
    return {
      content: [{ type: 'text', text: `paydocs could not answer (a bug in paydocs, not in your input): ${line}` }],
      isError: true,
    };
  }
}

/** The choices nearest to `value` (edit distance, case-insensitive), best first: for "did you mean". */
export function nearest(value: string, choices: readonly string[], count = 3): string[] {
  const v = value.toLowerCase();
  const max = Math.max(2, Math.ceil(v.length / 3));
  return choices
    .map((c) => ({ c, d: editDistance(v, c.toLowerCase(), max) }))
    .filter(({ d }) => d <= max)
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, count)
    .map(({ c }) => c);
}

/** ` Did you mean "a" or "b"?` — or nothing, when nothing is near. */
export function didYouMean(suggestions: readonly string[]): string {
  if (!suggestions.length) return '';
  const quoted = suggestions.map((s) => `"${s}"`);
  return ` Did you mean ${quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0]}?`;
}

/** A long input shown in a message: its start and its length, not all of it. */
export function quoted(value: string, max = 60): string {
  return value.length > max ? `"${value.slice(0, max)}…" (${value.length} characters)` : `"${value}"`;
}
