import { queryOptions, useQuery } from "@tanstack/react-query";
import { InvitationLookupResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const invitationQueryKey = (token: string) => ["invitations", "lookup", token] as const;

/** `GET /api/invitations/lookup?token=…`: public, so a visitor sees whom the link is for. */
export function getInvitationByToken(token: string) {
  return apiRequest(
    `/api/invitations/lookup?token=${encodeURIComponent(token)}`,
    InvitationLookupResponseSchema,
  );
}

export function useInvitation(token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: invitationQueryKey(token ?? ""),
      queryFn: () => getInvitationByToken(token ?? ""),
      select: (data) => data.invitation,
      enabled: Boolean(token),
    }),
  );
}
