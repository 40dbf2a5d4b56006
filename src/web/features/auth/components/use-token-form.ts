import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import type { MaybeTokenAnswer } from '../api';
import { splitFailure } from './form-failure';
import { isTokenFailure } from './link-check';
import { isApiError } from '../../../lib/api';

interface TokenFormOptions<F extends string, A> {
  /** The form's fields, in the order they are shown; errors for others go above the form. */
  fields: readonly F[];
  initial: Record<F, string>;
  /** The link's token, sent with the values. */
  token: string;
  send: (input: Record<F, string> & { token: string }) => Promise<A | undefined>;
  onDone: (answer: A) => void;
  /** A failure keyed `token` means the link is dead (create-password, invite sign-up). */
  watchLink?: boolean;
}

/**
 * State of the forms behind e-mailed and shared links (password reset, password creation,
 * invitation sign-up): values, per-field server errors cleared on edit, the message above the
 * form, the dead-link state, and the submit.
 */
export function useTokenForm<F extends string, A>(opts: TokenFormOptions<F, A>) {
  const [values, setValues] = useState(opts.initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  /** The server's words for why the link is dead (revoked, expired, used), when it gave them. */
  const [deadLinkMessage, setDeadLinkMessage] = useState<string | null>(null);
  const fields = useFieldErrors();

  const mutation = useMutation({
    mutationFn: opts.send,
    onSuccess: (answer) => {
      if (answer !== undefined) opts.onDone(answer); // undefined: 429, ignored (spec 7)
    },
    onError: (e) => {
      if (opts.watchLink && isTokenFailure(e)) {
        setDeadLink(true);
        setDeadLinkMessage(isApiError(e) ? (e.errors.token?.[0] ?? null) : null);
        return;
      }
      const { fieldErrors, message } = splitFailure(e, opts.fields);
      fields.setErrors(fieldErrors);
      setFailure(message);
    },
  });

  const set = (name: F) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    fields.clear(name);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    mutation.mutate({ ...values, token: opts.token });
  };

  return { values, set, submit, failure, deadLink, deadLinkMessage, fields, pending: mutation.isPending };
}

/** After a link form: signed in when the answer carries a token, else on to the login page. */
export function useSignInOrLogin() {
  const navigate = useNavigate();
  const setToken = useSession((s) => s.setToken);
  return (answer: MaybeTokenAnswer) => {
    if (typeof answer.token === 'string' && answer.token) {
      setToken(answer.token);
      navigate('/', { replace: true });
    } else {
      navigate('/login', { replace: true });
    }
  };
}
