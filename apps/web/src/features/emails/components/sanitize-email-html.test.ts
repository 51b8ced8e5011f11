import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../../../../e2e/chromium.ts';
import type { EmailDocument } from './sanitize-email-html.ts';

// DOMPurify needs a real DOM, and "inert" is only proven where HTML really runs: the sanitizer is
// bundled as it ships and run in Debian's Chromium, and its output is then rendered in the same
// sandboxed iframe the Emails screen uses, with every request recorded.

// Real servers on the loopback: request interception does not see every request of a sandboxed
// (opaque-origin, possibly out-of-process) frame, a socket does. One serves the viewer page; any
// request the other (the trap) gets is an attack that worked, or an image the test allowed.
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const requests: string[] = [];
const server = http.createServer((request, response) => {
  requests.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
  response.end(GIF);
});
const viewer = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<!doctype html><html><head><title>viewer</title></head><body></body></html>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
await new Promise<void>((resolve) => viewer.listen(0, '127.0.0.1', resolve));
const TRAP_HOST = `127.0.0.1:${(server.address() as AddressInfo).port}`;
const TRAP = `http://${TRAP_HOST}`;

/** Messages built to attack a mail viewer. Each tries to run script, submit, navigate or load from TRAP. */
const HOSTILE: [string, string][] = [
  ['script tag', `<p>hi</p><script>top.__pwned = 'script'; fetch('${TRAP}/script')</script>`],
  ['script with odd casing and spacing', `<ScRiPt >top.__pwned = 'script2'</sCrIpT >`],
  ['img onerror', `<img src="x" onerror="top.__pwned = 'onerror'">`],
  ['body onload', `<html><body onload="top.__pwned = 'onload'"><p>x</p></body></html>`],
  ['details ontoggle', `<details open ontoggle="top.__pwned = 'ontoggle'"><summary>s</summary></details>`],
  ['marquee onstart', `<marquee onstart="top.__pwned = 'marquee'">m</marquee>`],
  ['javascript: href', `<a href="javascript:top.__pwned = 'href'">click</a>`],
  ['javascript: href, obfuscated', `<a href="  JaVa&#x09;ScRiPt:top.__pwned = 'href2'">click</a><a href="&#106;avascript:alert(1)">x</a>`],
  ['vbscript: and data: hrefs', `<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,<script>alert(1)</script>">d</a>`],
  ['CSS expression()', `<div style="width: expression(top.__pwned = 'expression')">x</div>`],
  [
    'CSS javascript: url and behavior',
    `<style>body { background: url("javascript:alert(1)"); behavior: url(x.htc) }</style><p style="-moz-binding: url(x)">y</p>`,
  ],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=${TRAP}/refresh"><p>x</p>`],
  ['meta refresh to javascript:', `<head><meta http-equiv="refresh" content="0;url=javascript:top.__pwned='refresh'"></head>`],
  ['base href', `<base href="${TRAP}/"><a href="relative">r</a>`],
  ['link stylesheet', `<link rel="stylesheet" href="${TRAP}/style.css">`],
  ['SVG onload', `<svg onload="top.__pwned = 'svg'"><circle r="4"/></svg>`],
  ['SVG script', `<svg><script>top.__pwned = 'svgscript'</script></svg>`],
  [
    'SVG animate',
    `<svg><animate onbegin="top.__pwned = 'animate'" attributeName="x" dur="1s"/><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>`,
  ],
  ['SVG image', `<svg><image href="${TRAP}/svg-image.png"/></svg>`],
  ['iframe javascript:', `<iframe src="javascript:top.__pwned = 'iframe'"></iframe>`],
  ['iframe srcdoc', `<iframe srcdoc="<script>top.__pwned = 'srcdoc'</script>"></iframe>`],
  ['iframe remote', `<iframe src="${TRAP}/frame"></iframe>`],
  ['object', `<object data="${TRAP}/object"></object>`],
  ['embed', `<embed src="${TRAP}/embed">`],
  ['form', `<form action="${TRAP}/form" method="post"><input name="q" value="1"><button>Go</button></form>`],
  ['formaction', `<button formaction="${TRAP}/formaction">x</button><input type="image" src="${TRAP}/input.png">`],
  ['mXSS: math/style', `<math><mtext><table><mglyph><style><img src=x onerror="top.__pwned = 'mxss'">`],
  ['mXSS: noscript', `<noscript><p title="</noscript><img src=x onerror=top.__pwned='noscript'>"></noscript>`],
  ['template', `<template><img src=x onerror="top.__pwned = 'template'"></template>`],
  [
    'video poster and source',
    `<video poster="${TRAP}/poster.png"><source src="${TRAP}/video.mp4" onerror="top.__pwned = 'video'"></video>`,
  ],
  ['audio', `<audio src="${TRAP}/audio.mp3" autoplay></audio>`],
  ['ping', `<a href="https://example.com/" ping="${TRAP}/ping">p</a>`],
  ['srcset', `<img srcset="${TRAP}/srcset.png 1x">`],
  ['tracking pixel', `<img src="${TRAP}/pixel.gif" width="1" height="1">`],
  ['protocol-relative image', `<img src="//${TRAP_HOST}/relative.png">`],
  ['table background', `<table background="${TRAP}/table-bg.png"><tr><td>x</td></tr></table>`],
  ['CSS background image', `<div style="background-image: url('${TRAP}/css-bg.png')">x</div>`],
  [
    'CSS @import and font',
    `<style>@import url(${TRAP}/import.css); @font-face { font-family: f; src: url(${TRAP}/font.woff) } p { font-family: f }</style><p>p</p>`,
  ],
  ['dialog', `<dialog open><form method="dialog"><button>x</button></form></dialog>`],
];

let browser: Browser;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(import.meta.dirname, 'sanitize-email-html.ts'), formats: ['iife'], name: 'MailSanitizer' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(output) ? output[0]! : output).output.find((item) => item.type === 'chunk');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  page = await browser.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The viewer: an ordinary http page, like the app (no CSP of its own: the frame's must hold alone).
  await page.goto(`http://localhost:${(viewer.address() as AddressInfo).port}/`);
  await page.addScriptTag({ content: chunk!.code });
  requests.length = 0;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => viewer.close(resolve));
});

function sanitize(html: string, allowRemoteImages = false): Promise<EmailDocument> {
  return page.evaluate(
    ([dirty, allow]) =>
      (
        window as unknown as { MailSanitizer: { buildEmailDocument: (h: string, o: object) => EmailDocument } }
      ).MailSanitizer.buildEmailDocument(dirty, { allowRemoteImages: allow }),
    [html, allowRemoteImages] as const,
  );
}

/** What is left in the document that could act: found by parsing it, not by matching text. */
function findActive(srcDoc: string) {
  return page.evaluate((doc) => {
    const parsed = new DOMParser().parseFromString(doc, 'text/html');
    const found: string[] = [];
    const forbidden = new Set([
      'script',
      'iframe',
      'frame',
      'object',
      'embed',
      'form',
      'input',
      'button',
      'select',
      'textarea',
      'svg',
      'math',
      'link',
      'template',
      'noscript',
      'video',
      'audio',
      'source',
      'dialog',
      'applet',
      'portal',
    ]);
    const metas = [...parsed.querySelectorAll('meta')].map((m) => m.getAttribute('http-equiv') ?? m.getAttribute('name') ?? 'charset');
    if (metas.join() !== 'charset,Content-Security-Policy,referrer') found.push(`meta: ${metas.join()}`);
    if (parsed.head.firstElementChild?.getAttribute('charset') !== 'utf-8') found.push('head does not start with our metas');
    for (const base of parsed.querySelectorAll('base')) if (base.hasAttribute('href')) found.push('base href');
    for (const element of parsed.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (forbidden.has(tag)) found.push(`<${tag}>`);
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${tag}[${name}]`);
        if (['srcset', 'ping', 'action', 'formaction', 'poster', 'srcdoc', 'xlink:href'].includes(name)) found.push(`${tag}[${name}]`);
        if (/^\s*(javascript|vbscript|data)\s*:/i.test(attribute.value.replace(/[\s\p{Cc}]/gu, '')) && !(tag === 'img' && name === 'src'))
          found.push(`${tag}[${name}=${attribute.value}]`);
        if (name === 'style' && /expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(attribute.value)) found.push(`${tag}[style]`);
      }
      if (tag === 'style' && element.textContent && /javascript:|behavior\s*:|expression\s*\(/i.test(element.textContent))
        found.push('<style> script');
    }
    return found;
  }, srcDoc);
}

/** Renders documents as the Emails screen does, waits, and reports what they managed to do. */
async function render(srcDocs: string[]) {
  requests.length = 0;
  dialogs.length = 0;
  await page.evaluate((docs) => {
    (window as unknown as { __pwned?: unknown }).__pwned = undefined;
    document.title = 'viewer';
    document.body.replaceChildren();
    for (const doc of docs) {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
      frame.srcdoc = doc;
      document.body.append(frame);
    }
  }, srcDocs);
  // Let every frame load, run timers, follow a refresh, and try its requests.
  await page.waitForTimeout(1500);
  // Click every link inside the frames, as a curious reader would.
  for (const frame of page.frames().slice(1)) {
    for (const link of await frame.locator('a').all()) await link.click({ timeout: 1000, noWaitAfter: true }).catch(() => {});
  }
  await page.waitForTimeout(500);
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    title: document.title,
    frameUrls: [...document.querySelectorAll('iframe')].map((f) => {
      try {
        return f.contentWindow?.location.href ?? 'none';
      } catch {
        return 'cross-origin';
      }
    }),
  }));
  return { ...state, requests: [...requests], dialogs: [...dialogs], popups: browser.contexts()[0]!.pages().length - 1 };
}

describe('buildEmailDocument', () => {
  it.each(HOSTILE)('leaves nothing active from: %s', async (_name, html) => {
    const { srcDoc } = await sanitize(html);
    expect(await findActive(srcDoc)).toEqual([]);
    expect(srcDoc.toLowerCase()).not.toContain('pwned');
  });

  it('keeps the message: text, formatting, tables, inline styles, data: images and https links (opening a new tab)', async () => {
    const { srcDoc, remoteImages } = await sanitize(
      '<html><head><style>.x { color: red }</style></head><body style="background:#eee"><h1 class="x">Hello</h1><p>Dear <b>Ann</b>,</p><table><tr><td style="padding:4px">cell</td></tr></table><img alt="dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><a href="https://example.com/a">link</a><a href="mailto:ann@example.com">mail</a></body></html>',
    );
    expect(remoteImages).toBe(0);
    expect(srcDoc).toContain('<style>.x { color: red }</style>');
    expect(srcDoc).toContain('<body style="background:#eee">');
    expect(srcDoc).toContain('<h1 class="x">Hello</h1>');
    expect(srcDoc).toContain('<td style="padding:4px">cell</td>');
    expect(srcDoc).toContain('src="data:image/gif;base64,R0lGODlhAQABAAAAACw="');
    expect(srcDoc).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">link</a>');
    expect(srcDoc).toContain('href="mailto:ann@example.com"');
  });

  it('starts the document with a CSP that loads nothing remote, until remote images are allowed (then only images)', async () => {
    const blocked = await sanitize('<p>x</p>');
    expect(blocked.srcDoc).toMatch(
      /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'"><meta name="referrer" content="no-referrer"><base target="_blank">/,
    );
    const allowed = await sanitize('<p>x</p>', true);
    expect(allowed.srcDoc).toContain(`img-src data: https: http:; font-src data:`);
  });

  it('drops remote images and counts them; keeps them once allowed', async () => {
    const html = `<img src="${TRAP}/a.png"><img src="//${TRAP_HOST}/b.png"><table background="${TRAP}/c.png"></table><div style="background:url(${TRAP}/d.png)"></div><img src="cid:part1@x">`;
    const blocked = await sanitize(html);
    expect(blocked.remoteImages).toBe(4);
    expect(blocked.srcDoc).not.toContain(`${TRAP}/a.png`);
    expect(blocked.srcDoc).not.toContain(`//${TRAP_HOST}/b.png`);
    expect(blocked.srcDoc).not.toContain(`${TRAP}/c.png`);
    expect(blocked.srcDoc).not.toContain('cid:');
    const allowed = await sanitize(html, true);
    expect(allowed.remoteImages).toBe(4);
    expect(allowed.srcDoc).toContain(`<img src="${TRAP}/a.png">`);
    expect(allowed.srcDoc).toContain(`background="${TRAP}/c.png"`);
  });
});

describe('rendered in the sandboxed frame', () => {
  it('runs no script, shows no dialog, navigates nowhere and makes no request, for every hostile message at once', async () => {
    const docs = await Promise.all(HOSTILE.map(([, html]) => sanitize(html)));
    const result = await render(docs.map((d) => d.srcDoc));
    expect(result.pwned).toBeNull();
    expect(result.title).toBe('viewer');
    expect(result.dialogs).toEqual([]);
    expect(result.requests).toEqual([]);
    expect(result.frameUrls.every((url) => url === 'about:srcdoc' || url === 'cross-origin')).toBe(true);
  });

  // Every raw payload is rendered in Chromium one after another: on a loaded CI machine that takes over 30 s.
  it('is inert even without the sanitizer: the sandbox and the CSP alone stop the same payloads', async () => {
    // Defence in depth: the raw payloads, only wrapped in the frame's CSP head.
    const { srcDoc: shell } = await sanitize('');
    const head = shell.slice(0, shell.indexOf('</head>'));
    const result = await render(
      HOSTILE.filter(([name]) => !name.includes('refresh')).map(([, html]) => `${head}</head><body>${html}</body></html>`),
    );
    expect(result.pwned).toBeNull();
    expect(result.title).toBe('viewer');
    expect(result.dialogs).toEqual([]);
    // Remote loads are all refused by the CSP (default-src 'none').
    expect(result.requests).toEqual([]);
  }, 90_000);

  it('loads remote images only after they are allowed', async () => {
    const html = `<img src="${TRAP}/allowed.png" alt="a">`;
    expect((await render([(await sanitize(html)).srcDoc])).requests).toEqual([]);
    expect((await render([(await sanitize(html, true)).srcDoc])).requests).toEqual(['/allowed.png']);
  });
});
