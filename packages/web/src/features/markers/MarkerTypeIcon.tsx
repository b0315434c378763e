import type { MarkerTypeView } from './marker-calls.ts';
import { UNTYPED_COLOR } from './marker-points.ts';

/**
 * A marker type's badge: its colour, with its icon inside (issue 40.1): the uploaded one, else its
 * sport's symbol from the sprites SpriteHost inlines (`football-goal`), drawn in white. A type
 * without either is its colour alone. Decorative: the type's name is always written beside it.
 */
export function MarkerTypeIcon({
  type,
  size = 18,
}: {
  type: Pick<MarkerTypeView, 'color' | 'iconUrl' | 'symbol'> | undefined;
  size?: number;
}) {
  const inner = Math.round(size * 0.72);
  return (
    <span
      aria-hidden
      data-testid="marker-type-icon"
      data-symbol={type?.symbol ?? undefined}
      style={{
        width: size,
        height: size,
        borderRadius: size / 2,
        background: type?.color ?? UNTYPED_COLOR,
        color: 'var(--mantine-color-white)',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      {type?.iconUrl ? (
        <img src={type.iconUrl} alt="" width={inner} height={inner} style={{ objectFit: 'contain' }} />
      ) : type?.symbol ? (
        <svg width={inner} height={inner} focusable="false" aria-hidden="true">
          <use href={`#${type.symbol}`} />
        </svg>
      ) : null}
    </span>
  );
}
