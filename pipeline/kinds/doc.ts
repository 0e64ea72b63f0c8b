/**
 * `doc` (schema/frontmatter.ts): prose. The one part a doc page may ask for is the
 * changelog (`::changelog`): the releases from content/data/releases.yaml at compile time,
 * what the API reference says about them and the v1 → v2 changes at link time
 * (pipeline/changelog/).
 */
import type { KindModule } from './types.ts';
import { changelogParts } from '../changelog/changelog-html.ts';
import { changelogInputs, fillChangelog, type ChangelogInputs } from '../changelog/changelog-fill.ts';

const CHANGELOG = 'changelog';
const asksForChangelog = /^::changelog\s*$/m;

export const doc: KindModule<'doc'> = {
  placeholders: [CHANGELOG],
  compile: (_fm, ctx, tools) => ({
    fill: [{ name: CHANGELOG, content: () => changelogParts(ctx.data.releases, tools), fallback: 'none' }],
  }),
  link: {
    inputs: (page, site): ChangelogInputs | undefined =>
      asksForChangelog.test(page.body) ? changelogInputs(site) : undefined,
    fill: fillChangelog,
  },
};
