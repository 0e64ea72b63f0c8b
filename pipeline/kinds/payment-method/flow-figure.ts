/**
 * A method's flow (./flow-sequence.ts) as a sequence diagram in HTML, drawn by the reader's
 * stylesheet (reader/styles/flow.css): the lanes are a grid's columns, each step a list item
 * whose text sits over an arrow from one lane to another. Positions are classes — `seq-n4`
 * (lanes), `seq-a2`/`seq-b3` (the step's leftmost and rightmost lane) — never inline styles
 * (the site's CSP has no 'unsafe-inline'). It is text, so it needs no image, no size and no
 * text alternative of its own: the ordered list says each step with who sends it to whom
 * (visually hidden, the lanes show it), and it wraps and reflows like the rest of the page.
 */
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { type DiagramRef, diagramAnchor } from '../../diagrams/figure.ts';
import { UNINDEXED_CLASS } from '../../compile/sections.ts';
import type { FlowStep, MethodSequence } from './flow-sequence.ts';

export const FLOW_FIGURE_CLASS = 'method-sequence';
/** The lanes' heads: hidden from screen readers, whose steps name their lanes (the Markdown twin: one line). */
export const LANES_CLASS = 'seq-lanes';
/** Lanes a flow may have (the stylesheet has a class for each). */
export const MAX_LANES = 5;

/** "`x` text" → text and code nodes. */
export function codeText(text: string): ElementContent[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') ? h('code', part.slice(1, -1)) : { type: 'text', value: part }));
}

export function flowFigure(seq: MethodSequence, caption: ElementContent[]): Element {
  if (seq.lanes.length > MAX_LANES) throw new Error(`A flow has at most ${MAX_LANES} lanes`);
  const position = new Map(seq.lanes.map((l, i) => [l.lane, i + 1]));
  const name = new Map(seq.lanes.map((l) => [l.lane, l.name]));
  const item = (s: FlowStep): Element => {
    const [from, to] = [position.get(s.from) ?? 1, position.get(s.to) ?? 1];
    const way = from < to ? 'seq-right' : from > to ? 'seq-left' : 'seq-self';
    const className = ['seq-step', `seq-a${Math.min(from, to)}`, `seq-b${Math.max(from, to)}`, way];
    if (s.reply) className.push('seq-reply');
    const who = from === to ? `${name.get(s.from)}: ` : `${name.get(s.from)} to ${name.get(s.to)}: `;
    return h('li', { className }, [
      h('span', { className: ['visually-hidden'] }, who),
      h('span', { className: ['seq-label'] }, h('span', { className: ['seq-text'] }, codeText(s.text))),
      ...(from === to ? [] : [h('span', { className: ['seq-arrow'] })]),
    ]);
  };
  return h('figure', { className: [FLOW_FIGURE_CLASS, `seq-n${seq.lanes.length}`, UNINDEXED_CLASS] }, [
    h(
      'div',
      { className: [LANES_CLASS], ariaHidden: 'true' },
      seq.lanes.map((l) =>
        h('div', { className: ['seq-lane'] }, [
          h('span', { className: ['seq-name'] }, l.name),
          ...(l.role ? [h('span', { className: ['seq-role'] }, l.role)] : []),
        ]),
      ),
    ),
    h('ol', { className: ['seq-steps'], role: 'list' }, seq.steps.map(item)),
    h('figcaption', caption),
  ]);
}

/** The caption: what the flow is, and links to the shared diagrams of its pattern where their guides show them. */
export function flowCaption(
  title: string,
  seq: MethodSequence,
  diagrams: readonly DiagramRef[],
  onLink: (url: string) => void,
): ElementContent[] {
  const links = diagrams.flatMap((ref, i) => {
    const href = `${ref.guide}#${diagramAnchor(ref.id)}`;
    onLink(href);
    return [...(i ? [{ type: 'text' as const, value: ' · ' }] : []), h('a', { href }, ref.title)];
  });
  return [
    `${title}: `,
    ...codeText(seq.pattern),
    ", drawn from this page's data sheet.",
    ...(links.length ? [' Shared diagrams: ', ...links, '.'] : []),
  ].map((part) => (typeof part === 'string' ? { type: 'text' as const, value: part } : part));
}
