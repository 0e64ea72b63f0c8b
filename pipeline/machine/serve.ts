/**
 * The machine-readable files as servers answer them: their content types (Markdown and
 * text in UTF-8), and for `paydocs dev` the files themselves, made on request from the
 * in-memory build (a twin alone for a `.md`, everything once per build otherwise).
 */
import type { PageData } from '../../schema/page.ts';
import { twinPath } from '../../schema/machine-docs.ts';
import { CHANGELOG_FEED } from '../../schema/releases.ts';
import { machineFiles, pageTwin, type MachineInput } from './outputs.ts';

/** Content types the generic MIME lookups get wrong or leave without a charset. */
export const MACHINE_CONTENT_TYPES: Record<string, string> = {
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The changelog's Atom feed (RFC 4287), told from other XML by its type (hosting.ts `FILE_CONTENT_TYPES`). */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export const machineContentType = (file: string): string | undefined =>
  MACHINE_CONTENT_TYPES[file.slice(file.lastIndexOf('.'))];

const made = new WeakMap<PageData[], Map<string, string | Uint8Array>>();

/** `rel`: a dist-relative path. Undefined when it is not a machine-readable output of this build. */
export function machineResponse(
  rel: string,
  input: MachineInput,
): { type: string; data: string | Uint8Array } | undefined {
  if (rel.endsWith('.md')) {
    const page = input.pages.find((p) => twinPath(p.route) === rel);
    return page ? { type: MACHINE_CONTENT_TYPES['.md']!, data: pageTwin(page, input.config) } : undefined;
  }
  if (
    !/^(llms(-full)?\.txt|openapi\/[\w-]+\.json|postman\/[\w-]+\.json|changelog\.xml|_data\/releases\.json)$/.test(rel)
  )
    return undefined;
  let files = made.get(input.pages);
  if (!files) {
    files = machineFiles(input);
    made.set(input.pages, files);
  }
  const data = files.get(rel);
  return data === undefined
    ? undefined
    : { type: rel === CHANGELOG_FEED ? ATOM_CONTENT_TYPE : (machineContentType(rel) ?? 'application/json'), data };
}
