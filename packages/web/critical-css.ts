import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';

/** A selector with no class that styles the page as a whole (Mantine's base: variables, body). */
const GLOBAL_SELECTOR =
  /^(?::root|:host|html|body|\*|:before|:after|::before|::after|\[data-mantine-color-scheme=?[^\]]*\]|[\s,>()])+$/;

function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '');
}

/** Whether a selector styles only what the frame is made of (or the page as a whole). */
function relevant(selector: string, classes: ReadonlySet<string>): boolean {
  const used = classesOf(selector);
  if (used.length === 0) return GLOBAL_SELECTOR.test(selector.replace(/:root|:host/g, ':root'));
  return used.every((name) => classes.has(name));
}

/** The animations a set of declarations refers to. */
function animationNames(root: Container): Set<string> {
  const names = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (declaration) => {
    for (const word of declaration.value.split(/[\s,]+/)) names.add(word);
  });
  return names;
}

function prune(container: Container, classes: ReadonlySet<string>): void {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      const rule = node as Rule;
      const kept = rule.selectors.filter((selector) => relevant(selector, classes));
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (atRule.name === 'keyframes') return; // decided once the rules are known
      if (atRule.nodes) {
        prune(atRule, classes);
        if (atRule.nodes.length === 0) atRule.remove();
      } else if (atRule.name !== 'charset') {
        atRule.remove();
      }
    } else if (node.type === 'comment') {
      node.remove();
    }
  });
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencedVariables(text: string, into: Set<string>): void {
  for (const match of text.matchAll(VAR_REFERENCE)) if (match[1]) into.add(match[1]);
}

/**
 * Drops the custom properties nothing kept reads: Mantine's base defines some 700 (every colour
 * of every palette), the frame reads a few dozen. Read means named in a var() of a kept
 * declaration, of the markup's inline styles or of `otherCss` (the theme's variables, written
 * beside it), or of a custom property read in turn.
 */
function pruneVariables(root: Container, markup: string, otherCss: string): void {
  const definitions = new Map<string, string[]>();
  const used = new Set<string>();
  referencedVariables(markup, used);
  referencedVariables(otherCss, used);
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) {
      const values = definitions.get(declaration.prop) ?? [];
      values.push(declaration.value);
      definitions.set(declaration.prop, values);
    } else {
      referencedVariables(declaration.value, used);
    }
  });
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() ?? '';
    for (const value of definitions.get(name) ?? []) {
      const found = new Set<string>();
      referencedVariables(value, found);
      for (const next of found) {
        if (!used.has(next)) {
          used.add(next);
          pending.push(next);
        }
      }
    }
  }
  root.walkDecls(/^--/, (declaration) => {
    if (!used.has(declaration.prop)) declaration.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
}

/**
 * The part of a stylesheet a piece of markup needs: the rules whose selectors use only its
 * classes, the page-wide base (box sizing, body), the custom properties those read (directly or
 * through `otherCss`, CSS written beside it) and the animations they use. For the frame painted
 * from index.html before the stylesheet itself has arrived (first-paint).
 */
export function criticalCss(css: string, markup: string, otherCss = ''): string {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/class="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  const root = postcss.parse(css);
  prune(root, classes);
  pruneVariables(root, markup, otherCss);
  const animations = animationNames(root);
  root.walkAtRules('keyframes', (atRule) => {
    if (!animations.has(atRule.params)) atRule.remove();
  });
  return root.toString();
}
