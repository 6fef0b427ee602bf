/**
 * `stackfx-backend/testing/react`: a provider for component tests (React Testing Library, Vitest browser
 * mode) that renders its children inside stackfx's `StackProvider` on the test's project, signed in as a
 * fixture user (a visitor without one).
 *
 * @example
 * const test = await startStackTest()
 * const user = await test.createUser()
 * render(<StackTestProvider test={test} user={user}><Greeting /></StackTestProvider>)
 */
import type * as Layer from "effect/Layer"
import { type ReactNode, useMemo } from "react"
import type { ClientServices, TierError } from "stackfx"
import { StackProvider } from "stackfx/react"
import type { TestUser } from "./fixtures.js"

/** Props of `StackTestProvider`. */
export interface StackTestProviderProps {
  /** The test's kit (`startStackTest()` or the `StackTest` service): where the client tier points. */
  readonly test: { readonly client: (user?: TestUser) => Layer.Layer<ClientServices, TierError> }
  /** The fixture user the components see signed in; a visitor when absent. */
  readonly user?: TestUser | undefined
  readonly children?: ReactNode
  /** Shown while the client tier is being built. */
  readonly fallback?: ReactNode
}

const ignoreNavigation = (): void => undefined

/** `StackProvider` on the test's project, signed in as `user`. */
export function StackTestProvider(props: StackTestProviderProps): ReactNode {
  const { test, user } = props
  // One tier per user: a new Layer each render would rebuild the provider's runtime.
  const layer = useMemo(() => test.client(user), [test, user])
  // Component tests have no router; links the components follow are theirs to assert, not to load.
  return (
    <StackProvider layer={layer} fallback={props.fallback} navigate={ignoreNavigation} tabSync={false}>
      {props.children}
    </StackProvider>
  )
}
