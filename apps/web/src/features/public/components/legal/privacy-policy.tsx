import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <>
        <p>
          Penman is software that an organisation or a person installs and runs on their own server: the <strong>operator</strong>. The
          operator decides who gets an account and is responsible for the personal data their installation processes. If you use an
          installation someone else runs, direct privacy questions to them; they can see and manage everything described here.
        </p>
        <p>
          The Penman project itself receives nothing from installations: there is no telemetry, no usage reporting and no connection back to
          us. The only data we hold ourselves is what you send through this website's waitlist and contact forms (section 7).
        </p>
      </>
    ),
  },
  {
    id: 'what',
    title: 'What Penman stores',
    body: (
      <>
        <p>To draft replies in your voice, an installation stores:</p>
        <ul>
          <li>
            <strong>Your account</strong>: name, email address, a one-way hash of your password, and your sessions (with the IP address and
            browser they were started from).
          </li>
          <li>
            <strong>Mailbox connections</strong>: each connected address, its provider and server settings, and the password or OAuth
            refresh token Penman uses to read it.
          </li>
          <li>
            <strong>Mail</strong>: the emails downloaded from your connected mailboxes, including senders, recipients, subjects, bodies and
            attachments.
          </li>
          <li>
            <strong>Contacts</strong>: a contact book built from your mail, with statistics such as how often and how quickly you
            correspond.
          </li>
          <li>
            <strong>Style profile</strong>: a description of how you write (greetings, sign-offs, tone, typical phrases) learned from your
            sent mail, and the drafts it produced with your edits, approvals and rejections.
          </li>
          <li>
            <strong>Files</strong>: the knowledge documents and attachment files you upload, and the text extracted from them.
          </li>
        </ul>
        <p>Penman does not sell, rent or share this data, does not use it for advertising, and does not train shared models on it.</p>
      </>
    ),
  },
  {
    id: 'where',
    title: 'Where it is kept',
    body: (
      <>
        <p>
          Everything stays on infrastructure the operator controls: the database rows in the operator's own <strong>PostgreSQL</strong>{' '}
          database, and uploaded files on the server's <strong>disk</strong> (or in S3-compatible storage the operator chooses). Nothing is
          copied to a Penman-run service.
        </p>
        <p>
          Drafts are written by a built-in engine that runs inside the installation. If the operator connects a language model endpoint (for
          example a self-hosted model or an external AI provider), the text of the email being answered and the relevant parts of your style
          profile and knowledge base are sent to that endpoint to draft the reply. Ask your operator which endpoint, if any, is configured.
        </p>
        <p>
          When you connect Gmail, Penman asks Google for read-only access to your mail. Sending and saving drafts happen only when you
          approve a reply.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How it is protected',
    body: (
      <ul>
        <li>
          Mailbox passwords and OAuth refresh tokens are encrypted at rest with <strong>AES-256-GCM</strong>, under a key derived from the
          installation's secret, which never leaves the server and is never logged.
        </li>
        <li>Account passwords are stored only as salted one-way hashes.</li>
        <li>
          Sessions use an httpOnly cookie that scripts cannot read; sign-in attempts are rate-limited, and every data request is checked
          against the signed-in user, so one user can never read another user's mail.
        </li>
        <li>Operators are expected to serve Penman over HTTPS and to back up and protect the server it runs on.</li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Penman uses a session cookie to keep you signed in, and one preference cookie for the dashboard sidebar. There are no tracking,
        analytics or advertising cookies. The <Link to="/cookie-policy">Cookie Policy</Link> lists them.
      </p>
    ),
  },
  {
    id: 'export-delete',
    title: 'Exporting and deleting your data',
    body: (
      <>
        <p>
          <strong>Export.</strong> Your mail itself stays in your mailbox: Penman downloads a copy and never deletes anything there. For a
          copy of what Penman derived from it (contacts, style profile, drafts, files), ask the operator: all of it lives in one PostgreSQL
          database and one data folder, which they can export with standard tools such as <code>pg_dump</code>.
        </p>
        <p>
          <strong>Delete.</strong> Removing an email account under Dashboard, Email Accounts (after typing the confirmation) deletes its
          downloaded emails, its knowledge documents and attachment files, its ignored senders and its style profile. Disconnecting Gmail
          does not revoke Penman's access at Google by itself: also remove Penman from your Google account's third-party access page. To
          delete your whole user account and everything linked to it, ask the operator; deleted data is gone once removed from their
          backups.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long data is kept',
    body: (
      <p>
        Data is kept while your account and your connected mailboxes exist, and is deleted as described above. Sessions expire after 30 days
        without use. Waitlist entries and contact messages are kept until the beta ends or you ask us to remove them.
      </p>
    ),
  },
  {
    id: 'website',
    title: 'This website: waitlist and contact',
    body: (
      <>
        <p>
          When you join the waitlist we store your name, email address, how you heard about us, and the IP address the request came from (to
          stop abuse). When you use the contact form we store your name, email address, subject and message, and may forward them to the
          form service we use to read them. We use this only to reply to you and to invite you to the beta.
        </p>
        <p>To be removed from the waitlist or to have a message deleted, write to us through the contact form.</p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights and changes',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal data, and to object to its
        processing; ask the operator of your installation, or us for this website. If this policy changes, the date at the top changes with
        it.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Penman reads your mail so that it can answer it in your voice. That makes privacy the first feature, not a footnote: this page
          explains what is stored, where, how it is protected, and how to take it out or delete it.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
