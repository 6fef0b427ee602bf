/**
 * Just enough of a browser to run OAuth flows over real HTTP: a cookie jar (per hostname, like browsers),
 * redirects followed one at a time (`redirect: "manual"`), and the development provider's page read as HTML
 * and its form submitted. Also the PKCE and token-call helpers the flows need.
 */
import { createHash, randomBytes } from "node:crypto"
import type { RunningLocalBackend } from "../../../backend/src/index.js"
import type { TestProject } from "../../support/local-backend.js"

export interface Step {
  readonly status: number
  readonly location: string | null
  readonly text: string
  readonly headers: Headers
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")

/** The forms of a page: action and hidden fields. */
export const parseForms = (html: string): ReadonlyArray<{ action: string; fields: Record<string, string> }> =>
  [...html.matchAll(/<form method="post" action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: unescapeHtml(m[1] ?? ""),
    fields: Object.fromEntries(
      [...(m[2] ?? "").matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((f) => [
        unescapeHtml(f[1] ?? ""),
        unescapeHtml(f[2] ?? "")
      ])
    )
  }))

export class Browser {
  private readonly jar = new Map<string, Map<string, string>>()

  cookies(url: string): ReadonlyMap<string, string> {
    return this.jar.get(new URL(url).hostname) ?? new Map()
  }

  private store(url: string, headers: Headers) {
    const host = new URL(url).hostname
    const cookies = this.jar.get(host) ?? new Map<string, string>()
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";")
      const eq = pair.indexOf("=")
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === "") cookies.delete(name)
      else cookies.set(name, value)
    }
    this.jar.set(host, cookies)
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Step> {
    const cookies = [...this.cookies(url)].map(([k, v]) => `${k}=${v}`).join("; ")
    const response = await fetch(url, {
      method: init.method ?? (init.form === undefined ? "GET" : "POST"),
      redirect: "manual",
      headers: {
        ...(cookies === "" ? {} : { cookie: cookies }),
        ...(init.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" })
      },
      ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() })
    })
    this.store(url, response.headers)
    const location = response.headers.get("location")
    return {
      status: response.status,
      location: location === null ? null : new URL(location, url).toString(),
      text: await response.text(),
      headers: response.headers
    }
  }

  /** Follows redirects until a URL matches `stop` (not requested) or a page answers without one. */
  async follow(url: string, stop: (url: string) => boolean): Promise<{ url: string; step?: Step }> {
    let current = url
    for (let hops = 0; hops < 10; hops++) {
      if (stop(current)) return { url: current }
      const step = await this.request(current)
      if (step.location === null) return { url: current, step }
      current = step.location
    }
    throw new Error(`too many redirects from ${url}`)
  }
}

export interface DevIdentity {
  readonly email: string
  readonly name?: string
  readonly accountId?: string
  readonly emailVerified?: boolean
}

/**
 * From the authorize URL to where the backend finally sends the browser (the client's redirect URI with code
 * and state, or its error URL), picking `identity` on the development provider's page (or denying).
 */
export const runDevFlow = async (
  browser: Browser,
  authorizeUrl: string,
  identity: DevIdentity | "deny"
): Promise<string> => {
  const toPage = await browser.request(authorizeUrl)
  if (toPage.status !== 307 || toPage.location === null) {
    throw new Error(`authorize answered ${toPage.status}: ${toPage.text}`)
  }
  const page = await browser.request(toPage.location)
  if (page.status !== 200) throw new Error(`the provider page answered ${page.status}: ${page.text}`)
  const forms = parseForms(page.text)
  const form =
    identity === "deny"
      ? forms.find((f) => f.fields["action"] === "deny")
      : forms.find((f) => f.fields["action"] === "approve" && f.fields["email"] === undefined)
  if (form === undefined) throw new Error("the provider page has no suitable form")
  const fields: Record<string, string> =
    identity === "deny"
      ? form.fields
      : {
          ...form.fields,
          email: identity.email,
          name: identity.name ?? "",
          account_id: identity.accountId ?? "",
          ...(identity.emailVerified === false ? {} : { email_verified: "true" })
        }
  const back = await browser.request(new URL(form.action, toPage.location).toString(), { form: fields })
  if (back.status !== 302 || back.location === null)
    throw new Error(`the provider answered ${back.status}: ${back.text}`)
  const done = await browser.request(back.location)
  if (done.status !== 302 || done.location === null)
    throw new Error(`the callback answered ${done.status}: ${done.text}`)
  return done.location
}

/** A PKCE pair, as a client makes one. */
export const pkcePair = () => {
  const verifier = randomBytes(32).toString("base64url")
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") }
}

export interface AuthorizeParams {
  readonly provider: string
  readonly redirectUri: string
  readonly errorRedirectUrl?: string
  readonly state: string
  readonly challenge: string
  readonly type?: "authenticate" | "link"
  readonly token?: string
  readonly providerScope?: string
  readonly afterCallbackRedirectUrl?: string
  readonly clientId?: string
  readonly clientSecret?: string
  readonly extra?: Record<string, string>
}

/** The authorize URL of docs/wire.md. */
export const authorizeUrl = (localBackend: RunningLocalBackend, project: TestProject, p: AuthorizeParams): string => {
  const query = new URLSearchParams({
    client_id: p.clientId ?? project.id,
    client_secret: p.clientSecret ?? project.publishableClientKey,
    redirect_uri: p.redirectUri,
    scope: "legacy",
    state: p.state,
    grant_type: "authorization_code",
    code_challenge: p.challenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: p.type ?? "authenticate",
    ...(p.errorRedirectUrl === undefined ? {} : { error_redirect_url: p.errorRedirectUrl }),
    ...(p.afterCallbackRedirectUrl === undefined ? {} : { after_callback_redirect_url: p.afterCallbackRedirectUrl }),
    ...(p.token === undefined ? {} : { token: p.token }),
    ...(p.providerScope === undefined ? {} : { provider_scope: p.providerScope }),
    ...p.extra
  })
  return `${localBackend.apiUrl}/auth/oauth/authorize/${p.provider}?${query.toString()}`
}

/** `POST /auth/oauth/token` with the authorization-code grant; the parsed answer and known-error header. */
export const exchangeCode = async (
  localBackend: RunningLocalBackend,
  project: TestProject,
  input: { code: string; verifier: string; redirectUri: string }
): Promise<{ status: number; body: any; knownError: string | null }> => {
  const response = await fetch(`${localBackend.apiUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri,
      client_id: project.id,
      client_secret: project.publishableClientKey
    }).toString()
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, body, knownError: response.headers.get("x-stack-known-error") }
}

/** `document.cookie` semantics: reads `a=1; b=2`; a write sets one cookie, or deletes it with `Max-Age=0`. */
export class FakeDocument {
  private readonly values = new Map<string, string>()
  get cookie(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ")
  }
  set cookie(line: string) {
    const [pair = "", ...attributes] = line.split(";")
    const eq = pair.indexOf("=")
    const name = pair.slice(0, eq).trim()
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a))
    if (expired) this.values.delete(name)
    else this.values.set(name, pair.slice(eq + 1).trim())
  }
  names(): ReadonlyArray<string> {
    return [...this.values.keys()]
  }
}
