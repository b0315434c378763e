/** A tick is this wide on the DVR bar, and needs this much room from its lane's previous one. */
export const TICK_ROOM_PX = 14;

/** A marker placed on the DVR bar: its left edge (percent of the bar) and its lane (row). */
export interface PlacedTick<Item> {
  item: Item;
  percent: number;
  lane: number;
}

/**
 * Ticks of the markers inside a DVR window [from, to] (seconds from the live's start) on a bar
 * `widthPx` wide: each in the first lane (row) where it does not touch the lane's previous tick,
 * so that markers seconds apart stand side by side in rows instead of on one another. Markers
 * outside the window are left out (the player cannot reach them).
 */
export function placeTicks<Item>(
  items: readonly Item[],
  timeOf: (item: Item) => number,
  window: { from: number; to: number },
  widthPx: number,
): PlacedTick<Item>[] {
  const span = window.to - window.from;
  if (!(span > 0) || !(widthPx > 0)) return [];
  const inside = items
    .filter((item) => timeOf(item) >= window.from && timeOf(item) <= window.to)
    .sort((a, b) => timeOf(a) - timeOf(b));
  const laneEnds: number[] = [];
  return inside.map((item) => {
    const px = ((timeOf(item) - window.from) / span) * widthPx;
    let lane = laneEnds.findIndex((end) => px - end >= TICK_ROOM_PX);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = px;
    return { item, percent: (px / widthPx) * 100, lane };
  });
}
