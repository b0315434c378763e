import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { LayoutPlaceholder } from './LayoutPlaceholder.tsx';

afterEach(cleanup);

describe('the layout’s frame while the layout’s code is on its way', () => {
  it('shows where the page sits and its title, in the user’s language, with a spinner', () => {
    renderWithProviders(<LayoutPlaceholder />, { path: '/account/users/list' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users');
    expect(screen.getByText('Account')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('speaks French to a French user', () => {
    renderWithProviders(<LayoutPlaceholder />, { path: '/account/users/list', language: 'fr' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Utilisateurs');
    expect(screen.getByText('Compte')).toBeTruthy();
  });

  it('has no title on a page outside the tree', () => {
    renderWithProviders(<LayoutPlaceholder />, { path: '/notauthorized' });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
