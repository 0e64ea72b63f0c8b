/** Copying text to the clipboard, for the page's "Copy page" button and the code blocks' copy buttons. */

/**
 * The Clipboard API, or — no API, or no permission — the selection-based fallback. Rejects
 * when the browser refuses the fallback too.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy refused');
  }
}
