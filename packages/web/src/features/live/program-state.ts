import type { Camera, MulticamStatus, ProgramSwitch } from '@regie/contract/cameras';

/**
 * Pure updates of what the live tabs show (unit-tested in program-state.test.ts): a switch
 * another operator made, and the cameras' new order.
 */

/**
 * The program after a switch heard on the realtime hub: the camera on air and the log's newest
 * line. A switch already in the log (this operator's own, read back) changes nothing.
 */
export function withSwitch(status: MulticamStatus | undefined, entry: ProgramSwitch): MulticamStatus | undefined {
  if (!status || status.switches.some((item) => item.id === entry.id)) return status;
  // An older switch arriving late joins the log in its place and leaves the camera on air alone.
  const newest = status.switches[0];
  if (newest && Date.parse(newest.at) > Date.parse(entry.at)) {
    const switches = [...status.switches, entry].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id);
    return { ...status, switches };
  }
  return { ...status, programCameraId: entry.cameraId, switches: [entry, ...status.switches] };
}

/**
 * The positions to save when the camera at `index` moves by `delta` (up: -1, down: 1): every
 * camera gets its place in the new order, and only those whose position changes are returned.
 */
export function reordered(
  cameras: readonly Camera[],
  index: number,
  delta: -1 | 1,
): { id: number; position: number }[] {
  const target = index + delta;
  if (index < 0 || index >= cameras.length || target < 0 || target >= cameras.length) return [];
  const order = [...cameras];
  const [item] = order.splice(index, 1);
  if (!item) return [];
  order.splice(target, 0, item);
  return order
    .map((camera, position) => ({ camera, position }))
    .filter(({ camera, position }) => camera.position !== position)
    .map(({ camera, position }) => ({ id: camera.id, position }));
}
