import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { SECURITY_EVENTS_PAGE_SIZE } from "@/lib/browser/query/account";
import type { MemberRole, MembershipStatus } from "@/lib/shared/auth/member-roles";
import { securityEventsPageSchema } from "@/lib/shared/schemas/account";
import {
  invitationCreatedSchema,
  memberSchema,
  membersListSchema,
  type InvitationCreated,
  type InviteBody,
  type MemberView,
} from "@/lib/shared/schemas/members";

export const memberKeys = {
  all: ["members"] as const,
  list: () => [...memberKeys.all, "list"] as const,
  securityEvents: (id: string) => [...memberKeys.all, "security-events", id] as const,
};

/** GET /api/members: the workspace's members and pending invitations. */
export function membersQuery() {
  return queryOptions({
    queryKey: memberKeys.list(),
    queryFn: ({ signal }) => bffFetch("/api/members", { schema: membersListSchema, signal }),
  });
}

function useInvalidatingMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

const memberPath = (id: string) => `/api/members/${encodeURIComponent(id)}`;

/** GET /api/members/{id}/security-events: a member's security history (owners and admins), newest first, by pages. */
export function memberSecurityEventsQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: memberKeys.securityEvents(id),
    queryFn: ({ pageParam, signal }) =>
      bffFetch(`${memberPath(id)}/security-events`, {
        query: { limit: SECURITY_EVENTS_PAGE_SIZE, cursor: pageParam },
        schema: securityEventsPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The export of a member's security history (a plain GET with `?format=csv|xlsx`: the browser downloads it). */
export const memberSecurityEventsExport = (id: string) => `${memberPath(id)}/security-events/export`;

/** POST /api/invitations: the answer holds the link, this once. */
export function useInvite() {
  return useInvalidatingMutation<InvitationCreated, InviteBody>((body) =>
    bffFetch("/api/invitations", { method: "POST", body, schema: invitationCreatedSchema }),
  );
}

/** DELETE /api/invitations/{id}. */
export function useRevokeInvitation() {
  return useInvalidatingMutation<unknown, string>((id) =>
    bffFetch(`/api/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

/** PATCH /api/members/{id}. */
export function useChangeRole() {
  return useInvalidatingMutation<MemberView, { id: string; role: MemberRole }>(({ id, role }) =>
    bffFetch(memberPath(id), { method: "PATCH", body: { role }, schema: memberSchema }),
  );
}

/** PUT /api/members/{id}/status. */
export function useSetMemberStatus() {
  return useInvalidatingMutation<MemberView, { id: string; status: MembershipStatus }>(({ id, status }) =>
    bffFetch(`${memberPath(id)}/status`, { method: "PUT", body: { status }, schema: memberSchema }),
  );
}

/** DELETE /api/members/{id}/two-factor. */
export function useResetTwoFactor() {
  return useInvalidatingMutation<MemberView, string>((id) =>
    bffFetch(`${memberPath(id)}/two-factor`, { method: "DELETE", schema: memberSchema }),
  );
}
