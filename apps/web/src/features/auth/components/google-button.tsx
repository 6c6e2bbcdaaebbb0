import type { LoginChallenge } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { googleConfigQueryOptions, googleLoginMutation } from '../../../api/auth';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { GooglePrefill } from '../google-prefill';
import { loadGoogleIdentity } from '../lib/google-identity';
import { useReturnPath } from '../use-return-path';
import './google-button.css';

const FAILURE = 'Erro ao realizar login com o Google.';

const GoogleLogo = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.3-.4-3.5Z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5Z"
    />
  </svg>
);

/**
 * 'Continuar com o Google': Google's own button (Identity Services, popup), rendered once its script
 * has loaded; until then our button stands in. A server without a Google client id shows nothing
 * (and loads no Google script): a button that can only fail is no use to anyone.
 */
export function GoogleButton({
  onChallenge,
  divider,
}: {
  onChallenge?: (challenge: LoginChallenge) => void;
  /** shown above the button, and only with it ('ou') */
  divider?: ReactNode;
} = {}) {
  const navigate = useNavigate();
  const back = useReturnPath();
  const config = useQuery(googleConfigQueryOptions());
  const login = useMutation(googleLoginMutation());
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const clientId = config.data?.clientId;

  // The latest handler, so Google's callback (registered once) never sees a stale closure.
  const onCredential = useRef<(credential: string) => void>(() => {});
  onCredential.current = (credential) =>
    login.mutate(credential, {
      onSuccess: (result) => {
        if ('user' in result) {
          navigate(back.destination, { replace: true });
          return;
        }
        if ('challenge' in result) {
          onChallenge?.(result);
          return;
        }
        const { email, name, photoURL, googleTicket } = result.registration;
        const prefill: GooglePrefill = { email, name, photoURL: photoURL ?? undefined, googleTicket };
        navigate(back.link('/register'), { state: prefill });
      },
      onError: (error) => toast.error(messageOf(error, FAILURE)),
    });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !slot.current) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => onCredential.current(response.credential),
          ux_mode: 'popup',
          auto_select: false,
        });
        google.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          locale: 'pt-BR',
          width: Math.min(400, Math.max(200, slot.current.clientWidth || 320)),
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  // Asked and answered 'none' (a failed question keeps the button: the sign-in may still work).
  if (config.isSuccess && !clientId) return null;
  const stillLoading = config.isPending || (Boolean(clientId) && state === 'loading');

  return (
    <div className="google-button" aria-busy={login.isPending || undefined}>
      {divider}
      <div ref={slot} className="google-button__slot" hidden={state !== 'ready'} />
      {state !== 'ready' && (
        <Button variant="secondary" fullWidth loading={stillLoading} onClick={() => toast.error(FAILURE)}>
          <GoogleLogo />
          Continuar com o Google
        </Button>
      )}
      {login.isPending && <p className="google-button__hint">Entrando com o Google...</p>}
    </div>
  );
}
