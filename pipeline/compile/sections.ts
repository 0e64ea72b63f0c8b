/**
 * hast → search sections: the page split at its h2/h3 headings, each with its
 * prose text and, separately, its code text (code ranks below prose). Taken from
 * the AST at compile time — never from rendered HTML.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { isPermalink } from '../../schema/page-toc.ts';

export interface SearchSection {
  /** Heading id ('' for the text before the first heading). */
  id: string;
  /** Heading text, or the page title for the intro section. */
  title: string;
  depth: number;
  text: string;
  code: string;
}

/**
 * The class of a generated part whose words are the same on every page of its kind, not the
 * page's subject (a payment method's flow: its pattern in shared words, its caption naming the
 * shared diagrams): search leaves it out.
 */
export const UNINDEXED_CLASS = 'unindexed';

function classes(node: ElementContent | RootContent): string[] {
  return node.type === 'element' ? ((node.properties.className as string[] | undefined) ?? []) : [];
}

function collect(node: ElementContent | RootContent, out: { text: string[]; code: string[] }, inCode: boolean): void {
  if (node.type === 'text') {
    (inCode ? out.code : out.text).push(node.value);
    return;
  }
  if (node.type !== 'element') return;
  const cls = classes(node);
  if (isPermalink(node) || cls.includes(UNINDEXED_CLASS)) return;
  const code = inCode || cls.includes('code-block');
  for (const child of node.children) collect(child, out, code);
  if (/^(p|li|tr|td|th|h[1-6]|dt|dd|div|pre|figcaption|summary)$/.test(node.tagName))
    (code ? out.code : out.text).push(' ');
}

const squash = (parts: string[]) => parts.join('').replace(/\s+/g, ' ').trim();

/**
 * The class of a wrapper that only lays out sections of the page (an API page's reference and its
 * two panes: pipeline/kinds/api-operation/reference.ts): its children are read as the page's own,
 * so the headings inside it still divide the page into sections.
 */
export const SECTION_GROUP_CLASS = 'section-group';

/** The page's top-level nodes, the children of section groups in their place. */
function* flow(nodes: readonly RootContent[]): Generator<RootContent> {
  for (const node of nodes) {
    if (classes(node).includes(SECTION_GROUP_CLASS)) yield* flow((node as Element).children);
    else yield node;
  }
}

export function extractSections(tree: Root, pageTitle: string): SearchSection[] {
  const sections: SearchSection[] = [];
  let current = { id: '', title: pageTitle, depth: 1, text: [] as string[], code: [] as string[] };
  const flush = () => {
    const text = squash(current.text),
      code = squash(current.code);
    if (text || code || current.id)
      sections.push({ id: current.id, title: current.title, depth: current.depth, text, code });
  };
  for (const node of flow(tree.children)) {
    if (node.type === 'element' && /^h[23]$/.test(node.tagName) && typeof node.properties.id === 'string') {
      flush();
      const title: string[] = [];
      collect(node, { text: title, code: title }, false);
      current = { id: node.properties.id, title: squash(title), depth: Number(node.tagName[1]), text: [], code: [] };
      continue;
    }
    collect(node, current, false);
  }
  flush();
  return sections;
}
