import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { signInStepSchema, type SignInStep } from "@/lib/shared/schemas/session";
import type { StoreWorkspaceCredentialBody } from "@/lib/shared/schemas/workspace-credential";
import {
  workspaceCredentialsSchema,
  workspaceSettingsSchema,
  type SetupBody,
  type WorkspaceCredentialsView,
  type WorkspaceSettings,
  type WorkspaceSettingsBody,
} from "@/lib/shared/schemas/workspace-setup";

export const workspaceKeys = {
  all: ["workspace"] as const,
  settings: () => [...workspaceKeys.all, "settings"] as const,
  credentials: () => [...workspaceKeys.all, "credentials"] as const,
};

/** GET /api/workspace/settings (owner, admin). */
export function workspaceSettingsQuery() {
  return queryOptions({
    queryKey: workspaceKeys.settings(),
    queryFn: ({ signal }) => bffFetch("/api/workspace/settings", { schema: workspaceSettingsSchema, signal }),
  });
}

/** GET /api/workspace/credentials (owner): fingerprints and last 4 only. */
export function workspaceCredentialsQuery() {
  return queryOptions({
    queryKey: workspaceKeys.credentials(),
    queryFn: ({ signal }) => bffFetch("/api/workspace/credentials", { schema: workspaceCredentialsSchema, signal }),
  });
}

/** POST /api/setup: the first owner, signed in on success. */
export function useSetUpWorkspace() {
  const queryClient = useQueryClient();
  return useMutation<SignInStep, Error, SetupBody>({
    mutationFn: (body) =>
      bffFetch("/api/setup", { method: "POST", body, schema: signInStepSchema, redirectOnAuthError: false }),
    onSuccess: () => queryClient.clear(),
  });
}

/** PATCH /api/workspace/settings. */
export function useChangeWorkspaceSettings() {
  const queryClient = useQueryClient();
  return useMutation<WorkspaceSettings, Error, WorkspaceSettingsBody>({
    mutationFn: (body) =>
      bffFetch("/api/workspace/settings", { method: "PATCH", body, schema: workspaceSettingsSchema }),
    onSuccess: (data) => queryClient.setQueryData(workspaceKeys.settings(), data),
  });
}

/** PUT /api/workspace/credentials: replace one, checked with the API first. */
export function useReplaceWorkspaceCredential() {
  const queryClient = useQueryClient();
  return useMutation<WorkspaceCredentialsView, Error, StoreWorkspaceCredentialBody>({
    mutationFn: (body) =>
      bffFetch("/api/workspace/credentials", { method: "PUT", body, schema: workspaceCredentialsSchema }),
    onSuccess: (data) => queryClient.setQueryData(workspaceKeys.credentials(), data),
  });
}
