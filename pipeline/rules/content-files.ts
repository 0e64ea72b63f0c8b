/**
 * Rules of single content files: YAML, frontmatter, characters, routes, content/public. Registered
 * in pipeline/rules.ts.
 */
import { inArea } from './area.ts';

export const fileRules = inArea('files', {
  'yaml-syntax': {
    summary: 'The frontmatter, or a YAML file, is not valid YAML. The line is where the parser stopped.',
    why:
      "None of its values can be read until it parses, so the checks of its fields wait for this one. A page's " +
      'Markdown is still checked in the same run, as the kind its `kind:` line names (a doc if it has none).',
    fix: 'Fix the syntax; quote strings containing `: `, `#`, or starting with `` ` `` `@` `*` `&` `!` `%` `{` `[`.',
  },
  'frontmatter-missing': {
    summary: 'A page has no `---` frontmatter block.',
    why:
      'Title, description and keywords come from the frontmatter: without ' +
      'them the page has no title, no search entry and no meta tags.',
    fix: 'Add `title`, `description` and `keywords` between `---` lines at the top of the file.',
  },
  frontmatter: {
    summary:
      'A frontmatter field fails its schema (schema/frontmatter*.ts): wrong type, missing, ' +
      'unknown field, value outside its enum. The message says "Expected X, found Y".',
    why:
      'The page JSON contract promises other tools the validated frontmatter; ' +
      'a typo in a field name would otherwise be silently ignored.',
    fix: 'Fix the named field; unknown fields are usually typos or a comma inside a `{ … }` mapping.',
  },
  'empty-body': {
    summary: 'A page has frontmatter but no content.',
    why: 'An empty page would be published, listed in the sidebar and indexed with nothing to read.',
    fix: 'Write the page or delete the file.',
  },
  'duplicate-route': {
    summary: 'Two files produce the same route (`a.md` and `a/index.md`).',
    why: 'One URL can serve only one page; which file wins would depend on the order files are read.',
    fix: 'Keep one of the two files.',
  },
  'route-name': {
    summary:
      "A page's path (its folders and file name, which make its URL) holds something other " +
      'than lowercase letters, digits, `-` and `_`: a space, `#`, `?`, `%`, a dot, a capital.',
    why:
      '`#`, `?`, spaces and `%` break the URL; a dot makes it look like a file (`/a.md` is a ' +
      "page's Markdown twin); capitals make URLs that a case-insensitive disk cannot keep apart.",
    fix: 'Rename the file (or folder) as the hint says, and update the links to it.',
  },
  'route-reserved': {
    summary:
      "A page's path starts with a folder the build fills itself: " +
      '`assets/` (bundles) or `_data/` (page JSON, search shards).',
    why:
      "The page would be written among the build's files: under `assets/` hosts keep it for a year under " +
      'a name that does not change, and under `_data/` it sits beside the page data other tools read.',
    fix: 'Rename the file or move it to another folder, and update the links to it.',
  },
  'not-a-file': {
    summary:
      'An entry of content/ (outside content/public/) named like a page, data or diagram file ' +
      '(`.md`, `.yaml`, `.d2`) is a symbolic link, a named pipe or a socket; or a link to a folder.',
    why:
      'The build reads only real files there, so the page or data would be missing from the site without ' +
      'a word, while an editor or the dev server might show it. Reading a pipe would wait forever.',
    fix:
      'Put the file itself in content/ (move it, or copy it). In ' +
      'content/public/, links to files inside the project are followed.',
  },
  'public-link': {
    summary: 'A link (symlink) in content/public leads outside the project, or nowhere.',
    why: 'Everything in content/public is published; `paydocs dev` and `paydocs serve` answer 404 for such links.',
    fix: 'Copy the file into content/public instead of linking to it.',
  },
  'public-clash': {
    summary:
      'A file in content/public has the name of a file the build makes: `_headers`, `_redirects`, ' +
      "`sitemap.xml`, `robots.txt`, `llms.txt`, `sw.js`, a page's `index.html` or Markdown twin; or it lies " +
      "in a folder of the build's content-hashed files (`assets/`, `_data/search/`, `_data/generated/`).",
    why:
      'One of the two files would silently replace the other in dist/; a file in a hashed ' +
      'folder is cached for a year under its name, so a change to it would not reach readers.',
    fix:
      'Rename or move the public file; change what the build makes ' +
      'through its source (the page, site.yaml, the hosting rules).',
  },
  'control-character': {
    summary:
      'A content file (frontmatter, body or YAML) holds an invisible control character — NUL, ESC and ' +
      'the other C0/C1 controls, a bidirectional override (U+202A–U+202E, U+2066–U+2069) — or U+FFFD, which ' +
      'is what bytes that are not valid UTF-8 decode to. The file is not read further. The same characters ' +
      'written as YAML escapes in a frontmatter or YAML string or key (`"\\u0000"`, `"\\x1b[31m"`, ' +
      '`"\\e"`) are named too, with their field: the file is read, but the page or data file is refused.',
    why:
      'Invisible characters change what a reader sees (bidi overrides ' +
      'reorder text) or break the parsers without a visible cause.',
    fix: 'Delete the character (or its escape); save the file as UTF-8.',
  },
});
