/**
 * hast-util-to-mdast handlers for the parts of the page AST that plain HTML → Markdown
 * would garble: generated code blocks (title + highlighted code), tabs, admonitions,
 * the method data sheet, badge rows, an API page's field lists (twin-api-reference.ts) and
 * table cells holding several lines. Everything else goes through the library's default
 * handlers.
 */
import { defaultHandlers, type Handle, type State } from 'hast-util-to-mdast';
import { toText } from 'hast-util-to-text';
import type { Element } from 'hast';
import type { BlockContent, Nodes as MdastNodes, PhrasingContent, RootContent } from 'mdast';
import { isPermalink } from '../../schema/page-toc.ts';
import { environmentTable, fieldTable, isEnvironments, isFieldList } from './twin-api-reference.ts';
import { LANES_CLASS } from '../kinds/payment-method/flow-figure.ts';

const classes = (node: Element): string[] => ((node.properties?.className as string[] | undefined) ?? []).map(String);
const hasClass = (node: Element, name: string) => classes(node).includes(name);
const elements = (node: Element) => node.children.filter((c): c is Element => c.type === 'element');
// biome-ignore lint/suspicious/noConfusingVoidType: a handler's result type in mdast-util-to-markdown includes void
const asArray = (nodes: MdastNodes | MdastNodes[] | undefined | void): MdastNodes[] =>
  nodes === undefined ? [] : Array.isArray(nodes) ? nodes : [nodes];
const BR = { type: 'html', value: '<br>' } as const;

const PHRASING_TYPES = new Set([
  'text',
  'inlineCode',
  'emphasis',
  'strong',
  'delete',
  'link',
  'image',
  'break',
  'html',
  'footnoteReference',
  'linkReference',
  'imageReference',
]);
const isPhrasing = (n: MdastNodes): n is PhrasingContent => PHRASING_TYPES.has(n.type);

/** Block content squeezed into lines of phrasing, for a table cell or a list item label. */
function toLines(nodes: MdastNodes[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [];
  let current: PhrasingContent[] = [];
  const flush = () => {
    if (current.length) lines.push(current);
    current = [];
  };
  for (const n of nodes) {
    if (isPhrasing(n)) {
      current.push(n);
      continue;
    }
    flush();
    if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'tableCell') lines.push(n.children);
    else if (n.type === 'code') lines.push([{ type: 'inlineCode', value: n.value }]);
    else if ('children' in n) lines.push(...toLines(n.children as MdastNodes[]));
  }
  flush();
  return lines.filter((l) => l.some((n) => n.type !== 'text' || n.value.trim()));
}

const joinLines = (lines: PhrasingContent[][]): PhrasingContent[] => lines.flatMap((l, i) => (i ? [BR, ...l] : l));

const INLINE_TAGS = new Set([
  'a',
  'code',
  'strong',
  'em',
  'b',
  'i',
  'br',
  'kbd',
  'sub',
  'sup',
  'abbr',
  'del',
  'mark',
  'time',
]);

/**
 * A cell whose direct children are separate boxes (description, constraints, enum list,
 * example — shown one under the other) keeps them apart with `<br>`: GFM cells hold one
 * line of phrasing only. A breaking `<br>` inside a cell stays an HTML `<br>` too.
 */
function cell(state: State, node: Element): MdastNodes {
  const kids = elements(node);
  const stray = node.children.some((c) => c.type === 'text' && c.value.trim());
  const boxes = !stray && kids.length > 1 && kids.some((k) => !INLINE_TAGS.has(k.tagName));
  const lines = boxes
    ? kids.map((k) => joinLines(toLines(asArray(state.one(k, node)))))
    : toLines(state.all(node) as MdastNodes[]);
  const children = joinLines(lines).map((n) => (n.type === 'break' ? BR : n));
  const result = { type: 'tableCell' as const, children };
  state.patch(node, result);
  return result;
}

/** `div.code-block`: optional `div.code-title`, then `pre > code.language-x` (highlighted). */
function codeBlock(state: State, node: Element): MdastNodes {
  const title = elements(node).find((c) => hasClass(c, 'code-title'));
  const pre = elements(node).find((c) => c.tagName === 'pre');
  const code = pre && elements(pre).find((c) => c.tagName === 'code');
  const lang =
    code &&
    classes(code)
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length);
  const value = (pre ? toText(pre, { whitespace: 'pre' }) : '').replace(/\n$/, '');
  const result = {
    type: 'code' as const,
    lang: lang ?? null,
    meta: title ? `title=${JSON.stringify(toText(title))}` : null,
    value,
  };
  state.patch(node, result);
  return result;
}

const strongLine = (text: string): BlockContent => ({
  type: 'paragraph',
  children: [{ type: 'strong', children: [{ type: 'text', value: text }] }],
});

/** `div.tabs > div.tab-panel[data-label]`: every panel, each under its label in bold. */
function tabs(state: State, node: Element): RootContent[] {
  return elements(node).flatMap((panel) => [
    strongLine(String(panel.properties.dataLabel ?? '')),
    ...state.toFlow(state.all(panel)),
  ]);
}

/** `aside.admonition` with `p.admonition-title`: a blockquote that opens with the title in bold. */
function admonition(state: State, node: Element): MdastNodes {
  const [first, ...rest] = elements(node);
  const titled = first && hasClass(first, 'admonition-title');
  const body = state.toFlow(state.all({ ...node, children: titled ? rest : node.children }));
  const result = { type: 'blockquote' as const, children: titled ? [strongLine(toText(first)), ...body] : body };
  state.patch(node, result);
  return result;
}

/** A row of badges (endpoint line, method card head): the parts separated by " · ". */
function badgeRow(state: State, node: Element): MdastNodes {
  const parts = elements(node).map(
    (k) => state.all({ type: 'element', tagName: 'span', properties: {}, children: [k] }) as PhrasingContent[],
  );
  const children = parts.flatMap((p, i) => (i ? [{ type: 'text' as const, value: ' · ' }, ...p] : p));
  return { type: 'paragraph', children };
}

/** `dl` (the method data sheet): one list item per term, `**Term:** value`. */
function definitionList(state: State, node: Element): MdastNodes {
  const items: { dt: Element; dd: Element[] }[] = [];
  const visit = (el: Element) => {
    for (const c of elements(el)) {
      if (c.tagName === 'dt') items.push({ dt: c, dd: [] });
      else if (c.tagName === 'dd') items.at(-1)?.dd.push(c);
      else visit(c);
    }
  };
  visit(node);
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map(({ dt, dd }) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'strong', children: [{ type: 'text', value: `${toText(dt)}:` }] },
            { type: 'text', value: ' ' },
            ...joinLines(dd.flatMap((d) => toLines(state.all(d) as MdastNodes[]))),
          ],
        },
      ],
    })),
  };
}

/**
 * A method flow's lane heads (kinds/payment-method/flow-figure.ts): one line,
 * "Customer · … · PIX (bank or wallet app)".
 */
function flowLanes(node: Element): MdastNodes {
  const lanes = elements(node).map((lane) => {
    const [name, role] = elements(lane).map((part) => toText(part));
    return role ? `${name} (${role})` : name;
  });
  return { type: 'paragraph', children: [{ type: 'text', value: lanes.join(' · ') }] };
}

function div(state: State, node: Element) {
  if (hasClass(node, 'code-block')) return codeBlock(state, node);
  if (isEnvironments(node)) return environmentTable(state, node);
  if (hasClass(node, 'tabs')) return tabs(state, node);
  if (hasClass(node, 'api-endpoint') || hasClass(node, 'method-card-head')) return badgeRow(state, node);
  // An API page's field filter is the page's own control: nothing to read.
  if (hasClass(node, 'api-filter')) return undefined;
  if (hasClass(node, LANES_CLASS)) return flowLanes(node);
  return defaultHandlers.div(state, node);
}

/** Handlers by tag name, over the defaults. */
export const twinHandlers: Record<string, Handle> = {
  div,
  td: cell,
  ul: (state, node) => (isFieldList(node) ? fieldTable(state, node) : defaultHandlers.ul(state, node)),
  th: cell,
  dl: definitionList,
  aside: (state, node) => (hasClass(node, 'admonition') ? admonition(state, node) : defaultHandlers.aside(state, node)),
  // A heading's permalink is the page's own chrome; an anchor without href (`<a name>`) only its text.
  a: (state, node) =>
    isPermalink(node)
      ? undefined
      : node.properties.href === undefined
        ? (state.all(node) as PhrasingContent[])
        : defaultHandlers.a(state, node),
};
