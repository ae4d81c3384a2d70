import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import type { MemberRole, MembershipStatus } from "@/lib/shared/auth/member-roles";
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
