import { CLIP_ORIGINS, CLIP_SOURCES_LIMIT, type ClipOrigin } from '@regie/contract/clips';
import type { AccountClipsQuery } from '@regie/contract/clips.schemas';
import { VIDEO_STATES, type VideoState } from '@regie/contract/videos';

/** Clips on one page of the account's clips list. */
export const CLIPS_PAGE_SIZE = CLIP_SOURCES_LIMIT.default;

/** The list's state as the address keeps it (reload, share a link, back): filters, search, page. */
export interface ClipsListState {
  search: string;
  eventId: number | null;
  state: VideoState | null;
  origin: ClipOrigin | null;
  /** From 1. */
  page: number;
}

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/** The address's parameters read as the list's state; anything unknown is left out. */
export function clipsListState(params: URLSearchParams): ClipsListState {
  const state = params.get('state');
  const origin = params.get('origin');
  return {
    search: params.get('search') ?? '',
    eventId: positive(params.get('eventId')),
    state: (VIDEO_STATES as readonly string[]).includes(state ?? '') ? (state as VideoState) : null,
    origin: (CLIP_ORIGINS as readonly string[]).includes(origin ?? '') ? (origin as ClipOrigin) : null,
    page: positive(params.get('page')) ?? 1,
  };
}

/** The state back into the address: only what differs from the defaults. */
export function clipsListParams(state: ClipsListState): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.search.trim()) params.search = state.search.trim();
  if (state.eventId !== null) params.eventId = String(state.eventId);
  if (state.state !== null) params.state = state.state;
  if (state.origin !== null) params.origin = state.origin;
  if (state.page > 1) params.page = String(state.page);
  return params;
}

/** GET clips's query for the state (contract accountClipsQuery). */
export function clipsListQuery(state: ClipsListState): AccountClipsQuery {
  return {
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.eventId !== null ? { eventId: state.eventId } : {}),
    ...(state.state !== null ? { state: state.state } : {}),
    ...(state.origin !== null ? { origin: state.origin } : {}),
    limit: CLIPS_PAGE_SIZE,
    offset: (state.page - 1) * CLIPS_PAGE_SIZE,
  };
}
