import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Issue,
  type IssueListResponse,
  IssueResponseSchema,
  type MuteIssueRequest,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";
import { issuesQueryKey } from "./get-issues";

export async function muteIssue(issueId: string, request: MuteIssueRequest): Promise<Issue> {
  const { issue } = await apiRequest(
    `/api/issues/${encodeURIComponent(issueId)}/mute`,
    IssueResponseSchema,
    { method: "POST", body: request },
  );
  return issue;
}

export async function resolveIssue(issueId: string): Promise<Issue> {
  const { issue } = await apiRequest(
    `/api/issues/${encodeURIComponent(issueId)}/resolve`,
    IssueResponseSchema,
    { method: "POST" },
  );
  return issue;
}

/** The reversals of mute and resolve (ADR 014): the issue is active again. */
export async function restoreIssue(issueId: string, action: "unmute" | "reopen"): Promise<Issue> {
  const { issue } = await apiRequest(
    `/api/issues/${encodeURIComponent(issueId)}/${action}`,
    IssueResponseSchema,
    { method: "POST" },
  );
  return issue;
}

/**
 * Puts the server's answer into every cached issue list of the property at once, so the card
 * changes the moment the action succeeds; the refetch that follows brings the rest in step.
 */
function applyToCachedLists(
  queryClient: QueryClient,
  issue: Issue,
  change: (issues: Issue[]) => Issue[],
) {
  queryClient.setQueriesData<IssueListResponse>(
    { queryKey: issuesQueryKey(issue.dataSourceId) },
    (list) => (list ? { ...list, issues: change(list.issues) } : list),
  );
}

/**
 * The issue's new status in every list at once; then everything the property shows (its counts,
 * its latest scan's numbers, the dashboard's card) is read again, since the counts changed.
 */
async function settle(queryClient: QueryClient, issue: Issue) {
  applyToCachedLists(queryClient, issue, (issues) =>
    issues.map((i) => (i.id === issue.id ? issue : i)),
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dataSourceKeys.detail(issue.dataSourceId) }),
    queryClient.invalidateQueries({ queryKey: dataSourceKeys.all, refetchType: "none" }),
  ]);
}

export function useMuteIssue(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, reason }: { issueId: string; reason: string }) =>
      muteIssue(issueId, { reason }),
    onSuccess: async (issue) => {
      toast.success("Issue muted", {
        description: "This issue will no longer appear in reports.",
      });
      options.onSuccess?.();
      await settle(queryClient, issue);
    },
    onError: (error) => toast.error("Failed to mute issue", { description: errorMessage(error) }),
  });
}

export function useResolveIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveIssue,
    onSuccess: async (issue) => {
      toast.success("Issue resolved");
      await settle(queryClient, issue);
    },
    onError: (error) =>
      toast.error("Failed to resolve issue", { description: errorMessage(error) }),
  });
}

const RESTORED = {
  unmute: { done: "Issue unmuted", failed: "Failed to unmute issue" },
  reopen: { done: "Issue reopened", failed: "Failed to reopen issue" },
} as const;

/** Unmute or reopen: the issue is active, and counted, again. */
export function useRestoreIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, action }: { issueId: string; action: "unmute" | "reopen" }) =>
      restoreIssue(issueId, action),
    onSuccess: async (issue, { action }) => {
      toast.success(RESTORED[action].done, { description: "It is active and counted again." });
      await settle(queryClient, issue);
    },
    onError: (error, { action }) =>
      toast.error(RESTORED[action].failed, { description: errorMessage(error) }),
  });
}
