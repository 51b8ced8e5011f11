import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <p>
        These terms apply when you use Penman, the self-hosted AI email assistant, on this website or on an installation run by an operator.
        By creating an account, connecting a mailbox or joining the waitlist you accept them. If you use Penman on behalf of an
        organisation, you accept them for that organisation.
      </p>
    ),
  },
  {
    id: 'beta',
    title: 'Private beta',
    body: (
      <p>
        Penman is in private beta. Access is by invitation from the waitlist, it is free during the beta, and no credit card is needed.
        Features may change, and the beta may end; we will tell waitlist members and users before paid plans start, and early-bird pricing
        will apply to them.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account and mailboxes',
    body: (
      <ul>
        <li>Keep your password secret and tell the operator at once if you think someone else has used your account.</li>
        <li>
          Connect only mailboxes you are entitled to read and answer. When you connect one, you allow Penman to download its mail and to
          build contacts and a style profile from it.
        </li>
        <li>You remain responsible for everything sent from your mailboxes, including replies that Penman drafted and you approved.</li>
      </ul>
    ),
  },
  {
    id: 'drafts',
    title: 'AI drafts need your review',
    body: (
      <>
        <p>
          Penman drafts replies; it does not decide for you. Drafts can be wrong, incomplete or out of date, even at high accuracy. Read
          each draft before you approve it. Complex requests, such as discounts, are flagged for human review, but you decide what to
          promise.
        </p>
        <p>Penman does not give legal, financial, medical or other professional advice, and its drafts are not such advice.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>No spam, bulk unsolicited mail, phishing, or mail that impersonates someone else.</li>
        <li>No unlawful, harassing or infringing content, and no processing of data you have no right to process.</li>
        <li>No attempts to break, overload, or get around the security or rate limits of Penman or the mail providers it connects to.</li>
      </ul>
    ),
  },
  {
    id: 'data',
    title: 'Your data',
    body: (
      <p>
        Your mail, contacts, style profile and files remain yours. They are stored in the operator's own database and storage, used only to
        provide the service to you, and handled as described in the <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, trials and refunds',
    body: (
      <p>
        When paid plans start, each comes with a 30-day free trial with no credit card required; you can cancel anytime, and the first
        payment of a paid plan is covered by a 14-day money-back guarantee. Prices are shown per month on the pricing section of the home
        page. Enterprise terms are agreed separately.
      </p>
    ),
  },
  {
    id: 'warranty',
    title: 'No warranty and limited liability',
    body: (
      <p>
        Penman is provided as is, without warranties of any kind, to the extent the law allows. Neither we nor the operator are liable for
        indirect or consequential losses, or for messages you approved and sent. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending and changes',
    body: (
      <p>
        You can stop using Penman at any time and ask for your data to be deleted. An operator may suspend accounts that break these terms.
        We may update these terms; the date at the top shows the latest version, and continued use after a change means you accept it.
        Questions: use the Contact link at the bottom of this page.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>The rules for using Penman, written to be read. The short version: your mail stays yours, and you approve what gets sent.</p>
      }
      sections={SECTIONS}
    />
  );
}
