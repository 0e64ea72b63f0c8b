/**
 * Rule public-clash: a file of content/public named like one the build makes. The files
 * themselves are listed with the content (content/public-listing.ts).
 */
import type { Diagnostic } from '../diagnostics.ts';
import { BUILD_MARKER } from './out-dir.ts';
import { TWIN_ENCODINGS } from '../server/hosting.ts';
import { HASHED_FOLDERS } from '../../schema/dist-layout.ts';
import type { PageSource } from '../content/validate.ts';
import { namesABuildMakes } from './build-names.ts';

/** The project file a public file is copied from, as messages name it. */
const sourceOf = (name: string) => `content/public/${name}`;

/**
 * A public file named like one the build makes (`_headers`, `sitemap.xml`, a page's
 * `index.html` or Markdown twin) would replace it, or be replaced by it, depending on the
 * order of the writes. One in a folder of hashed names (`assets/`: HASHED_FOLDERS) would
 * be cached for a year under a name that does not change with it. Both are `public-clash`.
 */
export function publicClashes(publicFiles: string[], claimed: (name: string) => boolean): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const to of publicFiles) {
    const file = sourceOf(to);
    const folder = HASHED_FOLDERS.find((f) => to.startsWith(`${f}/`));
    // `x.br` beside a file the build makes is that file's precompressed twin.
    const twinOf = TWIN_ENCODINGS.find((t) => to.endsWith(t.suffix));
    if (claimed(to) || to === BUILD_MARKER || (twinOf && claimed(to.slice(0, -twinOf.suffix.length))))
      problems.push({
        file,
        rule: 'public-clash',
        message: `Expected a name the build does not make itself, found ${to} (the build writes a file of that name).`,
        hint:
          'Rename or move the file. To change what the build makes there, ' +
          'change its source: the page, site.yaml or the hosting rules.',
      });
    else if (folder)
      problems.push({
        file,
        rule: 'public-clash',
        message:
          `Expected a file outside ${folder}/, found ${to} (files ` +
          "there are the build's, cached for a year under their name).",
        hint:
          'Move the file to another folder of content/public, such as ' +
          'img/: a change to it would not reach readers who have it cached.',
      });
  }
  return problems;
}

/** Before anything is compiled (`check`, `dev`, `build`): against the names a build of these pages makes. */
export function clashesBeforeBuild(
  publicFiles: string[],
  pages: Pick<PageSource, 'route' | 'frontmatter'>[],
): Diagnostic[] {
  const names = namesABuildMakes(pages);
  return publicClashes(publicFiles, (name) => names.has(name));
}
