/**
 * The client tier the demo talks through, built once for the whole page, with the settings of
 * `settings.ts` (the environment's, or the local backend that `npm start` runs as its seeded `demo` project).
 */
import { clientTier, DEMO_PROJECT_CLIENT_KEYS } from "stackfx"
import { demoSettings } from "./settings.js"

const settings = demoSettings(import.meta.env, DEMO_PROJECT_CLIENT_KEYS)

export const apiUrl = settings.apiUrl

export const clientLayer = clientTier({
  baseUrl: settings.apiUrl,
  projectId: settings.projectId,
  publishableClientKey: settings.publishableClientKey
})
