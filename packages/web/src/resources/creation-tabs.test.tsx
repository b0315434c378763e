import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionStore } from '../session/current-session.ts';
import type { AnyResource } from './any-resource.ts';
import { createFakeServer } from './fake-resource-server.ts';
import { renderResource, signIn } from './render-resource.tsx';

/** A resource whose edit page has tabs (config, markers) and whose creation page has none. */
const themes = {
  name: 'themes',
  gateway: 'main',
  labelKey: 'resource.themes',
  fields: z.object({ name: z.string().min(1), markerColor: z.string().default('#FFFFFF') }),
  ui: { name: { widget: 'text', tab: 'config' }, markerColor: { widget: 'text', tab: 'markers' } },
  columns: ['name'],
  filters: [],
  sortable: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  access: { read: {}, write: {} },
  tenancy: 'account',
} as AnyResource;

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

describe('a creation page without tabs of its own', () => {
  it('shows the fields of the edit page’s first tab', async () => {
    signIn(['sport_player_write'], { modules: ['THEME'] });
    renderResource(themes, createFakeServer({ base: '/main-api/themes' }), '/account/themes/new');
    await screen.findByRole('form');
    const fields = [...document.querySelectorAll('[data-field]')].map((node) => node.getAttribute('data-field'));
    expect(fields).toEqual(['name']);
  });
});
