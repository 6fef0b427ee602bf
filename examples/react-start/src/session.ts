/**
 * The server functions the routes call: the request's snapshot for the browser, what a handler page reads, and
 * a team permission check.
 * Their handlers run on the server; the browser calls them over HTTP.
 */
import { createServerFn } from "@tanstack/react-start"
import { teamsQuery } from "stackfx/react"
import { stackFunctionMiddleware } from "./stack-middleware"

/** The signed-in user as the browser may see them (`{ user: null }` for a visitor), and the project. */
export const getStackSnapshot = createServerFn({ method: "GET" })
  .middleware([stackFunctionMiddleware])
  .handler(({ context }) => context.stack.snapshot())

/** A handler page's name, checked at the edge: a string of at most a few path segments. */
const handlerRouteInput = (input: unknown): string => {
  if (typeof input !== "string" || input.length > 200) throw new Error("the handler route must be a short string")
  return input
}

/** What a handler page (`"account-settings"`) reads in its first render, for the request's session. */
export const getHandlerPageData = createServerFn({ method: "GET" })
  .middleware([stackFunctionMiddleware])
  .validator(handlerRouteInput)
  .handler(({ context, data }) => context.stack.handlerPageData(data))

/** The signed-in user's teams, for the pages that show them (the dashboard, a team's settings). */
export const getTeamsData = createServerFn({ method: "GET" })
  .middleware([stackFunctionMiddleware])
  .handler(({ context }) => context.stack.prefetch([teamsQuery]))

/** The permission check's input, checked at the edge: two non-empty strings. */
const permissionInput = (input: unknown): { readonly teamId: string; readonly permissionId: string } => {
  const { teamId, permissionId } = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>
  if (typeof teamId !== "string" || teamId === "" || typeof permissionId !== "string" || permissionId === "") {
    throw new Error("teamId and permissionId must be non-empty strings")
  }
  return { teamId, permissionId }
}

/** Whether the signed-in user holds a permission in a team. */
export const hasTeamPermission = createServerFn({ method: "GET" })
  .middleware([stackFunctionMiddleware])
  .validator(permissionInput)
  .handler(({ context, data }) => context.stack.hasTeamPermission(data.teamId, data.permissionId))
