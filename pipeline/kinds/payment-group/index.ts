/**
 * `payment-group` (schema/frontmatter-method.ts): the overview of a provider or
 * country group. Its variants table compares the group's payment-method pages, so it
 * is filled at link time; compiling only makes sure the page has its `::variants-table`
 * placeholder (before the first h2 when the author wrote none).
 */
import type { Root } from 'hast';
import { replacePlaceholders } from '../../compile/replace-elements.ts';
import type { KindModule, PageOf } from '../types.ts';
import { variantsTable, type Variant } from './variants-table.ts';
import { siteIndex } from '../site-index.ts';

const PLACEHOLDER = 'variants-table';

interface Member {
  route: string;
  frontmatter: PageOf<'payment-method'>['frontmatter'];
  at: number | undefined;
}

/**
 * A group page's variants, by its frontmatter, while its methods and their places are the same: a
 * validated frontmatter is kept as it is until its file changes, so a dev save of another page
 * finds the same variants — the same object, whose key the page JSON stage has hashed already.
 */
const made = new WeakMap<object, { members: Member[]; variants: Variant[] }>();

const sameMembers = (a: Member[], b: Member[]) =>
  a.length === b.length &&
  a.every((m, i) => m.route === b[i].route && m.frontmatter === b[i].frontmatter && m.at === b[i].at);

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
      const kept = made.get(page.frontmatter);
      if (kept && sameMembers(kept.members, members)) return kept.variants;
      const variants = members.map((v) => ({
        route: v.route,
        title: v.frontmatter.title,
        method: v.frontmatter.method,
      }));
      made.set(page.frontmatter, { members, variants });
      return variants;
    },
    fill: (compiled: Root, variants: Variant[]): Root =>
      replacePlaceholders(compiled, PLACEHOLDER, () => [variantsTable(variants)]),
  },
};
