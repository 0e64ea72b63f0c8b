/**
 * Code samples for one SampleRequest, one printer per language (./api-samples/). Each
 * sample is a complete program an integrator can run: it reads the point id and
 * secret key from PAYDOCS_POINT_ID / PAYDOCS_SECRET_KEY, signs exactly what it
 * sends, and prints the response. test/pipeline/api-samples.test.ts parses or
 * compiles every one it can.
 */
import type { Element } from 'hast';
import type { SampleRequest } from './sample-request.ts';
import { codeBlock, LANGUAGE_NAMES, type Highlighter } from '../code-block.ts';
import { bash } from './api-samples/bash.ts';
import { http } from './api-samples/http.ts';
import { javascript } from './api-samples/javascript.ts';
import { python } from './api-samples/python.ts';
import { php } from './api-samples/php.ts';
import { java } from './api-samples/java.ts';
import { kotlin } from './api-samples/kotlin.ts';

export { className } from './api-samples/jvm.ts';

export const SAMPLE_LANGUAGES = ['bash', 'http', 'javascript', 'python', 'php', 'java', 'kotlin'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

export const printers: Record<SampleLanguage, (req: SampleRequest) => string> = {
  bash,
  http,
  javascript,
  python,
  php,
  java,
  kotlin,
};

export function generateSamples(req: SampleRequest): { lang: SampleLanguage; code: string }[] {
  return SAMPLE_LANGUAGES.map((lang) => ({ lang, code: printers[lang](req) }));
}

/** The code-sample tabs of an API page: one panel per language, each its program highlighted. */
export function apiSamples(req: SampleRequest, highlighter: Highlighter): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['tabs'], dataGroup: 'lang' },
    children: generateSamples(req).map(({ lang, code }) => ({
      type: 'element',
      tagName: 'div',
      properties: { className: ['tab-panel'], dataLabel: LANGUAGE_NAMES[lang] },
      children: [codeBlock(highlighter, code, lang)],
    })),
  };
}
