import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { Timeline } from '../../widgets/timeline/Timeline.tsx';
import { MarkerTypeIcon } from './MarkerTypeIcon.tsx';
import { markerPoints } from './marker-points.ts';

const goal = { id: 1, name: 'Goal', position: 1, color: '#2E7D32', iconUrl: null, symbol: 'football-goal', sportId: 1 };
const quote = { id: 2, name: 'Key quote', position: 2, color: '#00838F', iconUrl: null, symbol: null, sportId: null };

describe("a marker type's icon (issue 40.1: every marker was the same coloured pin)", () => {
  it("draws its sport's symbol in the timeline's pin and in the list's badge", () => {
    const markers = [
      { id: 10, markerTypeId: 1, timeSeconds: 12, durationSeconds: null, label: '' },
      { id: 11, markerTypeId: 2, timeSeconds: 30, durationSeconds: null, label: '' },
    ] as unknown as Parameters<typeof markerPoints>[0];
    renderWithProviders(
      <>
        <Timeline
          points={markerPoints(markers, [goal, quote])}
          duration={60}
          currentTime={0}
          label="Markers"
          pointLabel={(point) => point.label}
          onSeek={() => undefined}
          step={1}
          bigStep={5}
        />
        <MarkerTypeIcon type={goal} />
        <MarkerTypeIcon type={quote} />
      </>,
    );
    const pin = screen.getByTestId('timeline-point-10');
    expect(pin.querySelector('use')?.getAttribute('href')).toBe('#football-goal');
    // A type of no sport keeps its colour alone.
    expect(screen.getByTestId('timeline-point-11').querySelector('use')).toBeNull();
    const [goalBadge, quoteBadge] = screen.getAllByTestId('marker-type-icon');
    expect(goalBadge?.querySelector('use')?.getAttribute('href')).toBe('#football-goal');
    expect(quoteBadge?.querySelector('use')).toBeNull();
  });
});
