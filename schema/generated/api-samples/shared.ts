/**
 * Helpers shared by the sample printers: literals of other languages, quoting,
 * and the v1 form fields with the credentials taken from the environment.
 */
import type { SampleRequest } from '../sample-request.ts';

export const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l, i) => (i ? by + l : l))
    .join('\n');
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** JSON value → Python literal. */
export function py(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1),
    end = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => pad + py(v, level + 1)).join(',\n')},\n${end}]` : '[]';
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length
      ? `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${py(v, level + 1)}`).join(',\n')},\n${end}}`
      : '{}';
  }
  return JSON.stringify(value);
}

/** JSON value → PHP literal. */
export function php(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1),
    end = '    '.repeat(level);
  const str = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value))
    return value.length ? `[\n${value.map((v) => pad + php(v, level + 1)).join(',\n')},\n${end}]` : '[]';
  const entries = Object.entries(value as object);
  return entries.length
    ? `[\n${entries.map(([k, v]) => `${pad}${str(k)} => ${php(v, level + 1)}`).join(',\n')},\n${end}]`
    : 'new stdClass()';
}

export const path = (url: string) => new URL(url).pathname + new URL(url).search;
export const host = (url: string) => new URL(url).host;

/** v1: every form field but the signature, which each sample computes. */
export function v1Fields(req: SampleRequest) {
  return (req.formFields ?? []).filter(([k]) => k !== 'signature');
}
