import { Link } from 'react-router';
import { LegalDocument } from '../components/ui/legal-document';
import { site } from '../site';

/** What we keep, why, and for how long: one entry per kind of data. */
const kept = [
  {
    what: 'Your account',
    why: 'To sign you in and give you the right answers and allowance. It holds your email address, your name, your password (stored only as a one-way hash, never as you typed it), the place whose law applies to you, your plan and your token balance.',
    howLong: 'Until you delete your account.',
  },
  {
    what: 'Your conversations with the assistant',
    why: 'So you can return to them and carry on where you left off.',
    howLong: 'Until you delete them, or your account.',
  },
  {
    what: 'Messages you send through the contact form',
    why: 'To answer you and follow up your matter.',
    howLong: 'Two years from your last message, unless you ask us to delete them sooner.',
  },
  {
    what: 'Your newsletter address',
    why: 'To send the newsletter you asked for, once you have confirmed the address.',
    howLong: 'Until you unsubscribe. An address that is never confirmed is deleted within 30 days.',
  },
  {
    what: 'Payment records',
    why: 'Accounting and tax. They hold the plan, the amount and the date; never your card number.',
    howLong: 'As long as tax law requires.',
  },
  {
    what: 'Server logs',
    why: 'Security and fixing faults. They hold your network address, the time and the page asked for; never the text of your messages.',
    howLong: '30 days.',
  },
];

export default function PrivacyPage() {
  const name = site.productName;
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="2026-11-22"
      summary={
        <p>
          We keep what we need to run {name} for you, for as long as you use it, and you can
          download or delete it yourself at any time. We do not sell your data or use it for
          advertising.
        </p>
      }
    >
      <h2>What we keep, and for how long</h2>
      <ul className="kept-list">
        {kept.map((item) => (
          <li key={item.what} className="kept-item">
            <h3 className="kept-what">{item.what}</h3>
            <dl>
              <dt>Why</dt>
              <dd>{item.why}</dd>
              <dt>How long</dt>
              <dd>{item.howLong}</dd>
            </dl>
          </li>
        ))}
      </ul>

      <h2>Who sees your conversations</h2>
      <p>
        Your conversations are tied to your account and shown to no one else. To write a reply, the
        text of your conversation is sent to the AI model we use, for that purpose only. Our staff
        do not read conversations unless you ask us to (for example in a support request) or the law
        requires it. Everything travels over an encrypted connection.
      </p>

      <h2>What the firm’s staff can see</h2>
      <p>
        When you use “Ask a lawyer”, the firm’s lawyers and staff see your question, the state and
        area of law you chose, how you want to be contacted (and your phone number if you chose a
        call), your email address, and the messages of that case. They can also write private notes
        on the case, which only staff read.
      </p>
      <p>
        They see a conversation with the assistant only if you tick “Share this conversation with
        the firm” when you ask (it is never ticked for you). A copy of the conversation up to that
        moment is then stored with your case; later messages are not shared. Each time a member of
        staff opens a shared conversation, who opened it and when is written to a log that cannot be
        changed. The people who run the site can see your account’s email, plan, token balance and
        activity, never your password or your conversations. Deleting your account deletes your
        cases, and “Download my data” includes them.
      </p>

      <h2>Who else handles your data</h2>
      <p>
        A small number of service providers handle data on our behalf: the provider of the AI model,
        our email service, and, if you buy a plan, our card payment provider, which handles your
        card details so that we never see them. Each may use the data only to provide its service to
        us.
      </p>

      <h2>Cookies</h2>
      <p>
        We use only the cookies that keep you signed in. There are no advertising or tracking
        cookies, and no page loads anything from another website.
      </p>

      <h2>Download or delete your data</h2>
      <ul>
        <li>
          <strong>Download:</strong> on your <Link to="/account">account page</Link>, choose
          “Download my data” for a copy of your account details and conversations.
        </li>
        <li>
          <strong>Delete a conversation:</strong> from the chat’s list of conversations.
        </li>
        <li>
          <strong>Delete everything:</strong> on your <Link to="/account">account page</Link>,
          choose “Delete my account”. Your account and conversations are deleted at once; copies in
          our backups are gone within 30 days. Payment records stay as long as tax law requires.
        </li>
        <li>
          <strong>Newsletter:</strong> every newsletter email has an unsubscribe link.
        </li>
        <li>
          <strong>Contact messages:</strong> <Link to="/contact">ask us</Link> and we delete them.
        </li>
      </ul>
      <p>
        Depending on where you live, you may have further rights, such as to correct your data or to
        complain to a data protection authority. Contact us to use them.
      </p>
    </LegalDocument>
  );
}
