import { Link } from 'react-router';

export default function HomePage() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div className="row">
          <div className="col-lg-8">
            <p className="hero-eyebrow">Legal help, in plain language</p>
            <h1 id="hero-title" className="hero-title">
              Reliable and experienced lawyers, behind every answer you get
            </h1>
            <p className="hero-lead">
              Ask your legal question and get clear legal information in minutes from our AI
              assistant, built on guides written and reviewed by our lawyers. When you need advice
              on your own case, we put you in touch with a human lawyer.
            </p>
            <div className="hero-actions">
              <Link className="btn btn-accent btn-lg" to="/login">
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
