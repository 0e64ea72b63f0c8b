/**
 * D2's SVG → the file the site serves: the diagram's title and text alternative as
 * `<title>` and `<desc>` (what a reader gets who opens the image on its own), the
 * root marked `role="img"` and labelled by them, and an intrinsic size from the view
 * box, so an `<img>` of it has its real proportions before it has loaded.
 */
/**
 * The version of what `finishSvg` does, part of every diagram's file name (with D2's own
 * version and options): the files are cached for a year under their names, so a change
 * to the finishing must rename them — and any other code change must not (each rename
 * also changes every page that shows the diagram). test/diagrams/diagrams.test.ts holds
 * the output recorded for this version and fails when the output changes without a bump.
 */
export const SVG_FINISH_VERSION = 1;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function finishSvg(raw: string, meta: { title: string; description: string }): string {
  const open = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>/.exec(raw);
  if (!open) throw new Error('D2 returned something that is not an SVG');
  let attributes = open[1].replace(/\s(?:role|aria-labelledby|width|height)="[^"]*"/g, '');
  const box = /\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(attributes);
  if (box) attributes += ` width="${box[1]}" height="${box[2]}"`;
  const head =
    `<svg${attributes} role="img" aria-labelledby="diagram-title diagram-desc"><title ` +
    `id="diagram-title">${escapeXml(meta.title)}</title><desc ` +
    `id="diagram-desc">${escapeXml(meta.description)}</desc>`;
  return head + raw.slice(open.index + open[0].length);
}
