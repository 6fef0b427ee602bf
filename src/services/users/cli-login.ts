/**
 * Signing a command-line program in through the browser (every tier), as the hosted service and the
 * official SDK's `promptCliLogin` do it:
 *
 * 1. the program starts an attempt (`start`): a polling code it keeps and a login code for a URL;
 * 2. the person opens `cliAuthConfirmUrl(loginCode, { appUrl })` (cli-confirm-url.ts), the app's
 *    `cli-auth-confirm` handler page, signs in there if they have to, and confirms (`complete`, which hands
 *    the attempt the browser session's refresh token);
 * 3. the program polls (`poll`, or `waitFor` on a schedule) until the attempt answers `success` with that
 *    refresh token, or `expired` / `used`.
 *
 * `login` does all three on the program's side and signs the tier in with the token (stored in its token
 * store, e.g. a custom store writing a file), so the program's next calls are the person's.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   yield* (yield* CliLogin).login({ appUrl: "https://app.example" })   // prints the URL, waits
 *   const me = yield* (yield* CurrentUser).get
 *   console.log(`Signed in as ${me?.primaryEmail}`)
 * })
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Schedule from "effect/Schedule"
import { CliLoginMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { Session } from "../session/session.js"
import type { CliLoginCalls } from "./cli-login-calls.js"

/** A started attempt: the polling code stays with the program, the login code goes in the URL. */
export interface CliLoginAttempt {
  readonly pollingCode: string
  readonly loginCode: string
  readonly expiresAt: Date
}

/** One poll's answer; `success` carries the refresh token, handed out once. */
export type CliLoginPoll =
  | { readonly status: "waiting" }
  | { readonly status: "success"; readonly refreshToken: string }
  | { readonly status: "expired" }
  | { readonly status: "used" }

/** How `login` and `waitFor` poll. */
export interface CliLoginWaitOptions {
  /**
   * When to poll again while the attempt is waiting; default every two seconds (the official SDK's wait)
   * until the attempt expires. A schedule that ends first (e.g. `Schedule.upTo({ times: 30 })`) ends the
   * wait with `CliLoginTimedOut`.
   */
  readonly schedule?: Schedule.Schedule<unknown, CliLoginPoll> | undefined
}

/** What `login` takes. */
export interface CliLoginOptions extends CliLoginWaitOptions {
  /** The app whose handler shows the confirm page, e.g. `https://app.example`. */
  readonly appUrl: string
  /** The handler's path in that app; default `/handler`. */
  readonly handlerPath?: string | undefined
  /** Lifetime of the attempt; default two minutes, at most fifteen (the service's limits since April 2026). */
  readonly expiresInMillis?: number | undefined
  /**
   * Shows the person where to confirm; default: the login code and the URL on the console, as the official
   * SDK prints them.
   */
  readonly prompt?: ((url: string, loginCode: string) => Effect.Effect<void>) | undefined
}

/** What the CliLogin service offers; see its tag for the rules. Its members are declared in cli-login-calls.ts. */
export type CliLoginShape = ShapeOf<typeof CliLoginCalls>

/** Sign-in for command-line programs through the browser. */
export class CliLogin extends /* @__PURE__ */ Context.Service<CliLogin, CliLoginShape>()("stackfx/CliLogin") {
  static readonly layer: Layer.Layer<CliLogin, never, Transport | Session> = /* @__PURE__ */ lazyLayer(
    CliLogin,
    CliLoginMembers,
    () => import("../live.js").then((m) => m.makeCliLogin)
  )
}
