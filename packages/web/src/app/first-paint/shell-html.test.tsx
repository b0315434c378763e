import { Breadcrumbs, MantineProvider, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { Spinner } from '../../widgets/Spinner.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { breadcrumbsHtml, escapeHtml, frameHtml, spinnerHtml, titleHtml } from './shell-html.ts';

function withoutStyles(html: string): string {
  return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

/** Markup read back by the DOM, its inline styles written the way the DOM writes them. */
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll<HTMLElement>('[style]')) {
    element.setAttribute('style', element.style.cssText);
  }
  return template.innerHTML;
}

/** What Mantine renders for a tree, without the theme's style tags. */
function mantineMarkup(node: ReactNode): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {node}
    </MantineProvider>,
  );
  return withoutStyles(html);
}

describe('the frame painted before the app’s code arrives', () => {
  it('is Mantine’s own markup for the breadcrumbs, the title and the spinner', () => {
    expect(breadcrumbsHtml(['Account', 'Users', 'List'])).toBe(
      mantineMarkup(
        <Breadcrumbs separatorMargin={6} mb={4}>
          {['Account', 'Users', 'List'].map((crumb) => (
            <Text key={crumb} size="sm" c="dimmed">
              {crumb}
            </Text>
          ))}
        </Breadcrumbs>,
      ),
    );
    expect(titleHtml('Users')).toBe(
      mantineMarkup(
        <Title order={1} size="h2">
          Users
        </Title>,
      ),
    );
    // The Spinner widget as the app renders it, its label in the user's language.
    const { container } = renderWithProviders(<Spinner />);
    expect(normalized(spinnerHtml('Loading'))).toBe(normalized(withoutStyles(container.innerHTML)));
  });

  it('escapes every text it is given', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;');
    const html = frameHtml(
      { shell: 's', rail: 'r', section: 'x', main: 'm', topBar: 't', content: 'c' },
      { crumbs: ['A', '<script>'], title: '<img src=x>', loading: 'L"', withSection: true },
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-label="L&quot;"');
  });

  it('shows the crumbs only from two steps on, and a title only when there is one', () => {
    const classes = { shell: 's', rail: 'r', section: 'x', main: 'm', topBar: 't', content: 'c' };
    const single = frameHtml(classes, { crumbs: ['Dashboard'], title: 'Dashboard', loading: 'L', withSection: true });
    expect(single).not.toContain('mantine-Breadcrumbs-root');
    expect(single).toContain('>Dashboard</h1>');
    const none = frameHtml(classes, { crumbs: [], loading: 'L', withSection: false });
    expect(none).not.toContain('<h1');
    expect(none).not.toContain('class="x"');
  });
});
