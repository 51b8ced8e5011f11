import { LegalDocument, type LegalSection } from './legal-document.tsx';

const COOKIES = [
  {
    name: 'better-auth.session_token',
    purpose: 'Keeps you signed in. Set when you sign in, removed when you sign out.',
    duration: '30 days, renewed while you use Penman',
    kind: 'Strictly necessary',
  },
  {
    name: 'sidebar_state',
    purpose: 'Remembers whether the dashboard sidebar is expanded or collapsed.',
    duration: '7 days',
    kind: 'Preference',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <p>
        Penman uses one cookie to keep you signed in and one to remember a layout preference. It uses no tracking, analytics, advertising or
        third-party cookies, and no other storage in your browser to follow you.
      </p>
    ),
  },
  {
    id: 'list',
    title: 'The cookies',
    body: (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways on phones must be reachable by keyboard
      <section className="overflow-x-auto rounded-xl border" aria-label="Cookies Penman sets" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Purpose
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Lifetime
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Type
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <td className="px-4 py-3 align-top">
                  <code className="whitespace-nowrap">{cookie.name}</code>
                </td>
                <td className="px-4 py-3 align-top">{cookie.purpose}</td>
                <td className="px-4 py-3 align-top">{cookie.duration}</td>
                <td className="px-4 py-3 align-top">{cookie.kind}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    ),
  },
  {
    id: 'session',
    title: 'How the session cookie is protected',
    body: (
      <p>
        The session cookie is httpOnly, so scripts in the page cannot read it; SameSite=Lax, so other sites cannot use it to act for you;
        and Secure when Penman is served over HTTPS. It holds a random token, not your password or any mail.
      </p>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices',
    body: (
      <p>
        Because the session cookie is needed to sign in, Penman does not ask for cookie consent; you can still delete both cookies in your
        browser at any time. Without the session cookie you are signed out; without the preference cookie the sidebar opens expanded.
        Visiting the public pages without signing in sets no cookies at all.
      </p>
    ),
  },
];

export function CookiePolicy() {
  return <LegalDocument title="Cookie Policy" intro={<p>Which cookies Penman sets, why, and for how long.</p>} sections={SECTIONS} />;
}
