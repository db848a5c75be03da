// Opens verify.html in headless Chromium, chooses files in it as a player would, and
// writes what the page concluded after each load or choice. Driven by
// tests/verify_page.rs, which writes the plan and judges the results.
// Usage: node verify.mjs PLAN.json
//
// Plan: {"chromium", "output", "runs": [{"name", "url", "choose": [[selector, path or
// [paths]], ...], "screenshot"?}]}. Output: one entry a run, with one result after the
// page has loaded (null when it checked nothing by itself) and one after each choice.
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const browser = await chromium.launch({
  executablePath: plan.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const idle = (n) => window.umpireVerify && window.umpireVerify.ready && !window.umpireVerify.busy
  && window.umpireVerify.runs > n;
const result = (page) => page.evaluate(() => {
  const uv = window.umpireVerify;
  if (!uv.last) return null;
  const lines = document.body.innerText.split("\n").map((l) => l.trim()).filter((l) => l);
  return { ...uv.last, lastLine: lines[lines.length - 1], status: document.getElementById("status").textContent };
});
const out = [];
for (const run of plan.runs) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const results = [];
  try {
    await page.goto(run.url, { waitUntil: "load" });
    await page.waitForFunction(idle, -1, { timeout: 180000 });
    results.push(await result(page));
    for (const [selector, files] of run.choose || []) {
      const before = await page.evaluate(() => window.umpireVerify.runs);
      await page.setInputFiles(selector, files);
      await page.waitForFunction(idle, before, { timeout: 180000 });
      results.push(await result(page));
    }
    if (run.screenshot) await page.screenshot({ path: run.screenshot, fullPage: true });
  } catch (e) {
    errors.push(String(e));
  }
  out.push({ name: run.name, errors, results });
  await page.close();
}
await browser.close();
writeFileSync(plan.output, JSON.stringify(out, null, 1));
console.log(`verify.html: ${plan.runs.length} runs`);
