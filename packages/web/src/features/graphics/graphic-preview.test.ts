import { describe, expect, it } from 'vitest';
import { placement } from './GraphicPreview.tsx';

const base = { imageUrl: '/images/a.png', widthPercent: 25, marginPercent: 3, opacity: 0.8 };

describe('placement', () => {
  it('places a corner graphic against its edges, margin in % of the frame width', () => {
    expect(placement({ ...base, position: 'bottom-right' })).toEqual({
      position: 'absolute',
      width: '25%',
      height: 'auto',
      opacity: 0.8,
      right: '3cqw',
      bottom: '3cqw',
    });
  });

  it('centres the middle presets as the clip engine does', () => {
    expect(placement({ ...base, position: 'top-center' })).toMatchObject({
      left: '50%',
      top: '3cqw',
      transform: 'translateX(-50%)',
    });
    expect(placement({ ...base, position: 'center' })).toMatchObject({
      left: '50%',
      top: '50%',
      transform: 'translateX(-50%) translateY(-50%)',
    });
    expect(placement({ ...base, position: 'middle-left' })).toMatchObject({
      left: '3cqw',
      top: '50%',
      transform: 'translateY(-50%)',
    });
  });
});
