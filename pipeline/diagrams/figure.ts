/**
 * What pages show of a diagram. `::diagram[id]` becomes a figure with two images — the
 * light and the dark SVG — of which the reader's stylesheet shows the one of the
 * current colour mode (`[data-theme]`, so the site's toggle wins over the system
 * setting; an SVG's own media query would only follow the system). Both load lazily:
 * a hidden lazy image is never fetched. A payment-method page's own flow links to the
 * diagrams of its pattern (`methodDiagrams`) in its caption (kinds/payment-method/flow-figure.ts).
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { DiagramMatch } from '../../schema/diagrams.ts';
import type { PaymentMethod } from '../../schema/frontmatter-method.ts';

/** A diagram as pages see it: JSON, since it travels in the compile context. */
export interface DiagramRef {
  id: string;
  title: string;
  /** The text alternative. */
  alt: string;
  /** Route of the page that shows it. */
  guide: string;
  applies_to: DiagramMatch[];
  /** Absolute paths of the SVGs. */
  light: string;
  dark: string;
}

/** The figure's id: the anchor method pages link to. */
export const diagramAnchor = (id: string) => `diagram-${id}`;

export function diagramFigure(ref: DiagramRef, id = diagramAnchor(ref.id)): Element {
  const img = (src: string, className: string) =>
    h('img', { src, alt: ref.alt, className: ['diagram-image', className], loading: 'lazy', decoding: 'async' });
  return h('figure', { className: ['diagram'], id }, [
    img(ref.light, 'diagram-light'),
    img(ref.dark, 'diagram-dark'),
    // No "open the image" link: opened on its own, the SVG is a document under the site's CSP,
    // which refuses the inline styles D2 draws with (as an <img> it runs no CSP of its own).
    h('figcaption', [ref.title]),
  ]);
}

/** The diagrams whose `applies_to` matches a method's data sheet, in the list's order. */
export function methodDiagrams(
  method: Pick<PaymentMethod, 'direction' | 'integration' | 'group' | 'service' | 'flow'>,
  refs: readonly DiagramRef[],
): DiagramRef[] {
  const matches = (m: DiagramMatch) =>
    (!m.direction || m.direction === method.direction) &&
    (!m.integration || method.integration.includes(m.integration)) &&
    (!m.group || m.group === method.group) &&
    (!m.service || m.service === method.service) &&
    (!m.next_action || (method.flow.next_action !== undefined && m.next_action.includes(method.flow.next_action.type)));
  return refs.filter((ref) => ref.applies_to.some(matches));
}
