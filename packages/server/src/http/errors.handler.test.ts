import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './errors.handler.ts';

describe('toFieldErrors', () => {
  it('turns zod issue paths into dotted field paths', () => {
    expect(
      toFieldErrors([
        { instancePath: '/meta/language', keyword: 'invalid_value', message: 'Invalid option', params: {} },
      ]),
    ).toEqual([{ path: 'meta.language', message: 'Invalid option' }]);
  });

  it('lists each unknown key as its own field error', () => {
    expect(
      toFieldErrors([
        {
          instancePath: '/meta',
          keyword: 'unrecognized_keys',
          message: 'Unrecognized keys',
          params: { keys: ['a', 'b'] },
        },
      ]),
    ).toEqual([
      { path: 'meta.a', message: 'Unknown field' },
      { path: 'meta.b', message: 'Unknown field' },
    ]);
  });
});
