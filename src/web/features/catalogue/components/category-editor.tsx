import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateCategoryInput } from '../../../../shared/schemas/catalogue';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { CheckboxField, TextField } from '../../../components/ui/field';
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
  const [title, setTitle] = useState<TextDraft>(textDraftOf(category?.title));
  const [groupName, setGroupName] = useState(category?.group_name ?? '');
  const [simple, setSimple] = useState(category?.simple ?? false);
  const [status, setStatus] = useState(category?.status ?? true);
  const [position, setPosition] = useState(category ? String(category.position) : '');
  const save = useEditorSave(
    (input: CreateCategoryInput) => (category ? catalogueApi.updateCategory(category.id, input) : catalogueApi.createCategory(input)),
    onSaved,
  );
  const { fieldErrors } = save;

  const submit = () => {
    const input: CreateCategoryInput = { title: textInputOf(title), group_name: groupName.trim(), simple, status };
    if (category && position.trim() !== '') input.position = Number(position);
    save.submit(input);
  };

  const setTitleIn = (lang: TextLang, value: string) => {
    setTitle((prev) => ({ ...prev, [lang]: value }));
    fieldErrors.clear(`title.${lang}`);
    fieldErrors.clear('title');
  };

  return (
    <EditorModal
      title={category ? t('categories.editTitle') : t('categories.newTitle')}
      save={save}
      shownFields={SHOWN}
      onSubmit={submit}
      onClose={onClose}
    >
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
    </EditorModal>
  );
}
