import { useCallback, useEffect, useEffectEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import '../../styles/ui-extras.css';

export interface SearchBoxProps {
  /** The search in effect (e.g. from the address). */
  value: string;
  /** Called with the new text after typing pauses (and at once on Enter). */
  onSearch(text: string): void;
  /** Accessible name, also shown as the visible label when `showLabel`. */
  label: string;
  placeholder?: string;
  showLabel?: boolean;
  delay?: number;
  className?: string;
}

/** A search field that waits for a pause in typing before searching. */
export function SearchBox({ value, onSearch, label, placeholder, showLabel = false, delay = 300, className }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const searchLater = useEffectEvent((t: string) => onSearch(t));

  // Follow outside changes (back button, cleared filters).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => searchLater(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, value, delay]);

  return (
    <div role="search" className={`search-box ${className ?? ''}`}>
      <label htmlFor={id} className={showLabel ? 'field__label' : 'visually-hidden'}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input search-box__input"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch(text.trim());
          }
        }}
      />
    </div>
  );
}

/** `?search=` in the address; setting it goes back to page 1. */
export function useUrlSearch(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const setSearch = useCallback(
    (text: string) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (text) p.set('search', text);
          else p.delete('search');
          p.delete('page');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [search, setSearch];
}
