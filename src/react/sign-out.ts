/**
 * Sign-out started by the app's own code (`app.signOut()`): ends the session on the server and here, then
 * navigates to the given URL or, without one, to the after-sign-out target. The URL comes from the
 * developer, not from a link, so it is used as given. A failed sign-out navigates nowhere.
 */
import * as Effect from "effect/Effect"
import { Auth } from "../services/generated/auth.js"
import type { RedirectUrls } from "../services/navigation/redirects.js"

/** Options of a sign-out from React: where to go afterwards. */
export interface SignOutOptions {
  /** Where to go afterwards (an app URL, or an absolute one); default the after-sign-out target. */
  readonly redirectUrl?: string | URL | undefined
}

/** `signOutThenNavigate(app.urls, app.navigate, { redirectUrl: "/goodbye" })` */
export const signOutThenNavigate = (
  urls: RedirectUrls,
  navigate: (url: string) => void,
  options: SignOutOptions = {}
) =>
  Effect.andThen(
    Auth.use((auth) => auth.signOut),
    Effect.sync(() => navigate(options.redirectUrl === undefined ? urls.afterSignOut : String(options.redirectUrl)))
  )
