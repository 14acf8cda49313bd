import { chromium } from 'playwright-core';
import { randomUUID } from 'node:crypto';
const origin = process.env.ORIGIN ?? 'http://127.0.0.1:5370';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const products = await (await fetch(`${origin}/api/products?country=TR`)).json();
const product = (products.products ?? products.items ?? products)[0];
const results = [];
for (const [w,h] of [[360,780],[1280,800]]) for (const path of ['/cart','/checkout']) for (const delay of [0,1000]) {
  const sid = randomUUID();
  const r = await fetch(`${origin}/api/cart`, { method:'POST', headers:{'content-type':'application/json','x-session-id':sid}, body: JSON.stringify({ productId: product.id ?? product.productId, quantity: 1 }) });
  if (!r.ok) throw new Error('cart ' + r.status + await r.text());
  const ctx = await browser.newContext({ viewport:{width:w,height:h} });
  await ctx.addInitScript((id) => { try { localStorage.setItem('sessionId', id); } catch {} 
    window.__shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ v: e.value, t: Math.round(e.startTime), src: e.sources.map(s => { const n = s.node; return (n ? (n.nodeName + '.' + (n.className?.baseVal ?? n.className ?? '').toString().slice(0,60) + ' "' + (n.textContent??'').slice(0,30) + '"') : '?') + ` ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`; }) }); }).observe({ type:'layout-shift', buffered:true }); }, sid);
  const page = await ctx.newPage();
  if (delay) await page.route(/\/api\/(cart|payments\/config)(\?|$)/, async (route) => { await new Promise(r => setTimeout(r, delay)); await route.continue(); });
  await page.goto(origin + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(() => window.__shifts);
  const sum = shifts.reduce((a,s)=>a+s.v,0);
  results.push(`${w}x${h} ${path} delay=${delay}: CLS ${sum.toFixed(4)}`);
  if (process.env.V || sum > 0.001) for (const s of shifts) console.log(`  [${w} ${path} d${delay}] ${s.v.toFixed(4)} @${s.t}\n    ` + s.src.join('\n    '));
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/cls13-${w}${path.replace('/','-')}.png`, fullPage: true });
  await ctx.close();
}
console.log(results.join('\n'));
await browser.close();
