/**
 * The rules of a device-authorization attempt (a CLI sign-in or an agent registration), as the service applies
 * them: where an attempt stands at a moment, which steps it can take from there, and the short claim code a
 * person reads, types or hears.
 */

/** Where an attempt stands (the wire's `status`; see domain/agent-auth.ts). */
export const DEVICE_AUTH_STATUSES = ["waiting", "success", "denied", "expired", "used"] as const
export type DeviceAuthStatus = (typeof DEVICE_AUTH_STATUSES)[number]

/** What decides an attempt's status. */
export interface DeviceAuthState {
  readonly expiresAt: Date
  /** When the device picked the session up. */
  readonly usedAt: Date | null
  /** When the person refused. */
  readonly deniedAt: Date | null
  /** Whether the person confirmed (the session waits for the device's poll). */
  readonly confirmed: boolean
}

/**
 * The status at `now`, in the service's order: a used attempt stays used and a denied one denied even after
 * their time is up; an attempt confirmed but not picked up in time is expired.
 */
export const deviceAuthStatus = (attempt: DeviceAuthState, now: number): DeviceAuthStatus => {
  if (attempt.usedAt !== null) return "used"
  if (attempt.deniedAt !== null) return "denied"
  if (attempt.expiresAt.getTime() < now) return "expired"
  return attempt.confirmed ? "success" : "waiting"
}

/** A step an attempt may take: the person approves or refuses, the device picks the session up. */
export type DeviceAuthStep = "approve" | "deny" | "consume"

/** Whether `step` is allowed from `status`: only a waiting attempt is decided, only a confirmed one picked up. */
export const deviceAuthStepAllowed = (status: DeviceAuthStatus, step: DeviceAuthStep): boolean =>
  step === "consume" ? status === "success" : status === "waiting"

/** The claim code's letters: no 0/O or 1/I, so a code survives being read aloud or typed from a terminal. */
export const CLAIM_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

/** The format the service describes to agents. */
export const CLAIM_CODE_FORMAT = "XXXX-XXXX (A-Z and 2-9, no 0/O/1/I)"

const CLAIM_CODE_LETTERS = 8

/** A claim code (`XXXX-XXXX`) from eight random bytes. */
export const claimCodeOf = (bytes: Uint8Array): string => {
  const letters = Array.from(bytes.subarray(0, CLAIM_CODE_LETTERS), (byte) => CLAIM_CODE_ALPHABET[byte % 32])
  return `${letters.slice(0, 4).join("")}-${letters.slice(4).join("")}`
}

/**
 * A claim code as a person may type it (lower case, no dash, spaces) in its canonical `XXXX-XXXX` form, or
 * `undefined` when it cannot be one.
 */
export const normalizeClaimCode = (typed: string): string | undefined => {
  const letters = typed.toUpperCase().replace(/[^A-Z0-9]/g, "")
  return letters.length === CLAIM_CODE_LETTERS ? `${letters.slice(0, 4)}-${letters.slice(4)}` : undefined
}
