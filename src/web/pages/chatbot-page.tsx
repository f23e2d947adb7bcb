import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tokensMessages } from '../../shared/tokens';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { ChatScreen } from '../features/chat/chat-screen';

/** The chat, for the signed-in person; `?ask=` (from a guide page) fills in the question. */
function Chat() {
  const { user, session } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ask = (params.get('ask') ?? '').slice(0, 8000);

  // The spec's zero-balance behaviour: the alert, then the pricing page.
  const outOfTokens = useCallback(() => {
    window.alert(tokensMessages.insufficient);
    void navigate('/pricing');
  }, [navigate]);

  const signOut = useCallback(() => {
    void session.signOut().then(() => navigate('/'));
  }, [session, navigate]);

  if (!user) return null;
  return (
    <ChatScreen
      session={session}
      user={user}
      initialAsk={ask}
      onOutOfTokens={outOfTokens}
      onSignOut={signOut}
    />
  );
}

export default function ChatbotPage() {
  return (
    <RequireAuth>
      <Chat />
    </RequireAuth>
  );
}
