import { LegalDocument, type LegalSection } from './legal-document.tsx';

const COOKIE_FIELDS = ['Name', 'Purpose', 'Lifetime', 'Type'] as const;

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
      <>
        {/* From sm up a table; on a phone one card per cookie, so no column is cut at the screen's edge. */}
        <section className="hidden overflow-hidden rounded-xl border sm:block" aria-label="Cookies Penman sets">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {COOKIE_FIELDS.map((field) => (
                  <th key={field} scope="col" className="px-4 py-3 font-semibold">
                    {field}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {COOKIES.map((cookie) => (
                <tr key={cookie.name}>
                  <td className="px-4 py-3 align-top">
                    <code className="break-all">{cookie.name}</code>
                  </td>
                  <td className="px-4 py-3 align-top">{cookie.purpose}</td>
                  <td className="px-4 py-3 align-top">{cookie.duration}</td>
                  <td className="px-4 py-3 align-top">{cookie.kind}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {/* list-none! and pl-0!: the document styles every ul as a bulleted list. */}
        <ul className="grid list-none! gap-3 pl-0! sm:hidden" aria-label="Cookies Penman sets">
          {COOKIES.map((cookie) => (
            <li key={cookie.name} className="rounded-xl border p-4 pl-4! text-sm">
              <code className="font-semibold break-all">{cookie.name}</code>
              <dl className="mt-2 grid gap-2">
                {(
                  [
                    [COOKIE_FIELDS[1], cookie.purpose],
                    [COOKIE_FIELDS[2], cookie.duration],
                    [COOKIE_FIELDS[3], cookie.kind],
                  ] as const
                ).map(([field, value]) => (
                  <div key={field}>
                    <dt className="text-xs font-semibold text-slate-500">{field}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </>
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
