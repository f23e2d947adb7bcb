import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tokensMessages } from '../../shared/tokens';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { createBillingApi } from '../features/billing/billing-api';
import { CheckoutReturnStatus } from '../features/billing/checkout-return-status';
import { useCheckoutReturn } from '../features/billing/use-checkout-return';
import { ChatScreen, type ChatScreenHandle } from '../features/chat/chat-screen';

/** The checkout session to confirm, when the person has just come back from paying. */
function checkoutSessionOf(params: URLSearchParams): string | null {
  return params.get('checkout') === 'success' ? params.get('session_id') || null : null;
}

/**
 * The chat, for the signed-in person; `?ask=` (from a guide page) fills in the question,
 * `?conversation=` (a link the person kept) opens that conversation, and
 * `?checkout=success&session_id=` (back from paying) confirms the new plan.
 */
function Chat() {
  const { user, session } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ask = (params.get('ask') ?? '').slice(0, 8000);
  // Read once: clearing the address bar afterwards must not start confirming again.
  const [checkoutSession] = useState(() => checkoutSessionOf(params));
  // Read once, then taken out of the address bar so a reload starts a new chat.
  const [conversation] = useState(() => params.get('conversation'));
  const chat = useRef<ChatScreenHandle>(null);
  const billing = useMemo(() => createBillingApi(session), [session]);

  const checkout = useCheckoutReturn({
    sessionId: checkoutSession,
    api: billing,
    onConfirmed: () => chat.current?.startOver(),
    onSettled: () => void navigate('/chatbot', { replace: true }),
  });

  useEffect(() => {
    if (conversation === null) return;
    const rest = new URLSearchParams(window.location.search);
    rest.delete('conversation');
    const query = rest.toString();
    void navigate(`/chatbot${query ? `?${query}` : ''}`, { replace: true });
  }, [conversation, navigate]);

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
      ref={chat}
      session={session}
      user={user}
      initialAsk={ask}
      initialConversation={conversation}
      onOutOfTokens={outOfTokens}
      onSignOut={signOut}
      status={
        checkout.state.phase === 'idle' ? null : (
          <CheckoutReturnStatus state={checkout.state} onDismiss={checkout.dismiss} />
        )
      }
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
