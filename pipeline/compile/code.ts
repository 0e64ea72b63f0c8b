/**
 * Code blocks: highlighted at build time with lowlight (highlight.js grammars),
 * wrapped with their title and language so the reader can add a copy button.
 * Tabs: each code block inside `div.tabs` becomes a labelled panel.
 */
import type { Element, Root } from 'hast';
import { createLowlight, common } from 'lowlight';
import http from 'highlight.js/lib/languages/http';
import { walkElements } from './walk.ts';
import { toString } from 'hast-util-to-string';
import { cachedHighlighter, codeBlock as sharedCodeBlock, LANGUAGE_NAMES } from '../../schema/code-block.ts';

export { LANGUAGE_NAMES };

export const lowlight = createLowlight({ ...common, http });

/** Parse ```lang title="x" meta. */
export function parseMeta(meta: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!meta) return out;
  for (const m of meta.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) out[m[1]] = m[2] ?? m[3] ?? m[4];
  return out;
}

const commonHighlighter = cachedHighlighter(lowlight, 64);

/** One highlighted code block, in any of highlight.js's common languages (schema/code-block.ts). */
export const codeBlock = (code: string, lang: string | undefined, title?: string): Element =>
  sharedCodeBlock(commonHighlighter, code, lang, title);

/** hast → hast: replace every `pre > code` with a highlighted code block; label tabs. */
export function highlightCode(tree: Root): void {
  walkElements(tree, (node, parent, index) => {
    if (node.tagName !== 'pre') return;
    const code = node.children[0];
    if (code?.type !== 'element' || code.tagName !== 'code') return;
    const classes = (code.properties.className as string[] | undefined) ?? [];
    const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
    const meta = parseMeta(code.properties.dataMeta as string | undefined);
    const block = codeBlock(toString(code).replace(/\n$/, ''), lang, meta.title);
    const inTabs = parent.type === 'element' && (parent.properties.className as string[] | undefined)?.includes('tabs');
    if (inTabs) {
      const label = meta.title ?? LANGUAGE_NAMES[lang ?? ''] ?? lang ?? 'Code';
      if (meta.title) block.children.shift(); // the tab label carries the title
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['tab-panel'], dataLabel: label },
        children: [block],
      };
    } else parent.children[index] = block;
    return false;
  });
}
