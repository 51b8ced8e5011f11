import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * Turns a message's HTML body into the `srcdoc` of a sandboxed iframe. Three layers, each enough
 * on its own against script: DOMPurify removes scripts, event handlers, javascript: URLs, forms,
 * frames, objects, SVG and MathML, meta refresh and base; the iframe has no `allow-scripts`,
 * `allow-forms` or `allow-same-origin`; and the document carries a CSP that loads nothing but
 * inline styles and data: images. Remote images (which tell the sender the mail was opened) are
 * dropped until the user asks for them; then the CSP lets http(s) images in, and only images.
 */

/** Tags the sender's HTML never keeps, on top of DOMPurify's HTML-only profile (no SVG, no MathML). */
const FORBIDDEN_TAGS = [
  'script',
  'noscript',
  'template',
  'meta',
  'base',
  'link',
  'title',
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'datalist',
  'output',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'dialog',
  'svg',
  'math',
];
const FORBIDDEN_ATTRIBUTES = ['srcset', 'ping', 'action', 'formaction', 'poster', 'autofocus', 'srcdoc'];

const REMOTE_URL = /^\s*(?:https?:)?\/\//i;
const REMOTE_CSS_URL = /url\(\s*['"]?\s*(?:https?:)?\/\//i;
const INLINE_PART_URL = /^\s*cid:/i;
// Legacy script-in-CSS (IE expression(), behaviors, XBL) and script URLs: inert in today's
// browsers, removed all the same.
const SCRIPTED_CSS = /expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding/i;

const FRAME_STYLE =
  'html{color-scheme:light}body{margin:0;padding:16px;font:14px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}';

/** The CSP of the mail document: nothing loads but inline styles and data: images (http(s) images once allowed). */
export function emailFrameCsp(allowRemoteImages: boolean): string {
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:${allowRemoteImages ? ' https: http:' : ''}; font-src data:; form-action 'none'; base-uri 'none'`;
}

export type EmailDocument = {
  /** A whole HTML document for `<iframe sandbox srcdoc>`. */
  srcDoc: string;
  /** How many remote images (img src, background attributes, CSS url()) the sender put in. */
  remoteImages: number;
};

type State = { allowRemoteImages: boolean; remoteImages: number };

let purifier: { purify: Purifier; state: State } | undefined;

function getPurifier() {
  if (purifier) return purifier;
  const purify = DOMPurify(window);
  const state: State = { allowRemoteImages: false, remoteImages: 0 };
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) {
      // Links open outside the mail view, without telling the site where they came from.
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    for (const attribute of ['src', 'background']) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (INLINE_PART_URL.test(value)) {
        // Inline parts (cid:) are not kept with the message; a broken reference would only show an error icon.
        element.removeAttribute(attribute);
      } else if (REMOTE_URL.test(value)) {
        state.remoteImages++;
        if (!state.allowRemoteImages) element.removeAttribute(attribute);
      }
    }
    if (SCRIPTED_CSS.test(element.getAttribute('style') ?? '')) element.removeAttribute('style');
    if (tag === 'style' && SCRIPTED_CSS.test(element.textContent ?? '')) element.textContent = '';
    // CSS url()s are counted; the document's CSP blocks them until remote images are allowed.
    if (REMOTE_CSS_URL.test(element.getAttribute('style') ?? '')) state.remoteImages++;
    if (tag === 'style' && REMOTE_CSS_URL.test(element.textContent ?? '')) state.remoteImages++;
  });
  purifier = { purify, state };
  return purifier;
}

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  WHOLE_DOCUMENT: true,
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** Sanitizes a message's HTML (see the module comment) into a self-contained, inert document. */
export function buildEmailDocument(html: string, { allowRemoteImages }: { allowRemoteImages: boolean }): EmailDocument {
  const { purify, state } = getPurifier();
  state.allowRemoteImages = allowRemoteImages;
  state.remoteImages = 0;
  const root = purify.sanitize(html, { ...CONFIG, RETURN_DOM: true }) as HTMLElement;
  const document = root.ownerDocument;
  let head = root.querySelector('head');
  if (!head) {
    head = document.createElement('head');
    root.prepend(head);
  }
  const meta = (attributes: Record<string, string>) => {
    const element = document.createElement('meta');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  const base = document.createElement('base');
  base.setAttribute('target', '_blank');
  const style = document.createElement('style');
  style.textContent = FRAME_STYLE;
  // The policy comes first, before anything of the sender's that could load.
  head.prepend(
    meta({ charset: 'utf-8' }),
    meta({ 'http-equiv': 'Content-Security-Policy', content: emailFrameCsp(allowRemoteImages) }),
    meta({ name: 'referrer', content: 'no-referrer' }),
    base,
    style,
  );
  return { srcDoc: `<!doctype html>${root.outerHTML}`, remoteImages: state.remoteImages };
}
