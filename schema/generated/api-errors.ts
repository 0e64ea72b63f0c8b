/**
 * The error table of an API page: one row per error code the operation can return, each
 * row from content/data/api_error_codes.yaml. The rows are the same words on every API page
 * of a version, so the page JSON carries only the codes (schema/generated/index.ts) and the
 * reader fetches the error data once (`manifest.data.apiErrors`).
 */
import type { Element, ElementContent } from 'hast';
import type { ApiErrorCode } from '../data.ts';
import { inline } from '../inline.ts';

export interface ApiErrorsFrom {
  version: 'v1' | 'v2';
  codes: string[];
}

/** The error data a table needs: the fields of api_error_codes.yaml the table shows. */
export type ApiErrorRow = Pick<ApiErrorCode, 'code' | 'number' | 'http_status' | 'description' | 'resolution'>;

const el = (tagName: string, properties: Element['properties'], children: (ElementContent | string)[]): Element => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c)),
});

export function apiErrors(
  { version, codes }: ApiErrorsFrom,
  errors: readonly ApiErrorRow[],
  onLink?: (url: string) => void,
): Element {
  const byCode = new Map(errors.map((e) => [e.code, e]));
  const v2 = version === 'v2';
  return el('div', { className: ['table-wrap'] }, [
    el('table', { className: ['api-errors'] }, [
      el('thead', {}, [
        el('tr', {}, [
          el('th', {}, [v2 ? 'error.code' : 'error_code']),
          el('th', {}, ['HTTP']),
          el('th', {}, ['Meaning']),
          el('th', {}, ['What to do']),
        ]),
      ]),
      el(
        'tbody',
        {},
        codes.map((code) => {
          const e = byCode.get(code);
          return el('tr', {}, [
            el('td', {}, [
              el('a', { href: `/reference/api_error_codes#${code}` }, [
                el('code', {}, [v2 ? code : `${e?.number ?? ''} (${code})`]),
              ]),
            ]),
            el('td', {}, [v2 ? String(e?.http_status ?? '') : '200']),
            el('td', {}, inline(e?.description ?? '', onLink)),
            el('td', {}, inline(e?.resolution ?? '', onLink)),
          ]);
        }),
      ),
    ]),
  ]);
}
