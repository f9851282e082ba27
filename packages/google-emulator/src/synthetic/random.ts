/**
 * A small seeded pseudo-random generator (mulberry32) and the distributions the generator draws
 * from. Every synthetic value comes from one of these streams, so a property's data depends on
 * its seed and the day alone, never on Math.random or the clock.
 */

/** murmur3's finaliser: spreads every input bit over the whole 32-bit result. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A stream seed from a property seed and a salt (a day number, a catalogue tag): neighbouring
 * salts give unrelated streams, so day 20,001 shares nothing with day 20,000.
 */
export function mixSeed(seed: number, salt: number): number {
  return fmix32(Math.imul(fmix32(seed) ^ fmix32(salt + 0x632be5ab), 0x9e3779b1) + salt);
}

export class Random {
  private state: number;
  private spare: number | undefined;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** 32 random bits as an unsigned integer. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Standard normal (Box-Muller, keeping the second value of each pair). */
  gaussian(): number {
    const spare = this.spare;
    if (spare !== undefined) {
      this.spare = undefined;
      return spare;
    }
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  /** A multiplicative jitter around 1 with the given spread (log-normal, median 1). */
  jitter(spread: number): number {
    return Math.exp(spread * this.gaussian());
  }

  /** Poisson-distributed count: exact inversion for small means, normal beyond. */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean < 30) {
      let u = this.next();
      let probability = Math.exp(-mean);
      let count = 0;
      while (u > probability && count < 200) {
        u -= probability;
        count += 1;
        probability *= mean / count;
      }
      return count;
    }
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.gaussian()));
  }

  /** A Poisson count given that it is not zero (inversion from 1, for small means). */
  poissonAtLeastOne(mean: number): number {
    if (mean >= 30) return Math.max(1, this.poisson(mean));
    let u = this.next() * -Math.expm1(-mean);
    let probability = mean * Math.exp(-mean);
    let count = 1;
    while (u > probability && count < 200) {
      u -= probability;
      count += 1;
      probability *= mean / count;
    }
    return count;
  }

  /** How many independent trials of `probability` fail before the first success. */
  failuresBeforeSuccess(probability: number): number {
    if (probability >= 1) return 0;
    return Math.floor(Math.log(1 - this.next()) / Math.log1p(-probability));
  }

  /** Successes in `trials` draws of `probability`: exact when small, normal beyond. */
  binomial(trials: number, probability: number): number {
    if (trials <= 0 || probability <= 0) return 0;
    if (probability >= 1) return trials;
    if (trials <= 12) {
      let successes = 0;
      for (let i = 0; i < trials; i++) if (this.next() < probability) successes += 1;
      return successes;
    }
    const mean = trials * probability;
    const sd = Math.sqrt(mean * (1 - probability));
    return Math.min(trials, Math.max(0, Math.round(mean + sd * this.gaussian())));
  }

  /** Shuffles in place (Fisher-Yates). */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const item = items[i] as T;
      items[i] = items[j] as T;
      items[j] = item;
    }
    return items;
  }
}
