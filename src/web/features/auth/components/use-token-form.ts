import { useMutation } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useSession } from '../../../lib/session-store';
import type { MaybeTokenAnswer } from '../api';
import { splitFailure } from './form-failure';
import { isTokenFailure } from './link-check';
import { isApiError } from '../../../lib/api';

interface TokenFormOptions<F extends string, Out, A> {
  /** The request's schema (src/shared/schemas/auth.ts): the form validates with it, the link's token added. */
  schema: z.ZodType<Out>;
  /** The form's fields, in the order they are shown; errors for others go above the form. */
  fields: readonly F[];
  initial: Record<F, string>;
  /** The link's token, sent with the values. */
  token: string;
  send: (input: Out) => Promise<A | undefined>;
  onDone: (answer: A) => void;
  /** A failure keyed `token` means the link is dead (create-password, invite sign-up). */
  watchLink?: boolean;
}

/**
 * The forms behind e-mailed and shared links (password reset, password creation, invitation
 * sign-up), on react-hook-form with the request's schema (decision 048): values refused in the
 * browser show the server's text under their field and nothing is sent; the server's field
 * errors land under theirs, cleared on edit; the message above the form, the dead-link state,
 * and the submit.
 */
export function useTokenForm<F extends string, Out, A>(opts: TokenFormOptions<F, Out, A>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  /** The server's words for why the link is dead (revoked, expired, used), when it gave them. */
  const [deadLinkMessage, setDeadLinkMessage] = useState<string | null>(null);
  const { schema, token } = opts;
  const formSchema = useMemo(
    () =>
      z
        .custom<Record<F, string>>()
        .transform((values) => ({ ...values, token }))
        .pipe(schema as unknown as z.ZodType<Out, Awaited<Record<F, string> & { token: string }>>),
    [schema, token],
  );
  const form = useSchemaForm(formSchema, { defaultValues: opts.initial as DefaultValues<Record<F, string>> });
  const shown = new RegExp(`^(${opts.fields.join('|')})$`);

  /** The link itself is refused (by the schema or the server): dead when watched, else said above the form. */
  const linkRefused = (message: string | null) => {
    if (opts.watchLink) {
      setDeadLink(true);
      setDeadLinkMessage(message);
    } else setFailure(message);
  };

  const mutation = useMutation({
    mutationFn: opts.send,
    onSuccess: (answer) => {
      if (answer !== undefined) opts.onDone(answer); // undefined: 429, ignored (spec 7)
    },
    onError: (e) => {
      if (opts.watchLink && isTokenFailure(e)) return linkRefused(isApiError(e) ? (e.errors.token?.[0] ?? null) : null);
      setServerErrors(form, e, shown);
      setFailure(splitFailure(e, opts.fields).message);
    },
  });

  const submit = (e: FormEvent) => {
    setFailure(null);
    void form.handleSubmit(
      (input) => {
        if (!mutation.isPending) mutation.mutate(input);
      },
      (errors) => {
        const refused = (errors as FieldValues).token as { message?: string } | undefined;
        if (refused) linkRefused(refused.message ?? null);
      },
    )(e);
  };

  return { field: fieldBinder(form), submit, failure, deadLink, deadLinkMessage, pending: mutation.isPending };
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
