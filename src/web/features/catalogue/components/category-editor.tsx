import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { createCategoryInput, type CreateCategoryInput } from '../../../../shared/schemas/catalogue';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { errorAt, fieldBinder, useSchemaForm } from '../../../lib/forms';
import { catalogueApi, type Category } from '../api';
import { textDraftOf, type TextDraft } from '../../../lib/translated-text';
import { TranslatedFields } from './translated-fields';
import { NAME_MAX, TITLE_MAX } from '../../../../shared/limits';

interface CategoryEditorProps {
  /** null: a new category. */
  category: Category | null;
  onClose(): void;
  onSaved(category: Category): void;
}

const SHOWN = /^(title(\.|$)|group_name$|position$|status$|simple$)/;

/** The form's values: the request's fields, the position as typed. */
interface CategoryValues {
  title: TextDraft;
  group_name: string;
  simple: boolean;
  status: boolean;
  position: string;
}

/** The request schema, reached from what the form holds: a position is sent only when editing and given. */
const categoryForm = (editing: boolean) =>
  z
    .custom<CategoryValues>()
    .transform(({ position, ...rest }): z.input<typeof createCategoryInput> => ({
      ...rest,
      ...(editing && position.trim() !== '' ? { position: Number(position) } : {}),
    }))
    .pipe(createCategoryInput);

/** Create or edit a category: title per language, group, flags, and position (editing only). */
export function CategoryEditor({ category, onClose, onSaved }: CategoryEditorProps) {
  const { t } = useTranslation('catalogue');
  const schema = useMemo(() => categoryForm(category !== null), [category]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      title: textDraftOf(category?.title),
      group_name: category?.group_name ?? '',
      simple: category?.simple ?? false,
      status: category?.status ?? true,
      position: category ? String(category.position) : '',
    },
  });
  const field = fieldBinder(form);
  const save = useEditorSave(
    (input: CreateCategoryInput) => (category ? catalogueApi.updateCategory(category.id, input) : catalogueApi.createCategory(input)),
    onSaved,
    { form, shown: SHOWN },
  );

  return (
    <EditorModal
      title={category ? t('categories.editTitle') : t('categories.newTitle')}
      save={save}
      shownFields={SHOWN}
      onSubmit={form.handleSubmit(save.submit, save.clearError)}
      onClose={onClose}
    >
      <TranslatedFields
        legend={t('fields.title')}
        field={(lang) => field(`title.${lang}`)}
        required
        maxLength={TITLE_MAX}
        groupError={errorAt(form.formState.errors, 'title')}
      />
      <TextField label={t('fields.groupName')} hint={t('categories.groupNameHint')} maxLength={NAME_MAX} {...field('group_name')} />
      <CheckboxField label={t('fields.simple')} {...field('simple')} />
      <CheckboxField label={t('fields.active')} {...field('status')} />
      {category && <TextField label={t('fields.position')} type="number" min={0} step={1} inputMode="numeric" {...field('position')} />}
    </EditorModal>
  );
}
