/**
 * Stage helper: the site data generated content is printed with (schema/generated/): the
 * error rows of content/data/api_error_codes.yaml that API pages' error tables show. Written
 * once per build as a content-hashed file the manifest names (`apiErrors`), which the reader
 * fetches on its first API page; the build's own decoders (prerender, Markdown twins) get it
 * as data. A page JSON names only its codes, so a stage keyed on a page's JSON adds this
 * file's hash for the pages that can print error rows (`dataKeyOf`: by kind, which a build
 * knows without reading the page's JSON).
 */
import type { LoadedData } from '../../schema/data.ts';
import type { PageData } from '../../schema/page.ts';
import type { Element } from 'hast';
import { generate, generatedOf, type GeneratedData } from '../../schema/generated/index.ts';
import type { Generate } from '../../schema/page-codec.ts';
import { shortHash } from '../hash.ts';
import { GENERATED_DIR } from '../../schema/dist-layout.ts';

export interface GeneratedDataFile {
  data: GeneratedData;
  /** dist path of the error rows, content-hashed: `_data/generated/api-errors.<hash>.json`. */
  path: string;
  json: string;
  hash: string;
}

export function generatedDataFile(data: Pick<LoadedData, 'api_error_codes'>): GeneratedDataFile {
  const apiErrors = data.api_error_codes.map(({ code, number, http_status, description, resolution }) => ({
    code,
    number,
    http_status,
    description,
    resolution,
  }));
  const json = JSON.stringify(apiErrors);
  const hash = shortHash(json);
  return { data: { apiErrors }, path: `${GENERATED_DIR}/api-errors.${hash}.json`, json, hash };
}

/**
 * The build's `generate` for one page: its parts as the compile printed them (link/page-json.ts
 * `printed`), in order, each taken when it is the part asked for; printed again otherwise. The
 * prerender and the twins decode every API page: printing its seven samples again there cost
 * a cold build CPU (measured: bench/HISTORY.md, printed samples).
 */
export function generateFrom(printed: string | undefined, data: GeneratedData): Generate {
  const parts = printed ? (JSON.parse(printed) as Element[]) : [];
  let next = 0;
  return (part) => {
    const el = parts[next++];
    return el && JSON.stringify(generatedOf(el)) === JSON.stringify(part) ? el : generate(part, data);
  };
}

/**
 * What a stage keyed on a page's JSON adds to its key: the error rows' hash for an API page (its
 * error table prints them).
 */
export const dataKeyOf = (page: Pick<PageData, 'kind'>, file: Pick<GeneratedDataFile, 'hash'>): string =>
  page.kind === 'api-operation' ? file.hash : '';
