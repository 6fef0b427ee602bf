/**
 * The client tier of the example, built once for the app: in the browser its session lives in the cookies
 * the server reads too (the default cookie store).
 */
import { clientTier, DEMO_PROJECT_CLIENT_KEYS } from "stackfx"

export const apiUrl = import.meta.env.VITE_STACK_API_URL ?? "http://127.0.0.1:8102"

export const clientLayer = clientTier({
  baseUrl: apiUrl,
  projectId: import.meta.env.VITE_STACK_PROJECT_ID ?? DEMO_PROJECT_CLIENT_KEYS.projectId,
  publishableClientKey:
    import.meta.env.VITE_STACK_PUBLISHABLE_CLIENT_KEY ?? DEMO_PROJECT_CLIENT_KEYS.publishableClientKey
})
