import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiContext } from '../api/api-context.ts';
import { createApiClient } from '../api/client.ts';
import type { ScreenFieldUi } from '../resources/any-resource.ts';
import { FieldInput } from '../resources/FieldInput.tsx';
import { signIn } from '../resources/render-resource.tsx';
import type { ResourceLabels } from '../resources/resource-labels.ts';
import { sessionStore } from '../session/current-session.ts';
import { renderWithProviders } from '../test-utils.tsx';

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

const TAGS = [
  { id: 1, name: 'Goal', tagType: 'action', AccountId: 2 },
  { id: 2, name: 'Own goal', tagType: 'action', AccountId: 3 },
  { id: 3, name: 'Derby', tagType: 'theme', AccountId: 2 },
];

function tagServer() {
  return createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key' }),
    fetch: async (input) => {
      const url = new URL(String(input), 'http://test');
      const body =
        url.pathname === '/main-api/tags'
          ? { data: TAGS, total: TAGS.length, offset: 0, limit: 200 }
          : {
              data: [
                { id: 2, name: 'Olympique' },
                { id: 3, name: 'Racing' },
              ],
              total: 2,
              offset: 0,
              limit: 200,
            };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    },
  });
}

/** A video's tags field, as the generic edit form draws it. */
function VideoTags({ initial }: { initial: number[] }) {
  const [value, setValue] = useState<unknown>(initial);
  const ui: ScreenFieldUi = { widget: 'references', reference: 'tags', tab: 'infos' };
  return (
    <FieldInput
      field="tags"
      ui={ui}
      label="Tags"
      value={value}
      onChange={setValue}
      onBlur={() => undefined}
      error={null}
      tone={null}
      required={false}
      nullable={false}
      disabled={false}
      labels={{} as ResourceLabels}
      record={null}
    />
  );
}

function show(initial: number[]) {
  renderWithProviders(
    <ApiContext.Provider value={tagServer()}>
      <VideoTags initial={initial} />
    </ApiContext.Provider>,
  );
}

describe('tags on an edit form (spec §2 tag picker)', () => {
  it('are chosen in the tag-picker drawer: cards per type with a count badge, margin and padding 25', async () => {
    signIn(['video_write']);
    show([3]);
    expect(await screen.findByText('Derby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose tags' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tags' });
    const actions = await within(drawer).findByRole('region', { name: 'Action' });
    expect(within(actions).getByLabelText('2 tags')).toBeTruthy();
    // Mantine writes spacing as rem: 25 px is 1.5625rem.
    expect(actions.getAttribute('style')).toMatch(/padding: calc\(1\.5625rem/);
    expect(actions.getAttribute('style')).toMatch(/margin: calc\(1\.5625rem/);
    expect(within(actions).queryByText(/Olympique|Racing/)).toBeNull();
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Own goal' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByText('Own goal')).toBeTruthy());
  });

  it("shows each tag's account to a platform admin acting for no account", async () => {
    signIn(['manage_customer_accounts'], { accessLevel: 1 });
    show([]);
    expect(screen.getByText('No tag chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose tags' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tags' });
    const actions = await within(drawer).findByRole('region', { name: 'Action' });
    await within(actions).findByText('· Racing');
    expect(within(actions).getByText('· Olympique')).toBeTruthy();
  });

  it("shows each tag's account to a platform admin acting for an account too (issue 24)", async () => {
    signIn(['manage_customer_accounts'], { accessLevel: 1 });
    act(() => sessionStore.setSimulatedAccount({ id: 2, name: 'Harbour Basketball Club', accountKey: 'key-2' }));
    show([]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose tags' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tags' });
    const themes = await within(drawer).findByRole('region', { name: 'Theme' });
    expect(await within(themes).findByText('· Harbour Basketball Club')).toBeTruthy();
  });

  it("shows no account to the account's own users", async () => {
    signIn(['video_write']);
    show([]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose tags' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tags' });
    await within(drawer).findByRole('region', { name: 'Theme' });
    expect(within(drawer).queryByText(/^· /)).toBeNull();
  });
});
