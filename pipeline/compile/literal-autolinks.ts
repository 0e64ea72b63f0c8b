/**
 * GFM's literal autolinks (`www.example.com`, `https://…` and `name@example.com` written
 * without `<>`) were a quarter of parsing the site's Markdown: micromark tries the email
 * construct at every ASCII letter and digit of every paragraph, and a transform then
 * searches every text node with four regular expressions. Few pages have a literal (none
 * of the site's do), so a body is parsed with the rest of GFM first, and again with all of
 * it only if that tree could hold one (`mayHoldLiteralAutolinks`).
 *
 * Why the first tree is then GFM's own: every literal, in micromark and in the transform,
 * contains `www.`, `http://` or `https://` (any case) or an `@`. Parsed without the
 * extension, those characters stay text: no other construct starts at a letter, a digit,
 * `+`, `-` or `.`, and `_` makes at most emphasis, whose text is text nodes too. Where no
 * text node holds one, the extension finds nothing and leaves the tree as it is.
 * test/pipeline/site-parse.test.ts compares both parses on every page of the site and of
 * the fixtures, literal-autolinks.test.ts on bodies written to hide a literal. Figures:
 * bench/parse.bench.ts.
 */
import type { Processor } from 'unified';
import type { Root } from 'mdast';
import { someNode } from './each-node.ts';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';

/**
 * remark-gfm's parsing half, in its order, without the literal autolinks: footnotes, strikethrough,
 * tables, task lists.
 */
export function remarkGfmWithoutLiterals(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

/** What every literal autolink contains. */
const LITERAL_PART = /www\.|https?:\/\/|@/i;

/**
 * Whether GFM could find a literal autolink in a body, given its tree parsed without them:
 * some text node holds a literal's part (an image's alt is the same text either way). The
 * tree's text, not the body's: a character reference (`&#64;`) or an escape (`www\.`)
 * makes one only there.
 */
export function mayHoldLiteralAutolinks(tree: Root): boolean {
  return someNode(tree, (node) => node.type === 'text' && LITERAL_PART.test(node.value));
}
