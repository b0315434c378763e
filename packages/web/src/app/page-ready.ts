/** How long the app waits for a stylesheet that neither loads nor fails (a stalled connection). */
const STYLESHEET_WAIT_MS = 10_000;

/**
 * Resolves once the page's HTML is parsed and its stylesheets have loaded. The app's code is
 * asked for by a script (index.html's first script, see first-paint/start-code.ts), and such a
 * module runs as soon as it has arrived, unlike the deferred entry Vite writes: possibly before
 * #root is parsed, and before the stylesheet (index.html has it in the body, after the early frame).
 */
export async function pageReady(doc: Document = document): Promise<void> {
  if (doc.readyState === 'loading') {
    await new Promise<void>((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
  }
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  await Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, STYLESHEET_WAIT_MS);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
        }),
    ),
  );
}
