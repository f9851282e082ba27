import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AlertRule,
  type AlertRuleInput,
  AlertRuleListResponseSchema,
  AlertRuleResponseSchema,
  SendTestAlertResponseSchema,
  SigningSecretResponseSchema,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";
import { alertDeliveriesQueryKey } from "./alert-deliveries";

/** The alert rules API (issue 7; spec §7 alert_rules, send-alert) with the spec §8 toasts. */

const rulesPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/alert-rules`;
const rulePath = (alertRuleId: string) => `/api/alert-rules/${encodeURIComponent(alertRuleId)}`;

export const alertRulesQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "alert-rules"] as const;

/** The workspace's rules, newest first. */
export function useAlertRules(workspaceId: string) {
  return useQuery(
    queryOptions({
      queryKey: alertRulesQueryKey(workspaceId),
      queryFn: () => apiRequest(rulesPath(workspaceId), AlertRuleListResponseSchema),
      select: (data) => data.alertRules,
    }),
  );
}

function useInvalidateRules(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertRulesQueryKey(workspaceId) });
}

/** Creates a rule; `onSuccess` gets the webhook signing secret, shown once (null otherwise). */
export function useCreateAlertRule(
  workspaceId: string,
  options: { onSuccess: (signingSecret: string | null) => void },
) {
  const invalidate = useInvalidateRules(workspaceId);
  return useMutation({
    mutationFn: (body: AlertRuleInput) =>
      apiRequest(rulesPath(workspaceId), AlertRuleResponseSchema, { method: "POST", body }),
    onSuccess: async ({ signingSecret }) => {
      toast.success("Alert rule created successfully");
      options.onSuccess(signingSecret);
      await invalidate();
    },
    onError: (error) => toast.error(`Failed to create alert rule: ${errorMessage(error)}`),
  });
}

/** Rewrites a rule (spec §4: an edit keeps it active). */
export function useUpdateAlertRule(
  workspaceId: string,
  options: { onSuccess: (signingSecret: string | null) => void },
) {
  const invalidate = useInvalidateRules(workspaceId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AlertRuleInput }) =>
      apiRequest(rulePath(id), AlertRuleResponseSchema, { method: "PUT", body }),
    onSuccess: async ({ signingSecret }) => {
      toast.success("Alert rule updated successfully");
      options.onSuccess(signingSecret);
      await invalidate();
    },
    onError: (error) => toast.error(`Failed to update alert rule: ${errorMessage(error)}`),
  });
}

/** The Status switch. */
export function useToggleAlertRule(workspaceId: string) {
  const invalidate = useInvalidateRules(workspaceId);
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest(rulePath(id), AlertRuleResponseSchema, {
        method: "PATCH",
        body: { isActive },
      }),
    onSuccess: async () => {
      toast.success("Alert rule updated successfully");
      await invalidate();
    },
    onError: (error) => toast.error(`Failed to update alert rule: ${errorMessage(error)}`),
  });
}

export function useDeleteAlertRule(workspaceId: string, options: { onSuccess: () => void }) {
  const invalidate = useInvalidateRules(workspaceId);
  return useMutation({
    mutationFn: (rule: AlertRule) => apiCommand(rulePath(rule.id), { method: "DELETE" }),
    onSuccess: async () => {
      toast.success("Alert rule deleted successfully");
      options.onSuccess();
      await invalidate();
    },
    onError: (error) => toast.error(`Failed to delete alert rule: ${errorMessage(error)}`),
  });
}

/** Sends spec §7's sample alert to the rule's destination now. */
export function useSendTestAlert(workspaceId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRules(workspaceId);
  const refresh = (rule: AlertRule) =>
    Promise.all([
      invalidate(),
      queryClient.invalidateQueries({ queryKey: alertDeliveriesQueryKey(rule.id) }),
    ]);
  return useMutation({
    mutationFn: (rule: AlertRule) =>
      apiRequest(`${rulePath(rule.id)}/test`, SendTestAlertResponseSchema, {
        method: "POST",
        body: {},
      }),
    onSuccess: async (_, rule) => {
      toast.success("Test alert sent successfully");
      await refresh(rule);
    },
    onError: async (error, rule) => {
      toast.error(`Failed to send test alert: ${errorMessage(error)}`);
      // A refused test is in the delivery log too.
      await refresh(rule);
    },
  });
}

/** A webhook rule's new signing secret; the old one stops at once (ADR 010). */
export function useRotateSigningSecret(options: { onSuccess: (signingSecret: string) => void }) {
  return useMutation({
    mutationFn: (rule: AlertRule) =>
      apiRequest(`${rulePath(rule.id)}/signing-secret`, SigningSecretResponseSchema, {
        method: "POST",
        body: {},
      }),
    onSuccess: ({ signingSecret }) => options.onSuccess(signingSecret),
    onError: (error) => toast.error(`Failed to update alert rule: ${errorMessage(error)}`),
  });
}
