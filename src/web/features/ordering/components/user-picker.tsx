import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Spinner } from '../../../components/ui/spinner';
import { useSelectableUsers, type SelectableUser } from '../api';

/** Wait this long after the last keystroke before searching. */
const SEARCH_DELAY_MS = 250;

interface UserPickerProps {
  value: SelectableUser | null;
  onChange(user: SelectableUser | null): void;
  dishlistId: number | null;
  error?: string;
  disabled?: boolean;
}

/**
 * Staff: "On behalf of", a searchable list of users (WAI-ARIA combobox with a listbox). Each
 * option shows the name, phone and location.
 */
export function UserPicker({ value, onChange, dishlistId, error, disabled }: UserPickerProps) {
  const { t } = useTranslation('ordering');
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const users = useSelectableUsers(search, dishlistId, open);
  const list = users.data?.data ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const choose = (user: SelectableUser) => {
    onChange(user);
    setText('');
    setSearch('');
    setOpen(false);
  };

  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${id}-o${i}`;
  const activeIndex = Math.min(active, Math.max(0, list.length - 1));

  return (
    <div className={`field ord-user-picker ${error ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={`${id}-input`}>
        {t('userPicker.onBehalfOf')}
        <span aria-hidden="true"> *</span>
      </label>
      {value && (
        <div className="ord-user-picker__chosen">
          <UserSummary user={value} />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setOpen(true);
              inputRef.current?.focus();
            }}
          >
            {t('userPicker.changeUser')}
          </button>
        </div>
      )}
      <div className="ord-user-picker__box" hidden={Boolean(value)}>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          placeholder={t('userPicker.selectUser')}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && list.length > 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              if (list.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length);
            } else if (e.key === 'Enter') {
              if (open && list[activeIndex]) {
                e.preventDefault();
                choose(list[activeIndex]);
              }
            } else if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
        <ul
          id={listId}
          role="listbox"
          className="ord-user-picker__list"
          aria-label={t('userPicker.onBehalfOf')}
          hidden={!open || list.length === 0}
        >
          {list.map((user, i) => (
            <li
              key={user.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={`ord-user-picker__option ${i === activeIndex ? 'is-active' : ''}`}
              // mousedown, not click: it comes before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(user);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <UserSummary user={user} />
            </li>
          ))}
        </ul>
        {open && list.length === 0 && (
          <div className="ord-user-picker__list ord-user-picker__status">
            {users.isPending || users.isFetching ? <Spinner size="sm" /> : <span role="status">{t('userPicker.noUsers')}</span>}
          </div>
        )}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

function UserSummary({ user }: { user: SelectableUser }) {
  return (
    <span className="ord-user-summary">
      <span className="ord-user-summary__name">{user.name}</span>
      <span className="ord-user-summary__meta">{[user.phone, user.location?.title].filter(Boolean).join(' · ')}</span>
    </span>
  );
}
