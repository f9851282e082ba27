import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AccountDeletionResponseSchema,
  type AccountExportFormat,
  type RequestAccountDeletion,
} from "@utmost/contracts";
import { apiCommand, apiRequest } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { downloadFile } from "@/lib/download";

const EXPORT_TYPES: Record<AccountExportFormat, string> = {
  json: "application/json",
  csv: "text/csv",
};

/** Settings → Profile "Your data": everything Utmost holds about the user, as a file. */
export function exportAccountData(format: AccountExportFormat) {
  return downloadFile(
    `/api/me/export?format=${format}`,
    EXPORT_TYPES[format],
    `utmost-export.${format}`,
  );
}

export function useExportAccountData(options: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: exportAccountData, onError: options.onError });
}

export function requestAccountDeletion(body: RequestAccountDeletion) {
  return apiRequest("/api/me/deletion", AccountDeletionResponseSchema, { method: "POST", body });
}

export function useRequestAccountDeletion(options: { onSuccess: () => void }) {
  return useMutation({ mutationFn: requestAccountDeletion, onSuccess: options.onSuccess });
}

export function useCancelAccountDeletion(options: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCommand("/api/me/deletion/cancel", { method: "POST", body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      options.onSuccess();
    },
    onError: options.onError,
  });
}
