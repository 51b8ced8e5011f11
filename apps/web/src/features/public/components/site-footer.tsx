import { PUBLIC_LABELS } from '@penman/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from './brand.tsx';

type SiteFooterProps = {
  /** On the landing page the product links are in-page anchors; elsewhere they go to /#section. */
  onLanding: boolean;
  onContact: () => void;
};

// Placeholders (spec: three placeholder social links): the networks' home pages until Penman has profiles.
const SOCIAL = [
  {
    name: 'X (Twitter)',
    href: 'https://x.com/',
    path: 'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.29 19.5h2.04L6.49 3.24H4.3z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13M7.12 20.45H3.56V9h3.56zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0',
  },
  {
    name: 'GitHub',
    href: 'https://github.com/',
    path: 'M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57L9 21.07c-3.34.72-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .32.21.7.82.58A12 12 0 0 0 12 .3',
  },
];

const linkClass = 'rounded-sm text-sm text-slate-300 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-indigo-300';

export function SiteFooter({ onLanding, onContact }: SiteFooterProps) {
  const section = (id: string, label: string) =>
    onLanding ? (
      <a href={`#${id}`} className={linkClass}>
        {label}
      </a>
    ) : (
      <Link to={`/#${id}`} className={linkClass}>
        {label}
      </Link>
    );

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div>
          <BrandLink className="text-white" />
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            The self-hosted AI email assistant that drafts replies in your own voice, for you to review.
          </p>
          <ul className="mt-6 flex gap-3">
            {SOCIAL.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  rel="noopener noreferrer"
                  className="flex size-9 items-center justify-center rounded-full bg-white/5 max-md:size-11 text-slate-300 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-indigo-300"
                >
                  <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
                    <path d={social.path} />
                  </svg>
                  <span className="sr-only">{`Penman on ${social.name}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title={PUBLIC_LABELS.footer.product}>
          <li>{section('features', PUBLIC_LABELS.nav.features)}</li>
          <li>{section('pricing', PUBLIC_LABELS.nav.pricing)}</li>
        </FooterColumn>
        <FooterColumn title={PUBLIC_LABELS.footer.company}>
          <li>
            <Link to="/about" className={linkClass}>
              {PUBLIC_LABELS.nav.about}
            </Link>
          </li>
          <li>
            <button type="button" className={`${linkClass} cursor-pointer`} onClick={onContact}>
              {PUBLIC_LABELS.footer.contact}
            </button>
          </li>
        </FooterColumn>
        <FooterColumn title={PUBLIC_LABELS.footer.legal}>
          <li>
            <Link to="/privacy-policy" className={linkClass}>
              {PUBLIC_LABELS.legal.privacy}
            </Link>
          </li>
          <li>
            <Link to="/terms-of-service" className={linkClass}>
              {PUBLIC_LABELS.legal.terms}
            </Link>
          </li>
          <li>
            <Link to="/cookie-policy" className={linkClass}>
              {PUBLIC_LABELS.legal.cookies}
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} Penman. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 grid justify-items-start gap-3">{children}</ul>
    </nav>
  );
}
