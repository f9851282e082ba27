import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(stdout).toContain("No source on email / spring_sale (100 sessions)");
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
