/**
 * What a handler page tells a person about a failure: a sentence to show, and for failures a project admin
 * must fix in the project's domain settings (an untrusted redirect or callback URL), the dashboard link that fixes it.
 */
import { DEFAULT_DASHBOARD_URL } from "./messages.js"

export interface DescribedError {
  readonly message: string
  /** The dashboard page that fixes it, when an admin can. */
  readonly fixUrl?: string | undefined
}

/** The hosted dashboard, where `/projects/{id}/domains` lives. */
export { DEFAULT_DASHBOARD_URL }

const GENERIC = "Something went wrong. Please try again."

// A Map, not an object literal: a tag such as "toString" must not find Object.prototype's members.
const friendlier: ReadonlyMap<string, string> = new Map([
  ["VerificationCodeNotFound", "This link is not valid. It may have been replaced by a newer one."],
  ["VerificationCodeExpired", "This link has expired. Please request a new one."],
  ["VerificationCodeAlreadyUsed", "This link has already been used."],
  [
    "VerificationCodeMaxAttemptsReached",
    "This code was tried too many times and no longer works. Please request a new one."
  ],
  ["NetworkError", "The server could not be reached. Check your connection and try again."]
])

/** Tags whose fix is on the project's trusted-domains page (the production-mode fix link). */
const domainProblems = new Set(["RedirectUrlNotWhitelisted", "RedirectNotTrusted"])

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string"
    ? error._tag
    : undefined

const messageOf = (error: unknown): string | undefined =>
  typeof error === "object" &&
  error !== null &&
  "message" in error &&
  typeof error.message === "string" &&
  error.message !== ""
    ? error.message
    : undefined

/** The fix link of a project's domain settings on a dashboard. */
export const domainsFixUrl = (dashboardUrl: string, projectId: string): string =>
  `${dashboardUrl.replace(/\/+$/, "")}/projects/${encodeURIComponent(projectId)}/domains`

/**
 * @example
 * describeError(new EmailPasswordMismatch({}), { projectId: "p", dashboardUrl }).message // "Wrong e-mail or password."
 */
export const describeError = (
  error: unknown,
  where: { readonly projectId: string; readonly dashboardUrl: string }
): DescribedError => {
  const tag = tagOf(error)
  if (tag === "Defect") return { message: GENERIC }
  const text = (tag === undefined ? undefined : friendlier.get(tag)) ?? messageOf(error) ?? GENERIC
  // Messages from a URL or another library may lack the full stop the next sentence needs.
  const message = /[.!?]$/.test(text) ? text : `${text}.`
  if (tag !== undefined && domainProblems.has(tag)) {
    return { message, fixUrl: domainsFixUrl(where.dashboardUrl, where.projectId) }
  }
  return { message }
}
