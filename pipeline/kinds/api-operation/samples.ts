/**
 * Code samples for one SampleRequest, one printer per language (./samples/). Each
 * sample is a complete program an integrator can run: it reads the point id and
 * secret key from PAYDOCS_POINT_ID / PAYDOCS_SECRET_KEY, signs exactly what it
 * sends, and prints the response. test/pipeline/api-samples.test.ts parses or
 * compiles every one it can.
 */
import type { SampleRequest } from './request.ts';
import { bash } from './samples/bash.ts';
import { http } from './samples/http.ts';
import { javascript } from './samples/javascript.ts';
import { python } from './samples/python.ts';
import { php } from './samples/php.ts';
import { java } from './samples/java.ts';
import { kotlin } from './samples/kotlin.ts';

export { className } from './samples/jvm.ts';

export const SAMPLE_LANGUAGES = ['bash', 'http', 'javascript', 'python', 'php', 'java', 'kotlin'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

export const printers: Record<SampleLanguage, (req: SampleRequest) => string> = { bash, http, javascript, python, php, java, kotlin };

export function generateSamples(req: SampleRequest): { lang: SampleLanguage; code: string }[] {
  return SAMPLE_LANGUAGES.map((lang) => ({ lang, code: printers[lang](req) }));
}
