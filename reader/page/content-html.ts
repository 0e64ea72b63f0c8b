/**
 * Page content → HTML, straight from its hast (hast-util-to-html): React owns only the
 * chrome around it, so prerendering and hydration do not build the content twice. The
 * interactive parts get their static markup here (copy buttons, tab lists, the table
 * filter box, the words of an API field's child-list toggle, sideways-scrolling table
 * wrappers, new-tab external links); their
 * behaviour is attached to the DOM by content-behaviour.ts. Pure: runs in Node to
 * prerender and in the browser after client navigation, giving the same string.
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { isExternal, normalisePath } from '../../schema/paths.ts';
import { TEXT } from '../lib/constants.ts';

const el = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
/** Whitespace between table parts is not content (and is no text node a browser would keep there). */
const TABLE_PARTS = new Set(['table', 'colgroup', 'thead', 'tbody', 'tfoot', 'tr']);
const isWhitespace = (node: ElementContent) => node.type === 'text' && !/[^ \t\n\f\r]/.test(node.value);
const hasClass = (node: Element, name: string) =>
  ((node.properties.className as string[] | undefined) ?? []).includes(name);

/** The copy button's face, idle or confirming (content-behaviour.ts swaps it). */
export function copyButtonFace(copied: boolean): ElementContent[] {
  const stroke = { fill: 'none', stroke: 'currentColor' };
  const icon = copied
    ? [
        el('path', {
          d: 'm5 12 5 5L20 7',
          ...stroke,
          strokeWidth: '2.2',
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
        }),
      ]
    : [
        el('rect', { x: '9', y: '9', width: '11', height: '11', rx: '2', ...stroke, strokeWidth: '2' }),
        el('path', { d: 'M5 15V5a1 1 0 0 1 1-1h10', ...stroke, strokeWidth: '2', strokeLinecap: 'round' }),
      ];
  return [
    el('svg', { viewBox: '0 0 24 24', ariaHidden: 'true' }, icon),
    el('span', {}, [text(copied ? TEXT.copied : TEXT.copy)]),
  ];
}

export const faceHtml = (copied: boolean) => toHtml(copyButtonFace(copied));

interface Walk {
  route: string;
  tabs: number;
  filters: number;
  inTableWrap: boolean;
}

function anchor(node: Element, children: ElementContent[], walk: Walk): Element {
  const href = String(node.properties.href ?? '');
  if (href.startsWith('/') && !href.startsWith('//')) {
    const hashAt = href.indexOf('#');
    // A link to an anchor of this page stays a plain hash link: the browser scrolls to it.
    if (hashAt > 0 && normalisePath(href.slice(0, hashAt)) === normalisePath(walk.route))
      return el('a', { ...node.properties, href: href.slice(hashAt) }, children);
    return el('a', node.properties, children);
  }
  if (isExternal(href) && !href.startsWith('mailto:') && !href.startsWith('tel:'))
    return el('a', { ...node.properties, target: '_blank', rel: ['noopener', 'noreferrer'] }, children);
  return el('a', node.properties, children);
}

function tabs(node: Element, children: ElementContent[], walk: Walk): Element {
  const base = `tabs:${walk.tabs++}`;
  const panels = children.filter((c): c is Element => c.type === 'element');
  const labels = panels.map((p) => String(p.properties.dataLabel ?? ''));
  const list = el(
    'div',
    { className: ['tab-list'], role: 'tablist' },
    labels.map((label, i) =>
      el(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `${base}-tab-${i}`,
          ariaSelected: i === 0 ? 'true' : 'false',
          ariaControls: [`${base}-panel-${i}`],
          tabIndex: i === 0 ? 0 : -1,
          className: i === 0 ? ['tab', 'tab-active'] : ['tab'],
        },
        [text(label)],
      ),
    ),
  );
  const wraps = panels.map((panel, i) =>
    el(
      'div',
      {
        role: 'tabpanel',
        id: `${base}-panel-${i}`,
        ariaLabelledBy: [`${base}-tab-${i}`],
        hidden: i !== 0,
        className: ['tab-panel-wrap'],
      },
      [panel],
    ),
  );
  return el('div', { ...node.properties, dataGroup: String(node.properties.dataGroup ?? 'lang') }, [list, ...wraps]);
}

function filterable(node: Element, children: ElementContent[], walk: Walk): Element {
  const id = `table-filter:${walk.filters++}`;
  const box = el('div', { className: ['table-filter'] }, [
    el('label', { htmlFor: [id] }, [text('Filter rows')]),
    el('input', { id, type: 'search', placeholder: 'Type to filter…', autoComplete: ['off'], value: '' }),
  ]);
  return el('figure', node.properties, [box, ...children]);
}

const option = (value: string, label: string) => el('option', { value }, [text(label)]);

/**
 * The changelog's filter (pipeline/changelog/changelog-html.ts): its sections say their APIs and
 * whether they break anything (`data-apis`, `data-breaking`); content-behaviour.ts hides the others.
 */
function changelog(node: Element, children: ElementContent[]): Element {
  const select = (id: string, label: string, options: Element[]) => [
    el('label', { htmlFor: [id] }, [text(label)]),
    el('select', { id, dataFilter: id.replace('changelog-', '') }, options),
  ];
  const controls = el('div', { className: ['changelog-filter'], role: 'group', ariaLabel: 'Filter releases' }, [
    ...select('changelog-api', 'API', [
      option('', 'All APIs'),
      option('v2', 'API v2'),
      option('v1', 'API v1'),
      option('reports', 'Reports API'),
    ]),
    ...select('changelog-kind', 'Changes', [
      option('', 'All changes'),
      option('breaking', 'Breaking'),
      option('non-breaking', 'Non-breaking'),
    ]),
    el('span', { className: ['changelog-count'], role: 'status' }),
  ]);
  return el('div', node.properties, [controls, ...children]);
}

function transform(node: RootContent, walk: Walk): RootContent {
  if (node.type !== 'element') return node;
  const wrap = node.tagName === 'div' && hasClass(node, 'table-wrap');
  const outer = walk.inTableWrap;
  if (wrap) walk.inTableWrap = true;
  const kept = TABLE_PARTS.has(node.tagName) ? node.children.filter((c) => !isWhitespace(c)) : node.children;
  const children = kept.map((c) => transform(c, walk) as ElementContent);
  walk.inTableWrap = outer;
  if (node.tagName === 'a') return anchor(node, children, walk);
  if (node.tagName === 'div' && hasClass(node, 'code-block')) {
    return el('div', node.properties, [
      ...children,
      el(
        'button',
        { type: 'button', className: ['copy-button'], ariaLabel: TEXT.copyLabel, title: TEXT.copyLabel },
        copyButtonFace(false),
      ),
      el('span', { className: ['visually-hidden'], role: 'status' }),
    ]);
  }
  if (node.tagName === 'div' && hasClass(node, 'tabs')) return tabs(node, children, walk);
  if (node.tagName === 'div' && hasClass(node, 'changelog')) return changelog(node, children);
  // An API field's members: the toggle says what it does (api.css shows the half that applies).
  if (node.tagName === 'summary' && hasClass(node, 'api-children-toggle'))
    return el('summary', node.properties, [
      el('span', { className: ['when-closed'] }, [text('Show child fields')]),
      el('span', { className: ['when-open'] }, [text('Hide child fields')]),
    ]);
  if (node.tagName === 'figure' && node.properties.dataKind === 'filterable') return filterable(node, children, walk);
  // Markdown tables come bare: give them the same sideways-scrolling wrapper as generated ones.
  if (node.tagName === 'table' && !walk.inTableWrap)
    return el('div', { className: ['table-wrap'] }, [el('table', node.properties, children)]);
  return { ...node, children };
}

/** The HTML of a page's content (`route`: the page's own, for links to its anchors). */
export function contentHtml(tree: Root, route: string): string {
  const walk: Walk = { route, tabs: 0, filters: 0, inTableWrap: false };
  return toHtml({ type: 'root', children: tree.children.map((c) => transform(c, walk)) });
}
