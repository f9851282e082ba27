import { describe, expect, it } from "vitest";
import { gradeTone, scanHealth, scoreTone } from "./health-score";

describe("scoreTone", () => {
  it.each([
    [100, "success"],
    [80, "success"],
    [79, "accent"],
    [60, "accent"],
    [59, "warning"],
    [40, "warning"],
    [39, "destructive"],
    [0, "destructive"],
  ] as const)("shows %i as %s", (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});

describe("gradeTone", () => {
  it.each([
    ["A+", "success"],
    ["A", "success"],
    ["B+", "accent"],
    ["B", "accent"],
    ["C", "warning"],
    ["D", "destructive"],
    ["F", "destructive"],
    ["C+", "destructive"],
  ] as const)("shows %s as %s", (grade, tone) => {
    expect(gradeTone(grade)).toBe(tone);
  });
});

describe("scanHealth", () => {
  it("falls back to a score of 0 and a grade of F", () => {
    expect(scanHealth({ healthScore: null, healthGrade: null })).toEqual({ score: 0, grade: "F" });
  });

  it("keeps the scan's own score and grade", () => {
    expect(scanHealth({ healthScore: 87, healthGrade: "B+" })).toEqual({ score: 87, grade: "B+" });
  });
});
