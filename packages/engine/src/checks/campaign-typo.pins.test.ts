import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { campaignTypo } from "./campaign-typo.ts";

/** Issue 20: the thresholds of campaign-typo, each on both sides of its line. */

const newsletter = (campaign: string, sessions: number): AuditRow =>
  utmRow("newsletter", "email", campaign, sessions);

const typos = (rows: AuditRow[]) => findingKeys(runOn(campaignTypo, rows));

/** 0 → "a", 25 → "z", 26 → "ba": letter-only names, so they all share one block. */
const letters = (n: number): string =>
  n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26)) + letters(n % 26);

/** `count` names of one block with equal sessions: none can be a typo of another. */
const fillers = (count: number, sessions = 1): AuditRow[] =>
  Array.from({ length: count }, (_, i) => newsletter(`fill${letters(i + 30)}_may`, sessions));

describe("campaign-typo ratio", () => {
  it("takes a spelling with a third of the sessions as a typo, and one above a third as not", () => {
    expect(typos([newsletter("summer_promo", 60), newsletter("sumer_promo", 20)])).toEqual([
      "campaign:sumer_promo",
    ]);
    expect(typos([newsletter("summer_promo", 59), newsletter("sumer_promo", 20)])).toEqual([]);
  });

  it("takes a spelling of ten sessions or fewer as a typo of any busier one", () => {
    expect(typos([newsletter("summer_promo", 29), newsletter("sumer_promo", 10)])).toEqual([
      "campaign:sumer_promo",
    ]);
    expect(typos([newsletter("summer_promo", 32), newsletter("sumer_promo", 11)])).toEqual([]);
  });

  it("never takes one of two equally busy spellings for a typo", () => {
    expect(typos([newsletter("summer_promo", 50), newsletter("sumer_promo", 50)])).toEqual([]);
    expect(typos([newsletter("summer_promo", 5), newsletter("sumer_promo", 5)])).toEqual([]);
  });

  it("reports the typo's spellings busiest first, then the busiest spelling meant", () => {
    const result = runOn(campaignTypo, [
      newsletter("Summer_Promo", 100),
      newsletter("sumer_promo", 4),
      newsletter("summer_promo", 900),
      newsletter("Sumer_Promo", 9),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:sumer_promo"]);
    expect(result.findings[0]?.values).toEqual(["Sumer_Promo", "sumer_promo", "summer_promo"]);
    expect(result.findings[0]?.affectedSessions).toBe(13);
    expect(result.severity).toBe("warning");
  });

  it("keys a name with separators at its edges by the name inside them", () => {
    const result = runOn(campaignTypo, [
      newsletter("spring_collection", 500),
      newsletter("-spring_colection-", 20),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:spring_colection"]);
  });
});

describe("campaign-typo slips", () => {
  it("allows two slips from a name of 12 characters whose word has 8 letters", () => {
    expect(typos([newsletter("discount_bag", 900), newsletter("dizcoumt_bag", 20)])).toEqual([
      "campaign:dizcoumt_bag",
    ]);
  });

  it("allows one slip when the shorter name has 11 characters", () => {
    expect(typos([newsletter("discount_ab", 900), newsletter("dizcoumt_ab", 20)])).toEqual([]);
    expect(typos([newsletter("discount_ab", 900), newsletter("diskounts_ab", 20)])).toEqual([]);
  });

  it("allows one slip when the shorter word has fewer than 8 letters", () => {
    expect(typos([newsletter("discount_weekend", 900), newsletter("dicont_weekend", 20)])).toEqual(
      [],
    );
  });

  it("finds two slips that shorten a long word by two letters", () => {
    expect(
      typos([
        newsletter("welcome_series_newsletter", 700),
        newsletter("welcome_series_nwsleter", 5),
      ]),
    ).toEqual(["campaign:welcome_series_nwsleter"]);
  });

  it("compares names however their words' lengths are ordered in the data", () => {
    expect(
      typos([
        newsletter("sumer_weekly", 20),
        newsletter("clearance_weekly", 500),
        newsletter("summer_weekly", 900),
      ]),
    ).toEqual(["campaign:sumer_weekly"]);
    expect(
      typos([
        newsletter("sumer_weekly", 20),
        newsletter("zebra_weekly", 500),
        newsletter("summer_weekly", 900),
      ]),
    ).toEqual(["campaign:sumer_weekly"]);
  });

  it("points a typo near two names at the busier one", () => {
    const meant = (rows: AuditRow[]) => runOn(campaignTypo, rows).findings[0]?.values.at(-1);
    expect(
      meant([
        newsletter("sumer_promo", 5),
        newsletter("super_promo", 500),
        newsletter("summer_promo", 100),
      ]),
    ).toBe("super_promo");
    expect(
      meant([
        newsletter("sumer_promo", 5),
        newsletter("super_promo", 100),
        newsletter("summer_promo", 500),
      ]),
    ).toBe("summer_promo");
  });

  it("points a typo near two equally busy names at the nearer one", () => {
    const meant = (rows: AuditRow[]) => runOn(campaignTypo, rows).findings[0]?.values.at(-1);
    const typo = newsletter("welcome_series_newsleter", 5);
    const near = newsletter("welcome_series_newsletter", 300);
    const far = newsletter("welcome_series_newslatter", 300);
    expect(meant([typo, near, far])).toBe("welcome_series_newsletter");
    expect(meant([typo, far, near])).toBe("welcome_series_newsletter");
  });

  it("points a typo at the busier name even when a quieter one is nearer", () => {
    const result = runOn(campaignTypo, [
      newsletter("welcome_series_newsleter", 5),
      newsletter("welcome_series_newslatter", 900),
      newsletter("welcome_series_newsletter", 301),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:welcome_series_newsleter"]);
    expect(result.findings[0]?.values.at(-1)).toBe("welcome_series_newslatter");
  });

  it("masks words of four letters or more only: three-letter words are codes", () => {
    expect(typos([newsletter("spring_sale_usa", 900), newsletter("spring_sale_uss", 20)])).toEqual(
      [],
    );
  });

  it("compares words with the same numbers in them, wherever the numbers sit", () => {
    expect(typos([newsletter("spring_wave2", 900), newsletter("spring_wave2x", 5)])).toEqual([
      "campaign:spring_wave2x",
    ]);
    expect(typos([newsletter("spring_promo12", 900), newsletter("spring_promo1a2", 5)])).toEqual(
      [],
    );
  });
});

describe("campaign-typo in a block of more than 64 names", () => {
  it("compares every pair of a block of 64 names, two slips included", () => {
    const rows = [
      ...fillers(62),
      newsletter("newsletter_may", 4000),
      newsletter("nwsleter_may", 5),
    ];
    expect(typos(rows)).toEqual(["campaign:nwsleter_may"]);
  });

  it("finds a dropped, an added and a changed letter", () => {
    const rows = [
      ...fillers(80),
      newsletter("newsletter_may", 4000),
      newsletter("ewsletter_may", 20),
      newsletter("newslettter_may", 20),
      newsletter("xnewsletter_may", 20),
      newsletter("newsletrer_may", 20),
    ];
    expect(typos(rows)).toEqual([
      "campaign:ewsletter_may",
      "campaign:newsletrer_may",
      "campaign:newslettter_may",
      "campaign:xnewsletter_may",
    ]);
  });

  it("finds a typo of the name that is meant among names sharing a slip", () => {
    const result = runOn(campaignTypo, [
      ...fillers(80),
      newsletter("newsletterx_may", 4000),
      newsletter("newslettery_may", 2000),
      newsletter("newsletter_may", 5),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:newsletter_may"]);
    expect(result.findings[0]?.values).toEqual(["newsletter_may", "newsletterx_may"]);
  });

  it("looks past a name sharing the slip that is a real word, to the one meant", () => {
    const result = runOn(campaignTypo, [
      ...fillers(80),
      newsletter("shirts_may", 4000),
      newsletter("shirty_may", 2000),
      newsletter("shirt_may", 5),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:shirt_may"]);
    expect(result.findings[0]?.values).toEqual(["shirt_may", "shirty_may"]);
  });

  it("finds a typo with fewer sessions than the 500 busiest names of its block", () => {
    const many = fillers(520, 15);
    expect(
      typos([...many, newsletter("newsletter_may", 4000), newsletter("newsleter_may", 14)]),
    ).toEqual(["campaign:newsleter_may"]);
    expect(
      typos([...many, newsletter("newsletter_may", 20), newsletter("newsleter_may", 10)]),
    ).toEqual(["campaign:newsleter_may"]);
  });

  it("takes a third of the busiest name's sessions, or ten, as a typo there too", () => {
    expect(
      typos([...fillers(80), newsletter("newsletter_may", 60), newsletter("newsleter_may", 20)]),
    ).toEqual(["campaign:newsleter_may"]);
    expect(
      typos([...fillers(80), newsletter("newsletter_may", 29), newsletter("newsleter_may", 10)]),
    ).toEqual(["campaign:newsleter_may"]);
    expect(
      typos([...fillers(80), newsletter("newsletter_may", 59), newsletter("newsleter_may", 20)]),
    ).toEqual([]);
  });
});

describe("campaign-typo titles and ties", () => {
  const titles = (rows: AuditRow[]) =>
    runOn(campaignTypo, rows).findings.map((finding) => finding.title);

  it("shows the typo as written and the name meant", () => {
    expect(titles([newsletter("summer_promo", 300), newsletter("Sumer Promo", 5)])).toEqual([
      "utm_campaign 'Sumer Promo' looks like a typo of 'summer_promo'",
    ]);
  });

  it("points a typo equally near two equally busy names at the first one compared", () => {
    for (const rows of [
      [
        newsletter("sumer_promo", 5),
        newsletter("super_promo", 300),
        newsletter("summer_promo", 300),
      ],
      [
        newsletter("summer_promo", 300),
        newsletter("super_promo", 300),
        newsletter("sumer_promo", 5),
      ],
    ]) {
      expect(titles(rows)).toEqual([
        "utm_campaign 'sumer_promo' looks like a typo of 'super_promo'",
      ]);
    }
  });

  it("follows a chain of typos three names past the nearest one, no further", () => {
    const result = runOn(campaignTypo, [
      newsletter("abcdef_may", 1),
      newsletter("xbcdef_may", 4),
      newsletter("xycdef_may", 13),
      newsletter("xyzdef_may", 40),
      newsletter("xyzwef_may", 121),
      newsletter("xyzwvf_may", 364),
    ]);
    expect(result.findings.find((finding) => finding.key === "campaign:abcdef_may")?.title).toBe(
      "utm_campaign 'abcdef_may' looks like a typo of 'xyzwef_may'",
    );
    expect(result.findings.find((finding) => finding.key === "campaign:xbcdef_may")?.title).toBe(
      "utm_campaign 'xbcdef_may' looks like a typo of 'xyzwvf_may'",
    );
  });

  it("in a large block, measures against the busiest name after folding its spellings", () => {
    // newsletter_may has 60 sessions over two spellings, so the busier-looking springsale_may
    // (40) is not the block's busiest, and 20 sessions are a third of the busiest.
    const result = runOn(campaignTypo, [
      ...fillers(80),
      newsletter("springsale_may", 40),
      newsletter("newsletter_may", 30),
      newsletter("Newsletter May", 30),
      newsletter("newsleter_may", 20),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "utm_campaign 'newsleter_may' looks like a typo of 'Newsletter May'",
    ]);
  });
});
