import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { THEME_PRIMARY_COLOR, TOOLTIP_DELAY_MS } from '@regie/contract/ui';

/**
 * The brand colour #0ACAFF (shade 5) is too light to carry white text, so filled surfaces use
 * shade 8 and text on the light shades uses shade 9: every pair passes WCAG AA.
 */
const regie: MantineColorsTuple = [
  '#e5f9ff',
  '#ccf3ff',
  '#99e7ff',
  '#61daff',
  '#33d0ff',
  THEME_PRIMARY_COLOR.toLowerCase(),
  '#00a8d6',
  '#007499',
  '#006a88',
  '#004f66',
];

/** The dark navy of the left menu, and the brand colour on it. */
export const CHROME = {
  rail: '#0f1f2b',
  railText: '#c9d6df',
  railActive: THEME_PRIMARY_COLOR,
  railActiveText: '#06202c',
};

export const theme = createTheme({
  primaryColor: 'regie',
  primaryShade: 8,
  colors: { regie },
  // Each platform's own interface font, named: not `system-ui`, which Chromium on Linux resolves
  // only after a page's first paint, so the first words shown were redrawn wider a moment later.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // A closed select's options are not kept in the page: kept (Mantine's default, hidden), each
    // one was positioned at mount by floating-ui, whose getComputedStyle forced a style pass of
    // the whole page (about 40 ms of a list page's load, counted by Lighthouse as blocking time).
    Combobox: { defaultProps: { keepMounted: false } },
    Tooltip: { defaultProps: { openDelay: TOOLTIP_DELAY_MS, withArrow: true } },
  },
});

/**
 * Mantine's dimmed grey and error red are below 4.5:1 on white: one step darker. Its darkest
 * green (4.4:1) too: a rise is written in a darker one (5.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--regie-color-rise': '#2b7a3b',
  },
  dark: {},
});
