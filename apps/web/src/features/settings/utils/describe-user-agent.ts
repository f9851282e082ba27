/**
 * Most specific first: Edge, Opera and Samsung Internet also say Chrome and Safari, Chrome says
 * Safari, and the iOS browsers carry their own tokens (CriOS, FxiOS, EdgiOS).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** iPhones and iPads say "like Mac OS X", and Android says Linux, so they come first. */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const find = (ua: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/** A session's browser and system in words, "Chrome on macOS", from its User-Agent header. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = find(ua, BROWSERS);
  const system = find(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (system) return `Unknown browser on ${system}`;
  return browser ?? "Unknown browser";
}
