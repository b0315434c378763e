/**
 * Build time, in Node (first-paint.plugin.ts bundles it): the theme's CSS variables exactly as
 * MantineProvider writes them at run time (with its breakpoint classes), for index.html, so that the frame painted before the
 * app's code (first-paint.ts) has the theme's fonts and colours, and nothing changes size when
 * the app's own copy arrives.
 */
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../theme.ts';

export function themeStyle(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, forceColorScheme: 'light' }),
  );
  const variables = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!variables) throw new Error('MantineProvider wrote no CSS variables');
  // And its classes by breakpoint (hiddenFrom, visibleFrom), which pages painted early use too.
  const classes = /<style data-mantine-styles="classes"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  return `${variables}${classes}`;
}
