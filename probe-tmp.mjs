import { chromium } from "playwright-core"
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] })
const page = await browser.newPage()
page.on("console", (m) => console.log("console", m.type(), m.text()))
page.on("pageerror", (e) => console.log("pageerror", e.message))
const url = process.argv[2]
await page.goto(url)
await page.waitForTimeout(Number(process.argv[3] ?? 4000))
await page.screenshot({ path: "/tmp/probe.png", fullPage: true })
console.log((await page.locator("body").innerText()).slice(0, 2000))
await browser.close()
