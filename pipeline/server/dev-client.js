// paydocs dev client: live reload and the build-error overlay (served as an
// external script, so the strict CSP holds in dev too).
const source = new EventSource('/__paydocs/events');
let overlay;
function showError(text) {
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'paydocs-error-overlay';
    overlay.setAttribute('role', 'alert');
    const title = document.createElement('h2');
    title.textContent = 'Build failed — the previous version is still being served';
    const pre = document.createElement('pre');
    const hint = document.createElement('p');
    hint.textContent = 'Fix the file and save: the page reloads by itself.';
    overlay.append(title, pre, hint);
    document.body.append(overlay);
  }
  overlay.querySelector('pre').textContent = text;
}
source.addEventListener('reload', () => location.reload());
source.addEventListener('build-error', (e) => showError(JSON.parse(e.data).text));
// The version this page was served at: a newer one on (re)connecting means a reload was missed.
const servedAt = new URL(import.meta.url).searchParams.get('v');
source.addEventListener('hello', (e) => {
  const d = JSON.parse(e.data);
  if (servedAt !== null && String(d.version) !== servedAt) {
    location.reload();
    return;
  }
  if (d.error) showError(d.error);
});
