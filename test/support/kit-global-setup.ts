/**
 * The integration tests' global setup: the testing kit's one backend for the whole run, in vitest's own
 * process, shared by every worker (`useKitBackend`, the kit's `StackTest` and `startStackTest`) instead of a
 * backend per worker. No project of its own and no `STACK_*` variables: tests of those read their own.
 */
import { sharedTestBackend } from "../../backend/src/testing/global-setup.js"

export default async (): Promise<() => Promise<void>> => (await sharedTestBackend()).stop
