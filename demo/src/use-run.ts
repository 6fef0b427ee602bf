/** Runs an effect on the provider's runtime for a form: pending while it runs, the failure's message after. */
import type { Effect } from "effect"
import { useState } from "react"
import type { ClientServices } from "stackfx"
import { type QueryCache, useStackApp } from "stackfx/react"

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : "Something went wrong."

export function useRun() {
  const app = useStackApp<ClientServices | QueryCache>()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  /** The effect's value, or `undefined` after a failure (whose message is then in `error`). */
  const run = async <A, E>(
    effect: Effect.Effect<A, E, ClientServices | QueryCache>
  ): Promise<{ readonly value: A } | undefined> => {
    setPending(true)
    setError(undefined)
    try {
      return { value: await app.run(effect) }
    } catch (failure) {
      setError(messageOf(failure))
      return undefined
    } finally {
      setPending(false)
    }
  }
  return { run, pending, error }
}
