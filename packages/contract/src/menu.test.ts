import { describe, expect, it } from 'vitest';
import { MENU_MODULE_EXCEPTIONS, type RouteEntry } from './menu.ts';
import { findRouteByPath, ROUTES } from './routes.ts';

const exceptionOf = (entry: RouteEntry) =>
  Object.keys(MENU_MODULE_EXCEPTIONS).find((path) => entry.fullPath === path || entry.fullPath.startsWith(`${path}/`));

/** A container with no screen of its own and no rule: reached only through its children. */
const isBareContainer = (entry: RouteEntry) =>
  entry.children.length > 0 &&
  !entry.node.authorizedRoles &&
  !entry.node.requiredModules &&
  !entry.node.authorizedModules;

describe('every menu entry states its module (spec §6)', () => {
  it('has requiredModules or authorizedModules on every entry, here or inherited, but the listed exceptions', () => {
    const missing = ROUTES.filter((entry) => !exceptionOf(entry) && !isBareContainer(entry))
      .filter((entry) => !entry.rule.requiredModules?.length && !entry.rule.authorizedModules?.length)
      .map((entry) => entry.fullPath);
    expect(missing).toEqual([]);
  });

  it('lists only exceptions that exist, each with its reason', () => {
    for (const [path, why] of Object.entries(MENU_MODULE_EXCEPTIONS)) {
      expect(findRouteByPath(path), path).toBeDefined();
      expect(why.length, path).toBeGreaterThan(10);
    }
  });

  it('closes the media lists to a user whose account lost their module', () => {
    const videos = findRouteByPath('/medias/videos/list');
    const streams = findRouteByPath('/medias/streams/list');
    expect(videos?.rule.requiredModules).toContain('VIDEOS');
    expect(streams?.rule.requiredModules).toContain('AWS_STREAM');
  });
});
