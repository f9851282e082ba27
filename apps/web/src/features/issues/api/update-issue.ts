import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Issue,
  type IssueListResponse,
  IssueResponseSchema,
  type MuteIssueRequest,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
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
      // Muted issues leave reports (spec §4).
      applyToCachedLists(queryClient, issue, (issues) => issues.filter((i) => i.id !== issue.id));
      await queryClient.invalidateQueries({ queryKey: issuesQueryKey(issue.dataSourceId) });
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
      applyToCachedLists(queryClient, issue, (issues) =>
        issues.map((i) => (i.id === issue.id ? issue : i)),
      );
      await queryClient.invalidateQueries({ queryKey: issuesQueryKey(issue.dataSourceId) });
    },
    onError: (error) =>
      toast.error("Failed to resolve issue", { description: errorMessage(error) }),
  });
}
