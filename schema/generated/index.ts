/**
 * Generated content: parts of a page the pipeline prints from data, which travel in the
 * page JSON as that data and are printed again by whoever decodes it (schema/page-codec.ts).
 *
 *   { "generated": "api-samples", "from": SampleRequest }         an API page's seven code samples
 *   { "generated": "api-errors", "from": { version, codes } }     its error table (rows from the site's error data)
 *
 * An API page's samples are seven programs printed from one request, and its error rows the
 * same words on every API page: as markup they were a large share of its page JSON (measured:
 * bench/HISTORY.md, generated parts). The pipeline
 * builds these parts with the functions here and marks them (`data.generated`); the encoder
 * writes the mark instead of the part, and the decoder calls `generate` for it, so both sides
 * print them with the same code. Browser-safe; the reader loads it in a chunk of its own.
 */
import type { Element } from 'hast';
import type { SampleRequest } from './sample-request.ts';
import { apiSamples } from './api-samples.ts';
import { apiErrors, type ApiErrorRow, type ApiErrorsFrom } from './api-errors.ts';
import { sampleHighlighter } from './sample-highlighter.ts';

export type GeneratedContent =
  | { generated: 'api-samples'; from: SampleRequest }
  | { generated: 'api-errors'; from: ApiErrorsFrom };

/** What printing needs besides a part's own data: the site's error rows, for `api-errors`. */
export interface GeneratedData {
  apiErrors?: readonly ApiErrorRow[];
}

export type { ApiErrorRow };

/** A generated part's mark, on the element it prints (hast `data`: not rendered, not in HTML). */
export const generatedOf = (el: Element): GeneratedContent | undefined =>
  (el.data as { generated?: GeneratedContent } | undefined)?.generated;

/** A decoder's `generate` (schema/page-codec.ts) that prints with this data. */
export const generateWith =
  (data: GeneratedData) =>
  (part: GeneratedContent): Element =>
    generate(part, data);

/**
 * The element a part prints, marked. `onLink` is told the part's links (the pipeline's link
 * check). Throws on an unknown part, or on error data it needs and was not given.
 */
export function generate(part: GeneratedContent, data: GeneratedData, onLink?: (url: string) => void): Element {
  let el: Element;
  switch (part.generated) {
    case 'api-samples':
      el = apiSamples(part.from, sampleHighlighter);
      break;
    case 'api-errors':
      if (!data.apiErrors) throw new Error("the api-errors part needs the site's error data");
      el = apiErrors(part.from, data.apiErrors, onLink);
      break;
    default:
      throw new Error(`unknown generated content "${(part as { generated: unknown }).generated}"`);
  }
  el.data = { generated: part } as Element['data'];
  return el;
}
