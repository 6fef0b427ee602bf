/// <reference types="vite/client" />

// The variables of src/settings.ts (`DemoEnvVars`).
interface ImportMetaEnv {
  readonly VITE_HEXCLAVE_API_URL?: string
  readonly VITE_HEXCLAVE_PROJECT_ID?: string
  readonly VITE_HEXCLAVE_PUBLISHABLE_CLIENT_KEY?: string
  readonly VITE_STACK_API_URL?: string
  readonly VITE_STACK_PROJECT_ID?: string
  readonly VITE_STACK_PUBLISHABLE_CLIENT_KEY?: string
}
