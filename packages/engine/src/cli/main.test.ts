import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIMENSIONS, type Dimension, VIEW_DIMENSIONS } from "../core/types.ts";
import { runCli } from "./main.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "utmost-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string): Promise<string> {
  const target = path.join(dir, name);
  await writeFile(target, content);
  return target;
}

async function run(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    now: () => new Date("2026-11-20T00:00:00Z"),
  });
  return { code, stdout, stderr };
}

const HEADER =
  "sessionSource,sessionMedium,sessionCampaignName,sessionManualSource,sessionManualMedium,sessionManualCampaignName,date,sessions";
const CSV = `${HEADER}
google,cpc,brand,google,cpc,brand,20261101,900
(not set),(not set),(not set),(not set),email,spring_sale,20261102,100
`;

/** Sessions of a small property, by every dimension the engine reads. */
type Session = Record<Dimension, string> & { sessions: number };
const SEARCH: Session = {
  sessionSource: "google",
  sessionMedium: "cpc",
  sessionCampaignName: "brand",
  sessionDefaultChannelGroup: "Paid Search",
  sessionManualSource: "google",
  sessionManualMedium: "cpc",
  sessionManualCampaignName: "brand",
  sessionManualCampaignId: "(not set)",
  sessionManualTerm: "shoes",
  sessionManualAdContent: "(not set)",
  landingPagePlusQueryString:
    "/shoes?utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=shoes",
  pageReferrer: "https://www.google.com/",
  date: "20261101",
  sessions: 900,
};
/** No utm_campaign but a utm_id, a campaign key only the details view carries. */
const NEWSLETTER: Session = {
  sessionSource: "newsletter",
  sessionMedium: "email",
  sessionCampaignName: "(not set)",
  sessionDefaultChannelGroup: "Email",
  sessionManualSource: "newsletter",
  sessionManualMedium: "email",
  sessionManualCampaignName: "(not set)",
  sessionManualCampaignId: "spring_2026",
  sessionManualTerm: "(not set)",
  sessionManualAdContent: "(not set)",
  landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=email&utm_id=spring_2026",
  pageReferrer: "",
  date: "20261102",
  sessions: 60,
};
/** A tagged link on the site's own blog: internal, as only its referrer shows. */
const FROM_BLOG: Session = {
  sessionSource: "facebook",
  sessionMedium: "social",
  sessionCampaignName: "summer",
  sessionDefaultChannelGroup: "Organic Social",
  sessionManualSource: "facebook",
  sessionManualMedium: "social",
  sessionManualCampaignName: "summer",
  sessionManualCampaignId: "(not set)",
  sessionManualTerm: "(not set)",
  sessionManualAdContent: "(not set)",
  landingPagePlusQueryString: "/summer?utm_source=facebook&utm_medium=social&utm_campaign=summer",
  pageReferrer: "https://www.example.com/blog/post",
  date: "20261103",
  sessions: 40,
};
const SESSIONS = [SEARCH, NEWSLETTER, FROM_BLOG];
/** The details view holds the sessions with a utm_term, utm_content or utm_id. */
const DETAILED = [SEARCH, NEWSLETTER];

function csvOf(dimensions: readonly Dimension[], sessions: readonly Session[]): string {
  const lines = sessions.map((s) => [...dimensions.map((d) => s[d]), s.sessions].join(","));
  return `${[...dimensions, "sessions"].join(",")}\n${lines.join("\n")}\n`;
}

function reportOf(dimensions: readonly Dimension[], sessions: readonly Session[]) {
  return {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
    rows: sessions.map((s) => ({
      dimensionValues: dimensions.map((d) => ({ value: s[d] })),
      metricValues: [{ value: String(s.sessions) }],
    })),
    rowCount: sessions.length,
    kind: "analyticsData#runReport",
  };
}

function batchOf(...reports: ReturnType<typeof reportOf>[]): string {
  return JSON.stringify({ reports, kind: "analyticsData#batchRunReports" }, null, 2);
}

interface JsonReport {
  totals: { sessions: number; rows: number };
  checks: { id: string; status: string; findings: { title: string }[] }[];
}

async function audited(...argv: string[]) {
  const { code, stdout, stderr } = await run(
    ...argv,
    "--site",
    "www.example.com",
    "--format",
    "json",
  );
  expect(stderr).toBe("");
  expect(code).toBe(0);
  const report = JSON.parse(stdout) as JsonReport;
  const check = (id: string) => report.checks.find((c) => c.id === id);
  const failed = report.checks.filter((c) => c.status === "failed").map((c) => c.id);
  return { report, check, failed };
}

const views = VIEW_DIMENSIONS;

describe("utmost-audit", () => {
  it("audits a CSV into a JSON report", async () => {
    const input = await file("sessions.csv", CSV);
    const { code, stdout, stderr } = await run(
      input,
      "--format",
      "json",
      "--site",
      "www.example.com",
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      healthScore: expect.any(Number),
      healthGrade: expect.any(String),
      criticalIssuesCount: expect.any(Number),
      warningIssuesCount: expect.any(Number),
      passedChecksCount: expect.any(Number),
      totals: { rows: 2, sessions: 1000, dateRange: { start: "20261101", end: "20261102" } },
    });
    const missing = report.checks.find((c: { id: string }) => c.id === "missing-utm-source");
    expect(missing).toMatchObject({
      status: "failed",
      severity: "critical",
      affectedSessions: 100,
    });
  });

  it("prints a readable table by default", async () => {
    const input = await file("table.csv", CSV);
    const { code, stdout } = await run(input);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Health score \d+\/100, grade [A-F]\+?/);
    expect(stdout).toContain("missing-utm-source");
    expect(stdout).toContain("No utm_source on email / spring_sale (100 sessions)");
  });

  it("exits 1 under --fail-under", async () => {
    const input = await file("fail.csv", CSV);
    expect((await run(input, "--fail-under", "100")).code).toBe(1);
    expect((await run(input, "--fail-under", "0")).code).toBe(0);
  });

  it("reads a GA4 runReport response", async () => {
    const input = await file(
      "report.json",
      JSON.stringify({
        dimensionHeaders: [
          { name: "sessionManualSource" },
          { name: "sessionManualMedium" },
          { name: "city" },
        ],
        metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
        rows: [
          {
            dimensionValues: [{ value: "(not set)" }, { value: "email" }, { value: "Paris" }],
            metricValues: [{ value: "30" }],
          },
          {
            dimensionValues: [{ value: "google" }, { value: "cpc" }, { value: "Lyon" }],
            metricValues: [{ value: "70" }],
          },
        ],
        rowCount: 2,
      }),
    );
    const { code, stdout } = await run(input, "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).totals).toMatchObject({ rows: 2, sessions: 100 });
  });

  it.each([
    [
      "an unknown column",
      `sessionSource,clicks,sessions\ngoogle,1,2\n`,
      /unknown\.csv:1:2: unknown column "clicks"/,
    ],
    [
      "no sessions column",
      `sessionSource,sessionMedium\ngoogle,cpc\n`,
      /nosessions\.csv:1:1: the header has no "sessions" column/,
    ],
    [
      "a bad session count",
      `sessionSource,sessions\ngoogle,10\nbing,ten\n`,
      /badcount\.csv:3:2: sessions must be a number of 0 or more, got "ten"/,
    ],
    [
      "a row of the wrong length",
      `sessionSource,sessions\ngoogle,10,extra\n`,
      /ragged\.csv:2:\d+: /,
    ],
    ["a broken quote", `sessionSource,sessions\n"goo"gle,10\n`, /quote\.csv:2:\d+: /],
  ])("refuses %s with exit 2 naming file, line and column", async (_label, content, message) => {
    const name = String(message.source.match(/^(\w+)/)?.[1]);
    const input = await file(`${name}.csv`, content);
    const { code, stderr } = await run(input);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("locates a JSON syntax error", async () => {
    const input = await file(
      "broken.json",
      '{\n  "dimensionHeaders": [\n    {"name": "sessionSource"},,\n  ]\n}',
    );
    const { code, stderr } = await run(input);
    expect(code).toBe(2);
    expect(stderr).toMatch(/broken\.json:3:\d+: not valid JSON/);
  });

  it("points at the runReport row with a bad metric", async () => {
    const input = await file(
      "badmetric.json",
      '{\n"dimensionHeaders": [{"name": "sessionSource"}],\n"metricHeaders": [{"name": "sessions"}],\n"rows": [\n{"dimensionValues": [{"value": "a"}], "metricValues": [{"value": "1"}]},\n{"dimensionValues": [{"value": "b"}], "metricValues": [{"value": "x"}]}\n]}',
    );
    const { code, stderr } = await run(input);
    expect(code).toBe(2);
    expect(stderr).toContain("badmetric.json:6:1: rows[1]: sessions must be a number of 0 or more");
  });

  it("audits one file per view as it audits the same sessions in one CSV of all columns", async () => {
    const whole = await audited(await file("all.csv", csvOf(DIMENSIONS, SESSIONS)));
    const split = await audited(
      await file("v-sessions.csv", csvOf(views.sessions, SESSIONS)),
      await file("v-details.csv", csvOf(views.details, DETAILED)),
      await file("v-referrers.csv", csvOf(views.referrers, SESSIONS)),
    );
    for (const audit of [whole, split]) {
      expect(audit.report.totals.sessions).toBe(1000);
      // The utm_id exempts the newsletter; its own blog's referrer gives the facebook link away.
      expect(audit.check("missing-utm-campaign")?.status).toBe("passed");
      expect(audit.check("internal-utm-link")?.findings.map((f) => f.title)).toContain(
        "Links from your own pages to /summer carry UTM parameters",
      );
    }
    expect(split.failed).toEqual(whole.failed);
    // The ledger alone has neither utm_id nor referrers: the other views are what tell.
    const ledger = await audited(await file("v-ledger.csv", csvOf(views.sessions, SESSIONS)));
    expect(ledger.check("missing-utm-campaign")?.status).toBe("failed");
    expect(ledger.check("internal-utm-link")?.status).not.toBe("failed");
  });

  it("reads the page referrer column: a redirect that dropped an ad's gclid", async () => {
    const redirected: Session = {
      ...SEARCH,
      sessionSource: "(direct)",
      sessionMedium: "(none)",
      sessionCampaignName: "(direct)",
      sessionDefaultChannelGroup: "Direct",
      sessionManualSource: "(not set)",
      sessionManualMedium: "(not set)",
      sessionManualCampaignName: "(not set)",
      sessionManualTerm: "(not set)",
      landingPagePlusQueryString: "/spring-sale",
      pageReferrer: "https://www.example.com/promo?gclid=Cj0KCQ",
      sessions: 25,
    };
    const whole = await audited(
      await file("redirect.csv", csvOf(DIMENSIONS, [SEARCH, redirected])),
    );
    const split = await audited(
      await file("r-sessions.csv", csvOf(views.sessions, [SEARCH, redirected])),
      "--referrers",
      await file("r-referrers.csv", csvOf(views.referrers, [SEARCH, redirected])),
    );
    for (const audit of [whole, split]) {
      expect(audit.check("tracking-lost-in-redirect")?.findings.map((f) => f.title)).toEqual([
        "Page referrer www.example.com/promo carried gclid, but its sessions start as (direct) without them: a redirect dropped them",
      ]);
    }
  });

  it("names the views it read, a ledger in parts and a view by option", async () => {
    const { code, stdout } = await run(
      await file("october.csv", csvOf(views.sessions, [SEARCH])),
      await file("november.csv", csvOf(views.sessions, [NEWSLETTER, FROM_BLOG])),
      // Not the details report's columns: the option says which view it is.
      "--details",
      await file("terms.csv", csvOf(["sessionManualSource", "sessionManualTerm"], [SEARCH])),
      await file("referrers.csv", csvOf(views.referrers, SESSIONS)),
    );
    expect(code).toBe(0);
    expect(stdout).toContain("Views: sessions (2 files), details, referrers\n");
    expect(stdout).toContain("1,000 sessions in ");
    const single = await run(await file("single.csv", csvOf(DIMENSIONS, SESSIONS)));
    expect(single.stdout).not.toContain("Views:");
  });

  it("audits a ledger in parts, a CSV and a saved report, as the same sessions in one CSV", async () => {
    const [first, ...rest] = SESSIONS;
    const parts = await audited(
      await file("part-1.csv", csvOf(DIMENSIONS, [first as Session, ...rest])),
      await file("part-2.json", JSON.stringify(reportOf(DIMENSIONS, rest))),
    );
    const whole = await audited(
      await file("whole.csv", csvOf(DIMENSIONS, [first as Session, ...rest, ...rest])),
    );
    expect(parts.report).toEqual(whole.report);
  });

  it("reads a saved batchRunReports response, each report as the view its dimensions match", async () => {
    const whole = await audited(await file("whole.csv", csvOf(DIMENSIONS, SESSIONS)));
    const batch = await audited(
      await file(
        "batch.json",
        batchOf(
          reportOf(views.referrers, SESSIONS),
          reportOf(views.sessions, SESSIONS),
          reportOf(views.details, DETAILED),
        ),
      ),
    );
    expect(batch.report.totals.sessions).toBe(1000);
    expect(batch.failed).toEqual(whole.failed);
    expect(batch.check("missing-utm-campaign")?.status).toBe("passed");
    // A batch of one report of other dimensions is a ledger, as a runReport would be.
    const one = await audited(
      await file("one.json", batchOf(reportOf(["sessionSource", "date"], SESSIONS))),
    );
    expect(one.report.totals).toMatchObject({ sessions: 1000, rows: 3 });
  });

  it("refuses a batch report that is no view's, pointing at it", async () => {
    const input = await file(
      "nomatch.json",
      batchOf(reportOf(views.sessions, SESSIONS), reportOf(["sessionSource", "date"], SESSIONS)),
    );
    const { code, stderr } = await run(input);
    expect(code).toBe(2);
    const line = batchOf(reportOf(views.sessions, SESSIONS), reportOf([], []))
      .split("\n")
      .lastIndexOf("    {");
    expect(stderr).toContain(
      `nomatch.json:${line + 1}:5: reports[1] matches no view: its dimensions (sessionSource, date)`,
    );
    expect(stderr).toContain("or save this report as its own runReport file");
  });

  it("points at the batch report row with a bad metric", async () => {
    const details = reportOf(views.details, DETAILED);
    const bad = {
      ...details,
      rows: [details.rows[0], { ...details.rows[1], metricValues: [{ value: "x" }] }],
    };
    const text = batchOf(reportOf(views.sessions, SESSIONS), bad as typeof details);
    const { code, stderr } = await run(await file("badbatch.json", text));
    expect(code).toBe(2);
    const lines = text.split("\n");
    // The row's own line: the last row opening (8 spaces in) above the bad value.
    const row = lines
      .slice(
        0,
        lines.findIndex((l) => l.includes('"x"')),
      )
      .lastIndexOf("        {");
    expect(stderr).toContain(
      `badbatch.json:${row + 1}:9: reports[1].rows[1]: sessions must be a number of 0 or more`,
    );
  });

  it.each([
    ["a details file", ["only-details.csv"], []],
    [
      "a details and a referrers file by option",
      [],
      ["--details", "opt-details.csv", "--referrers", "opt-referrers.csv"],
    ],
  ])("refuses %s without a ledger", async (_label, positional, options) => {
    await file("only-details.csv", csvOf(views.details, DETAILED));
    await file("opt-details.csv", csvOf(views.details, DETAILED));
    await file("opt-referrers.csv", csvOf(views.referrers, SESSIONS));
    const argv = [
      ...positional.map((name) => path.join(dir, name)),
      ...options.map((arg) => (arg.endsWith(".csv") ? path.join(dir, arg) : arg)),
    ];
    const { code, stdout, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/details\.csv:1:1: a ledger is needed: this file is the details view/);
  });

  it("runs as the installed command, through its own line's Node and flags", async () => {
    const bin = path.join(import.meta.dirname, "../../bin/utmost-audit.js");
    const input = await file("command.csv", csvOf(DIMENSIONS, SESSIONS));
    // The Node running the tests is the project's: `env` finds it first, as under npm exec.
    const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`;
    const run = spawnSync(bin, [input, "--format", "json"], {
      encoding: "utf8",
      env: { ...process.env, PATH },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).totals.sessions).toBe(1000);
  });

  it("keeps its compiled modules in the compile cache, and runs the same without one", async () => {
    const bin = path.join(import.meta.dirname, "../../bin/utmost-audit.js");
    const input = await file("cached.csv", csvOf(DIMENSIONS, SESSIONS));
    const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`;
    const cache = path.join(dir, "compile-cache");
    const runWith = (NODE_COMPILE_CACHE: string) =>
      spawnSync(bin, [input, "--format", "json"], {
        encoding: "utf8",
        env: { ...process.env, PATH, NODE_COMPILE_CACHE },
      });
    const first = runWith(cache);
    expect(first.status).toBe(0);
    // The modules the command compiled are on disk for the next run.
    expect((await readdir(cache, { recursive: true })).length).toBeGreaterThan(1);
    const second = runWith(cache);
    expect(second.stdout).toBe(first.stdout);
    // A cache that cannot be written (a file where its directory would be) costs only speed.
    const blocked = runWith(path.join(input, "cache"));
    expect(blocked.stderr).toBe("");
    expect(blocked.status).toBe(0);
    expect(blocked.stdout).toBe(first.stdout);
  });

  it("explains usage errors", async () => {
    expect((await run()).code).toBe(2);
    expect((await run("x.csv", "--format", "xml")).stderr).toContain(
      "--format must be json or text",
    );
    expect((await run("x.csv", "--fail-under", "120")).code).toBe(2);
    const missing = await run(path.join(dir, "nope.csv"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.csv:1:1: cannot read the file \(ENOENT\)/);
    expect((await run("--help")).stdout).toContain("Usage: utmost-audit");
  });
});
