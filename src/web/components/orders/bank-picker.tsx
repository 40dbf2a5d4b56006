import type { BankMethod } from '../../../shared/schemas/ordering';
import '../../styles/bank-picker.css';

interface BankPickerProps {
  banks: readonly BankMethod[];
  /** The chosen bank's code (null: none yet). */
  value: string | null;
  onChange(code: string): void;
  /** The group's accessible name ("Choose your bank"). */
  label: string;
  /** The radio buttons' name (one per form). */
  name: string;
  /** The bank-link consent text shown under the banks (may be empty). */
  consent?: string;
  /** The error's element id, when the choice is refused. */
  errorId?: string;
}

/** The banks to pay through, as logos with names: one radio group (the checkout and the standing-order form). */
export function BankPicker({ banks, value, onChange, label, name, consent, errorId }: BankPickerProps) {
  return (
    <div className="ord-banks" role="radiogroup" aria-label={label} aria-describedby={errorId}>
      {banks.map((bank) => (
        <label key={bank.code} className={`ord-bank ${value === bank.code ? 'is-chosen' : ''}`}>
          <input type="radio" name={name} value={bank.code} checked={value === bank.code} onChange={() => onChange(bank.code)} />
          <img src={bank.imageUrl} alt="" width="80" height="32" loading="lazy" />
          <span className="ord-bank__name">{bank.name}</span>
        </label>
      ))}
      {consent && <p className="ord-pay__consent">{consent}</p>}
    </div>
  );
}
