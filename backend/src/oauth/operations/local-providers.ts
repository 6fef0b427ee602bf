/**
 * The local backend's own switch for a project's OAuth providers (`/api/v1/local-backend/oauth-providers`, an
 * extension, not the hosted API): the OpenID issuer a provider signs in through, or none for the built-in
 * development provider.
 */
import type { DbEffect } from "../../store/db.js"
import { findProviderIssuer, saveProviderIssuer } from "../store/oauth-accounts.js"

/** The issuer the provider uses in this project, or `undefined` for the development provider. */
export const providerIssuer = (projectId: string, providerId: string): DbEffect<string | undefined> =>
  findProviderIssuer(projectId, providerId)

/** Sets (or with `null` clears) the issuer the provider uses in this project. */
export const setProviderIssuer = (projectId: string, providerId: string, issuer: string | null): DbEffect<void> =>
  saveProviderIssuer(projectId, providerId, issuer)
