/**
 * `StackStartProvider`: the `StackProvider` of a server-rendered app, given the request's user as the server
 * saw it (`context.stack.user` of the root route). It renders its children at once, on the server and in the
 * browser's first render, with that user in its cache.
 */
import { createElement, type ReactNode, useState } from "react"
import type { ClientUser } from "../../domain/user.js"
import { StackProvider, type StackProviderProps } from "../provider.js"
import { firstRenderWith } from "./first-render.js"

/** `StackProvider`'s props and the request's user (`null` for a visitor). */
export interface StackStartProviderProps<R, E> extends Omit<StackProviderProps<R, E>, "firstRender"> {
  readonly initialUser: ClientUser | null
}

/**
 * `<StackStartProvider layer={clientLayer} initialUser={Route.useRouteContext().stack.user}>`: the user
 * button, `useUser` and the handler pages render with the request's user on the server (a visitor's menu for
 * a visitor) and hydrate without a request for the user. Read once, by the first runtime; in the browser it
 * is used only while the session's cookies still say the same (signed in or not).
 */
export function StackStartProvider<R, E>(props: StackStartProviderProps<R, E>): ReactNode {
  const { initialUser, ...rest } = props
  const [firstRender] = useState(() => firstRenderWith(initialUser))
  return createElement(StackProvider<R, E>, { ...rest, firstRender })
}
