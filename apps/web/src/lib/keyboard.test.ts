import { describe, expect, it } from "vitest";
import { isTypingTarget } from "./keyboard";

function element(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  const first = host.firstElementChild;
  if (!(first instanceof HTMLElement)) throw new Error(`no element in ${html}`);
  document.body.append(host);
  return first;
}

describe("isTypingTarget", () => {
  it.each([
    ['<input type="text">'],
    ['<input type="email">'],
    ['<input type="password">'],
    ["<input>"],
    ['<input type="search">'],
    ["<textarea></textarea>"],
    ["<select><option>a</option></select>"],
  ])("is true in %s", (html) => {
    expect(isTypingTarget(element(html))).toBe(true);
  });

  it("is true in editable content", () => {
    const editable = element('<div contenteditable="true"></div>');
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, "isContentEditable", { value: true });
    expect(isTypingTarget(editable)).toBe(true);
  });

  it.each([
    ['<input type="checkbox">'],
    ['<input type="radio">'],
    ['<input type="submit">'],
    ["<button>Save</button>"],
    ['<a href="/">Home</a>'],
    ["<div></div>"],
  ])("is false on %s", (html) => {
    expect(isTypingTarget(element(html))).toBe(false);
  });

  it("is false for no target and for the window", () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
