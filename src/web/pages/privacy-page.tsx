import { Link } from 'react-router';
import { LegalDocument } from '../components/ui/legal-document';
import { site } from '../site';

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
      <div className="legal-table-scroll" tabIndex={0} role="region" aria-labelledby="kept-caption">
        <table className="legal-table">
          <caption id="kept-caption">The data we keep</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Why</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                Your account: email address, name, password (stored only as a one-way hash), the
                place whose law applies to you, your plan and token balance
              </th>
              <td>To sign you in and give you the right answers and allowance</td>
              <td>Until you delete your account</td>
            </tr>
            <tr>
              <th scope="row">Your conversations with the assistant</th>
              <td>So you can return to them</td>
              <td>Until you delete them, or your account</td>
            </tr>
            <tr>
              <th scope="row">Messages you send through the contact form</th>
              <td>To answer you and follow up your matter</td>
              <td>Two years from your last message, unless you ask us to delete them sooner</td>
            </tr>
            <tr>
              <th scope="row">Your newsletter address</th>
              <td>To send the newsletter you asked for</td>
              <td>
                Until you unsubscribe; an address that is never confirmed is deleted within 30 days
              </td>
            </tr>
            <tr>
              <th scope="row">Payment records (plan, amount, date; never your card number)</th>
              <td>Accounting and tax</td>
              <td>As long as tax law requires</td>
            </tr>
            <tr>
              <th scope="row">Server logs (address, time, page asked for; never message text)</th>
              <td>Security and fixing faults</td>
              <td>30 days</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>Who sees your conversations</h2>
      <p>
        Your conversations are tied to your account and shown to no one else. To write a reply, the
        text of your conversation is sent to the AI model we use, for that purpose only. Our staff
        do not read conversations unless you ask us to (for example in a support request) or the law
        requires it. Everything travels over an encrypted connection.
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
