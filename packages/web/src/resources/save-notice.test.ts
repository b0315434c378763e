import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { saveNotice } from './save-notice.ts';

const event = { fields: z.object({ name: z.string(), published: z.boolean() }) };
const video = { fields: z.object({ title: z.string() }) };

describe('the notice of a save (issue 46.7)', () => {
  it('names what was made, published or taken from fans', () => {
    expect(saveNotice(event, null, { id: 1, name: 'Derby', published: false })).toEqual({
      key: 'notification.createdNamed',
      values: { name: 'Derby' },
    });
    expect(saveNotice(event, null, { id: 1, name: 'Derby', published: true })).toEqual({
      key: 'notification.publishedNamed',
      values: { name: 'Derby' },
    });
    const stored = { id: 1, name: 'Derby', published: false };
    expect(saveNotice(event, stored, { ...stored, published: true }).key).toBe('notification.publishedNamed');
    expect(saveNotice(event, { ...stored, published: true }, stored).key).toBe('notification.unpublishedNamed');
  });

  it('says saved when the change leaves fans’ view as it was, and created without a name', () => {
    const stored = { id: 1, name: 'Derby', published: true };
    expect(saveNotice(event, stored, { ...stored, name: 'Big derby' })).toEqual({ key: 'notification.saved' });
    expect(saveNotice(video, { id: 2, title: 'Goal' }, { id: 2, title: 'Goal' })).toEqual({
      key: 'notification.saved',
    });
    expect(saveNotice(video, null, { id: 2, title: '' })).toEqual({ key: 'notification.created' });
  });
});
