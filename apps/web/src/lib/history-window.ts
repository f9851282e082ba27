import { queryOptions, useQuery } from "@tanstack/react-query";
import { type HistoryWindow, HistoryWindowResponseSchema } from "@utmost/contracts";
import { apiRequest } from "./api-client";
import { dataSourceKeys } from "./data-sources";

/**
 * How far back the property's history reaches on its workspace owner's plan (ADR 023). Under
 * the property's key: a finished audit refreshes whether older scans are hidden.
 */
export function historyWindowQueryOptions(dataSourceId: string) {
  return queryOptions({
    queryKey: [...dataSourceKeys.detail(dataSourceId), "history-window"],
    queryFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/history-window`,
        HistoryWindowResponseSchema,
      ),
    select: (data) => data.history,
  });
}

export function useHistoryWindow(dataSourceId: string) {
  return useQuery(historyWindowQueryOptions(dataSourceId));
}

/** What a history note needs: the window, and whether the viewer pays for the plan. */
export interface HistoryView {
  window: HistoryWindow;
  viewerIsOwner: boolean;
}

/**
 * Whether a date range reaches past the window: "All time" on a plan with a window, or more
 * days than the plan keeps.
 */
export function rangeReachesPast(window: HistoryWindow, range: number | "all"): boolean {
  if (window.days === null) return false;
  return range === "all" || range > window.days;
}
