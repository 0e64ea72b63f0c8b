/**
 * highlight.js with the grammars of the API code samples alone (api-samples.ts): the
 * pipeline prints and highlights the samples with it, and so does the reader, which loads
 * it in a chunk of its own on the first API page (~18 KB gzip instead of the 37 common
 * grammars). One grammar set on both sides: the reader's samples are the prerendered ones.
 */
import type { ElementContent } from 'hast';
import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import type { Highlighter } from '../code-block.ts';

export const sampleLowlight = createLowlight({ bash, http, java, javascript, json, kotlin, php, python });

/**
 * The blocks highlighted last: a dev save prints its API page's seven samples again, mostly as
 * they were (~6 ms of the save). Bounded (oldest out first); a copy goes out, since the tree
 * it goes into is the caller's.
 */
const recent = new Map<string, ElementContent[]>();
const RECENT_MAX = 64;

export const sampleHighlighter: Highlighter = {
  registered: (language) => sampleLowlight.registered(language),
  highlight(language, code) {
    const key = `${language}\0${code}`;
    let children = recent.get(key);
    if (!children) {
      children = sampleLowlight.highlight(language, code).children as ElementContent[];
      if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
      recent.set(key, children);
    }
    return structuredClone(children);
  },
};
