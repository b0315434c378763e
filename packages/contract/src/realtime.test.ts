import { describe, expect, it } from 'vitest';
import { eventTopic, REALTIME_TOPIC_PATTERN, topicMatches } from './realtime.ts';

describe('realtime topics (spec §7), one rule for server and browser', () => {
  it.each([
    ['12/admin/**', '12/admin/jobs', true],
    ['12/admin/**', '12/admin/events/7', true],
    ['12/admin/**', '12/admin', true],
    ['12/admin/*', '12/admin/jobs', true],
    ['12/admin/*', '12/admin/events/7', false],
    ['12/admin/7', '12/admin/7', true],
    ['12/admin/7', '12/admin/70', false],
    ['12/admin/**', '13/admin/jobs', false],
    ['1/admin/**', '12/admin/jobs', false],
    ['/admin/**', '/admin/jobs', true],
    ['/admin/jobs', '/admin/messages', false],
  ])('%s matches %s: %s', (pattern, topic, expected) => {
    expect(topicMatches(pattern, topic)).toBe(expected);
  });

  it("names an event's topic as a client may subscribe to it", () => {
    expect(eventTopic(42)).toBe('/admin/42');
    expect(REALTIME_TOPIC_PATTERN.test(eventTopic(42))).toBe(true);
  });
});
