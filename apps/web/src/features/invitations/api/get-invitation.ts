import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const invitationQueryKey = (token: string) => ["invitations", "by-token", token] as const;

/**
 * `GET /api/invitations/by-token/:token`. Its response shape is not in the contracts yet, so the
 * page only needs to know whether the server recognises the token.
 */
export function getInvitationByToken(token: string): Promise<unknown> {
  return apiRequest(`/api/invitations/by-token/${encodeURIComponent(token)}`, z.unknown());
}

export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: invitationQueryKey(token),
      queryFn: () => getInvitationByToken(token),
    }),
  );
}
