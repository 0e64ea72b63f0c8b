/**
 * `payment-group` (schema/frontmatter-method.ts): the overview of a provider or
 * country group. Its variants table compares the group's payment-method pages, so it
 * is filled at link time; compiling only makes sure the page has its `::variants-table`
 * placeholder (before the first h2 when the author wrote none).
 */
import type { Root } from 'hast';
import { replacePlaceholders } from '../../compile/replace-elements.ts';
import type { KindModule } from '../types.ts';
import { keptWhileSame } from '../../link/kept-inputs.ts';
import { variantsTable, type Variant } from './variants-table.ts';
import { siteIndex } from '../site-index.ts';

const PLACEHOLDER = 'variants-table';

export const paymentGroup: KindModule<'payment-group'> = {
  placeholders: [PLACEHOLDER],
  compile: () => ({
    fill: [
      {
        name: PLACEHOLDER,
        content: [{ type: 'element', tagName: 'div', properties: { dataPlaceholder: PLACEHOLDER }, children: [] }],
        fallback: 'before-first-h2',
      },
    ],
  }),
  crossCheck(page, site) {
    const group = page.frontmatter.group;
    if (siteIndex(site.pages).methodsByGroup.has(group)) return [];
    return [
      {
        file: page.relFile,
        line: page.lineOf(['group']),
        field: 'group',
        message: `Expected at least one payment-method page with method.group "${group}", found none`,
        rule: 'group-variants',
      },
    ];
  },
  link: {
    /** The group's variants, in sidebar order (then by route). */
    inputs: (page, site): Variant[] => {
      const members = [...(siteIndex(site.pages).methodsByGroup.get(page.frontmatter.group) ?? [])]
        .map((v) => ({ route: v.route, frontmatter: v.frontmatter, at: site.position(v.route) }))
        .sort((a, b) => (a.at ?? 1e9) - (b.at ?? 1e9) || a.route.localeCompare(b.route));
      // The same variants while the group's methods, their frontmatter and places are the same.
      return keptWhileSame(
        page.frontmatter,
        members.flatMap((m) => [m.route, m.frontmatter, m.at]),
        () => members.map((v) => ({ route: v.route, title: v.frontmatter.title, method: v.frontmatter.method })),
      );
    },
    fill: (compiled: Root, variants: Variant[]): Root =>
      replacePlaceholders(compiled, PLACEHOLDER, () => [variantsTable(variants)]),
  },
};
