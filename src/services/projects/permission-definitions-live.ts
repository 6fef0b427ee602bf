/**
 * The implementations of {@link PermissionDefinitions} and {@link ProjectPermissionDefinitions} (the same calls
 * on another path), loaded on first use (see lazy-service.ts): every member is a declared call
 * (permission-definitions-calls.ts).
 */
import { implement } from "../http/service-calls.js"
import { PermissionDefinitionsCalls, ProjectPermissionDefinitionsCalls } from "./permission-definitions-calls.js"

export const makePermissionDefinitions = implement(PermissionDefinitionsCalls)

export const makeProjectPermissionDefinitions = implement(ProjectPermissionDefinitionsCalls)
