/**
 * How a handler page runs what a person asked for (a form submit, a button): the effect runs on the
 * provider's runtime, the page shows it as pending, and a failure becomes data the page renders, never an
 * exception. Concurrent submits of the same action are ignored while one is running.
 */
import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import type { ClientServices } from "../../layers/client.js"
import type { QueryCache } from "../cache.js"
import { type StackApp, useStackApp } from "../provider.js"
import { appUnderBasepath } from "./basepath.js"
import { useHandlerPage } from "./context.js"

/** What the handler pages need from the provider's Layer: the client tier (and the React cache). */
export type HandlerServices = ClientServices | QueryCache

/** The provider's app, its URLs those of the browser when the router has a basepath (see ../basepath.ts). */
export const useHandlerApp = (): StackApp<HandlerServices> => {
  const app = useStackApp<HandlerServices>()
  const { basepath, currentUrl } = useHandlerPage()
  const origin = new URL(currentUrl).origin
  return useMemo(() => appUnderBasepath(app, basepath, origin), [app, basepath, origin])
}

/** The outcome of one run: the value, or the typed failure (a defect or interruption is `Defect`). */
export type ActionOutcome<A, E> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: E }
  | { readonly _tag: "Defect"; readonly error: unknown }
  | { readonly _tag: "Busy" }

export interface ActionState<E> {
  readonly pending: boolean
  /** The last run's failure, until the next run starts or `reset` is called. */
  readonly error: E | { readonly _tag: "Defect"; readonly cause: unknown } | undefined
}

export interface Action<Args extends ReadonlyArray<unknown>, A, E> extends ActionState<E> {
  readonly run: (...args: Args) => Promise<ActionOutcome<A, E>>
  readonly reset: () => void
}

/**
 * @example
 * const signIn = useAction((email: string, password: string) =>
 *   Auth.use((auth) => auth.signInWithCredential({ email, password })))
 * const outcome = await signIn.run(email, password)
 */
export function useAction<Args extends ReadonlyArray<unknown>, A, E>(
  make: (...args: Args) => Effect.Effect<A, E, HandlerServices>
): Action<Args, A, E> {
  const app = useHandlerApp()
  const [state, setState] = useState<ActionState<E>>({ pending: false, error: undefined })
  const running = useRef(false)
  const makeRef = useRef(make)
  makeRef.current = make

  const run = useCallback(
    async (...args: Args): Promise<ActionOutcome<A, E>> => {
      if (running.current) return { _tag: "Busy" }
      running.current = true
      setState({ pending: true, error: undefined })
      const exit = await app.runtime.runPromiseExit(makeRef.current(...args))
      running.current = false
      if (Exit.isSuccess(exit)) {
        setState({ pending: false, error: undefined })
        return { _tag: "Success", value: exit.value }
      }
      const failure = Cause.findErrorOption(exit.cause)
      if (failure._tag === "Some") {
        // The runtime's own build error is typed `unknown`; a page action's failure is one of `E`.
        const error = failure.value as E
        setState({ pending: false, error })
        return { _tag: "Failure", error }
      }
      const defect = Cause.squash(exit.cause)
      setState({ pending: false, error: { _tag: "Defect", cause: defect } })
      return { _tag: "Defect", error: defect }
    },
    [app]
  )

  const reset = useCallback(() => setState({ pending: false, error: undefined }), [])
  return { ...state, run, reset }
}

/** Runs `load` once per code and keeps its outcome. */
export const useLoadOnce = <A>(
  code: string,
  load: (code: string) => Promise<{ readonly _tag: string; readonly value?: A }>
) => {
  const [value, setValue] = useState<{ readonly done: boolean; readonly value?: A | undefined }>({ done: false })
  const loaded = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (loaded.current === code) return
    loaded.current = code
    void load(code).then((outcome) =>
      setValue({ done: true, value: outcome._tag === "Success" ? outcome.value : undefined })
    )
  }, [code, load])
  return value
}
