import { useEffect, useRef } from 'react';
import { useEnvironment, useSportSprites } from '../../api/queries.ts';
import classes from './layout.module.css';

/** Parses an SVG sprite; scripts and event handlers never reach the page. */
function parseSprite(text: string): Element | null {
  const document = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.nodeName !== 'svg') return null;
  for (const script of root.querySelectorAll('script, foreignObject')) script.remove();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (attribute.name.startsWith('on')) element.removeAttribute(attribute.name);
    }
  }
  return root;
}

/** Each sprite's text parsed once per page: a new sprite arriving does not parse the others again. */
const parsedSprites = new Map<string, Element | null>();

function spriteNode(text: string): Element | null {
  let node = parsedSprites.get(text);
  if (node === undefined) {
    node = parseSprite(text);
    parsedSprites.set(text, node);
  }
  return node;
}

/** Runs `work` once the page is idle (within a second): after the screen's own first work. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * The hidden area holding the sports' marker icon sprites (spec §2), so that any screen can
 * draw an icon with `<use href="#symbol-id">`. Parsed when the page is idle: a screen's first
 * render comes first.
 */
export function SpriteHost() {
  const { data: environment } = useEnvironment();
  const sprites = useSportSprites(environment);
  const ref = useRef<HTMLDivElement>(null);
  const texts = sprites.map((sprite) => sprite.data ?? '');
  const signature = texts.join('\u0000');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the texts.
  useEffect(
    () =>
      whenIdle(() => {
        const nodes = texts.filter(Boolean).map(spriteNode);
        ref.current?.replaceChildren(...nodes.filter((node): node is Element => node !== null));
      }),
    [signature],
  );

  return <div ref={ref} className={classes.hiddenSprites} aria-hidden data-testid="sport-sprites" />;
}
