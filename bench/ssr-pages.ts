/**
 * Benchmark 6: backend requests per server-rendered page view of a signed-in user with a fresh access token,
 * counted at the backend's door (the counting proxy in front of the local backend, over real HTTP). The server
 * side is `stackfx/react-start/server`'s request reader (`makeStackRequests`, what its middlewares call), set up
 * as the Start example sets it up (the `demo` project); each page view resolves a request from the browser's
 * cookies and reads what the page reads:
 * - session only: `context.stack.sessionUser` (a page or server function that needs who is signed in);
 * - full user: `context.stack.snapshot()` (the example's root route: the user for the user button, the project);
 * - dashboard: the snapshot and the user's teams (`prefetch([teamsQuery])`, the example's dashboard);
 * - account settings: the snapshot and `handlerPageData("account-settings?section=…")` (the example's handler
 *   route), for each of its sections (one is shown at a time); the figure is the section that took the most.
 * The server's first request (which loads the signing keys and the project config it keeps) is left out: it is
 * once per server, not per page. Each page is viewed `VIEWS` times; the figure is the most requests one took.
 */
import * as Effect from "effect/Effect"
import { DEMO_PROJECT_KEYS } from "../src/domain/local-keys.js"
import { teamsQuery } from "../src/react/queries.js"
import { makeStackRequests } from "../src/react/start/request-user.js"
import { makeSharedRefreshes } from "../src/react/start/shared-refresh.js"
import { tokenSetCookies } from "../src/services/session/token-store-cookie.js"
import type { CountingProxy } from "./proxy.js"
import { uniqueEmail } from "./util.js"
import { ACCOUNT_SECTIONS, type AccountSection } from "../src/react/handler/account-sections.js"

const VIEWS = 5

/** The most requests one view of a page made, and the requests of its last view by `METHOD /path`. */
export interface PageViewCount {
  readonly maxRequests: number
  readonly lastView: Readonly<Record<string, number>>
}

export interface SsrPageResults {
  readonly sessionOnly: PageViewCount
  readonly fullUser: PageViewCount
  readonly dashboard: PageViewCount
  /** The account settings section that took the most requests. */
  readonly accountSettings: PageViewCount
  /** Each section's most requests. */
  readonly accountSettingsBySection: Readonly<Record<AccountSection, number>>
}

/** A signed-up user's tokens, from the backend itself (as the browser would have them). */
const signUp = async (backendUrl: string) => {
  const res = await fetch(`${backendUrl}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-override-error-status": "true",
      "x-stack-project-id": DEMO_PROJECT_KEYS.projectId,
      "x-stack-access-type": "client",
      "x-stack-publishable-client-key": DEMO_PROJECT_KEYS.publishableClientKey
    },
    body: JSON.stringify({ email: uniqueEmail("ssr"), password: "correct horse battery staple" })
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${text.slice(0, 300)}`)
  const body = JSON.parse(text) as { readonly access_token: string; readonly refresh_token: string }
  return { accessToken: body.access_token, refreshToken: body.refresh_token }
}

/** The `Cookie` header of a browser whose cookie store wrote `tokens`. */
const cookieHeader = (tokens: { readonly accessToken: string; readonly refreshToken: string }) =>
  tokenSetCookies(DEMO_PROJECT_KEYS.projectId, tokens, { secure: false })
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ")

/**
 * The counts of each page. `proxy` stands in front of the backend at `backendUrl`: the server reaches the
 * backend through it, the browser (whose tokens name the backend's own URL) does not.
 */
export const runSsrPages = async (proxy: CountingProxy, backendUrl: string): Promise<SsrPageResults> => {
  const requests = makeStackRequests(
    { ...DEMO_PROJECT_KEYS, baseUrl: proxy.url, acceptedIssuerBaseUrls: [backendUrl] },
    makeSharedRefreshes()
  )
  const cookie = cookieHeader(await signUp(backendUrl))
  const resolve = () =>
    Effect.runPromise(
      requests.resolve({ headers: new Headers({ cookie }), url: "http://app.test/", setCookie: () => undefined })
    )
  const view = async (page: () => Promise<unknown>): Promise<PageViewCount> => {
    let maxRequests = 0
    let lastView: Readonly<Record<string, number>> = {}
    for (let i = 0; i < VIEWS; i++) {
      proxy.reset()
      await page()
      lastView = proxy.counts()
      maxRequests = Math.max(maxRequests, proxy.total())
    }
    return { maxRequests, lastView }
  }
  // The server's first request: the signing keys and the project config, kept for every later request.
  await (await resolve()).snapshot()
  const signedIn = async () => {
    const stack = await resolve()
    if (stack.sessionUser === null) throw new Error("the benchmark's session was not read as signed in")
    return stack
  }
  const bySection: Partial<Record<AccountSection, number>> = {}
  let worstSection: PageViewCount = { maxRequests: 0, lastView: {} }
  for (const section of ACCOUNT_SECTIONS) {
    const count = await view(async () => {
      const stack = await signedIn()
      return Promise.all([stack.snapshot(), stack.handlerPageData(`account-settings?section=${section}`)])
    })
    bySection[section] = count.maxRequests
    if (count.maxRequests >= worstSection.maxRequests) worstSection = count
  }
  return {
    sessionOnly: await view(async () => (await signedIn()).sessionUser),
    fullUser: await view(async () => (await signedIn()).snapshot()),
    dashboard: await view(async () => {
      const stack = await signedIn()
      return Promise.all([stack.snapshot(), stack.prefetch([teamsQuery])])
    }),
    accountSettings: worstSection,
    accountSettingsBySection: bySection as Record<AccountSection, number>
  }
}
