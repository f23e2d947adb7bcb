import { Link } from 'react-router';
import { LegalDocument } from '../components/ui/legal-document';
import { site } from '../site';

export default function DisclaimerPage() {
  const name = site.productName;
  return (
    <LegalDocument
      title="Disclaimer"
      updated="2026-11-22"
      summary={
        <p>
          {name}’s assistant is an AI. It gives general legal information, not legal advice, and
          using it does not make you a client of our firm.
        </p>
      }
    >
      <h2>The assistant is an AI</h2>
      <p>
        The answers in the chat are written by an artificial intelligence, not by a person. The
        assistant draws on our legal guides, written from official sources and each dated, and cites
        the ones it used, but no lawyer reads your question or checks the answer before you see it.
      </p>

      <h2>Information, not advice</h2>
      <p>
        Legal information explains how the law generally works. Legal advice applies the law to the
        full facts of one person’s situation and recommends what that person should do. The
        assistant gives information only. Do not rely on it alone for a decision that matters: check
        its sources, and talk to a lawyer about your own case.
      </p>

      <h2>No lawyer-client relationship</h2>
      <p>
        Using the assistant, creating an account, paying for a plan or sending us a message does not
        create a lawyer-client relationship between you and our firm or any of our lawyers. That
        relationship starts only when a lawyer agrees in writing to act for you. Until then, please
        do not send us confidential details of your matter.
      </p>

      <h2>Answers can be wrong or out of date</h2>
      <p>
        The law changes, differs from place to place, and depends on details. The assistant can
        misunderstand a question, miss an exception, or state something that is simply wrong. Each
        guide shows when it was last reviewed. Where the assistant has no guide for your place or
        topic, it should say so; treat any answer without a citation with extra care.
      </p>

      <h2>When to talk to a lawyer instead</h2>
      <ul>
        <li>You have a court date, a hearing or a legal deadline.</li>
        <li>You have been served with court papers, arrested or charged.</li>
        <li>A lot of money, your home, your job or your children are at stake.</li>
        <li>You are about to sign something you cannot undo.</li>
      </ul>
      <p>
        You can reach our firm through the <Link to="/contact">contact page</Link>. If you are in
        danger, call your local emergency number: neither the assistant nor our contact form is
        watched around the clock.
      </p>
    </LegalDocument>
  );
}
