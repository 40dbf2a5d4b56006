import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldErrors as FormFieldErrors,
  type ErrorOption,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation, i18n } from './i18n';
import type { z } from 'zod';
import { isLang, DEFAULT_LANG, type Lang } from '../../shared/i18n';
import { issueMessage, validationText } from '../../shared/validation-texts';
import { fieldErrorsOf } from './form-errors';

/*
 * Forms from the shared schemas (issue 25, decision 048). A form validates with the same zod
 * schema the server validates its request with (src/shared/schemas), or with one derived from it
 * where the inputs hold strings the body holds as numbers; a refused value shows the text the
 * server would answer (src/shared/validation-texts.ts). The server's own field errors (a 422)
 * land under the same fields. This module and react-hook-form stay out of the order page's
 * first load: only lazily loaded pages import it.
 */

type Issue = z.core.$ZodRawIssue;

const WEB_TEXT = /^[\w-]+:[\w.]+$/;

/** The text an issue shows in `lang`: the server's text for the same issue. */
function issueText(lang: Lang, issue: Issue): string {
  const { code, input, message, ...params } = issue as Issue & { message?: string };
  const shown = issueMessage({ code, params, message, missing: input === undefined || input === null });
  return 'key' in shown ? validationText(lang, shown.key, shown.params) : messageText(lang, shown.text);
}

/** A refinement's message: a shared validation key, a web text named 'namespace:key', or a text already shown. */
function messageText(lang: Lang, message: string): string {
  if (WEB_TEXT.test(message)) return i18n.t(message);
  const shown = issueMessage({ code: 'custom', params: {}, message, missing: false });
  return 'key' in shown ? validationText(lang, shown.key, shown.params) : message;
}

function translateErrors(lang: Lang, errors: FormFieldErrors): void {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown; type?: unknown };
    if (typeof error.message === 'string' && typeof error.type === 'string') error.message = messageText(lang, error.message);
    else translateErrors(lang, value as FormFieldErrors);
  }
}

/** zodResolver with the API's texts: built-in issues through the error map, refinements' keys afterwards. */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  lang: Lang,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema as never, { error: (issue: Issue) => issueText(lang, issue) } as never) as unknown as Resolver<
    Input,
    unknown,
    Output
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateErrors(lang, result.errors);
    return result;
  };
}

/**
 * useForm validating with `schema`: errors show after the first Save, and editing a field
 * re-checks it (which also clears the server's error on it).
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  const { i18n: current } = useTranslation();
  const lang = isLang(current.language) ? current.language : DEFAULT_LANG;
  return useForm<Input, unknown, Output>({
    resolver: schemaResolver(schema, lang),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/** A form's setError, whatever its values (a field name from the server is checked by `shown`). */
export interface ServerErrorTarget {
  setError(name: never, error: ErrorOption, options?: { shouldFocus: boolean }): void;
}

/**
 * Puts a failed call's field errors (a 422's `errors`) under the form's fields; `shown` names the
 * fields the form shows (the others stay in the failure summary above the form).
 */
export function setServerErrors(form: ServerErrorTarget, error: unknown, shown: RegExp): void {
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    if (shown.test(field) && messages[0]) form.setError(field as never, { type: 'server', message: messages[0] }, { shouldFocus: false });
  }
}

/** The message of the error at a dotted path (`shifts.0.title`), if any. */
export function errorAt(errors: FormFieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The first message at or under a path (`allergens`, `allergens.2`), for a group of controls. */
export function firstErrorUnder(errors: FormFieldErrors, path: string): string | undefined {
  const first = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    for (const [key, child] of Object.entries(node))
      if (key !== 'ref') {
        const found = first(child);
        if (found) return found;
      }
    return undefined;
  };
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return first(node);
}

/** A registered control's props with its error. */
export type BoundField = UseFormRegisterReturn & { error?: string };

/** A registered control's props with its error, for TextField / CheckboxField: `<TextField {...field('title')} />`. */
export function fieldBinder<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>) {
  return (name: Path<V>): BoundField => ({ ...form.register(name), error: errorAt(form.formState.errors, name) });
}
