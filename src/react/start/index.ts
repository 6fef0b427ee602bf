/**
 * `stackfx/react-start`: stackfx in a TanStack Start app, the browser's half (safe on both sides). The
 * request's user and the project come from the server (`stackfx/react-start/server`'s middlewares, through a
 * server function the root route's `beforeLoad` calls); `StackStartProvider` renders them on the server and
 * hydrates them without a request, and `useStackPageData` does the same for what one page reads (its route's
 * loader asks the server); the guards redirect in `beforeLoad` on the server and on client navigation.
 *
 * @example
 * // src/routes/__root.tsx
 * export const Route = createRootRoute({
 *   beforeLoad: async () => ({ stack: await getStackSnapshot() }),
 *   component: () => (
 *     <StackStartProvider layer={clientLayer} snapshot={Route.useRouteContext().stack}>
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
export type { SeedValue, StackPageData, StackSeed, StackSnapshot } from "./snapshot.js"
export { StackStartProvider, type StackStartProviderProps } from "./provider.js"
export { useStackPageData } from "./page-data.js"
