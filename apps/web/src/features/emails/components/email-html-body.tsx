import { EMAIL_MESSAGES } from '@penman/contract';
import { ImageOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { buildEmailDocument } from './sanitize-email-html.ts';

/**
 * An HTML body, sanitized, in a sandboxed frame: no scripts (no `allow-scripts`), no forms, an
 * opaque origin (no `allow-same-origin`), a CSP inside the document. Links may open a new tab
 * (`allow-popups`, escaping the sandbox so the site works normally there). Remote images stay
 * blocked until the user asks for them.
 */
export function EmailHtmlBody({ html }: { html: string }) {
  const [allowRemoteImages, setAllowRemoteImages] = useState(false);
  const document = useMemo(() => buildEmailDocument(html, { allowRemoteImages }), [html, allowRemoteImages]);
  return (
    <div className="grid gap-2">
      {document.remoteImages > 0 && !allowRemoteImages ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-warning px-3 py-2 text-sm text-warning-foreground">
          <ImageOff className="size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <span className="font-medium">{EMAIL_MESSAGES.remoteImagesBlocked}</span>
            <span className="block text-xs opacity-90">{EMAIL_MESSAGES.remoteImagesBlockedHint}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => setAllowRemoteImages(true)}>
            {EMAIL_MESSAGES.loadRemoteImages}
          </Button>
        </div>
      ) : null}
      <iframe
        title={EMAIL_MESSAGES.htmlFrameTitle}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={document.srcDoc}
        referrerPolicy="no-referrer"
        className="h-[60vh] min-h-72 w-full rounded-md border bg-white"
      />
    </div>
  );
}
