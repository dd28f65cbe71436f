/**
 * Toasts read aloud. antd-mobile draws a toast inside its mask, which it marks aria-hidden, and a region that
 * appears with its words already in it is not reliably announced anyway; so one polite status region lives in the
 * page from the start and repeats each toast's words. It watches the page for antd-mobile's toast rather than
 * wrapping `Toast.show`, because screens call antd-mobile's Toast directly (about eighty places).
 */
const TOAST = '.adm-toast-main';

export function announceToasts(body: HTMLElement = document.body): () => void {
  const region = document.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.className = 'px-visually-hidden';
  region.dataset.testid = 'toast-announcer';
  body.append(region);

  let shown = '';
  const read = () => {
    const words = body.querySelector(TOAST)?.textContent?.trim() ?? '';
    if (words === shown) return;
    shown = words;
    // The region empties when the toast goes, so the same words shown again later are announced again.
    region.textContent = words;
  };
  // A toast is rendered into nodes appended to <body>; only those are watched closely, so the app's own renders
  // below #root cost nothing here.
  const containers = new Map<Node, MutationObserver>();
  const outer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || node === region || node.id === 'root') continue;
        const inner = new MutationObserver(read);
        inner.observe(node, { childList: true, subtree: true, characterData: true });
        containers.set(node, inner);
      }
      for (const node of record.removedNodes) {
        containers.get(node)?.disconnect();
        containers.delete(node);
      }
    }
    read();
  });
  outer.observe(body, { childList: true });
  return () => {
    outer.disconnect();
    for (const inner of containers.values()) inner.disconnect();
    region.remove();
  };
}
