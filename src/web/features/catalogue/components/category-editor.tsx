import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateCategoryInput } from '../../../../shared/schemas/catalogue';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { useFieldErrors } from '../../../lib/form-errors';
import { catalogueApi, type Category } from '../api';
import { textDraftOf, textInputOf, type TextDraft, type TextLang } from '../../../lib/translated-text';
import { TranslatedFields } from './translated-fields';
import { NAME_MAX, TITLE_MAX } from '../../../../shared/limits';

interface CategoryEditorProps {
  /** null: a new category. */
  category: Category | null;
  onClose(): void;
  onSaved(category: Category): void;
}

const SHOWN = /^(title(\.|$)|group_name$|position$|status$|simple$)/;

/** Create or edit a category: title per language, group, flags, and position (editing only). */
export function CategoryEditor({ category, onClose, onSaved }: CategoryEditorProps) {
  const { t } = useTranslation('catalogue');
  const formId = useId();
  const [title, setTitle] = useState<TextDraft>(textDraftOf(category?.title));
  const [groupName, setGroupName] = useState(category?.group_name ?? '');
  const [simple, setSimple] = useState(category?.simple ?? false);
  const [status, setStatus] = useState(category?.status ?? true);
  const [position, setPosition] = useState(category ? String(category.position) : '');
  const fieldErrors = useFieldErrors();

  const save = useMutation({
    mutationFn: (input: CreateCategoryInput) =>
      category ? catalogueApi.updateCategory(category.id, input) : catalogueApi.createCategory(input),
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
    onError: fieldErrors.fromError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const input: CreateCategoryInput = { title: textInputOf(title), group_name: groupName.trim(), simple, status };
    if (category && position.trim() !== '') input.position = Number(position);
    save.mutate(input);
  };

  const setTitleIn = (lang: TextLang, value: string) => {
    setTitle((prev) => ({ ...prev, [lang]: value }));
    fieldErrors.clear(`title.${lang}`);
    fieldErrors.clear('title');
  };

  return (
    <Modal
      open
      title={category ? t('categories.editTitle') : t('categories.newTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate={false}>
        <FormErrorNotice error={save.error} isShown={(k) => SHOWN.test(k)} fallback={t('errors.saveFailed')} />
        <TranslatedFields
          legend={t('fields.title')}
          value={title}
          onChange={setTitleIn}
          required
          maxLength={TITLE_MAX}
          groupError={fieldErrors.first('title')}
          errors={{ lv: fieldErrors.first('title.lv'), en: fieldErrors.first('title.en'), ru: fieldErrors.first('title.ru') }}
        />
        <TextField
          label={t('fields.groupName')}
          hint={t('categories.groupNameHint')}
          value={groupName}
          maxLength={NAME_MAX}
          error={fieldErrors.first('group_name')}
          onChange={(e) => {
            setGroupName(e.target.value);
            fieldErrors.clear('group_name');
          }}
        />
        <CheckboxField
          label={t('fields.simple')}
          checked={simple}
          error={fieldErrors.first('simple')}
          onChange={(e) => setSimple(e.target.checked)}
        />
        <CheckboxField
          label={t('fields.active')}
          checked={status}
          error={fieldErrors.first('status')}
          onChange={(e) => setStatus(e.target.checked)}
        />
        {category && (
          <TextField
            label={t('fields.position')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={position}
            error={fieldErrors.first('position')}
            onChange={(e) => {
              setPosition(e.target.value);
              fieldErrors.clear('position');
            }}
          />
        )}
      </form>
    </Modal>
  );
}
