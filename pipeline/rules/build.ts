/** Rules of the link check and the build. Registered in pipeline/rules.ts. */
import { inArea } from './area.ts';

export const buildRules = inArea('build', {
  'link-encoding': {
    summary: 'A link whose percent-encoding is malformed (`/api/%E0%A4%A`, a lone `%`).',
    why: 'The link cannot be decoded to check it, and browsers would request a different address.',
    fix: 'Write the characters themselves, or encode each UTF-8 byte as `%XX` (`%` itself is `%25`).',
  },
  'broken-link': {
    summary:
      'An internal link names a route no page has, and no file of content/public or of the ' +
      'build (a Markdown twin, llms.txt, an OpenAPI document); broken `#anchors` are ignored.',
    why: 'A reader who follows it lands on the 404 page.',
    fix:
      'Link to an existing route; the hint names the nearest route ' +
      '(a near spelling of it, or routes ending in the same segment).',
  },
  'out-dir': {
    summary:
      '`paydocs build --out <folder>` names a folder a build must not replace: the project root, a ' +
      'folder containing the project, a folder inside content/, a file, or a non-empty folder that ' +
      'is not an earlier paydocs build (which carries a `.paydocs-build` marker). Nothing is written.',
    why: 'Every build deletes what its output folder held.',
    fix: 'Build into a folder of its own (the default `dist`), or empty the folder first.',
  },
  'compile-crash': {
    summary: 'The compiler threw on this page (a paydocs bug).',
    why: 'The page cannot be built, and the build stops rather than publish a site without it.',
    fix: 'Report it with the file.',
  },
});
