import { afterEach, describe, expect, it } from 'vitest';
import { pageReady } from './page-ready.ts';

afterEach(() => {
  for (const link of document.querySelectorAll('link')) link.remove();
});

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('the page the app’s code starts in', () => {
  it('is ready at once when parsed and without stylesheets left to load', async () => {
    expect(await settled(pageReady())).toBe(true);
  });

  it('waits for a stylesheet still loading, and goes on when it loads or fails', async () => {
    for (const outcome of ['load', 'error']) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      document.head.append(link);
      const ready = pageReady();
      expect(await settled(ready)).toBe(false);
      link.dispatchEvent(new Event(outcome));
      expect(await settled(ready)).toBe(true);
      link.remove();
    }
  });
});
