import { readFile } from "node:fs/promises";
import type { Dialog, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueEmail, useBrowser } from "../support/browser.ts";
import { waitForPath } from "../support/expect-page.ts";
import { buyPlanAtCheckout, signUpAndSkipOnboarding } from "../support/journeys.ts";

/** A scan of the small hostile property takes a few seconds; the journey runs two. */
const SCAN_TIMEOUT = 90_000;

/** The stand-in's test user whose one Analytics account is named with markup. */
const HOSTILE_GOOGLE_USER = "hostile.tester@gmail.com";

/** The strings the stand-in's hostile-text profile carries (packages/google-emulator). */
const IMG = "<img src=x onerror=alert(1)>";
const IMG_SHOUTED = "<IMG SRC=x ONERROR=alert(1)>";
const SVG = "<svg/onload=alert(1)>";
const SCRIPT = '"><script>alert(1)</script>';
const JS_URL = "javascript:alert(1)";
const TEMPLATE = "{{7*7}}{{campaign.name}}";
const FORMULA = '=HYPERLINK("http://evil")';
const BIDI = "\u202Eexe.txt";
const ACCOUNT_NAME = `${IMG} Agency`;
const PROPERTY_NAME = `${SCRIPT}${SVG} ${TEMPLATE}`;

/**
 * Text that comes from Google, written by whoever named a GA4 account or property or tagged a
 * link, shows as text in the app: the property picker, the dashboard, the health report, its
 * issues, their values and guides, and the CSV export, where formula cells are neutralised. Any
 * element the payloads would make (an <img> with onerror, an <svg> with onload, a script) is
 * recorded by an observer installed before the app loads, and any JS dialog fails the journey.
 */
describe("text from Google", () => {
  const browser = useBrowser();

  it(
    "shows hostile account, property and UTM names as text, from the picker to the CSV",
    async () => {
      const { page } = browser;
      const dialogs: string[] = [];
      page.on("dialog", (dialog: Dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.context().addInitScript(watchForInjectedElements);

      // A Pro account: CSV exports are part of it (spec §9 Plans).
      await signUpAndSkipOnboarding(browser, {
        fullName: "Hana Hostile",
        email: uniqueEmail("hostile-google"),
        password: "a-good-password",
      });
      await buyPlanAtCheckout(browser, "Pro");

      // Google's consent page as the hostile user, then the property picker.
      await page.goto(browser.url("/connect-data-source"));
      await page.getByRole("button", { name: "Authorize Google Analytics" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/google-emulator/"));
      await page.getByLabel(HOSTILE_GOOGLE_USER).check();
      await page.getByRole("button", { name: "Allow" }).click();
      await waitForPath(page, "/connect-data-source");
      await expectText(page, ACCOUNT_NAME);
      const property = page.getByLabel(PROPERTY_NAME, { exact: true });
      await property.waitFor();
      expect(await property.getAttribute("role")).toBe("radio");
      await expectNothingInjected(page, dialogs);

      await property.check();
      await page.getByRole("button", { name: "Save Analytics Property" }).click();
      await waitForPath(page, "/dashboard");
      await expectText(page, PROPERTY_NAME);
      await expectNothingInjected(page, dialogs);

      // The health report once the first audit is done, then a second audit run by hand.
      await page.getByRole("link", { name: "View Full Report" }).first().click();
      await page.waitForURL((url) => /^\/data-sources\/[^/]+\/health$/.test(url.pathname));
      await page.getByRole("heading", { name: PROPERTY_NAME, exact: true }).first().waitFor();
      await page.getByRole("article").first().waitFor({ timeout: SCAN_TIMEOUT });
      await page.mouse.move(0, 0);
      await page.getByRole("button", { name: "Run New Audit" }).click();
      await page.getByRole("button", { name: "Running Audit..." }).waitFor();
      await page.getByRole("button", { name: "Run New Audit" }).waitFor({ timeout: SCAN_TIMEOUT });
      await page.getByText("Audit completed!").first().waitFor();
      expect(await page.title()).toContain(PROPERTY_NAME);
      await expectNothingInjected(page, dialogs);

      // The issues: titles and affected values carry the payloads, as text.
      const imgCase = issue(page, `utm_campaign "${IMG}" is written 2 ways: `);
      await expectText(imgCase, IMG);
      await expectText(imgCase, IMG_SHOUTED);
      const separators = issue(page, "utm_campaign separates words with ");
      await expectText(separators, IMG);
      // The unknown medium is why those sessions are Unassigned: one issue, with both reasons.
      const unassigned = issue(page, `Unassigned traffic from ${JS_URL} / ${SVG}`);
      await expectText(unassigned, `${JS_URL} / ${SVG}`);
      await unassigned
        .getByRole("listitem")
        .filter({ hasText: `'${SVG}' is not a GA4 channel medium` })
        .filter({ visible: true })
        .first()
        .waitFor();
      const macro = issue(page, `utm_campaign "${TEMPLATE}" holds the unreplaced macro`);
      await expectText(macro, TEMPLATE);
      const bidi = issue(page, `utm_content '${SCRIPT}[U+202E]exe.txt' contains`);
      await expectText(bidi, `${SCRIPT}${BIDI}`);
      const formula = issue(page, `"${FORMULA.toLowerCase()}" is written 2 ways: `);
      await expectText(formula, FORMULA);
      // A template engine would have made {{7*7}} into 49.
      expect(await page.locator("body").innerText()).not.toContain("49{{campaign.name}}");
      await expectNothingInjected(page, dialogs);

      // An issue's detail: its guide, and the mute dialog that quotes its title.
      await imgCase.getByRole("button", { name: "Show Resolution Guide" }).click();
      await imgCase.getByRole("button", { name: "Hide Details" }).waitFor();
      await imgCase.getByRole("button", { name: "Mute" }).click();
      const dialog = page.getByRole("dialog");
      await dialog
        .getByText(`"utm_campaign "${IMG}" is written 2 ways`, { exact: false })
        .waitFor();
      await expectNothingInjected(page, dialogs);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });

      // The CSV export: the payloads are there, and no cell starts a spreadsheet formula.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV", exact: true }).click(),
      ]);
      const csv = await readFile((await download.path()) as string, "utf8");
      const cells = parseCsv(csv.replace(/^\uFEFF/, "")).flat();
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      // Either spelling may come first, whichever had more sessions in the range.
      const formulaFirst = `'${FORMULA}`.toLowerCase();
      expect(cells.some((cell) => cell.toLowerCase().startsWith(formulaFirst))).toBe(true);
      for (const payload of [IMG, SVG, `${SCRIPT}${BIDI}`, JS_URL, TEMPLATE]) {
        expect(cells.some((cell) => cell.includes(payload))).toBe(true);
      }

      // The properties list, after everything.
      await page.goto(browser.url("/data-sources"));
      await expectText(page, PROPERTY_NAME);
      await expectNothingInjected(page, dialogs);
    },
    SCAN_TIMEOUT * 3,
  );
});

/** The issue whose title holds `title`. */
function issue(page: Page, title: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
}

/**
 * `text` is the whole text of a visible element, so it was not parsed as markup. Waiting for a
 * visible one is the check (it times out otherwise): the page may re-render between a wait and a
 * second look, as the dashboard does while the first audit runs.
 */
async function expectText(scope: Page | Locator, text: string) {
  await scope.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();
}

async function expectNothingInjected(page: Page, dialogs: readonly string[]) {
  const found = await page.evaluate(() => {
    const seen = (window as unknown as { __injected?: string[] }).__injected ?? [];
    const now = [...document.querySelectorAll("img[src='x'], [onerror], [onload]")].map(
      (element) => element.outerHTML,
    );
    const scripts = [...document.scripts]
      .filter((script) => script.textContent?.includes("alert(1)"))
      .map((script) => script.outerHTML);
    const links = [...document.querySelectorAll("a[href], [src], [action]")]
      .filter((element) =>
        ["href", "src", "action"].some((name) =>
          element.getAttribute(name)?.trim().toLowerCase().startsWith("javascript:"),
        ),
      )
      .map((element) => element.outerHTML);
    return [...seen, ...now, ...scripts, ...links];
  });
  expect(found).toEqual([]);
  expect(dialogs).toEqual([]);
}

/**
 * Runs in the page before the app: records every element that shows up with an event-handler
 * attribute, and every script holding the payload, even if it is gone by the time a test looks.
 */
function watchForInjectedElements() {
  const found: string[] = [];
  (window as unknown as { __injected: string[] }).__injected = found;
  const inspect = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const element of [node, ...node.querySelectorAll("*")]) {
      const handlers = element.getAttributeNames().filter((name) => name.startsWith("on"));
      const script = element.tagName === "SCRIPT" && element.textContent?.includes("alert(1)");
      if (handlers.length > 0 || script) found.push(element.outerHTML.slice(0, 200));
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) inspect(node);
      if (record.type === "attributes" && record.attributeName?.startsWith("on")) {
        inspect(record.target);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

/** RFC 4180 records: quoted fields may hold commas, CRLF and doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
