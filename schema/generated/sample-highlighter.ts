/**
 * highlight.js with the grammars of the API code samples alone (api-samples.ts): the
 * pipeline prints and highlights the samples with it, and so does the reader, which loads
 * it in a chunk of its own with the printers on the first API page (not the 37 common grammars;
 * measured: bench/HISTORY.md, samples chunk). One grammar set on both sides: the reader's samples
 * are the prerendered ones.
 */
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import { cachedHighlighter, type Highlighter } from '../code-block.ts';

export const sampleLowlight = createLowlight({ bash, http, java, javascript, json, kotlin, php, python });

export const sampleHighlighter: Highlighter = cachedHighlighter(sampleLowlight, 64);
