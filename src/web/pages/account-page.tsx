import { DeleteAccountForm, SessionAndDataActions } from '../features/auth/account/account-actions';
import { PasswordForm } from '../features/auth/account/password-form';
import { ProfileForm } from '../features/auth/account/profile-form';
import { useAuth } from '../features/auth/auth-context';
import { BillingSection } from '../features/billing/billing-section';
import { RequireAuth } from '../features/auth/require-auth';

function initialsOf(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function Account() {
  const { user, session } = useAuth();
  if (!user) return null;
  return (
    <section className="page-section account-page" aria-labelledby="account-title">
      <div className="container account-container">
        <header className="account-header">
          <span className="account-avatar" aria-hidden="true">
            {initialsOf(user.name)}
          </span>
          <div>
            <h1 id="account-title">Your account</h1>
            <p className="account-identity mb-0">
              <span className="account-name">{user.name}</span>
              <span className="account-email">
                {user.email}
                {user.emailVerified && <span className="badge-verified">Verified</span>}
              </span>
            </p>
          </div>
        </header>
        <div className="card account-card">
          <div className="card-body">
            {/* Keyed by user id so a fresh account never shows another's unsaved fields. */}
            <ProfileForm key={user.id} user={user} />
          </div>
        </div>
        <div className="card account-card">
          <div className="card-body">
            <BillingSection key={user.id} session={session} />
          </div>
        </div>
        <div className="card account-card">
          <div className="card-body">
            <PasswordForm key={user.id} user={user} />
          </div>
        </div>
        <div className="card account-card">
          <div className="card-body">
            <SessionAndDataActions />
          </div>
        </div>
        <div className="card account-card account-card-danger">
          <div className="card-body">
            <DeleteAccountForm user={user} />
          </div>
        </div>
      </div>
    </section>
  );
}

export default function AccountPage() {
  return (
    <RequireAuth>
      <Account />
    </RequireAuth>
  );
}
