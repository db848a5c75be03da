// Loads pages in headless Chromium and checks what a reader sees: every board map
// drawn with its provinces and units, every link answered, a screenshot of each page.
// Driven by tests/browser.rs, which writes the plan (a JSON file) and serves the pages
// on loopback. Usage: node check.mjs PLAN.json
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const browser = await chromium.launch({
  executablePath: plan.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const failures = [];
const fail = (page, what) => failures.push(`${page}: ${what}`);
let checkedLinks = 0, checkedMaps = 0;
for (const p of plan.pages) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const res = await page.goto(p.url, { waitUntil: "load" });
  if (!res || res.status() !== 200) { fail(p.url, `status ${res && res.status()}`); continue; }
  const maps = await page.$$eval("svg.board", (svgs) => svgs.map((svg) => {
    const box = svg.getBoundingClientRect();
    const inside = (el) => { const b = el.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && b.left >= box.left - 1 && b.right <= box.right + 1
        && b.top >= box.top - 1 && b.bottom <= box.bottom + 1; };
    const provinces = [...svg.querySelectorAll(".province")];
    const units = [...svg.querySelectorAll(".unit")];
    return { width: box.width, height: box.height, provinces: provinces.length,
             provincesDrawn: provinces.filter(inside).length, units: units.length,
             unitsDrawn: units.filter(inside).length };
  }));
  if (maps.length !== p.maps.length) fail(p.url, `${maps.length} maps, expected ${p.maps.length}`);
  maps.forEach((m, i) => {
    const want = p.maps[i] || {};
    if (m.width < 200 || m.height < 200) fail(p.url, `map ${i} is drawn ${m.width}x${m.height}`);
    if (m.provinces !== want.provinces) fail(p.url, `map ${i}: ${m.provinces} provinces, expected ${want.provinces}`);
    if (m.provincesDrawn !== m.provinces) fail(p.url, `map ${i}: ${m.provinces - m.provincesDrawn} provinces not drawn`);
    if (m.units !== want.units) fail(p.url, `map ${i}: ${m.units} units, expected ${want.units}`);
    if (m.unitsDrawn !== m.units) fail(p.url, `map ${i}: ${m.units - m.unitsDrawn} units off the map`);
    checkedMaps++;
  });
  // Every link: an anchor on the page exists; any other answers 200.
  const links = await page.$$eval("a[href]", (as) => as.map((a) => ({ href: a.getAttribute("href"), abs: a.href })));
  if (p.minLinks && links.length < p.minLinks) fail(p.url, `${links.length} links, expected at least ${p.minLinks}`);
  for (const l of links) {
    if (l.href.startsWith("#")) {
      if (!(await page.$(`[id="${l.href.slice(1)}"]`))) fail(p.url, `link ${l.href} points nowhere`);
    } else {
      const r = await page.request.get(l.abs);
      if (r.status() !== 200) fail(p.url, `link ${l.href} answers ${r.status()}`);
    }
    checkedLinks++;
  }
  for (const rel of p.follow || []) {
    const a = await page.$(`a[rel="${rel}"]`);
    if (!a) { fail(p.url, `no ${rel} link`); continue; }
    const [nav] = await Promise.all([page.waitForNavigation(), a.click()]);
    if (!nav || nav.status() !== 200) fail(p.url, `following ${rel} failed`);
    await page.goBack();
  }
  if (errors.length) fail(p.url, `script errors: ${errors.join("; ")}`);
  if (p.screenshot) await page.screenshot({ path: p.screenshot, fullPage: false });
  if (p.board) {
    const el = await page.$("svg.board");
    if (!el) fail(p.url, "no board to photograph");
    else await el.screenshot({ path: p.board });
  }
  for (const [selector, path] of p.shots || []) {
    const el = await page.$(selector);
    if (!el) { fail(p.url, `nothing matches ${selector}`); continue; }
    await el.scrollIntoViewIfNeeded();
    await page.evaluate((sel) => document.querySelector(sel).scrollIntoView(), selector);
    await page.screenshot({ path, fullPage: false });
  }
  await page.close();
}
await browser.close();
console.log(`browser: ${plan.pages.length} pages, ${checkedMaps} maps, ${checkedLinks} links checked`);
if (failures.length) { console.log(failures.join("\n")); process.exit(1); }
