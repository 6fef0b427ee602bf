/**
 * How long the emailed codes stay valid. The defaults follow the hosted service (a week for every
 * emailed code); tests and demos shorten them through `startLocalBackend({ codeLifetimesMillis })` instead
 * of sleeping or faking the clock.
 */
import * as Context from "effect/Context"

export interface CodeLifetimesShape {
  readonly emailVerification: number
  readonly passwordReset: number
  readonly magicLink: number
  readonly teamInvitation: number
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

export const defaultCodeLifetimes: CodeLifetimesShape = {
  emailVerification: WEEK_MS,
  passwordReset: WEEK_MS,
  magicLink: WEEK_MS,
  teamInvitation: WEEK_MS
}

/** The lifetimes in force; the defaults unless the local backend was started with others. */
export const CodeLifetimes = Context.Reference<CodeLifetimesShape>("stackfx-backend/CodeLifetimes", {
  defaultValue: () => defaultCodeLifetimes
})
