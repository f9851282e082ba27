import { describe, expect, it } from "vitest";
import { completionMessage } from "./completion-message";

describe("completionMessage", () => {
  it.each([
    [100, "Excellent Work!"],
    [90, "Excellent Work!"],
    [89, "Good Start!"],
    [70, "Good Start!"],
    [69, "Room for Improvement"],
    [0, "Room for Improvement"],
  ])("titles a score of %i %j", (score, title) => {
    expect(completionMessage(score).title).toBe(title);
  });
});
