import { describe, expect, it } from "vitest";
import { checks as registeredChecks } from "../checks/index.ts";
import { context } from "../testing/support.ts";
import { AuditData, type Column, type ValueStats } from "./audit-data.ts";
import {
  audit,
  type Combination,
  createAuditor,
  InvalidRowError,
  KEY_DIMENSIONS,
} from "./auditor.ts";
import { defineCheck } from "./check.ts";
import { FindingCollector } from "./findings.ts";
import type { AggregatedRow, AuditRow, Dimension } from "./types.ts";

const GUIDE = {
  whyItMatters: "w",
  howToFix: "h",
  exampleWrong: "x",
  exampleCorrect: "y",
  ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
};

const everyEmailRow = defineCheck({
  id: "test-email",
  title: "Email rows",
  severity: "warning",
  description: "Flags every email row.",
  guide: GUIDE,
  requires: ["sessionMedium"],
  run(data, findings) {
    for (const row of data.rows) {
      if (row.values.sessionMedium === "email") findings.add("email", "Email", row);
      if (row.values.sessionSource === "newsletter") findings.add("newsletter", "Newsletter", row);
    }
  },
});

const needsReferrer = defineCheck({
  ...everyEmailRow,
  id: "test-referrer",
  requires: [["pageReferrer", "landingPagePlusQueryString"]],
});

const severityByMedium = defineCheck({
  ...everyEmailRow,
  id: "test-severity",
  run(data, findings) {
    for (const row of data.rows) {
      const medium = row.values.sessionMedium ?? "";
      if (medium === "cpc") findings.add("paid", "Paid", row, { severity: "critical" });
      if (medium === "harmless") findings.add("harmless", "Harmless", row, { severity: "info" });
    }
  },
});

describe("createAuditor", () => {
  it("reports a check at the highest severity of its findings", () => {
    const run = (...mediums: string[]) => {
      const auditor = createAuditor(context(), [severityByMedium]);
      for (const medium of mediums) auditor.add({ sessionMedium: medium, sessions: 1 });
      return auditor.finish().checks[0]?.severity;
    };
    expect(run("harmless")).toBe("info");
    expect(run("harmless", "cpc")).toBe("critical");
    expect(run("other")).toBe("warning");
  });

  it("folds rows that differ only by date into one distinct row", () => {
    const auditor = createAuditor(context(), [everyEmailRow]);
    for (const date of ["20261101", "20261102", "20261103"]) {
      auditor.add({
        sessionSource: "newsletter",
        sessionMedium: "email",
        date,
        sessions: 10,
        keyEvents: 1,
      });
      auditor.add({ sessionSource: "google", sessionMedium: "cpc", date, sessions: 30 });
    }
    const report = auditor.finish();
    expect(report.totals).toEqual({
      rows: 6,
      distinctRows: 2,
      sessions: 120,
      keyEvents: 3,
      dimensions: ["sessionSource", "sessionMedium", "date"],
      dateRange: { start: "20261101", end: "20261103" },
      hidden: { dataDeleted: 0, rowLimit: 0 },
    });
  });

  it("counts a row in two findings of one check once", () => {
    const auditor = createAuditor(context(), [everyEmailRow]);
    auditor.add({ sessionSource: "newsletter", sessionMedium: "email", sessions: 25 });
    auditor.add({ sessionSource: "google", sessionMedium: "cpc", sessions: 75 });
    const [result] = auditor.finish().checks;
    expect(result?.findings.map((f) => f.affectedSessions)).toEqual([25, 25]);
    expect(result?.affectedSessions).toBe(25);
    expect(result?.affectedShare).toBe(0.25);
  });

  it("skips a check whose dimensions are absent, naming them, and scores only failures", () => {
    const auditor = createAuditor(context(), [everyEmailRow, needsReferrer]);
    auditor.add({ sessionMedium: "cpc", sessions: 5 });
    const report = auditor.finish();
    expect(report.checks.map((c) => [c.id, c.status, c.skippedReason])).toEqual([
      ["test-email", "passed", undefined],
      ["test-referrer", "skipped", "needs pageReferrer or landingPagePlusQueryString"],
    ]);
    expect(report).toMatchObject({
      healthScore: 100,
      healthGrade: "A+",
      passedChecksCount: 1,
      skippedChecksCount: 1,
    });
  });

  it("skips every check when there are no sessions", () => {
    const report = createAuditor(context(), [everyEmailRow]).finish();
    expect(report.checks[0]).toMatchObject({
      status: "skipped",
      skippedReason: "no sessions to audit",
    });
  });

  it("refuses rows without a usable session count", () => {
    const auditor = createAuditor(context(), [everyEmailRow]);
    expect(() => auditor.add({ sessions: -1 })).toThrow(InvalidRowError);
    expect(() => auditor.add({ sessions: Number.NaN })).toThrow(InvalidRowError);
    expect(() => auditor.add({ sessions: 1, keyEvents: -2 })).toThrow(InvalidRowError);
  });

  it("keeps memory to distinct values: a million identical rows are one group", () => {
    const auditor = createAuditor(context(), [everyEmailRow]);
    for (let i = 0; i < 1_000_000; i++) auditor.add({ sessionMedium: "email", sessions: 1 });
    const report = auditor.finish();
    expect(report.totals.distinctRows).toBe(1);
    expect(report.totals.sessions).toBe(1_000_000);
  });
});

describe("combinations", () => {
  const context = { siteHosts: ["www.example.com"], now: new Date("2026-11-20T00:00:00Z") };
  const rows: AuditRow[] = [
    { sessionSource: "Facebook", sessionMedium: "social", date: "20261101", sessions: 40 },
    { sessionSource: "facebook", sessionMedium: "social", date: "20261102", sessions: 60 },
    { sessionSource: "Facebook", sessionMedium: "social", date: "20261103", sessions: 5 },
    {
      sessionSource: "google",
      sessionMedium: "organic",
      date: "20261031",
      sessions: 500,
      keyEvents: 7,
    },
  ];

  it("audits rows added to a combination exactly as the same rows added whole", () => {
    const whole = createAuditor(context);
    for (const row of rows) whole.add(row);
    const keyed = createAuditor(context);
    const known = new Map<string, Combination>();
    for (const { date, sessions, keyEvents, ...values } of rows) {
      const key = JSON.stringify(values);
      let combination = known.get(key);
      if (!combination) {
        combination = keyed.combination(values);
        known.set(key, combination);
      }
      keyed.addTo(combination, sessions, keyEvents, date);
    }
    expect(known.size).toBe(3);
    expect(keyed.finish()).toEqual(whole.finish());
  });

  it("leaves out a combination no row was added to", () => {
    const auditor = createAuditor(context);
    auditor.add(rows[3] as AuditRow);
    auditor.combination({ sessionSource: "newsletter", sessionManualTerm: "unused" });
    const report = auditor.finish();
    expect(report.totals.distinctRows).toBe(1);
    expect(report.totals.dimensions).not.toContain("sessionManualTerm");

    // Looked up before any row: the rows after it keep their own values and sessions.
    const first = createAuditor(context);
    first.combination({ sessionSource: "newsletter", sessionManualTerm: "unused" });
    for (const row of rows) first.add(row);
    const whole = createAuditor(context);
    for (const row of rows) whole.add(row);
    expect(first.finish()).toEqual(whole.finish());
  });

  it("refuses bad sessions and another audit's combination", () => {
    const auditor = createAuditor(context);
    const combination = auditor.combination({ sessionSource: "google" });
    expect(() => auditor.addTo(combination, -1)).toThrow(InvalidRowError);
    expect(() => auditor.addTo(combination, 1, Number.NaN)).toThrow(InvalidRowError);
    expect(() => createAuditor(context).addTo(combination, 1)).toThrow(/another audit/);
    auditor.addTo(combination, 3);
    expect(auditor.finish().totals).toMatchObject({ rows: 1, sessions: 3, distinctRows: 1 });
    expect(() => auditor.combination({ sessionSource: "google" })).toThrow(/finished/);
  });
});

describe("rows by value ids", () => {
  const context = { siteHosts: ["www.example.com"], now: new Date("2026-11-20T00:00:00Z") };
  const rows: AuditRow[] = [
    { sessionSource: "Facebook", sessionMedium: "social", date: "20261101", sessions: 40 },
    { sessionSource: "facebook", sessionMedium: "", date: "20261102", sessions: 60 },
    { sessionSource: "Facebook", sessionMedium: "social", date: "20261103", sessions: 5 },
    { sessionSource: "(data deleted)", sessionMedium: "(data deleted)", sessions: 9 },
    { sessionMedium: "organic", landingPagePlusQueryString: "/?utm_source=x", sessions: 500 },
  ];

  /** The rows numbered as a columnar reader numbers them, each value once per dimension. */
  function encode(source: readonly AuditRow[]) {
    const dictionaries: (string | undefined)[][] = KEY_DIMENSIONS.map(() => []);
    const encoded = source.map((row) => ({
      ids: Int32Array.from(KEY_DIMENSIONS, (dimension, d) => {
        const dictionary = dictionaries[d] as (string | undefined)[];
        const value = row[dimension];
        if (!dictionary.includes(value)) dictionary.push(value);
        return dictionary.indexOf(value);
      }),
      row,
    }));
    return { dictionaries, encoded };
  }

  it("audits rows given by ids exactly as the same rows added whole", () => {
    const whole = createAuditor(context);
    for (const row of rows) whole.add(row);
    const { dictionaries, encoded } = encode(rows);
    const auditor = createAuditor(context);
    const { add } = auditor.encoded(dictionaries);
    for (const { ids, row } of encoded) add(ids, row.sessions, row.keyEvents, row.date);
    const report = auditor.finish();
    expect(report).toEqual(whole.finish());
    expect(report.totals.hidden.dataDeleted).toBe(9);
    expect(report.totals.dimensions).toContain("landingPagePlusQueryString");
  });

  it("adds many rows at once as it adds them one by one, and checks them all first", () => {
    const { dictionaries, encoded } = encode(rows);
    const byOne = createAuditor(context);
    const one = byOne.encoded(dictionaries);
    for (const { ids, row } of encoded) one.add(ids, row.sessions, row.keyEvents, row.date);
    const width = KEY_DIMENSIONS.length;
    const ids = new Int32Array(encoded.length * width);
    encoded.forEach((row, i) => {
      ids.set(row.ids, i * width);
    });
    const sessions = Float64Array.from(encoded, ({ row }) => row.sessions);
    const keyEvents = Float64Array.from(encoded, ({ row }) => row.keyEvents ?? 0);
    const dates = encoded.map(({ row }) => row.date);
    const byMany = createAuditor(context);
    const many = byMany.encoded(dictionaries);
    const bad = Float64Array.from(sessions);
    bad[2] = -1;
    expect(() => many.addMany(ids, encoded.length, bad, keyEvents, dates)).toThrow(InvalidRowError);
    many.addMany(ids, encoded.length, sessions, keyEvents, dates);
    const expected = byOne.finish();
    expect(byMany.finish()).toEqual(expected);

    // The same rows by their groups: found first, then added by number, the rows in another
    // order than the groups were found in.
    const byGroups = createAuditor(context);
    const grouped = byGroups.encoded(dictionaries);
    const groups = new Int32Array(encoded.length);
    grouped.groupsOf(ids, encoded.length, groups);
    expect(new Set(groups).size).toBe(new Set(encoded.map(({ ids }) => ids.join())).size);
    const unknown = Int32Array.from(groups);
    unknown[1] = encoded.length;
    expect(() => grouped.addToGroups(unknown, encoded.length, sessions, keyEvents, dates)).toThrow(
      /is not a group of the sessions view/,
    );
    expect(() => grouped.addToGroups(groups, encoded.length, bad, keyEvents, dates)).toThrow(
      InvalidRowError,
    );
    grouped.addToGroups(groups, encoded.length, sessions, keyEvents, dates);
    expect(byGroups.finish()).toEqual(expected);
  });

  it("gives the checks each row's values as the row's own properties, and only those", () => {
    const seen: [string, unknown][][] = [];
    const listValues = defineCheck({
      ...everyEmailRow,
      id: "test-values",
      run(data) {
        for (const row of data.rows) seen.push(Object.entries(row.values));
      },
    });
    const { dictionaries, encoded } = encode(rows);
    const auditor = createAuditor(context, [listValues]);
    const { add } = auditor.encoded(dictionaries);
    for (const { ids, row } of encoded) add(ids, row.sessions, row.keyEvents, row.date);
    auditor.finish();
    expect(seen).toEqual([
      [
        ["sessionSource", "Facebook"],
        ["sessionMedium", "social"],
      ],
      [
        ["sessionSource", "facebook"],
        ["sessionMedium", ""],
      ],
      [
        ["sessionSource", "(data deleted)"],
        ["sessionMedium", "(data deleted)"],
      ],
      [
        ["sessionMedium", "organic"],
        ["landingPagePlusQueryString", "/?utm_source=x"],
      ],
    ]);
  });

  it("makes an object only of the rows a finding shows, with the values and sums of its group", () => {
    // Rows most checks find fault with, each its own group (its landing page its own).
    const sources = [
      "Facebook",
      "facebook",
      "google",
      "newsletter",
      "fb",
      "(not set)",
      "bing",
      "cpc",
    ];
    const mediums = [
      "cpc",
      "CPC",
      "email",
      "Email",
      "social",
      "organic",
      "(none)",
      "banner",
      "facebook",
    ];
    const landings = [
      "/p?utm_source=fb&utm_medium=social&fbclid=Iw",
      "/p?gclid=EAI&utm_source=newsletter",
      "/p?utm_source=newsletter&utm_campaign=spring sale",
      "/p?UTM_SOURCE=x&email=a@b.example",
      "/checkout?utm_source=homepage&utm_medium=banner",
    ];
    let seen: AuditData | undefined;
    const lastCheck = defineCheck({
      ...everyEmailRow,
      id: "test-last",
      run(data) {
        seen = data;
      },
    });
    const auditor = createAuditor(context, [...registeredChecks, lastCheck]);
    for (let i = 0; i < 4000; i++) {
      auditor.add({
        sessionSource: sources[i % sources.length],
        sessionMedium: mediums[i % mediums.length],
        sessionCampaignName: `Spring_${i % 13}`,
        sessionDefaultChannelGroup: i % 3 === 0 ? "Unassigned" : "Paid Search",
        landingPagePlusQueryString: `${landings[i % landings.length]}&n=${i}`,
        pageReferrer: i % 4 === 0 ? "https://www.example.com/" : undefined,
        // The manual dimensions on half the rows, the term and the utm_id on fewer.
        ...(i % 2 === 0
          ? {
              sessionManualSource: sources[(i + 1) % sources.length],
              sessionManualMedium: mediums[(i + 3) % mediums.length],
              sessionManualCampaignName: `spring_${i % 11}`,
              sessionManualAdContent: `ad_${i % 9}`,
              sessionManualTerm: i % 10 === 0 ? `kw${i % 3}` : undefined,
              sessionManualCampaignId: i % 4 === 0 ? `id${i % 6}` : undefined,
            }
          : {}),
        sessions: 1 + (i % 17),
        keyEvents: i % 2,
        date: "2026-11-01",
      });
    }
    const report = auditor.finish();
    const findings = report.checks.flatMap((check) => check.findings);
    expect(findings.length).toBeGreaterThan(10);
    expect(report.totals.distinctRows).toBe(4000);
    const data = seen as AuditData;
    // The rows the examples show, and no other: each finding shows at most three.
    expect(data.madeRows).toBeGreaterThan(0);
    expect(data.madeRows).toBeLessThanOrEqual(3 * findings.length);
    expect(3 * findings.length).toBeLessThan(data.rowCount);
    // A row made on demand is the group's: its values, sums and number.
    const row = data.row(5);
    expect(row).toBe(data.row(5));
    expect(row).toEqual({
      values: {
        sessionSource: "(not set)",
        sessionMedium: "organic",
        sessionCampaignName: "Spring_5",
        sessionDefaultChannelGroup: "Paid Search",
        landingPagePlusQueryString: "/p?utm_source=fb&utm_medium=social&fbclid=Iw&n=5",
      },
      sessions: 6,
      keyEvents: 1,
      rows: 1,
      id: 5,
    });
    expect(data.rowValue(5, "sessionCampaignName")).toBe("Spring_5");
    expect(data.rowValue(5, "pageReferrer")).toBeUndefined();
    expect(data.rowValue(5, "date")).toBeUndefined();
    expect(() => data.row(4000)).toThrow(RangeError);
    // Every row at once is the same rows, the ones made before among them.
    expect(data.rows[5]).toBe(row);
    expect(data.rows).toHaveLength(4000);
    expect(data.madeRows).toBe(4000);
  });

  it("refuses bad sessions, a view with rows of another kind, and strings once given ids", () => {
    const { dictionaries, encoded } = encode(rows);
    const first = encoded[0] as { ids: Int32Array };
    const auditor = createAuditor(context);
    auditor.add(rows[0] as AuditRow);
    expect(() => auditor.encoded(dictionaries)).toThrow(/already has rows/);

    const byIds = createAuditor(context);
    const { add } = byIds.encoded(dictionaries);
    expect(() => add(first.ids, -1, undefined, undefined)).toThrow(InvalidRowError);
    expect(() => byIds.encoded(dictionaries)).toThrow(/already has rows/);
    expect(() => byIds.add(rows[0] as AuditRow)).toThrow(/ids/);
    add(first.ids, 3, 1, undefined);
    expect(byIds.finish().totals).toMatchObject({ rows: 1, sessions: 3, keyEvents: 1 });
    expect(() => add(first.ids, 1, undefined, undefined)).toThrow(/finished/);
  });
});

describe("views", () => {
  const views = {
    sessions: ["sessionSource", "sessionMedium", "sessionManualSource"],
    details: ["sessionManualSource", "sessionManualTerm"],
    referrers: ["pageReferrer", "sessionManualSource"],
  } as const;

  /** Flags rows with a utm_term, reading the details view. */
  const everyTerm = defineCheck({
    ...everyEmailRow,
    id: "test-term",
    view: "details",
    requires: ["sessionManualTerm"],
    run(data, findings) {
      for (const row of data.rows) {
        const term = row.values.sessionManualTerm;
        if (term && term !== "(not set)") findings.add(term, term, row);
      }
    },
  });

  /** Reads term values from the ledger: they come from the view that has them. */
  const termValues = defineCheck({
    ...everyEmailRow,
    id: "test-term-values",
    requires: ["sessionManualTerm"],
    run(data, findings) {
      for (const [value, stats] of data.values("sessionManualTerm")) {
        if (value === "Shoes") findings.add(value, value, stats.rows);
      }
    },
  });

  const needsReferrerRows = defineCheck({
    ...everyEmailRow,
    id: "test-referrer-rows",
    view: "referrers",
    requires: ["pageReferrer"],
    run(data, findings) {
      for (const row of data.rows) {
        if (row.values.pageReferrer?.includes("example.com")) findings.add("own", "Own", row);
      }
    },
  });

  function auditWithViews() {
    const auditor = createAuditor(
      context(),
      [everyEmailRow, everyTerm, termValues, needsReferrerRows],
      {
        views,
      },
    );
    auditor.add({
      sessionSource: "newsletter",
      sessionMedium: "email",
      sessions: 30,
      keyEvents: 2,
    });
    auditor.add({ sessionSource: "google", sessionMedium: "organic", sessions: 70, keyEvents: 5 });
    auditor.add(
      { sessionManualSource: "newsletter", sessionManualTerm: "Shoes", sessions: 10 },
      "details",
    );
    auditor.add(
      { sessionManualSource: "newsletter", sessionManualTerm: "boots", sessions: 5, keyEvents: 9 },
      "details",
    );
    auditor.add(
      {
        pageReferrer: "https://www.example.com/blog",
        sessionManualSource: "newsletter",
        sessions: 20,
      },
      "referrers",
    );
    return auditor.finish();
  }

  it("totals only the ledger, and divides every share by its sessions", () => {
    const report = auditWithViews();
    expect(report.totals).toMatchObject({ sessions: 100, keyEvents: 7, rows: 5, distinctRows: 5 });
    const byId = new Map(report.checks.map((check) => [check.id, check]));
    expect(byId.get("test-email")).toMatchObject({ affectedSessions: 30, affectedShare: 0.3 });
    // Rows of the details view, shared over the ledger's 100 sessions.
    expect(byId.get("test-term")).toMatchObject({ affectedSessions: 15, affectedShare: 0.15 });
    expect(byId.get("test-term-values")).toMatchObject({
      affectedSessions: 10,
      affectedShare: 0.1,
    });
    expect(byId.get("test-referrer-rows")).toMatchObject({
      affectedSessions: 20,
      affectedShare: 0.2,
    });
  });

  it("counts a dimension asked of a view as present, even when the view has no rows", () => {
    const auditor = createAuditor(context(), [everyTerm], { views });
    auditor.add({ sessionSource: "google", sessionMedium: "organic", sessions: 70 });
    const [result] = auditor.finish().checks;
    expect(result).toMatchObject({ status: "passed", affectedSessions: 0 });
  });

  it("gives a check the ledger when the source has no such view", () => {
    const auditor = createAuditor(context(), [everyTerm]);
    auditor.add({ sessionManualSource: "x", sessionManualTerm: "Shoes", sessions: 4 });
    auditor.add({ sessionManualSource: "y", sessionManualTerm: "(not set)", sessions: 4 });
    expect(auditor.finish().checks[0]).toMatchObject({ status: "failed", affectedShare: 0.5 });
  });

  it("refuses a row of a view it was not given", () => {
    const auditor = createAuditor(context(), [everyEmailRow]);
    expect(() => auditor.add({ sessions: 1 }, "details")).toThrow(/not given the details view/);
  });
});

describe("columns", () => {
  /** Reads every column of its data and the same dimension's `values`, to compare them. */
  function columnsAndValues(dimensions: readonly Dimension[]) {
    const seen: { column: unknown; values: unknown }[] = [];
    const probe = defineCheck({
      ...everyEmailRow,
      id: "test-columns",
      requires: [],
      run(data) {
        for (const dimension of dimensions) {
          const column = data.column(dimension);
          seen.push({
            column: column.values.map((value, v) => ({
              value,
              sessions: column.sessions[v],
              ids: [...column.ids.subarray(column.starts[v], column.starts[v + 1])],
            })),
            values: [...data.values(dimension).values()].map((stats) => ({
              value: stats.value,
              sessions: stats.sessions,
              ids: stats.rows.map((row) => row.id),
            })),
          });
        }
      },
    });
    return { probe, seen };
  }

  const sample: AuditRow[] = [
    { sessionSource: "b", landingPagePlusQueryString: "/x", sessions: 2 },
    { sessionSource: "a", landingPagePlusQueryString: "/y", sessions: 3 },
    { sessionSource: "b", sessions: 5 },
    { sessionSource: "a", landingPagePlusQueryString: "/x", sessions: 7 },
    { sessionSource: "c", landingPagePlusQueryString: "/z", sessions: 1 },
  ];

  it("gives each value's sessions and row ids in the order rows first carry it, as values does", () => {
    const { probe, seen } = columnsAndValues(["sessionSource", "landingPagePlusQueryString"]);
    const auditor = createAuditor(context(), [probe]);
    // A combination no row is added to comes first: its values are no column's.
    auditor.combination({ sessionSource: "unused", landingPagePlusQueryString: "/unused" });
    for (const row of sample) auditor.add(row);
    auditor.finish();
    expect(seen).toHaveLength(2);
    for (const { column, values } of seen) expect(column).toEqual(values);
    expect((seen[1] as { column: { value: string }[] }).column.map((entry) => entry.value)).toEqual(
      ["/x", "/y", "/z"],
    );
  });

  it("finds one value's stats through the grouping's values", () => {
    const found: unknown[] = [];
    const probe = defineCheck({
      ...everyEmailRow,
      id: "test-value-stats",
      requires: [],
      run(data) {
        found.push(data.valueStats("sessionSource", "a")?.sessions);
        found.push(data.valueStats("sessionSource", "unused"));
        found.push(data.valueStats("landingPagePlusQueryString", "/x")?.rows.length);
      },
    });
    const auditor = createAuditor(context(), [probe]);
    auditor.combination({ sessionSource: "unused" });
    for (const row of sample) auditor.add(row);
    auditor.finish();
    expect(found).toEqual([10, undefined, 2]);
  });

  it("builds the same column from rows alone, without the grouping's ids", () => {
    const { probe, seen } = columnsAndValues(["sessionSource", "landingPagePlusQueryString"]);
    const rows: AggregatedRow[] = sample.map(({ sessions, ...values }) => ({
      values,
      sessions,
      keyEvents: 0,
      rows: 1,
      id: -1,
    }));
    const data = new AuditData(
      rows,
      new Set<Dimension>(["sessionSource", "landingPagePlusQueryString"]),
      context(),
    );
    probe.run(data, new FindingCollector(data));
    for (const { column, values } of seen) expect(column).toEqual(values);
  });

  it("adds a value's rows to a finding by their ids", () => {
    const byLanding = defineCheck({
      ...everyEmailRow,
      id: "test-landing-ids",
      requires: ["landingPagePlusQueryString"],
      run(data, findings) {
        const { values, starts, ids } = data.column("landingPagePlusQueryString");
        values.forEach((value, v) => {
          findings.addIds(
            `landing:${value}`,
            value,
            ids,
            starts[v] as number,
            starts[v + 1] as number,
          );
        });
      },
    });
    const auditor = createAuditor(context(), [byLanding]);
    for (const row of sample) auditor.add(row);
    const [result] = auditor.finish().checks;
    expect(result?.affectedSessions).toBe(13);
    expect(result?.findings.map((f) => [f.key, f.affectedSessions])).toEqual([
      ["landing:/x", 9],
      ["landing:/y", 3],
      ["landing:/z", 1],
    ]);
  });

  describe("across views", () => {
    const views = {
      sessions: ["sessionSource", "sessionManualSource", "landingPagePlusQueryString"],
      details: ["sessionManualSource", "sessionManualTerm"],
    } as const;

    /** Runs `probe` on the ledger of an audit whose details view holds the terms. */
    function onLedger(probe: (data: AuditData) => void): void {
      const check = defineCheck({
        ...everyEmailRow,
        id: "test-across-views",
        requires: [],
        run: (data) => {
          probe(data);
          ran = true;
        },
      });
      let ran = false;
      const auditor = createAuditor(context(), [check], { views });
      auditor.add({ sessionSource: "google", landingPagePlusQueryString: "/a", sessions: 4 });
      auditor.add({ sessionSource: "news", sessionManualSource: "news", sessions: 6 });
      auditor.add({ sessionSource: "google", landingPagePlusQueryString: "/b", sessions: 1 });
      auditor.add(
        { sessionManualSource: "news", sessionManualTerm: "shoes", sessions: 3 },
        "details",
      );
      auditor.add({ sessionManualTerm: "boots", sessions: 2 }, "details");
      auditor.add(
        { sessionManualSource: "ads", sessionManualTerm: "shoes", sessions: 5 },
        "details",
      );
      auditor.finish();
      expect(ran).toBe(true);
    }

    /** Each of the column's rows' value, read from the column, beside what the row says. */
    function readBack(column: Column) {
      return column.data.rows.map((row, r) => {
        const v = column.valueOfRow[r] as number;
        return { id: row.id, value: v < 0 ? undefined : column.values[v] };
      });
    }

    it("ownColumn is the column of a dimension the view holds, over its own rows", () => {
      onLedger((data) => {
        const own = data.ownColumn("landingPagePlusQueryString");
        expect(own).toBe(data.column("landingPagePlusQueryString"));
        expect(own.data).toBe(data);
        // The row without a landing page has none; the others' values are theirs.
        expect(readBack(own)).toEqual([
          { id: 0, value: "/a" },
          { id: 1, value: undefined },
          { id: 2, value: "/b" },
        ]);
        expect(own.values).toEqual(["/a", "/b"]);
        expect([...own.ids]).toEqual([0, 2]);
      });
    });

    it("ownColumn of a dimension another view holds has no value in any of this view's rows", () => {
      onLedger((data) => {
        const terms = data.column("sessionManualTerm");
        expect(terms.data).not.toBe(data);
        expect(terms.values).toEqual(["shoes", "boots"]);
        const own = data.ownColumn("sessionManualTerm");
        expect(own.data).toBe(data);
        expect(own.firstId).toBe(0);
        expect(own.values).toEqual([]);
        expect([...own.valueOfRow]).toEqual([-1, -1, -1]);
        expect([...own.starts]).toEqual([0]);
        expect(own.ids).toHaveLength(0);
        // Made once.
        expect(data.ownColumn("sessionManualTerm")).toBe(own);
      });
    });

    it("columnBeside reads a dimension over the rows of another view's column", () => {
      onLedger((data) => {
        const terms = data.column("sessionManualTerm");
        const sources = data.columnBeside(terms, "sessionManualSource");
        // The details view's own sources, not the ledger's: the same rows as the terms.
        expect(sources.data).toBe(terms.data);
        expect(sources).not.toBe(data.column("sessionManualSource"));
        expect(readBack(sources)).toEqual([
          { id: 3, value: "news" },
          { id: 4, value: undefined },
          { id: 5, value: "ads" },
        ]);
        expect(sources.values).toEqual(["news", "ads"]);
        expect([...sources.sessions]).toEqual([3, 5]);
        // The details rows carry no session source: the ledger holds it.
        const sessionSources = data.columnBeside(terms, "sessionSource");
        expect(sessionSources.data).toBe(terms.data);
        expect([...sessionSources.valueOfRow]).toEqual([-1, -1, -1]);
        // Beside one of this view's own columns, this view's column.
        const landing = data.column("landingPagePlusQueryString");
        expect(data.columnBeside(landing, "sessionSource")).toBe(data.column("sessionSource"));
      });
    });

    it("firstOfColumn reads each row's first dimension that has a value", () => {
      onLedger((data) => {
        // Row 1 has both sources; rows 0 and 2 the session source only.
        const first = data.firstOfColumn(["sessionManualSource", "sessionSource"]);
        expect(first.data).toBe(data);
        expect(readBack(first)).toEqual([
          { id: 0, value: "google" },
          { id: 1, value: "news" },
          { id: 2, value: "google" },
        ]);
        expect(first.values).toEqual(["google", "news"]);
        expect([...first.sessions]).toEqual([5, 6]);
        expect([...first.ids]).toEqual([0, 2, 1]);
        // Made once; with one dimension holding values, that dimension's own column.
        expect(data.firstOfColumn(["sessionManualSource", "sessionSource"])).toBe(first);
        const landing = data.firstOfColumn(["sessionManualTerm", "landingPagePlusQueryString"]);
        expect(landing).toBe(data.column("landingPagePlusQueryString"));
        // No dimension with values: no row has one.
        const none = data.firstOfColumn(["sessionManualTerm", "pageReferrer"]);
        expect(none.values).toEqual([]);
        expect([...none.valueOfRow]).toEqual([-1, -1, -1]);
      });
    });

    it("firstOfColumn merges values the dimensions share, in the order rows first carry them", () => {
      const rows: AggregatedRow[] = [
        { values: { sessionManualSource: "b" }, sessions: 1, keyEvents: 0, rows: 1 },
        { values: { sessionSource: "a" }, sessions: 2, keyEvents: 0, rows: 1 },
        { values: {}, sessions: 4, keyEvents: 0, rows: 1 },
        {
          values: { sessionSource: "b", sessionManualSource: "c" },
          sessions: 8,
          keyEvents: 0,
          rows: 1,
        },
      ];
      const data = new AuditData(
        rows,
        new Set<Dimension>(["sessionSource", "sessionManualSource"]),
        context(),
      );
      const first = data.firstOfColumn(["sessionSource", "sessionManualSource"]);
      expect(readBack(first).map((entry) => entry.value)).toEqual(["b", "a", undefined, "b"]);
      expect(first.values).toEqual(["b", "a"]);
      expect([...first.sessions]).toEqual([9, 2]);
      expect([...first.ids]).toEqual([0, 3, 1]);
    });

    it("channelColumn gives GA4's channel group, else the predicted channel, beside any view", () => {
      const rows: AggregatedRow[] = [
        { values: { sessionDefaultChannelGroup: "Email" }, sessions: 1, keyEvents: 0, rows: 1 },
        {
          values: { sessionSource: "google", sessionMedium: "cpc" },
          sessions: 2,
          keyEvents: 0,
          rows: 1,
        },
        {
          values: { sessionDefaultChannelGroup: "Paid Search" },
          sessions: 4,
          keyEvents: 0,
          rows: 1,
        },
      ];
      const data = new AuditData(
        rows,
        new Set<Dimension>(["sessionDefaultChannelGroup", "sessionSource", "sessionMedium"]),
        context(),
      );
      const channels = data.channelColumn();
      expect(readBack(channels).map((entry) => entry.value)).toEqual(
        rows.map((row) => data.channel(row)),
      );
      expect(channels.values).toEqual(["Email", "Paid Search"]);
      expect(data.channelColumn()).toBe(channels);
      expect(data.channelColumnBeside(data.column("sessionSource"))).toBe(channels);
      // Every row with a channel group: that dimension's own column.
      onLedger((ledger) => {
        const terms = ledger.column("sessionManualTerm");
        const beside = ledger.channelColumnBeside(terms);
        expect(beside.data).toBe(terms.data);
        expect(beside.valueOfRow).toHaveLength(3);
        expect(() => data.channelColumnBeside(terms)).toThrow(/not of this audit's rows/);
      });
      const assigned = new AuditData(
        [rows[0] as AggregatedRow, rows[2] as AggregatedRow].map((row) => ({ ...row })),
        new Set<Dimension>(["sessionDefaultChannelGroup"]),
        context(),
      );
      expect(assigned.channelColumn()).toBe(assigned.column("sessionDefaultChannelGroup"));
    });

    it("columnBeside refuses a column of rows that are not the audit's", () => {
      onLedger((data) => {
        const stranger = new AuditData(
          [{ values: { sessionSource: "x" }, sessions: 1, keyEvents: 0, rows: 1 }],
          new Set<Dimension>(["sessionSource"]),
          context(),
        );
        expect(() => data.columnBeside(stranger.column("sessionSource"), "sessionSource")).toThrow(
          /not of this audit's rows/,
        );
      });
    });

    it("columnIndexOf places only the very entries values gave, in the holding view's column", () => {
      onLedger((data) => {
        // Before the value list is built, no entry is the list's.
        const early = data.valueStats("sessionManualTerm", "boots");
        expect(early?.sessions).toBe(2);
        expect(data.columnIndexOf("sessionManualTerm", early as ValueStats)).toBe(-1);
        const terms = data.values("sessionManualTerm");
        const column = data.column("sessionManualTerm");
        for (const stats of terms.values()) {
          const at = data.columnIndexOf("sessionManualTerm", stats);
          expect(column.values[at]).toBe(stats.value);
          const ids = [...column.ids.subarray(column.starts[at], column.starts[at + 1])];
          expect(ids).toEqual(stats.rows.map((row) => row.id));
        }
        const shoes = terms.get("shoes") as ValueStats;
        // A copy, or a part of the value's rows, is not the entry.
        expect(data.columnIndexOf("sessionManualTerm", { ...shoes })).toBe(-1);
        expect(
          data.columnIndexOf("sessionManualTerm", { ...shoes, rows: shoes.rows.slice(1) }),
        ).toBe(-1);
        // An entry of another dimension's list, with a value this one lacks.
        const google = data.values("sessionSource").get("google") as ValueStats;
        expect(data.columnIndexOf("sessionManualTerm", google)).toBe(-1);
        expect(data.columnIndexOf("sessionSource", google)).toBe(0);
      });
    });
  });
});

describe("hidden sessions", () => {
  it("counts a row by the first hidden value in the order of the key dimensions", () => {
    const report = audit(
      [
        { sessionSource: "(other)", landingPagePlusQueryString: "(data deleted)", sessions: 5 },
        { sessionMedium: " (Data Deleted) ", pageReferrer: "<Other>", sessions: 3 },
        { sessionSource: "(data deleted)", sessionMedium: "(other)", sessions: 2 },
        { sessionSource: "google", sessionMedium: "cpc", sessions: 7 },
      ],
      context(),
    );
    expect(report.totals.hidden).toEqual({ dataDeleted: 5, rowLimit: 5 });
    const clean = audit([{ sessionSource: "google", sessions: 4 }], context());
    expect(clean.totals.hidden).toEqual({ dataDeleted: 0, rowLimit: 0 });
  });
});
