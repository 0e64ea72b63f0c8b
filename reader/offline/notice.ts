/** The small "Updated — reload" notice (one per tab), outside React: it belongs to no page. */
export const UPDATE_TEXT = { updated: 'Updated', reload: 'reload' } as const;

export function showUpdateNotice(onReload: () => void): void {
  if (document.querySelector('.update-notice')) return;
  const box = document.createElement('div');
  box.className = 'update-notice';
  box.setAttribute('role', 'status');
  document.body.append(box);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = UPDATE_TEXT.reload;
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  // Filled after the live region is in the document, so screen readers announce it.
  requestAnimationFrame(() => box.append(`${UPDATE_TEXT.updated} — `, button));
}
