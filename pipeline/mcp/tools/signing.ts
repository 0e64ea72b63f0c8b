/**
 * `sign_request(version, body | query)` and `verify_callback(version, body, signature?)`: the
 * documented signatures (/request_format, /request_format_v1, /callbacks, /callbacks_get) with
 * the pipeline's own signing code (pipeline/kinds/api-operation/request.ts), which prints the
 * published test vectors. v2 signs the exact body bytes (a GET: its query string); v1 signs
 * every field but `signature`, sorted by name, `name=value` joined by `&`, values decoded.
 *
 * The key comes from the server's environment (the CLI reads PAYDOCS_SECRET_KEY), never from
 * the conversation; without one, the documented demo key. A production key (sk_live_…) is
 * refused. No answer, error or log line holds the key.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DEMO_SECRET_KEY, flattenForm, hmacHex, v1SignatureBase } from '../../kinds/api-operation/request.ts';
import { answer, answered, ToolError } from '../results.ts';
import { READ_ONLY, type ToolContext } from '../tool-context.ts';
import { enumOf } from './enum-input.ts';

/** Bodies are requests and callbacks, not files. */
const MAX_BODY = 1_000_000;
const VERSIONS = ['v1', 'v2'] as const;

interface Key {
  key: string;
  note: string;
}

/** The key to sign with, and what the answer says about it (never the key itself, unless it is the public demo key). */
export function signingKey(secretKey: string | undefined): Key {
  const key = secretKey?.trim();
  if (!key)
    return {
      key: DEMO_SECRET_KEY,
      note:
        `Signed with the documented demo key ${DEMO_SECRET_KEY} ` +
        "(PAYDOCS_SECRET_KEY is not set in this MCP server's environment).",
    };
  if (key.startsWith('sk_live_'))
    throw new ToolError(
      "PAYDOCS_SECRET_KEY in this MCP server's environment is a production key (sk_live_…): this tool never " +
        'signs with one. Set a sandbox key (sk_test_…) in the MCP config, or remove it to use the documented ' +
        'demo key.',
    );
  return { key, note: "Signed with the key in PAYDOCS_SECRET_KEY (this MCP server's environment)." };
}

/** v1 fields from a form body (`a=1&b=2`, values URL-encoded), a query string or URL, or a JSON object. */
export function v1Fields(body: string): [string, string][] {
  const text = body.trim();
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ToolError(
        'Expected v1 fields as a form body (a=1&b=2) or a JSON object; this starts with { but is no JSON.',
      );
    }
    return flattenForm(value as Record<string, unknown>);
  }
  const query = /^https?:\/\//i.test(text) ? new URL(text).search : text;
  return [...new URLSearchParams(query.replace(/^\?/, ''))];
}

/** What a signature covers: v2 the text as it is; v1 the sorted fields. */
const signedText = (version: 'v1' | 'v2', text: string) => (version === 'v2' ? text : v1SignatureBase(v1Fields(text)));

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const bodyInput = z.string().max(MAX_BODY, `Expected a body of at most ${MAX_BODY.toLocaleString('en')} characters.`);

export function registerSigning(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'sign_request',
    {
      title: 'Sign an API request',
      description:
        'Compute the signature of an API request as the gateway checks it. v2: X-Signature, HMAC-SHA256 of ' +
        'the exact body string (pass it byte for byte: spacing and key order matter), or for a GET of its ' +
        'query string (pass query, without ?). v1: the signature field over the fields sorted by name (pass ' +
        "the form body a=1&b=2 or a JSON object). Signs with the key in the server's PAYDOCS_SECRET_KEY, or " +
        'the documented demo key; a production key is refused.',
      inputSchema: {
        version: enumOf(VERSIONS, 'version'),
        body: bodyInput.optional().describe('The exact request body (v2 JSON text; v1 form fields).'),
        query: bodyInput.optional().describe('For a GET: the query string, without the leading ?.'),
      },
      outputSchema: {
        version: z.enum(VERSIONS),
        signature: z.string().describe('Lower-case hex HMAC-SHA256.'),
        sendAs: z.string(),
        signed: z.string().describe('The exact text signed.'),
        bytes: z.number().describe('Its length in UTF-8 bytes.'),
        note: z.string(),
      },
      annotations: { title: 'Sign an API request', ...READ_ONLY },
    },
    ({ version, body, query }) =>
      answered(() => {
        if ((body === undefined) === (query === undefined))
          throw new ToolError('Expected exactly one of body (a POST body) or query (a GET query string).');
        const { key, note } = signingKey(ctx.secretKey);
        const signed =
          query !== undefined
            ? version === 'v2'
              ? query.replace(/^\?/, '')
              : signedText('v1', query)
            : signedText(version, body!);
        const signature = hmacHex(key, signed);
        const sendAs = version === 'v2' ? 'X-Signature header' : 'signature form field';
        const data = { version, signature, sendAs, signed, bytes: Buffer.byteLength(signed, 'utf8'), note };
        return answer(`${sendAs}: ${signature}\nSigned text (${data.bytes} bytes): ${signed}\n${note}`, data);
      }, ctx.log),
  );

  server.registerTool(
    'verify_callback',
    {
      title: 'Verify a callback signature',
      description:
        'Check the signature of a callback the gateway sent. v2: pass the raw body exactly as received and ' +
        'the X-Signature header. v1 (POST form or GET query string): pass the body, query string or callback ' +
        "URL; the signature is its signature field unless given. Uses the key in the server's " +
        'PAYDOCS_SECRET_KEY, or the documented demo key; a production key is refused.',
      inputSchema: {
        version: enumOf(VERSIONS, 'version'),
        body: bodyInput.describe('The raw callback body (v2), or its form fields / query string / URL (v1).'),
        signature: z.string().max(200).optional().describe('X-Signature (v2); for v1, when not in the fields.'),
      },
      outputSchema: {
        version: z.enum(VERSIONS),
        valid: z.boolean(),
        expected: z.string().describe('The signature this body has with the key used.'),
        received: z.string(),
        signed: z.string(),
        note: z.string(),
      },
      annotations: { title: 'Verify a callback signature', ...READ_ONLY },
    },
    ({ version, body, signature }) =>
      answered(() => {
        const { key, note } = signingKey(ctx.secretKey);
        const received = (
          signature ?? (version === 'v1' ? new Map(v1Fields(body)).get('signature') : undefined)
        )?.trim();
        if (!received)
          throw new ToolError(
            version === 'v2'
              ? 'Expected signature: a v2 callback carries it in the X-Signature header, not in the body.'
              : 'Expected a signature: the v1 fields have no signature field, and none was given.',
          );
        const signed = signedText(version, body);
        const expected = hmacHex(key, signed);
        const valid = sameHex(expected, received);
        const why = valid
          ? 'The signature matches.'
          : sameHex(expected, received.toLowerCase())
            ? 'The signature matches only in lower case: the gateway sends lower-case hex.'
            : `The signature does not match: with this key the body signs to ${expected}. Check that the ` +
              `body is byte for byte as received${version === 'v1' ? ' and the values URL-decoded' : ''}.`;
        return answer(`${valid ? 'Valid' : 'Not valid'}. ${why}\n${note}`, {
          version,
          valid,
          expected,
          received,
          signed,
          note,
        });
      }, ctx.log),
  );
}
