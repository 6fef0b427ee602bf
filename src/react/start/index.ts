/**
 * `stackfx/react-start`: stackfx in a TanStack Start app, the browser's half (safe on both sides). The
 * request's user comes from the server (`stackfx/react-start/server`'s middlewares, through a server
 * function the root route's `beforeLoad` calls); `StackStartProvider` renders it on the server and hydrates
 * it without a request; the guards redirect in `beforeLoad` on the server and on client navigation.
 *
 * @example
 * // src/routes/__root.tsx
 * export const Route = createRootRoute({
 *   beforeLoad: async () => ({ stack: await getStackSnapshot() }),
 *   component: () => (
 *     <StackStartProvider layer={clientLayer} initialUser={Route.useRouteContext().stack.user}>
 *       <Outlet />
 *     </StackStartProvider>
 *   )
 * })
 */
export {
  type GuardOptions,
  requireTeamPermission,
  requireUser,
  signInRedirectUrl,
  type TeamPermissionGuardOptions
} from "./guards.js"
export type { StackSnapshot } from "./snapshot.js"
export { StackStartProvider, type StackStartProviderProps } from "./provider.js"
