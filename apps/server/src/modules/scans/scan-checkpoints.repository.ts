import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import { VIEWS } from "@utmost/engine";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { auditScans, scanCheckpoints } from "../../db/schema.ts";
import type { CheckpointStore, ViewRecord, WindowCheckpoint } from "./scan-checkpoint.ts";
import { dayNumber, isoDate } from "./scan-plan.ts";

/**
 * A scan's finished windows in `scan_checkpoints`, one row per window (ADR 008, "A worker that
 * dies"). The rows and what Google said about them are one gzipped payload (`encodePayload`); the figures the
 * scan's counters need are columns, so they are summed without opening a payload. The rows exist
 * only while the scan runs: completing or failing it deletes them in the same transaction.
 *
 * The payload crosses the driver as base64 text, decoded and encoded by the database
 * (`decode`/`encode`): PGlite turns a bytea parameter into hex one byte at a time in JavaScript,
 * which cost a large scan about 10 s of CPU per scan for its checkpoints (docs/performance.md).
 */

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Bumped when the payload's shape changes: a checkpoint of another shape is fetched again. */
const PAYLOAD_VERSION = 3;

/** A view's combinations, and how many numbers of the payload's rows are its rows. */
const ViewRecordSchema = z.object({
  combinations: z.array(z.array(z.union([z.number(), z.string(), z.null()]))),
  rows: z.number().int().nonnegative(),
});

const PayloadSchema = z.object({
  version: z.literal(PAYLOAD_VERSION),
  views: z.partialRecord(z.enum(VIEWS), ViewRecordSchema),
  daysWithOtherRow: z.number().int().nonnegative(),
  sampling: z.object({ samplesReadCount: z.number(), samplingSpaceSize: z.number() }).nullable(),
  thresholded: z.boolean(),
});

type Payload = Pick<WindowCheckpoint, "views" | "daysWithOtherRow" | "sampling" | "thresholded">;

export interface CheckpointStoreOptions {
  /** Told of a stored window that was left out (its payload unreadable); it is fetched again. */
  onDropped?(window: { startDay: number; endDay: number }, error: unknown): void;
}

export function createCheckpointStore(
  db: Db,
  scanId: string,
  options: CheckpointStoreOptions = {},
): CheckpointStore {
  return {
    async load() {
      const stored = await db
        .select({
          windowStart: scanCheckpoints.windowStart,
          windowEnd: scanCheckpoints.windowEnd,
          rowsFetched: scanCheckpoints.rowsFetched,
          apiCalls: scanCheckpoints.apiCalls,
        })
        .from(scanCheckpoints)
        .where(eq(scanCheckpoints.scanId, scanId))
        .orderBy(desc(scanCheckpoints.windowStart));

      // Only an unbroken run of windows from the newest down: the fetch skips the days they cover
      // and reads on from the oldest of them, so a window left out must take the older ones with it.
      const loaded: WindowCheckpoint[] = [];
      let next: number | undefined;
      for (const row of stored) {
        const window = { startDay: dayNumber(row.windowStart), endDay: dayNumber(row.windowEnd) };
        if (next !== undefined && window.endDay !== next) break;
        // One payload at a time: a large property's windows hold hundreds of MB decoded.
        const [withPayload] = await db
          .select({ payload: sql<string>`encode(${scanCheckpoints.payload}, 'base64')` })
          .from(scanCheckpoints)
          .where(
            and(
              eq(scanCheckpoints.scanId, scanId),
              eq(scanCheckpoints.windowStart, row.windowStart),
            ),
          );
        if (!withPayload) break;
        let payload: Payload;
        try {
          payload = await decodePayload(Buffer.from(withPayload.payload, "base64"));
        } catch (error) {
          options.onDropped?.(window, error);
          break;
        }
        loaded.push({ window, rowsFetched: row.rowsFetched, apiCalls: row.apiCalls, ...payload });
        next = window.startDay - 1;
      }

      // The rest is fetched again, and must not be counted or loaded by a later attempt.
      const kept = loaded.map((checkpoint) => isoDate(checkpoint.window.startDay));
      if (kept.length < stored.length) {
        await db
          .delete(scanCheckpoints)
          .where(
            and(
              eq(scanCheckpoints.scanId, scanId),
              kept.length > 0 ? notInArray(scanCheckpoints.windowStart, kept) : undefined,
            ),
          );
      }
      return loaded;
    },

    async save(checkpoint) {
      const payload = sql`decode(${(await encodePayload(checkpoint)).toString("base64")}, 'base64')`;
      const values = {
        scanId,
        windowStart: isoDate(checkpoint.window.startDay),
        windowEnd: isoDate(checkpoint.window.endDay),
        rowsFetched: checkpoint.rowsFetched,
        apiCalls: checkpoint.apiCalls,
        payload,
      };
      await db.transaction(async (tx) => {
        // Only while the scan runs. The share lock waits for a completion or failure in flight
        // (they delete the checkpoints), so a late attempt cannot leave rows behind a finished scan.
        const [running] = await tx
          .select({ id: auditScans.id })
          .from(auditScans)
          .where(and(eq(auditScans.id, scanId), eq(auditScans.status, "running")))
          .for("share");
        if (!running) return;
        await tx
          .insert(scanCheckpoints)
          .values(values)
          .onConflictDoUpdate({
            target: [scanCheckpoints.scanId, scanCheckpoints.windowStart],
            set: {
              windowEnd: values.windowEnd,
              rowsFetched: values.rowsFetched,
              apiCalls: values.apiCalls,
              payload: sql`excluded.payload`,
              createdAt: sql`now()`,
            },
          });
      });
    },
  };
}

/** What a resumed attempt starts from: the stored windows' figures, no payload opened. */
export async function checkpointTotals(
  db: Db,
  scanId: string,
): Promise<{ days: number; rowsFetched: number; apiCalls: number }> {
  const [totals] = await db
    .select({
      days: sql<number>`coalesce(sum(${scanCheckpoints.windowEnd} - ${scanCheckpoints.windowStart} + 1), 0)::int`,
      rowsFetched: sql<number>`coalesce(sum(${scanCheckpoints.rowsFetched}), 0)::int`,
      apiCalls: sql<number>`coalesce(sum(${scanCheckpoints.apiCalls}), 0)::int`,
    })
    .from(scanCheckpoints)
    .where(eq(scanCheckpoints.scanId, scanId));
  return totals ?? { days: 0, rowsFetched: 0, apiCalls: 0 };
}

/** Called inside the transaction that completes or fails the scan. */
export async function deleteCheckpoints(tx: Db, scanId: string): Promise<void> {
  await tx.delete(scanCheckpoints).where(eq(scanCheckpoints.scanId, scanId));
}

/**
 * The payload, gzipped at the fastest level: a 4-byte length (little-endian) and that many bytes
 * of JSON with the combinations and what Google said, then every view's rows, in the JSON's
 * order of views, as 8-byte floats (the machine's byte order, little-endian on every platform
 * Node runs Utmost on). A window's rows are a few hundred thousand numbers: written as JSON text
 * they cost more to write and to gzip than the rest of the scan's work on them.
 */
async function encodePayload(checkpoint: WindowCheckpoint): Promise<Buffer> {
  const views: Record<string, { combinations: ViewRecord["combinations"]; rows: number }> = {};
  let numbers = 0;
  for (const [view, record] of Object.entries(checkpoint.views)) {
    if (!record) continue;
    views[view] = { combinations: record.combinations, rows: record.rows.length };
    numbers += record.rows.length;
  }
  const header = Buffer.from(
    JSON.stringify({
      version: PAYLOAD_VERSION,
      views,
      daysWithOtherRow: checkpoint.daysWithOtherRow,
      sampling: checkpoint.sampling,
      thresholded: checkpoint.thresholded,
    }),
    "utf8",
  );
  const rows = new Float64Array(numbers);
  let at = 0;
  for (const record of Object.values(checkpoint.views)) {
    if (!record) continue;
    rows.set(record.rows, at);
    at += record.rows.length;
  }
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const body = Buffer.concat([length, header, Buffer.from(rows.buffer)]);
  // The fastest level: a window's rows are written once and read back at most once, and level 1
  // already shrinks them several times over.
  return gzip(body, { level: 1 });
}

/** Throws when the payload is not a gzipped payload of this version. */
async function decodePayload(stored: Buffer): Promise<Payload> {
  const body = await gunzip(stored);
  if (body.length < 4) throw new Error("The checkpoint is too short");
  const headerEnd = 4 + body.readUInt32LE(0);
  if (headerEnd > body.length) throw new Error("The checkpoint's header is cut short");
  const {
    version: _version,
    views,
    ...rest
  } = PayloadSchema.parse(JSON.parse(body.subarray(4, headerEnd).toString("utf8")));
  let numbers = 0;
  for (const record of Object.values(views)) numbers += record?.rows ?? 0;
  if (body.length - headerEnd !== numbers * 8) {
    throw new Error("The checkpoint's rows do not match its header");
  }
  // Copied out: the rows start at any byte, and a Float64Array needs a multiple of 8.
  const rows = new Float64Array(
    body.buffer.slice(body.byteOffset + headerEnd, body.byteOffset + body.length),
  );
  const out: Payload["views"] = {};
  let at = 0;
  for (const [view, record] of Object.entries(views)) {
    if (!record) continue;
    out[view as keyof Payload["views"]] = {
      combinations: record.combinations,
      rows: rows.slice(at, at + record.rows),
    };
    at += record.rows;
  }
  return { views: out, ...rest };
}
