import { eventsResource } from '@regie/contract/resources/events';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { createApiClient } from '../../api/client.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { createDefaults } from '../../resources/use-edit-controller.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { RoundInput, SeasonInput } from './CascadeInputs.tsx';

/** A server holding a competition's two seasons and a season's two rounds; it records each list read. */
function fakeServer() {
  const reads: string[] = [];
  const client = createApiClient({
    credentials: () => ({ accessToken: 'token', accountKey: 'key' }),
    fetch: async (input) => {
      const path = String(input);
      reads.push(path);
      const data = path.includes('/seasons')
        ? [
            { id: 12, name: '2026/27' },
            { id: 11, name: '2025/26' },
          ]
        : [
            { id: 31, name: 'Matchday 1' },
            { id: 32, name: 'Matchday 2' },
          ];
      return new Response(JSON.stringify({ data, total: 2, nextCursor: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, reads };
}

function inputProps(field: string, values: Record<string, unknown>, onChange: (value: unknown) => void) {
  return {
    field,
    label: field === 'seasonId' ? 'Season' : 'Round',
    value: values[field] ?? null,
    onChange,
    onBlur: () => undefined,
    error: null,
    tone: null,
    required: false,
    nullable: true,
    disabled: false,
    record: null,
    values,
    setField: () => undefined,
  } as unknown as FieldInputProps;
}

describe("an event's competition, season and round (issue 40.2)", () => {
  it('holds the latest season once the competition is chosen: a select without an empty item', async () => {
    const { client, reads } = fakeServer();
    const onChange = vi.fn();
    renderWithProviders(
      <ApiContext.Provider value={client}>
        <SeasonInput {...inputProps('seasonId', { competitionId: 5, seasonId: null }, onChange)} />
      </ApiContext.Provider>,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(12));
    // Latest first: the order the select offers and the one it holds.
    expect(reads.some((path) => path.includes('sort=-startDate'))).toBe(true);
  });

  it('leaves the round empty: it may have none', async () => {
    const { client, reads } = fakeServer();
    const onChange = vi.fn();
    renderWithProviders(
      <ApiContext.Provider value={client}>
        <RoundInput {...inputProps('roundId', { seasonId: 12, roundId: null }, onChange)} />
      </ApiContext.Provider>,
    );
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("starts a new event at the account's sport; an account about no sport leaves it empty", () => {
    expect(createDefaults(eventsResource, 1)).toEqual({ sportId: 1 });
    expect(createDefaults(eventsResource, null)).toEqual({});
  });
});
