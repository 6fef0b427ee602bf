/**
 * The one e-mail address rule the client and the backend share: something@something with no
 * whitespace inside. Surrounding whitespace is tolerated (the address is judged and stored trimmed),
 * so a pasted " ada@example.com " signs up as "ada@example.com" instead of being refused.
 */
import * as Schema from "effect/Schema"

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/

/** True when `value`, trimmed, looks like an e-mail address. */
export const isEmailAddress = (value: string): boolean => EMAIL_PATTERN.test(value.trim())

/**
 * A string that passes `isEmailAddress`; decoding keeps the value as sent (callers trim before storing). An empty
 * one is refused as empty (the service's e-mail fields are non-empty checks before address checks).
 */
export const EmailAddress = Schema.String.check(
  Schema.makeFilter((s: string) => (s === "" ? "must not be empty" : isEmailAddress(s) || "must be an email address"))
)
