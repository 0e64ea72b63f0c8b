import { describe, expect, it } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { inline } from '../../schema/inline.ts';

const html = (text: string, links: string[] = []) =>
  toHtml({ type: 'root', children: inline(text, (u) => links.push(u)) });

describe('inline Markdown in generated tables', () => {
  it('renders code, bold and links; plain text stays text', () => {
    expect(html('Send `"10.50"`, **never** a number; see [formats](/request_format#amounts).')).toBe(
      'Send <code>"10.50"</code>, <strong>never</strong> a number; see <a href="/request_format#amounts">formats</a>.',
    );
    expect(html('No markup here')).toBe('No markup here');
  });
  it('reports link targets and drops unsafe ones to text', () => {
    const links: string[] = [];
    expect(html('[ok](/introduction) and [bad](javascript:void)', links)).toBe(
      '<a href="/introduction">ok</a> and bad',
    );
    expect(links).toEqual(['/introduction']);
  });
  it('escapes HTML in the text', () => {
    expect(html('<script>x</script> `<b>`')).toBe('&#x3C;script>x&#x3C;/script> <code>&#x3C;b></code>');
  });
});
