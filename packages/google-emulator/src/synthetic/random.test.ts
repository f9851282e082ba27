import { describe, expect, it } from "vitest";
import { mixSeed, Random } from "./random.ts";

describe("Random", () => {
  it("repeats its stream for one seed and differs for another", () => {
    const draw = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 5 }, () => random.nextUint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
  });

  it("gives neighbouring salts unrelated seeds", () => {
    expect(mixSeed(7, 20_000)).not.toBe(mixSeed(7, 20_001));
    expect(mixSeed(7, 20_000)).not.toBe(mixSeed(8, 20_000));
  });

  it("draws counts around their mean and within their bounds", () => {
    const random = new Random(1);
    let poisson = 0;
    let atLeastOne = 0;
    for (let i = 0; i < 20_000; i++) {
      poisson += random.poisson(3);
      const count = random.poissonAtLeastOne(0.2);
      expect(count).toBeGreaterThanOrEqual(1);
      atLeastOne += count;
      const successes = random.binomial(40, 0.3);
      expect(successes).toBeGreaterThanOrEqual(0);
      expect(successes).toBeLessThanOrEqual(40);
    }
    expect(poisson / 20_000).toBeCloseTo(3, 1);
    // E[X | X >= 1] = mean / (1 - e^-mean).
    expect(atLeastOne / 20_000).toBeCloseTo(0.2 / (1 - Math.exp(-0.2)), 1);
  });
});
