/**
 * Rules of page bodies: directives, raw HTML, links, code fences, generated tables. Registered in
 * pipeline/rules.ts.
 */
import { inArea } from './area.ts';

export const markdownRules = inArea('markdown', {
  'status-reference': {
    summary: '`:status[x]` names an unknown status.',
    why: "The reference becomes a link to the status's row: an unknown status links nowhere.",
    fix: 'Use a code from transaction_statuses.yaml; the hint names the nearest one when the code is a near miss.',
    judgedAgainst: ['transaction_statuses'],
  },
  'error-reference': {
    summary: '`:error[x]` names an unknown API error code.',
    why: "The reference becomes a link to the code's row: an unknown code links nowhere.",
    fix: 'Use a code from api_error_codes.yaml; the hint names the nearest one when the code is a near miss.',
    judgedAgainst: ['api_error_codes'],
  },
  'reason-reference': {
    summary: '`:reason[x]` names an unknown failure reason.',
    why: "The reference becomes a link to the reason's row: an unknown reason links nowhere.",
    fix: 'Use a code from failure_reasons.yaml; the hint names the nearest one when the code is a near miss.',
    judgedAgainst: ['failure_reasons'],
  },
  'host-reference': {
    summary: '`:host[x]` names an unknown base URL.',
    why: 'Base URLs are defined once in site.yaml; an unknown one would print the key instead of a URL.',
    fix: '`<environment>.<name>` from site.yaml `environments`, e.g. `sandbox.api`.',
  },
  'unknown-directive': {
    summary:
      'A `:::name` or `::name` directive that paydocs does not know, or an ' +
      'inline `:name[label]` whose name is one typo from a known inline directive ' +
      '(`:stauts[success]`). The hint names the nearest known directive.',
    why:
      'A block would render as an empty box, an inline reference as ' +
      "plain text with no link: usually a typo in the directive's name.",
    fix:
      'Use the name the hint suggests. Known: note, tip, info, warning, danger, details, tabs, ' +
      'method-flow, variants-table, reference-table, data-table, status, error, reason, host.',
  },
  'placeholder-kind': {
    summary:
      'A generated block (`::variants-table`, `::reference-table`, ' +
      '`::method-flow`) on a page whose kind has no data for it.',
    why:
      'Only a payment group knows its variants, only a reference-table page names a table ' +
      'source and only a payment method has a flow: elsewhere the block would stay empty.',
    fix: 'Remove the directive, or move it to a page of the kind the message names.',
  },
  tabs: {
    summary: 'Something other than fenced code blocks inside `::::tabs`.',
    why: 'Each code block becomes one tab; anything else would have no tab to show in.',
    fix: 'Put prose outside the tabs.',
  },
  'raw-html': {
    summary:
      'Raw HTML that the sanitizer removes: `<form>`, `<input>` (other than a task-list checkbox), ' +
      '`<button>`, `<style>`, `<script>`, frames, embeds, an `on…` event-handler attribute, ' +
      'or an attribute it does not keep on a tag it keeps (`style`, `target`, `data-…`; it keeps ' +
      'those GitHub keeps, such as `align`, `title`, `class`). Nothing of it reaches the page.',
    why: 'Silently dropped markup would leave a hole in the page; pages run no inline script or style (strict CSP).',
    fix: 'Describe the thing in Markdown or link to it.',
  },
  'link-scheme': {
    summary:
      'A link URL with a scheme other than `http`, `https`, `mailto`, `tel` — e.g. ' +
      '`javascript:`, `data:`, or a relative path with a colon read as a scheme — or an image ' +
      'URL with any scheme (`https://cdn.example/x.png`, `data:`). Schemes compare ' +
      'case-insensitively (`HTTPS:` is fine). The link is kept as text only; the image is dropped.',
    why:
      "Such URLs run script or load content the strict CSP blocks (`img-src 'self'`: an image " +
      'from another host would show broken); a colon in a path is read as a scheme by browsers.',
    fix:
      'Use an absolute route (`/section/page`) or a full URL; save an ' +
      'image in `content/public/` and write its route (`/img/flow.png`).',
  },
  'link-relative': {
    summary:
      'A relative (`../x`, `page.md`) or backslash URL, or an ' +
      'empty one (`[text]()`, which would link the page to itself).',
    why: 'Relative links break when a page moves, and browsers read `\\` as `/`.',
    fix: 'Write the route from the site root: `/reference/test_cards`.',
  },
  'code-language': {
    summary: "A code fence's language has characters other than letters, digits, `+ # . -` (e.g. a quote).",
    why:
      'The language names the highlighter and the tab label; ' +
      'anything else is usually a title written in the wrong place.',
    fix: 'Write the language right after the fence (` ```json `), and a title as `title="…"`.',
  },
  'unclosed-block': {
    summary:
      'A code fence (```` ``` ````, `~~~`) or a `:::name` container directive is never ' +
      'closed, so it would swallow the rest of the page. The line is where it opens.',
    why: 'Everything after the opening line would become code or part of the directive.',
    fix: 'Close it: a line of the same fence, or of as many colons as it opened with.',
  },
  'nesting-limit': {
    summary:
      'Lists, block quotes or container directives nested deeper than 24 levels, or anything in a ' +
      'page (emphasis, links, raw HTML elements) nested deeper than 100. The page is not compiled.',
    why:
      "The build would hang on the page (block nesting makes the Markdown parser's time explode) or crash " +
      'on it (deeper trees overflow the stack of the tools that convert them) instead of reporting it.',
    fix: 'Flatten the structure: split it into sections, or use a table.',
  },
  'table-source': {
    summary: 'A reference-table names an unknown `table.source`.',
    why: "The table's rows come from the source: the page would have no table.",
    fix: 'See pipeline/sources/index.ts for the sources; the hint names the nearest one.',
  },
  'table-column': {
    summary: "A reference-table column key is not in the source's rows.",
    why: 'The column would be empty in every row.',
    fix: 'The message lists the available keys.',
  },
});
