/** The list with the item at `index` moved by `step` places (kept inside the list). */
export function moveItem<T>(items: readonly T[], index: number, step: number): T[] {
  const target = Math.min(items.length - 1, Math.max(0, index + step));
  const moved = [...items];
  const [item] = moved.splice(index, 1);
  if (item === undefined) return [...items];
  moved.splice(target, 0, item);
  return moved;
}
