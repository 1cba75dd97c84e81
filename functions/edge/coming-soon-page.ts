import { COMING_SOON_AUTHORIZED_KEY } from '../domain/site/coming-soon';

/**
 * The Coming Soon document: what a visitor the gate locks out gets instead of any page. It is a
 * standalone string, not an Astro page, so the worker can answer with it before any page code runs
 * and nothing of the requested page can reach the browser. It holds no settings and no passcode.
 */
export interface ComingSoonOptions {
  /** The page the visitor asked for, for the sign-in link's way back. */
  path: string;
  /** /admin/coming-soon-preview: the same page with a preview banner and the Reset control. */
  preview?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
:root{color-scheme:dark;--bg:#0d0f14;--raised:#151922;--sunken:#0a0c10;--line:#262c39;--text:#eef1f6;--dim:#a4adbd;--brand:#f5c14b;--brand-strong:#ffd36e;--ink:#1d1603;--accent:#6fb6ff}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:radial-gradient(ellipse at top,#1b2030 0%,var(--bg) 60%);color:var(--text);font:16px/1.55 Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
.preview{background:repeating-linear-gradient(45deg,#3b2f00,#3b2f00 10px,#463800 10px,#463800 20px);color:var(--brand-strong);padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:center;font-size:.9rem;font-weight:600}
.preview p{margin:0}
main{flex:1;display:grid;grid-template-columns:minmax(0,1fr);place-items:center;padding:3rem 1rem}
.card{width:min(440px,100%);text-align:center}
.logo{display:inline-flex;align-items:center;gap:.5rem;font-weight:800;font-size:1.2rem;color:var(--text);margin-bottom:2rem}
h1{font-size:clamp(2.2rem,6vw,3.2rem);line-height:1.1;margin:0 0 .75rem;letter-spacing:-.02em}
.lead{color:var(--dim);margin:0 0 2rem}
form{display:grid;grid-template-columns:minmax(0,1fr);gap:.4rem;text-align:left}
label{font-weight:600;font-size:.92rem}
.row{display:flex;gap:.5rem}
input{flex:1;min-width:0;font:inherit;color:var(--text);background:var(--sunken);border:1px solid var(--line);border-radius:6px;padding:.55rem .7rem;min-height:44px}
input:focus{border-color:var(--brand);outline:none}
button{font:inherit;font-weight:700;min-height:44px;padding:.5rem 1.1rem;border-radius:6px;border:1px solid var(--brand);background:var(--brand);color:var(--ink);cursor:pointer}
button:hover{background:var(--brand-strong)}button:disabled{opacity:.6;cursor:wait}
.ghost{background:transparent;color:var(--brand-strong);border-color:var(--brand-strong);min-height:44px;padding:.25rem .8rem}
.ghost:hover{background:rgb(255 211 110/.12)}
footer{display:flex;flex-wrap:wrap;justify-content:center;gap:1rem;padding:1.5rem 1rem;font-size:.9rem;border-top:1px solid var(--line)}
`;

// The page's only script: unlock with the passcode (the server checks it and sets the httpOnly
// cookie), tell other tabs through local storage, and reload; a wrong passcode shows nothing.
const script = (preview: boolean) => `(()=>{
const KEY=${JSON.stringify(COMING_SOON_AUTHORIZED_KEY)};
const store=(f)=>{try{return f()}catch(e){return null}};
${preview ? '' : '// The server found no valid access: a flag left in this browser is stale.\nstore(()=>localStorage.removeItem(KEY));'}
addEventListener("storage",(e)=>{if(e.key===KEY&&e.newValue==="true")location.reload()});
const form=document.querySelector("[data-coming-soon-form]");
const input=form.querySelector("input");
const button=form.querySelector("button");
form.addEventListener("submit",async(e)=>{
e.preventDefault();
const passcode=input.value;
if(!passcode)return;
button.disabled=true;
let ok=false;
try{const r=await fetch("/api/gate/unlock",{method:"POST",credentials:"same-origin",headers:{"content-type":"application/json"},body:JSON.stringify({passcode})});ok=r.ok}catch(err){}
button.disabled=false;
if(!ok){input.value="";input.focus();return}
store(()=>{localStorage.removeItem(KEY);localStorage.setItem(KEY,"true")});
location.reload();
});
const reset=document.querySelector("[data-coming-soon-reset]");
reset&&reset.addEventListener("click",async()=>{
reset.disabled=true;
try{await fetch("/api/gate/reset",{method:"POST",credentials:"same-origin",headers:{"content-type":"application/json"},body:"{}"})}catch(err){}
store(()=>localStorage.removeItem(KEY));
reset.disabled=false;
const note=document.querySelector("[data-coming-soon-reset-note]");
if(note)note.hidden=false;
});
})();`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#f5c14b"/><circle cx="16" cy="16" r="9" fill="none" stroke="#1d1603" stroke-width="2.5"/><circle cx="16" cy="10.5" r="2" fill="#1d1603"/><circle cx="16" cy="21.5" r="2" fill="#1d1603"/><circle cx="10.5" cy="16" r="2" fill="#1d1603"/><circle cx="21.5" cy="16" r="2" fill="#1d1603"/></svg>`;

export function comingSoonHtml({ path, preview = false }: ComingSoonOptions, nonce: string): string {
  const signIn = `/auth?redirect=${encodeURIComponent(path)}`;
  const banner = preview
    ? `<div class="preview" role="region" aria-label="Preview"><p>Preview: visitors who are not authorised see this page while the coming-soon gate is on.</p>
<button type="button" class="ghost" data-coming-soon-reset>Reset</button><span data-coming-soon-reset-note hidden>Access reset in this browser.</span>
<a href="/admin?tab=settings">Site settings</a></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0d0f14">
<title>Coming Soon · Reelfund</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${STYLE}</style>
</head>
<body data-coming-soon>
${banner}
<main>
<div class="card">
<a class="logo" href="/">${LOGO}<span>Reelfund</span></a>
<h1>Coming Soon</h1>
<p class="lead">A home for independent films, and for funding the next ones, is getting ready.</p>
<form data-coming-soon-form>
<label for="coming-soon-passcode">Passcode</label>
<div class="row"><input id="coming-soon-passcode" name="passcode" type="password" autocomplete="current-password" required><button type="submit">Enter</button></div>
</form>
</div>
</main>
<footer><a href="${escapeHtml(signIn)}">Team sign-in</a><a href="/faq">FAQ</a><a href="/contact">Contact</a><a href="/privacy">Privacy</a><a href="/terms">Terms</a></footer>
<script nonce="${nonce}">${script(preview)}</script>
</body>
</html>`;
}

const newNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

/**
 * The Coming Soon response: 200, because the gate is an intended state of the product (before a
 * launch), not an outage that monitors should page about; kept out of search indexes and caches
 * since the same address shows the real page to authorised visitors.
 */
export function comingSoonResponse(options: ComingSoonOptions): Response {
  const nonce = newNonce();
  return new Response(comingSoonHtml(options, nonce), {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      vary: 'Cookie',
      'content-security-policy': [
        "default-src 'self'",
        `script-src 'nonce-${nonce}'`,
        `style-src 'nonce-${nonce}'`,
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    },
  });
}
