/**
 * `beforeLoad` guards for a server-rendered app. They read the request's `StackSnapshot` (the root
 * route's `beforeLoad` puts it in the router context through a server function), so one rule decides on the
 * server, where the redirect is the answer's status, and on a client navigation, where it is the router's.
 * Like every `beforeLoad` redirect, they throw TanStack Router's `redirect` (the router's API for it).
 *
 * @example
 * export const Route = createFileRoute("/dashboard")({
 *   beforeLoad: ({ context, location }) => ({ user: requireUser({ snapshot: context.stack, location }) })
 * })
 */
import { redirect } from "@tanstack/react-router"
import type { ClientUser } from "../../domain/user.js"
import { type RedirectUrlOptions, resolveRedirectUrls } from "../../services/navigation/redirects.js"
import { appRedirectUrl, normalizeBasepath } from "../basepath.js"
import type { StackSnapshot } from "./snapshot.js"

/** What a guard reads: the request's snapshot, the location being loaded, and the app's handler URLs. */
export interface GuardOptions {
  readonly snapshot: StackSnapshot
  /** The router's location being loaded (`beforeLoad`'s `location`). */
  readonly location: { readonly href: string }
  /** The handler base and URL overrides, as given to the `StackProvider`. */
  readonly handlerPath?: string | undefined
  readonly urls?: RedirectUrlOptions | undefined
  /** The router's basepath, when the app lives below one. */
  readonly basepath?: string | undefined
}

// The router's `href` is a path; a guard on the server has no origin to add, and the sign-in URL it builds
// keeps only the path anyway (a same-origin return target).
const PLACEHOLDER_ORIGIN = "http://localhost"

/** A handler page's URL for the location being loaded (sign-in carries it as `after_auth_return_to`). */
const pageUrl = (options: Omit<GuardOptions, "snapshot">, target: "signIn" | "onboarding"): string => {
  const basepath = normalizeBasepath(options.basepath)
  const urls = resolveRedirectUrls({ handler: options.handlerPath, ...options.urls })
  const currentUrl = new URL(`${basepath}${options.location.href}`, PLACEHOLDER_ORIGIN).href
  return appRedirectUrl(urls, target, { currentUrl, basepath })
}

/** The sign-in page's URL carrying `after_auth_return_to` for the location being loaded. */
export const signInRedirectUrl = (options: Omit<GuardOptions, "snapshot">): string => pageUrl(options, "signIn")

/**
 * The signed-in user; a visitor is redirected to sign-in, with `after_auth_return_to` this location, and a
 * restricted user to the onboarding page (as `useUser({ or: "redirect" })`).
 */
export const requireUser = (options: GuardOptions): ClientUser => {
  const user = options.snapshot.user
  if (user !== null) return user
  throw redirect({ href: pageUrl(options, options.snapshot.restricted === true ? "onboarding" : "signIn") })
}

/** Options of `requireTeamPermission`: the team, the permission, how to check it, and where a refusal goes. */
export interface TeamPermissionGuardOptions extends GuardOptions {
  readonly teamId: string
  readonly permissionId: string
  /**
   * Whether the user holds it: a server function over `context.stack.hasTeamPermission`, so the check runs
   * on the server whether the guard runs there or in the browser.
   */
  readonly check: (request: { readonly teamId: string; readonly permissionId: string }) => Promise<boolean>
  /** Where a signed-in user without the permission goes; default the app's home. */
  readonly deniedUrl?: string | undefined
}

/**
 * The signed-in user, who holds `permissionId` in `teamId`: a visitor goes to sign-in (as `requireUser`),
 * a user without the permission to `deniedUrl`.
 */
export const requireTeamPermission = async (options: TeamPermissionGuardOptions): Promise<ClientUser> => {
  const user = requireUser(options)
  const granted = await options.check({ teamId: options.teamId, permissionId: options.permissionId })
  if (!granted) {
    throw redirect({
      href: options.deniedUrl ?? resolveRedirectUrls({ handler: options.handlerPath, ...options.urls }).home
    })
  }
  return user
}
