import { Link } from 'react-router';
import { FaqList, type FaqItem } from '../components/ui/faq-list';
import { formatMoney } from '../../shared/money';
import { describeAllowance, describeInterval, plansFor, trialDays } from '../../shared/plans';
import { useVisitorStatus } from './use-visitor-status';

/** The spec's banner; its markup and the Get Started Free link stay as they are. */
function Hero() {
  const signedIn = useVisitorStatus() === 'signed-in';
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div className="row">
          <div className="col-lg-8">
            <p className="hero-eyebrow">Legal help, in plain language</p>
            <h1 id="hero-title" className="hero-title">
              Legal help from a firm of reliable and experienced lawyers, starting with a clear
              answer
            </h1>
            <p className="hero-lead">
              Ask your legal question and get clear legal information in minutes from our AI
              assistant, built on our <Link to="/guides">legal guides</Link>: written in plain
              language from official sources, each dated. No lawyer reads the assistant’s answers:
              see <Link to="/accuracy">how often they are right</Link>. When you need advice on your
              own case, we put you in touch with a human lawyer.
            </p>
            <div className="hero-actions">
              <Link className="btn btn-accent btn-lg" to={signedIn ? '/chatbot' : '/login'}>
                Get Started Free
              </Link>
            </div>
            <p className="hero-note">
              The assistant is an AI. It gives general legal information, not legal advice.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

const steps = [
  {
    title: 'Create a free account',
    text: 'Sign up with your email address. The Free plan gives you 25,000 tokens a day, with no card needed.',
  },
  {
    title: 'Ask in your own words',
    text: 'Describe your situation as you would to a friend, and tell the assistant where you live: the law differs from place to place.',
  },
  {
    title: 'Read, check, decide',
    text: 'You get a plain-language answer with citations to the guides it is based on. Ask follow-up questions, and if your matter needs a lawyer, contact our firm.',
  },
];

function HowItWorks() {
  return (
    <section className="page-section" aria-labelledby="how-heading">
      <div className="container">
        <div className="section-intro">
          <h2 id="how-heading" className="section-title">
            How it works
          </h2>
          <p className="section-lead">Three steps from a legal worry to a clearer picture.</p>
        </div>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step.title} className="step">
              <h3 className="step-title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const areas = [
  {
    id: 'renting',
    title: 'Housing and renting',
    text: 'Deposits, repairs, breaking a lease, housing discrimination and eviction.',
  },
  {
    id: 'employment',
    title: 'Work and employment',
    text: 'Unpaid wages, overtime, leave, discrimination, non-competes and being fired.',
  },
  {
    id: 'family',
    title: 'Family',
    text: 'Divorce, child custody, child support and protective orders.',
  },
  {
    id: 'consumer',
    title: 'Consumer rights and debt',
    text: 'Debt collectors, credit report errors, refunds, identity theft and scams.',
  },
  {
    id: 'small-business',
    title: 'Small business',
    text: 'Choosing a business structure, contracts with clients, unpaid invoices.',
  },
  {
    id: 'wills-estates',
    title: 'Wills and estates',
    text: 'Making a will, powers of attorney, executors, and dying without a will.',
  },
];

function AreasOfLaw() {
  return (
    <section className="page-section page-section-alt" aria-labelledby="areas-heading">
      <div className="container">
        <div className="section-intro">
          <h2 id="areas-heading" className="section-title">
            Areas of law we cover
          </h2>
          <p className="section-lead">
            The everyday matters people most often need to understand, with courts, traffic,
            immigration and the police besides. For anything else, ask anyway: the assistant says
            plainly when a question is outside what our guides cover.
          </p>
        </div>
        <ul className="area-grid">
          {areas.map((area) => (
            <li key={area.title} className="area">
              <h3 className="area-title">
                <Link to={`/guides#${area.id}`}>{area.title}</Link>
              </h3>
              <p>{area.text}</p>
            </li>
          ))}
        </ul>
        <p className="text-center mt-4 mb-0">
          <Link className="btn btn-outline-primary" to="/guides">
            Browse all legal guides
          </Link>
        </p>
      </div>
    </section>
  );
}

function WhatItIs() {
  return (
    <section className="page-section" aria-labelledby="what-heading">
      <div className="container">
        <div className="section-intro">
          <h2 id="what-heading" className="section-title">
            What the assistant is, and what it is not
          </h2>
          <p className="section-lead">
            Knowing the limits of a tool is part of using it well. Here they are, in plain words.
          </p>
        </div>
        <div className="row g-4">
          <div className="col-md-6">
            <div className="fact-card">
              <h3 className="fact-title">It is</h3>
              <ul>
                <li>An AI assistant that explains how the law generally works.</li>
                <li>
                  Based on our legal guides, written from official sources and dated, which it
                  cites.
                </li>
                <li>Aware of where you live, and says when the rules differ between places.</li>
                <li>Available at any hour, for as many follow-up questions as your plan allows.</li>
              </ul>
            </div>
          </div>
          <div className="col-md-6">
            <div className="fact-card is-limits">
              <h3 className="fact-title">It is not</h3>
              <ul>
                <li>A lawyer. It gives general legal information, not legal advice.</li>
                <li>A lawyer-client relationship: using it does not make you our client.</li>
                <li>
                  Always right. It can make mistakes, so check what matters against its sources.
                </li>
                <li>Able to act for you: it cannot file papers, meet deadlines or go to court.</li>
              </ul>
            </div>
          </div>
        </div>
        <div className="human-lawyer">
          <h3 className="fact-title">When to talk to a human lawyer</h3>
          <p>
            Talk to a lawyer when you have a court date or a legal deadline, when you have been
            served with papers, arrested or charged, when a lot of money or your home is at stake,
            or before you sign something you cannot undo. If you are in danger, call your local
            emergency number first.
          </p>
          <p>
            To reach our firm, <Link to="/contact">send us a message through the contact page</Link>{' '}
            with a short description of your matter. A member of our team replies by email. Any work
            a lawyer does for you is agreed with you, including its cost, before it starts.
          </p>
        </div>
      </div>
    </section>
  );
}

function Privacy() {
  return (
    <section className="page-section page-section-alt" aria-labelledby="privacy-heading">
      <div className="container">
        <div className="row g-4 align-items-start">
          <div className="col-lg-5">
            <h2 id="privacy-heading" className="section-title">
              Your conversations stay private
            </h2>
            <p className="section-lead">
              A legal question can be personal. We treat what you tell the assistant that way.
            </p>
          </div>
          <div className="col-lg-7">
            <ul className="check-list">
              <li>
                Your conversations are tied to your account and shown to no one else. They travel
                over an encrypted connection.
              </li>
              <li>
                Your messages are sent to the AI model that writes the replies, for that purpose
                only. We do not sell your data or use it for advertising.
              </li>
              <li>
                Our staff do not read your conversations unless you ask us to, for example in a
                support request, or the law requires it.
              </li>
              <li>
                You can delete any conversation, download a copy of your data, or delete your whole
                account, at any time, from your account page.
              </li>
            </ul>
            <p>
              The details are in our <Link to="/privacy">privacy policy</Link>.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

const faq: FaqItem[] = [
  {
    question: 'Is this legal advice?',
    answer: (
      <p>
        No. The assistant gives general legal information: how the law usually works and what your
        options may be. Legal advice applies the law to the full facts of your situation, and only a
        lawyer can give it. Using the assistant does not create a lawyer-client relationship.
      </p>
    ),
  },
  {
    question: 'Is it really free?',
    answer: (
      <p>
        Yes. The Free plan gives you 25,000 tokens of the assistant every day, renewed daily, with
        no card and no time limit. Paid plans give more, for people who use it a lot.
      </p>
    ),
  },
  {
    question: 'Where do the answers come from?',
    answer: (
      <p>
        From our <Link to="/guides">legal guides</Link> on each area of law, written in plain
        language from official sources (statutes, courts and government agencies), each with the
        date it was last reviewed and the sources it relies on. The assistant cites the guides it
        used in each answer, so you can read them, and their sources, yourself.
      </p>
    ),
  },
  {
    question: 'Does it know the law where I live?',
    answer: (
      <p>
        Tell it your country, and your state or province where the law differs within a country, and
        it takes that into account. Where our guides do not cover your place, it says so rather than
        guessing.
      </p>
    ),
  },
  {
    question: 'Can I talk to a real lawyer?',
    answer: (
      <p>
        Yes. <Link to="/contact">Contact our firm</Link> with a short description of your matter and
        we reply by email. A lawyer’s work for you is a separate service, agreed with you before it
        starts.
      </p>
    ),
  },
  {
    question: 'Who can see my conversations?',
    answer: (
      <p>
        Only you, through your account. They are processed by the AI model that writes the replies
        and stored so you can come back to them. You can delete them whenever you like. See our{' '}
        <Link to="/privacy">privacy policy</Link>.
      </p>
    ),
  },
];

function HomeFaq() {
  return (
    <section className="page-section" aria-labelledby="faq-heading">
      <div className="container narrow">
        <h2 id="faq-heading" className="section-title text-center">
          Frequently asked questions
        </h2>
        <FaqList items={faq} />
      </div>
    </section>
  );
}

function PricingSummary() {
  return (
    <section className="page-section page-section-alt" aria-labelledby="plans-summary-heading">
      <div className="container">
        <div className="section-intro">
          <h2 id="plans-summary-heading" className="section-title">
            Simple plans
          </h2>
          <p className="section-lead">
            Start free. Paid plans come with a {trialDays}-day trial, and you can cancel anytime.
          </p>
        </div>
        <ul className="plan-summary">
          {plansFor('month').map((plan) => (
            <li key={plan.id} className="plan-summary-item">
              <h3 className="plan-summary-name">{plan.name}</h3>
              <p className="plan-summary-price">
                <span className="plan-amount">{formatMoney(plan.priceCents)}</span>{' '}
                {describeInterval(plan.interval)}
              </p>
              <p>{describeAllowance(plan.allowance)}</p>
            </li>
          ))}
        </ul>
        <p className="text-center">
          <Link className="btn btn-outline-primary" to="/pricing">
            Compare plans and yearly prices
          </Link>
        </p>
      </div>
    </section>
  );
}

function ClosingCall() {
  const signedIn = useVisitorStatus() === 'signed-in';
  return (
    <section className="closing-call" aria-labelledby="closing-heading">
      <div className="container">
        <h2 id="closing-heading" className="closing-title">
          Understand where you stand, today
        </h2>
        <p className="closing-lead">
          Ask your first question free, and know when it is time to bring in a lawyer.
        </p>
        <div className="hero-actions justify-content-center">
          {signedIn ? (
            <Link className="btn btn-accent btn-lg" to="/chatbot">
              Ask the assistant
            </Link>
          ) : (
            <Link className="btn btn-accent btn-lg" to="/signUp">
              Create a free account
            </Link>
          )}
          <Link className="btn btn-outline-light btn-lg" to="/contact">
            Contact a lawyer
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The landing page: the banner, then what a visitor needs to decide whether to trust us. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <AreasOfLaw />
      <WhatItIs />
      <Privacy />
      <HomeFaq />
      <PricingSummary />
      <ClosingCall />
    </>
  );
}
