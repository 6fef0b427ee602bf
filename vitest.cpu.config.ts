import { mergeConfig } from "vitest/config"
import base from "./vitest.config.js"
export default mergeConfig(base, { test: { setupFiles: ["/tmp/cpu-setup.ts"] } })
