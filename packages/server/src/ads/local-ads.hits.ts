import type { LocalAdEvent } from '@regie/contract/advertising';

/** The most ads counted before the oldest is forgotten: tests and the demo name a few. */
const MAX_ADS = 1000;

/**
 * The local ad server's tracking hits, per ad and event, in this process's memory: what tests
 * read to see that a player called the pixels (GET /local-ads/hits). A stand-in for an ad
 * server's reporting, not a measure of the platform's audience.
 */
export class LocalAdHits {
  private readonly byAd = new Map<string, Map<LocalAdEvent, number>>();

  record(ad: string, event: LocalAdEvent): void {
    let counts = this.byAd.get(ad);
    if (!counts) {
      if (this.byAd.size >= MAX_ADS) {
        const oldest = this.byAd.keys().next().value;
        if (oldest !== undefined) this.byAd.delete(oldest);
      }
      counts = new Map();
      this.byAd.set(ad, counts);
    }
    counts.set(event, (counts.get(event) ?? 0) + 1);
  }

  of(ad: string): Partial<Record<LocalAdEvent, number>> {
    return Object.fromEntries(this.byAd.get(ad) ?? []);
  }
}
