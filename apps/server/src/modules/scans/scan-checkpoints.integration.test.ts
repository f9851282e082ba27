import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { auditScans, dataSources, scanCheckpoints, users } from "../../db/schema.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../test/databases.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import type { WindowCheckpoint } from "./scan-checkpoint.ts";
import { checkpointTotals, createCheckpointStore } from "./scan-checkpoints.repository.ts";
import { dayNumber, isoDate } from "./scan-plan.ts";
import { completeScan, failScan } from "./scans.repository.ts";

/** A scan's finished windows, kept while it runs so that a later attempt resumes from them. */
describe.each(testDatabaseKinds())("scan checkpoints on %s", (kind) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    database = await openDatabase(testDb.database);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  async function runningScan() {
    const db = database.db;
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, fullName: "Sam", email: `${userId}@example.com` });
    const workspace = await createWithOwner(db, { name: "Audits", type: "team", ownerId: userId });
    const [dataSource] = await db
      .insert(dataSources)
      .values({ workspaceId: workspace.id, name: "Storefront", ga4PropertyId: "123" })
      .returning();
    if (!dataSource) throw new Error("no property inserted");
    const [scan] = await db
      .insert(auditScans)
      .values({ dataSourceId: dataSource.id, status: "running" })
      .returning();
    if (!scan) throw new Error("no scan inserted");
    return { scanId: scan.id, dataSourceId: dataSource.id };
  }

  const END = dayNumber("2026-11-20");

  /** The window of `days` days ending `endBack` days before END, with a row per view. */
  function checkpoint(endBack: number, days = 2, rows = 2): WindowCheckpoint {
    const window = { startDay: END - endBack - days + 1, endDay: END - endBack };
    const day = isoDate(window.endDay).replaceAll("-", "");
    return {
      window,
      rowsFetched: rows * 3,
      apiCalls: 3,
      daysWithOtherRow: endBack === 0 ? 1 : 0,
      views: {
        sessions: {
          combinations: Array.from({ length: rows }, (_, i) => [
            endBack * 10_000 + i,
            `source-${i}`,
            "email",
            null,
          ]),
          rows: Float64Array.from(
            Array.from({ length: rows }, (_, i) => [
              endBack * 10_000 + i,
              Number(day),
              i + 1,
              0.5,
            ]).flat(),
          ),
        },
        details: { combinations: [[1, "shoes ä €"]], rows: Float64Array.of(1, 0, 3, 0) },
        referrers: { combinations: [], rows: new Float64Array() },
      },
      sampling: endBack === 0 ? { samplesReadCount: 10, samplingSpaceSize: 100 } : null,
      thresholded: endBack === 2,
    };
  }

  async function storedWindows(scanId: string) {
    const rows = await database.db
      .select({ windowStart: scanCheckpoints.windowStart })
      .from(scanCheckpoints)
      .where(eq(scanCheckpoints.scanId, scanId));
    return rows.map((row) => row.windowStart).sort();
  }

  it("gives back every saved window, newest first, as it was saved", async () => {
    const { scanId } = await runningScan();
    const store = createCheckpointStore(database.db, scanId);
    expect(await store.load()).toEqual([]);

    const windows = [checkpoint(0), checkpoint(2), checkpoint(4, 2, 1_000)];
    // Saved out of order: loading orders them.
    for (const saved of [windows[1], windows[0], windows[2]]) {
      if (saved) await store.save(saved);
    }
    expect(await store.load()).toEqual(windows);
    // Another attempt's store finds them too.
    expect(await createCheckpointStore(database.db, scanId).load()).toEqual(windows);
    expect(await checkpointTotals(database.db, scanId)).toEqual({
      days: 6,
      rowsFetched: 6 + 6 + 3_000,
      apiCalls: 9,
    });
  });

  it("replaces a window saved again", async () => {
    const { scanId } = await runningScan();
    const store = createCheckpointStore(database.db, scanId);
    await store.save(checkpoint(0, 2, 1));
    const again = { ...checkpoint(0, 2, 5), apiCalls: 7 };
    await store.save(again);
    expect(await store.load()).toEqual([again]);
    expect(await storedWindows(scanId)).toHaveLength(1);
  });

  it("leaves out, and deletes, an unreadable window and every older one", async () => {
    const { scanId } = await runningScan();
    const dropped: unknown[] = [];
    const store = createCheckpointStore(database.db, scanId, {
      onDropped: (window) => dropped.push(window),
    });
    const [newest, middle, oldest] = [checkpoint(0), checkpoint(2), checkpoint(4)];
    for (const saved of [newest, middle, oldest]) if (saved) await store.save(saved);
    const middleStart = isoDate(middle?.window.startDay ?? 0);
    const corrupt = async (payload: Buffer) =>
      database.db
        .update(scanCheckpoints)
        .set({ payload })
        .where(
          and(eq(scanCheckpoints.scanId, scanId), eq(scanCheckpoints.windowStart, middleStart)),
        );

    // Not gzip at all, then gzip of something that is not a checkpoint of this version.
    await corrupt(Buffer.from("not gzip"));
    expect(await store.load()).toEqual([newest]);
    expect(dropped).toEqual([middle?.window]);
    expect(await storedWindows(scanId)).toEqual([isoDate(newest?.window.startDay ?? 0)]);

    for (const saved of [middle, oldest]) if (saved) await store.save(saved);
    await corrupt(gzipSync(JSON.stringify({ version: 0, views: {} })));
    expect(await store.load()).toEqual([newest]);
    expect(await checkpointTotals(database.db, scanId)).toMatchObject({ days: 2 });
  });

  it("gives back only the unbroken run from the newest window", async () => {
    const { scanId } = await runningScan();
    const store = createCheckpointStore(database.db, scanId);
    // A gap of two days between the second and the third window.
    const kept = [checkpoint(0), checkpoint(2)];
    for (const saved of [...kept, checkpoint(6)]) await store.save(saved);
    expect(await store.load()).toEqual(kept);
    expect(await storedWindows(scanId)).toHaveLength(2);
  });

  it("is deleted with the scan's completion, and not written once the scan is over", async () => {
    const { scanId, dataSourceId } = await runningScan();
    const store = createCheckpointStore(database.db, scanId);
    await store.save(checkpoint(0));
    const completed = await completeScan(database.db, {
      scanId,
      dataSourceId,
      scan: { rowsFetched: 6, apiCallsMade: 3 },
      issues: [],
    });
    expect(completed).toBe(true);
    expect(await storedWindows(scanId)).toEqual([]);
    // A late attempt that finishes a window after the scan completed leaves nothing behind.
    await store.save(checkpoint(2));
    expect(await storedWindows(scanId)).toEqual([]);
  });

  it("is deleted when the scan fails, and when the scan is deleted", async () => {
    const failed = await runningScan();
    await createCheckpointStore(database.db, failed.scanId).save(checkpoint(0));
    const recorded = await failScan(database.db, {
      scanId: failed.scanId,
      dataSourceId: failed.dataSourceId,
      errorCode: "SCAN_INTERRUPTED",
      errorMessage: "Interrupted",
      deactivate: false,
    });
    expect(recorded).toBe(true);
    expect(await storedWindows(failed.scanId)).toEqual([]);

    const deleted = await runningScan();
    await createCheckpointStore(database.db, deleted.scanId).save(checkpoint(0));
    await database.db.delete(auditScans).where(eq(auditScans.id, deleted.scanId));
    expect(await storedWindows(deleted.scanId)).toEqual([]);
  });
});
