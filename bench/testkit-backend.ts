/**
 * The run's backend of the testing kit in a process of its own, as a global setup starts it in vitest's
 * process: prints what a worker needs to connect (one line of JSON) and runs until its stdin closes. The
 * testkit bench (testkit.ts) measures a worker against it without the backend's memory in the worker.
 */
import { startTestBackend } from "../backend/src/testing/test-backend.js"

const backend = await startTestBackend()
process.stdout.write(
  `${JSON.stringify({ url: backend.url, secret: backend.secret, project: backend.project, demoProject: backend.demoProject })}\n`
)
process.stdin.resume()
process.stdin.on("end", () => void backend.stop().then(() => process.exit(0)))
