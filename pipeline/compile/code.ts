/**
 * Code blocks: highlighted at build time with lowlight (highlight.js grammars),
 * wrapped with their title and language so the reader can add a copy button.
 * Tabs: each code block inside `div.tabs` becomes a labelled panel.
 */
import type { Element, ElementContent, Root } from 'hast';
import { createLowlight, common } from 'lowlight';
import http from 'highlight.js/lib/languages/http';
import { walkElements } from './walk.ts';
import { toString } from 'hast-util-to-string';
import { LRUCache } from 'lru-cache';

export const lowlight = createLowlight({ ...common, http });

/** Display names for tab labels and the language badge. */
export const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'cURL', shell: 'Shell', sh: 'Shell', http: 'HTTP', javascript: 'JavaScript', js: 'JavaScript', typescript: 'TypeScript', ts: 'TypeScript',
  python: 'Python', php: 'PHP', java: 'Java', kotlin: 'Kotlin', json: 'JSON', xml: 'XML', sql: 'SQL', csv: 'CSV', text: 'Text', yaml: 'YAML', go: 'Go', csharp: 'C#', ruby: 'Ruby',
};

/** Parse ```lang title="x" meta. */
export function parseMeta(meta: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!meta) return out;
  for (const m of meta.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) out[m[1]] = m[2] ?? m[3] ?? m[4];
  return out;
}

/**
 * The blocks highlighted last, by language and code: a dev save compiles its page again, and
 * most of its blocks are as they were (an API page's seven generated samples: ~6 ms of the
 * save). Bounded, so a build's worker, where blocks seldom repeat, keeps only a few. A copy
 * goes out: the tree the block goes into is the caller's.
 */
const highlightedBlocks = new LRUCache<string, ElementContent[]>({ max: 64 });

function highlight(language: string, code: string): ElementContent[] {
  const key = `${language}\0${code}`;
  let children = highlightedBlocks.get(key);
  if (!children) highlightedBlocks.set(key, (children = lowlight.highlight(language, code).children as ElementContent[]));
  return structuredClone(children);
}

/** Body languages of HTTP messages, by the media type their Content-Type names. */
const HTTP_BODY_LANGUAGES: Record<string, string> = { 'application/json': 'json', 'application/xml': 'xml', 'text/xml': 'xml' };

/**
 * An HTTP message: its head with the `http` grammar, its body in the language its Content-Type
 * names, else as plain text. highlight.js's grammar guesses the body's language, and guessed
 * differently from page to page (the site's 60 bodies: JSON read as ini, Perl, CSS or JSON; form
 * bodies as ini).
 */
function highlightHttp(code: string): ElementContent[] {
  const end = code.indexOf('\n\n');
  if (end === -1) return highlight('http', code);
  const head = code.slice(0, end);
  const body = code.slice(end + 2);
  const mediaType = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1].toLowerCase() ?? '';
  const bodyLanguage = HTTP_BODY_LANGUAGES[mediaType];
  return [
    ...highlight('http', head),
    { type: 'text', value: '\n\n' },
    ...(bodyLanguage ? highlight(bodyLanguage, body) : [{ type: 'text', value: body } as ElementContent]),
  ];
}

/** Build the hast of one highlighted code block. */
export function codeBlock(code: string, lang: string | undefined, title?: string): Element {
  const language = lang && lowlight.registered(lang) ? lang : undefined;
  const highlighted = language === 'http' ? highlightHttp(code) : language ? highlight(language, code) : [{ type: 'text', value: code } as ElementContent];
  const children: ElementContent[] = [];
  if (title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] });
  children.push({
    type: 'element', tagName: 'pre', properties: {},
    children: [{ type: 'element', tagName: 'code', properties: { className: ['hljs', ...(lang ? [`language-${lang}`] : [])] }, children: highlighted }],
  });
  return { type: 'element', tagName: 'div', properties: { className: ['code-block'], dataLang: lang ?? 'text' }, children };
}

/** hast → hast: replace every `pre > code` with a highlighted code block; label tabs. */
export function highlightCode(tree: Root): void {
  walkElements(tree, (node, parent, index) => {
    if (node.tagName !== 'pre') return;
    const code = node.children[0];
    if (!code || code.type !== 'element' || code.tagName !== 'code') return;
    const classes = (code.properties.className as string[] | undefined) ?? [];
    const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
    const meta = parseMeta(code.properties.dataMeta as string | undefined);
    const block = codeBlock(toString(code).replace(/\n$/, ''), lang, meta.title);
    const inTabs = parent.type === 'element' && (parent.properties.className as string[] | undefined)?.includes('tabs');
    if (inTabs) {
      const label = meta.title ?? LANGUAGE_NAMES[lang ?? ''] ?? lang ?? 'Code';
      if (meta.title) block.children.shift(); // the tab label carries the title
      parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['tab-panel'], dataLabel: label }, children: [block] };
    } else parent.children[index] = block;
    return false;
  });
}
