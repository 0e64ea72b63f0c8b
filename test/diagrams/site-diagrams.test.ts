/**
 * The real site's flow diagrams: one for every integration pattern and one for the
 * statuses, each drawn (light and dark, titled and described) and shown on its guide;
 * every payment-method page shows its own flow, whose caption links to the diagrams of
 * its pattern, and each link lands on a figure of that page.
 */
import { describe, expect, it } from 'vitest';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walkElements } from '../../pipeline/compile/walk.ts';
import { FLOW_FIGURE_CLASS } from '../../pipeline/kinds/payment-method/flow-figure.ts';
import { buildProjectSite } from '../helpers.ts';

const built = await buildProjectSite();
const pageOf = new Map(built.pages.map((p) => [p.route, p]));

function elements(ast: Root, test: (e: Element) => boolean): Element[] {
  const found: Element[] = [];
  walkElements(ast, (e) => {
    if (test(e)) found.push(e);
  });
  return found;
}
const classes = (e: Element) => (e.properties.className as string[] | undefined) ?? [];
/** A page's own flow figures (pipeline/kinds/payment-method/flow-figure.ts). */
const flows = (tree: unknown) => elements(tree as Root, (e) => classes(e).includes(FLOW_FIGURE_CLASS));
/** The `href`s of a page's flow caption. */
const flowLinks = (tree: unknown) =>
  flows(tree).flatMap((f) =>
    elements(f as unknown as Root, (e) => e.tagName === 'a').map((a) => String(a.properties.href)),
  );

const PATTERNS = [
  'hpp',
  'h2h-redirect',
  'h2h-qr',
  'h2h-voucher',
  'h2h-app',
  'payout',
  'p2p',
  'callbacks',
  'transaction-statuses',
];

describe("the real site's flow diagrams", () => {
  it('draws every pattern and the statuses, light and dark, with a title and a description', async () => {
    const diagramFiles = await built.diagramFiles;
    for (const id of PATTERNS) {
      const light = [...diagramFiles.keys()].filter((p) =>
        new RegExp(`^assets/diagrams/${id}\\.[0-9a-f]{12}\\.svg$`).test(p),
      );
      const dark = [...diagramFiles.keys()].filter((p) =>
        new RegExp(`^assets/diagrams/${id}\\.dark\\.[0-9a-f]{12}\\.svg$`).test(p),
      );
      expect([light.length, dark.length], id).toEqual([1, 1]);
      for (const p of [...light, ...dark])
        expect(diagramFiles.get(p), p).toMatch(
          new RegExp(
            /^<svg [^>]*role="img"[^>]*><title id="diagram-title">/.source +
              /[^<]+<\/title><desc id="diagram-desc">[^<]{40,}<\/desc>/.source,
          ),
        );
    }
    // Generated from the data file: every status label is in the picture.
    const statuses = diagramFiles.get(
      [...diagramFiles.keys()].find((p) => p.startsWith('assets/diagrams/transaction-statuses.'))!,
    )!;
    for (const s of built.site.data.transaction_statuses) expect(statuses).toContain(`>${s.label}<`);
  });

  it('shows every payment-method page its own flow: its provider by name, its service, steps between lanes', () => {
    const methods = built.pages.filter((p) => p.frontmatter.kind === 'payment-method');
    const wrong: string[] = [];
    for (const page of methods) {
      if (page.frontmatter.kind !== 'payment-method') continue;
      const m = page.frontmatter.method;
      const [figure, ...more] = flows(page.ast);
      if (!figure || more.length) {
        wrong.push(`${page.route}: ${more.length + (figure ? 1 : 0)} flows`);
        continue;
      }
      const lanes = elements(figure as unknown as Root, (e) => classes(e).includes('seq-name')).map(toString);
      const steps = elements(figure as unknown as Root, (e) => e.tagName === 'li').map(toString);
      if (!lanes.includes(m.name)) wrong.push(`${page.route}: no lane named ${m.name}`);
      if (!steps.some((s) => s.includes(`service: ${m.service}`))) wrong.push(`${page.route}: no ${m.service}`);
      if (steps.length < 5) wrong.push(`${page.route}: ${steps.length} steps`);
    }
    expect(wrong).toEqual([]);
  });

  it("links every payment-method page's flow to the diagrams of its pattern, and every link lands on a figure", () => {
    const methods = built.pages.filter((p) => p.frontmatter.kind === 'payment-method');
    expect(methods.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const page of methods) {
      if (page.frontmatter.kind !== 'payment-method') continue;
      const m = page.frontmatter.method;
      const ids = flowLinks(page.ast).map((href) => href.split('#diagram-')[1]);
      const wanted = [
        'callbacks',
        'transaction-statuses',
        ...(m.direction === 'payout' ? ['payout'] : []),
        ...(m.direction === 'payin' && m.integration.includes('hpp') ? ['hpp'] : []),
      ];
      for (const id of wanted) if (!ids.includes(id)) missing.push(`${page.route}: ${id}`);
      // A host-to-host payin that declares its next_action links the one diagram of that action.
      const h2h = ids.filter((id) => id.startsWith('h2h-'));
      if (m.direction === 'payin' && m.integration.includes('h2h') && m.flow.next_action && h2h.length !== 1)
        missing.push(`${page.route}: ${h2h.length} host-to-host diagrams for next_action ${m.flow.next_action.type}`);
      for (const href of flowLinks(page.ast)) {
        const [route, anchor] = href.split('#');
        const target = pageOf.get(route);
        const figures = target
          ? elements(target.ast as Root, (e) => e.tagName === 'figure' && e.properties.id === anchor)
          : [];
        if (figures.length !== 1) missing.push(`${page.route}: ${href} lands on no figure`);
      }
    }
    expect(missing).toEqual([]);
  });
});
