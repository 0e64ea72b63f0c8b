/**
 * A highlighted code block as hast: `div.code-block > (div.code-title)? > pre > code.hljs`,
 * with the grammar a caller gives (lowlight). Shared by the pipeline, which highlights every
 * Markdown fence with highlight.js's common languages (pipeline/compile/code.ts), and by the
 * generators that print an API page's code samples on both sides (schema/generated/).
 */
import type { Element, ElementContent } from 'hast';

export interface Highlighter {
  registered(language: string): boolean;
  highlight(language: string, code: string): ElementContent[];
}

/**
 * A lowlight instance as a Highlighter that keeps the blocks it highlighted last, by language
 * and code: a dev save compiles its page again, and most of its blocks are as they were (an API
 * page's seven samples; measured: bench/HISTORY.md, highlighted blocks). Bounded (oldest out
 * first), so a build's worker,
 * where blocks seldom repeat, keeps only a few. A copy goes out: the tree the block goes into
 * is the caller's.
 */
export function cachedHighlighter(
  lowlight: {
    registered(language: string): boolean;
    highlight(language: string, code: string): { children: unknown[] };
  },
  max: number,
): Highlighter {
  const recent = new Map<string, ElementContent[]>();
  return {
    registered: (language) => lowlight.registered(language),
    highlight(language, code) {
      const key = `${language}\0${code}`;
      let children = recent.get(key);
      if (!children) {
        children = lowlight.highlight(language, code).children as ElementContent[];
        if (recent.size >= max) recent.delete(recent.keys().next().value!);
        recent.set(key, children);
      }
      return structuredClone(children);
    },
  };
}

/** Display names for tab labels and the language badge. */
export const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'cURL',
  shell: 'Shell',
  sh: 'Shell',
  http: 'HTTP',
  javascript: 'JavaScript',
  js: 'JavaScript',
  typescript: 'TypeScript',
  ts: 'TypeScript',
  python: 'Python',
  php: 'PHP',
  java: 'Java',
  kotlin: 'Kotlin',
  json: 'JSON',
  xml: 'XML',
  sql: 'SQL',
  csv: 'CSV',
  text: 'Text',
  yaml: 'YAML',
  go: 'Go',
  csharp: 'C#',
  ruby: 'Ruby',
};

/** Body languages of HTTP messages, by the media type their Content-Type names. */
const HTTP_BODY_LANGUAGES: Record<string, string> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/**
 * An HTTP message: its head with the `http` grammar, its body in the language its Content-Type
 * names, else as plain text. highlight.js's grammar guesses the body's language, and guessed
 * differently from page to page (the site's 60 bodies: JSON read as ini, Perl, CSS or JSON; form
 * bodies as ini).
 */
function highlightHttp(highlighter: Highlighter, code: string): ElementContent[] {
  const end = code.indexOf('\n\n');
  if (end === -1) return highlighter.highlight('http', code);
  const head = code.slice(0, end);
  const body = code.slice(end + 2);
  const mediaType = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1].toLowerCase() ?? '';
  const bodyLanguage = HTTP_BODY_LANGUAGES[mediaType];
  return [
    ...highlighter.highlight('http', head),
    { type: 'text', value: '\n\n' },
    ...(bodyLanguage ? highlighter.highlight(bodyLanguage, body) : [{ type: 'text', value: body } as ElementContent]),
  ];
}

/** The hast of one highlighted code block. */
export function codeBlock(highlighter: Highlighter, code: string, lang: string | undefined, title?: string): Element {
  const language = lang && highlighter.registered(lang) ? lang : undefined;
  const highlighted =
    language === 'http'
      ? highlightHttp(highlighter, code)
      : language
        ? highlighter.highlight(language, code)
        : [{ type: 'text', value: code } as ElementContent];
  const children: ElementContent[] = [];
  if (title)
    children.push({
      type: 'element',
      tagName: 'div',
      properties: { className: ['code-title'] },
      children: [{ type: 'text', value: title }],
    });
  children.push({
    type: 'element',
    tagName: 'pre',
    properties: {},
    children: [
      {
        type: 'element',
        tagName: 'code',
        properties: { className: ['hljs', ...(lang ? [`language-${lang}`] : [])] },
        children: highlighted,
      },
    ],
  });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block'], dataLang: lang ?? 'text' },
    children,
  };
}
