import { CLIP_TEMPLATE_SECONDS } from '@regie/contract/clips';
import { clipWorkspaceCommand, type MarkerRecord } from '@regie/contract/markers';
import { clipSkinsResource } from '@regie/contract/resources/clip-skins';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { TEMPLATES_STATE, templatesResource } from '../clips/ClipTemplatesPanel.tsx';
import { snapToStep } from '../clips/clip-range.ts';
import { isTypingTarget } from '../markers/use-marker-keys.ts';
import { useMarkerClip, useRangeClip } from './clipping-calls.ts';
import { nextMarker, rangeReady } from './workspace-math.ts';

const SKINS_STATE = { pageSize: 100, sort: { field: 'name', direction: 'asc' } } as const;
const ACTIVE_ONLY = { active: ['true'] } as const;

const idOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * The clip workspace's state and its keys (contract CLIP_WORKSPACE_KEYS): the selected marker,
 * the offset before it, the in / out range, the template and skin, and the two cuts.
 */
export function useClipWorkspace(
  input: { eventId: number; videoId: number; duration: number | null; markers: readonly MarkerRecord[] },
  media: RefObject<HTMLVideoElement | null>,
) {
  const { eventId, videoId, duration, markers } = input;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [offset, setOffset] = useState<number | null>(null);
  const [inSeconds, setIn] = useState<number | null>(null);
  const [outSeconds, setOut] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [skinId, setSkinId] = useState<string | null>(null);
  // The event's graphics burnt into the cut (features/graphics), in the order chosen.
  const [graphicIds, setGraphicIds] = useState<number[]>([]);
  const templates = useLocalListController(templatesResource, { initial: TEMPLATES_STATE });
  const skins = useLocalListController(clipSkinsResource, { initial: SKINS_STATE, permanentFilters: ACTIVE_ONLY });
  const markerClip = useMarkerClip(eventId, videoId);
  const rangeClip = useRangeClip(eventId, videoId);
  const look = () => ({
    clipTemplateId: idOrNull(templateId),
    clipSkinId: idOrNull(skinId),
    ...(graphicIds.length > 0 ? { graphicIds } : {}),
  });

  const playhead = () => snapToStep(media.current?.currentTime ?? 0);
  const select = (marker: MarkerRecord | null) => {
    if (!marker) return;
    setSelectedId(marker.id);
    if (media.current) media.current.currentTime = marker.timeSeconds;
  };
  const cutMarker = () => {
    if (selectedId === null) return;
    markerClip.mutate({ markerId: selectedId, offset, body: look() });
  };
  const cutRange = () => {
    if (!rangeReady(inSeconds, outSeconds, duration)) return;
    rangeClip.mutate({ inSeconds: inSeconds ?? 0, outSeconds: outSeconds ?? 0, ...look() });
  };
  const chooseTemplate = (value: string | null) => {
    setTemplateId(value);
    const template = templates.rows?.find((record) => String(record.id) === value);
    // The template brings its skin; the skin can still be changed after.
    if (template) setSkinId(typeof template.clipSkinId === 'number' ? String(template.clipSkinId) : null);
  };

  const commands = {
    setIn: () => setIn(playhead()),
    setOut: () => setOut(playhead()),
    cutRange,
    cutMarker,
    previousMarker: () => select(nextMarker(markers, media.current?.currentTime ?? 0, selectedId, -1)),
    nextMarker: () => select(nextMarker(markers, media.current?.currentTime ?? 0, selectedId, 1)),
  };
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || isTypingTarget(event.target)) return;
      const command = clipWorkspaceCommand(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
      if (!command) return;
      event.preventDefault();
      latest.current[command]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    selectedId,
    select,
    offset: { value: offset, set: setOffset, placeholder: CLIP_TEMPLATE_SECONDS.defaultBefore },
    range: { inSeconds, outSeconds, setIn, setOut, ready: rangeReady(inSeconds, outSeconds, duration) },
    template: { value: templateId, set: chooseTemplate, options: templates.rows ?? [] },
    skin: { value: skinId, set: setSkinId, options: skins.rows ?? [], failed: skins.list.isError },
    graphics: { eventId, value: graphicIds, set: setGraphicIds },
    commands,
    busy: markerClip.isPending || rangeClip.isPending,
  };
}

export type ClipWorkspaceState = ReturnType<typeof useClipWorkspace>;
