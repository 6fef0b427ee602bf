import { PGlite } from "@electric-sql/pglite"
let t=Date.now()
const db = new PGlite()
await db.waitReady
console.log("memory init", Date.now()-t)
t=Date.now()
const r = await db.query("select 1 as x")
console.log(r.rows, Date.now()-t)
t=Date.now()
const dump = await db.dumpDataDir("none")
console.log("dump", Date.now()-t, dump.size)
t=Date.now()
const db2 = new PGlite({ loadDataDir: dump })
await db2.waitReady
console.log("from dump", Date.now()-t)
