import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';

function SignedInWelcome() {
  const { user, session } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    await session.signOut();
    void navigate('/');
  }

  return (
    <section className="page-section" aria-labelledby="chatbot-title">
      <div className="container narrow">
        <p className="chat-eyebrow">Chat</p>
        <h1 id="chatbot-title" className="chat-welcome">
          Hello, {user?.name}
        </h1>
        <p>
          You are signed in as <strong>{user?.email}</strong>. The chat assistant opens here soon.
        </p>
        <div className="d-flex flex-wrap gap-2 mt-4">
          <Link className="btn btn-primary" to="/account">
            Your account
          </Link>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => void signOut()}
            disabled={busy}
          >
            Sign out
          </button>
        </div>
      </div>
    </section>
  );
}

export default function ChatbotPage() {
  return (
    <RequireAuth>
      <SignedInWelcome />
    </RequireAuth>
  );
}
