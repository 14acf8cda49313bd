import type { BundleAssignment, EsimProfileState, ProviderBundleState } from '../../providers/esim/esim-provider.ts';
import { BYTES_PER_MB, type SandboxEsimState } from '../../providers/esim/sandbox-usage.ts';

/**
 * The sandbox eSIM provider's device simulator page: it stands for the traveller's phone, so that
 * a developer or an end-to-end test can take an eSIM through every state the customer portal
 * shows (decision record 0009: activation on first use, usage that grows, expiry).
 *
 * Self-contained HTML like the PayPal sandbox page (one constant inline `<style>`, no scripts, no
 * `style` attributes, no external resources), so it satisfies the app's Content-Security-Policy
 * (`script-src 'self'`, `style-src` allowing {@link DEVICE_PAGE_STYLE} by its SHA-256 hash,
 * `form-action 'self'`; `plugins/security-headers.ts`). Every control is a plain HTML form
 * posting to the page's own origin. Fluid from 320 px up, landmarks, one heading per section,
 * labelled inputs, visible focus, WCAG AA contrast. English only: it is a developer tool.
 */

/** The device simulator page of an eSIM: `/sandbox/esims/<iccid>` (store-relative). */
export function simulatorPath(iccid: string): string {
  return `/sandbox/esims/${encodeURIComponent(iccid)}`;
}

/**
 * Short messages the page shows after a control, by the `notice` query parameter of the 303
 * redirect. A fixed set, so the page never echoes text from the URL.
 */
export const DEVICE_NOTICES = {
  install: { kind: 'success', text: 'The eSIM profile is installed on the phone.' },
  'first-use': { kind: 'success', text: 'The phone attached to a network at the destination: the eSIM is in use.' },
  'use-data': { kind: 'success', text: 'Data used.' },
  advance: { kind: 'success', text: 'The clock moved forward.' },
  expire: { kind: 'success', text: 'The clock moved past the end of every plan.' },
  delete: { kind: 'success', text: 'The eSIM profile was deleted from the phone.' },
  no_active_bundle: { kind: 'error', text: 'No active bundle: use the eSIM at the destination first.' },
  profile_deleted: {
    kind: 'error',
    text: 'This eSIM profile was deleted from the phone: it can no longer be installed or used.',
  },
} as const satisfies Record<string, { kind: 'success' | 'error'; text: string }>;

/** A notice code of {@link DEVICE_NOTICES}. */
export type DeviceNotice = keyof typeof DEVICE_NOTICES;

/** The notice to show with its amount (`mb` for `use-data`, `days` for `advance`), when known. */
export interface DeviceNoticeView {
  notice: DeviceNotice;
  amount?: number | undefined;
}

const PROFILE_LABELS: Record<EsimProfileState, string> = {
  released: 'Ready to install (released)',
  downloaded: 'Downloaded, not installed',
  installed: 'Installed, not yet used',
  enabled: 'In use (enabled)',
  disabled: 'Installed, switched off (disabled)',
  deleted: 'Deleted from the phone',
};

const BUNDLE_LABELS: Record<ProviderBundleState, string> = {
  processing: 'Processing',
  queued: 'Queued',
  active: 'Active',
  depleted: 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
  lapsed: 'Lapsed (never started)',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Bytes as the portal shows data: MB below 1 GB, GB (1,024 MB) with up to two decimals above. */
export function formatBytes(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(2))} GB`;
  if (mb >= 10 || mb === 0) return `${Math.round(mb)} MB`;
  return `${Number(mb.toFixed(1))} MB`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

function time(date: Date): string {
  return `<time datetime="${date.toISOString()}">${escapeHtml(DATE_FORMAT.format(date))} UTC</time>`;
}

/**
 * The page's style sheet, the text of its one `<style>` element: constant, so that the CSP allows it
 * by hash (`plugins/security-headers.ts`). Any change is picked up by the hash; no `style` attribute.
 */
export const DEVICE_PAGE_STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f4f6f8;color:#1f2328;line-height:1.5}
header{background:#1f2328;color:#fff;padding:.75rem 1rem;display:flex;align-items:center;justify-content:center;gap:.5rem}
.logo{margin:0;font-weight:700}
.tag{font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;background:#fff4cc;color:#5c4300;border-radius:999px;padding:.1rem .55rem}
main{max-width:36rem;margin:1.25rem auto;padding:0 1rem}
section{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:1rem;margin:0 0 1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
h3{font-size:1rem;margin:0 0 .25rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;overflow-wrap:anywhere}
.lead{margin:0 0 1rem;color:#57606a}
code{font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
dl{margin:0}
dl div{display:flex;justify-content:space-between;gap:1rem;padding:.15rem 0;border-bottom:1px solid #eaeef2}
dl div:last-child{border-bottom:0}
dt{color:#57606a;flex:none}
dd{margin:0;text-align:right;min-width:0;overflow-wrap:anywhere}
ol{list-style:none;margin:0;padding:0}
ol li{border:1px solid #d0d7de;border-radius:8px;padding:.75rem;margin:0 0 .75rem}
ol li:last-child{margin-bottom:0}
.badge{font-size:.8rem;font-weight:700;border-radius:999px;padding:.05rem .6rem;background:#eaeef2;color:#1f2328}
.badge.active{background:#dafbe1;color:#116329}
.badge.queued{background:#ddf4ff;color:#0550ae}
.badge.depleted,.badge.expired,.badge.lapsed,.badge.revoked{background:#ffebe9;color:#a40e26}
progress{width:100%;height:.6rem;margin:.25rem 0 .5rem}
.notice{border-radius:8px;padding:.6rem .8rem;margin:0 0 1rem;font-weight:600}
.notice.success{background:#dafbe1;color:#116329;border:1px solid #4ac26b}
.notice.error{background:#ffebe9;color:#a40e26;border:1px solid #ff8182}
.controls{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:.5rem}
form{margin:0}
button{display:block;width:100%;min-height:2.75rem;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;padding:.5rem .75rem;background:#fff;color:#0550ae;border:1px solid #0550ae}
button:hover{background:#ddf4ff}
button.danger{color:#a40e26;border-color:#a40e26}
button.danger:hover{background:#ffebe9}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #0969da;outline-offset:2px}
.custom{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin-top:.75rem}
.custom label{display:flex;flex-direction:column;font-size:.9rem;color:#57606a;flex:1 1 8rem}
.custom input{font:inherit;min-height:2.75rem;padding:.4rem .6rem;border:1px solid #8c959f;border-radius:8px;color:#1f2328}
.custom button{width:auto;flex:1 1 8rem}
a{color:#0550ae}
footer{max-width:36rem;margin:0 auto 2rem;padding:0 1rem;color:#57606a;font-size:.8rem;text-align:center}
`;

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${DEVICE_PAGE_STYLE}</style>
</head>
<body>
<header><p class="logo">eSIM device simulator</p><span class="tag">Sandbox</span></header>
<main>
${main}
</main>
<footer>Simulated phone and eSIM provider for development and tests. Time moves forward for this eSIM only.</footer>
</body>
</html>
`;
}

function row(term: string, value: string): string {
  return `<div><dt>${escapeHtml(term)}</dt><dd>${value}</dd></div>`;
}

function noticeHtml(view: DeviceNoticeView | undefined): string {
  if (!view) return '';
  const { kind, text } = DEVICE_NOTICES[view.notice];
  let message: string = text;
  if (view.amount !== undefined && view.notice === 'use-data')
    message = `Used ${formatBytes(view.amount * BYTES_PER_MB)} of data.`;
  if (view.amount !== undefined && view.notice === 'advance') {
    message = `The clock moved forward by ${view.amount} ${view.amount === 1 ? 'day' : 'days'}.`;
  }
  // `alert` interrupts the screen reader for a refused control; `status` announces politely.
  return `<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`;
}

function bundleHtml(bundle: BundleAssignment, activated: boolean): string {
  const rows: string[] = [];
  if (bundle.initialBytes === null) {
    rows.push(row('Data', 'Unlimited'), row('Used', escapeHtml(formatBytes(bundle.usedBytes))));
  } else {
    rows.push(
      row('Used', `${escapeHtml(formatBytes(bundle.usedBytes))} of ${escapeHtml(formatBytes(bundle.initialBytes))}`),
      row('Remaining', escapeHtml(formatBytes(bundle.remainingBytes ?? 0))),
    );
  }
  if (bundle.startedAt) rows.push(row('Started', time(bundle.startedAt)));
  else if (bundle.state === 'queued') {
    rows.push(row('Starts', activated ? 'When the plan before it ends' : 'On first use at the destination'));
  }
  if (bundle.endsAt) rows.push(row(bundle.state === 'active' ? 'Ends' : 'Ended', time(bundle.endsAt)));
  rows.push(row('Assigned', time(bundle.assignedAt)), row('Assignment', `<code>${escapeHtml(bundle.id)}</code>`));
  const progress =
    bundle.initialBytes !== null && bundle.initialBytes > 0
      ? `<progress max="${bundle.initialBytes}" value="${bundle.usedBytes}" aria-label="Data used of ${escapeHtml(bundle.bundle)}"></progress>`
      : '';
  return `<li>
<h3><code>${escapeHtml(bundle.bundle)}</code> <span class="badge ${bundle.state}">${escapeHtml(BUNDLE_LABELS[bundle.state])}</span></h3>
${progress}
<dl>${rows.join('')}</dl>
</li>`;
}

function control(
  base: string,
  action: string,
  label: string,
  fields: Record<string, number> = {},
  danger = false,
): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<form method="post" action="${base}/${action}">${hidden}<button type="submit"${danger ? ' class="danger"' : ''}>${escapeHtml(label)}</button></form>`;
}

/**
 * The simulator page of one eSIM: profile state, simulated date, every bundle (state, used and
 * remaining data in MB or GB, start and end) and the controls. Each control is a form posting to
 * `/sandbox/esims/{iccid}/{action}` (fields `mb`, `days`) that answers 303 back here with a
 * notice.
 */
export function renderDevicePage(state: SandboxEsimState, notice?: DeviceNoticeView): string {
  const base = escapeHtml(simulatorPath(state.iccid));
  const activated = state.firstUsedAt !== null;
  const bundles =
    state.bundles.length > 0
      ? `<ol>${state.bundles.map((b) => bundleHtml(b, activated)).join('\n')}</ol>`
      : '<p>No bundles assigned.</p>';
  return page(
    `eSIM ${state.iccid} – device simulator`,
    `<h1>Simulated phone</h1>
<p class="lead">eSIM <code>${escapeHtml(state.iccid)}</code></p>
${noticeHtml(notice)}
<section aria-labelledby="profile-heading">
<h2 id="profile-heading">Profile</h2>
<dl>
${row('State', escapeHtml(PROFILE_LABELS[state.profileState]))}
${row('Simulated date', time(state.simulatedNow))}
${row('First used', state.firstUsedAt ? time(state.firstUsedAt) : 'Not yet')}
</dl>
</section>
<section aria-labelledby="bundles-heading">
<h2 id="bundles-heading">Bundles</h2>
${bundles}
</section>
<section aria-labelledby="controls-heading">
<h2 id="controls-heading">Controls</h2>
<div class="controls">
${control(base, 'install', 'Install on phone')}
${control(base, 'first-use', 'Use at destination (first use)')}
${control(base, 'use-data', 'Use 500 MB', { mb: 500 })}
${control(base, 'advance', 'Advance 1 day', { days: 1 })}
${control(base, 'advance', 'Advance 7 days', { days: 7 })}
${control(base, 'expire', 'Let the plan expire')}
${control(base, 'delete', 'Delete profile', {}, true)}
</div>
<form class="custom" method="post" action="${base}/use-data">
<label for="mb">Data to use (MB) <input id="mb" name="mb" type="number" inputmode="numeric" min="1" max="100000" step="1" value="100" required></label>
<button type="submit">Use data</button>
</form>
<form class="custom" method="post" action="${base}/advance">
<label for="days">Days to advance <input id="days" name="days" type="number" inputmode="numeric" min="1" max="365" step="1" value="3" required></label>
<button type="submit">Advance</button>
</form>
<p><a href="${base}">Refresh</a> (usage grows with real time too)</p>
</section>`,
  );
}

/** The 404 page for an ICCID the sandbox did not issue. */
export function renderDeviceNotFoundPage(): string {
  return page(
    'eSIM not found – device simulator',
    `<h1>eSIM not found</h1>
<section aria-labelledby="not-found-heading">
<h2 id="not-found-heading">Unknown ICCID</h2>
<p>The sandbox provider did not issue this eSIM. Open the simulator from the eSIM's page in the customer portal.</p>
<p><a href="/">Back to the store</a></p>
</section>`,
  );
}
