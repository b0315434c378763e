import { Breadcrumbs, Text, Title } from '@mantine/core';
import { matchRoute } from '@regie/contract/routes';
import { useLocation } from 'react-router';
import { useLabel } from '../../i18n/use-t.ts';
import { Spinner } from '../../widgets/Spinner.tsx';
import { lineage, titleEntry } from '../route-entry.ts';
import classes from './layout.module.css';

/**
 * The layout's frame while its code and the environment check are on their way: the icon rail,
 * the section panel and the top bar with the page's place in the tree and its title, where the
 * layout will draw them, and a spinner where the screen will be. A first visit to a signed-in
 * page then shows where it is at once, and the layout takes over without anything moving.
 */
export function LayoutPlaceholder() {
  const label = useLabel();
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const trail = match ? lineage(match.entry) : [];
  const section = titleEntry(trail);
  return (
    <div className={classes.shell}>
      <div className={classes.rail} />
      {trail[0] && <div className={classes.section} />}
      <div className={classes.main}>
        <div className={classes.topBar} data-without-tabs>
          {trail.length > 1 && (
            <Breadcrumbs separatorMargin={6} mb={4}>
              {trail.map((entry) => (
                <Text key={entry.fullPath} size="sm" c="dimmed">
                  {label(entry.node.labelKey)}
                </Text>
              ))}
            </Breadcrumbs>
          )}
          {section && (
            <Title order={1} size="h2">
              {label(section.node.labelKey)}
            </Title>
          )}
        </div>
        <div className={classes.content}>
          <Spinner />
        </div>
      </div>
    </div>
  );
}
