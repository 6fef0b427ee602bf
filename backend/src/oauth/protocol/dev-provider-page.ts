/**
 * The development provider's authorize page: quick picks for a few identities, a form to type one, and a
 * deny button. No script runs on it; every value is escaped, including the request fields it posts back.
 */
import { escapeHtml, htmlPage } from "../../mail/html.js"
import type { DevAuthorizeRequest } from "./dev-provider.js"

/** An identity offered as a one-click choice. */
export interface DevIdentityPreset {
  readonly email: string
  readonly displayName: string
}

/** The identities offered when the caller has none of its own (e.g. no earlier sign-ins). */
export const defaultDevIdentities: ReadonlyArray<DevIdentityPreset> = [
  { email: "ada@example.com", displayName: "Ada Lovelace" },
  { email: "alan@example.com", displayName: "Alan Turing" },
  { email: "grace@example.com", displayName: "Grace Hopper" }
]

const knownNames: Readonly<Record<string, string>> = {
  github: "GitHub",
  google: "Google",
  microsoft: "Microsoft",
  spotify: "Spotify",
  facebook: "Facebook",
  discord: "Discord",
  gitlab: "GitLab",
  apple: "Apple",
  bitbucket: "Bitbucket",
  linkedin: "LinkedIn",
  x: "X"
}

/** A readable provider name: the well-known spelling, or the id itself. */
export const providerDisplayName = (providerId: string): string => knownNames[providerId.toLowerCase()] ?? providerId

const hidden = (name: string, value: string | undefined) =>
  value === undefined ? "" : `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`

const requestFields = (request: DevAuthorizeRequest) =>
  hidden("redirect_uri", request.redirect_uri) +
  hidden("state", request.state) +
  hidden("scope", request.scope) +
  hidden("nonce", request.nonce)

export interface DevProviderPageInput {
  readonly providerId: string
  /** Where the forms post: the provider's authorize path. */
  readonly action: string
  readonly request: DevAuthorizeRequest
  readonly presets?: ReadonlyArray<DevIdentityPreset> | undefined
  /** A message from a previous attempt (e.g. a malformed email). */
  readonly error?: string | undefined
}

/** The HTML of the authorize page. */
export const renderDevProviderPage = (input: DevProviderPageInput): string => {
  const name = providerDisplayName(input.providerId)
  const action = escapeHtml(input.action)
  const presets = (input.presets ?? defaultDevIdentities)
    .map(
      (p) =>
        `<form method="post" action="${action}" style="display:inline">${requestFields(input.request)}` +
        hidden("action", "approve") +
        hidden("email", p.email) +
        hidden("name", p.displayName) +
        hidden("email_verified", "true") +
        `<button type="submit">${escapeHtml(p.displayName)} &lt;${escapeHtml(p.email)}&gt;</button></form>`
    )
    .join("\n")
  const scopes =
    input.request.scope === undefined || input.request.scope.trim() === ""
      ? ""
      : `<p class="muted">Requested scopes: ${escapeHtml(input.request.scope)}</p>`
  const error = input.error === undefined ? "" : `<p role="alert" style="color:#b00020">${escapeHtml(input.error)}</p>`
  const body = `<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="muted">Local development provider: no real ${escapeHtml(name)} account is contacted. Choose who you are.</p>
${scopes}
${error}
<h2>Quick pick</h2>
<div>${presets}</div>
<h2>Or type an identity</h2>
<form method="post" action="${action}">
${requestFields(input.request)}${hidden("action", "approve")}
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus>
<label for="name">Display name</label><input id="name" name="name">
<label for="account_id">Account id (optional; derived from the email when empty)</label><input id="account_id" name="account_id">
<label><input type="checkbox" name="email_verified" value="true" checked style="width:auto"> Email verified</label>
<button type="submit">Continue</button>
</form>
<form method="post" action="${action}">${requestFields(input.request)}${hidden("action", "deny")}
<button type="submit">Deny access</button></form>`
  return htmlPage(`Sign in with ${name}`, body)
}
