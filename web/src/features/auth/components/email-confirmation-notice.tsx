import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';

/** For a signed-in user whose address is not confirmed yet: say so, and mail the link again. */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const failure = await authFailureOf(() => authClient.sendVerificationEmail({ email }));
    setSending(false);
    if (failure) toast.error(failure);
    else toast.success(`We mailed a new confirmation link to ${email}.`);
  };
  return (
    <div role="status" className="alert alert-warning mb-6 flex flex-wrap items-center gap-3">
      <span className="flex-1">
        Your email address is not confirmed yet. Open the link we mailed you (it works for one
        hour).
      </span>
      <button type="button" className="btn btn-sm" disabled={sending} onClick={resend}>
        {sending ? 'Sending…' : 'Send the link again'}
      </button>
    </div>
  );
}
