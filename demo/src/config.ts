/**
 * The client tier the demo talks through, built once for the whole page. Without configuration it talks
 * to the local backend that `npm start` runs, as its seeded `internal` project.
 */
import { clientTier, LOCAL_DEVELOPMENT_KEYS } from "stackfx"

export const apiUrl = import.meta.env.VITE_STACK_API_URL ?? "http://127.0.0.1:8102"

export const clientLayer = clientTier({
  baseUrl: apiUrl,
  projectId: import.meta.env.VITE_STACK_PROJECT_ID ?? LOCAL_DEVELOPMENT_KEYS.projectId,
  publishableClientKey: import.meta.env.VITE_STACK_PUBLISHABLE_CLIENT_KEY ?? LOCAL_DEVELOPMENT_KEYS.publishableClientKey
})
