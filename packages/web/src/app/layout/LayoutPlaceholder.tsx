import { matchRoute } from '@regie/contract/routes';
import { useLocation } from 'react-router';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { frameInnerHtml } from '../first-paint/shell-html.ts';
import { lineage, titleEntry } from '../route-entry.ts';
import classes from './layout.module.css';

/**
 * The layout's frame while its code and the environment check are on their way: the icon rail,
 * the section panel and the top bar with the page's place in the tree and its title, where the
 * layout will draw them, and a spinner where the screen will be. A first visit to a signed-in
 * page then shows where it is at once, and the layout takes over without anything moving.
 *
 * Its markup is the one the page's first script paints before the app's code has arrived
 * (first-paint/), so that React's first render replaces that frame with the very same.
 */
export function LayoutPlaceholder() {
  const t = useT();
  const label = useLabel();
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const trail = match ? lineage(match.entry) : [];
  const section = titleEntry(trail);
  const html = frameInnerHtml(classes, {
    crumbs: trail.map((entry) => label(entry.node.labelKey)),
    title: section ? label(section.node.labelKey) : undefined,
    loading: t('app.loading'),
    withSection: trail.length > 0,
  });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped (shell-html.ts).
  return <div className={classes.shell} dangerouslySetInnerHTML={{ __html: html }} />;
}
