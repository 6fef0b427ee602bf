/**
 * A throwaway PostgreSQL server for tests of the `pg` driver: `STACKFX_TEST_POSTGRES_URL` when set,
 * otherwise a temporary cluster made with `initdb` / `pg_ctl` (as the `postgres` user when running as
 * root, since PostgreSQL refuses to run as root). When neither is possible the tests that need it fail and
 * say why (`requireTestPostgres`): a PostgreSQL half that skipped silently would pass without testing anything.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { chownSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface TestPostgres {
  /** A URL of a new, empty database on the server. */
  readonly newDatabase: () => string
  readonly stop: () => void
}

const hasCommand = (name: string) => spawnSync("sh", ["-c", `command -v ${name}`]).status === 0

let created = 0

/** Why no PostgreSQL could be started here. */
export interface NoPostgres {
  readonly reason: string
}

export const startTestPostgres = (): TestPostgres | NoPostgres => {
  const external = process.env["STACKFX_TEST_POSTGRES_URL"]
  if (external !== undefined && external !== "") {
    return {
      newDatabase: () => {
        const name = `stackfx_test_${process.pid}_${Date.now()}_${++created}`
        execFileSync("psql", [external, "-c", `create database ${name}`], { stdio: "ignore" })
        const url = new URL(external)
        url.pathname = `/${name}`
        return url.toString()
      },
      stop: () => undefined
    }
  }
  const missing = ["initdb", "pg_ctl", "psql"].filter((command) => !hasCommand(command))
  if (missing.length > 0) return { reason: `${missing.join(", ")} not on PATH` }
  const isRoot = process.getuid?.() === 0
  if (isRoot && spawnSync("id", ["postgres"]).status !== 0) {
    return { reason: "running as root, and there is no postgres user to run the server as" }
  }
  const dir = mkdtempSync(join(tmpdir(), "stackfx-pg-"))
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const run = (command: string) => {
    const result = isRoot
      ? spawnSync("su", ["postgres", "-c", command], { encoding: "utf8" })
      : spawnSync("sh", ["-c", command], { encoding: "utf8" })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`)
  }
  if (isRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0)
  const data = join(dir, "data")
  try {
    run(`initdb -D ${data} -A trust -U postgres > /dev/null`)
    run(
      `pg_ctl -D ${data} -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off" -l ${join(dir, "log")} -w start > /dev/null`
    )
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return { reason: error instanceof Error ? error.message : String(error) }
  }
  const base = `postgres://postgres@127.0.0.1:${port}`
  return {
    newDatabase: () => {
      const name = `stackfx_test_${++created}`
      execFileSync("psql", [`${base}/postgres`, "-c", `create database ${name}`], { stdio: "ignore" })
      return `${base}/${name}`
    },
    stop: () => {
      try {
        run(`pg_ctl -D ${data} -m fast -w stop > /dev/null`)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}

/**
 * A PostgreSQL server for the file's tests, started while it is collected; throws (failing the file with the
 * reason) when none can be started.
 */
export const requireTestPostgres = (): TestPostgres => {
  const started = startTestPostgres()
  if ("reason" in started) {
    throw new Error(
      `PostgreSQL cannot start here (${started.reason}): install PostgreSQL so that initdb, pg_ctl and psql are ` +
        "on PATH (.ci/run does), or point STACKFX_TEST_POSTGRES_URL at a server"
    )
  }
  return started
}
