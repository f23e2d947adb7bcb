import { Link } from 'react-router';
import { LegalDocument } from '../components/ui/legal-document';
import { freeDailyTokens, trialDays } from '../../shared/plans';
import { site } from '../site';

export default function TermsPage() {
  const name = site.productName;
  return (
    <LegalDocument
      title="Terms of Use"
      updated="2026-11-22"
      summary={
        <p>
          These terms are the agreement between you and us when you use {name}. In short: the
          assistant is an AI that gives general legal information, not legal advice; use it
          lawfully; you can stop and delete your account at any time.
        </p>
      }
    >
      <h2>What {name} is</h2>
      <p>
        {name} is a website with an AI assistant that answers questions about the law in general
        terms, based on our legal guides, which are written from official sources. It is not a law
        firm’s advice service: see our <Link to="/disclaimer">disclaimer</Link>. Using it does not
        create a lawyer-client relationship.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Give a real email address and keep your password to yourself.</li>
        <li>One account is for one person. You are responsible for what is done with it.</li>
        <li>You must be old enough to make a binding agreement where you live.</li>
      </ul>

      <h2>Using the assistant fairly</h2>
      <p>Please do not:</p>
      <ul>
        <li>use {name} to break the law or to harm or harass anyone;</li>
        <li>try to get around the token limits, or share an account to do so;</li>
        <li>overload, probe or copy the service with automated tools;</li>
        <li>present the assistant’s answers to others as advice from a lawyer.</li>
      </ul>
      <p>
        We may suspend an account that does these things. We will tell you why, unless the law stops
        us.
      </p>

      <h2>Plans, tokens and payment</h2>
      <ul>
        <li>
          Use of the assistant is counted in tokens. The Free plan gives{' '}
          {freeDailyTokens.toLocaleString('en-US')} tokens a day; paid plans give what the{' '}
          <Link to="/pricing">pricing page</Link> says. Unused tokens do not carry over.
        </li>
        <li>
          Paid plans start with a {trialDays}-day trial, once per person. Unless you cancel before
          the trial ends, the plan’s price is charged at the end of the trial and then at the start
          of each period (month or year) until you cancel.
        </li>
        <li>
          You can cancel at any time from your account page. The plan stays active to the end of the
          period you paid for; we do not refund part-periods unless the law requires it.
        </li>
        <li>
          Premium’s unlimited tokens are subject to a fair-use limit that stops one account from
          degrading the service for everyone.
        </li>
        <li>
          If we change a price, we tell you by email at least 30 days before it applies to you.
        </li>
      </ul>

      <h2>Our content and yours</h2>
      <p>
        The guides and the site belong to us. You may use the answers you receive for your own
        purposes. What you write stays yours; you let us store and process it only to run the
        service for you, as our <Link to="/privacy">privacy policy</Link> explains.
      </p>

      <h2>Limits of our responsibility</h2>
      <p>
        We work to keep the guides accurate and the service running, but the assistant can be wrong
        and the service can be interrupted. To the extent the law allows, we are not responsible for
        decisions you make on the basis of the assistant’s answers, and our total responsibility to
        you is limited to what you paid us in the previous twelve months. Nothing in these terms
        takes away rights you have by law as a consumer.
      </p>

      <h2>Ending the agreement, and changes</h2>
      <p>
        You can stop using {name} and delete your account at any time from your account page. If we
        change these terms in a way that matters, we tell you by email and on this page before the
        change applies; if you do not agree, you can delete your account.
      </p>
    </LegalDocument>
  );
}
