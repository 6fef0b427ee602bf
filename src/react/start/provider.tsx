/**
 * `StackStartProvider`: the `StackProvider` of a server-rendered app, given the request's snapshot as the server
 * saw it (`context.stack` of the root route). It renders its children at once, on the server and in the
 * browser's first render, with the snapshot's user and project in its cache.
 */
import { createElement, type ReactNode, useState } from "react"
import { StackProvider, type StackProviderProps } from "../provider.js"
import { firstRenderWith } from "./first-render.js"
import type { StackSnapshot } from "./snapshot.js"

/** `StackProvider`'s props and the request's snapshot (`{ user: null }` for a visitor). */
export interface StackStartProviderProps<R, E> extends Omit<StackProviderProps<R, E>, "firstRender"> {
  readonly snapshot: StackSnapshot
}

/**
 * `<StackStartProvider layer={clientLayer} snapshot={Route.useRouteContext().stack}>`: the user button,
 * `useUser`, `useProject` and the handler pages render with the request's user and the project on the server
 * (a visitor's menu for a visitor) and hydrate without a request for them. Read once, by the first runtime; in
 * the browser the user is used only while the session's cookies still say the same (signed in or not).
 */
export function StackStartProvider<R, E>(props: StackStartProviderProps<R, E>): ReactNode {
  const { snapshot, ...rest } = props
  const [firstRender] = useState(() => firstRenderWith(snapshot))
  return createElement(StackProvider<R, E>, { ...rest, firstRender })
}
