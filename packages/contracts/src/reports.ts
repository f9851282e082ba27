import { z } from "zod";

/**
 * White-label PDF reports of one property (issue 10, ADR 012): requested through the API, made
 * by a job, kept for download. Sold on the Agency plan (`whiteLabelReports`).
 */

export const ReportStatusSchema = z.enum(["pending", "ready", "failed"]);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

export const PDF_CONTENT_TYPE = "application/pdf";

/** How many reports `GET /api/data-sources/:dataSourceId/reports` lists, newest first. */
export const RECENT_REPORTS_LIMIT = 10;

export const ReportSchema = z.object({
  id: z.uuid(),
  dataSourceId: z.uuid(),
  /** The completed scan the report shows; null once that scan is deleted. */
  scanId: z.uuid().nullable(),
  status: ReportStatusSchema,
  /** Set once ready: the name the download carries. */
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, in words for the user. */
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Where a ready report is downloaded from (`GET /api/reports/:reportId/download`). */
  downloadUrl: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** `POST /api/data-sources/:dataSourceId/reports` (202) and `GET /api/reports/:reportId`. */
export const ReportResponseSchema = z.object({ report: ReportSchema });
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const ReportListResponseSchema = z.object({ reports: z.array(ReportSchema) });
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

export const ReportIdParamsSchema = z.object({ reportId: z.uuid("Report not found") });

/** `GET /api/reports/:reportId/download` answers the PDF itself. */
export const ReportFileSchema = z.string();

/** The `report.generate` job's payload. */
export const ReportJobDataSchema = z.object({ reportId: z.uuid() });
export type ReportJobData = z.infer<typeof ReportJobDataSchema>;
